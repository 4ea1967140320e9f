// cmpf of sitofp/uitofp x with a constant -> cmpi on x, or a constant (issue 8; MLIR
// CmpFIntToFPConst). Only when the float type holds every value of x exactly. The CHECK lines are
// mlir-opt 22's --canonicalize output for this file, except for the i64 case (see there).
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-opt %s --canonicalize | cf-opt --canonicalize | FileCheck %s
//
// Values by hand, results 0-7: 3 <= 0, 3 > -4.5, 3 >= 3.25, -7 != 2.5, -7 < 2.5, -7 == 40000,
// ord, 1 == 1.0 -> 0 1 0 1 1 0 1 1; with (4, 2, 0): 0 1 1 1 1 0 1 0; with (0, 3, -1): 1 1 0 1 0 0 1 0.
// RUN: cf-run %s -e cmpf_of_int --arg '3 : i32' --arg '-7 : i16' --arg '1 : i64' | FileCheck %s --check-prefix=V1
// RUN: cf-opt %s --canonicalize | cf-run - -e cmpf_of_int --arg '3 : i32' --arg '-7 : i16' --arg '1 : i64' | FileCheck %s --check-prefix=V1
// RUN: cf-run %s -e cmpf_of_int --arg '4 : i32' --arg '2 : i16' --arg '0 : i64' | FileCheck %s --check-prefix=V2
// RUN: cf-opt %s --canonicalize | cf-run - -e cmpf_of_int --arg '4 : i32' --arg '2 : i16' --arg '0 : i64' | FileCheck %s --check-prefix=V2
// RUN: cf-run %s -e cmpf_of_int --arg '0 : i32' --arg '3 : i16' --arg '-1 : i64' | FileCheck %s --check-prefix=V3
// RUN: cf-opt %s --canonicalize | cf-run - -e cmpf_of_int --arg '0 : i32' --arg '3 : i16' --arg '-1 : i64' | FileCheck %s --check-prefix=V3
// V1: {{^}}0{{$}}
// V1-NEXT: {{^}}1{{$}}
// V1-NEXT: {{^}}0{{$}}
// V1-NEXT: {{^}}1{{$}}
// V1-NEXT: {{^}}1{{$}}
// V1-NEXT: {{^}}0{{$}}
// V1-NEXT: {{^}}1{{$}}
// V1-NEXT: {{^}}1{{$}}
// V2: {{^}}0{{$}}
// V2-NEXT: {{^}}1{{$}}
// V2-NEXT: {{^}}1{{$}}
// V2-NEXT: {{^}}1{{$}}
// V2-NEXT: {{^}}1{{$}}
// V2-NEXT: {{^}}0{{$}}
// V2-NEXT: {{^}}1{{$}}
// V2-NEXT: {{^}}0{{$}}
// V3: {{^}}1{{$}}
// V3-NEXT: {{^}}1{{$}}
// V3-NEXT: {{^}}0{{$}}
// V3-NEXT: {{^}}1{{$}}
// V3-NEXT: {{^}}0{{$}}
// V3-NEXT: {{^}}0{{$}}
// V3-NEXT: {{^}}1{{$}}
// V3-NEXT: {{^}}0{{$}}

// Weir differs: mlir-opt 22 also rewrites the i64 -> f64 comparison (`cmpi eq, %z, 1`); Weir
// leaves conversions that may round alone.
// CHECK-LABEL: func.func @cmpf_of_int(
// CHECK-SAME: %[[X:.*]]: i32, %[[Y:.*]]: i16, %[[Z:.*]]: i64)
// CHECK-DAG: %[[FALSE:.*]] = arith.constant false
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i16
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : i32
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// CHECK: %[[H:.*]] = arith.sitofp %[[Z]] : i64 to f64
// CHECK-NEXT: %[[R0:.*]] = arith.cmpi ule, %[[X]], %[[C0]] : i32
// CHECK-NEXT: %[[R2:.*]] = arith.cmpi ugt, %[[X]], %[[C3]] : i32
// CHECK-NEXT: %[[R4:.*]] = arith.cmpi sle, %[[Y]], %[[C2]] : i16
// CHECK-NEXT: %[[R7:.*]] = arith.cmpf oeq, %[[H]], %[[ONE]] : f64
// CHECK-NEXT: return %[[R0]], %[[TRUE]], %[[R2]], %[[TRUE]], %[[R4]], %[[FALSE]], %[[TRUE]], %[[R7]] :
func.func @cmpf_of_int(%x: i32, %y: i16, %z: i64) -> (i1, i1, i1, i1, i1, i1, i1, i1) {
  %f = arith.uitofp %x : i32 to f64
  %g = arith.sitofp %y : i16 to f32
  %h = arith.sitofp %z : i64 to f64
  %c0 = arith.constant 0.0 : f64
  %cm = arith.constant -4.5 : f64
  %c3 = arith.constant 3.25 : f64
  %c25 = arith.constant 2.5 : f32
  %cbig = arith.constant 40000.0 : f32
  %c1 = arith.constant 1.0 : f64
  %0 = arith.cmpf ole, %f, %c0 : f64
  %1 = arith.cmpf ugt, %f, %cm : f64
  %2 = arith.cmpf oge, %f, %c3 : f64
  %3 = arith.cmpf one, %g, %c25 : f32
  %4 = arith.cmpf olt, %g, %c25 : f32
  %5 = arith.cmpf ueq, %g, %cbig : f32
  %6 = arith.cmpf ord, %g, %c25 : f32
  %7 = arith.cmpf oeq, %h, %c1 : f64
  return %0, %1, %2, %3, %4, %5, %6, %7 : i1, i1, i1, i1, i1, i1, i1, i1
}
