// Invalid scf IR where Weir deliberately differs from upstream MLIR 22 (MLIR 22 accepts the IR,
// or words the error differently), so these chunks are checked with cf-opt only. The
// differences are the deliberate ones listed in dialects/scf/src/lib.rs:
// - a block argument in an scf.index_switch region: MLIR 22's verifier does not check it (and
//   mlir-opt then prints the region without its argument, i.e. IR that no longer parses);
//   Weir applies the rule of scf.if ("region #N should have no arguments");
// - `N-th region iter_arg and N-th loop result have different type` names the real index
//   (MLIR 22 always says `0-th`);
// - an scf.for body without arguments gets its own message (MLIR 22 prints an underflowed
//   count: `different number of inits and region iter_args: 0 != 18446744073709551615`).
// RUN: cf-opt %s --split-input-file --verify-diagnostics

func.func @switch_region_with_args(%i: index, %a: i32) -> i32 {
  // expected-error@+1 {{'scf.index_switch' op region #1 should have no arguments}}
  %r = "scf.index_switch"(%i) <{cases = array<i64: 0>}> ({
    scf.yield %a : i32
  }, {
  ^bb0(%x: i32):
    scf.yield %x : i32
  }) : (index) -> i32
  return %r : i32
}

// -----

func.func @for_second_result_type(%n: index, %a: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{'scf.for' op 1-th region iter_arg and 1-th loop result have different type: 'i32' != 'f32'}}
  %r:2 = "scf.for"(%c0, %n, %c1, %a, %a) ({
  ^bb0(%i: index, %x: i32, %y: i32):
    scf.yield %x, %y : i32, i32
  }) : (index, index, index, i32, i32) -> (i32, f32)
  return
}

// -----

func.func @for_body_without_args(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{'scf.for' op expected the body block to have the induction variable as its first argument}}
  "scf.for"(%c0, %n, %c1) ({
    scf.yield
  }) : (index, index, index) -> ()
  return
}
