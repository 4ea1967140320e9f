// Structural rules every op obeys (terminators, dominance) and malformed types and attributes.
// Each chunk is one error; the expectations hold for both cf-opt and upstream
// `mlir-opt --split-input-file --verify-diagnostics` (MLIR 22). Malformed text in general is
// in parse.mlir.
// RUN: cf-opt %s --split-input-file --verify-diagnostics

func.func @use_before_def_same_block(%a: i32) -> i32 {
  // expected-error@+1 {{operand #1 does not dominate this use}}
  %x = arith.addi %a, %y : i32
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %y = arith.addi %a, %a : i32
  return %x : i32
}

// -----

func.func @use_of_own_result(%a: i32) {
  // expected-error@+2 {{operand #0 does not dominate this use}}
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %x = arith.addi %x, %a : i32
  return
}

// -----

// ^bb1 does not dominate ^bb3: the path through ^bb2 skips the definition.
func.func @use_before_def_across_blocks(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  // expected-note@+1 {{operand defined here (op in the same region)}}
  %v = arith.addi %a, %a : i32
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  return %v : i32
}

// -----

// A loop result is not defined inside the loop's own body.
func.func @use_of_result_in_own_region(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-note@+1 {{operand defined here (op in a parent region)}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %c0) -> (index) {
    // expected-error@+1 {{operand #0 does not dominate this use}}
    scf.yield %r : index
  }
  return
}

// -----

// Names defined in a region are not visible after it.
func.func @use_of_child_region_value(%c: i1, %a: i32) -> i32 {
  scf.if %c {
    %v = arith.addi %a, %a : i32
  }
  // expected-error@+1 {{use of undeclared SSA value name}}
  return %v : i32
}

// -----

func.func @use_of_sibling_region_value(%c: i1, %a: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    %v = arith.addi %a, %a : i32
    scf.yield %v : i32
  } else {
    // expected-error@+1 {{use of undeclared SSA value name}}
    scf.yield %v : i32
  }
  return %r : i32
}

// -----

func.func @terminator_not_last(%a: i32) -> i32 {
  // expected-error@+1 {{'func.return' op must be the last operation in the parent block}}
  return %a : i32
  %x = arith.addi %a, %a : i32
}

// -----

func.func @entry_block_without_terminator(%a: i32) {
  // expected-error@+1 {{block with no terminator}}
  %x = arith.addi %a, %a : i32
}

// -----

func.func @block_without_terminator(%a: i32) -> i32 {
  cf.br ^bb1
^bb1:
  // expected-error@+1 {{block with no terminator}}
  %x = arith.addi %a, %a : i32
}

// -----

// expected-error@+1 {{expected '>'}}
func.func @unterminated_tensor_type(%a: tensor<2xi32) {
  return
}

// -----

// expected-error@+1 {{expected 'x' in dimension list}}
func.func @tensor_without_element_type(%a: tensor<2x3>) {
  return
}

// -----

// expected-error@+1 {{expected non-function type}}
func.func @negative_dimension(%a: tensor<-1xf32>) {
  return
}

// -----

// expected-error@+1 {{expected non-function type}}
func.func @unknown_float_width(%a: f33) {
  return
}

// -----

// expected-error@+1 {{expected non-function type}}
func.func @unranked_twice(%a: tensor<*x*xf32>) {
  return
}

// -----

func.func @operand_type_count(%a: i32) {
  // expected-error@+1 {{expected 1 operand type}}
  %r = "arith.addi"(%a) : (i32, i32) -> i32
  return
}

// -----

func.func @dense_floats_for_integers() {
  // expected-error@+1 {{expected integer elements, but parsed floating-point}}
  %c = arith.constant dense<[1.5]> : tensor<1xi32>
  return
}

// -----

func.func @dense_hex_size() {
  // expected-error@+1 {{elements hex data size is invalid for provided type}}
  %c = arith.constant dense<"0x0102"> : tensor<4xi8>
  return
}

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
func.func @unsigned_out_of_range() attributes {v = 256 : ui8} {
  return
}

// -----

// expected-error@+1 {{expected attribute value}}
func.func @missing_attribute_value() attributes {v = } {
  return
}

// -----

// expected-error@+1 {{duplicate key 'v' in dictionary attribute}}
func.func @duplicate_attribute_key() attributes {v = 1, v = 2} {
  return
}

// -----

// expected-error@+1 {{undefined symbol alias id 'undefined_alias'}}
func.func @undefined_alias() attributes {v = #undefined_alias} {
  return
}

// -----

// A type alias too (was accepted as an unregistered dialect's type).
// expected-error@+1 {{undefined symbol alias id 'undefined_type_alias'}}
func.func private @undefined_type_alias() -> !undefined_type_alias
