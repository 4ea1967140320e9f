// Every math op run by the JIT (issue 8): one result per case, in order. The expected values
// are computed independently by scripts/gen-math-run (glibc's libm through Python's ctypes for
// the libm functions, exact arithmetic for the others; see the script), printed as cf-run prints.
// The canonicalized run checks that the folders agree with the JIT where they fold. Cross-checked
// with mlir-runner 22 (--convert-math-to-funcs --convert-math-to-libm --convert-to-llvm): f64 and
// f32 fpowi(1.1, 10), cbrt(27.0) = 3.0000000000000004 (glibc's cbrt), tanh(0.5), rsqrt(2.0).
// RUN: cf-run %s | FileCheck %s
// RUN: cf-opt %s --canonicalize | cf-run - | FileCheck %s
// RUN: not cf-run %s -e ipowi_zero_negative 2>&1 | FileCheck %s --check-prefix=FAULT
// FAULT: integer division by zero ('math.ipowi' of 0 to a negative power)
// CHECK: {{^}}2.718281828459045{{$}}
// CHECK-NEXT: {{^}}2.7182817{{$}}
// CHECK-NEXT: {{^}}inf{{$}}
// CHECK-NEXT: {{^}}1.4142135623730951{{$}}
// CHECK-NEXT: {{^}}0.125{{$}}
// CHECK-NEXT: {{^}}0.000000000100000000005{{$}}
// CHECK-NEXT: {{^}}1.7182817{{$}}
// CHECK-NEXT: {{^}}0.6931471805599453{{$}}
// CHECK-NEXT: {{^}}2.3025851{{$}}
// CHECK-NEXT: {{^}}nan{{$}}
// CHECK-NEXT: {{^}}-inf{{$}}
// CHECK-NEXT: {{^}}1.584962500721156{{$}}
// CHECK-NEXT: {{^}}3.0{{$}}
// CHECK-NEXT: {{^}}0.00000000009999999999500001{{$}}
// CHECK-NEXT: {{^}}0.4054651{{$}}
// CHECK-NEXT: {{^}}0.46211715726000974{{$}}
// CHECK-NEXT: {{^}}-1.0{{$}}
// CHECK-NEXT: {{^}}0.8414709848078965{{$}}
// CHECK-NEXT: {{^}}0.84147096{{$}}
// CHECK-NEXT: {{^}}0.5403023058681398{{$}}
// CHECK-NEXT: {{^}}0.8623189{{$}}
// CHECK-NEXT: {{^}}1.5574077246549023{{$}}
// CHECK-NEXT: {{^}}-0.5463025{{$}}
// CHECK-NEXT: {{^}}0.7853981633974483{{$}}
// CHECK-NEXT: {{^}}-1.5707964{{$}}
// CHECK-NEXT: {{^}}0.5204998778130465{{$}}
// CHECK-NEXT: {{^}}-0.96610516{{$}}
// CHECK-NEXT: {{^}}3.0000000000000004{{$}}
// CHECK-NEXT: {{^}}1.2599210498948734{{$}}
// CHECK-NEXT: {{^}}-2.0{{$}}
// CHECK-NEXT: {{^}}2.356194490192345{{$}}
// CHECK-NEXT: {{^}}-3.1415927{{$}}
// CHECK-NEXT: {{^}}1.4142135623730951{{$}}
// CHECK-NEXT: {{^}}1024.0{{$}}
// CHECK-NEXT: {{^}}nan{{$}}
// CHECK-NEXT: {{^}}1.4142135623730951{{$}}
// CHECK-NEXT: {{^}}1.4142135{{$}}
// CHECK-NEXT: {{^}}nan{{$}}
// CHECK-NEXT: {{^}}0.7071067811865475{{$}}
// CHECK-NEXT: {{^}}0.70710677{{$}}
// CHECK-NEXT: {{^}}inf{{$}}
// CHECK-NEXT: {{^}}0.00000000000000005551115123125783{{$}}
// CHECK-NEXT: {{^}}3.25{{$}}
// CHECK-NEXT: {{^}}-3.0{{$}}
// CHECK-NEXT: {{^}}-2.0{{$}}
// CHECK-NEXT: {{^}}-2.0{{$}}
// CHECK-NEXT: {{^}}2.0{{$}}
// CHECK-NEXT: {{^}}4.0{{$}}
// CHECK-NEXT: {{^}}-3.0{{$}}
// CHECK-NEXT: {{^}}0.5{{$}}
// CHECK-NEXT: {{^}}3.0{{$}}
// CHECK-NEXT: {{^}}-1.0{{$}}
// CHECK-NEXT: {{^}}3.0{{$}}
// CHECK-NEXT: {{^}}-0.30103{{$}}
// CHECK-NEXT: {{^}}0.5210953054937474{{$}}
// CHECK-NEXT: {{^}}-10.017875{{$}}
// CHECK-NEXT: {{^}}1.5430806348152437{{$}}
// CHECK-NEXT: {{^}}1.0314131{{$}}
// CHECK-NEXT: {{^}}0.5235987755982989{{$}}
// CHECK-NEXT: {{^}}nan{{$}}
// CHECK-NEXT: {{^}}2.0943951023931957{{$}}
// CHECK-NEXT: {{^}}0.7227343{{$}}
// CHECK-NEXT: {{^}}1.8184464592320668{{$}}
// CHECK-NEXT: {{^}}1.8184465{{$}}
// CHECK-NEXT: {{^}}1.566799236972411{{$}}
// CHECK-NEXT: {{^}}nan{{$}}
// CHECK-NEXT: {{^}}0.5493061443340548{{$}}
// CHECK-NEXT: {{^}}inf{{$}}
// CHECK-NEXT: {{^}}1.842700792949715{{$}}
// CHECK-NEXT: {{^}}1.8427007{{$}}
// CHECK-NEXT: {{^}}0.125{{$}}
// CHECK-NEXT: {{^}}2.593742460100002{{$}}
// CHECK-NEXT: {{^}}2.593743{{$}}
// CHECK-NEXT: {{^}}-32.0{{$}}
// CHECK-NEXT: {{^}}1.0{{$}}
// CHECK-NEXT: {{^}}243{{$}}
// CHECK-NEXT: {{^}}-2147483648{{$}}
// CHECK-NEXT: {{^}}-1{{$}}
// CHECK-NEXT: {{^}}0{{$}}
// CHECK-NEXT: {{^}}-13{{$}}
// CHECK-NEXT: {{^}}4052555153018976267{{$}}
// CHECK-NEXT: {{^}}-9223372036854775808{{$}}
// CHECK-NEXT: {{^}}5{{$}}
// CHECK-NEXT: {{^}}-2147483648{{$}}
// CHECK-NEXT: {{^}}-128{{$}}
// CHECK-NEXT: {{^}}7{{$}}

