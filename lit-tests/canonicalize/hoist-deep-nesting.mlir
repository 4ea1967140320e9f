// Constant hoisting from deep nesting (the greedy driver remembers each region's hoisting
// region for a round): equal constants at every level of nested `scf.if`s merge into one at
// the function's entry, except inside an unregistered op (it may be isolated from above),
// where they merge at the start of its region. Expected output: mlir-opt 22 --canonicalize on
// this file (identical text).
// RUN: cf-opt %s --allow-unregistered-dialect --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @deep
// CHECK-NEXT: %[[C:.*]] = arith.constant 7 : i32
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: func.call @sink(%[[C]]) : (i32) -> ()
// CHECK-NEXT: scf.if %arg1 {
// CHECK-NEXT: func.call @sink(%[[C]]) : (i32) -> ()
// CHECK-NEXT: "foo.region"() ({
// CHECK-NEXT: %[[IN:.*]] = arith.constant 7 : i32
// CHECK-NEXT: scf.if %arg2 {
// CHECK-NEXT: "foo.use"(%[[IN]]) : (i32) -> ()
// CHECK-NEXT: scf.if %arg3 {
// CHECK-NEXT: "foo.use"(%[[IN]]) : (i32) -> ()
func.func private @sink(i32)
func.func @deep(%c: i1, %d: i1, %g: i1, %h: i1) {
  scf.if %c {
    %a = arith.constant 7 : i32
    func.call @sink(%a) : (i32) -> ()
    scf.if %d {
      %b = arith.constant 7 : i32
      func.call @sink(%b) : (i32) -> ()
      "foo.region"() ({
        scf.if %g {
          %e = arith.constant 7 : i32
          "foo.use"(%e) : (i32) -> ()
          scf.if %h {
            %f = arith.constant 7 : i32
            "foo.use"(%f) : (i32) -> ()
          }
        }
        "foo.end"() : () -> ()
      }) : () -> ()
    }
  }
  return
}
