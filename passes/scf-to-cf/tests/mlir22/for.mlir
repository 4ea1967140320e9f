// scf.for: sum of squares (SEMANTICS E6), unsigned compare, no iter_args with a nested if,
// nested loops with an index_switch in the outer body.
func.func @sum_squares(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {
    %ii = arith.index_cast %i : index to i64
    %sq = arith.muli %ii, %ii : i64
    %s = arith.addi %acc, %sq : i64
    scf.yield %s : i64
  }
  return %r : i64
}
func.func @trips_unsigned(%a: i64, %b: i64) -> i64 {
  %one = arith.constant 1 : i64
  %z = arith.constant 0 : i64
  %r = scf.for unsigned %i = %a to %b step %one iter_args(%c = %z) -> i64 : i64 {
    %n = arith.addi %c, %one : i64
    scf.yield %n : i64
  }
  return %r : i64
}
func.func @no_iter_args(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = arith.cmpi slt, %i, %n : index
    scf.if %t {
      %x = arith.addi %i, %i : index
    }
  }
  return
}
func.func @nested(%n: index) -> (i64, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z, %acc2 = %z) -> (i64, i64) {
    %in = scf.for %j = %c0 to %i step %c1 iter_args(%a = %acc) -> i64 {
      %a1 = arith.addi %a, %one : i64
      scf.yield %a1 : i64
    }
    %sv = scf.index_switch %i -> i64
    case 0 {
      %c = arith.constant 1 : i64
      scf.yield %c : i64
    }
    case 2 {
      %c = arith.constant 10 : i64
      scf.yield %c : i64
    }
    case 4294967297 {
      %c = arith.constant 1000 : i64
      scf.yield %c : i64
    }
    default {
      %c = arith.constant 100 : i64
      scf.yield %c : i64
    }
    %x = arith.addi %acc2, %sv : i64
    scf.yield %in, %x : i64, i64
  }
  return %r#0, %r#1 : i64, i64
}
