// Enum attributes of linalg take their case as a keyword or a string (MLIR 22's
// parseKeywordOrString) and print the keyword, as mlir-opt 22 does on this input.
// RUN: cf-opt %s | FileCheck %s
// CHECK: attributes {x = #linalg.type_fn<cast_signed>, y = #linalg.iterator_type<parallel>}
func.func @f() attributes {x = #linalg.type_fn<"cast_signed">, y = #linalg.iterator_type<"parallel">} {
  return
}
