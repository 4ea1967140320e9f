// Malformed text: each chunk is one parse error, located at the offending token.
// RUN: cf-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @use_before_def() -> i32 {
  // expected-error@+1 {{use of undeclared SSA value name}}
  return %x : i32
}

// -----

func.func @redefinition(%a: i32) {
  // expected-note@+1 {{previously defined here}}
  %x = "test.op"() : () -> i32
  // expected-error@+1 {{redefinition of SSA value '%x'}}
  %x = "test.op"() : () -> i32
  return
}

// -----

func.func @unknown_custom_op() {
  // expected-error@+1 {{Dialect `foo' not found for custom op 'foo.bar'}}
  foo.bar
}

// -----

// expected-error@+1 {{expected non-function type}}
func.func @bad_type(%a: tensor<2x*xf32>) {
  return
}

// -----

// expected-error@+1 {{integer bitwidth is limited to 16777215 bits}}
func.func @too_wide(%a: i16777216) {
  return
}

// -----

func.func @bad_dense() {
  // expected-error@+1 {{inferred shape of elements literal ([3]) does not match type ([2])}}
  "test.op"() {v = dense<[1, 2, 3]> : tensor<2xi32>} : () -> ()
  return
}

// -----

func.func @ragged_dense() {
  // expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
  "test.op"() {v = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> ()
  return
}

// -----

func.func @int_out_of_range() {
  // expected-error@+1 {{integer constant out of range for attribute}}
  "test.op"() {v = 300 : i8} : () -> ()
  return
}

// -----

func.func @type_clash(%a: i32) {
  // expected-note@+1 {{prior use here}}
  "test.op"(%b) : (i32) -> ()
  // expected-error@+1 {{use of value '%b' expects different type than prior uses: 'i64' vs 'i32'}}
  "test.op"(%b) : (i64) -> ()
  %b = "test.op"() : () -> i32
  return
}

// -----

func.func @result_count() {
  // expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
  %a:2 = "test.op"() : () -> i32
  return
}

// -----

func.func @undefined_block() {
  // expected-error@+1 {{reference to an undefined block}}
  "test.br"()[^bb7] : () -> ()
}

// -----

func.func @unterminated_region() {
  "test.region"() ({
    "test.op"() : () -> ()
// An unterminated region: mlir-opt looks for another op at the end of the input and reports
// it one character back, on this last line (after the backup over line ends).
// expected-error {{expected operation name in quotes}}
