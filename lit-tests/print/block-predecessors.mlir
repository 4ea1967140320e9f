// Block headers carry mlir-opt's predecessor comments: `// pred: ^bbN` for one incoming edge,
// `// N preds: ...` for N edges (one entry per edge, so a switch or cond_br with two edges to the
// same block lists that block twice; sorted by block number), `// no predecessors` for a
// non-entry block without any. The expected text is `mlir-opt` 22's output for this file, in the
// custom and in the generic form.
// RUN: cf-opt %s | FileCheck %s
// RUN: cf-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GEN

// CHECK-LABEL: func.func @preds(%arg0: i32, %arg1: i1) -> i32 {
// CHECK-NEXT:    cf.cond_br %arg1, ^bb3, ^bb1
// CHECK-NEXT:  ^bb1:  // 2 preds: ^bb0, ^bb3{{$}}
// CHECK-NEXT:    cf.switch %arg0 : i32, [
// CHECK-NEXT:      default: ^bb2(%arg0 : i32),
// CHECK-NEXT:      0: ^bb2(%arg0 : i32),
// CHECK-NEXT:      1: ^bb3
// CHECK-NEXT:    ]
// CHECK-NEXT:  ^bb2(%0: i32):  // 2 preds: ^bb1, ^bb1{{$}}
// CHECK-NEXT:    cf.cond_br %arg1, ^bb3, ^bb3
// CHECK-NEXT:  ^bb3:  // 4 preds: ^bb0, ^bb1, ^bb2, ^bb2{{$}}
// CHECK-NEXT:    cf.br ^bb1
// CHECK-NEXT:  ^bb4:  // no predecessors{{$}}
// CHECK-NEXT:    return %arg0 : i32
// CHECK-NEXT:  }

// GEN:       ^bb0({{[^)]*}}):{{$}}
// GEN:       ^bb1:  // 2 preds: ^bb0, ^bb3{{$}}
// GEN:       ^bb2({{[^)]*}}):  // 2 preds: ^bb1, ^bb1{{$}}
// GEN:       ^bb3:  // 4 preds: ^bb0, ^bb1, ^bb2, ^bb2{{$}}
// GEN:       ^bb4:  // no predecessors{{$}}
func.func @preds(%i: i32, %b: i1) -> i32 {
  cf.cond_br %b, ^bb3, ^bb1
^bb1:
  cf.switch %i : i32, [
    default: ^bb2(%i : i32),
    0: ^bb2(%i : i32),
    1: ^bb3
  ]
^bb2(%x: i32):
  cf.cond_br %b, ^bb3, ^bb3
^bb3:
  cf.br ^bb1
^bb4:
  return %i : i32
}

// A single predecessor, with block arguments, inside a nested region (numbered per region).
// CHECK-LABEL: func.func @nested(
// CHECK:         scf.execute_region -> i32 {
// CHECK-NEXT:      cf.br ^bb1(%arg0 : i32)
// CHECK-NEXT:    ^bb1(%1: i32):  // pred: ^bb0{{$}}
// CHECK-NEXT:      scf.yield %1 : i32
// CHECK-NEXT:    }
func.func @nested(%a: i32) -> i32 {
  %r = scf.execute_region -> i32 {
    cf.br ^bb1(%a : i32)
  ^bb1(%v: i32):
    scf.yield %v : i32
  }
  return %r : i32
}
