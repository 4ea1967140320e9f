// Invalid dense<...> literals: each chunk is one error, with mlir-opt 22's message (this file
// passes `mlir-opt --verify-diagnostics --split-input-file` as well).
// RUN: cf-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @hex_size() {
  // expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<3xi32>'}}
  "test.op"() {v = dense<"0x0102"> : tensor<3xi32>} : () -> ()
  return
}

// -----

func.func @hex_size_empty() {
  // expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<0xi32>'}}
  "test.op"() {v = dense<"0x0000"> : tensor<0xi32>} : () -> ()
  return
}

// -----

func.func @hex_i1_size() {
  // expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<3xi1>'}}
  "test.op"() {v = dense<"0x0102"> : tensor<3xi1>} : () -> ()
  return
}

// -----

func.func @hex_digits() {
  // expected-error@+1 {{expected string containing hex digits starting with `0x`}}
  "test.op"() {v = dense<"0x0G"> : tensor<1xi8>} : () -> ()
  return
}

// -----

func.func @hex_prefix() {
  // expected-error@+1 {{expected string containing hex digits starting with `0x`}}
  "test.op"() {v = dense<"01"> : tensor<1xi8>} : () -> ()
  return
}

// -----

func.func @shape() {
  // expected-error@+1 {{inferred shape of elements literal ([2]) does not match type ([3])}}
  "test.op"() {v = dense<[1, 2]> : tensor<3xi32>} : () -> ()
  return
}

// -----

func.func @shape_rank() {
  // expected-error@+1 {{inferred shape of elements literal ([1, 2]) does not match type ([2])}}
  "test.op"() {v = dense<[[1, 2]]> : tensor<2xi32>} : () -> ()
  return
}

// -----

func.func @ragged() {
  // expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
  "test.op"() {v = dense<[[1], [2, 3]]> : tensor<2x2xi32>} : () -> ()
  return
}

// -----

func.func @mixed_ranks() {
  // expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
  "test.op"() {v = dense<[1, [2]]> : tensor<2xi32>} : () -> ()
  return
}

// -----

func.func @dynamic() {
  // expected-error@+1 {{elements literal type must have static shape}}
  "test.op"() {v = dense<1> : tensor<?xi32>} : () -> ()
  return
}

// -----

func.func @unranked() {
  // expected-error@+1 {{elements literal type must have static shape}}
  "test.op"() {v = dense<1> : tensor<*xi32>} : () -> ()
  return
}

// -----

func.func @not_shaped() {
  // expected-error@+1 {{elements literal must be a shaped type}}
  "test.op"() {v = dense<1> : i32} : () -> ()
  return
}

// -----

func.func @float_for_int() {
  // expected-error@+1 {{expected integer elements, but parsed floating-point}}
  "test.op"() {v = dense<1.5> : tensor<2xi32>} : () -> ()
  return
}

// -----

func.func @int_range() {
  // expected-error@+1 {{integer constant out of range for type}}
  "test.op"() {v = dense<300> : tensor<2xi8>} : () -> ()
  return
}

// -----

func.func @i1_range() {
  // expected-error@+1 {{integer constant out of range for type}}
  "test.op"() {v = dense<2> : tensor<2xi1>} : () -> ()
  return
}

// -----

func.func @bool_for_float() {
  // expected-error@+1 {{expected floating point literal}}
  "test.op"() {v = dense<true> : tensor<2xf32>} : () -> ()
  return
}

// -----

func.func @int_for_float() {
  // expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
  // expected-note@+1 {{add a trailing dot to make the literal a float}}
  "test.op"() {v = dense<1> : tensor<2xf32>} : () -> ()
  return
}

// -----

func.func @negative_unsigned() {
  // expected-error@+1 {{expected unsigned integer elements, but parsed negative value}}
  "test.op"() {v = dense<-1> : tensor<2xui8>} : () -> ()
  return
}

// -----

func.func @hex_float_range() {
  // expected-error@+1 {{hexadecimal float constant out of range for type}}
  "test.op"() {v = dense<0x7FC00000> : tensor<2xf16>} : () -> ()
  return
}

// -----

func.func @hex_float_minus() {
  // expected-error@+1 {{hexadecimal float literal should not have a leading minus}}
  "test.op"() {v = dense<-0x7FC00000> : tensor<2xf32>} : () -> ()
  return
}

// -----

func.func @not_literal() {
  // expected-error@+1 {{expected element literal of primitive type}}
  "test.op"() {v = dense<[foo]> : tensor<1xi32>} : () -> ()
  return
}

// -----

func.func @empty_literal_for_elements() {
  // expected-error@+1 {{parsed zero elements, but type ('tensor<2xi32>') expected at least 1}}
  "test.op"() {v = dense<> : tensor<2xi32>} : () -> ()
  return
}
