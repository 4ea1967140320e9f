// cf-run's --arg checks against the parameter types, before compiling: a tensor for a scalar
// parameter, a scalar for a tensor one, a tensor of the wrong shape or element type, .npy
// files that do not fit (fixtures written by NumPy: tools/tests/data/make_npy.py, float32.npy
// and int32.npy of shape (2, 3)) and a dense_resource without a blob, each a clean error.
// RUN: not cf-run %s -e scalar --arg 'dense<[1, 2]> : tensor<2xi32>' 2>&1 | FileCheck %s --check-prefix=T2S
// T2S: error: cf-run: --arg #0 'dense<[1, 2]> : tensor<2xi32>' has type 'tensor<2xi32>' but the parameter has type 'i32'
// RUN: not cf-run %s -e tensor --arg '1 : i32' 2>&1 | FileCheck %s --check-prefix=S2T
// S2T: error: cf-run: --arg #0 '1 : i32' has type 'i32' but the parameter has type 'tensor<2x?xi32>'
// RUN: not cf-run %s -e tensor --arg 'dense<[1, 2, 3]> : tensor<3xi32>' 2>&1 | FileCheck %s --check-prefix=RANK
// RANK: error: cf-run: --arg #0 'dense<[1, 2, 3]> : tensor<3xi32>' has type 'tensor<3xi32>' but the parameter has type 'tensor<2x?xi32>'
// RUN: not cf-run %s -e tensor --arg 'dense<1> : tensor<3x2xi32>' 2>&1 | FileCheck %s --check-prefix=SIZE
// SIZE: error: cf-run: --arg #0 'dense<1> : tensor<3x2xi32>' has type 'tensor<3x2xi32>' but the parameter has type 'tensor<2x?xi32>'
// RUN: not cf-run %s -e tensor --arg 'dense<1.0> : tensor<2x2xf32>' 2>&1 | FileCheck %s --check-prefix=ELEM
// ELEM: error: cf-run: --arg #0 'dense<1.0> : tensor<2x2xf32>' has type 'tensor<2x2xf32>' but the parameter has type 'tensor<2x?xi32>'
// RUN: not cf-run %s -e tensor --arg 'dense<1> : vector<2x2xi32>' 2>&1 | FileCheck %s --check-prefix=VEC
// VEC: error: cf-run: --arg #0 'dense<1> : vector<2x2xi32>' has type 'vector<2x2xi32>' but the parameter has type 'tensor<2x?xi32>'
// RUN: not cf-run %s -e tensor --arg '"text"' 2>&1 | FileCheck %s --check-prefix=STR
// STR: error: cf-run: --arg #0 '"text"' is not a dense<...> attribute or @file.npy (the parameter has type 'tensor<2x?xi32>')
// RUN: not cf-run %s -e tensor --arg @%S/../../tools/tests/data/npy/float32.npy 2>&1 | FileCheck %s --check-prefix=NPYELEM
// NPYELEM: error: cf-run: --arg #0 '@{{.*}}float32.npy' holds an array of dtype float32 and shape (2, 3) but the parameter has type 'tensor<2x?xi32>'
// RUN: not cf-run %s -e scalar --arg @%S/../../tools/tests/data/npy/int32.npy 2>&1 | FileCheck %s --check-prefix=NPYRANK
// NPYRANK: error: cf-run: --arg #0 '@{{.*}}int32.npy' holds an array of dtype int32 and shape (2, 3) but the parameter has type 'i32'
// RUN: not cf-run %s -e tensor --arg @%S/../../tools/tests/data/npy/fortran.npy 2>&1 | FileCheck %s --check-prefix=FORTRAN
// FORTRAN: error: cf-run: --arg #0: '{{.*}}fortran.npy' is in Fortran order (shape (2, 2)); cf-run reads C-order arrays (save `np.ascontiguousarray(a)`)
// RUN: not cf-run %s -e tensor --arg 'dense_resource<missing> : tensor<2x2xi32>' 2>&1 | FileCheck %s --check-prefix=BLOB
// BLOB: error: cf-run: --arg #0: the module has no blob for dense_resource 'missing' (in its dialect_resources section)
// RUN: not cf-run %s -e tensor --arg 'dense_resource<w> : tensor<2x2xi32>' 2>&1 | FileCheck %s --check-prefix=BLOBSIZE
// BLOBSIZE: error: cf-run: --arg #0: a tensor of 4 element(s) of 4 byte(s) needs 16 bytes, got 8
// RUN: not cf-run %s -e tensor --arg 'dense<1> : tensor<2x2xi32>' --print-limit lots 2>&1 | FileCheck %s --check-prefix=LIMIT
// LIMIT: invalid value 'lots' for '--print-limit <N>'

func.func @scalar(%a: i32) -> i32 {
  return %a : i32
}

func.func @tensor(%a: tensor<2x?xi32>) -> tensor<2x?xi32> {
  return %a : tensor<2x?xi32>
}

{-#
  dialect_resources: {
    builtin: {
      w: "0x040000000100000002000000"
    }
  }
#-}
