// Invalid cf branches: each chunk is one verifier or parse error. The expectations hold for
// both cf-opt and upstream `mlir-opt --split-input-file --verify-diagnostics` (MLIR 22); the
// chunks where Weir deliberately differs from MLIR 22 are in cf-weir-only.mlir.
// RUN: cf-opt %s --split-input-file --verify-diagnostics

func.func @br_too_many_operands(%a: i32) {
  // expected-error@+1 {{branch has 1 operands for successor #0, but target block has 0}}
  cf.br ^bb1(%a : i32)
^bb1:
  return
}

// -----

func.func @br_missing_operand(%a: i32) {
  // expected-error@+1 {{branch has 0 operands for successor #0, but target block has 1}}
  cf.br ^bb1
^bb1(%x: i32):
  return
}

// -----

func.func @br_operand_type(%a: i32) {
  // expected-error@+1 {{type mismatch for bb argument #0 of successor #0}}
  cf.br ^bb1(%a : i32)
^bb1(%x: i64):
  return
}

// -----

func.func @br_operand_type_annotation(%a: i32) {
  // expected-note@-1 {{prior use here}}
  // expected-error@+1 {{use of value '%a' expects different type than prior uses: 'i64' vs 'i32'}}
  cf.br ^bb1(%a : i64)
^bb1(%x: i64):
  return
}

// -----

func.func @cond_br_false_operand_count(%c: i1, %a: i32) {
  // expected-error@+1 {{branch has 0 operands for successor #1, but target block has 1}}
  cf.cond_br %c, ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  return
^bb2(%y: i32):
  return
}

// -----

func.func @cond_br_true_operand_type(%c: i1, %a: i32) {
  // expected-error@+1 {{type mismatch for bb argument #0 of successor #0}}
  cf.cond_br %c, ^bb1(%a : i32), ^bb2(%a : i32)
^bb1(%x: f32):
  return
^bb2(%y: i32):
  return
}

// -----

func.func @cond_br_not_i1(%c: i32) {
  // expected-error@+1 {{'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.cond_br"(%c)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
^bb2:
  return
}

// -----

// In the custom form the condition is resolved as an i1.
// expected-note@+1 {{prior use here}}
func.func @cond_br_not_i1_custom(%c: i32) {
  // expected-error@+1 {{use of value '%c' expects different type than prior uses: 'i1' vs 'i32'}}
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}

// -----

func.func @cond_br_weight_count(%c: i1) {
  // expected-error@+1 {{expects number of branch weights to match number of successors: 3 vs 2}}
  cf.cond_br %c weights([1, 2, 3]), ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}

// -----

func.func @switch_case_operand_count(%f: i32, %a: i32) {
  // expected-error@+1 {{branch has 2 operands for successor #1, but target block has 1}}
  cf.switch %f : i32, [
    default: ^bb1,
    0: ^bb2(%a, %a : i32, i32)
  ]
^bb1:
  return
^bb2(%x: i32):
  return
}

// -----

func.func @switch_default_operand_type(%f: i32, %a: i64) {
  // expected-error@+1 {{type mismatch for bb argument #0 of successor #0}}
  cf.switch %f : i32, [
    default: ^bb1(%a : i64),
    0: ^bb1(%a : i64)
  ]
^bb1(%x: i32):
  return
}

// -----

func.func @switch_case_value_type(%f: i32) {
  // expected-error@+1 {{'cf.switch' op 'flag' type ('i32') should match case value type ('i64')}}
  "cf.switch"(%f)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<0> : vector<1xi64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @switch_case_value_count(%f: i32) {
  // expected-error@+1 {{'cf.switch' op number of case values (1) should match number of case destinations (2)}}
  "cf.switch"(%f)[^bb1, ^bb1, ^bb1] <{case_operand_segments = array<i32: 0, 0>, case_values = dense<0> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

// A splat standing for 2^32 case values is counted, not expanded (expanded, it needed
// 64 GiB; docs/robustness.md).
func.func @switch_splat_case_values(%f: i32) {
  // expected-error@+1 {{'cf.switch' op number of case values (4294967296) should match number of case destinations (2)}}
  "cf.switch"(%f)[^bb1, ^bb1, ^bb1] <{case_operand_segments = array<i32: 0, 0>, case_values = dense<0> : vector<4294967296xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @switch_float_flag(%f: f32) {
  // expected-error@+1 {{'cf.switch' op operand #0 must be integer, but got 'f32'}}
  "cf.switch"(%f)[^bb1] <{case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (f32) -> ()
^bb1:
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @switch_flag_type_annotation(%f: i32) {
  // expected-error@+1 {{use of value '%f' expects different type than prior uses: 'i64' vs 'i32'}}
  cf.switch %f : i64, [
    default: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @assert_not_i1(%c: i32) {
  // expected-error@+1 {{'cf.assert' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.assert"(%c) <{msg = "x"}> : (i32) -> ()
  return
}

// -----

// Block labels are scoped to their region: a branch cannot leave an scf.if region.
func.func @branch_out_of_region(%c: i1) {
  scf.if %c {
    // expected-error@+1 {{reference to an undefined block}}
    cf.br ^bb1
  }
  cf.br ^bb1
^bb1:
  return
}
