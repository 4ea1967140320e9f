// An op that fails at compile time is reported even when its result is unused, or used only
// through `len` (which folds from the type): Python raises there whether or not the value is
// read (expected.txt "pop 5", "setitem -3", "unused getitem 5", "index missing"). A
// `fromkeys` whose declared result type names other keys than the constant ones is reported
// too, instead of `in` answering from the wrong type ("fromkeys keys": ['a', 'b']).
// RUN: cf-opt %s --split-input-file --canonicalize --convert-scf-to-cf --verify-diagnostics

func.func @pop_out_of_range(%a: i64) -> index {
  %l = weir.list [%a, %a] : i64, i64
  %i = arith.constant 5 : index
  // expected-error@+1 {{'weir.list.pop' op cannot be resolved at compile time: list index should be in range [-2, 2), but got 5}}
  %r, %v = weir.list.pop %l[%i] : !weir.list<i64, i64> -> !weir.list<i64>, i64
  %n = weir.list.len %r : !weir.list<i64>
  return %n : index
}

// -----

func.func @setitem_out_of_range(%a: i64) -> index {
  %l = weir.list [%a, %a] : i64, i64
  %i = arith.constant -3 : index
  // expected-error@+1 {{'weir.list.setitem' op cannot be resolved at compile time: list index should be in range [-2, 2), but got -3}}
  %m = weir.list.setitem %l[%i], %a : !weir.list<i64, i64>, i64 -> !weir.list<i64, i64>
  %n = weir.list.len %m : !weir.list<i64, i64>
  return %n : index
}

// -----

func.func @unused_getitem(%a: i64) -> i64 {
  %l = weir.list [%a, %a] : i64, i64
  %i = arith.constant 5 : index
  // expected-error@+1 {{'weir.list.getitem' op cannot be resolved at compile time: list index should be in range [-2, 2), but got 5}}
  %x = weir.list.getitem %l[%i] : !weir.list<i64, i64> -> i64
  return %a : i64
}

// -----

func.func @unused_index_of_missing() -> i64 {
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %l = weir.list [%one, %two] : i64, i64
  // expected-error@+1 {{'weir.list.index' op cannot be resolved at compile time: the value is not in the list (Python's ValueError)}}
  %k = weir.list.index %l, %three : !weir.list<i64, i64>, i64
  return %one : i64
}

// -----

func.func @fromkeys_wrong_type() -> (i1, i1) {
  %a = weir.str "a"
  %b = weir.str "b"
  %none = weir.none
  %keys = weir.list [%a, %b] : !weir.str, !weir.str
  // expected-error@+1 {{'weir.dict.fromkeys' op cannot be resolved at compile time: the keys are ["a", "b"], but the result type's are ["a", "z"]}}
  %d = weir.dict.fromkeys %keys, %none : !weir.list<!weir.str, !weir.str>, none -> !weir.dict<"a", none, "z", none>
  %h = weir.dict.contains %d["z"] : !weir.dict<"a", none, "z", none>
  %hb = weir.dict.contains %d["b"] : !weir.dict<"a", none, "z", none>
  return %h, %hb : i1, i1
}

// -----

// An op that fails in a branch that is never taken is not an error (Python never runs it).
func.func @failing_op_in_dead_branch(%a: i64) -> i64 {
  %l = weir.list [%a, %a] : i64, i64
  %i = arith.constant 5 : index
  %false = arith.constant false
  scf.if %false {
    %x = weir.list.getitem %l[%i] : !weir.list<i64, i64> -> i64
  }
  return %a : i64
}
