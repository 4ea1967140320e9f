// Verifier errors of the container ops (located at the op). fromkeys on a non-string key
// names the key's type (MindSpore: "The key should be string, but got ...").
// RUN: cf-opt %s --split-input-file --verify-diagnostics

func.func @fromkeys_int_key(%v: i64) {
  %a = weir.str "a"
  %k = arith.constant 1 : i64
  %keys = weir.list [%a, %k] : !weir.str, i64
  // expected-error@+1 {{'weir.dict.fromkeys' op key #1 should be a string ('!weir.str'), but got 'i64'}}
  %d = weir.dict.fromkeys %keys, %v : !weir.list<!weir.str, i64>, i64 -> !weir.dict<"a", i64>
  return
}

// -----

func.func @missing_key(%v: i64) -> i64 {
  %d = weir.dict ["a" = %v] : i64
  // expected-error@+1 {{'weir.dict.getitem' op key "b" is not in '!weir.dict<"a", i64>'}}
  %x = weir.dict.getitem %d["b"] : !weir.dict<"a", i64>
  return %x : i64
}

// -----

func.func @getitem_type(%v: i64, %i: index) -> f32 {
  %l = weir.list [%v] : i64
  // expected-error@+1 {{'weir.list.getitem' op result type 'f32' is not the type of an element of '!weir.list<i64>'}}
  %x = weir.list.getitem %l[%i] : !weir.list<i64> -> f32
  return %x : f32
}

// -----

func.func @not_a_list(%v: i64) -> index {
  // expected-error@+1 {{'weir.list.len' op operand #0 must be a list ('!weir.list<...>'), but got 'i64'}}
  %n = "weir.list.len"(%v) : (i64) -> index
  return %n : index
}

// -----

func.func @duplicate_key(%v: i64) {
  // expected-error@+1 {{'weir.dict' op has the key "a" twice}}
  %d = "weir.dict"(%v, %v) {keys = ["a", "a"]} : (i64, i64) -> !weir.dict<"a", i64>
  return
}

// -----

func.func @setitem_type(%v: i64, %f: f32, %i: index) {
  %l = weir.list [%v, %v] : i64, i64
  // expected-error@+1 {{'weir.list.setitem' op result type '!weir.list<f32, f32>' is not '!weir.list<i64, i64>' with one element's type set to 'f32'}}
  %m = weir.list.setitem %l[%i], %f : !weir.list<i64, i64>, f32 -> !weir.list<f32, f32>
  return
}

// -----

func.func @append_result(%v: i64) {
  %l = weir.list [%v] : i64
  // expected-error@+1 {{'weir.list.append' op inferred type(s) '!weir.list<i64, i64>' are incompatible with return type(s) of operation '!weir.list<i64>'}}
  %m = "weir.list.append"(%l, %v) : (!weir.list<i64>, i64) -> !weir.list<i64>
  return
}

// -----

// expected-error@+1 {{duplicate key "a" in '!weir.dict'}}
func.func @dict_type(%d: !weir.dict<"a", i64, "a", f32>) {
  return
}

// -----

// Container ops have no regions (MLIR's ZeroRegions): a region is an error, not dropped.
func.func @region_on_list(%a: i64) -> index {
  // expected-error@+1 {{'weir.list' op requires zero regions}}
  %x = "weir.list"(%a) ({ }) : (i64) -> !weir.list<i64>
  %n = weir.list.len %x : !weir.list<i64>
  return %n : index
}

// -----

func.func @region_on_len(%a: i64) -> index {
  %x = weir.list [%a] : i64
  // expected-error@+1 {{'weir.list.len' op requires zero regions}}
  %n = "weir.list.len"(%x) ({ }) : (!weir.list<i64>) -> index
  return %n : index
}

// -----

func.func @region_on_str() {
  // expected-error@+1 {{'weir.str' op requires zero regions}}
  %s = "weir.str"() ({ }) {value = "a"} : () -> !weir.str
  return
}

// -----

// A key the custom syntax sets already (`value` of weir.str) is an error at the dictionary.
func.func @duplicate_value() {
  // expected-error@+1 {{duplicate key 'value' in dictionary attribute}}
  %s = weir.str "x" {value = "y"}
  return
}
