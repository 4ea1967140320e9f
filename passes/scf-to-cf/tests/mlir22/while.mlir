// scf.while: sum of squares (SEMANTICS E6), do-while form, Collatz (while + if, MLIR-NOTES d),
// an scf.if computing the condition in the "before" region.
func.func @while_sum(%n: i64) -> i64 {
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %r:2 = scf.while (%i = %z, %s = %z) : (i64, i64) -> (i64, i64) {
    %c = arith.cmpi slt, %i, %n : i64
    scf.condition(%c) %i, %s : i64, i64
  } do {
  ^bb0(%i: i64, %s: i64):
    %sq = arith.muli %i, %i : i64
    %s2 = arith.addi %s, %sq : i64
    %i2 = arith.addi %i, %one : i64
    scf.yield %i2, %s2 : i64, i64
  }
  return %r#1 : i64
}
func.func @do_while(%n: i64) -> i64 {
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %r = scf.while (%x = %z) : (i64) -> i64 {
    %y = arith.addi %x, %one : i64
    %c = arith.cmpi slt, %y, %n : i64
    scf.condition(%c) %y : i64
  } do {
  ^bb0(%y: i64):
    scf.yield %y : i64
  }
  return %r : i64
}
func.func @collatz(%n: i64) -> i64 {
  %z = arith.constant 0 : i64
  %r:2 = scf.while (%x = %n, %s = %z) : (i64, i64) -> (i64, i64) {
    %one = arith.constant 1 : i64
    %c = arith.cmpi ne, %x, %one : i64
    scf.condition(%c) %x, %s : i64, i64
  } do {
  ^bb0(%x: i64, %s: i64):
    %two = arith.constant 2 : i64
    %zero = arith.constant 0 : i64
    %rem = arith.remsi %x, %two : i64
    %odd = arith.cmpi ne, %rem, %zero : i64
    %nx = scf.if %odd -> i64 {
      %three = arith.constant 3 : i64
      %o = arith.constant 1 : i64
      %m = arith.muli %x, %three : i64
      %a = arith.addi %m, %o : i64
      scf.yield %a : i64
    } else {
      %h = arith.divsi %x, %two : i64
      scf.yield %h : i64
    }
    %o = arith.constant 1 : i64
    %s1 = arith.addi %s, %o : i64
    scf.yield %nx, %s1 : i64, i64
  }
  return %r#1 : i64
}
func.func @if_in_before(%n: i64) -> i64 {
  %z = arith.constant 0 : i64
  %r = scf.while (%i = %z) : (i64) -> i64 {
    %lt = arith.cmpi slt, %i, %n : i64
    %c = scf.if %lt -> i1 {
      scf.yield %lt : i1
    } else {
      %ne = arith.cmpi ne, %i, %i : i64
      scf.yield %ne : i1
    }
    scf.condition(%c) %i : i64
  } do {
  ^bb0(%i: i64):
    %one = arith.constant 1 : i64
    %i2 = arith.addi %i, %one : i64
    scf.yield %i2 : i64
  }
  return %r : i64
}
