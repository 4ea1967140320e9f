//! Round trips of the math ops against mlir-opt 22's output, and verifier/parser errors
//! against mlir-opt 22's messages. Expected texts were produced by running
//! `/usr/lib/llvm-22/bin/mlir-opt` on each input.

use common::{check_error, check_roundtrip};
use weir_test_support as common;

#[test]
fn absf_and_sqrt() {
    check_roundtrip(
        r#"func.func @f(%x: f32, %d: f64, %h: f16, %b: bf16, %t: tensor<4xf32>, %u: tensor<*xf64>, %v: vector<2xf16>) {
  %0 = math.absf %x : f32
  %1 = math.sqrt %d : f64
  %2 = math.absf %h : f16
  %3 = math.sqrt %b : bf16
  %4 = math.sqrt %t : tensor<4xf32>
  %5 = math.absf %u : tensor<*xf64>
  %6 = math.sqrt %v : vector<2xf16>
  return
}
"#,
        r#"module {
  func.func @f(%arg0: f32, %arg1: f64, %arg2: f16, %arg3: bf16, %arg4: tensor<4xf32>, %arg5: tensor<*xf64>, %arg6: vector<2xf16>) {
    %0 = math.absf %arg0 : f32
    %1 = math.sqrt %arg1 : f64
    %2 = math.absf %arg2 : f16
    %3 = math.sqrt %arg3 : bf16
    %4 = math.sqrt %arg4 : tensor<4xf32>
    %5 = math.absf %arg5 : tensor<*xf64>
    %6 = math.sqrt %arg6 : vector<2xf16>
    return
  }
}
"#,
    );
}

#[test]
fn fastmath_and_attrs() {
    check_roundtrip(
        r#"func.func @f(%x: f32) {
  %0 = math.absf %x fastmath<fast> : f32
  %1 = math.sqrt %x fastmath<afn,nnan> {k = 1 : i32} : f32
  %2 = math.sqrt %x {k} : f32
  %3 = math.sqrt %x fastmath<none> : f32
  %4 = "math.sqrt"(%x) <{fastmath = #arith.fastmath<contract>}> : (f32) -> f32
  return
}
"#,
        r#"module {
  func.func @f(%arg0: f32) {
    %0 = math.absf %arg0 fastmath<fast> : f32
    %1 = math.sqrt %arg0 fastmath<nnan,afn> {k = 1 : i32} : f32
    %2 = math.sqrt %arg0 {k} : f32
    %3 = math.sqrt %arg0 : f32
    %4 = math.sqrt %arg0 fastmath<contract> : f32
    return
  }
}
"#,
    );
}

#[test]
fn err_sqrt_on_int() {
    check_error(
        r#"func.func @f(%a: i32) {
  %0 = math.sqrt %a : i32
  return
}
"#,
        r#"2:8: error: 'math.sqrt' op operand #0 must be floating-point-like, but got 'i32'"#,
    );
}

#[test]
fn err_absf_result_type() {
    check_error(
        r#"func.func @f(%a: f32) {
  %0 = "math.absf"(%a) : (f32) -> f64
  return
}
"#,
        r#"2:8: error: 'math.absf' op requires the same type for all operands and results"#,
    );
}

#[test]
fn err_sqrt_inferred_type() {
    check_error(
        r#"func.func @f(%a: tensor<4xf32>) {
  %0 = "math.sqrt"(%a) : (tensor<4xf32>) -> tensor<?xf32>
  return
}
"#,
        r#"2:8: error: 'math.sqrt' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<?xf32>'"#,
    );
}

#[test]
fn err_sqrt_operand_count() {
    check_error(
        r#"func.func @f(%a: f32) {
  %0 = "math.sqrt"(%a, %a) : (f32, f32) -> f32
  return
}
"#,
        r#"2:8: error: 'math.sqrt' op requires a single operand"#,
    );
}

#[test]
fn err_sqrt_fastmath_attr() {
    check_error(
        r#"func.func @f(%a: f32) {
  %0 = "math.sqrt"(%a) {fastmath = 1 : i32} : (f32) -> f32
  return
}
"#,
        r#"2:8: error: 'math.sqrt' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags"#,
    );
}

#[test]
fn err_sqrt_fastmath_keyword() {
    check_error(
        r#"func.func @f(%a: f32) {
  %0 = math.sqrt %a fastmath<slow> : f32
  return
}
"#,
        r#"2:30: error: custom op 'math.sqrt' expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast"#,
    );
}

#[test]
fn err_sqrt_tensor_of_int() {
    check_error(
        r#"func.func @f(%a: tensor<2xi32>) {
  %0 = math.absf %a : tensor<2xi32>
  return
}
"#,
        r#"2:8: error: 'math.absf' op operand #0 must be floating-point-like, but got 'tensor<2xi32>'"#,
    );
}

