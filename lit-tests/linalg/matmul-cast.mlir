// linalg.matmul's `cast` attribute (MLIR TypeFn): `#linalg.type_fn<cast_unsigned>` casts the
// operands to the output element type with extui / uitofp / fptoui, `cast_signed` (the
// default) with extsi / sitofp / fptosi. The custom form keeps the attribute as mlir-opt 22
// prints it; the generic form's implicit body is the one mlir-opt 22 builds
// (`mlir-opt --mlir-print-op-generic`, arithmetic flags aside); the values are by hand.
// RUN: cf-opt %s | FileCheck %s
// RUN: cf-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GEN
// RUN: cf-run %s | FileCheck %s --check-prefix=VAL
// RUN: cf-opt %s --mlir-print-op-generic | cf-run - | FileCheck %s --check-prefix=VAL
// RUN: cf-run %s -e index_in | FileCheck %s --check-prefix=IDX

// CHECK: linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%{{.*}}, %{{.*}} : tensor<2x3xi8>, tensor<3x2xi8>) outs(%{{.*}} : tensor<2x2xi32>) -> tensor<2x2xi32>
// CHECK: linalg.matmul {cast = #linalg.type_fn<cast_signed>} ins(
// CHECK: linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(
// CHECK: linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(

// GEN: "arith.extui"(%{{.*}}) : (i8) -> i32
// GEN-NEXT: "arith.extui"(%{{.*}}) : (i8) -> i32
// GEN-NEXT: "arith.muli"
// GEN: "arith.extsi"(%{{.*}}) : (i8) -> i32
// GEN-NEXT: "arith.extsi"(%{{.*}}) : (i8) -> i32
// GEN: "arith.uitofp"(%{{.*}}) : (i8) -> f32
// GEN-NEXT: "arith.uitofp"(%{{.*}}) : (i8) -> f32
// GEN-NEXT: "arith.mulf"
// GEN: "arith.fptoui"(%{{.*}}) : (f32) -> i8
// GEN-NEXT: "arith.fptoui"(%{{.*}}) : (f32) -> i8
// GEN-NEXT: "arith.muli"

// By hand. As unsigned, a = [[255, 2, 128], [3, 254, 1]], b = [[1, 255], [2, 0], [253, 1]]:
// u = [[255 + 4 + 32384, 65025 + 0 + 128], [3 + 508 + 253, 765 + 0 + 1]]
//   = [[32643, 65153], [764, 766]].
// As signed, a = [[-1, 2, -128], [3, -2, 1]], b = [[1, -1], [2, 0], [-3, 1]]:
// s = [[-1 + 4 + 384, 1 + 0 - 128], [3 - 4 - 3, -3 + 0 + 1]] = [[387, -127], [-4, -2]].
// f is u in f32 (all exact). q: fptoui gives [[200, 3]] and [[1, 0], [1, 1]] in i8;
// q = [[200 + 3, 0 + 3]] = [[203, 3]], and 203 wraps to -53 in i8.
// VAL: dense<{{\[\[}}32643, 65153], [764, 766]]> : tensor<2x2xi32>
// VAL-NEXT: dense<{{\[\[}}387, -127], [-4, -2]]> : tensor<2x2xi32>
// VAL-NEXT: dense<{{\[\[}}3.264300e+04, 6.515300e+04], [7.640000e+02, 7.660000e+02]]> : tensor<2x2xf32>
// VAL-NEXT: dense<{{\[\[}}-53, 3]]> : tensor<1x2xi8>
func.func @main() -> (tensor<2x2xi32>, tensor<2x2xi32>, tensor<2x2xf32>, tensor<1x2xi8>) {
  %a = arith.constant dense<[[-1, 2, -128], [3, -2, 1]]> : tensor<2x3xi8>
  %b = arith.constant dense<[[1, -1], [2, 0], [-3, 1]]> : tensor<3x2xi8>
  %z = arith.constant dense<0> : tensor<2x2xi32>
  %zf = arith.constant dense<0.0> : tensor<2x2xf32>
  %u = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<2x3xi8>, tensor<3x2xi8>) outs(%z : tensor<2x2xi32>) -> tensor<2x2xi32>
  %s = linalg.matmul {cast = #linalg.type_fn<cast_signed>} ins(%a, %b : tensor<2x3xi8>, tensor<3x2xi8>) outs(%z : tensor<2x2xi32>) -> tensor<2x2xi32>
  %f = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<2x3xi8>, tensor<3x2xi8>) outs(%zf : tensor<2x2xf32>) -> tensor<2x2xf32>
  %g = arith.constant dense<[[200.0, 3.0]]> : tensor<1x2xf32>
  %h = arith.constant dense<[[1.0, 0.0], [1.0, 1.0]]> : tensor<2x2xf32>
  %zi = arith.constant dense<0> : tensor<1x2xi8>
  %q = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%g, %h : tensor<1x2xf32>, tensor<2x2xf32>) outs(%zi : tensor<1x2xi8>) -> tensor<1x2xi8>
  return %u, %s, %f, %q : tensor<2x2xi32>, tensor<2x2xi32>, tensor<2x2xf32>, tensor<1x2xi8>
}

// index operands into an i32 output: arith.index_cast (MLIR's castToType, signed or not).
// By hand: index_cast(4294967299) = 3 in i32; 1 + 3 * 5 + 2 * -1 = 14.
// GEN: "arith.index_cast"(%{{.*}}) : (index) -> i32
// GEN-NEXT: "arith.index_cast"(%{{.*}}) : (index) -> i32
// IDX: dense<14> : tensor<1x1xi32>
func.func @index_in() -> tensor<1x1xi32> {
  %a = arith.constant dense<[[4294967299, 2]]> : tensor<1x2xindex>
  %b = arith.constant dense<[[5], [-1]]> : tensor<2x1xindex>
  %z = arith.constant dense<1> : tensor<1x1xi32>
  %u = linalg.matmul ins(%a, %b : tensor<1x2xindex>, tensor<2x1xindex>) outs(%z : tensor<1x1xi32>) -> tensor<1x1xi32>
  return %u : tensor<1x1xi32>
}
