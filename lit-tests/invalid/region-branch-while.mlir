// The generic region-branch edge verifier (weir_ir::interfaces::region_branch::verify_edges) on
// scf.while edges: each chunk's expectation is mlir-opt 22's first diagnostic for it (checked
// with `mlir-opt --split-input-file --verify-diagnostics`).
// RUN: cf-opt %s --split-input-file --verify-diagnostics

// The yield goes back to "before", whose argument is i32.
func.func @yield_to_before(%a: i32, %b: i64, %c: i1) -> i32 {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.yield to Region #0: successor operand type #0 'i64' should match successor input type #0 'i32'}}
  %r = scf.while (%x = %a) : (i32) -> i32 {
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    // expected-note@+1 {{region branch point}}
    scf.yield %b : i64
  }
  return %r : i32
}

// -----

// The condition forwards one value, "after" takes two.
func.func @condition_to_after_count(%a: i32, %c: i1) -> i32 {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.condition to Region #1: region branch point has 1 operands, but region successor needs 2 inputs}}
  %r = scf.while (%x = %a) : (i32) -> i32 {
    // expected-note@+1 {{region branch point}}
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32, %z: i32):
    scf.yield %y : i32
  }
  return %r : i32
}
