// cf-run --mlir-timing: the time of each phase on stderr, in mlir-opt's --mlir-timing report
// format (the same printer as cf-opt's); the results still go to stdout.
// RUN: cf-run %s --arg '3 : i64' --mlir-timing 2>&1 >/dev/null | FileCheck %s
// RUN: cf-run %s --arg '3 : i64' --mlir-timing 2>/dev/null | FileCheck %s --check-prefix=OUT
// A standard error that cannot be written loses the report, not the results.
// RUN: cf-run %s --arg '3 : i64' --mlir-timing 2>/dev/full | FileCheck %s --check-prefix=OUT
// CHECK: ===-------------------------------------------------------------------------===
// CHECK-NEXT: ... Execution time report ...
// CHECK-NEXT: ===-------------------------------------------------------------------------===
// CHECK-NEXT: Total Execution Time: {{[0-9]+\.[0-9]+}} seconds
// CHECK-EMPTY:
// CHECK-NEXT: ----Wall Time----  ----Name----
// CHECK-NEXT: {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  Parser
// CHECK-NEXT: {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  Verifier
// CHECK-NEXT: {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  scf.for step checks
// CHECK-NEXT: {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  math-extend-to-supported-types
// CHECK-NEXT: {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  arith-emulate-unsupported-floats
// CHECK-NEXT: {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  convert-weir-to-scf
// CHECK-NEXT: {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  scf-if-conversion
// CHECK-NEXT: {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  convert-scf-to-cf
// CHECK-NEXT: {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  JIT compile
// CHECK-NEXT: {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  Run
// CHECK-NEXT: {{[0-9]+\.[0-9]+}} (100.0%)  Total
// By hand: 3 * 4 = 12.
// OUT: {{^}}12{{$}}

func.func @main(%x: i64) -> i64 {
  %c4 = arith.constant 4 : i64
  %r = arith.muli %x, %c4 : i64
  return %r : i64
}
