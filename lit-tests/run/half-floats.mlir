// cf-run on f16 and bf16: scalar --arg values, arithmetic computed in f32 and rounded back to
// nearest even after every op (cf-run runs --arith-emulate-unsupported-floats first), scalar
// results printed as f32 prints the same value, tensor results as mlir-opt prints them.
// Expected values by hand (f16: 11 significand bits, largest finite 65504, smallest subnormal
// 2^-24; bf16: 8 significand bits), checked with Python's struct 'e' format (IEEE binary16,
// round half to even) for f16.
//
// 2048 + 1: the f16 neighbours of 2049 are 2048 and 2050, a tie, to the even 2048.
// RUN: cf-run %s -e add16 --arg '2048.0 : f16' --arg '1.0 : f16' | FileCheck %s --check-prefix=TIE
// TIE: {{^}}2048.0{{$}}
// 2048 + 3 = 2051: a tie between 2050 (odd significand) and 2052 (even): 2052.
// RUN: cf-run %s -e add16 --arg '2048.0 : f16' --arg '3.0 : f16' | FileCheck %s --check-prefix=TIE2
// TIE2: {{^}}2052.0{{$}}
// 65504 * 2 overflows f16 to inf.
// RUN: cf-run %s -e mul16 --arg '65504.0 : f16' --arg '2.0 : f16' | FileCheck %s --check-prefix=INF
// INF: {{^}}inf{{$}}
// Subnormals: 2^-24 * 0.5 = 2^-25, a tie between 0 and 2^-24, to the even 0; 3 * 2^-24 / 2 =
// 1.5 * 2^-24, a tie between 2^-24 and 2^-23, to 2^-23 = 1.1920929e-7.
// RUN: cf-run %s -e mul16 --arg '5.96046448e-08 : f16' --arg '0.5 : f16' | FileCheck %s --check-prefix=SUB0
// SUB0: {{^}}0.0{{$}}
// RUN: cf-run %s -e mul16 --arg '1.78813934e-07 : f16' --arg '0.5 : f16' | FileCheck %s --check-prefix=SUB1
// SUB1: {{^}}0.00000011920929{{$}}
// 1 / 3 in bf16: 1/3 = 0.0101010101...b; 8 significand bits give 1.0101011b * 2^-2 (the
// remainder 0.0101... > half rounds up) = 171/512 = 0.333984375, printed as f32 prints it.
// RUN: cf-run %s -e div16b --arg '1.0 : bf16' --arg '3.0 : bf16' | FileCheck %s --check-prefix=THIRD
// THIRD: {{^}}0.33398438{{$}}
// cmpf and select on f16 (the comparison on the extended values): 1.5 < 2.5 picks 1.5.
// RUN: cf-run %s -e min16 --arg '2.5 : f16' --arg '1.5 : f16' | FileCheck %s --check-prefix=MIN
// MIN: {{^}}1.5{{$}}
// MIN-NEXT: {{^}}1{{$}}
// A tensor<37xf16> chain (x * 2 + 1) * 0.1 with x[i] = 7.3 i (each rounded to f16), rounded
// after each op, as crates/test-support/tests/half_floats.py computes it (37 elements: not a whole number
// of vectors, though f16 kernels run element by element); 0.1 is 0.0999755859375 in f16.
// Element 1: x = 7.30078125, 2x + 1 = 15.6015625, times 0.0999755859375 = 1.55977..., to
// f16 (spacing 2^-10 in [1, 2)) 1.5595703125. The CHECK line is mlir-opt 22's printing of
// those values (APFloat's text: 0.0999755859375 prints 9.997550e-02).
// RUN: cf-run %s -e chain --arg 'dense<[0.0, 7.3, 14.6, 21.9, 29.2, 36.5, 43.8, 51.1, 58.4, 65.7, 73.0, 80.3, 87.6, 94.89999999999999, 102.2, 109.5, 116.8, 124.1, 131.4, 138.7, 146.0, 153.29999999999998, 160.6, 167.9, 175.2, 182.5, 189.79999999999998, 197.1, 204.4, 211.7, 219.0, 226.29999999999998, 233.6, 240.9, 248.2, 255.5, 262.8]> : tensor<37xf16>' | FileCheck %s --check-prefix=CHAIN
// CHAIN: dense<[9.997550e-02, 1.559570e+00, 3.019530e+00, 4.480470e+00, 5.937500e+00, 7.398430e+00, 8.859370e+00, 1.031250e+01, 1.178130e+01, 1.323440e+01, 1.469530e+01, 1.615630e+01, 1.762500e+01, 1.907810e+01, 2.053130e+01, 2.200000e+01, 2.345310e+01, 2.492190e+01, 2.637500e+01, 2.784380e+01, 2.929690e+01, 3.075000e+01, 3.221880e+01, 3.365630e+01, 3.515630e+01, 3.659380e+01, 3.803130e+01, 3.950000e+01, 4.096880e+01, 4.243750e+01, 4.387500e+01, 4.534380e+01, 4.681250e+01, 4.825000e+01, 4.975000e+01, 5.118750e+01, 5.262500e+01]> : tensor<37xf16>

func.func @add16(%a: f16, %b: f16) -> f16 {
  %0 = arith.addf %a, %b : f16
  return %0 : f16
}

func.func @mul16(%a: f16, %b: f16) -> f16 {
  %0 = arith.mulf %a, %b : f16
  return %0 : f16
}

func.func @div16b(%a: bf16, %b: bf16) -> bf16 {
  %0 = arith.divf %a, %b : bf16
  return %0 : bf16
}

func.func @min16(%a: f16, %b: f16) -> (f16, i1) {
  %lt = arith.cmpf olt, %a, %b : f16
  %m = arith.select %lt, %a, %b : f16
  %gt = arith.cmpf ogt, %a, %b : f16
  return %m, %gt : f16, i1
}

func.func @chain(%x: tensor<37xf16>) -> tensor<37xf16> {
  %two = arith.constant dense<2.0> : tensor<37xf16>
  %one = arith.constant dense<1.0> : tensor<37xf16>
  %tenth = arith.constant dense<0.1> : tensor<37xf16>
  %0 = arith.mulf %x, %two : tensor<37xf16>
  %1 = arith.addf %0, %one : tensor<37xf16>
  %2 = arith.mulf %1, %tenth : tensor<37xf16>
  return %2 : tensor<37xf16>
}
