// Location aliases (`#loc3 = loc(...)`), as mlir-opt --mlir-print-debuginfo prints them: the
// definitions after the module, used before them by whole trailing locations of ops and block
// arguments, and defined ones used anywhere (inside fused and callsite locations too). Weir
// read every alias as loc(unknown), losing each op's location. The CHECK lines are what
// mlir-opt 22 --mlir-print-debuginfo --mlir-print-local-scope prints for this file.
// RUN: cf-opt %s --mlir-print-debuginfo | FileCheck %s
// RUN: cf-opt %s --mlir-print-debuginfo | cf-opt --mlir-print-debuginfo | FileCheck %s

// CHECK: func.func @f(%arg0: i32 loc("a.mlir":1:14), %arg1: i32 loc("a.mlir":1:2)) -> i32 {
// CHECK-NEXT: arith.constant 1 : i32 loc("a.mlir":2:8)
// CHECK-NEXT: arith.addi {{.*}} loc(fused["a.mlir":2:8, "a.mlir":1:2])
// CHECK-NEXT: arith.muli {{.*}} loc(callsite("a.mlir":2:8 at "b.mlir":7:7))
// CHECK-NEXT: return {{.*}} loc("a.mlir":4:3)
// CHECK-NEXT: } loc("a.mlir":1:1)
// CHECK-NEXT: } loc("a.mlir":0:0)
#early = loc("a.mlir":1:2)
#early2 = loc("a.mlir":2:8)
module {
  func.func @f(%arg0: i32 loc(#loc2), %arg1: i32 loc(#early)) -> i32 {
    %c1_i32 = arith.constant 1 : i32 loc(#loc3)
    %0 = arith.addi %arg0, %c1_i32 : i32 loc(fused[#early2, #early])
    %1 = arith.muli %0, %arg1 : i32 loc(#loc6)
    return %1 : i32 loc(#loc5)
  } loc(#loc1)
} loc(#loc)
#loc = loc("a.mlir":0:0)
#loc1 = loc("a.mlir":1:1)
#loc2 = loc("a.mlir":1:14)
#loc3 = loc("a.mlir":2:8)
#loc4 = loc("b.mlir":7:7)
#loc5 = loc("a.mlir":4:3)
#loc6 = loc(callsite(#loc3 at #loc4))
