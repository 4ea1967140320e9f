// math.isnan, math.isinf, math.isfinite and math.isnormal in cf-run (both backends run this
// file) on f32, f16, bf16 and f64, read from the bits of the stored format: an f16 below
// 2^-14 (6.1035156e-05) is subnormal, so not normal, although it would be normal in f32 (the
// JIT does not widen it first; upstream's --math-extend-to-supported-types would). Expected
// values by hand (IEEE 754 classes); NumPy agrees on the tensor case:
// np.isfinite(x) & (abs(x) >= np.finfo(np.float16).tiny) and np.isnan(x).
// Each @cls result row: isnan, isinf, isfinite, isnormal of x (f32), h (f16), g (bf16), d (f64).
// RUN: cf-run %s -e cls --arg '1.0e-40 : f32' --arg '1.0e-5 : f16' --arg '0x0001 : bf16' --arg '0x7FF8000000000000 : f64' | FileCheck %s --check-prefix=A
// RUN: cf-run %s -e cls --arg '0x7F800000 : f32' --arg '0xFC00 : f16' --arg '1.0 : bf16' --arg '-2.5 : f64' | FileCheck %s --check-prefix=B
// RUN: cf-run %s -e tensor --arg 'dense<[1.0e-5, 1.0, 0x7E00, 0x7C00, 6.1035156e-05]> : tensor<5xf16>' | FileCheck %s --check-prefix=T
// RUN: cf-opt %s --canonicalize | FileCheck %s --check-prefix=FOLDED
// A-COUNT-2: {{^}}0{{$}}
// A-NEXT: {{^}}1{{$}}
// A-NEXT: {{^}}0{{$}}
// A-COUNT-2: {{^}}0{{$}}
// A-NEXT: {{^}}1{{$}}
// A-NEXT: {{^}}0{{$}}
// A-COUNT-2: {{^}}0{{$}}
// A-NEXT: {{^}}1{{$}}
// A-NEXT: {{^}}0{{$}}
// A-NEXT: {{^}}1{{$}}
// A-COUNT-3: {{^}}0{{$}}
// A-NOT: {{.}}
// B: {{^}}0{{$}}
// B-NEXT: {{^}}1{{$}}
// B-COUNT-3: {{^}}0{{$}}
// B-NEXT: {{^}}1{{$}}
// B-COUNT-4: {{^}}0{{$}}
// B-COUNT-2: {{^}}1{{$}}
// B-COUNT-2: {{^}}0{{$}}
// B-COUNT-2: {{^}}1{{$}}
// B-NOT: {{.}}
// T: dense<[false, true, false, false, true]> : tensor<5xi1>
// T-NEXT: dense<[false, false, true, false, false]> : tensor<5xi1>
// T-NEXT: dense<[false, false, false, true, false]> : tensor<5xi1>
// The folds of scalar constants (as mlir-opt 22's --canonicalize: isnan of a NaN is true, its
// other classes false; the f16 subnormal is not normal):
// FOLDED-LABEL: func.func @consts
// FOLDED-NOT: math.
// FOLDED: return %true, %false, %false, %false, %false, %true : i1, i1, i1, i1, i1, i1
// A splat folds to a splat, other dense constants are left to run time (as upstream):
// FOLDED-LABEL: func.func @splats
// FOLDED-DAG: arith.constant dense<true> : tensor<3xi1>
// FOLDED-DAG: arith.constant dense<false> : tensor<2xi1>
// FOLDED-DAG: math.isfinite %{{.*}} : tensor<2xf32>
// FOLDED-NOT: math.isn
// FOLDED: return
func.func @cls(%x: f32, %h: f16, %g: bf16, %d: f64) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %0 = math.isnan %x : f32
  %1 = math.isinf %x : f32
  %2 = math.isfinite %x : f32
  %3 = math.isnormal %x : f32
  %4 = math.isnan %h : f16
  %5 = math.isinf %h : f16
  %6 = math.isfinite %h : f16
  %7 = math.isnormal %h : f16
  %8 = math.isnan %g : bf16
  %9 = math.isinf %g : bf16
  %10 = math.isfinite %g : bf16
  %11 = math.isnormal %g {fastmath = #arith.fastmath<nnan>} : bf16
  %12 = math.isnan %d : f64
  %13 = math.isinf %d : f64
  %14 = math.isfinite %d : f64
  %15 = math.isnormal %d : f64
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}

func.func @tensor(%x: tensor<5xf16>) -> (tensor<5xi1>, tensor<5xi1>, tensor<5xi1>) {
  %0 = math.isnormal %x : tensor<5xf16>
  %1 = math.isnan %x : tensor<5xf16>
  %2 = math.isinf %x : tensor<5xf16>
  return %0, %1, %2 : tensor<5xi1>, tensor<5xi1>, tensor<5xi1>
}

func.func @consts() -> (i1, i1, i1, i1, i1, i1) {
  %nan = arith.constant 0x7FC00000 : f32
  %sub = arith.constant 1.0e-5 : f16
  %one = arith.constant 1.0 : bf16
  %0 = math.isnan %nan : f32
  %1 = math.isinf %nan : f32
  %2 = math.isfinite %nan : f32
  %3 = math.isnormal %nan : f32
  %4 = math.isnormal %sub : f16
  %5 = math.isnormal %one : bf16
  return %0, %1, %2, %3, %4, %5 : i1, i1, i1, i1, i1, i1
}

func.func @splats() -> (tensor<3xi1>, tensor<2xi1>, tensor<2xi1>) {
  %c = arith.constant dense<0x7FC00000> : tensor<3xf32>
  %r = math.isnan %c : tensor<3xf32>
  %h = arith.constant dense<0x0001> : tensor<2xf16>
  %s = math.isnormal %h : tensor<2xf16>
  %n = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %t = math.isfinite %n : tensor<2xf32>
  return %r, %s, %t : tensor<3xi1>, tensor<2xi1>, tensor<2xi1>
}
