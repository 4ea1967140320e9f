// Invalid weir.loop / weir.yield (Weir's own ONNX-style loop; see dialects/weir/src/lib.rs):
// one structural error per chunk. The weir dialect is unknown to upstream MLIR, so this file is
// checked with cf-opt only. --allow-unregistered-dialect is for the one chunk whose body ends
// in an unregistered terminator ("test.terminator"), the only way to reach weir.loop's own
// terminator check (a registered terminator such as scf.yield fails its own parent check
// first).
// RUN: cf-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @missing_cond_arg(%m: i64, %a: i32) -> i32 {
  // expected-error@+1 {{'weir.loop' op expects the body block to have 3 arguments (iteration number, condition, 1 carried values), but it has 2}}
  %r = weir.loop max(%m : i64) iter_args(%a) -> (i32) {
  ^bb0(%it: i64, %x: i32):
    %t = arith.constant true
    weir.yield %t, %x : i1, i32
  }
  return %r : i32
}

// -----

func.func @extra_block_arg(%a: i32) -> i32 {
  // expected-error@+1 {{'weir.loop' op expects the body block to have 3 arguments (iteration number, condition, 1 carried values), but it has 4}}
  %r = weir.loop iter_args(%a) -> (i32) {
  ^bb0(%it: index, %c: i1, %x: i32, %y: i32):
    weir.yield %c, %x : i1, i32
  }
  return %r : i32
}

// -----

func.func @float_iteration_number(%a: i32) -> i32 {
  // expected-error@+1 {{'weir.loop' op body argument #0 (the iteration number) must be a signless integer or index, but got 'f32'}}
  %r = weir.loop iter_args(%a) -> (i32) {
  ^bb0(%it: f32, %c: i1, %x: i32):
    weir.yield %c, %x : i1, i32
  }
  return %r : i32
}

// -----

func.func @cond_arg_not_i1(%a: i32) -> i32 {
  // expected-error@+1 {{'weir.loop' op body argument #1 (the condition) must be i1, but got 'i32'}}
  %r = weir.loop iter_args(%a) -> (i32) {
  ^bb0(%it: index, %c: i32, %x: i32):
    %t = arith.constant true
    weir.yield %t, %x : i1, i32
  }
  return %r : i32
}

// -----

func.func @carried_arg_type(%a: i32) -> i32 {
  // expected-error@+2 {{'weir.loop' op along control flow edge from parent to Region #0: successor operand type #0 'i32' should match successor input type #0 'i64'}}
  // expected-note@+1 {{region branch point}}
  %r = weir.loop iter_args(%a) -> (i32) {
  ^bb0(%it: index, %c: i1, %x: i64):
    weir.yield %c, %a : i1, i32
  }
  return %r : i32
}

// -----

func.func @max_type_mismatch(%m: i64, %a: i32) -> i32 {
  // expected-error@+1 {{'weir.loop' op operand 'max' type 'i64' must match the iteration number type 'index'}}
  %r = weir.loop max(%m : i64) iter_args(%a) -> (i32) {
  ^bb0(%it: index, %c: i1, %x: i32):
    weir.yield %c, %x : i1, i32
  }
  return %r : i32
}

// -----

func.func @max_not_integer(%m: f32, %a: i32) -> i32 {
  // expected-error@+1 {{'weir.loop' op operand 'max' must be signless integer or index, but got 'f32'}}
  %r = weir.loop max(%m : f32) iter_args(%a) -> (i32) {
  ^bb0(%it: index, %c: i1, %x: i32):
    weir.yield %c, %x : i1, i32
  }
  return %r : i32
}

// -----

// The cond operand is resolved as an i1.
// expected-note@+1 {{prior use here}}
func.func @cond_operand_not_i1(%k: i32, %a: i32) -> i32 {
  // expected-error@+1 {{use of value '%k' expects different type than prior uses: 'i1' vs 'i32'}}
  %r = weir.loop cond(%k) iter_args(%a) -> (i32) {
  ^bb0(%it: index, %c: i1, %x: i32):
    weir.yield %c, %x : i1, i32
  }
  return %r : i32
}

// -----

func.func @iter_args_result_count(%a: i32) -> i32 {
  // expected-error@+1 {{custom op 'weir.loop' has 2 iter_args but 1 result types}}
  %r = weir.loop iter_args(%a, %a) -> (i32) {
  ^bb0(%it: index, %c: i1, %x: i32, %y: i32):
    weir.yield %c, %x, %y : i1, i32, i32
  }
  return %r : i32
}

