// Unreachable blocks (valid in MLIR 22): the verifier checks dominance only in blocks reachable
// from the entry, so uses before the definition, and even `%0 = arith.addi %0, %0`, are accepted
// there (mlir-opt 22 accepts every function below). --canonicalize erases unreachable blocks
// before folding (MLIR's region simplification) instead of folding in them: @fold_no_branch used
// to fold `%y = addi %z, 0` in its dead block and reject its own output, @cycle used to rewrite
// its two adds around their cycle until memory ran out. The CANON lines are mlir-opt 22's
// --canonicalize output for this file, which converges within two rounds. --cse and
// --convert-scf-to-cf leave the unreachable blocks as mlir-opt 22 does (its output for them is
// the same text); --fold-constant-conditions erases them as --canonicalize does.
// RUN: cf-opt %s | FileCheck %s --check-prefix=PARSE
// RUN: cf-opt %s | cf-opt | FileCheck %s --check-prefix=PARSE
// RUN: cf-opt %s --canonicalize="max-iterations=2" 2>&1 | FileCheck %s --check-prefix=CANON
// RUN: cf-opt %s --fold-constant-conditions 2>&1 | FileCheck %s --check-prefix=FCC
// RUN: cf-opt %s --cse | FileCheck %s --check-prefix=PARSE
// RUN: cf-opt %s --convert-scf-to-cf | FileCheck %s --check-prefix=PARSE
// RUN: cf-run %s | FileCheck %s --check-prefix=EXEC
// RUN: cf-opt %s --canonicalize | cf-run - | FileCheck %s --check-prefix=EXEC
// RUN: cf-opt %s --cse | cf-run - | FileCheck %s --check-prefix=EXEC

// PARSE-LABEL: func.func @self_use(
// PARSE-NEXT:    return %arg0 : i32
// PARSE-NEXT:  ^bb1:  // pred: ^bb1
// PARSE-NEXT:    %0 = arith.addi %0, %0 : i32
// PARSE-NEXT:    cf.br ^bb1
// CANON-NOT:   did not converge
// CANON-LABEL: func.func @self_use(%arg0: i32) -> i32 {
// CANON-NEXT:    return %arg0 : i32
// CANON-NEXT:  }
// FCC-NOT:     did not converge
// FCC-LABEL:   func.func @self_use(%arg0: i32) -> i32 {
// FCC-NEXT:      return %arg0 : i32
// FCC-NEXT:    }
func.func @self_use(%arg0: i32) -> i32 {
  return %arg0 : i32
^bb1:
  %0 = arith.addi %0, %0 : i32
  cf.br ^bb1
}

// PARSE-LABEL: func.func @use_before_def(
// PARSE:       ^bb1:  // pred: ^bb1
// PARSE-NEXT:    %0 = arith.addi %c1_i32, %c1_i32 : i32
// PARSE-NEXT:    %c1_i32 = arith.constant 1 : i32
// CANON-LABEL: func.func @use_before_def(%arg0: i32) -> i32 {
// CANON-NEXT:    return %arg0 : i32
// CANON-NEXT:  }
// FCC-LABEL:   func.func @use_before_def(%arg0: i32) -> i32 {
// FCC-NEXT:      return %arg0 : i32
// FCC-NEXT:    }
func.func @use_before_def(%arg0: i32) -> i32 {
  return %arg0 : i32
^bb1:
  %1 = arith.addi %0, %0 : i32
  %0 = arith.constant 1 : i32
  cf.br ^bb1
}

// No branch op in the region: nothing but the driver itself removes the dead block.
// PARSE-LABEL: func.func @fold_no_branch(
// PARSE:       ^bb1:  // no predecessors
// PARSE-NEXT:    %0 = arith.addi %1, %c0_i32 : i32
// PARSE-NEXT:    %1 = arith.addi %0, %c0_i32 : i32
// PARSE-NEXT:    return %1 : i32
// CANON-LABEL: func.func @fold_no_branch(%arg0: i32) -> i32 {
// CANON-NEXT:    return %arg0 : i32
// CANON-NEXT:  }
// FCC-LABEL:   func.func @fold_no_branch(%arg0: i32) -> i32 {
// FCC-NEXT:      return %arg0 : i32
// FCC-NEXT:    }
func.func @fold_no_branch(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  return %x : i32
^bb1:
  %y = arith.addi %z, %c0 : i32
  %z = arith.addi %y, %c0 : i32
  return %z : i32
}

// PARSE-LABEL: func.func @cycle(
// PARSE:       ^bb1:  // pred: ^bb2
// PARSE-NEXT:    %0 = arith.addi %1, %c1_i32 : i32
// PARSE:       ^bb2:  // pred: ^bb1
// PARSE-NEXT:    %1 = arith.addi %0, %c2_i32 : i32
// PARSE:       ^bb3:  // pred: ^bb3
// CANON-LABEL: func.func @cycle(%arg0: i32) -> i32 {
// CANON-NEXT:    return %arg0 : i32
// CANON-NEXT:  }
// FCC-LABEL:   func.func @cycle(%arg0: i32) -> i32 {
// FCC-NEXT:      return %arg0 : i32
// FCC-NEXT:    }
func.func @cycle(%arg0: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  return %arg0 : i32
^bb1:
  %x = arith.addi %y, %c1 : i32
  cf.br ^bb2
^bb2:
  %y = arith.addi %x, %c2 : i32
  cf.br ^bb1
^bb3:
  cf.br ^bb3
}

// Reachable blocks laid out out of dominance order: ^bb1 uses %v of ^bb2, which dominates it.
// PARSE-LABEL: func.func @out_of_order(
// PARSE-NEXT:    cf.br ^bb2
// PARSE-NEXT:  ^bb1:  // pred: ^bb2
// PARSE-NEXT:    %0 = arith.addi %1, %1 : i32
// PARSE-NEXT:    return %0 : i32
// PARSE-NEXT:  ^bb2:  // pred: ^bb0
// PARSE-NEXT:    %1 = arith.addi %arg0, %arg0 : i32
// PARSE-NEXT:    cf.br ^bb1
// CANON-LABEL: func.func @out_of_order(%arg0: i32) -> i32 {
// CANON-NEXT:    %0 = arith.addi %arg0, %arg0 : i32
// CANON-NEXT:    %1 = arith.addi %0, %0 : i32
// CANON-NEXT:    return %1 : i32
// CANON-NEXT:  }
func.func @out_of_order(%arg0: i32) -> i32 {
  cf.br ^bb2
^bb1:
  %r = arith.addi %v, %v : i32
  return %r : i32
^bb2:
  %v = arith.addi %arg0, %arg0 : i32
  cf.br ^bb1
}

// By hand: the first four functions return their argument (5 each, 20); @out_of_order returns
// (5 + 5) + (5 + 5) = 20. Total 40.
// EXEC: {{^}}40{{$}}
func.func @main() -> i32 {
  %c5 = arith.constant 5 : i32
  %a = func.call @self_use(%c5) : (i32) -> i32
  %b = func.call @use_before_def(%c5) : (i32) -> i32
  %c = func.call @fold_no_branch(%c5) : (i32) -> i32
  %d = func.call @cycle(%c5) : (i32) -> i32
  %e = func.call @out_of_order(%c5) : (i32) -> i32
  %s1 = arith.addi %a, %b : i32
  %s2 = arith.addi %c, %d : i32
  %s3 = arith.addi %s1, %s2 : i32
  %s = arith.addi %s3, %e : i32
  return %s : i32
}
