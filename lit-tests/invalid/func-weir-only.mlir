// A use of a value from outside an isolated-from-above op, where Weir and upstream MLIR 22
// reject the IR at different stages, so the chunk is checked with cf-opt only.
// Weir's parser gives every isolated-from-above op (func.func, builtin.module) its own SSA name
// scope, so the outer `%c` is not visible inside `@inner`: "use of undeclared SSA value name".
// MLIR 22's parser resolves the name across the boundary and its verifier rejects the use:
//   error: 'func.return' op using value defined outside the region
//   note (at `func.func @inner`): required by region isolation constraints
// RUN: cf-opt %s --split-input-file --verify-diagnostics

func.func @outer() {
  %c = arith.constant 1 : i32
  builtin.module {
    func.func @inner() -> i32 {
      // expected-error@+1 {{use of undeclared SSA value name}}
      return %c : i32
    }
  }
  return
}
