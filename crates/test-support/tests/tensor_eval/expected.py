#!/usr/bin/env python3
"""Expected values of the tensor evaluator's tests (crates/test-support/tests/tensor_eval.rs),
computed with NumPy independently of Weir. Each line: `KEY | SHAPE | VALUES`, the shape as
comma-separated sizes (empty for a scalar), the values in row-major order (integers as signed
numbers, floats as Python reprs of the value in its type, widened to float64).

Regenerate: python3 -m venv /tmp/venv && /tmp/venv/bin/pip install numpy &&
/tmp/venv/bin/python expected.py > expected.txt
"""
import numpy as np


def emit(key, value):
    a = np.asarray(value)
    shape = ",".join(str(n) for n in a.shape)
    if a.dtype.kind == "f":
        vals = " ".join(repr(float(x)) for x in a.astype(np.float64).ravel())
    else:
        vals = " ".join(str(int(x)) for x in a.ravel())
    print(f"{key} | {shape} | {vals}")


print("# Produced by expected.py (NumPy " + np.__version__ + "): /tmp/venv/bin/python expected.py > expected.txt")
f32 = np.float32

# E9: m = ones(2, 2); 10 times m = concat([m, m], axis 0).
m = np.ones((2, 2), f32)
for _ in range(10):
    m = np.concatenate([m, m], axis=0)
emit("e9", m)

# E12: x = ones(5); 5 times x = x + 1.
x = np.ones(5, f32)
for _ in range(5):
    x = x + f32(1.0)
emit("e12", x)

# E11: switch (x + 10, x * x, -x) on clamp(i, 0, 2), x = 3.
for i in [0, 1, 2, -1, 7]:
    k = min(max(i, 0), 2)
    xv = np.int32(3)
    emit(f"e11 {i}", [xv + 10, xv * xv, -xv][k])

# E10: torch.switch with index clamp((sum(x) > 0) + (sum(x) > 5), 0, 2).
E10_INPUTS = {
    "neg": [-1.0, -2.0, 0.5, 0.25],
    "mid": [1.0, 1.0, 1.0, 1.0],
    "big": [2.0, 3.0, 1.0, 0.5],
    "zero": [0.0, 0.0, 0.0, 0.0],
}
for name, v in E10_INPUTS.items():
    x = np.array(v, f32)
    s = x.sum(dtype=f32)
    k = min(max(int(s > 0) + int(s > 5), 0), 2)
    emit(f"e10 {name}", [x * f32(2), x + f32(10), x * x][k])

# RNN cell: h = tanh(h W + x U + b), 3 steps.
W = np.array([[0.5, -0.25, 0.125, 0.0], [0.25, 0.5, -0.5, 0.75],
              [-0.125, 0.25, 0.5, -0.25], [0.0, -0.5, 0.25, 0.5]], f32)
U = np.array([[1.0, 0.5, -1.0, 0.25], [-0.5, 0.25, 0.75, 1.0],
              [0.125, -1.0, 0.5, -0.25]], f32)
b = np.array([0.1, -0.2, 0.3, 0.0], f32)
h = np.array([[0.5, -0.5, 0.25, 1.0]], f32)
xin = np.array([[1.0, 2.0, -1.0]], f32)
for _ in range(3):
    h = np.tanh(h @ W + xin @ U + b).astype(f32)
emit("rnn", h)

# Newton's iteration for sqrt in float64 (same steps as the program).
a = np.array([2.0, 9.0, 0.25, 10.0])
y = a.copy()
n = 0
while np.max(np.abs(y * y - a)) > 1e-12 and n < 50:
    y = (y + a / y) * 0.5
    n += 1
emit("newton y", y)
emit("newton steps", n)
emit("newton sqrt", np.sqrt(a))

# The linalg ops on A (2x3).
A = np.array([[1.0, 2.0, 3.0], [4.0, -5.0, 6.5]], f32)
emit("linalg transpose", A.T)
emit("linalg matmul", A @ A.T)
emit("linalg rowsum", A.sum(axis=1))
WI = A * np.arange(3, dtype=f32)
emit("linalg index", WI)
emit("linalg batch_matmul", np.stack([A, 2 * A]) @ np.stack([A.T, A.T]))
emit("linalg map", A - WI)

# The tensor ops with p = 7, q = -2.
p, q = 7, -2
M = np.array([[p, q], [q, p]], np.int32)
M[1, 1] = q
emit("tensor m", M)
emit("tensor sum", M.sum())
emit("tensor rank", M.ndim)
emit("tensor splat", np.full(3, M.sum(), np.int32))

# Element types.
with np.errstate(over="ignore"):
    emit("elements i8 add", np.array([100, -128], np.int8) + np.array([100, -1], np.int8))
emit("elements f16 add", np.array([1.0, 2048.0], np.float16) + np.array([0.0004, 1.0], np.float16))
# NumPy has no bfloat16: round the f32 sum to bfloat16 by hand (round to nearest even on the
# upper 16 bits of the binary32 pattern), as the bf16 format defines.
def to_bf16(v):
    bits = np.array(v, f32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16 << 16
    return rounded.astype(np.uint32).view(f32)
h16 = to_bf16([1.0, 256.0])
k16 = to_bf16([0.001, 1.0])
emit("elements bf16 add", to_bf16(h16 + k16))
emit("elements i8 divui", np.array([100, 255], np.uint8) // np.array([100, 128], np.uint8))
emit("elements extsi", np.array([100, -1], np.int8).astype(np.int32))
emit("elements sitofp", np.array([100, -1], np.int32).astype(f32))

# Sliding-window sums of width 3.
X8 = np.array([1.0, -2.0, 3.5, 4.0, 0.25, 6.0, -7.0, 8.0], f32)
emit("window", np.array([X8[i:i + 3].sum(dtype=f32) for i in range(6)], f32))

# Strided and rank-reducing slices of M[i, j] = 8 i + j - 5 with r = 2, c = 1.
M38 = (np.arange(24, dtype=f32) - 5).reshape(3, 8)
r, c = 2, 1
row = M38[r, 0:8:2]
W38 = M38.copy()
W38[r, 1:9:2] = row + row
emit("slices row", row)
emit("slices insert", W38)
emit("slices box", W38[1:3, c:c + 6:2])

# Pads of X23 = [[1, 2, 3], [4, 5, 6]]: low (1, 2), high (0, h = 2) with 10 i + j at the
# padded result index (i, j); the source read back; a constant -1 pad low (0, 1) high (1, 0).
X23 = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], f32)
h = 2
P = np.fromfunction(lambda i, j: 10 * i + j, (1 + 2 + 0, 2 + 3 + h), dtype=f32)
P[1:3, 2:5] = X23
emit("pad index", P)
emit("pad back", P[1:3, 2:5])
emit("pad constant", np.pad(X23, ((0, 1), (1, 0)), constant_values=f32(-1.0)))

# generate: g[i, j] = 3 i - j, 4 rows.
emit("generate", np.fromfunction(lambda i, j: 3 * i - j, (4, 3), dtype=np.int32))

# Reshapes of X234 = 0.5 * arange(24) as (2, 3, 4): to (6, 4), (3, 8), back to (2, 3, 4).
X234 = (np.arange(24, dtype=f32) * f32(0.5)).reshape(2, 3, 4)
R64 = X234.reshape(6, 4)
R38 = R64.reshape(3, 8)
emit("reshape 6x4", R64)
emit("reshape 3x8", R38)
emit("reshape back", R38.reshape(2, 3, 4))
