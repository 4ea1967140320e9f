// cf-run --arg @FILE.npy for scalar parameters (0-d arrays) and --output-dir, which writes each
// result as DIR/result<i>.npy (scalars as 0-d arrays) for --arg to read back.
// scalar_f64.npy holds 2.5 (tools/tests/data/make_npy.py); by hand 2.5 * 2.5 = 6.25.
// RUN: cf-run %s --arg @%S/../../tools/tests/data/npy/scalar_f64.npy --arg '3 : i32' | FileCheck %s --check-prefix=RUN1
// RUN1: {{^}}6.25{{$}}
// RUN1-NEXT: {{^}}3{{$}}
// RUN: rm -rf %t && cf-run %s --arg '1.5 : f64' --arg '-7 : i32' --output-dir %t/out | FileCheck %s --check-prefix=RUN2
// RUN2: {{^}}2.25{{$}}
// RUN2-NEXT: {{^}}-7{{$}}
// RUN: cf-run %s --arg @%t/out/result0.npy --arg @%t/out/result1.npy | FileCheck %s --check-prefix=RUN3
// RUN3: {{^}}5.0625{{$}}
// RUN3-NEXT: {{^}}-7{{$}}
// A 0-d array of another dtype, an array that is not 0-d, a directory that cannot be made.
// RUN: not cf-run %s --arg @%t/out/result1.npy --arg '3 : i32' 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: error: cf-run: --arg #0 '@{{.*}}result1.npy' holds an array of dtype int32 and shape () but the parameter has type 'f64'
// RUN: not cf-run %s --arg @%S/../../tools/tests/data/npy/float64.npy --arg '3 : i32' 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: error: cf-run: --arg #0 '@{{.*}}float64.npy' holds an array of dtype float64 and shape (2, 3) but the parameter has type 'f64'
// RUN: not cf-run %s --arg '1.5 : f64' --arg '-7 : i32' --output-dir %t/out/result0.npy 2>&1 | FileCheck %s --check-prefix=DIR
// DIR: error: cf-run: --output-dir: cannot create '{{.*}}result0.npy': File exists

func.func @main(%x: f64, %n: i32) -> (f64, i32) {
  %sq = arith.mulf %x, %x : f64
  return %sq, %n : f64, i32
}
