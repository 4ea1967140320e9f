// Tensors of integers whose width is not a whole number of bytes (i3, i7) from dense
// constants (splat or not) and from --arg: dense attributes store them sign-extended, the
// generated code needs them zero-extended above the width (a fresh review found extui, ctlz
// and ctpop wrong on them). Expected values by hand: -1 : i3 = 0b111 (7 unsigned, 3 set bits,
// no leading zero), -4 : i3 = 0b100, -1 : i7 = 127; ctlz of [-4, -2, -1, 0, 1] : i3 is
// [0, 0, 0, 3, 2]. The canonicalized run (folded by the folders) must print the same.
// RUN: cf-run %s -e consts | FileCheck %s
// RUN: cf-opt %s --canonicalize | cf-run - -e consts | FileCheck %s
// RUN: cf-run %s -e args --arg 'dense<[-4, -2, -1, 0, 1]> : tensor<5xi3>' | FileCheck %s --check-prefix=ARGS
// CHECK: dense<[7, 4]> : tensor<2xi8>
// CHECK-NEXT: dense<[3, 1]> : tensor<2xi3>
// CHECK-NEXT: dense<0> : tensor<2xi3>
// CHECK-NEXT: dense<127> : tensor<3xi8>
// CHECK-NEXT: dense<7> : tensor<3xi7>
// CHECK-NEXT: {{^}}1{{$}}
// ARGS: dense<[0, 0, 0, 3, 2]> : tensor<5xi3>
// ARGS-NEXT: dense<[4, 6, 7, 0, 1]> : tensor<5xi8>
// ARGS-NEXT: dense<[-4, -2, -1, 0, 1]> : tensor<5xi3>
func.func @consts() -> (tensor<2xi8>, tensor<2xi3>, tensor<2xi3>, tensor<3xi8>, tensor<3xi7>, i1) {
  %a = arith.constant dense<[-1, -4]> : tensor<2xi3>
  %0 = arith.extui %a : tensor<2xi3> to tensor<2xi8>
  %1 = math.ctpop %a : tensor<2xi3>
  %2 = math.ctlz %a : tensor<2xi3>
  %s = arith.constant dense<-1> : tensor<3xi7>
  %3 = arith.extui %s : tensor<3xi7> to tensor<3xi8>
  %4 = math.ctpop %s : tensor<3xi7>
  %c0 = arith.constant 0 : index
  %e = tensor.extract %a[%c0] : tensor<2xi3>
  %m = arith.constant -1 : i3
  %5 = arith.cmpi eq, %e, %m : i3
  return %0, %1, %2, %3, %4, %5 : tensor<2xi8>, tensor<2xi3>, tensor<2xi3>, tensor<3xi8>, tensor<3xi7>, i1
}

func.func @args(%t: tensor<5xi3>) -> (tensor<5xi3>, tensor<5xi8>, tensor<5xi3>) {
  %0 = math.ctlz %t : tensor<5xi3>
  %1 = arith.extui %t : tensor<5xi3> to tensor<5xi8>
  return %0, %1, %t : tensor<5xi3>, tensor<5xi8>, tensor<5xi3>
}
