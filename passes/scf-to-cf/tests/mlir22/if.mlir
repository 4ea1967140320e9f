// scf.if: with a result (MLIR-NOTES d), without results or else, two results with a nested if.
func.func @if_result(%c: i1, %a: i32, %b: i32) -> i32 {
  %r = scf.if %c -> i32 {
    %s = arith.addi %a, %b : i32
    scf.yield %s : i32
  } else {
    scf.yield %b : i32
  }
  return %r : i32
}
func.func @if_no_result(%c: i1, %a: i64) -> i64 {
  scf.if %c {
    %x = arith.addi %a, %a : i64
  }
  return %a : i64
}
func.func @if_nested(%c: i1, %d: i1, %a: i32, %b: i64) -> (i32, i64) {
  %r:2 = scf.if %c -> (i32, i64) {
    scf.yield %a, %b : i32, i64
  } else {
    %x = scf.if %d -> i32 {
      %y = arith.muli %a, %a : i32
      scf.yield %y : i32
    } else {
      scf.yield %a : i32
    }
    scf.yield %x, %b : i32, i64
  }
  return %r#0, %r#1 : i32, i64
}
