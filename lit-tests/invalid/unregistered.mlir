// Ops of unregistered dialects need --allow-unregistered-dialect (mlir-opt's rule).
// RUN: cf-opt %s --split-input-file --verify-diagnostics
// RUN: cf-opt %s --allow-unregistered-dialect | FileCheck %s
// CHECK: "foo.bar"() : () -> ()

func.func @unknown_op_without_flag() {
  // expected-error@+1 {{operation being parsed with an unregistered dialect}}
  "foo.bar"() : () -> ()
  return
}
