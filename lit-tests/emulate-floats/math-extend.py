#!/usr/bin/env python3
"""Expected output of math-extend-run.mlir (stored in math-extend.txt).

NumPy computes float16 math in float32 and rounds the result to float16 once, which is what
--math-extend-to-supported-types does (extf, the op in f32, truncf); bfloat16, which NumPy
lacks, is float32 rounded to nearest even on its top 16 bits. Scalars are printed as cf-run
prints an f16 scalar (its shortest float32 form); tensors as mlir-opt 22 prints a constant of
those exact values (run here: `MLIR_OPT`, default /usr/lib/llvm-22/bin/mlir-opt)."""
import os
import subprocess

import numpy as np

MLIR_OPT = os.environ.get("MLIR_OPT", "/usr/lib/llvm-22/bin/mlir-opt")


def bf16(a):
    a = np.asarray(a, np.float32)
    b = a.view(np.uint32).astype(np.uint64)
    r = ((b + 0x7FFF + ((b >> 16) & 1)) >> 16) << 16
    return r.astype(np.uint32).view(np.float32)


def mlir_dense(vals, ty):
    """mlir-opt's printing of `dense<[vals]> : ty` (the exact values, as Python writes them)."""
    text = ", ".join(repr(float(v)) for v in vals)
    src = f"func.func @f() -> {ty} {{\n  %0 = arith.constant dense<[{text}]> : {ty}\n  return %0 : {ty}\n}}\n"
    out = subprocess.run([MLIR_OPT], input=src, capture_output=True, text=True, check=True).stdout
    line = next(l for l in out.splitlines() if "arith.constant" in l)
    return line.split("arith.constant ", 1)[1]


x = np.float16(1.5)
t = np.array([0.5, -1.25, 2.0, 3.5], np.float16)
b = bf16([0.75, 2.5, 10.0, 100.0])
print(repr(np.float32(np.exp(x))).replace("np.float32(", "").rstrip(")"))
print(repr(np.float32(np.sqrt(x))).replace("np.float32(", "").rstrip(")"))
print(mlir_dense(np.exp(t), "tensor<4xf16>"))
print(mlir_dense(np.tanh(t), "tensor<4xf16>"))
print(mlir_dense(bf16(np.log(b)), "tensor<4xbf16>"))
print(mlir_dense(bf16(np.sin(b)), "tensor<4xbf16>"))
