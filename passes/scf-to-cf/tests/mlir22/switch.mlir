// scf.index_switch: a case value above 2^32, only a default, a negative case with a while and an
// if nested in a case region.
func.func @wide(%i: index) -> i64 {
  %r = scf.index_switch %i -> i64
  case 0 {
    %c = arith.constant 10 : i64
    scf.yield %c : i64
  }
  case 1 {
    %c = arith.constant 20 : i64
    scf.yield %c : i64
  }
  case 4294967297 {
    %c = arith.constant 30 : i64
    scf.yield %c : i64
  }
  default {
    %c = arith.constant 99 : i64
    scf.yield %c : i64
  }
  return %r : i64
}
func.func @default_only(%i: index) -> i32 {
  %r = scf.index_switch %i -> i32
  default {
    %c = arith.constant 1 : i32
    scf.yield %c : i32
  }
  return %r : i32
}
func.func @nested_case(%i: index, %a: i32) -> (i32, i32) {
  %r:2 = scf.index_switch %i -> i32, i32
  case 5 {
    %w:2 = scf.while (%x = %a, %y = %a) : (i32, i32) -> (i32, i32) {
      %cc = arith.cmpi slt, %x, %y : i32
      %z = scf.if %cc -> i32 {
        scf.yield %x : i32
      } else {
        scf.yield %y : i32
      }
      scf.condition(%cc) %z, %x : i32, i32
    } do {
    ^bb0(%p: i32, %q: i32):
      %s = arith.addi %p, %q : i32
      scf.yield %s, %q : i32, i32
    }
    scf.yield %w#0, %w#1 : i32, i32
  }
  case -3 {
    scf.yield %a, %a : i32, i32
  }
  default {
    scf.yield %a, %a : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
