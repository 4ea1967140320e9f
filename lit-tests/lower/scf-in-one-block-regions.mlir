// --convert-scf-to-cf lowers an scf op only where its blocks can join a CFG: in a function's
// body, or in the regions of scf ops lowered with it. Inside the one-block body of another op
// (linalg.generic's payload, weir.loop's body) the scf op stays, so the output verifies
// (found by a review: the pass split those bodies into blocks, which their verifiers reject,
// as mlir-opt 22's pass does: "'linalg.generic' op expects to have 1 region with 1 block").
// RUN: cf-opt %s --convert-scf-to-cf | FileCheck %s
// RUN: cf-opt %s --convert-scf-to-cf | cf-opt | FileCheck %s
// After --convert-weir-to-scf the loop's body is a function's CFG: nothing scf is left there.
// RUN: cf-opt %s --convert-weir-to-scf --convert-scf-to-cf | FileCheck %s --check-prefix=LOWERED
// cf-run: the payload's scf.if is a located error of the JIT, not invalid IR.
// RUN: not cf-run %s -e payload --arg 'dense<[1, -2]> : tensor<2xi32>' --arg '2 : i32' 2>&1 | FileCheck %s --check-prefix=JIT

// CHECK-LABEL: func.func @payload
// CHECK: linalg.generic
// CHECK: scf.if
// CHECK: arith.divsi
// CHECK: linalg.yield
// JIT-NOT: expects to have 1 region with 1 block
// JIT: scf-in-one-block-regions.mlir:[[# @LINE + 7]]:10: error: cf-run: unsupported operation 'scf.if' in the JIT
func.func @payload(%x: tensor<2xi32>, %d: i32) -> tensor<2xi32> {
  %e = tensor.empty() : tensor<2xi32>
  %z = arith.constant 0 : i32
  %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<2xi32>) outs(%e : tensor<2xi32>) {
  ^bb0(%in: i32, %out: i32):
    %neg = arith.cmpi slt, %in, %z : i32
    %v = scf.if %neg -> (i32) {
      %n = arith.subi %z, %in : i32
      scf.yield %n : i32
    } else {
      %m = arith.divsi %in, %d : i32
      scf.yield %m : i32
    }
    linalg.yield %v : i32
  } -> tensor<2xi32>
  return %g : tensor<2xi32>
}

// CHECK-LABEL: func.func @loop_body
// CHECK: weir.loop
// CHECK: scf.if
// CHECK: weir.yield
// The scf.for around the weir.loop is lowered; the scf.if in the loop's body is not.
// CHECK-NOT: scf.for
// LOWERED-LABEL: func.func @loop_body
// LOWERED-NOT: scf.
// LOWERED: return
func.func @loop_body(%n: i64, %d: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %one) -> (i32) {
    %w = weir.loop max(%n : i64) iter_args(%acc) -> (i32) {
    ^bb0(%it: i64, %cond: i1, %x: i32):
      %zero = arith.constant 0 : i32
      %nz = arith.cmpi ne, %d, %zero : i32
      %y = scf.if %nz -> (i32) {
        %q = arith.divsi %x, %d : i32
        scf.yield %q : i32
      } else {
        scf.yield %x : i32
      }
      weir.yield %cond, %y : i1, i32
    }
    scf.yield %w : i32
  }
  return %r : i32
}
