// Region-branch edges of scf.index_switch. MLIR 22's IndexSwitchOp::verify checks every yield
// against the results before its generic edge verifier runs, so a yield type mismatch is
// reported with the op's own wording (mlir-opt 22's first diagnostic, checked with
// `mlir-opt --split-input-file --verify-diagnostics`); Weir keeps that order (the op's verifier,
// then the generic one from its RegionBranch interface).
// RUN: cf-opt %s --split-input-file --verify-diagnostics

func.func @case_yield_type(%i: index) -> i32 {
  // expected-error@+1 {{'scf.index_switch' op expected result #0 of each region to be 'i32'}}
  %r = scf.index_switch %i -> i32
  case 0 {
    %c = arith.constant 1 : i64
    // expected-note@+1 {{case region #0 returns 'i64' here}}
    scf.yield %c : i64
  }
  default {
    %c = arith.constant 1 : i32
    scf.yield %c : i32
  }
  return %r : i32
}
