//! Round trips of every scf op and syntax variant: parse -> print -> parse -> print is a
//! fixpoint, the generic form re-parses to the same IR, and selected printed forms are exactly
//! what mlir-opt 22 prints (hand-copied from its output; SSA names are Weir's).

use weir_test_support as support;
#[path = "cases/valid.rs"]
mod valid;

use support::*;

#[test]
fn every_valid_case_round_trips() {
    for (name, src) in valid::VALID {
        let printed = std::panic::catch_unwind(|| roundtrip(src));
        assert!(printed.is_ok(), "case {name} failed");
    }
}

#[test]
fn if_prints_like_mlir() {
    let out = roundtrip(valid::VALID[2].1);
    assert_eq!(
        out,
        r#"module {
  func.func @f(%arg0: i1) {
    scf.if %arg0 {
      "test.op"() : () -> ()
    }
    scf.if %arg0 {
    }
    scf.if %arg0 {
    }
    scf.if %arg0 {
    } else {
      "test.op"() : () -> ()
    }
    scf.if %arg0 {
      "test.op"() : () -> ()
    } else {
    } {foo = 1 : i64}
    return
  }
}
"#
    );
    let out = roundtrip(valid::VALID[1].1);
    assert!(
        out.contains("%0 = scf.if %arg0 -> (i32) {\n      scf.yield %arg1 : i32\n    } else {"),
        "{out}"
    );
    assert!(out.contains("    } {tag = \"two\"}\n"), "{out}");
}

#[test]
fn if_generic_form_has_two_regions_and_explicit_yields() {
    let g = print_src(
        "func.func @f(%c: i1) {\n  scf.if %c {\n  }\n  return\n}\n",
        true,
    );
    assert!(
        g.contains(
            "\"scf.if\"(%arg0) ({\n      \"scf.yield\"() : () -> ()\n    }, {\n    }) : (i1) -> ()"
        ),
        "{g}"
    );
}

#[test]
fn for_prints_like_mlir() {
    let out = roundtrip(valid::VALID[5].1);
    assert_eq!(
        out,
        r#"module {
  func.func @f(%arg0: i64, %arg1: i64, %arg2: i64, %arg3: i32, %arg4: i8) {
    %0 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg3) -> (i32)  : i64 {
      scf.yield %arg6 : i32
    }
    scf.for unsigned %arg5 = %arg4 to %arg4 step %arg4  : i8 {
      "test.use"(%arg5) : (i8) -> ()
    }
    %1 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg3) -> (i32)  : i64 {
      scf.yield %arg6 : i32
    }
    return
  }
}
"#
    );
    let out = roundtrip(valid::VALID[4].1);
    assert!(
        out.contains("    scf.for unsigned %arg3 = %arg0 to %arg1 step %arg2 {\n    }\n"),
        "{out}"
    );
    assert!(
        out.contains("    scf.for %arg3 = %arg0 to %arg1 step %arg2 {\n    } {foo = \"bar\"}\n"),
        "{out}"
    );
    let g = print_src(valid::VALID[4].1, true);
    assert!(
        g.contains("\"scf.for\"(%arg0, %arg1, %arg2) ({\n    ^bb0(%arg5: index):"),
        "{g}"
    );
    assert!(
        g.contains("{unsignedCmp} : (index, index, index) -> ()"),
        "{g}"
    );
}

#[test]
fn while_prints_like_mlir() {
    let out = roundtrip(valid::VALID[7].1);
    assert_eq!(
        out,
        r#"module {
  func.func @f(%arg0: i1, %arg1: i32, %arg2: f32) {
    scf.while : () -> () {
      scf.condition(%arg0)
    } do {
      scf.yield
    }
    %0 = scf.while : () -> i32 {
      scf.condition(%arg0) %arg1 : i32
    } do {
    ^bb0(%arg3: i32):
      scf.yield
    } attributes {foo = 1 : i64}
    %1:2 = scf.while (%arg3 = %arg1) : (i32) -> (f32, i32) {
      scf.condition(%arg0) {tag} %arg2, %arg3 : f32, i32
    } do {
    ^bb0(%arg3: f32, %arg4: i32):
      scf.yield {tag} %arg4 : i32
    }
    return
  }
}
"#
    );
}

