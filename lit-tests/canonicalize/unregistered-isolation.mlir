// An unregistered op may be isolated from above (MLIR `mightHaveTrait<IsIsolatedFromAbove>`):
// neither --cse nor the constant hoisting of --canonicalize moves or reuses a value across it.
// Expected shapes are mlir-opt 22's output for the same passes. A `builtin.module` nested in a
// function prints with its dialect prefix (mlir-opt parses `module` only where builtin is the
// default dialect).
// RUN: cf-opt %s --allow-unregistered-dialect --cse | FileCheck %s --check-prefix=CSE
// RUN: cf-opt %s --allow-unregistered-dialect --canonicalize | FileCheck %s --check-prefix=CANON
// RUN: cf-opt %s --allow-unregistered-dialect | FileCheck %s --check-prefix=PRINT

// CSE-LABEL: func.func @cse_stops_at_unregistered_region
// CSE-NEXT: arith.constant 1 : i32
// CSE-NEXT: "foo.region"() ({
// CSE-NEXT: %[[IN:.*]] = arith.constant 1 : i32
// CSE-NEXT: "foo.use"(%[[IN]]) : (i32) -> ()
func.func @cse_stops_at_unregistered_region() -> i32 {
  %c = arith.constant 1 : i32
  "foo.region"() ({
    %c2 = arith.constant 1 : i32
    "foo.use"(%c2) : (i32) -> ()
  }) : () -> ()
  return %c : i32
}

// CANON-LABEL: func.func @constants_stay_in_unregistered_region
// CANON-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
// CANON-NEXT: "foo.region"() ({
// CANON-NEXT: %[[THREE:.*]] = arith.constant 3 : i32
// CANON-NEXT: "foo.use"(%[[THREE]]) : (i32) -> ()
// CANON-NEXT: }) : () -> ()
// CANON-NEXT: return %[[ONE]] : i32
func.func @constants_stay_in_unregistered_region() -> i32 {
  %c = arith.constant 1 : i32
  "foo.region"() ({
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %s = arith.addi %c1, %c2 : i32
    "foo.use"(%s) : (i32) -> ()
  }) : () -> ()
  return %c : i32
}

// PRINT-LABEL: func.func @nested_module
// PRINT-NEXT: builtin.module {
// PRINT-NEXT: }
// PRINT: {{^  }}module {
// PRINT-NEXT: }
func.func @nested_module() {
  builtin.module {
  }
  return
}

module {
}
