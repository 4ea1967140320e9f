// Invalid arith ops: each chunk is one verifier or parse error. The expectations hold for both
// cf-opt and upstream `mlir-opt --split-input-file --verify-diagnostics` (MLIR 22).
// RUN: cf-opt %s --split-input-file --verify-diagnostics

func.func @addi_mixed_types(%a: i32, %b: i64) -> i32 {
  // expected-error@+1 {{'arith.addi' op requires the same type for all operands and results}}
  %r = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return %r : i32
}

// -----

// In the custom form both operands are resolved with the one written type.
// expected-note@+1 {{prior use here}}
func.func @addi_mixed_types_custom(%a: i32, %b: i64) -> i32 {
  // expected-error@+1 {{use of value '%b' expects different type than prior uses: 'i32' vs 'i64'}}
  %r = arith.addi %a, %b : i32
  return %r : i32
}

// -----

func.func @addi_two_results(%a: i32) -> i32 {
  // expected-error@+1 {{'arith.addi' op requires one result}}
  %r:2 = "arith.addi"(%a, %a) : (i32, i32) -> (i32, i32)
  return %r#0 : i32
}

// -----

func.func @addi_on_floats(%a: f32) -> f32 {
  // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %r = arith.addi %a, %a : f32
  return %r : f32
}

// -----

func.func @addf_on_integers(%a: i32) -> i32 {
  // expected-error@+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %r = arith.addf %a, %a : i32
  return %r : i32
}

// -----

func.func @mulf_mixed_types(%a: f32, %b: f64) -> f32 {
  // expected-error@+1 {{'arith.mulf' op requires the same type for all operands and results}}
  %r = "arith.mulf"(%a, %b) : (f32, f64) -> f32
  return %r : f32
}

// -----

func.func @cmpi_on_floats(%a: f32, %b: f32) -> i1 {
  // expected-error@+1 {{custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'f32'}}
  %r = arith.cmpi slt, %a, %b : f32
  return %r : i1
}

// -----

func.func @cmpf_on_integers(%a: i32, %b: i32) -> i1 {
  // expected-error@+1 {{custom op 'arith.cmpf' 'lhs' must be floating-point-like, but got 'i32'}}
  %r = arith.cmpf olt, %a, %b : i32
  return %r : i1
}

// -----

func.func @cmpi_mixed_types(%a: i32, %b: i64) -> i1 {
  // expected-error@+1 {{'arith.cmpi' op requires all operands to have the same type}}
  %r = "arith.cmpi"(%a, %b) <{predicate = 2 : i64}> : (i32, i64) -> i1
  return %r : i1
}

// -----

func.func @cmpi_unknown_predicate(%a: i32, %b: i32) -> i1 {
  // expected-error@+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %r = arith.cmpi less, %a, %b : i32
  return %r : i1
}

// -----

func.func @cmpi_result_not_i1(%a: i32, %b: i32) -> i32 {
  // expected-error@+1 {{'arith.cmpi' op result #0 must be bool-like, but got 'i32'}}
  %r = "arith.cmpi"(%a, %b) <{predicate = 2 : i64}> : (i32, i32) -> i32
  return %r : i32
}

// -----

func.func @extsi_to_narrower(%a: i64) -> i32 {
  // expected-error@+1 {{'arith.extsi' op operand type 'i64' and result type 'i32' are cast incompatible}}
  %r = arith.extsi %a : i64 to i32
  return %r : i32
}

// -----

func.func @extsi_to_same_width(%a: i32) -> i32 {
  // expected-error@+1 {{'arith.extsi' op operand type 'i32' and result type 'i32' are cast incompatible}}
  %r = arith.extsi %a : i32 to i32
  return %r : i32
}

// -----

func.func @extsi_on_float(%a: f32) -> f64 {
  // expected-error@+1 {{'arith.extsi' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'}}
  %r = arith.extsi %a : f32 to f64
  return %r : f64
}

// -----

func.func @trunci_to_wider(%a: i32) -> i64 {
  // expected-error@+1 {{'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %r = arith.trunci %a : i32 to i64
  return %r : i64
}

// -----

func.func @extf_to_narrower(%a: f64) -> f32 {
  // expected-error@+1 {{'arith.extf' op operand type 'f64' and result type 'f32' are cast incompatible}}
  %r = arith.extf %a : f64 to f32
  return %r : f32
}

// -----

func.func @index_cast_between_integers(%a: i32) -> i64 {
  // expected-error@+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %r = arith.index_cast %a : i32 to i64
  return %r : i64
}

// -----

func.func @sitofp_to_integer(%a: i32) -> i64 {
  // expected-error@+1 {{'arith.sitofp' op result #0 must be floating-point-like, but got 'i64'}}
  %r = arith.sitofp %a : i32 to i64
  return %r : i64
}

// -----

func.func @constant_type_mismatch() -> i32 {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %r = "arith.constant"() <{value = 1 : i64}> : () -> i32
  return %r : i32
}

// -----

func.func @constant_without_value() -> i32 {
  // expected-error@+1 {{'arith.constant' op requires attribute 'value'}}
  %r = "arith.constant"() : () -> i32
  return %r : i32
}

// -----

func.func @constant_out_of_range() -> i8 {
  // expected-error@+1 {{integer constant out of range for attribute}}
  %r = arith.constant 300 : i8
  return %r : i8
}

// -----

func.func @select_condition_not_i1(%c: i32, %a: f32, %b: f32) -> f32 {
  // expected-error@+1 {{'arith.select' op operand #0 must be bool-like, but got 'i32'}}
  %r = "arith.select"(%c, %a, %b) : (i32, f32, f32) -> f32
  return %r : f32
}

// -----

func.func @select_mixed_types(%c: i1, %a: i32, %b: i64) -> i32 {
  // expected-error@+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %r = "arith.select"(%c, %a, %b) : (i1, i32, i64) -> i32
  return %r : i32
}
