// weir.loop in its custom syntax (dialects/weir), for the end-to-end test in tests/text.rs.
// @count: x = 0; loop max(%max) { x += 1 }  -> max trips (0 if max <= 0).
func.func @count(%max: i64) -> i64 {
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %r = weir.loop max(%max : i64) iter_args(%z) -> (i64) {
  ^bb0(%it: i64, %c: i1, %x: i64):
    %x1 = arith.addi %x, %one : i64
    weir.yield %c, %x1 : i1, i64
  }
  return %r : i64
}
// @until3: no max; the condition turns false after 3 trips.
func.func @until3() -> i64 {
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %three = arith.constant 3 : i64
  %true = arith.constant true
  %r = weir.loop cond(%true) iter_args(%z) -> (i64) {
  ^bb0(%it: i64, %c: i1, %x: i64):
    %x1 = arith.addi %x, %one : i64
    %c1 = arith.cmpi slt, %x1, %three : i64
    weir.yield %c1, %x1 : i1, i64
  }
  return %r : i64
}
// @squares: sum of it*it for it < n, with an index iteration number and an scf.if in the body:
// odd iterations add their square, even ones add 0 -> for n = 10: 1 + 9 + 25 + 49 + 81 = 165.
func.func @squares(%n: index) -> (i64, i64) {
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %r:2 = weir.loop max(%n : index) iter_args(%z, %z) -> (i64, i64) {
  ^bb0(%it: index, %c: i1, %acc: i64, %odd: i64):
    %i = arith.index_cast %it : index to i64
    %sq = arith.muli %i, %i : i64
    %bit = arith.andi %i, %one : i64
    %isodd = arith.cmpi ne, %bit, %z : i64
    %add = scf.if %isodd -> (i64) {
      scf.yield %sq : i64
    } else {
      scf.yield %z : i64
    }
    %acc1 = arith.addi %acc, %sq : i64
    %odd1 = arith.addi %odd, %add : i64
    weir.yield %c, %acc1, %odd1 : i1, i64, i64
  }
  return %r#0, %r#1 : i64, i64
}
