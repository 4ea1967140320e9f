// Self-test of the lit harness (tools/tests/lit.rs): RUN lines and their continuation, the
// %s %S %t %% substitutions, `not`, pipefail and the FileCheck plumbing. It runs no Weir tool.

// FileCheck must find the marker below; the pattern cannot match this CHECK line itself.
// RUN: cat %s | FileCheck %s
// CHECK: {{^}}// marker: weir-lit-selftest-{{[0-9]+}}{{$}}
// CHECK-NEXT: {{^}}// second marker{{$}}

// marker: weir-lit-selftest-42
// second marker

// A failing check makes FileCheck exit non-zero; `not` turns that into success, and FileCheck's
// own error message proves it failed for the intended reason.
// RUN: not FileCheck %s --check-prefix=ABSENT < %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIAG
// ABSENT: {{^}}this line is nowhere in the file
// DIAG: error: ABSENT: expected string not found in input

// `not` inverts a plain failure, and rejects success and crashes.
// RUN: not false
// RUN: ! not true
// RUN: ! not bash -c 'kill -SEGV $$'

// pipefail: a failure early in a pipeline fails the pipeline.
// RUN: ! (false | cat)

// %t is a writable per-test path, %% is a percent sign, %S is this file's directory.
// RUN: echo "percent: 100%%" > %t && FileCheck %s --check-prefix=PCT < %t
// PCT: {{^}}percent: 100%{{$}}
// RUN: test -f %S/selftest.mlir && test "$(basename %s)" = selftest.mlir

// FILECHECK_OPTS is MLIR's.
// RUN: test "$FILECHECK_OPTS" = "-enable-var-scope --allow-unused-prefixes=false"
