// Invalid arith.addui_extended / mului_extended / mulsi_extended (issue 8): each chunk is one
// verifier error. The expectations hold for both cf-opt and upstream
// `mlir-opt --split-input-file --verify-diagnostics` (MLIR 22).
// RUN: cf-opt %s --split-input-file --verify-diagnostics

func.func @f1(%a: i32, %c: i64, %f: f32, %v: vector<2xi32>) {
  // expected-error@+1 {{'arith.addui_extended' op result #1 must be bool-like, but got 'i8'}}
  %0:2 = arith.addui_extended %a, %a : i32, i8
  return
}

// -----

func.func @f2(%a: i32, %c: i64, %f: f32, %v: vector<2xi32>) {
  // expected-error@+1 {{'arith.mulsi_extended' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0:2 = "arith.mulsi_extended"(%f, %f) : (f32, f32) -> (f32, f32)
  return
}

// -----

func.func @f3(%a: i32, %c: i64, %f: f32, %v: vector<2xi32>) {
  // expected-error@+1 {{'arith.addui_extended' op expected 2 operands, but found 1}}
  %0:2 = "arith.addui_extended"(%a) : (i32) -> (i32, i1)
  return
}

// -----

func.func @f4(%a: i32, %c: i64, %f: f32, %v: vector<2xi32>) {
  // expected-error@+1 {{'arith.addui_extended' op failed to verify that all of {lhs, rhs, sum} have same type}}
  %0:2 = "arith.addui_extended"(%a, %c) : (i32, i64) -> (i32, i1)
  return
}

// -----

func.func @f5(%a: i32, %c: i64, %f: f32, %v: vector<2xi32>) {
  // expected-error@+1 {{'arith.mului_extended' op failed to verify that all of {lhs, rhs, low, high} have same type}}
  %0:2 = "arith.mului_extended"(%a, %a) : (i32, i32) -> (i32, i64)
  return
}

// -----

func.func @f6(%a: i32, %c: i64, %f: f32, %v: vector<2xi32>) {
  // expected-error@+1 {{'arith.addui_extended' op if an operand is non-scalar, then all results must be non-scalar}}
  %0:2 = "arith.addui_extended"(%v, %v) : (vector<2xi32>, vector<2xi32>) -> (vector<2xi32>, i1)
  return
}

// -----

func.func @f7(%a: i32, %c: i64, %f: f32, %v: vector<2xi32>) {
  // expected-error@+1 {{'arith.addui_extended' op all non-scalar operands/results must have the same shape and base type}}
  %0:2 = "arith.addui_extended"(%v, %v) : (vector<2xi32>, vector<2xi32>) -> (vector<2xi32>, vector<3xi1>)
  return
}

// -----

func.func @one_result(%a: i32) {
  // expected-error@+1 {{'arith.mulsi_extended' op expected 2 results}}
  %0 = "arith.mulsi_extended"(%a, %a) : (i32, i32) -> (i32)
  return
}
