// Invalid math ops: each chunk is one verifier or parse error. The expectations hold for both
// cf-opt and upstream `mlir-opt --split-input-file --verify-diagnostics` (MLIR 22).
// RUN: cf-opt %s --split-input-file --verify-diagnostics

func.func @exp_on_int(%a: i32) -> i32 {
  // expected-error@+1 {{'math.exp' op operand #0 must be floating-point-like, but got 'i32'}}
  %r = math.exp %a : i32
  return %r : i32
}

// -----

func.func @atan2_operand_count(%a: f32) -> f32 {
  // expected-error@+1 {{'math.atan2' op expected 2 operands, but found 3}}
  %r = "math.atan2"(%a, %a, %a) : (f32, f32, f32) -> f32
  return %r : f32
}

// -----

func.func @powf_mixed_types(%a: f32, %b: f64) -> f32 {
  // expected-error@+1 {{'math.powf' op requires the same type for all operands and results}}
  %r = "math.powf"(%a, %b) : (f32, f64) -> f32
  return %r : f32
}

// -----

func.func @copysign_result_type(%a: f32) -> f64 {
  // expected-error@+1 {{'math.copysign' op requires the same type for all operands and results}}
  %r = "math.copysign"(%a, %a) : (f32, f32) -> f64
  return %r : f64
}

// -----

func.func @fma_operand_count(%a: f32) -> f32 {
  // expected-error@+1 {{'math.fma' op expected 3 operands, but found 2}}
  %r = "math.fma"(%a, %a) : (f32, f32) -> f32
  return %r : f32
}

// -----

func.func @fma_on_int(%a: i32) -> i32 {
  // expected-error@+1 {{'math.fma' op operand #0 must be floating-point-like, but got 'i32'}}
  %r = math.fma %a, %a, %a : i32
  return %r : i32
}

// -----

func.func @fma_mixed_types(%a: f32, %d: f64) -> f32 {
  // expected-error@+1 {{'math.fma' op requires the same type for all operands and results}}
  %r = "math.fma"(%a, %a, %d) : (f32, f32, f64) -> f32
  return %r : f32
}

// -----

func.func @fpowi_float_exponent(%a: f32, %b: f64) -> f32 {
  // expected-error@+1 {{'math.fpowi' op operand #1 must be signless-integer-like, but got 'f64'}}
  %r = math.fpowi %a, %b : f32, f64
  return %r : f32
}

// -----

func.func @fpowi_int_base(%a: i32) -> i32 {
  // expected-error@+1 {{'math.fpowi' op operand #0 must be floating-point-like, but got 'i32'}}
  %r = math.fpowi %a, %a : i32, i32
  return %r : i32
}

// -----

func.func @fpowi_int_result(%a: f32, %n: i32) -> i32 {
  // expected-error@+1 {{'math.fpowi' op result #0 must be floating-point-like, but got 'i32'}}
  %r = "math.fpowi"(%a, %n) : (f32, i32) -> i32
  return %r : i32
}

// -----

func.func @fpowi_result_type(%a: f32, %n: i32) -> f64 {
  // expected-error@+1 {{'math.fpowi' op failed to verify that all of {lhs, result} have same type}}
  %r = "math.fpowi"(%a, %n) : (f32, i32) -> f64
  return %r : f64
}

// -----

func.func @fpowi_shapes(%t: tensor<4xf32>, %n: i32) -> tensor<4xf32> {
  // expected-error@+1 {{'math.fpowi' op requires the same shape for all operands and results}}
  %r = math.fpowi %t, %n : tensor<4xf32>, i32
  return %r : tensor<4xf32>
}

// -----

func.func @fpowi_dims(%t: tensor<4xf32>, %n: tensor<3xi32>) -> tensor<4xf32> {
  // expected-error@+1 {{'math.fpowi' op requires the same shape for all operands and results}}
  %r = math.fpowi %t, %n : tensor<4xf32>, tensor<3xi32>
  return %r : tensor<4xf32>
}

