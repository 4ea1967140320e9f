#!/usr/bin/env python3
"""Benchmark (d) of issue 11 in JAX: the Mamba selective scan (examples/mamba-scan.mlir) as a
`lax.scan` under `jax.jit`, on the CPU.

  mamba_jax.py DIR N    (DIR from `bench.py gen DIR`)

Prints `bench=mamba impl=jax median_s=S n=N per_step_us=US` (median of N runs after a warm-up
run that also compiles) after checking Y against NumPy's (DIR/mamba_y.npy, 1e-4 relative with
a floor of 1% of max |Y|). Run it pinned to one core (bench-tensor/run does, with taskset).
"""
import os
import pathlib
import statistics
import sys
import time

os.environ.setdefault("JAX_PLATFORMS", "cpu")
os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402


@jax.jit
def scan(delta, x, a, b, c):
    def step(h, row):
        d, xt, bt, ct = row
        h = jnp.exp(d[:, None] * a) * h + (d * xt)[:, None] * bt[None, :]
        return h, h @ ct

    _, y = jax.lax.scan(step, jnp.zeros(a.shape, jnp.float32), (delta, x, b, c))
    return y


def main():
    d, runs = pathlib.Path(sys.argv[1]), int(sys.argv[2])
    ins = [jnp.asarray(np.load(d / f"{n}.npy")) for n in ["delta", "x", "a", "b", "c"]]
    y = np.asarray(scan(*ins).block_until_ready())  # warm-up: compiles
    want = np.load(d / "mamba_y.npy")
    floor = np.abs(want).max() / 100
    if not np.all(np.abs(y - want) <= 1e-4 * np.maximum(np.abs(want), floor)):
        sys.exit("mamba_jax.py: JAX's Y differs from NumPy's")
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        scan(*ins).block_until_ready()
        times.append(time.perf_counter() - t)
    med = statistics.median(times)
    steps = ins[0].shape[0]
    print(f"bench=mamba impl=jax median_s={med:.6f} n={runs} per_step_us={med / steps * 1e6:.3f}")


if __name__ == "__main__":
    main()
