// "expected ..." errors about a wrong token are reported where the expected token was due: at
// the end of the previous token (backing up over blanks, line ends and comments), as mlir-opt's
// Parser::emitWrongTokenError does. The locations (line and column) are mlir-opt 22's for the
// same input (`mlir-opt --split-input-file --verify-diagnostics --allow-unregistered-dialect`
// accepts this file).
// RUN: cf-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: not cf-opt %s --split-input-file --allow-unregistered-dialect 2>&1 | FileCheck %s

// A case list missing a comma: reported after `^bb1` on the line before, not at `1:`, and
// before the comment on that line.
// CHECK: wrong-token-location.mlir:[[# @LINE + 5]]:12: error: expected ']'
func.func @switch_missing_comma(%a: i32) {
  // expected-error@+3 {{expected ']'}}
  cf.switch %a : i32, [
    default: ^bb1,
    0: ^bb1 // a comment
    1: ^bb1
  ]
^bb1:
  return
}

// -----

// On the same line too: right after `%a`, not at `%b`.
// CHECK: wrong-token-location.mlir:[[# @LINE + 3]]:21: error: expected ','
func.func @addi_missing_comma(%a: i32, %b: i32) -> i32 {
  // expected-error@+1 {{expected ','}}
  %0 = arith.addi %a   %b : i32
  return %0 : i32
}

// -----

// Back over blank and comment-only lines to the end of the `:`.
// CHECK: wrong-token-location.mlir:[[# @LINE + 3]]:27: error: expected non-function type
func.func @missing_type(%a: i32) -> i32 {
  // expected-error@+1 {{expected non-function type}}
  %0 = arith.addi %a, %a :

  // nothing here
    3
  return %0 : i32
}

// -----

// CHECK: wrong-token-location.mlir:[[# @LINE + 3]]:18: error: expected SSA operand
func.func @missing_operand(%a: i32) -> i32 {
  // expected-error@+1 {{expected SSA operand}}
  %0 = arith.addi
      , %a : i32
  return %0 : i32
}

// -----

// CHECK: wrong-token-location.mlir:[[# @LINE + 3]]:8: error: expected block name
func.func @missing_block(%a: i32) {
  // expected-error@+1 {{expected block name}}
  cf.br
    3
}

// -----

// CHECK: wrong-token-location.mlir:[[# @LINE + 3]]:21: error: expected '}' in attribute dictionary
func.func @attr_dict() {
  // expected-error@+1 {{expected '}' in attribute dictionary}}
  "test.op"() {a = 1
    b = 2} : () -> ()
  return
}

// -----

// A keyword of a custom form is reported at the wrong token itself (mlir-opt's
// AsmParser::parseKeyword uses a plain error).
// CHECK: wrong-token-location.mlir:[[# @LINE + 4]]:3: error: custom op 'scf.for' expected 'to'
func.func @for_missing_to(%a: index) {
  scf.for %i = %a
  // expected-error@+1 {{expected 'to'}}
  x %a step %a {
  }
  return
}

// -----

// A character that starts no token is the lexer's error, at the character (mlir-opt drops the
// parser's "expected ..." error there).
// CHECK: wrong-token-location.mlir:[[# @LINE + 5]]:3: error: unexpected character
func.func @lexer_error() {
  %0 = arith.constant 1 : i32

  // expected-error@+1 {{unexpected character}}
  $
  return
}
