// Cloning a CFG region whose blocks are laid out out of dominance order (issue 7, part 6):
// in the execute_region, ^bb1 uses %t, defined in ^bb2, laid out after it (valid MLIR: ^bb2
// dominates ^bb1). Full unrolling clones the body three times; every copy of the use must
// point at its own copy of %t (a clone that mapped operands in layout order kept pointing at
// the original, erased with the loop: "operand #0 has no definition").
// Value by hand: sum over i in 0..3 of (i + i) + 0 = 0 + 2 + 4 = 6.
// RUN: cf-run %s | FileCheck %s --check-prefix=VALUE
// RUN: cf-opt %s --scf-unroll=full=true | FileCheck %s
// RUN: cf-opt %s --scf-unroll=full=true | cf-run - | FileCheck %s --check-prefix=VALUE
// VALUE: {{^}}6{{$}}
// CHECK-LABEL: func.func @main
// CHECK-NOT: scf.for
// CHECK-COUNT-3: scf.execute_region
// CHECK-NOT: scf.execute_region

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %z) -> (i32) {
    %v = scf.execute_region -> i32 {
      cf.br ^bb2
    ^bb1:
      %s = arith.addi %t, %a : i32
      scf.yield %s : i32
    ^bb2:
      %ii = arith.index_cast %i : index to i32
      %t = arith.addi %ii, %ii : i32
      cf.br ^bb1
    }
    scf.yield %v : i32
  }
  return %r : i32
}