// -----

func.func @result_type_mismatch(%a: i32) -> i64 {
  // expected-error@+1 {{'weir.loop' op result #0 type 'i64' must match init #0 type 'i32'}}
  %r = "weir.loop"(%a) ({
  ^bb0(%it: index, %c: i1, %x: i32):
    "weir.yield"(%c, %x) : (i1, i32) -> ()
  }) {operandSegmentSizes = array<i32: 0, 0, 1>} : (i32) -> i64
  return %r : i64
}

// -----

func.func @bad_segments(%a: i32) -> i32 {
  // expected-error@+1 {{'weir.loop' op operand count (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'}}
  %r = "weir.loop"(%a) ({
  ^bb0(%it: index, %c: i1, %x: i32):
    "weir.yield"(%c, %x) : (i1, i32) -> ()
  }) {operandSegmentSizes = array<i32: 0, 0, 2>} : (i32) -> i32
  return %r : i32
}

// -----

func.func @yield_too_few(%a: i32) -> i32 {
  %r = weir.loop iter_args(%a) -> (i32) {
  ^bb0(%it: index, %c: i1, %x: i32):
    // expected-error@+1 {{'weir.yield' op expects 2 operands (the new condition and 1 carried values), but has 1}}
    weir.yield %c : i1
  }
  return %r : i32
}

// -----

func.func @yield_type(%a: i32, %b: i64) -> i32 {
  // expected-error@+1 {{'weir.loop' op along control flow edge from Operation weir.yield to Region #0: successor operand type #0 'i64' should match successor input type #0 'i32'}}
  %r = weir.loop iter_args(%a) -> (i32) {
  ^bb0(%it: index, %c: i1, %x: i32):
    // expected-note@+1 {{region branch point}}
    weir.yield %c, %b : i1, i64
  }
  return %r : i32
}

// -----

func.func @yield_cond_not_i1(%a: i32) -> i32 {
  %r = weir.loop iter_args(%a) -> (i32) {
  ^bb0(%it: index, %c: i1, %x: i32):
    // expected-error@+1 {{'weir.yield' op operand #0 (the new condition) must be i1, but got 'i32'}}
    weir.yield %x, %x : i32, i32
  }
  return %r : i32
}

// -----

func.func @yield_in_func(%c: i1) {
  // expected-error@+1 {{'weir.yield' op expects parent op 'weir.loop'}}
  weir.yield %c : i1
}

// -----

func.func @yield_in_scf_if(%c: i1) {
  scf.if %c {
    // expected-error@+1 {{'weir.yield' op expects parent op 'weir.loop'}}
    weir.yield %c : i1
  }
  return
}

// -----

func.func @body_not_ending_in_weir_yield(%a: i32) -> i32 {
  // expected-error@+1 {{'weir.loop' op expects the body to terminate with 'weir.yield'}}
  %r = weir.loop iter_args(%a) -> (i32) {
  ^bb0(%it: index, %c: i1, %x: i32):
    // expected-note@+1 {{terminator here}}
    "test.terminator"(%x) : (i32) -> ()
  }
  return %r : i32
}

// -----

func.func @no_terminator(%a: i32) -> i32 {
  %r = weir.loop iter_args(%a) -> (i32) {
  ^bb0(%it: index, %c: i1, %x: i32):
    // expected-error@+1 {{block with no terminator}}
    %y = arith.addi %x, %x : i32
  }
  return %r : i32
}

// -----

// The body is a single block (it cannot hold a CFG).
func.func @two_blocks(%a: i32) -> i32 {
  // expected-error@+1 {{'weir.loop' op expects region #0 to have 0 or 1 blocks}}
  %r = weir.loop iter_args(%a) -> (i32) {
  ^bb0(%it: index, %c: i1, %x: i32):
    cf.br ^bb1
  ^bb1:
    weir.yield %c, %x : i1, i32
  }
  return %r : i32
}

// -----

// The operands of weir.loop are resolved outside its body.
func.func @use_body_value_as_max(%a: i32) -> i32 {
  // expected-error@+1 {{use of undeclared SSA value name}}
  %r = weir.loop max(%it : index) iter_args(%a) -> (i32) {
  ^bb0(%it: index, %c: i1, %x: i32):
    weir.yield %c, %x : i1, i32
  }
  return %r : i32
}
