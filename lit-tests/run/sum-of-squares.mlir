// SEMANTICS.md E6: i = 0, r = 0; while i < n { r += i*i; i += 1 }.
// Right answers by hand: n = 0 -> 0; n = 10 -> 285; n = 1000 -> 999*1000*1999/6 = 332833500.
// RUN: cf-run %s --arg '0 : i64' | FileCheck %s --check-prefix=N0
// RUN: cf-opt %s --canonicalize | cf-run - --arg '0 : i64' | FileCheck %s --check-prefix=N0
// RUN: cf-run %s --arg '10 : i64' | FileCheck %s --check-prefix=N10
// RUN: cf-opt %s --canonicalize | cf-run - --arg '10 : i64' | FileCheck %s --check-prefix=N10
// RUN: cf-run %s --arg '1000 : i64' | FileCheck %s --check-prefix=N1000
// RUN: cf-opt %s --canonicalize | cf-run - --arg '1000 : i64' | FileCheck %s --check-prefix=N1000
// RUN: cf-opt %s --convert-scf-to-cf | cf-run - --arg '10 : i64' | FileCheck %s --check-prefix=N10
// RUN: cf-opt %s --convert-scf-to-cf | cf-run - --arg '1000 : i64' | FileCheck %s --check-prefix=N1000
// N0: {{^}}0{{$}}
// N10: {{^}}285{{$}}
// N1000: {{^}}332833500{{$}}

func.func @main(%n: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %r:2 = scf.while (%i = %c0, %acc = %c0) : (i64, i64) -> (i64, i64) {
    %lt = arith.cmpi slt, %i, %n : i64
    scf.condition(%lt) %i, %acc : i64, i64
  } do {
  ^bb0(%i: i64, %acc: i64):
    %sq = arith.muli %i, %i : i64
    %acc2 = arith.addi %acc, %sq : i64
    %i2 = arith.addi %i, %c1 : i64
    scf.yield %i2, %acc2 : i64, i64
  }
  return %r#1 : i64
}
