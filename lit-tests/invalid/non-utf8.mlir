// Input that is not UTF-8 is read as mlir-opt 22 reads it (byte by byte), not rejected as a
// whole. The inputs are written by printf (\xff is a byte that is never UTF-8, \x25 is `%`);
// the expected locations and messages are mlir-opt 22's for the same files:
// - in a comment: accepted;
// - anywhere else: `FILE:LINE:COL: error: unexpected character` at the byte (`invalid SSA name`
//   at the `%` when it follows one), then the source line and no caret line, as mlir-opt prints
//   a line that is not UTF-8;
// - raw in a string literal: mlir-opt accepts it (the attribute holds the byte 0xFF); Weir's
//   strings are UTF-8 text, so it is a located error at the byte, the same gap as "\FF".
//
// RUN: printf 'func.func @main() -> i64 {\n  // a comment \xff with a bad byte\n  \x25c = arith.constant 7 : i64\n  return \x25c : i64\n}\n' > %t.comment.mlir
// RUN: cf-opt %t.comment.mlir | FileCheck %s --check-prefix=COMMENT
// RUN: cf-run %t.comment.mlir | FileCheck %s --check-prefix=RUN-COMMENT
// COMMENT:      func.func @main() -> i64 {
// COMMENT-NEXT:   %c7_i64 = arith.constant 7 : i64
// COMMENT-NEXT:   return %c7_i64 : i64
// RUN-COMMENT: {{^}}7{{$}}
//
// RUN: printf 'func.func @f() {\n  \x250 = arith.constant 1 : i32 \xff\n  return\n}\n' > %t.ir.mlir
// RUN: not cf-opt %t.ir.mlir 2>&1 | FileCheck %s --check-prefix=BADIR --match-full-lines
// RUN: not cf-run %t.ir.mlir 2>&1 | FileCheck %s --check-prefix=BADIR --match-full-lines
// RUN: not cf-opt - < %t.ir.mlir 2>&1 | FileCheck %s --check-prefix=STDIN
// BADIR:      {{.*}}.ir.mlir:2:31: error: unexpected character
// BADIR-NEXT: {{  %0 = arith.constant 1 : i32 .*}}
// BADIR-NOT: ^
// STDIN:   <stdin>:2:31: error: unexpected character
//
// RUN: printf 'func.func @f() {\n  \x25\xff0 = arith.constant 1 : i32\n  return\n}\n' > %t.name.mlir
// RUN: not cf-opt %t.name.mlir 2>&1 | FileCheck %s --check-prefix=NAME
// NAME: .name.mlir:2:3: error: invalid SSA name
//
// RUN: printf 'func.func @f() {\n  "test.op"() {a = "\xff"} : () -> ()\n  return\n}\n' > %t.string.mlir
// RUN: not cf-opt %t.string.mlir --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=STRING
// STRING: .string.mlir:2:21: error: string literal is not valid UTF-8
//
// With --split-input-file, lines keep their numbers in the whole file (\x2f is `/`: mlir-opt
// would split this file at the marker inside the RUN line).
// RUN: printf '// \xff\n\x2f/ -----\nfunc.func @f() {\n  return\n}\n\x2f/ -----\nfunc.func @g() {\n  cf.br\n}\n' > %t.split.mlir
// RUN: not cf-opt %t.split.mlir --split-input-file 2>/dev/null | FileCheck %s --check-prefix=SPLIT-OUT
// RUN: not cf-opt %t.split.mlir --split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=SPLIT
// SPLIT-OUT: func.func @f() {
// SPLIT: .split.mlir:8:8: error: expected block name
//
// Like mlir-opt (LLVM's SourceMgr), no caret line under a source line with non-ASCII
// characters, valid UTF-8 included; the column counts bytes (`é` is two).
// RUN: printf 'func.func @f() {\n  "test.op"() {a = "\xc3\xa9"} : () -> ()  $\n  return\n}\n' > %t.accent.mlir
// RUN: not cf-opt %t.accent.mlir --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=ACCENT --match-full-lines
// ACCENT:      {{.*}}.accent.mlir:2:38: error: unexpected character
// ACCENT-NEXT: {{  "test.op".*}}
// ACCENT-NOT:  ^
