//! `constant_trip_count` (scf.for) and `while_trip_count` (scf.while): exact counts computed by
//! hand, in the induction variable's width, including the loops whose variable wraps around.

use weir_test_support as support;

use support::{parse_verified, setup};
use weir_dialect_scf::{constant_trip_count, while_trip_count};
use weir_ir::{Context, OpId};

/// The first op named `name` in `m`.
fn find(ctx: &Context, m: OpId, name: &str) -> OpId {
    ctx.nested_ops(m)
        .into_iter()
        .find(|&o| ctx.is(o, name))
        .unwrap_or_else(|| panic!("no {name}"))
}

/// The trip count of `scf.for [unsigned] %i = lb to ub step s : ty` with constant bounds.
fn for_count(ty: &str, unsigned: bool, lb: i128, ub: i128, step: i128) -> Option<u128> {
    let (mut ctx, syntax) = setup();
    let u = if unsigned { "unsigned " } else { "" };
    let ty_suffix = if ty == "index" {
        String::new()
    } else {
        format!(" : {ty}")
    };
    let src = format!(
        "func.func @f() {{
  %lb = arith.constant {lb} : {ty}
  %ub = arith.constant {ub} : {ty}
  %s = arith.constant {step} : {ty}
  scf.for {u}%i = %lb to %ub step %s{ty_suffix} {{
  }}
  return
}}"
    );
    let m = parse_verified(&mut ctx, &syntax, &src);
    let op = find(&ctx, m, "scf.for");
    constant_trip_count(&ctx, op)
}

#[test]
fn half_open_range() {
    assert_eq!(for_count("index", false, 0, 3, 1), Some(3));
    assert_eq!(for_count("i32", false, -2, 2, 1), Some(4));
    assert_eq!(for_count("i64", false, 7, 8, 1), Some(1));
}

#[test]
fn step_above_one_rounds_up() {
    assert_eq!(for_count("index", false, 0, 10, 3), Some(4)); // 0 3 6 9
    assert_eq!(for_count("index", false, 0, 9, 3), Some(3)); // 0 3 6
    assert_eq!(for_count("i32", false, 0, 1, 2), Some(1)); // fault kind (b) as a for: 1, not 0
    assert_eq!(for_count("i32", false, 5, 6, 100), Some(1));
}

#[test]
fn empty_when_lb_not_below_ub() {
    assert_eq!(for_count("index", false, 5, 3, 1), Some(0));
    assert_eq!(for_count("index", false, 3, 3, 1), Some(0));
    assert_eq!(for_count("i32", false, 0, -1, 1), Some(0)); // `i <= -1` from 0
}

/// A constant step that is not positive is valid IR (as in MLIR 22: folding can make a step
/// constant 0, and what was valid before a pass stays valid); such a loop has no trip count when
/// it enters its body (a zero step never reaches `ub`, a negative one steps away from it).
#[test]
fn step_that_is_not_positive() {
    assert_eq!(for_count("index", false, 0, 10, 0), None);
    assert_eq!(for_count("i32", false, 0, 10, -1), None);
    assert_eq!(for_count("i8", true, 0, 10, 0), None);
    // No trip runs when `lb >= ub`, whatever the step.
    assert_eq!(for_count("i32", false, 10, 0, -1), Some(0));
    assert_eq!(for_count("index", false, 3, 3, 0), Some(0));
    // Unsigned, -1 : i8 is the step 255: from 0 to 10 one trip (0, then 255 >= 10).
    assert_eq!(for_count("i8", true, 0, 10, -1), Some(1));
}

#[test]
fn unsigned_comparison() {
    // -1 : i8 is 255 unsigned: 255 trips unsigned, none signed.
    assert_eq!(for_count("i8", true, 0, -1, 1), Some(255));
    assert_eq!(for_count("i8", false, 0, -1, 1), Some(0));
    // -56 : i8 is 200 unsigned: 200 >= 10, no trip; signed -56 .. 10 is 66 trips.
    assert_eq!(for_count("i8", true, -56, 10, 1), Some(0));
    assert_eq!(for_count("i8", false, -56, 10, 1), Some(66));
    // Unsigned steps above the signed maximum: -128 : i8 is 128, -100 is 156.
    assert_eq!(for_count("i8", true, 0, -56, -100), None); // 0, 156, then 312 wraps to 56 < 200
    assert_eq!(for_count("i8", true, 0, -128, 100), Some(2)); // 0, 100, then 200 >= 128: exits
    assert_eq!(for_count("i8", true, 0, -1, -128), None); // 0, 128, then 256 wraps to 0 < 255
}

