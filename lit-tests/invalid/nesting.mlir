// Input nested deeper than the parser's limit (1000 levels) is a located error and exit 1,
// never a stack overflow: 5000 nested scf.if, and a type with 10000 nested parentheses.
// RUN: python3 -c "n=5000; print('func.func @f(%%c: i1) {'); print('scf.if %%c {' * n); print('}' * n); print('return'); print('}')" > %t.mlir
// RUN: not cf-opt %t.mlir 2>&1 | FileCheck %s
// RUN: python3 -c "print('func.func private @f() -> ' + '(' * 10000 + 'i32' + ')' * 10000)" > %t2.mlir
// RUN: not cf-opt %t2.mlir 2>&1 | FileCheck %s
// RUN: not cf-run %t2.mlir 2>&1 | FileCheck %s
// CHECK: error: nesting too deep: more than 1000 levels of regions, types or attributes
