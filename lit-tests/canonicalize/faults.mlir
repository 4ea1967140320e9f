// The fault kinds of issue 3 (from public reports), each with its right value computed by hand,
// checked with and without canonicalization.
//
// (a) A while whose condition region forwards the same scf.if result twice: the body must read
//     the then-value. @fault_a: i = 0, acc = 0; the before region computes v = (i < 1 ? 3 : 50)
//     and forwards (v, v, i, acc); the body yields (i + 1, second copy of v). Trip 1 (i = 0): acc
//     becomes 3; then i = 1 fails the condition and the results are (50, 50, 1, 3): acc = 3.
//     MLIR 22's --canonicalize returns 50 (its WhileMoveIfDown pattern moves the if into the body
//     and rewires only one of the two copies); see scf-mlir-comparison.mlir.
// RUN: cf-run %s -e fault_a | FileCheck %s --check-prefix=A
// RUN: cf-opt %s --canonicalize | cf-run - -e fault_a | FileCheck %s --check-prefix=A
// RUN: cf-opt %s --fold-constant-conditions | cf-run - -e fault_a | FileCheck %s --check-prefix=A
// A: {{^}}3{{$}}
//
// (b) Trip counts by ceiling division: `i = 0; while i < 1: i += 2` runs once (-> 2), not 0 times;
//     `while i <= -1` from 0 runs no trip (-> 0) and is folded away (MLIR 22 keeps it).
// RUN: cf-run %s -e fault_b_one | FileCheck %s --check-prefix=B1
// RUN: cf-opt %s --canonicalize | cf-run - -e fault_b_one | FileCheck %s --check-prefix=B1
// RUN: cf-run %s -e fault_b_empty | FileCheck %s --check-prefix=B0
// RUN: cf-opt %s --canonicalize | cf-run - -e fault_b_empty | FileCheck %s --check-prefix=B0
// RUN: cf-opt %s --canonicalize | FileCheck %s --check-prefix=BIR
// B1: {{^}}2{{$}}
// B0: {{^}}0{{$}}
// BIR-LABEL: func.func @fault_b_one(
// BIR: scf.while
// BIR-LABEL: func.func @fault_b_empty(
// BIR-NOT: scf.while
// BIR: return
//
// (c) A result-less index_switch on a constant converges and keeps the selected case's call (and
//     its cf.assert, which fails at run time when the argument is false: the case did run).
// RUN: cf-opt %s --canonicalize 2>&1 | FileCheck %s --check-prefix=C
// RUN: cf-opt %s --fold-constant-conditions 2>&1 | FileCheck %s --check-prefix=C
// RUN: cf-opt %s --canonicalize | cf-run - -e fault_c --arg 'true' | FileCheck %s --check-prefix=C1
// RUN: cf-opt %s --canonicalize | not cf-run - -e fault_c --arg 'false' 2>&1 | FileCheck %s --check-prefix=CFAIL
// C-NOT: did not converge
// C-LABEL: func.func @fault_c(
// C-NOT: scf.index_switch
// C: call @record(%{{.*}}) : (i32) -> i32
// C-NOT: call
// C: cf.assert %{{.*}}, "case 1 ran"
// C-NOT: scf.index_switch
// C: return
// C1: {{^}}1{{$}}
// CFAIL: assertion failed: case 1 ran
//
// (d) A while whose scf.condition forwards fewer values than the loop carries (valid when the
//     body yields the carried values itself): nothing crashes, the value is right. @fault_d: carried
//     (i, s, k) = (0, 0, 7); the condition i < 4 forwards only (i + 1, s + i); the body yields
//     (n, t, n * 2). (i, s) goes (0, 0) (1, 0) (2, 1) (3, 3) (4, 6); at i = 4 the condition fails
//     and the forwarded s + i = 6 + 4 = 10 is the result (0+1+2+3+4). (The invalid form, where the types
//     disagree, is rejected by the verifier before any pass: scf-while-invalid-forwarding.mlir.)
// RUN: cf-run %s -e fault_d | FileCheck %s --check-prefix=D
// RUN: cf-opt %s --canonicalize | cf-run - -e fault_d | FileCheck %s --check-prefix=D
// RUN: cf-opt %s --fold-constant-conditions | cf-run - -e fault_d | FileCheck %s --check-prefix=D
// D: {{^}}10{{$}}
//
// (e) The value a while returns is the one that failed the condition: i = 0, 2, 4 run; 6 is
//     returned.
// RUN: cf-run %s -e fault_e | FileCheck %s --check-prefix=E
// RUN: cf-opt %s --canonicalize | cf-run - -e fault_e | FileCheck %s --check-prefix=E
// RUN: cf-opt %s --fold-constant-conditions | cf-run - -e fault_e | FileCheck %s --check-prefix=E
// E: {{^}}6{{$}}


