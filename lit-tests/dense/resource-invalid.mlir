// Invalid dense_resource attributes and resource sections: each chunk is one error, with
// mlir-opt 22's message (this file passes `mlir-opt --verify-diagnostics --split-input-file`).
// RUN: cf-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

"test.op"() {v = dense_resource<blob1> : tensor<1xi32>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      // expected-error@+1 {{expected hex string blob for key 'blob1'}}
      blob1: "zz"
    }
  }
#-}

// -----

"test.op"() {v = dense_resource<blob1> : tensor<1xi32>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      // expected-error@+1 {{expected hex string blob for key 'blob1'}}
      blob1: 5
    }
  }
#-}

// -----

"test.op"() {v = dense_resource<blob1> : tensor<1xi32>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      // expected-error@+1 {{expected hex string blob for key 'blob1'}}
      blob1: "0x0G000000"
    }
  }
#-}

// -----

"test.op"() {v = dense_resource<blob1> : tensor<1xi32>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      // expected-error@+1 {{expected hex string blob for key 'blob1' to encode alignment in first 4 bytes}}
      blob1: "0x01"
    }
  }
#-}

// -----

"test.op"() {v = dense_resource<blob1> : tensor<1xi32>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      // expected-error@+1 {{expected identifier key for 'resource' entry}}
      7: "0x04000000"
    }
  }
#-}

// -----

"test.op"() {v = dense_resource<blob1> : tensor<1xi32>} : () -> ()
{-#
  dialect_resources: {
    // expected-error@+1 {{dialect 'foo' is unknown}}
    foo: { blob1: "0x04000000" }
  }
#-}

// -----

"test.op"() {v = dense_resource<blob1> : tensor<1xi32>} : () -> ()
{-#
  dialect_resources: {
    // expected-error@+1 {{unexpected 'resource' section for dialect 'func'}}
    func: { blob1: "0x04000000" }
  }
#-}

// -----

"test.op"() {v = dense_resource<blob1> : tensor<1xi32>} : () -> ()
{-#
  // expected-error@+1 {{unknown key 'foo_resources' in file metadata dictionary}}
  foo_resources: {}
#-}

// -----

// expected-error@+1 {{`dense_resource` expected a shaped type}}
"test.op"() {v = dense_resource<blob1> : i32} : () -> ()

// -----

// expected-error@+1 {{expected identifier key for 'resource' entry}}
"test.op"() {v = dense_resource<1> : tensor<1xi32>} : () -> ()