// -----

func.func @fpowi_fastmath_attr(%a: f32, %n: i32) -> f32 {
  // expected-error@+1 {{'math.fpowi' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %r = "math.fpowi"(%a, %n) {fastmath = 3 : i32} : (f32, i32) -> f32
  return %r : f32
}

// -----

func.func @ipowi_on_float(%a: f32) -> f32 {
  // expected-error@+1 {{'math.ipowi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %r = math.ipowi %a, %a : f32
  return %r : f32
}

// -----

func.func @ipowi_mixed_types(%a: i32, %b: i64) -> i32 {
  // expected-error@+1 {{'math.ipowi' op requires the same type for all operands and results}}
  %r = "math.ipowi"(%a, %b) : (i32, i64) -> i32
  return %r : i32
}

// -----

func.func @absi_on_float(%a: f32) -> f32 {
  // expected-error@+1 {{'math.absi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %r = math.absi %a : f32
  return %r : f32
}

// -----

func.func @absi_operand_count(%a: i32) -> i32 {
  // expected-error@+1 {{'math.absi' op requires a single operand}}
  %r = "math.absi"(%a, %a) : (i32, i32) -> i32
  return %r : i32
}

// -----

func.func @absi_result_type(%a: i32) -> f32 {
  // expected-error@+1 {{'math.absi' op result #0 must be signless-integer-like, but got 'f32'}}
  %r = "math.absi"(%a) : (i32) -> f32
  return %r : f32
}

// -----

// The integer ops take no fast-math flags.
func.func @absi_fastmath(%a: i32) -> i32 {
  // expected-error@+1 {{expected ':'}}
  %r = math.absi %a fastmath<fast> : i32
  return %r : i32
}

// -----

// fpowi spells both types, separated by a comma.
func.func @fpowi_types(%a: f32, %n: i32) -> f32 {
  // expected-error@+1 {{expected ','}}
  %r = math.fpowi %a, %n : f32 i32
  return %r : f32
}

// -----

func.func @fma_two_operands(%a: f32) -> f32 {
  // expected-error@+1 {{expected ','}}
  %r = math.fma %a, %a : f32
  return %r : f32
}

// -----

func.func @ctlz_on_float(%a: f32) -> f32 {
  // expected-error@+1 {{'math.ctlz' op operand #0 must be signless-integer-like, but got 'f32'}}
  %r = "math.ctlz"(%a) : (f32) -> f32
  return %r : f32
}

// -----

func.func @ctpop_other_result(%a: i32) -> i64 {
  // expected-error@+1 {{'math.ctpop' op requires the same type for all operands and results}}
  %r = "math.ctpop"(%a) : (i32) -> i64
  return %r : i64
}

// -----

func.func @isnan_int_result(%a: f32) -> i32 {
  // expected-error@+1 {{'math.isnan' op result #0 must be bool-like, but got 'i32'}}
  %r = "math.isnan"(%a) : (f32) -> i32
  return %r : i32
}

// -----

func.func @isinf_on_int(%a: i32) -> i1 {
  // expected-error@+1 {{'math.isinf' op operand #0 must be floating-point-like, but got 'i32'}}
  %r = "math.isinf"(%a) : (i32) -> i1
  return %r : i1
}

// -----

func.func @isfinite_shape(%a: tensor<4xf32>) -> tensor<3xi1> {
  // expected-error@+1 {{'math.isfinite' op failed to verify that result type has i1 element type and same shape as operands}}
  %r = "math.isfinite"(%a) : (tensor<4xf32>) -> tensor<3xi1>
  return %r : tensor<3xi1>
}

// -----

func.func @isnormal_custom_int(%a: i32) -> i1 {
  // expected-error@+1 {{custom op 'math.isnormal' 'operand' must be floating-point-like, but got 'i32'}}
  %r = math.isnormal %a : i32
  return %r : i1
}
