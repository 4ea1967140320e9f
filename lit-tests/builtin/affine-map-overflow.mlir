// Affine-map simplification at the edge of int64 (was an endless recursion, a stack overflow):
// two constants fold only when the result fits (else the expression stays), the other
// constant combinations ((e + c1) + c2, (e * c1) * c2, e * c1 + e * c2) wrap at 64 bits, and
// INT64_MIN is printed as `(-9223372036854775807 - 1)`, which parses back to it. Expected text:
// mlir-opt 22's output for this file (`mlir-opt FILE -mlir-print-local-scope`), except there:
// mlir-opt prints `e + INT64_MIN` as `e - -9223372036854775808`, which it cannot parse back
// ("constant too large for index"), and an overflowing `c1 + c2 + d0` as `d0 + c1 + c2`, which
// re-parses as `(d0 + c1) + c2` and wraps; Weir writes `d0 + (c1 + c2)`. Weir's output parses
// in both and is a fixpoint.
// RUN: cf-opt %s | FileCheck %s
// RUN: cf-opt %s | cf-opt | FileCheck %s

// CHECK: r = affine_map<(d0) -> (d0 * 2 + (-9223372036854775807 - 1))>
// CHECK-SAME: t = affine_map<(d0) -> (d0 + 9223372036854775807 * 2)>
// CHECK-SAME: u = affine_map<(d0) -> (d0 + (9223372036854775807 + 1))>
// CHECK-SAME: v = affine_map<(d0) -> (d0 * -2)>
// CHECK-SAME: w = affine_map<(d0) -> (d0 * 9223372036854775807)>
// CHECK-SAME: x = affine_map<(d0) -> (d0 * -2)>
// CHECK-SAME: y = affine_map<(d0) -> (d0 + (-9223372036854775807 - 1))>
// CHECK-SAME: z = affine_map<()[s0] -> (s0 * -2)>
func.func private @a() attributes {x = affine_map<(d0) -> (d0 * 9223372036854775807 * 2)>, y = affine_map<(d0) -> ((d0 + 9223372036854775807) + 1)>, z = affine_map<()[s0] -> ((s0 * 9223372036854775807) * 2)>, w = affine_map<(d0) -> ((d0 * 3) * -3074457345618258603)>, v = affine_map<(d0) -> (d0 * 9223372036854775807 + d0 * 9223372036854775807)>, t = affine_map<(d0) -> (d0 + 9223372036854775807 * 2)>, u = affine_map<(d0) -> (9223372036854775807 + 1 + d0)>, r = affine_map<(d0) -> ((d0 + 9223372036854775807) + d0 + 1)>}