func.func @main() -> (f64, f32, f32, f64, f32, f64, f32, f64, f32, f64, f64, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f64, f32, f64, f32, f64, f32, f64, f64, f32, f64, f64, f32, f64, f64, f32, f64, f32, f64, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f64, f32, f64, f32, i32, i32, i32, i32, i8, i64, index, i32, i32, i8, index) {
  %c0_0 = arith.constant 1.00000000000000000e+00 : f64
  %r0 = math.exp %c0_0 : f64
  %c1_0 = arith.constant 1.00000000000000000e+00 : f32
  %r1 = math.exp %c1_0 : f32
  %c2_0 = arith.constant 1.00000000000000000e+02 : f32
  %r2 = math.exp %c2_0 : f32
  %c3_0 = arith.constant 5.00000000000000000e-01 : f64
  %r3 = math.exp2 %c3_0 : f64
  %c4_0 = arith.constant -3.00000000000000000e+00 : f32
  %r4 = math.exp2 %c4_0 : f32
  %c5_0 = arith.constant 1.00000000000000004e-10 : f64
  %r5 = math.expm1 %c5_0 : f64
  %c6_0 = arith.constant 1.00000000000000000e+00 : f32
  %r6 = math.expm1 %c6_0 : f32
  %c7_0 = arith.constant 2.00000000000000000e+00 : f64
  %r7 = math.log %c7_0 : f64
  %c8_0 = arith.constant 1.00000000000000000e+01 : f32
  %r8 = math.log %c8_0 : f32
  %c9_0 = arith.constant -1.00000000000000000e+00 : f64
  %r9 = math.log %c9_0 : f64
  %c10_0 = arith.constant 0.00000000000000000e+00 : f64
  %r10 = math.log %c10_0 : f64
  %c11_0 = arith.constant 3.00000000000000000e+00 : f64
  %r11 = math.log2 %c11_0 : f64
  %c12_0 = arith.constant 8.00000000000000000e+00 : f32
  %r12 = math.log2 %c12_0 : f32
  %c13_0 = arith.constant 1.00000000000000004e-10 : f64
  %r13 = math.log1p %c13_0 : f64
  %c14_0 = arith.constant 5.00000000000000000e-01 : f32
  %r14 = math.log1p %c14_0 : f32
  %c15_0 = arith.constant 5.00000000000000000e-01 : f64
  %r15 = math.tanh %c15_0 : f64
  %c16_0 = arith.constant -2.00000000000000000e+01 : f32
  %r16 = math.tanh %c16_0 : f32
  %c17_0 = arith.constant 1.00000000000000000e+00 : f64
  %r17 = math.sin %c17_0 : f64
  %c18_0 = arith.constant 1.00000000000000000e+00 : f32
  %r18 = math.sin %c18_0 : f32
  %c19_0 = arith.constant 1.00000000000000000e+00 : f64
  %r19 = math.cos %c19_0 : f64
  %c20_0 = arith.constant 1.00000000000000000e+02 : f32
  %r20 = math.cos %c20_0 : f32
  %c21_0 = arith.constant 1.00000000000000000e+00 : f64
  %r21 = math.tan %c21_0 : f64
  %c22_0 = arith.constant -5.00000000000000000e-01 : f32
  %r22 = math.tan %c22_0 : f32
  %c23_0 = arith.constant 1.00000000000000000e+00 : f64
  %r23 = math.atan %c23_0 : f64
  %c24_0 = arith.constant -1.00000000000000002e+30 : f32
  %r24 = math.atan %c24_0 : f32
  %c25_0 = arith.constant 5.00000000000000000e-01 : f64
  %r25 = math.erf %c25_0 : f64
  %c26_0 = arith.constant -1.50000000000000000e+00 : f32
  %r26 = math.erf %c26_0 : f32
  %c27_0 = arith.constant 2.70000000000000000e+01 : f64
  %r27 = math.cbrt %c27_0 : f64
  %c28_0 = arith.constant 2.00000000000000000e+00 : f64
  %r28 = math.cbrt %c28_0 : f64
  %c29_0 = arith.constant -8.00000000000000000e+00 : f32
  %r29 = math.cbrt %c29_0 : f32
  %c30_0 = arith.constant 1.00000000000000000e+00 : f64
  %c30_1 = arith.constant -1.00000000000000000e+00 : f64
  %r30 = math.atan2 %c30_0, %c30_1 : f64
  %c31_0 = arith.constant -0.00000000000000000e+00 : f32
  %c31_1 = arith.constant -1.00000000000000000e+00 : f32
  %r31 = math.atan2 %c31_0, %c31_1 : f32
  %c32_0 = arith.constant 2.00000000000000000e+00 : f64
  %c32_1 = arith.constant 5.00000000000000000e-01 : f64
  %r32 = math.powf %c32_0, %c32_1 : f64
  %c33_0 = arith.constant 2.00000000000000000e+00 : f32
  %c33_1 = arith.constant 1.00000000000000000e+01 : f32
  %r33 = math.powf %c33_0, %c33_1 : f32
  %c34_0 = arith.constant -8.00000000000000000e+00 : f64
  %c34_1 = arith.constant 3.33333333333333315e-01 : f64
  %r34 = math.powf %c34_0, %c34_1 : f64
  %c35_0 = arith.constant 2.00000000000000000e+00 : f64
  %r35 = math.sqrt %c35_0 : f64
  %c36_0 = arith.constant 2.00000000000000000e+00 : f32
  %r36 = math.sqrt %c36_0 : f32
  %c37_0 = arith.constant -1.00000000000000000e+00 : f64
  %r37 = math.sqrt %c37_0 : f64
  %c38_0 = arith.constant 2.00000000000000000e+00 : f64
  %r38 = math.rsqrt %c38_0 : f64
  %c39_0 = arith.constant 2.00000000000000000e+00 : f32
  %r39 = math.rsqrt %c39_0 : f32
  %c40_0 = arith.constant 0.00000000000000000e+00 : f64
  %r40 = math.rsqrt %c40_0 : f64
  %c41_0 = arith.constant 1.00000000000000006e-01 : f64
  %c41_1 = arith.constant 1.00000000000000000e+01 : f64
  %c41_2 = arith.constant -1.00000000000000000e+00 : f64
  %r41 = math.fma %c41_0, %c41_1, %c41_2 : f64
  %c42_0 = arith.constant 1.50000000000000000e+00 : f32
  %c42_1 = arith.constant 2.00000000000000000e+00 : f32
  %c42_2 = arith.constant 2.50000000000000000e-01 : f32
  %r42 = math.fma %c42_0, %c42_1, %c42_2 : f32
  %c43_0 = arith.constant -2.50000000000000000e+00 : f64
  %r43 = math.floor %c43_0 : f64
  %c44_0 = arith.constant -2.50000000000000000e+00 : f32
  %r44 = math.ceil %c44_0 : f32
  %c45_0 = arith.constant -2.70000000000000018e+00 : f64
  %r45 = math.trunc %c45_0 : f64
  %c46_0 = arith.constant 2.50000000000000000e+00 : f64
  %r46 = math.roundeven %c46_0 : f64
  %c47_0 = arith.constant 3.50000000000000000e+00 : f32
  %r47 = math.roundeven %c47_0 : f32
  %c48_0 = arith.constant 3.00000000000000000e+00 : f64
  %c48_1 = arith.constant -0.00000000000000000e+00 : f64
  %r48 = math.copysign %c48_0, %c48_1 : f64
  %c49_0 = arith.constant -5.00000000000000000e-01 : f32
  %r49 = math.absf %c49_0 : f32
  %c50_0 = arith.constant 2.50000000000000000e+00 : f64
  %r50 = math.round %c50_0 : f64
  %c51_0 = arith.constant -5.00000000000000000e-01 : f32
  %r51 = math.round %c51_0 : f32
  %c52_0 = arith.constant 1.00000000000000000e+03 : f64
  %r52 = math.log10 %c52_0 : f64
  %c53_0 = arith.constant 5.00000000000000000e-01 : f32
  %r53 = math.log10 %c53_0 : f32
  %c54_0 = arith.constant 5.00000000000000000e-01 : f64
  %r54 = math.sinh %c54_0 : f64
  %c55_0 = arith.constant -3.00000000000000000e+00 : f32
  %r55 = math.sinh %c55_0 : f32
  %c56_0 = arith.constant 1.00000000000000000e+00 : f64
  %r56 = math.cosh %c56_0 : f64
  %c57_0 = arith.constant 2.50000000000000000e-01 : f32
  %r57 = math.cosh %c57_0 : f32
  %c58_0 = arith.constant 5.00000000000000000e-01 : f64
  %r58 = math.asin %c58_0 : f64
  %c59_0 = arith.constant 2.00000000000000000e+00 : f32
  %r59 = math.asin %c59_0 : f32
  %c60_0 = arith.constant -5.00000000000000000e-01 : f64
  %r60 = math.acos %c60_0 : f64
  %c61_0 = arith.constant 7.50000000000000000e-01 : f32
  %r61 = math.acos %c61_0 : f32
  %c62_0 = arith.constant 3.00000000000000000e+00 : f64
  %r62 = math.asinh %c62_0 : f64
  %c63_0 = arith.constant 3.00000000000000000e+00 : f32
  %r63 = math.asinh %c63_0 : f32
  %c64_0 = arith.constant 2.50000000000000000e+00 : f64
  %r64 = math.acosh %c64_0 : f64
  %c65_0 = arith.constant 5.00000000000000000e-01 : f32
  %r65 = math.acosh %c65_0 : f32
  %c66_0 = arith.constant 5.00000000000000000e-01 : f64
  %r66 = math.atanh %c66_0 : f64
  %c67_0 = arith.constant 1.00000000000000000e+00 : f32
  %r67 = math.atanh %c67_0 : f32
  %c68_0 = arith.constant -1.00000000000000000e+00 : f64
  %r68 = math.erfc %c68_0 : f64
  %c69_0 = arith.constant -1.00000000000000000e+00 : f32
  %r69 = math.erfc %c69_0 : f32
  %c70_0 = arith.constant 2.00000000000000000e+00 : f64
  %c70_1 = arith.constant -3 : i32
  %r70 = math.fpowi %c70_0, %c70_1 : f64, i32
  %c71_0 = arith.constant 1.10000000000000009e+00 : f64
  %c71_1 = arith.constant 10 : i32
  %r71 = math.fpowi %c71_0, %c71_1 : f64, i32
  %c72_0 = arith.constant 1.10000000000000009e+00 : f32
  %c72_1 = arith.constant 10 : i32
  %r72 = math.fpowi %c72_0, %c72_1 : f32, i32
  %c73_0 = arith.constant -2.00000000000000000e+00 : f64
  %c73_1 = arith.constant 5 : i32
  %r73 = math.fpowi %c73_0, %c73_1 : f64, i32
  %c74_0 = arith.constant 3.00000000000000000e+00 : f32
  %c74_1 = arith.constant 0 : i32
  %r74 = math.fpowi %c74_0, %c74_1 : f32, i32
  %c75_0 = arith.constant 3 : i32
  %c75_1 = arith.constant 5 : i32
  %r75 = math.ipowi %c75_0, %c75_1 : i32
  %c76_0 = arith.constant 2 : i32
  %c76_1 = arith.constant 31 : i32
  %r76 = math.ipowi %c76_0, %c76_1 : i32
  %c77_0 = arith.constant -1 : i32
  %c77_1 = arith.constant -3 : i32
  %r77 = math.ipowi %c77_0, %c77_1 : i32
  %c78_0 = arith.constant 5 : i32
  %c78_1 = arith.constant -2 : i32
  %r78 = math.ipowi %c78_0, %c78_1 : i32
  %c79_0 = arith.constant 3 : i8
  %c79_1 = arith.constant 5 : i8
  %r79 = math.ipowi %c79_0, %c79_1 : i8
  %c80_0 = arith.constant 3 : i64
  %c80_1 = arith.constant 39 : i64
  %r80 = math.ipowi %c80_0, %c80_1 : i64
  %c81_0 = arith.constant -2 : index
  %c81_1 = arith.constant 63 : index
  %r81 = math.ipowi %c81_0, %c81_1 : index
  %c82_0 = arith.constant -5 : i32
  %r82 = math.absi %c82_0 : i32
  %c83_0 = arith.constant -2147483648 : i32
  %r83 = math.absi %c83_0 : i32
  %c84_0 = arith.constant -128 : i8
  %r84 = math.absi %c84_0 : i8
  %c85_0 = arith.constant -7 : index
  %r85 = math.absi %c85_0 : index
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19, %r20, %r21, %r22, %r23, %r24, %r25, %r26, %r27, %r28, %r29, %r30, %r31, %r32, %r33, %r34, %r35, %r36, %r37, %r38, %r39, %r40, %r41, %r42, %r43, %r44, %r45, %r46, %r47, %r48, %r49, %r50, %r51, %r52, %r53, %r54, %r55, %r56, %r57, %r58, %r59, %r60, %r61, %r62, %r63, %r64, %r65, %r66, %r67, %r68, %r69, %r70, %r71, %r72, %r73, %r74, %r75, %r76, %r77, %r78, %r79, %r80, %r81, %r82, %r83, %r84, %r85 : f64, f32, f32, f64, f32, f64, f32, f64, f32, f64, f64, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f64, f32, f64, f32, f64, f32, f64, f64, f32, f64, f64, f32, f64, f64, f32, f64, f32, f64, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f64, f32, f64, f32, i32, i32, i32, i32, i8, i64, index, i32, i32, i8, index
}

func.func @ipowi_zero_negative() -> i32 {
  %z = arith.constant 0 : i32
  %n = arith.constant -1 : i32
  %r = math.ipowi %z, %n : i32
  return %r : i32
}