#[test]
fn every_op() {
    check_roundtrip(
        r#"func.func @f(%x: f32, %y: f32, %z: f32, %d: f64, %i: i32, %t: tensor<4xf32>, %ti: tensor<4xi32>, %v: vector<2xf64>) {
  %0 = math.floor %x fastmath<fast> : f32
  %1 = math.ceil %x : f32
  %2 = math.trunc %x : f32
  %3 = math.roundeven %x : f32
  %4 = math.fma %x, %y, %z fastmath<nnan> : f32
  %5 = math.copysign %x, %y : f32
  %6 = math.exp %x : f32
  %7 = math.exp2 %x : f32
  %8 = math.expm1 %x : f32
  %9 = math.log %x : f32
  %10 = math.log2 %x : f32
  %11 = math.log1p %x : f32
  %12 = math.tanh %x : f32
  %13 = math.sin %x : f32
  %14 = math.cos %x : f32
  %15 = math.tan %x : f32
  %16 = math.atan %x : f32
  %17 = math.atan2 %x, %y : f32
  %18 = math.powf %x, %y : f32
  %19 = math.rsqrt %x : f32
  %20 = math.sqrt %x : f32
  %21 = math.erf %x : f32
  %22 = math.cbrt %x : f32
  %23 = math.ipowi %i, %i : i32
  %24 = math.fpowi %x, %i fastmath<fast> : f32, i32
  %25 = math.absi %i : i32
  %26 = math.fpowi %t, %ti : tensor<4xf32>, tensor<4xi32>
  %27 = math.ipowi %ti, %ti : tensor<4xi32>
  %28 = math.absi %ti : tensor<4xi32>
  %29 = math.fma %v, %v, %v : vector<2xf64>
  return
}
"#,
        r#"module {
  func.func @f(%arg0: f32, %arg1: f32, %arg2: f32, %arg3: f64, %arg4: i32, %arg5: tensor<4xf32>, %arg6: tensor<4xi32>, %arg7: vector<2xf64>) {
    %0 = math.floor %arg0 fastmath<fast> : f32
    %1 = math.ceil %arg0 : f32
    %2 = math.trunc %arg0 : f32
    %3 = math.roundeven %arg0 : f32
    %4 = math.fma %arg0, %arg1, %arg2 fastmath<nnan> : f32
    %5 = math.copysign %arg0, %arg1 : f32
    %6 = math.exp %arg0 : f32
    %7 = math.exp2 %arg0 : f32
    %8 = math.expm1 %arg0 : f32
    %9 = math.log %arg0 : f32
    %10 = math.log2 %arg0 : f32
    %11 = math.log1p %arg0 : f32
    %12 = math.tanh %arg0 : f32
    %13 = math.sin %arg0 : f32
    %14 = math.cos %arg0 : f32
    %15 = math.tan %arg0 : f32
    %16 = math.atan %arg0 : f32
    %17 = math.atan2 %arg0, %arg1 : f32
    %18 = math.powf %arg0, %arg1 : f32
    %19 = math.rsqrt %arg0 : f32
    %20 = math.sqrt %arg0 : f32
    %21 = math.erf %arg0 : f32
    %22 = math.cbrt %arg0 : f32
    %23 = math.ipowi %arg4, %arg4 : i32
    %24 = math.fpowi %arg0, %arg4 fastmath<fast> : f32, i32
    %25 = math.absi %arg4 : i32
    %26 = math.fpowi %arg5, %arg6 : tensor<4xf32>, tensor<4xi32>
    %27 = math.ipowi %arg6, %arg6 : tensor<4xi32>
    %28 = math.absi %arg6 : tensor<4xi32>
    %29 = math.fma %arg7, %arg7, %arg7 : vector<2xf64>
    return
  }
}
"#,
    );
}

#[test]
fn fpowi_ipowi_absi_attrs_and_shapes() {
    check_roundtrip(
        r#"func.func @f(%x: f32, %i: i32, %n: index, %t: tensor<?xf32>, %u: tensor<4xi64>) {
  %0 = math.fpowi %x, %i fastmath<nnan,afn> {k = 1 : i32} : f32, i32
  %1 = math.ipowi %i, %i {k} : i32
  %2 = math.absi %n {k = 1 : i32} : index
  %3 = math.fpowi %t, %u : tensor<?xf32>, tensor<4xi64>
  %4 = "math.fma"(%x, %x, %x) <{fastmath = #arith.fastmath<contract>}> : (f32, f32, f32) -> f32
  %5 = "math.fpowi"(%x, %n) : (f32, index) -> f32
  %6 = math.atan2 %x, %x fastmath<none> : f32
  return
}
"#,
        r#"module {
  func.func @f(%arg0: f32, %arg1: i32, %arg2: index, %arg3: tensor<?xf32>, %arg4: tensor<4xi64>) {
    %0 = math.fpowi %arg0, %arg1 fastmath<nnan,afn> {k = 1 : i32} : f32, i32
    %1 = math.ipowi %arg1, %arg1 {k} : i32
    %2 = math.absi %arg2 {k = 1 : i32} : index
    %3 = math.fpowi %arg3, %arg4 : tensor<?xf32>, tensor<4xi64>
    %4 = math.fma %arg0, %arg0, %arg0 fastmath<contract> : f32
    %5 = math.fpowi %arg0, %arg2 : f32, index
    %6 = math.atan2 %arg0, %arg0 : f32
    return
  }
}
"#,
    );
}

#[test]
fn err_fma_inferred_type() {
    check_error(
        r#"func.func @f(%a: tensor<4xf32>) {
  %0 = "math.fma"(%a, %a, %a) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<?xf32>
  return
}
"#,
        r#"2:8: error: 'math.fma' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<?xf32>'"#,
    );
}

#[test]
fn err_ipowi_inferred_type() {
    check_error(
        r#"func.func @f(%a: tensor<4xi32>) {
  %0 = "math.ipowi"(%a, %a) : (tensor<4xi32>, tensor<4xi32>) -> tensor<?xi32>
  return
}
"#,
        r#"2:8: error: 'math.ipowi' op inferred type(s) 'tensor<4xi32>' are incompatible with return type(s) of operation 'tensor<?xi32>'"#,
    );
}

#[test]
fn err_fpowi_shape() {
    check_error(
        r#"func.func @f(%a: tensor<4xf32>, %n: i32) {
  %0 = math.fpowi %a, %n : tensor<4xf32>, i32
  return
}
"#,
        r#"2:8: error: 'math.fpowi' op requires the same shape for all operands and results"#,
    );
}
