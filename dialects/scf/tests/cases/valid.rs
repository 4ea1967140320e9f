//! Valid inputs, one per op and syntax variant, shared by the round-trip tests and the opt-in
//! mlir-opt oracle test. They use only function arguments and unregistered `test.*` ops, so
//! that mlir-opt prints them exactly as Weir does (up to SSA names).

pub const VALID: &[(&str, &str)] = &[
    (
        "if_results_else",
        r#"func.func @f(%c: i1, %x: i32, %y: i32) -> i32 {
  %0 = scf.if %c -> (i32) {
    scf.yield %x : i32
  } else {
    scf.yield %y : i32
  }
  return %0 : i32
}
"#,
    ),
    (
        "if_arrow_without_parens_and_two_results",
        r#"func.func @f(%c: i1, %x: i32, %y: f32) {
  %0 = scf.if %c -> i32 {
    scf.yield %x : i32
  } else {
    scf.yield %x : i32
  }
  %1:2 = scf.if %c -> (i32, f32) {
    %a = "test.a"() : () -> i32
    scf.yield %a, %y : i32, f32
  } else {
    scf.yield %x, %y : i32, f32
  } {tag = "two"}
  return
}
"#,
    ),
    (
        "if_no_results_implicit_yield",
        r#"func.func @f(%c: i1) {
  scf.if %c {
    "test.op"() : () -> ()
  }
  scf.if %c {
    scf.yield
  }
  scf.if %c {
  }
  scf.if %c {
  } else {
    "test.op"() : () -> ()
  }
  scf.if %c {
    "test.op"() : () -> ()
  } else {
  } {foo = 1 : i64}
  return
}
"#,
    ),
    (
        "for_index_iter_args",
        r#"func.func @f(%lb: index, %ub: index, %st: index, %x: i32, %y: f32) -> i32 {
  %0 = scf.for %iv = %lb to %ub step %st iter_args(%a = %x) -> (i32) {
    %n = "test.next"(%iv, %a) : (index, i32) -> i32
    scf.yield %n : i32
  }
  %1:2 = scf.for %iv = %lb to %ub step %st iter_args(%a = %x, %b = %y) -> (i32, f32) {
    scf.yield %a, %b : i32, f32
  }
  return %0 : i32
}
"#,
    ),
    (
        "for_no_iter_args_unsigned_attrs",
        r#"func.func @f(%lb: index, %ub: index, %st: index) {
  scf.for %iv = %lb to %ub step %st {
    "test.use"(%iv) : (index) -> ()
  }
  scf.for unsigned %iv = %lb to %ub step %st {
  }
  scf.for %iv = %lb to %ub step %st {
  } {foo = "bar"}
  scf.for %iv = %lb to %ub step %st : index {
    scf.yield
  }
  return
}
"#,
    ),
    (
        "for_integer_iv",
        r#"func.func @f(%lb: i64, %ub: i64, %st: i64, %x: i32, %s: i8) {
  %0 = scf.for %iv = %lb to %ub step %st iter_args(%a = %x) -> (i32)  : i64 {
    scf.yield %a : i32
  }
  scf.for unsigned %iv = %s to %s step %s  : i8 {
    "test.use"(%iv) : (i8) -> ()
  }
  %1 = scf.for %iv = %lb to %ub step %st iter_args(%a = %x) -> i32 : i64 {
    scf.yield %a : i32
  }
  return
}
"#,
    ),
    (
        "while_basic",
        r#"func.func @f(%c: i1, %x: i32) -> i32 {
  %0 = scf.while (%a = %x) : (i32) -> i32 {
    %cond = "test.cond"(%a) : (i32) -> i1
    scf.condition(%cond) %a : i32
  } do {
  ^bb0(%b: i32):
    %n = "test.next"(%b) : (i32) -> i32
    scf.yield %n : i32
  }
  return %0 : i32
}
"#,
    ),
    (
        "while_variants",
        r#"func.func @f(%c: i1, %x: i32, %y: f32) {
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  %0 = scf.while : () -> i32 {
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%z: i32):
    scf.yield
  } attributes {foo = 1 : i64}
  %1:2 = scf.while (%a = %x) : (i32) -> (f32, i32) {
    scf.condition(%c) {tag} %y, %a : f32, i32
  } do {
  ^bb0(%p: f32, %q: i32):
    scf.yield {tag} %q : i32
  }
  return
}
"#,
    ),
    (
        "index_switch_results",
        r#"func.func @f(%i: index, %x: i32, %y: i64) -> i32 {
  %0 = scf.index_switch %i -> i32
  case 0 {
    scf.yield %x : i32
  }
  case -3 {
    %a = "test.a"() : () -> i32
    scf.yield %a : i32
  }
  case 9223372036854775806 {
    scf.yield %x : i32
  }
  case -9223372036854775807 {
    scf.yield %x : i32
  }
  default {
    scf.yield %x : i32
  }
  %1:2 = scf.index_switch %i {tag} -> i32, i64
  default {
    scf.yield %x, %y : i32, i64
  }
  return %0 : i32
}
"#,
    ),
    (
        "index_switch_no_results",
        r#"func.func @f(%i: index) {
  scf.index_switch %i
  case 1 {
    "test.op"() : () -> ()
    scf.yield
  }
  default {
  }
  scf.index_switch %i
  default {
    "test.op"() : () -> ()
  }
  return
}
"#,
    ),
    (
        "execute_region",
        r#"func.func @f(%c: i1, %x: i32, %y: f32) {
  %0 = scf.execute_region -> i32 {
    "test.br"()[^bb1] : () -> ()
  ^bb1:
    scf.yield %x : i32
  }
  %1:2 = scf.execute_region -> (i32, f32) no_inline {
    "test.cond_br"()[^bb1, ^bb2] : () -> ()
  ^bb1:
    scf.yield %x, %y : i32, f32
  ^bb2:
    scf.yield %x, %y : i32, f32
  } {tag}
  scf.execute_region {
    scf.yield
  }
  scf.execute_region no_inline {
    scf.yield
  }
  return
}
"#,
    ),
    (
        "nested",
        r#"func.func @f(%c: i1, %i: index, %x: i32) -> i32 {
  %0 = scf.for %iv = %i to %i step %i iter_args(%a = %x) -> (i32) {
    %1 = scf.if %c -> (i32) {
      %2 = scf.index_switch %iv -> i32
      case 2 {
        %3 = scf.while (%w = %a) : (i32) -> i32 {
          scf.condition(%c) %w : i32
        } do {
        ^bb0(%w2: i32):
          scf.yield %w2 : i32
        }
        scf.yield %3 : i32
      }
      default {
        scf.index_switch %iv
        case 5 {
          scf.yield
        }
        default {
        }
        scf.yield %a : i32
      }
      scf.yield %2 : i32
    } else {
      %4 = scf.execute_region -> i32 {
        scf.yield %a : i32
      }
      scf.yield %4 : i32
    }
    scf.yield %1 : i32
  }
  return %0 : i32
}
"#,
    ),
    (
        "parallel_reductions_and_implicit_reduce",
        r#"func.func @f(%a: index, %b: index, %x: i64, %y: f32) -> (i64, f32) {
  %0:2 = scf.parallel (%i, %j) = (%a, %a) to (%b, %b) step (%a, %a) init (%x, %y) -> (i64, f32) {
    %1 = "test.a"(%i, %j) : (index, index) -> i64
    scf.reduce(%1, %y : i64, f32) {
    ^bb0(%l: i64, %r: i64):
      %2 = "test.combine"(%l, %r) : (i64, i64) -> i64
      scf.reduce.return %2 : i64
    }, {
    ^bb0(%l: f32, %r: f32):
      scf.reduce.return %l {tag} : f32
    } {note = 1 : i64}
  } {tag = "par"}
  %3 = scf.parallel (%i) = (%a) to (%b) step (%a) init (%x) -> (i64) {
    scf.reduce(%x : i64) {
    ^bb0(%l: i64, %r: i64):
      scf.reduce.return %r : i64
    }
  }
  scf.parallel (%i) = (%a) to (%b) step (%a) {
    "test.op"(%i) : (index) -> ()
  }
  scf.parallel (%i) = (%a) to (%b) step (%a) init () {
  }
  return %0#0, %0#1 : i64, f32
}
"#,
    ),
];
