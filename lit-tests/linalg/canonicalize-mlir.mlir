// canonicalize.mlir against upstream: Weir's --canonicalize output of that file, reprinted by
// mlir-opt 22, is exactly mlir-opt 22's own --canonicalize output (the same linalg ops folded,
// rewritten, erased and kept). This file holds no IR of its own.
// REQUIRES: mlir-opt
// RUN: cf-opt %S/canonicalize.mlir --canonicalize | %mlir_opt > %t.weir
// RUN: %mlir_opt %S/canonicalize.mlir --canonicalize > %t.mlir
// RUN: diff %t.weir %t.mlir
