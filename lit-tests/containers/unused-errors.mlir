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

// -----

// Unused, indexed by a loop's induction variable: the loop is unrolled as for a used one, and
// the copy at i = 2 fails ("loop unused getitem": IndexError at i = 2).
func.func @unused_in_loop(%a: i64) -> i64 {
  %l = weir.list [%a, %a] : i64, i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    // expected-error@+1 {{'weir.list.getitem' op cannot be resolved at compile time: list index should be in range [-2, 2), but got 2}}
    %x = weir.list.getitem %l[%i] : !weir.list<i64, i64> -> i64
  }
  return %a : i64
}

// -----

// pop indexed by the induction variable ("loop pop": IndexError at i = 2).
func.func @pop_in_loop(%a: i64) -> i64 {
  %l = weir.list [%a, %a] : i64, i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    // expected-error@+1 {{'weir.list.pop' op cannot be resolved at compile time: list index should be in range [-2, 2), but got 2}}
    %r, %v = weir.list.pop %l[%i] : !weir.list<i64, i64> -> !weir.list<i64>, i64
  }
  return %a : i64
}

// -----

// A loop carrying a list whose result is unused is unrolled, not erased ("carried unused":
// IndexError at i = 1 on a list of 1).
func.func @carried_unused(%a: i64) -> i64 {
  %l = weir.list [%a] : i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %l) -> (!weir.list<i64>) {
    // expected-error@+1 {{'weir.list.setitem' op cannot be resolved at compile time: list index should be in range [-1, 1), but got 1}}
    %m = weir.list.setitem %acc[%i], %a : !weir.list<i64>, i64 -> !weir.list<i64>
    scf.yield %m : !weir.list<i64>
  }
  return %a : i64
}

// -----

// fromkeys of keys not known while compiling (an scf.if with a variable condition) is
// reported, instead of `in` and `keys()` answering from its declared type ("fromkeys runtime
// keys": with c = False the keys are ['a'], so 'b' in d is False, which the type would not say).
func.func @fromkeys_runtime_keys(%c: i1) -> (i1, index) {
  %a = weir.str "a"
  %b = weir.str "b"
  %none = weir.none
  %keys = scf.if %c -> !weir.list<!weir.str, !weir.str> {
    %k1 = weir.list [%a, %b] : !weir.str, !weir.str
    scf.yield %k1 : !weir.list<!weir.str, !weir.str>
  } else {
    %k2 = weir.list [%a, %a] : !weir.str, !weir.str
    scf.yield %k2 : !weir.list<!weir.str, !weir.str>
  }
  // expected-error@+1 {{'weir.dict.fromkeys' op cannot be resolved at compile time: operand #0 is not known at compile time: it is a result of 'scf.if' (only a 'weir.list' or 'weir.dict' is)}}
  %d = weir.dict.fromkeys %keys, %none : !weir.list<!weir.str, !weir.str>, none -> !weir.dict<"a", none, "b", none>
  %ks = weir.dict.keys %d : !weir.dict<"a", none, "b", none>
  %n = weir.list.len %ks : !weir.list<!weir.str, !weir.str>
  %h = weir.dict.contains %d["b"] : !weir.dict<"a", none, "b", none>
  return %h, %n : i1, index
}

// -----

// A loop carrying a list is unrolled up to 2^16 trips; one of 2^16 + 1 stays, and lowering
// reports the list it carries (10^9 copies must not be made while compiling).
func.func @carried_too_long(%a: i64) -> index {
  %l = weir.list [%a] : i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 65537 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %l) -> (!weir.list<i64>) {
    // expected-error@+1 {{'weir.list.reverse' op cannot be resolved at compile time: operand #0 is not known at compile time: it is an argument of a block of 'scf.for' (only a 'weir.list' or 'weir.dict' is)}}
    %m = weir.list.reverse %acc : !weir.list<i64>
    scf.yield %m : !weir.list<i64>
  }
  %k = weir.list.len %r : !weir.list<i64>
  return %k : index
}
