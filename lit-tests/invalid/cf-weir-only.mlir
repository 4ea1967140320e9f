// Invalid cf IR that Weir deliberately rejects while upstream MLIR 22 accepts it (or crashes on
// it), so these chunks are checked with cf-opt only. The differences are the deliberate ones
// listed in dialects/cf/src/lib.rs:
// - duplicate cf.switch case values are an error (MLIR 22 accepts them; the second case is
//   dead), worded as scf.index_switch's `has duplicate case value`;
// - a case literal that fits the flag width neither as a signed nor as an unsigned number is an
//   error (MLIR 22 silently truncates `256` on `i8` to `0`);
// - malformed generic forms are rejected: MLIR 22 reads the cf.cond_br with a 2-operand
//   condition segment and the cf.switch with too many case_operand_segments loosely (and prints
//   something else), and crashes (segmentation fault) on case successors without case_values.
// RUN: cf-opt %s --split-input-file --verify-diagnostics

func.func @switch_duplicate_case(%f: i32) {
  // expected-error@+1 {{'cf.switch' op has duplicate case value: 3}}
  cf.switch %f : i32, [
    default: ^bb1,
    3: ^bb1,
    3: ^bb2
  ]
^bb1:
  return
^bb2:
  return
}

// -----

func.func @switch_case_value_too_wide(%f: i8) {
  cf.switch %f : i8, [
    default: ^bb1,
    // expected-error@+1 {{custom op 'cf.switch' integer value too large}}
    256: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @cond_br_condition_segment(%c: i1) {
  // expected-error@+1 {{'cf.cond_br' op 'operandSegmentSizes' must give 'condition' exactly 1 operand, but gives 2}}
  "cf.cond_br"(%c, %c)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 2, 0, 0>}> : (i1, i1) -> ()
^bb1:
  return
^bb2:
  return
}

// -----

func.func @switch_cases_without_values(%f: i32) {
  // expected-error@+1 {{'cf.switch' op number of case values (0) should match number of case destinations (1)}}
  "cf.switch"(%f)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @switch_case_segment_count(%f: i32) {
  // expected-error@+1 {{'cf.switch' op number of case operand segments (2) should match number of case destinations (1)}}
  "cf.switch"(%f)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0, 0>, case_values = dense<0> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}
