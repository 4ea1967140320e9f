// The generic region-branch edge verifier on weir.loop edges (MLIR 22's wording, as for the scf
// loops; weir.loop is Weir's own op, so mlir-opt does not parse this file).
// RUN: cf-opt %s --split-input-file --verify-diagnostics

// The body yields an i64 where the carried value is i32.
func.func @yield_to_body(%a: i32, %b: i64) -> i32 {
  // expected-error@+1 {{'weir.loop' op along control flow edge from Operation weir.yield to Region #0: successor operand type #0 'i64' should match successor input type #0 'i32'}}
  %r = weir.loop iter_args(%a) -> (i32) {
  ^bb0(%it: index, %c: i1, %x: i32):
    // expected-note@+1 {{region branch point}}
    weir.yield %c, %b : i1, i64
  }
  return %r : i32
}

// -----

// The init is i32, the carried body argument f32 (the second carried value).
func.func @init_to_body(%a: i32, %f: f32) -> f32 {
  // expected-error@+2 {{'weir.loop' op along control flow edge from parent to Region #0: successor operand type #1 'i32' should match successor input type #1 'f32'}}
  // expected-note@+1 {{region branch point}}
  %r:2 = weir.loop iter_args(%f, %a) -> (f32, i32) {
  ^bb0(%it: index, %c: i1, %x: f32, %y: f32):
    weir.yield %c, %x, %a : i1, f32, i32
  }
  return %r#0 : f32
}
