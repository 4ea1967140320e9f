// Sum of squares (SEMANTICS.md E6): i = 0, r = 0; while i < n { r += i*i; i += 1 }; returns r.
// cf-run examples/sum-of-squares.mlir --arg '10 : i64'  ->  285

func.func @main(%n: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %r:2 = scf.while (%i = %c0, %acc = %c0) : (i64, i64) -> (i64, i64) {
    %lt = arith.cmpi slt, %i, %n : i64
    scf.condition(%lt) %i, %acc : i64, i64
  } do {
  ^bb0(%i: i64, %acc: i64):
    %sq = arith.muli %i, %i : i64
    %acc2 = arith.addi %acc, %sq : i64
    %i2 = arith.addi %i, %c1 : i64
    scf.yield %i2, %acc2 : i64, i64
  }
  return %r#1 : i64
}
