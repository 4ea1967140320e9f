// Location aliases that are not defined where MLIR requires: a whole trailing location may
// name an alias defined later in the file, but one never defined is an error at its `#`; an
// alias inside a fused or callsite location, or inside another alias's definition, must be
// defined above. Wording and positions are mlir-opt 22's (checked with mlir-opt 22
// --split-input-file --verify-diagnostics on this file).
// RUN: cf-opt %s --split-input-file --verify-diagnostics

func.func @never_defined() {
  // expected-error@+1 {{operation location alias was never defined}}
  return loc(#loc9)
}
#loc1 = loc("a.mlir":1:1)

// -----

func.func @nested_later() {
  // expected-error@+1 {{undefined symbol alias id 'loc1'}}
  return loc(fused[#loc1, #loc2])
}
#loc1 = loc("a.mlir":1:1)
#loc2 = loc("b.mlir":2:2)

// -----

func.func @definition_uses_later() {
  return loc(#loc2)
}
// expected-error@+1 {{undefined symbol alias id 'loc3'}}
#loc1 = loc(callsite(#loc3 at #loc4))
#loc2 = loc(fused[#loc1])
#loc3 = loc("a.mlir":1:1)
#loc4 = loc("b.mlir":2:2)
