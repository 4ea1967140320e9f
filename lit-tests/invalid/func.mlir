// Invalid func ops: each chunk is one verifier error. The expectations hold for both cf-opt and
// upstream `mlir-opt --split-input-file --verify-diagnostics` (MLIR 22); the chunk where Weir
// differs from MLIR 22 is in func-weir-only.mlir.
// RUN: cf-opt %s --split-input-file --verify-diagnostics

func.func @return_too_few(%a: i32) -> i32 {
  // expected-error@+1 {{'func.return' op has 0 operands, but enclosing function (@return_too_few) returns 1}}
  return
}

// -----

func.func @return_too_many(%a: i32) -> i32 {
  // expected-error@+1 {{'func.return' op has 2 operands, but enclosing function (@return_too_many) returns 1}}
  return %a, %a : i32, i32
}

// -----

func.func @return_in_second_block(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : i32
^bb2:
  // expected-error@+1 {{'func.return' op has 0 operands, but enclosing function (@return_in_second_block) returns 1}}
  return
}

// -----

// MLIR 22 words this one without the `'func.return' op` prefix.
func.func @return_type(%a: i64) -> i32 {
  // expected-error@+1 {{type of return operand 0 ('i64') doesn't match function result type ('i32') in function @return_type}}
  return %a : i64
}

// -----

func.func @return_outside_func(%c: i1) {
  scf.if %c {
    // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    func.return
  }
  return
}

// -----

func.func @call_unknown() {
  // expected-error@+1 {{'func.call' op 'nowhere' does not reference a valid function}}
  call @nowhere() : () -> ()
  return
}

// -----

func.func @call_unknown_in_region(%c: i1, %a: i32) {
  scf.if %c {
    // expected-error@+1 {{'func.call' op 'nope' does not reference a valid function}}
    %r = func.call @nope(%a) : (i32) -> i32
  }
  return
}

// -----

func.func private @callee(i32) -> i32

func.func @call_operand_type(%a: i64) -> i32 {
  // expected-error@+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'i64' for operand number 0}}
  %r = call @callee(%a) : (i64) -> i32
  return %r : i32
}

// -----

func.func private @callee(i32) -> i32

func.func @call_operand_count(%a: i32) -> i32 {
  // expected-error@+1 {{'func.call' op incorrect number of operands for callee}}
  %r = call @callee(%a, %a) : (i32, i32) -> i32
  return %r : i32
}

// -----

func.func private @callee(i32) -> i32

func.func @call_result_count(%a: i32) {
  // expected-error@+1 {{'func.call' op incorrect number of results for callee}}
  call @callee(%a) : (i32) -> ()
  return
}

// -----

// expected-error@+1 {{'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')}}
"func.func"() <{function_type = (i32) -> (), sym_name = "entry_arg_type"}> ({
^bb0(%x: i64):
  func.return
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
"func.func"() <{function_type = (i32) -> (), sym_name = "entry_arg_count"}> ({
^bb0(%x: i32, %y: i32):
  func.return
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @public_declaration(i32) -> i32
