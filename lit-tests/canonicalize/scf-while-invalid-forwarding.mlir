// Fault kind (d) of issue 3, invalid form: an scf.condition that forwards fewer values than the
// while's results (and "after" arguments) need. The verifier rejects it cleanly, before any
// pass runs, so canonicalization never sees it; nothing crashes (`not` fails on a crash).
// RUN: cf-opt %s --canonicalize --split-input-file --verify-diagnostics
// RUN: cf-opt %s --fold-constant-conditions="remarks=true" --split-input-file --verify-diagnostics
// RUN: not cf-opt %s --canonicalize --split-input-file 2>&1 | FileCheck %s
// CHECK: error: 'scf.while' op along control flow edge from Operation scf.condition to parent: region branch point has 1 operands, but region successor needs 2 inputs
// CHECK: error: 'scf.while' op along control flow edge from Operation scf.condition to parent: successor operand type #0 'i64' should match successor input type #0 'i32'

func.func @fewer_forwarded() -> i32 {
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.condition to parent: region branch point has 1 operands, but region successor needs 2 inputs}}
  %r:2 = scf.while (%i = %c0, %s = %c0) : (i32, i32) -> (i32, i32) {
    %lt = arith.cmpi slt, %i, %c3 : i32
    // expected-note@+1 {{region branch point}}
    scf.condition(%lt) %i : i32
  } do {
  ^bb0(%n: i32, %t: i32):
    scf.yield %n, %t : i32, i32
  }
  return %r#1 : i32
}

// -----

// Same count, a different type: also rejected by the verifier.
func.func @mismatched_type(%x: i64) -> i32 {
  %c0 = arith.constant 0 : i32
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.condition to parent: successor operand type #0 'i64' should match successor input type #0 'i32'}}
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %false = arith.constant false
    // expected-note@+1 {{region branch point}}
    scf.condition(%false) %x : i64
  } do {
  ^bb0(%n: i32):
    scf.yield %n : i32
  }
  return %r : i32
}
