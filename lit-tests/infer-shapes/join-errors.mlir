// Strict-mode join failures of --infer-shapes (SEMANTICS.md sections 2 and 4): the error names
// the op, the result or loop-carried value and both shapes, with a note where each came from.
// RUN: cf-opt %s --infer-shapes --split-input-file --verify-diagnostics

// E5: () in one branch, (2) in the other (J4: the tail (2) is not `?`).
func.func @e5(%x: tensor<i32>, %z: tensor<2xi32>, %a: i32, %b: i32) -> tensor<*xi32> {
  %c = arith.cmpi slt, %a, %b : i32
  // expected-error@+1 {{cannot join the results of the branches of 'scf.if': result #0 is () in one branch and (2) in the other}}
  %r = scf.if %c -> (tensor<*xi32>) {
    %u = tensor.cast %x : tensor<i32> to tensor<*xi32>
    // expected-note@+1 {{result #0 is () here}}
    scf.yield %u : tensor<*xi32>
  } else {
    %v = tensor.cast %z : tensor<2xi32> to tensor<*xi32>
    // expected-note@+1 {{result #0 is (2) here}}
    scf.yield %v : tensor<*xi32>
  }
  return %r : tensor<*xi32>
}

// -----

// Three cases: the third (default) does not join with the first two.
func.func @switch_three(%i: index, %a: tensor<2x3xf32>, %b: tensor<5x3xf32>) -> tensor<*xf32> {
  // expected-error@+1 {{cannot join the results of the branches of 'scf.index_switch': result #0 is (5, 3) in one branch and (2, 3) in the other}}
  %r = scf.index_switch %i -> tensor<*xf32>
  case 0 {
    %x = tensor.cast %a : tensor<2x3xf32> to tensor<*xf32>
    // expected-note@+1 {{result #0 is (2, 3) here}}
    scf.yield %x : tensor<*xf32>
  }
  case 1 {
    %x = tensor.cast %a : tensor<2x3xf32> to tensor<*xf32>
    scf.yield %x : tensor<*xf32>
  }
  default {
    %x = tensor.cast %b : tensor<5x3xf32> to tensor<*xf32>
    // expected-note@+1 {{result #0 is (5, 3) here}}
    scf.yield %x : tensor<*xf32>
  }
  return %r : tensor<*xf32>
}

// -----

// E9 without a shape invariant: the carried (2, 2) becomes (4, 2) in the body.
func.func @e9_no_invariant(%m: tensor<2x2xf32>) -> tensor<*xf32> {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %c1 = arith.constant 1 : index
  %init = tensor.cast %m : tensor<2x2xf32> to tensor<*xf32>
  // expected-error@+1 {{the shape of loop-carried value #0 of 'scf.for' changes from (2, 2) to (4, 2) in the body (strict shape join); declare a shape invariant ('tensor<?x2xf32>') or use join=relaxed}}
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%x = %init) -> (tensor<*xf32>) {
    %xs = tensor.cast %x : tensor<*xf32> to tensor<?x2xf32>
    %y = tensor.concat dim(0) %xs, %xs : (tensor<?x2xf32>, tensor<?x2xf32>) -> tensor<?x2xf32>
    %yu = tensor.cast %y : tensor<?x2xf32> to tensor<*xf32>
    // expected-note@+1 {{yielded with shape (4, 2) here}}
    scf.yield %yu : tensor<*xf32>
  }
  return %r : tensor<*xf32>
}

// -----

// A body that adds a dimension each trip: (1) then (1, 1).
func.func @grows_rank(%m: tensor<1xf32>, %n: index) -> tensor<*xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = tensor.cast %m : tensor<1xf32> to tensor<*xf32>
  // expected-error@+1 {{the shape of loop-carried value #0 of 'scf.for' changes from (1) to (1, 1) in the body (strict shape join); the rank changes, so no shape invariant covers both: use join=relaxed}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %init) -> (tensor<*xf32>) {
    %x1 = tensor.cast %x : tensor<*xf32> to tensor<1xf32>
    %e = tensor.expand_shape %x1 [[0, 1]] output_shape [1, 1] : tensor<1xf32> into tensor<1x1xf32>
    %eu = tensor.cast %e : tensor<1x1xf32> to tensor<*xf32>
    // expected-note@+1 {{yielded with shape (1, 1) here}}
    scf.yield %eu : tensor<*xf32>
  }
  return %r : tensor<*xf32>
}

// -----

// A shape invariant (?, 2) that the body breaks by yielding (2, 3).
func.func @invariant_broken(%m: tensor<2x2xf32>, %o: tensor<2x3xf32>, %n: index) -> tensor<?x2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = tensor.cast %m : tensor<2x2xf32> to tensor<?x2xf32>
  // expected-error@+1 {{loop-carried value #0 of 'scf.for' has the shape invariant (?, 2), but the body yields shape (2, 3), which is incompatible with it}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %init) -> (tensor<?x2xf32>) {
    %u = tensor.cast %o : tensor<2x3xf32> to tensor<*xf32>
    %y = tensor.cast %u : tensor<*xf32> to tensor<?x2xf32>
    // expected-note@+1 {{shape (2, 3) flows in here}}
    scf.yield %y : tensor<?x2xf32>
  }
  return %r : tensor<?x2xf32>
}

// -----

// The strict join of many branches does not depend on their order: (2, 7) and (2, 3) fail J2
// even with (2, ?) between them (the binary rules are not associative).
func.func @switch_order(%a: tensor<2x3xf32>, %b: tensor<2x?xf32>, %c: tensor<2x7xf32>, %i: index) -> tensor<*xf32> {
  // expected-error@+1 {{cannot join the results of the branches of 'scf.index_switch': result #0 is (2, 7) in one branch and (2, 3) in the other}}
  %s = scf.index_switch %i -> tensor<*xf32>
  case 0 {
    %x = tensor.cast %b : tensor<2x?xf32> to tensor<*xf32>
    scf.yield %x : tensor<*xf32>
  }
  case 1 {
    %y = tensor.cast %a : tensor<2x3xf32> to tensor<*xf32>
    // expected-note@+1 {{result #0 is (2, 3) here}}
    scf.yield %y : tensor<*xf32>
  }
  default {
    %z = tensor.cast %c : tensor<2x7xf32> to tensor<*xf32>
    // expected-note@+1 {{result #0 is (2, 7) here}}
    scf.yield %z : tensor<*xf32>
  }
  return %s : tensor<*xf32>
}