func.func @fault_a() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c50 = arith.constant 50 : i32
  %r:4 = scf.while (%i = %c0, %acc = %c0) : (i32, i32) -> (i32, i32, i32, i32) {
    %cond = arith.cmpi slt, %i, %c1 : i32
    %v = scf.if %cond -> (i32) {
      scf.yield %c3 : i32
    } else {
      scf.yield %c50 : i32
    }
    scf.condition(%cond) %v, %v, %i, %acc : i32, i32, i32, i32
  } do {
  ^bb0(%a: i32, %b: i32, %j: i32, %x: i32):
    %j1 = arith.addi %j, %c1 : i32
    scf.yield %j1, %b : i32, i32
  }
  return %r#3 : i32
}

func.func @fault_b_one() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %lt = arith.cmpi slt, %i, %c1 : i32
    scf.condition(%lt) %i : i32
  } do {
  ^bb0(%j: i32):
    %n = arith.addi %j, %c2 : i32
    scf.yield %n : i32
  }
  return %r : i32
}

func.func @fault_b_empty() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cm1 = arith.constant -1 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %le = arith.cmpi sle, %i, %cm1 : i32
    scf.condition(%le) %i : i32
  } do {
  ^bb0(%j: i32):
    %n = arith.addi %j, %c1 : i32
    scf.yield %n : i32
  }
  return %r : i32
}

func.func private @record(%x: i32) -> i32 {
  return %x : i32
}

func.func @fault_c(%ok: i1) -> i32 {
  %idx = arith.constant 1 : index
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.index_switch %idx
  case 0 {
    %r0 = func.call @record(%c0) : (i32) -> i32
    scf.yield
  }
  case 1 {
    %r1 = func.call @record(%c1) : (i32) -> i32
    cf.assert %ok, "case 1 ran"
    scf.yield
  }
  default {
    %rd = func.call @record(%c0) : (i32) -> i32
  }
  return %c1 : i32
}

func.func @fault_d() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c4 = arith.constant 4 : i32
  %c7 = arith.constant 7 : i32
  %r:2 = scf.while (%i = %c0, %s = %c0, %k = %c7) : (i32, i32, i32) -> (i32, i32) {
    %lt = arith.cmpi slt, %i, %c4 : i32
    %i1 = arith.addi %i, %c1 : i32
    %s1 = arith.addi %s, %i : i32
    scf.condition(%lt) %i1, %s1 : i32, i32
  } do {
  ^bb0(%n: i32, %t: i32):
    %k1 = arith.muli %n, %c2 : i32
    scf.yield %n, %t, %k1 : i32, i32, i32
  }
  return %r#1 : i32
}

func.func @fault_e() -> i32 {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %c5 = arith.constant 5 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %lt = arith.cmpi slt, %i, %c5 : i32
    scf.condition(%lt) %i : i32
  } do {
  ^bb0(%j: i32):
    %n = arith.addi %j, %c2 : i32
    scf.yield %n : i32
  }
  return %r : i32
}
