// An unused getitem with a runtime index still checks the index at run time (Python raises
// IndexError whether or not the element is read: expected.txt "unused runtime index"): it
// becomes an scf.index_switch whose default fails, which stays because it may fail.
// RUN: cf-opt %s --canonicalize | FileCheck %s --check-prefix=IR
// RUN: cf-opt %s --canonicalize | cf-run - --arg '7 : i64' --arg '1 : index' | FileCheck %s --check-prefix=OK
// RUN: cf-opt %s --canonicalize | not cf-run - --arg '7 : i64' --arg '2 : index' 2>&1 | FileCheck %s --check-prefix=FAIL

// IR: scf.index_switch
// IR-NOT: weir.
// OK: 7
// FAIL: error: runtime error: assertion failed: list index should be in range [-2, 2)
func.func @main(%a: i64, %i: index) -> i64 {
  %l = weir.list [%a, %a] : i64, i64
  %x = weir.list.getitem %l[%i] : !weir.list<i64, i64> -> i64
  return %a : i64
}
