// cf-run --max-loop-trips N: the loop budget counts entries to loop headers over the whole
// run (a loop of n trips enters its header n + 1 times); without the flag loops are unbounded.
// By hand for @main(n) = sum of i*i for i < n, n = 10: 285, with 11 header entries.
// RUN: cf-run %s --arg '10 : i64' | FileCheck %s --check-prefix=OK
// RUN: cf-run %s --arg '10 : i64' --max-loop-trips 11 | FileCheck %s --check-prefix=OK
// RUN: not cf-run %s --arg '10 : i64' --max-loop-trips 10 2>&1 | FileCheck %s --check-prefix=STOP
// RUN: not cf-run %s --arg '10 : i64' --max-loop-trips 0 2>&1 | FileCheck %s --check-prefix=STOP
// A loop that never ends (@spin) stops cleanly with the flag.
// RUN: not cf-run %s -e spin --max-loop-trips 1000000 2>&1 | FileCheck %s --check-prefix=SPIN
// The budget is shared with the callees: @twice calls @main(10) twice from a loop of 2 trips:
// 3 + 2 * 11 = 25 entries; the result is main(10) = 285.
// RUN: cf-run %s -e twice --max-loop-trips 25 | FileCheck %s --check-prefix=OK
// RUN: not cf-run %s -e twice --max-loop-trips 24 2>&1 | FileCheck %s --check-prefix=TWICE
// A value that is not a number is a flag error.
// RUN: not cf-run %s --arg '10 : i64' --max-loop-trips many 2>&1 | FileCheck %s --check-prefix=BAD
// OK: {{^}}285{{$}}
// STOP: loop-trips.mlir:[[@LINE+9]]:{{[0-9]+}}: error: runtime error: iteration limit exceeded
// SPIN: loop-trips.mlir:[[@LINE+24]]:{{[0-9]+}}: error: runtime error: iteration limit exceeded
// TWICE: loop-trips.mlir:[[@LINE+37]]:{{[0-9]+}}: error: runtime error: iteration limit exceeded
// BAD: invalid value 'many' for '--max-loop-trips

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

func.func @spin() -> i64 {
  %c0 = arith.constant 0 : i64
  %true = arith.constant true
  %r = scf.while (%i = %c0) : (i64) -> i64 {
    scf.condition(%true) %i : i64
  } do {
  ^bb0(%i: i64):
    scf.yield %i : i64
  }
  return %r : i64
}

func.func @twice() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c10 = arith.constant 10 : i64
  %z = arith.constant 0 : i64
  %r = scf.for %k = %c0 to %c2 step %c1 iter_args(%acc = %z) -> (i64) {
    %s = func.call @main(%c10) : (i64) -> i64
    scf.yield %s : i64
  }
  return %r : i64
}
