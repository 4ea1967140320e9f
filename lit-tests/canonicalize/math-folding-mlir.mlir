// math-folding.mlir against upstream: Weir's --canonicalize output of that file, reprinted by
// mlir-opt 22, is exactly mlir-opt 22's own --canonicalize output (same folded values, bit for
// bit, and the same ops left unfolded). This file holds no IR of its own.
// REQUIRES: mlir-opt
// RUN: cf-opt %S/math-folding.mlir --canonicalize | %mlir_opt > %t.weir
// RUN: %mlir_opt %S/math-folding.mlir --canonicalize > %t.mlir
// RUN: diff %t.weir %t.mlir
