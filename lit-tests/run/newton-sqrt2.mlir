// Newton's iteration for sqrt(2) in f64: x0 = 1, x <- (x + 2/x) / 2, five steps.
// Independent values (Python floats, IEEE binary64, same operations): 1.5, 1.4166666666666665,
// 1.4142156862745097, 1.4142135623746899, 1.414213562373095 (math.sqrt(2) = 1.4142135623730951,
// one ulp away: Newton's last step rounds down).
// RUN: cf-run %s --arg '5 : index' | FileCheck %s
// RUN: cf-opt %s --canonicalize | cf-run - --arg '5 : index' | FileCheck %s
// RUN: cf-opt %s --convert-scf-to-cf | cf-run - --arg '5 : index' | FileCheck %s
// RUN: cf-run %s --arg '3 : index' | FileCheck %s --check-prefix=THREE
// RUN: cf-opt %s --canonicalize | cf-run - --arg '3 : index' | FileCheck %s --check-prefix=THREE
// CHECK: {{^}}1.414213562373095{{$}}
// THREE: {{^}}1.4142156862745097{{$}}

func.func @main(%steps: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f64
  %two = arith.constant 2.0 : f64
  %half = arith.constant 0.5 : f64
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%x = %one) -> (f64) {
    %q = arith.divf %two, %x : f64
    %s = arith.addf %x, %q : f64
    %n = arith.mulf %s, %half : f64
    scf.yield %n : f64
  }
  return %r : f64
}
