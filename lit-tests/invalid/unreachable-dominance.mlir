// Dominance is not checked for the operands of ops in unreachable blocks, but it is for ops
// nested in their regions (whose entry blocks are reachable within their own region): mlir-opt
// 22 reports this use the same way (`mlir-opt --verify-diagnostics` accepts this file).
// RUN: cf-opt %s --verify-diagnostics

func.func @nested_use_in_unreachable_block(%arg0: i32, %c: i1) -> i32 {
  return %arg0 : i32
^bb1:
  %r = scf.if %c -> i32 {
    // expected-error@+1 {{operand #0 does not dominate this use}}
    scf.yield %v : i32
  } else {
    scf.yield %arg0 : i32
  }
  // expected-note@+1 {{operand defined here (op in a parent region)}}
  %v = arith.addi %arg0, %arg0 : i32
  cf.br ^bb1
}
