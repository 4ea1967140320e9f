//! Round trips of the math ops against mlir-opt 22's output, and verifier/parser errors
//! against mlir-opt 22's messages. Expected texts were produced by running
//! `/usr/lib/llvm-22/bin/mlir-opt` on each input.

mod common;
use common::{check_error, check_roundtrip};

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