#[test]
fn index_switch_prints_like_mlir() {
    let out = roundtrip(valid::VALID[8].1);
    assert_eq!(
        out,
        r#"module {
  func.func @f(%arg0: index, %arg1: i32, %arg2: i64) -> i32 {
    %0 = scf.index_switch %arg0 -> i32 
    case 0 {
      scf.yield %arg1 : i32
    }
    case -3 {
      %2 = "test.a"() : () -> i32
      scf.yield %2 : i32
    }
    case 9223372036854775806 {
      scf.yield %arg1 : i32
    }
    case -9223372036854775807 {
      scf.yield %arg1 : i32
    }
    default {
      scf.yield %arg1 : i32
    }
    %1:2 = scf.index_switch %arg0 {tag} -> i32, i64 
    default {
      scf.yield %arg1, %arg2 : i32, i64
    }
    return %0 : i32
  }
}
"#
    );
    let g = print_src(valid::VALID[8].1, true);
    assert!(
        g.contains("{cases = array<i64: 0, -3, 9223372036854775806, -9223372036854775807>}"),
        "{g}"
    );
    // Generic region order: default first.
    let out = roundtrip(valid::VALID[9].1);
    assert!(out.contains("    scf.index_switch %arg0 \n    case 1 {\n      \"test.op\"() : () -> ()\n      scf.yield\n    }\n    default {\n    }\n"), "{out}");
}

#[test]
fn index_switch_generic_regions_default_first() {
    let src = "func.func @f(%i: index) {\n  scf.index_switch %i\n  case 4 {\n    \"test.case\"() : () -> ()\n    scf.yield\n  }\n  default {\n    \"test.default\"() : () -> ()\n  }\n  return\n}\n";
    let g = print_src(src, true);
    let d = g.find("test.default").unwrap();
    let c = g.find("test.case").unwrap();
    assert!(d < c, "{g}");
    assert!(g.contains("{cases = array<i64: 4>}"), "{g}");
}

#[test]
fn execute_region_prints_like_mlir() {
    let out = roundtrip(valid::VALID[10].1);
    assert_eq!(
        out,
        r#"module {
  func.func @f(%arg0: i1, %arg1: i32, %arg2: f32) {
    %0 = scf.execute_region -> i32 {
      "test.br"()[^bb1] : () -> ()
    ^bb1:  // pred: ^bb0
      scf.yield %arg1 : i32
    }
    %1:2 = scf.execute_region -> (i32, f32) no_inline {
      "test.cond_br"()[^bb1, ^bb2] : () -> ()
    ^bb1:  // pred: ^bb0
      scf.yield %arg1, %arg2 : i32, f32
    ^bb2:  // pred: ^bb0
      scf.yield %arg1, %arg2 : i32, f32
    } {tag}
    scf.execute_region {
      scf.yield
    }
    scf.execute_region no_inline {
      scf.yield
    }
    return
  }
}
"#
    );
}

#[test]
fn nested_ops_are_indented_like_mlir() {
    let out = roundtrip(valid::VALID[11].1);
    assert!(
        out.contains("        %2 = scf.index_switch %arg3 -> i32 \n        case 2 {\n"),
        "{out}"
    );
    assert!(out.contains("          scf.index_switch %arg3 \n          case 5 {\n            scf.yield\n          }\n          default {\n          }\n"), "{out}");
}

