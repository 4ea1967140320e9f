// The region of an unregistered op may hold any blocks (as for MLIR), so --convert-scf-to-cf
// lowers the scf ops in it, as mlir-opt 22 does (the output here is mlir-opt 22's up to value
// names); the one-block bodies of registered ops keep theirs
// (lit-tests/lower/scf-in-one-block-regions.mlir).
// RUN: cf-opt %s --allow-unregistered-dialect --convert-scf-to-cf | FileCheck %s

// CHECK-LABEL: func.func @f
// CHECK: "foo.region"() ({
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: "foo.use"() : () -> ()
// CHECK-NEXT: cf.br ^bb2
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: "foo.end"() : () -> ()
// CHECK-NEXT: }) : () -> ()
func.func @f(%c: i1) {
  "foo.region"() ({
    scf.if %c {
      "foo.use"() : () -> ()
    }
    "foo.end"() : () -> ()
  }) : () -> ()
  return
}
