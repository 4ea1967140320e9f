// The scf.while forms convert-weir-to-scf must produce for loop.mlir, written by hand from
// SEMANTICS.md 6 and the lowering's specification (upstream mlir-opt verifies them as scf).
func.func @max_cond(%max: i64, %x0: i64) -> i64 {
  %true = arith.constant true
  %one = arith.constant 1 : i64
  %three = arith.constant 3 : i64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %w:3 = scf.while (%it = %c0, %c = %true, %x = %x0) : (i64, i1, i64) -> (i64, i1, i64) {
    %lt = arith.cmpi slt, %it, %max : i64
    %go = arith.andi %lt, %c : i1
    scf.condition(%go) %it, %c, %x : i64, i1, i64
  } do {
  ^bb0(%it: i64, %c: i1, %x: i64):
    %x1 = arith.addi %x, %one : i64
    %cn = arith.cmpi slt, %x1, %three : i64
    %it1 = arith.addi %it, %c1 : i64
    scf.yield %it1, %cn, %x1 : i64, i1, i64
  }
  return %w#2 : i64
}
func.func @no_max(%x0: i64) -> i64 {
  %one = arith.constant 1 : i64
  %four = arith.constant 4 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %w:3 = scf.while (%it = %c0, %c = %true, %x = %x0) : (index, i1, i64) -> (index, i1, i64) {
    scf.condition(%c) %it, %c, %x : index, i1, i64
  } do {
  ^bb0(%it: index, %c: i1, %x: i64):
    %x1 = arith.addi %x, %one : i64
    %cn = arith.cmpi slt, %it, %four : index
    %it1 = arith.addi %it, %c1 : index
    scf.yield %it1, %cn, %x1 : index, i1, i64
  }
  return %w#2 : i64
}
func.func @nested(%mo: i32, %mi: i32) -> i32 {
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %true = arith.constant true
  %w:3 = scf.while (%it = %c0, %c = %true, %n = %z) : (i32, i1, i32) -> (i32, i1, i32) {
    %lt = arith.cmpi slt, %it, %mo : i32
    %go = arith.andi %lt, %c : i1
    scf.condition(%go) %it, %c, %n : i32, i1, i32
  } do {
  ^bb0(%it: i32, %c: i1, %n: i32):
    %d0 = arith.constant 0 : i32
    %d1 = arith.constant 1 : i32
    %dtrue = arith.constant true
    %v:3 = scf.while (%it2 = %d0, %c2 = %dtrue, %m = %n) : (i32, i1, i32) -> (i32, i1, i32) {
      %lt2 = arith.cmpi slt, %it2, %mi : i32
      %go2 = arith.andi %lt2, %c2 : i1
      scf.condition(%go2) %it2, %c2, %m : i32, i1, i32
    } do {
    ^bb0(%it2: i32, %c2: i1, %m: i32):
      %m1 = arith.addi %m, %one : i32
      %it21 = arith.addi %it2, %d1 : i32
      scf.yield %it21, %c2, %m1 : i32, i1, i32
    }
    %it1 = arith.addi %it, %c1 : i32
    scf.yield %it1, %c, %v#2 : i32, i1, i32
  }
  return %w#2 : i32
}
