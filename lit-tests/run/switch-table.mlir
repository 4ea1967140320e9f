// cf.switch in the JIT: dense cases become a jump table (Cranelift br_table), sparse ones a
// compare tree; the default and the operands of each destination are kept exactly.
//
// @dense(x: i64): cases 0..4 go to ^c(x + 10 * k) through one block taking an argument,
// the default to ^d(x). By hand: x = 0 -> 0 + 0 = 0; x = 3 -> 3 + 30 = 33; x = 4 -> 44;
// x = 5 (past the table) -> default 5 + 1000 = 1005; x = -1 (not below the table: unsigned it
// is 2^64 - 1) -> default -1 + 1000 = 999; x = 4294967296 + 2 (low 32 bits 2) -> default
// 4294967298 + 1000 = 4294968298.
// RUN: cf-run %s -e dense --arg '0 : i64' | FileCheck %s --check-prefix=D0
// RUN: cf-run %s -e dense --arg '3 : i64' | FileCheck %s --check-prefix=D3
// RUN: cf-run %s -e dense --arg '4 : i64' | FileCheck %s --check-prefix=D4
// RUN: cf-run %s -e dense --arg '5 : i64' | FileCheck %s --check-prefix=D5
// RUN: cf-run %s -e dense --arg '-1 : i64' | FileCheck %s --check-prefix=DM1
// RUN: cf-run %s -e dense --arg '4294967298 : i64' | FileCheck %s --check-prefix=DBIG
// D0: {{^}}0{{$}}
// D3: {{^}}33{{$}}
// D4: {{^}}44{{$}}
// D5: {{^}}1005{{$}}
// DM1: {{^}}999{{$}}
// DBIG: {{^}}4294968298{{$}}
//
// The dense switch is a jump table in the machine code; the sparse one is not.
// RUN: cf-run %s -e dense --arg '0 : i64' --dump-jit-code 2>&1 >/dev/null | FileCheck %s --check-prefix=ASM
// ASM-LABEL: ; disassembly of function @dense
// ASM: br_table
// ASM-LABEL: ; disassembly of function @sparse
// ASM-NOT: br_table
// ASM-LABEL: ; disassembly of function @neg
//
// @sparse(x: i64): cases -7, 100, 5000 with operands (x), (), (x, x); by hand:
// -7 -> -7 * 2 = -14; 100 -> 1; 5000 -> 5000 + 5000 = 10000; 0 -> default 42.
// RUN: cf-run %s -e sparse --arg '-7 : i64' | FileCheck %s --check-prefix=SM7
// RUN: cf-run %s -e sparse --arg '100 : i64' | FileCheck %s --check-prefix=S100
// RUN: cf-run %s -e sparse --arg '5000 : i64' | FileCheck %s --check-prefix=S5000
// RUN: cf-run %s -e sparse --arg '0 : i64' | FileCheck %s --check-prefix=S0
// SM7: {{^}}-14{{$}}
// S100: {{^}}1{{$}}
// S5000: {{^}}10000{{$}}
// S0: {{^}}42{{$}}
//
// @neg(x: i8): dense negative cases -3..-1 (bits 253..255) and 0; by hand: -3 -> 30,
// -2 -> 20, -1 -> 10, 0 -> 0, 1 -> default 7, -4 -> default 7, 127 -> default 7.
// RUN: cf-run %s -e neg --arg '-3 : i8' | FileCheck %s --check-prefix=NM3
// RUN: cf-run %s -e neg --arg '-1 : i8' | FileCheck %s --check-prefix=NM1
// RUN: cf-run %s -e neg --arg '0 : i8' | FileCheck %s --check-prefix=N0
// RUN: cf-run %s -e neg --arg '1 : i8' | FileCheck %s --check-prefix=NDEF
// RUN: cf-run %s -e neg --arg '-4 : i8' | FileCheck %s --check-prefix=NDEF
// RUN: cf-run %s -e neg --arg '127 : i8' | FileCheck %s --check-prefix=NDEF
// NM3: {{^}}30{{$}}
// NM1: {{^}}10{{$}}
// N0: {{^}}0{{$}}
// NDEF: {{^}}7{{$}}
//
// @flag_i1(b: i1): case 1 (true) -> 5 (operand), default (false) -> 6.
// RUN: cf-run %s -e flag_i1 --arg 'true' | FileCheck %s --check-prefix=BT
// RUN: cf-run %s -e flag_i1 --arg 'false' | FileCheck %s --check-prefix=BF
// BT: {{^}}5{{$}}
// BF: {{^}}6{{$}}
//
// @idx(i: index): scf.index_switch (lowered to a cf.switch on the whole 64-bit index) with
// cases -1, 0, 1, 2; by hand: -1 -> 100, 0 -> 0, 2 -> 20, 3 -> default 9, -2 -> default 9.
// RUN: cf-run %s -e idx --arg '-1 : index' | FileCheck %s --check-prefix=IM1
// RUN: cf-run %s -e idx --arg '0 : index' | FileCheck %s --check-prefix=I0
// RUN: cf-run %s -e idx --arg '2 : index' | FileCheck %s --check-prefix=I2
// RUN: cf-run %s -e idx --arg '3 : index' | FileCheck %s --check-prefix=IDEF
// RUN: cf-run %s -e idx --arg '-2 : index' | FileCheck %s --check-prefix=IDEF
// IM1: {{^}}100{{$}}
// I0: {{^}}0{{$}}
// I2: {{^}}20{{$}}
// IDEF: {{^}}9{{$}}

