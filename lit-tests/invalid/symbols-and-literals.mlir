// Symbol uniqueness, float literals and unregistered dialect types (messages as mlir-opt 22's).
// RUN: cf-opt %s --split-input-file --verify-diagnostics

// expected-note@+1 {{see existing symbol definition here}}
func.func @dup() {
  return
}
// expected-error@+1 {{redefinition of symbol named 'dup'}}
func.func @dup() {
  return
}

// -----

func.func @int_literal_for_float() {
  // expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
  // expected-note@+1 {{add a trailing dot to make the literal a float}}
  %0 = arith.constant 1 : f32
  return
}

// -----

// expected-error@+1 {{type created with unregistered dialect}}
func.func @unregistered_type(%a: !foo.bar) {
  return
}

// -----

// expected-error@+1 {{vector types must have positive constant sizes but got 0}}
func.func @empty_vector(%a: vector<0xf32>) {
  return
}
