// Name hints are scoped as MLIR's SSANameState scopes them: a region sees the names of the
// regions enclosing it (the module's %c0), not those of its siblings, so every function and
// region below reuses %c0_0. CHECK lines are mlir-opt 22's output for this file. The threaded
// printer gives the same text (tools/tests/roundtrip.rs prints every lit input both ways).
// RUN: cf-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: cf-opt %s --allow-unregistered-dialect --mlir-disable-threading | FileCheck %s

module {
  %k = arith.constant 0 : index
  func.func @a() -> index {
    %x = arith.constant 0 : index
    return %x : index
  }
  "test.region"() ({
    %y = arith.constant 0 : index
    %z = arith.addi %k, %y : index
    "test.use"(%z) : (index) -> ()
  }) : () -> ()
  func.func @b() -> index {
    %x = arith.constant 0 : index
    %w = arith.constant 0 : i32
    return %x : index
  }
}

// CHECK-LABEL: module {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   func.func @a() -> index {
// CHECK-NEXT:     %c0_0 = arith.constant 0 : index
// CHECK-NEXT:     return %c0_0 : index
// CHECK-NEXT:   }
// CHECK-NEXT:   "test.region"() ({
// CHECK-NEXT:     %c0_0 = arith.constant 0 : index
// CHECK-NEXT:     %0 = arith.addi %c0, %c0_0 : index
// CHECK-NEXT:     "test.use"(%0) : (index) -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT:   func.func @b() -> index {
// CHECK-NEXT:     %c0_0 = arith.constant 0 : index
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     return %c0_0 : index
// CHECK-NEXT:   }
// CHECK-NEXT: }
