#!/usr/bin/env python3
"""The examples' inputs and their right values, computed with NumPy independently of Weir.

Writes expected.txt beside this script (crates/test-support/tests/examples.rs runs each example
with the reference tensor evaluator on the `in` rows and compares with the other rows). Each
line: `KEY | SHAPE | VALUES`, the shape as comma-separated sizes (empty for a scalar), the values
in row-major order (integers as signed numbers, floats as Python reprs of the value in its type
widened to float64).

The Mamba scan's inputs are not stored: they are the formulas of `mamba_inputs` (the Rust test
computes the same ones). `--npy-dir DIR` also writes every example input as DIR/NAME.npy (for
`cf-run --arg @DIR/NAME.npy`; mamba's as delta.npy, x.npy, a.npy, b.npy, c.npy).

Regenerate: python3 -m venv /work/venv11 && /work/venv11/bin/pip install numpy &&
/work/venv11/bin/python examples/expected.py
"""
import argparse
import pathlib

import numpy as np

f32 = np.float32
HERE = pathlib.Path(__file__).resolve().parent
lines = []
inputs = {}


def emit(key, value):
    a = np.asarray(value)
    shape = ",".join(str(n) for n in a.shape)
    if a.dtype.kind == "f":
        vals = " ".join(repr(float(x)) for x in a.astype(np.float64).ravel())
    else:
        vals = " ".join(str(int(x)) for x in a.ravel())
    lines.append(f"{key} | {shape} | {vals}")


def emit_input(key, name, value):
    emit(key, value)
    inputs[name] = np.asarray(value)


def mamba_inputs(steps):
    """Deterministic Mamba inputs for `steps` time steps: each element a formula of its
    indices, computed in float64 and rounded to float32 (delta in [0.01, 0.11], A negative as
    in Mamba's A = -exp(A_log), x, B, C small multiples of powers of two)."""
    t, i = np.meshgrid(np.arange(steps), np.arange(256), indexing="ij")
    delta = (0.01 + ((3 * t + 5 * i) % 11) / 100).astype(f32)
    x = (((7 * t + 3 * i) % 17 - 8) / 8).astype(f32)
    i2, n = np.meshgrid(np.arange(256), np.arange(16), indexing="ij")
    a = (-(1 + i2 % 8 + n) / 4).astype(f32)
    t2, n2 = np.meshgrid(np.arange(steps), np.arange(16), indexing="ij")
    b = (((t2 + 2 * n2) % 5 - 2) / 4).astype(f32)
    c = (((2 * t2 + n2) % 7 - 3) / 4).astype(f32)
    return delta, x, a, b, c


