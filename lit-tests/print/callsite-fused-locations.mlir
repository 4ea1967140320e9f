// Call-site locations (MLIR CallSiteLoc, what upstream's inliner gives: the bridge read them
// back as an error) parse and print, and fused locations are built as MLIR's FusedLoc::get
// builds them (nested ones flattened, unknowns and repeats dropped, one left is itself, none
// is unknown). The CHECK lines are what mlir-opt 22 --mlir-print-debuginfo
// --mlir-print-local-scope prints for this file.
// RUN: cf-opt %s --mlir-print-debuginfo | FileCheck %s
// RUN: cf-opt %s --mlir-print-debuginfo | cf-opt --mlir-print-debuginfo | FileCheck %s

// CHECK: arith.constant 1 : i32 loc(callsite("a.mlir":1:2 at callsite("b.mlir":3:4 at "c.mlir":5:6)))
// CHECK: arith.constant 2 : i32 loc(callsite("n"("a.mlir":1:2) at "b.mlir":3:4))
// CHECK: arith.constant 3 : i32 loc(fused["a.mlir":1:2, "b.mlir":2:2, "c.mlir":3:3])
// CHECK: arith.constant 4 : i32 loc(unknown)
// CHECK: arith.addi {{.*}} loc(callsite("x.mlir":9:9 at "y.mlir":1:1))
func.func @f() -> (i32, i32, i32, i32) {
  %a = arith.constant 1 : i32 loc(callsite("a.mlir":1:2 at callsite("b.mlir":3:4 at "c.mlir":5:6)))
  %b = arith.constant 2 : i32 loc(callsite("n"("a.mlir":1:2) at fused["b.mlir":3:4, unknown]))
  %c = arith.constant 3 : i32 loc(fused["a.mlir":1:2, unknown, "a.mlir":1:2, fused["b.mlir":2:2, "c.mlir":3:3]])
  %d = arith.constant 4 : i32 loc(fused[unknown])
  %e = arith.addi %a, %b : i32 loc(callsite("x.mlir":9:9 at "y.mlir":1:1))
  return %e, %c, %d, %a : i32, i32, i32, i32
}
