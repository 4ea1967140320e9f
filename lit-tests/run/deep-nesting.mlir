// 10^4 nested scf.if (generated into %t.mlir; the repository keeps no huge file): cf-run
// parses, verifies, lowers, compiles and runs it; cf-opt lowers it. Level k
// (0 outermost) yields `k < n ? inner + 1 : k`, the innermost inner value is %n, so @main(n)
// is 0 for n <= 0 and n + min(n, 10000) otherwise (derived by hand):
//   n = 3 -> 6, n = 10000 -> 20000, n = 20000 -> 30000, n = -7 -> 0.
// Not repeated with LLVM at -O3 (tools/tests/lit.rs): its optimizer takes minutes on 10^4
// nested branches.
// UNSUPPORTED: llvm-O3
// RUN: python3 -c "d = 10000; print('func.func @main(%%n: i64) -> i64 {'); [print('%%k{0} = arith.constant {0} : i64\n%%c{0} = arith.cmpi slt, %%k{0}, %%n : i64\n%%r{0} = scf.if %%c{0} -> (i64) {{'.format(k)) for k in range(d)]; [print('%%one{0} = arith.constant 1 : i64\n%%v{0} = arith.addi {1}, %%one{0} : i64\nscf.yield %%v{0} : i64\n}} else {{\nscf.yield %%k{0} : i64\n}}'.format(k, '%%n' if k == d - 1 else '%%r' + str(k + 1))) for k in reversed(range(d))]; print('return %%r0 : i64'); print('}')" > %t.mlir
// RUN: cf-run %t.mlir --arg '3 : i64' | FileCheck %s --check-prefix=THREE
// RUN: cf-run %t.mlir --arg '10000 : i64' | FileCheck %s --check-prefix=ALL
// RUN: cf-run %t.mlir --arg '20000 : i64' | FileCheck %s --check-prefix=MORE
// RUN: cf-run %t.mlir --arg '-7 : i64' | FileCheck %s --check-prefix=NEG
// RUN: cf-opt %t.mlir --convert-scf-to-cf | FileCheck %s --check-prefix=CFG
// THREE: {{^}}6{{$}}
// ALL: {{^}}20000{{$}}
// MORE: {{^}}30000{{$}}
// NEG: {{^}}0{{$}}
// CFG-LABEL: func.func @main(%arg0: i64) -> i64 {
// CFG-NOT: scf.
// CFG-COUNT-10000: cf.cond_br
// CFG-NOT: scf.
// CFG: return