#[test]
fn arith_constant_steps_are_accepted_when_positive() {
    // Generic arith.constant, so that this does not depend on the arith crate's syntax.
    let src = r#"func.func @f(%lb: index, %ub: index) {
  %c1 = "arith.constant"() <{value = 1 : index}> : () -> index
  scf.for %iv = %lb to %ub step %c1 {
  }
  %m1 = "arith.constant"() <{value = -1 : i32}> : () -> i32
  %z = "arith.constant"() <{value = 0 : i32}> : () -> i32
  scf.for unsigned %iv = %z to %z step %m1  : i32 {
  }
  return
}
"#;
    roundtrip(src);
}

#[test]
fn index_switch_accepts_the_whole_i64_range() {
    // mlir-opt 22 wrongly reports `has duplicate case value: 9223372036854775807` for this
    // input: its duplicate check uses a DenseSet<int64_t>, whose reserved empty/tombstone keys
    // are INT64_MAX and INT64_MIN. Weir accepts them.
    let src = r#"func.func @f(%i: index) {
  scf.index_switch %i
  case 1 {
    scf.yield
  }
  case 9223372036854775807 {
    scf.yield
  }
  case -9223372036854775808 {
    scf.yield
  }
  default {
  }
  return
}
"#;
    let out = roundtrip(src);
    assert!(
        out.contains("case 9223372036854775807 {") && out.contains("case -9223372036854775808 {"),
        "{out}"
    );
    let g = print_src(src, true);
    assert!(
        g.contains("{cases = array<i64: 1, 9223372036854775807, -9223372036854775808>}"),
        "{g}"
    );
}

#[test]
fn implicit_yield_with_attributes_is_kept() {
    // mlir-opt 22 drops the terminator of a result-less scf.if / scf.for whatever it carries
    // (losing `{tag}`); Weir leaves out only operand- and attribute-less terminators.
    let src = "func.func @f(%c: i1, %i: index) {\n  scf.if %c {\n    scf.yield {tag}\n  }\n  scf.for %iv = %i to %i step %i {\n    scf.yield {tag}\n  }\n  return\n}\n";
    let out = roundtrip(src);
    assert!(
        out.contains("    scf.if %arg0 {\n      scf.yield {tag}\n    }\n"),
        "{out}"
    );
    assert!(
        out.contains("step %arg1 {\n      scf.yield {tag}\n    }\n"),
        "{out}"
    );
}

#[test]
fn parallel_prints_like_mlir() {
    let src = valid::VALID
        .iter()
        .find(|(n, _)| *n == "parallel_reductions_and_implicit_reduce")
        .unwrap()
        .1;
    let out = roundtrip(src);
    // mlir-opt 22 prints the same; the operand-less `scf.reduce` is always
    // printed, with a trailing space.
    assert!(
        out.contains("%0:2 = scf.parallel (%arg4, %arg5) = (%arg0, %arg0) to (%arg1, %arg1) step (%arg0, %arg0) init (%arg2, %arg3) -> (i64, f32) {\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "      scf.reduce(%2, %arg3 : i64, f32) {\n      ^bb0(%arg6: i64, %arg7: i64):\n"
        ),
        "{out}"
    );
    assert!(out.contains("      }, {\n      ^bb0(%arg6: f32, %arg7: f32):\n        scf.reduce.return %arg6 {tag} : f32\n      } {note = 1 : i64}\n    } {tag = \"par\"}\n"), "{out}");
    assert!(out.contains(") init (%arg2) -> i64 {\n"), "{out}");
    assert!(
        out.contains("      \"test.op\"(%arg4) : (index) -> ()\n      scf.reduce \n    }\n"),
        "{out}"
    );
    assert!(
        out.contains("step (%arg0) {\n      scf.reduce \n    }\n    return"),
        "{out}"
    );
    let g = print_src(src, true);
    assert!(
        g.contains("{operandSegmentSizes = array<i32: 2, 2, 2, 2>, tag = \"par\"} : (index, index, index, index, index, index, i64, f32) -> (i64, f32)"),
        "{g}"
    );
    assert!(g.contains("\"scf.reduce\"() : () -> ()"), "{g}");
}
