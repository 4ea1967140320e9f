// --fold-constant-conditions="remarks=true" on weir.loop: constant max / initial condition, what
// was done, and why a loop stays. A loop converted to scf.for also gets the scf.for's own remark.
// RUN: cf-opt %s --fold-constant-conditions="remarks=true" --verify-diagnostics

func.func @loops(%m: i64, %c: i1, %x: i32) -> (i32, i32, i32, i32, i32, i32, i32) {
  %zero = arith.constant 0 : i64
  %five = arith.constant 5 : i64
  %ten = arith.constant 10 : i64
  %false = arith.constant false
  %one = arith.constant 1 : i32
  %three = arith.constant 3 : i32
  // expected-remark@+1 {{constant max 0: loop removed}}
  %a = weir.loop max(%zero : i64) iter_args(%x) -> (i32) {
  ^bb0(%it: i64, %k: i1, %v: i32):
    weir.yield %k, %v : i1, i32
  }
  // expected-remark@+1 {{constant condition: folded (false: loop removed)}}
  %b = weir.loop max(%m : i64) cond(%false) iter_args(%a) -> (i32) {
  ^bb0(%it: i64, %k: i1, %v: i32):
    weir.yield %k, %v : i1, i32
  }
  // expected-remark@+2 {{constant max 5 and a condition that stays true: converted to scf.for}}
  // expected-remark@+1 {{constant trip count 5: kept as a loop}}
  %d = weir.loop max(%five : i64) iter_args(%b) -> (i32) {
  ^bb0(%it: i64, %k: i1, %v: i32):
    %n = arith.addi %v, %one : i32
    weir.yield %k, %n : i1, i32
  }
  // expected-remark@+1 {{constant max 10, condition computed by the body: kept}}
  %e = weir.loop max(%ten : i64) iter_args(%d) -> (i32) {
  ^bb0(%it: i64, %k: i1, %v: i32):
    %n = arith.addi %v, %one : i32
    %go = arith.cmpi slt, %n, %three : i32
    weir.yield %go, %n : i1, i32
  }
  // expected-remark@+1 {{variable max: kept}}
  %f = weir.loop max(%m : i64) iter_args(%e) -> (i32) {
  ^bb0(%it: i64, %k: i1, %v: i32):
    weir.yield %k, %v : i1, i32
  }
  // expected-remark@+1 {{constant max 5, variable initial condition: kept}}
  %g = weir.loop max(%five : i64) cond(%c) iter_args(%f) -> (i32) {
  ^bb0(%it: i64, %k: i1, %v: i32):
    weir.yield %k, %v : i1, i32
  }
  // expected-remark@+1 {{no max, variable initial condition, condition computed by the body: kept}}
  %h = weir.loop cond(%c) iter_args(%g) -> (i32) {
  ^bb0(%it: index, %k: i1, %v: i32):
    %n = arith.addi %v, %one : i32
    %go = arith.cmpi slt, %n, %three : i32
    weir.yield %go, %n : i1, i32
  }
  return %a, %b, %d, %e, %f, %g, %h : i32, i32, i32, i32, i32, i32, i32
}
