// A failed run leaves no output file behind, not even an old one, as mlir-opt 22 (LLVM's
// ToolOutputFile) does; a successful run writes it. The error is mlir-opt 22's.
// RUN: cf-opt %s --verify-diagnostics
// RUN: echo old > %t
// RUN: not cf-opt %s -o %t 2>/dev/null
// RUN: not test -e %t
// RUN: cf-opt %S/../print/block-predecessors.mlir -o %t
// RUN: test -s %t

func.func @f() {
  // expected-error@+1 {{expected attribute value}}
  %x = arith.constant
}
