// weir.loop inputs (generic form: weir has no upstream syntax). Semantics in SEMANTICS.md 6.
// @max_cond: x = x0; it < max && cond; x += 1; cond = x < 3.
func.func @max_cond(%max: i64, %x0: i64) -> i64 {
  %true = arith.constant true
  %one = arith.constant 1 : i64
  %three = arith.constant 3 : i64
  %r = "weir.loop"(%max, %true, %x0) ({
  ^bb0(%it: i64, %c: i1, %x: i64):
    %x1 = arith.addi %x, %one : i64
    %c1 = arith.cmpi slt, %x1, %three : i64
    "weir.yield"(%c1, %x1) : (i1, i64) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>} : (i64, i1, i64) -> i64
  return %r : i64
}
// @no_max: no max, no initial cond, index iteration number; cond = it < 4.
func.func @no_max(%x0: i64) -> i64 {
  %one = arith.constant 1 : i64
  %four = arith.constant 4 : index
  %r = "weir.loop"(%x0) ({
  ^bb0(%it: index, %c: i1, %x: i64):
    %x1 = arith.addi %x, %one : i64
    %c1 = arith.cmpi slt, %it, %four : index
    "weir.yield"(%c1, %x1) : (i1, i64) -> ()
  }) {operandSegmentSizes = array<i32: 0, 0, 1>} : (i64) -> i64
  return %r : i64
}
// @nested: count += 1 inside loop(max mi) inside loop(max mo).
func.func @nested(%mo: i32, %mi: i32) -> i32 {
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %r = "weir.loop"(%mo, %z) ({
  ^bb0(%it: i32, %c: i1, %n: i32):
    %in = "weir.loop"(%mi, %n) ({
    ^bb0(%it2: i32, %c2: i1, %m: i32):
      %m1 = arith.addi %m, %one : i32
      "weir.yield"(%c2, %m1) : (i1, i32) -> ()
    }) {operandSegmentSizes = array<i32: 1, 0, 1>} : (i32, i32) -> i32
    "weir.yield"(%c, %in) : (i1, i32) -> ()
  }) {operandSegmentSizes = array<i32: 1, 0, 1>} : (i32, i32) -> i32
  return %r : i32
}