def mamba_scan(delta, x, a, b, c):
    """Y of the selective scan, in float32: h = exp(delta_t[:, None] A) h + (delta_t x_t)[:, None]
    B_t[None, :], Y[t] = h C_t, from h = 0."""
    h = np.zeros(a.shape, f32)
    y = np.zeros(x.shape, f32)
    for t in range(delta.shape[0]):
        h = np.exp(delta[t][:, None] * a) * h + (delta[t] * x[t])[:, None] * b[t][None, :]
        y[t] = h @ c[t]
    return y


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--npy-dir", help="also write the example inputs as .npy files here")
    args = p.parse_args()

    # E12: x = ones(5); 5 trips of x = x + 1.
    x = np.ones(5, f32)
    for _ in range(5):
        x = x + f32(1.0)
    emit("e12", x)

    # E9: m = ones(2, 2); 10 trips of m = concat([m, m], axis 0).
    m = np.ones((2, 2), f32)
    for _ in range(10):
        m = np.concatenate([m, m], axis=0)
    emit("e9", m)

    # E11: (x + 10, x * x, -x)[clamp(i, 0, 2)] with x = 3 (a 0-d f32 tensor).
    x3 = np.array(3.0, f32)
    for i in [0, 1, 2, -1, 7]:
        k = min(max(i, 0), 2)
        emit(f"e11 {i}", [x3 + f32(10), x3 * x3, -x3][k])

    # E10: branches (x * 2, x + 10, x * x)[clamp((s > 0) + (s > 5), 0, 2)], s = sum(x).
    e10 = {
        "neg": [[1.0, -2.0, 0.5], [-1.0, 0.25, -3.0], [2.0, -0.5, 1.0], [0.0, -1.5, 0.75]],
        "mid": [[0.5, 0.25, 0.0], [1.0, -0.5, 0.25], [0.5, 0.0, 0.25], [-0.25, 0.5, 0.0]],
        "big": [[1.0, 2.0, 0.5], [1.5, -1.0, 2.0], [0.25, 1.0, 1.75], [0.5, 1.0, 1.5]],
        "zero": [[1.0, -1.0, 0.5], [-0.5, 2.0, -2.0], [0.0, 0.0, 0.0], [0.25, -0.25, 0.0]],
    }
    for name, v in e10.items():
        x = np.array(v, f32)
        s = x.sum(dtype=f32)
        k = min(max(int(s > 0) + int(s > 5), 0), 2)
        emit_input(f"e10 {name} in", f"e10-{name}", x)
        emit(f"e10 {name} branch", k)
        emit(f"e10 {name}", [x * f32(2), x + f32(10), x * x][k])

    # Newton's iteration for sqrt(a) in float32, the steps of newton-sqrt.mlir.
    a = np.array([2.0, 9.0, 0.25, 100.0], f32)
    emit_input("newton in", "newton", a)
    x, d, k = a.copy(), f32(1e30), 0
    while d >= f32(1e-6) and k < 50:
        x1 = (x + a / x) * f32(0.5)
        d = np.max(np.abs(x1 - x))
        x, k = x1, k + 1
    emit("newton x", x)
    emit("newton steps", k)
    emit("newton sqrt", np.sqrt(a))

    # RNN cell: h_t = tanh(W x_t + U h_t-1 + b), the weights of rnn-cell.mlir.
    w = np.array([[0.5, -0.25, 0.125], [0.25, 0.5, -0.5], [-0.125, 0.25, 0.5], [0.0, -0.5, 0.25]], f32)
    u = np.array([[1.0, 0.5, -1.0, 0.25], [-0.5, 0.25, 0.75, 1.0],
                  [0.125, -1.0, 0.5, -0.25], [0.25, 0.0, -0.5, 0.5]], f32)
    b = np.array([0.1, -0.2, 0.3, 0.0], f32)
    xs = np.array([[1.0, 2.0, -1.0], [0.5, -0.5, 0.25], [-1.0, 0.0, 2.0]], f32)
    h = np.array([0.5, -0.5, 0.25, 1.0], f32)
    emit_input("rnn xs in", "rnn-xs", xs)
    emit_input("rnn h0 in", "rnn-h0", h)
    for x in xs:
        h = np.tanh(w @ x + u @ h + b)
    emit("rnn", h)

    # The Mamba selective scan at T = 6.
    mamba = mamba_inputs(6)
    emit("mamba y", mamba_scan(*mamba))
    for name, v in zip(["delta", "x", "a", "b", "c"], mamba):
        inputs[name] = v

    # The benchmark programs of scripts/bench-tensor at small sizes (the tests shrink them):
    # chain4, 100 trips of y = ((y * 0.5 + 1) * 0.5) - 0.25 from 1 (every element alike);
    # matmul512 as 8x8, C[0, 0] and C[7, 7] of A B for small integer-valued A, B.
    y = np.ones(4, f32)
    for _ in range(100):
        y = (y * f32(0.5) + f32(1.0)) * f32(0.5) - f32(0.25)
    emit("bench chain4", y[0])
    ma = (np.arange(64).reshape(8, 8) % 7 - 3).astype(f32)
    mb = (np.arange(64).reshape(8, 8) % 5 - 2).astype(f32).T
    emit_input("bench matmul a in", "matmul-a", ma)
    emit_input("bench matmul b in", "matmul-b", mb)
    c = ma @ mb
    emit("bench matmul c00", c[0, 0])
    emit("bench matmul c77", c[7, 7])

    header = f"# Produced by examples/expected.py (NumPy {np.__version__}); do not edit by hand."
    (HERE / "expected.txt").write_text("\n".join([header, *lines]) + "\n")
    if args.npy_dir:
        out = pathlib.Path(args.npy_dir)
        out.mkdir(parents=True, exist_ok=True)
        for name, v in inputs.items():
            np.save(out / f"{name}.npy", v)


if __name__ == "__main__":
    main()