func.func @dense(%x: i64) -> i64 {
  %c10 = arith.constant 10 : i64
  %c20 = arith.constant 20 : i64
  %c30 = arith.constant 30 : i64
  %c40 = arith.constant 40 : i64
  cf.switch %x : i64, [
    default: ^d(%x : i64),
    0: ^c(%x : i64),
    1: ^c1,
    2: ^c(%c20 : i64),
    3: ^c(%c30 : i64),
    4: ^c(%c40 : i64)
  ]
^c1:
  cf.br ^c(%c10 : i64)
^c(%k: i64):
  %r = arith.addi %x, %k : i64
  return %r : i64
^d(%v: i64):
  %c1000 = arith.constant 1000 : i64
  %s = arith.addi %v, %c1000 : i64
  return %s : i64
}

func.func @sparse(%x: i64) -> i64 {
  cf.switch %x : i64, [
    default: ^d,
    -7: ^a(%x : i64),
    100: ^b,
    5000: ^c(%x, %x : i64, i64)
  ]
^a(%p: i64):
  %r = arith.addi %p, %p : i64
  return %r : i64
^b:
  %one = arith.constant 1 : i64
  return %one : i64
^c(%u: i64, %v: i64):
  %s = arith.addi %u, %v : i64
  return %s : i64
^d:
  %c42 = arith.constant 42 : i64
  return %c42 : i64
}

func.func @neg(%x: i8) -> i32 {
  %c30 = arith.constant 30 : i32
  %c20 = arith.constant 20 : i32
  %c10 = arith.constant 10 : i32
  %c0 = arith.constant 0 : i32
  %c7 = arith.constant 7 : i32
  cf.switch %x : i8, [
    default: ^r(%c7 : i32),
    -3: ^r(%c30 : i32),
    -2: ^r(%c20 : i32),
    -1: ^r(%c10 : i32),
    0: ^r(%c0 : i32)
  ]
^r(%v: i32):
  return %v : i32
}

func.func @flag_i1(%b: i1) -> i64 {
  %c5 = arith.constant 5 : i64
  %c6 = arith.constant 6 : i64
  cf.switch %b : i1, [
    default: ^r(%c6 : i64),
    1: ^r(%c5 : i64)
  ]
^r(%v: i64):
  return %v : i64
}

func.func @idx(%i: index) -> i64 {
  %r = scf.index_switch %i -> i64
  case -1 {
    %a = arith.constant 100 : i64
    scf.yield %a : i64
  }
  case 0 {
    %b = arith.constant 0 : i64
    scf.yield %b : i64
  }
  case 1 {
    %c = arith.constant 10 : i64
    scf.yield %c : i64
  }
  case 2 {
    %d = arith.constant 20 : i64
    scf.yield %d : i64
  }
  default {
    %e = arith.constant 9 : i64
    scf.yield %e : i64
  }
  return %r : i64
}
