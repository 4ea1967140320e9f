// Input nested deeper than the parser's limits is a located error and exit 1, never a stack
// overflow: 20001 nested scf.if (the region limit is 20000 levels), and a type with 10000
// nested parentheses (the type and attribute limit is 1000 levels).
// RUN: python3 -c "n=20001; print('func.func @f(%%c: i1) {'); print('scf.if %%c {' * n); print('}' * n); print('return'); print('}')" > %t.mlir
// RUN: not cf-opt %t.mlir 2>&1 | FileCheck %s --check-prefix=REGIONS
// RUN: not cf-run %t.mlir 2>&1 | FileCheck %s --check-prefix=REGIONS
// RUN: python3 -c "print('func.func private @f() -> ' + '(' * 10000 + 'i32' + ')' * 10000)" > %t2.mlir
// RUN: not cf-opt %t2.mlir 2>&1 | FileCheck %s --check-prefix=TYPES
// RUN: not cf-run %t2.mlir 2>&1 | FileCheck %s --check-prefix=TYPES
// REGIONS: error: nesting too deep: more than 20000 levels of regions
// TYPES: error: nesting too deep: more than 1000 levels of types or attributes
