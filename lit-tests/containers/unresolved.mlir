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
  // expected-error@+1 {{'weir.list.getitem' op cannot be resolved at compile time: the index is not a compile-time constant and the elements' types differ, so it cannot become an 'scf.index_switch'}}
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

// expected-error@+1 {{'func.func' op block argument #0 has the container type '!weir.list<i64>'}}
func.func @argument(%l: !weir.list<i64>) {
  return
}
