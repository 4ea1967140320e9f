// Containers that cannot be resolved at compile time: lowering them (--convert-scf-to-cf,
// and so cf-run) is a located error naming the op and why. getitem at n and -n-1 of a list
// of 3 gives MindSpore's message (Python: expected.txt "getitem 3" / "getitem -4" are
// IndexErrors).
// RUN: cf-opt %s --split-input-file --canonicalize --convert-scf-to-cf --verify-diagnostics

func.func @index_n(%a: i64, %b: i64, %c: i64) -> i64 {
  %l = weir.list [%a, %b, %c] : i64, i64, i64
  %i = arith.constant 3 : index
  // expected-error@+1 {{'weir.list.getitem' op cannot be resolved at compile time: list index should be in range [-3, 3), but got 3}}
  %x = weir.list.getitem %l[%i] : !weir.list<i64, i64, i64> -> i64
  return %x : i64
}

// -----

func.func @index_minus_n_minus_1(%a: i64, %b: i64, %c: i64) -> i64 {
  %l = weir.list [%a, %b, %c] : i64, i64, i64
  %i = arith.constant -4 : index
  // expected-error@+1 {{'weir.list.getitem' op cannot be resolved at compile time: list index should be in range [-3, 3), but got -4}}
  %x = weir.list.getitem %l[%i] : !weir.list<i64, i64, i64> -> i64
  return %x : i64
}

// -----

func.func @index_computed(%a: i64, %b: i64, %c: i64) -> i64 {
  %l = weir.list [%a, %b, %c] : i64, i64, i64
  %two = arith.constant 2 : index
  %three = arith.constant 3 : index
  %i = arith.addi %two, %three : index
  // expected-error@+1 {{list index should be in range [-3, 3), but got 5}}
  %x = weir.list.getitem %l[%i] : !weir.list<i64, i64, i64> -> i64
  return %x : i64
}

// -----

func.func @heterogeneous_runtime_index(%a: i64, %f: f32, %i: index) -> i64 {
  %l = weir.list [%a, %f] : i64, f32
  // expected-error@+1 {{'weir.list.getitem' op cannot be resolved at compile time: the index is not a compile-time constant (it is an argument of a block of 'func.func') and the elements' types differ, so it cannot become an 'scf.index_switch'}}
  %x = weir.list.getitem %l[%i] : !weir.list<i64, f32> -> i64
  return %x : i64
}

// -----

func.func @variable_if(%c: i1, %a: i64, %b: i64) -> i64 {
  %one = weir.list [%a] : i64
  %l = scf.if %c -> (!weir.list<i64>) {
    scf.yield %one : !weir.list<i64>
  } else {
    %t = weir.list [%b] : i64
    scf.yield %t : !weir.list<i64>
  }
  %i = arith.constant 0 : index
  // expected-error@+1 {{'weir.list.getitem' op cannot be resolved at compile time: operand #0 is not known at compile time: it is a result of 'scf.if' (only a 'weir.list' or 'weir.dict' is)}}
  %x = weir.list.getitem %l[%i] : !weir.list<i64> -> i64
  return %x : i64
}

// -----

func.func @count_runtime(%a: tensor<2xf32>, %t: tensor<2xf32>) -> index {
  %l = weir.list [%a] : tensor<2xf32>
  // expected-error@+1 {{'weir.list.count' op cannot be resolved at compile time: element #0 and the value cannot be compared at compile time (one is not a constant)}}
  %n = weir.list.count %l, %t : !weir.list<tensor<2xf32>>, tensor<2xf32>
  return %n : index
}

// -----

// expected-error@+1 {{'func.func' op block argument #0 has the compile-time type '!weir.list<i64>'}}
func.func @argument(%l: !weir.list<i64>) {
  return
}

// -----

// A runtime index into a list of strings stays a getitem (an 'scf.index_switch' yielding
// strings could never be lowered), and the error is at the getitem.
func.func @runtime_index_strings(%i: index) -> !weir.str {
  %a = weir.str "a"
  %b = weir.str "b"
  %l = weir.list [%a, %b] : !weir.str, !weir.str
  // expected-error@+1 {{'weir.list.getitem' op cannot be resolved at compile time: runtime index into a list of compile-time values ('!weir.str'): the index is not a compile-time constant (it is an argument of a block of 'func.func')}}
  %s = weir.list.getitem %l[%i] : !weir.list<!weir.str, !weir.str> -> !weir.str
  return %s : !weir.str
}

// -----

func.func @runtime_index_lists(%i: index, %x: i64) -> i64 {
  %one = weir.list [%x] : i64
  %l = weir.list [%one, %one] : !weir.list<i64>, !weir.list<i64>
  // expected-error@+1 {{runtime index into a list of compile-time values ('!weir.list<i64>')}}
  %s = weir.list.getitem %l[%i] : !weir.list<!weir.list<i64>, !weir.list<i64>> -> !weir.list<i64>
  %zero = arith.constant 0 : index
  %y = weir.list.getitem %s[%zero] : !weir.list<i64> -> i64
  return %y : i64
}

// -----

func.func @runtime_index_none(%i: index) -> none {
  %n = weir.none
  %l = weir.list [%n, %n] : none, none
  // expected-error@+1 {{runtime index into a list of compile-time values ('none')}}
  %s = weir.list.getitem %l[%i] : !weir.list<none, none> -> none
  return %s : none
}

// -----

// Strings and None are compile-time values like the containers: not at a function boundary.
// expected-error@+1 {{'func.func' op block argument #0 has the compile-time type '!weir.str', which exists only while compiling}}
func.func @string_argument(%s: !weir.str) -> !weir.str {
  return %s : !weir.str
}

// -----

// expected-error@+1 {{'func.func' op block argument #0 has the compile-time type 'none'}}
func.func @none_argument(%n: none) {
  return
}

// -----

func.func @string_result() -> !weir.str {
  // expected-error@+1 {{'weir.str' op cannot be resolved at compile time: its value is used by 'func.return', which needs a runtime value}}
  %s = weir.str "a"
  return %s : !weir.str
}

// -----

// expected-error@+1 {{'func.func' op attribute 'function_type' names the compile-time type '!weir.str'}}
func.func private @string_declaration(!weir.str) -> i64

// -----

// l.index(1) on [x, 1]: Python gives 0 or 1 depending on x, so it is not decided.
func.func @index_before_match(%x: i64) -> index {
  %c1 = arith.constant 1 : i64
  %l = weir.list [%x, %c1] : i64, i64
  // expected-error@+1 {{'weir.list.index' op cannot be resolved at compile time: element #0 and the value cannot be compared at compile time (one is not a constant)}}
  %i = weir.list.index %l, %c1 : !weir.list<i64, i64>, i64
  return %i : index
}

// -----

// A runtime float may be a NaN, so it is not known to equal itself (Python's identity
// shortcut does not apply: Weir's values have no identity, and equal NaN constants merge).
func.func @float_itself(%x: f32) -> index {
  %l = weir.list [%x] : f32
  // expected-error@+1 {{'weir.list.count' op cannot be resolved at compile time: element #0 and the value cannot be compared at compile time (one is not a constant)}}
  %n = weir.list.count %l, %x : !weir.list<f32>, f32
  return %n : index
}