#[test]
fn i8_near_its_maximum() {
    assert_eq!(for_count("i8", false, 0, 127, 1), Some(127)); // last iv 126, then 127: no wrap
    assert_eq!(for_count("i8", false, -128, 127, 1), Some(255));
    assert_eq!(for_count("i8", false, 100, 127, 27), Some(1)); // 100, then 127
                                                               // 120 123 126, then 129 wraps to -127 < 127: the loop goes on, no constant trip count.
    assert_eq!(for_count("i8", false, 120, 127, 3), None);
    assert_eq!(for_count("i8", false, 126, 127, 2), None);
}

#[test]
fn i2() {
    // i2 holds -2..=1 signed, 0..=3 unsigned.
    assert_eq!(for_count("i2", false, -2, 1, 1), Some(3)); // -2 -1 0
    assert_eq!(for_count("i2", false, -2, 0, 1), Some(2));
    assert_eq!(for_count("i2", true, 0, 3, 2), None); // 0 2, then 4 wraps to 0 < 3
    assert_eq!(for_count("i2", true, 0, 3, 1), Some(3)); // 3 : i2 is -1 in the IR
    assert_eq!(for_count("i2", true, 1, 3, 2), Some(1)); // 1, then 3
}

#[test]
fn wide_counts() {
    assert_eq!(
        for_count("index", false, 0, i64::MAX as i128, 1),
        Some(i64::MAX as u128)
    );
    assert_eq!(for_count("i64", true, 0, -1, 1), Some(u64::MAX as u128));
}

#[test]
fn variable_bounds() {
    let (mut ctx, syntax) = setup();
    let src = "func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
  }
  scf.for %i = %n to %n step %c1 {
  }
  return
}";
    let m = parse_verified(&mut ctx, &syntax, src);
    let fors: Vec<OpId> = ctx
        .nested_ops(m)
        .into_iter()
        .filter(|&o| ctx.is(o, "scf.for"))
        .collect();
    assert_eq!(constant_trip_count(&ctx, fors[0]), None);
    // lb == ub runs no trip, but the bounds are not constants: not a constant trip count (the
    // unroller relies on `Some` meaning constant bounds); the fold pattern handles this case.
    assert_eq!(constant_trip_count(&ctx, fors[1]), None);
}

/// The trip count of the first `scf.while` in `src`.
fn while_count(src: &str) -> Option<u64> {
    let (mut ctx, syntax) = setup();
    let m = parse_verified(&mut ctx, &syntax, src);
    let op = find(&ctx, m, "scf.while");
    while_trip_count(&ctx, op)
}

/// `i = init; while i PRED bound { i += step }` in type `ty`.
fn counter(ty: &str, init: i128, pred: &str, bound: i128, step: i128) -> Option<u64> {
    while_count(&format!(
        "func.func @f() -> {ty} {{
  %init = arith.constant {init} : {ty}
  %bound = arith.constant {bound} : {ty}
  %step = arith.constant {step} : {ty}
  %r = scf.while (%i = %init) : ({ty}) -> {ty} {{
    %c = arith.cmpi {pred}, %i, %bound : {ty}
    scf.condition(%c) %i : {ty}
  }} do {{
  ^bb0(%j: {ty}):
    %n = arith.addi %j, %step : {ty}
    scf.yield %n : {ty}
  }}
  return %r : {ty}
}}"
    ))
}

#[test]
fn while_counters() {
    assert_eq!(counter("i32", 0, "slt", 3, 1), Some(3));
    assert_eq!(counter("i32", 0, "slt", 10, 1), Some(10)); // E7
                                                           // Fault kind (b): `i = 0; while i < 1: i += 2` runs once; `while i <= -1` from 0 never.
    assert_eq!(counter("i32", 0, "slt", 1, 2), Some(1));
    assert_eq!(counter("i32", 0, "sle", -1, 1), Some(0));
    // Fault kind (e): 0, 2, 4 run; 6 fails the condition.
    assert_eq!(counter("i32", 0, "slt", 5, 2), Some(3));
    assert_eq!(counter("index", 10, "ne", 0, -1), Some(10));
    assert_eq!(counter("i64", 0, "ult", 1000, 7), Some(143));
}

#[test]
fn while_counters_wrap_in_their_width() {
    // i8: 100 > 0 runs, 100 + 100 = 200 wraps to -56: stops after 1 trip.
    assert_eq!(counter("i8", 100, "sgt", 0, 100), Some(1));
    // i8 unsigned view: 250 (-6) counts up to 255 and wraps to 0 after 6 trips.
    assert_eq!(counter("i8", -6, "ne", 0, 1), Some(6));
    // i2: -2, -1, 0, 1 then wraps to -2 == -2 stops: `i != -2` from -1 runs 3 trips (-1, 0, 1).
    assert_eq!(counter("i2", -1, "ne", -2, 1), Some(3));
}

