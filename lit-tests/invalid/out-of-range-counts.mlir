// Numbers in the text that do not fit what they count: each chunk is one located parse error,
// never a truncated value or an overflow (docs/robustness.md). The expectations hold for both
// cf-opt and upstream `mlir-opt --split-input-file --verify-diagnostics` (MLIR 22).
// RUN: cf-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// Result-group sizes whose sum overflows 32 bits (it wrapped to 1 and bound the one result
// to 4294967295 names).
// expected-error@+1 {{operation defines 1 results but was provided 4294967297 to bind}}
%a:4294967295, %b:2 = "test.op"() : () -> i32

// -----

// A file location's line and column are unsigned 32-bit numbers (they were truncated).
func.func @line_too_large() {
  // expected-error@+1 {{expected integer line number in FileLineColRange}}
  return loc("a.mlir":4294967296:1)
}

// -----

func.func @negative_line() {
  // expected-error@+1 {{expected integer line number in FileLineColRange}}
  return loc("a.mlir":-1:1)
}

// -----

func.func @column_too_large() {
  // expected-error@+1 {{expected integer column number in FileLineColRange}}
  return loc("a.mlir":1:99999999999)
}

// -----

func.func @range_end_line_too_large() {
  // expected-error@+1 {{expected integer line number in FileLineColRange}}
  return loc("a.mlir":1:2 to 4294967296:4)
}

// -----

func.func @range_end_column_negative() {
  // expected-error@+1 {{expected integer column number in FileLineColRange}}
  return loc("a.mlir":1:2 to :-4)
}

// -----

// A range's end line needs its column (mlir-opt's wording).
func.func @range_end_without_column() {
  // expected-error@+1 {{expected either integer or `:` post `to` in FileLineColRange}}
  return loc("a.mlir":3:4 to 5)
}

// -----

// A line-only file location has no range.
func.func @line_only_range() {
  // expected-error@+1 {{expected ')' in location}}
  return loc("a.mlir":3 to 5:9)
}
