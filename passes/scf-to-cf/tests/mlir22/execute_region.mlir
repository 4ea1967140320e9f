// scf.execute_region: no results; several blocks and yields, with a do-while nested in a block.
func.func @er(%c: i1, %a: i32) -> i32 {
  scf.execute_region {
    scf.yield
  }
  %r = scf.execute_region -> i32 {
    cf.cond_br %c, ^bb1, ^bb2(%a : i32)
  ^bb1:
    %w = scf.while (%x = %a) : (i32) -> i32 {
      %cc = arith.cmpi slt, %x, %a : i32
      scf.condition(%cc) %x : i32
    } do {
    ^bb0(%y: i32):
      scf.yield %y : i32
    }
    scf.yield %w : i32
  ^bb2(%v: i32):
    %d = arith.addi %v, %v : i32
    scf.yield %d : i32
  }
  return %r : i32
}
