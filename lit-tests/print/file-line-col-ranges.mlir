// File locations as MLIR 22's FileLineColRange: a line only (`"f":3`) is column 0, a range
// keeps its end (`to :9` on the start line, `to 5:9` otherwise), and a range that ends where it
// starts is that point. The CHECK lines are what mlir-opt 22 --mlir-print-debuginfo
// --mlir-print-local-scope prints for this file.
// RUN: cf-opt %s --mlir-print-debuginfo | FileCheck %s
// RUN: cf-opt %s --mlir-print-debuginfo | cf-opt --mlir-print-debuginfo | FileCheck %s

// CHECK: arith.constant 1 : i32 loc("a.mlir":3:0)
// CHECK: arith.constant 2 : i32 loc("n"("b.mlir":7:0))
// CHECK: arith.constant 3 : i32 loc("a.mlir":3:4 to :9)
// CHECK: arith.constant 4 : i32 loc("a.mlir":3:4)
// CHECK: arith.constant 5 : i32 loc("a.mlir":3:4)
// CHECK: arith.constant 6 : i32 loc("a.mlir":3:4 to 2:1)
// CHECK: return {{.*}} loc("a.mlir":5:0 to 6:0)
func.func @f() -> (i32, i32, i32, i32, i32, i32) {
  %a = arith.constant 1 : i32 loc("a.mlir":3)
  %b = arith.constant 2 : i32 loc("n"("b.mlir":7))
  %c = arith.constant 3 : i32 loc("a.mlir":3:4 to 3:9)
  %d = arith.constant 4 : i32 loc("a.mlir":3:4 to :4)
  %e = arith.constant 5 : i32 loc("a.mlir":3:4 to 3:4)
  %f = arith.constant 6 : i32 loc("a.mlir":3:4 to 2:1)
  return %a, %b, %c, %d, %e, %f : i32, i32, i32, i32, i32, i32 loc("a.mlir":5:0 to 6:0)
}