#[test]
fn while_without_a_decidable_count() {
    // Never false: evens never equal 5 (i8 cycles through the evens): gives up at the limit.
    assert_eq!(counter("i8", 0, "ne", 5, 2), None);
    // A constant true condition.
    assert_eq!(
        while_count(
            "func.func @f(%x: i32) -> i32 {
  %true = arith.constant true
  %r = scf.while (%i = %x) : (i32) -> i32 {
    scf.condition(%true) %i : i32
  } do {
  ^bb0(%j: i32):
    scf.yield %j : i32
  }
  return %r : i32
}"
        ),
        None
    );
    // A runtime init.
    assert_eq!(
        while_count(
            "func.func @f(%x: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%i = %x) : (i32) -> i32 {
    %c = arith.cmpi slt, %i, %c3 : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %n = arith.addi %j, %c1 : i32
    scf.yield %n : i32
  }
  return %r : i32
}"
        ),
        None
    );
    // Division by zero on the way is not evaluated (undefined in MLIR): unknown.
    assert_eq!(
        while_count(
            "func.func @f() -> i32 {
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%i = %c1) : (i32) -> i32 {
    %q = arith.divsi %i, %c0 : i32
    %c = arith.cmpi slt, %q, %c3 : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %n = arith.addi %j, %c1 : i32
    scf.yield %n : i32
  }
  return %r : i32
}"
        ),
        None
    );
}

#[test]
fn while_e3_runtime_accumulator_is_not_needed() {
    // SEMANTICS.md E3: i = 0; while i < 3 { if x+i < y {out += x} else {out += y}; out += 1; i += 1 }:
    // `out` depends on runtime x, y, but the condition only on `i`: 3 trips.
    let src = "func.func @main(%x: i32, %y: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %r:2 = scf.while (%i = %c0, %out = %x) : (i32, i32) -> (i32, i32) {
    %lt = arith.cmpi slt, %i, %c3 : i32
    scf.condition(%lt) %i, %out : i32, i32
  } do {
  ^bb0(%i: i32, %out: i32):
    %s = arith.addi %x, %i : i32
    %c = arith.cmpi slt, %s, %y : i32
    %a = scf.if %c -> (i32) {
      %t = arith.addi %out, %x : i32
      scf.yield %t : i32
    } else {
      %e = arith.addi %out, %y : i32
      scf.yield %e : i32
    }
    %b = arith.addi %a, %c1 : i32
    %i2 = arith.addi %i, %c1 : i32
    scf.yield %i2, %b : i32, i32
  }
  return %r#1 : i32
}";
    assert_eq!(while_count(src), Some(3));
}

#[test]
fn while_condition_computed_in_the_before_region() {
    // do-while style: the before region increments; i = 0: 1 2 3 4 pass, 5 fails -> 4 trips.
    let src = "func.func @f() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %n = arith.addi %i, %c1 : i32
    %c = arith.cmpi slt, %n, %c5 : i32
    scf.condition(%c) %n : i32
  } do {
  ^bb0(%j: i32):
    scf.yield %j : i32
  }
  return %r : i32
}";
    assert_eq!(while_count(src), Some(4));
}

#[test]
fn while_through_permuted_and_fewer_forwarded_values() {
    // Before args (a, b, k); the condition forwards only (b, a): fewer values than carried
    // (fault kind (d), valid form); the body swaps them back and resets k.
    // a = 0, b = 10: trip 1 sees (a, b) = (0, 10), the body yields (b', a'+1) with
    // b' = 10 forwarded as first arg... computed by hand below.
    let src = "func.func @f() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c10 = arith.constant 10 : i32
  %r:2 = scf.while (%a = %c0, %b = %c10, %k = %c0) : (i32, i32, i32) -> (i32, i32) {
    %c = arith.cmpi slt, %a, %c3 : i32
    scf.condition(%c) %b, %a : i32, i32
  } do {
  ^bb0(%x: i32, %y: i32):
    %y1 = arith.addi %y, %c1 : i32
    scf.yield %y1, %x, %c0 : i32, i32, i32
  }
  return %r#1 : i32
}";
    // (a, b): (0, 10) -> (1, 10) -> (2, 10) -> (3, 10): a < 3 fails after 3 trips.
    assert_eq!(while_count(src), Some(3));
}

#[test]
fn while_simulation_limit() {
    let limit = weir_dialect_scf::WHILE_SIMULATION_LIMIT as i128;
    assert_eq!(counter("i32", 0, "slt", limit, 1), Some(limit as u64));
    assert_eq!(counter("i32", 0, "slt", limit + 1, 1), None);
    // Beyond the limit with a larger step is fine: the count, not the range, is bounded.
    assert_eq!(counter("i64", 0, "slt", 1 << 40, 1 << 30), Some(1024));
}
