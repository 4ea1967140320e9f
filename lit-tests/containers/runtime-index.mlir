// A runtime index into a list of four scalars [7, 11, 13, 17] (a homogeneous list): the
// getitem becomes an scf.index_switch with a case per element (0..3 and -4..-1) and a
// default that fails at run time. Expected values: expected.txt "runtime index: [7, 11, 13,
// 17]" and "runtime index 4: 'IndexError: ...'" (Python).
// RUN: cf-opt %s --canonicalize | FileCheck %s --check-prefix=IR
// RUN: cf-opt %s --canonicalize | cf-run - --arg '0 : index' | FileCheck %s --check-prefix=I0
// RUN: cf-opt %s --canonicalize | cf-run - --arg '1 : index' | FileCheck %s --check-prefix=I1
// RUN: cf-opt %s --canonicalize | cf-run - --arg '2 : index' | FileCheck %s --check-prefix=I2
// RUN: cf-opt %s --canonicalize | cf-run - --arg '3 : index' | FileCheck %s --check-prefix=I3
// RUN: cf-opt %s --canonicalize | cf-run - --arg '-1 : index' | FileCheck %s --check-prefix=I3
// RUN: cf-opt %s --canonicalize | not cf-run - --arg '4 : index' 2>&1 | FileCheck %s --check-prefix=I4

// IR-NOT: weir.
// IR: %[[R:.*]] = scf.index_switch %arg0 -> i64
// IR-NEXT: case 0 {
// IR-NEXT: scf.yield %c7_i64 : i64
// IR: case 3 {
// IR-NEXT: scf.yield %c17_i64 : i64
// IR: case -4 {
// IR-NEXT: scf.yield %c7_i64 : i64
// IR: case -1 {
// IR-NEXT: scf.yield %c17_i64 : i64
// IR: default {
// IR-NEXT: cf.assert %false, "list index should be in range [-4, 4)"
// IR-NEXT: scf.yield %c7_i64 : i64
// IR: return %[[R]] : i64
// IR-NOT: weir.
// I0: 7
// I1: 11
// I2: 13
// I3: 17
// I4: <stdin>:{{[0-9]+}}:{{[0-9]+}}: error: runtime error: assertion failed: list index should be in range [-4, 4)
func.func @main(%i: index) -> i64 {
  %a = arith.constant 7 : i64
  %b = arith.constant 11 : i64
  %c = arith.constant 13 : i64
  %d = arith.constant 17 : i64
  %l = weir.list [%a, %b, %c, %d] : i64, i64, i64, i64
  %x = weir.list.getitem %l[%i] : !weir.list<i64, i64, i64, i64> -> i64
  return %x : i64
}
