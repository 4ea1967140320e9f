// Invalid scf.parallel IR that MLIR 22 accepts (or rejects at parse time with other words), so
// these chunks are checked with cf-opt only. The differences are the deliberate ones listed in
// dialects/scf/src/parallel.rs:
// - as many lower bounds, upper bounds and steps: MLIR 22 verifies a generic op with
//   `operandSegmentSizes = array<i32: 1, 2, 1, 0>` and then prints
//   `scf.parallel (%arg1) = (%arg0) to (%arg0, %arg0) step (%arg0)`, which it cannot parse;
// - each init has its result's type: MLIR 22 accepts an `i32` init for an `f32` result and
//   prints `init (%i32value) -> f32`, which it cannot parse;
// - a malformed `operandSegmentSizes` is a verifier error (MLIR 22 rejects it while parsing,
//   as `invalid properties ... for op scf.parallel: ...`);
// - an scf.reduce.return in a reduction block without arguments is left to scf.reduce's check
//   (MLIR 22 crashes on it).
// RUN: cf-opt %s --split-input-file --verify-diagnostics

func.func @bounds_and_steps_counts(%a: index) {
  // expected-error@+1 {{'scf.parallel' op expects as many lower bounds, upper bounds and steps, but got 1, 2 and 1}}
  "scf.parallel"(%a, %a, %a, %a) <{operandSegmentSizes = array<i32: 1, 2, 1, 0>}> ({
  ^bb0(%i: index):
    scf.reduce
  }) : (index, index, index, index) -> ()
  return
}

// -----

func.func @init_type(%a: index, %x: f32, %y: i32) -> f32 {
  // expected-error@+1 {{'scf.parallel' op expects type of 0-th initial value: 'i32' to be the same as the 0-th result type: 'f32'}}
  %r = "scf.parallel"(%a, %a, %a, %y) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> ({
  ^bb0(%i: index):
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      scf.reduce.return %l : f32
    }
  }) : (index, index, index, i32) -> f32
  return %r : f32
}

// -----

func.func @segments_length(%a: index) {
  // expected-error@+1 {{'scf.parallel' op 'operandSegmentSizes' attribute for specifying operand segments must have 4 elements, but got 3}}
  "scf.parallel"(%a, %a, %a) <{operandSegmentSizes = array<i32: 1, 1, 1>}> ({
  ^bb0(%i: index):
    scf.reduce
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @segments_i64(%a: index) {
  // expected-error@+1 {{'scf.parallel' op requires dense i32 array attribute 'operandSegmentSizes'}}
  "scf.parallel"(%a, %a, %a) <{operandSegmentSizes = array<i64: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    scf.reduce
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @return_in_block_without_arguments(%a: index, %x: f32) -> f32 {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%x) -> f32 {
    // expected-error@+1 {{'scf.reduce' op expected two block arguments with type 'f32' in the 0-th reduction region}}
    scf.reduce(%x : f32) {
      scf.reduce.return %x : f32
    }
  }
  return %r : f32
}
