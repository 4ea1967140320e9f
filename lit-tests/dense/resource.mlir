// dense_resource<name> attributes and the file's resource section round-trip as mlir-opt 22
// prints them: blobs in the order of first use (not the section's order), unused blobs dropped,
// the alignment prefix kept (4, 16, 1 bytes), data in upper-case hex, a quoted key, a name
// without a blob (no error, as in mlir-opt 22) and a section with no blob used (not printed).
// The CHECK lines are mlir-opt 22's output for this file.
// RUN: cf-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: cf-opt %s --allow-unregistered-dialect | cf-opt --allow-unregistered-dialect | FileCheck %s
// RUN: cf-opt %s --allow-unregistered-dialect --canonicalize | FileCheck %s --check-prefix=CANON

// CHECK-LABEL: func.func @f() -> (tensor<3xi32>, tensor<2xf32>, tensor<1xi8>) {
// CHECK-NEXT:    %[[A:.*]] = arith.constant dense_resource<zeta> : tensor<3xi32>
// CHECK-NEXT:    %[[B:.*]] = arith.constant dense_resource<alpha> : tensor<2xf32>
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense_resource<"quoted name"> : tensor<1xi8>
// CHECK-NEXT:    "test.use"() {a = dense_resource<zeta> : tensor<3xi32>, b = [dense_resource<absent> : tensor<2xi32>, dense_resource<aligned1> : tensor<1xi8>]} : () -> ()
// CHECK-NEXT:    return %[[A]], %[[B]], %[[C]] : tensor<3xi32>, tensor<2xf32>, tensor<1xi8>
// CHECK-NEXT:  }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       zeta: "0x10000000010000000200000003000000",
// CHECK-NEXT:       alpha: "0x040000000000803F00000040",
// CHECK-NEXT:       "quoted name": "0x04000000FF",
// CHECK-NEXT:       aligned1: "0x01000000AB"
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}
// CANON: %{{.*}} = arith.constant dense_resource<zeta> : tensor<3xi32>
// CANON: zeta: "0x10000000010000000200000003000000",
func.func @f() -> (tensor<3xi32>, tensor<2xf32>, tensor<1xi8>) {
  %a = arith.constant dense_resource<zeta> : tensor<3xi32>
  %b = arith.constant dense_resource<alpha> : tensor<2xf32>
  %c = arith.constant dense_resource<"quoted name"> : tensor<1xi8>
  "test.use"() {a = dense_resource<zeta> : tensor<3xi32>, b = [dense_resource<absent> : tensor<2xi32>, dense_resource<aligned1> : tensor<1xi8>]} : () -> ()
  return %a, %b, %c : tensor<3xi32>, tensor<2xf32>, tensor<1xi8>
}

{-#
  dialect_resources: {
    builtin: {
      alpha: "0x040000000000803f00000040",
      unused: "0x0800000001",
      "quoted name": "0x04000000ff",
      aligned1: "0x01000000ab",
      zeta: "0x10000000010000000200000003000000"
    }
  }
#-}
