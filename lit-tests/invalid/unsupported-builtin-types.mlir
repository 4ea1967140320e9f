// Builtin types of MLIR 22 that Weir does not model (mlir-opt 22 accepts each of these
// functions) are a located error naming the type, not "expected non-function type".
// RUN: cf-opt %s --split-input-file --verify-diagnostics

// expected-error@+1 {{builtin type 'f80' of MLIR is not supported by Weir (its floats are f16, bf16, f32 and f64)}}
func.func @f80(%a: f80) -> f80 {
  return %a : f80
}

// -----

// expected-error@+1 {{builtin type 'f8E4M3FN' of MLIR is not supported by Weir}}
func.func @f8(%a: tensor<4xf8E4M3FN>) {
  return
}

// -----

// expected-error@+1 {{builtin type 'tf32' of MLIR is not supported by Weir}}
func.func @tf32(%a: tf32) {
  return
}

// -----

// expected-error@+1 {{builtin type 'complex' of MLIR is not supported by Weir}}
func.func @complex(%a: complex<f32>) {
  return
}
