#!/usr/bin/env python3
"""The tensor benchmarks of issue 11: NumPy references, input generation, cf-run runs, ratios.

Subcommands (each result is one machine-readable line
`bench=NAME impl=IMPL median_s=SECONDS n=RUNS [per_step_us=US]`, the median of RUNS timed
runs after one warm-up run):
  gen DIR              write the inputs as .npy (a512.npy, b512.npy; the Mamba scan's at
                       T = 10^4: delta.npy, x.npy, a.npy, b.npy, c.npy) and NumPy's results
                       (matmul512.npy: C[0, 0], C[511, 511]; mamba_y.npy)
  numpy NAME DIR N     time NumPy on benchmark NAME (add1, chain4, matmul512, mamba)
  cfrun NAME DIR N CF_RUN
                       time `CF_RUN --mlir-timing` on the benchmark's MLIR program (the `Run`
                       phase of its timing report), after checking its result against NumPy's;
                       mamba runs after `cf-opt --convert-elementwise-to-linalg
                       --linalg-fuse-elementwise-ops --canonicalize` (CF_OPT, default the
                       cf-opt next to CF_RUN), which fuses each step into one linalg.generic;
                       prints `skip bench=NAME impl=cf-run reason=...` and exits 0 if cf-run
                       cannot run it
  ratios FILE          the ratios cf-run / NumPy (JAX, ONNX Runtime) of the lines in FILE

The benchmarks: (a) add1: a = zeros(10^6) f32, 100 times a += 1 (np.add(a, 1, out=a));
(b) chain4: y = ones(10^6), 100 times y = ((y * 0.5 + 1) * 0.5) - 0.25 (NumPy's temporaries);
(c) matmul512: 10 times a @ b, 512x512 f32 (run with OPENBLAS_NUM_THREADS=1); (d) mamba: the selective
scan of examples/mamba-scan.mlir at T = 10^4 (inputs: examples/expected.py's mamba_inputs).
"""
import os
import pathlib
import re
import statistics
import subprocess
import sys
import time

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT / "examples"))
from expected import mamba_inputs, mamba_scan  # noqa: E402  (the examples' definitions)

f32 = np.float32
N = 10**6
STEPS = 10**4
MAMBA_INPUTS = ["delta", "x", "a", "b", "c"]


def line(name, impl, times, steps=None):
    med = statistics.median(times)
    extra = f" per_step_us={med / steps * 1e6:.3f}" if steps else ""
    print(f"bench={name} impl={impl} median_s={med:.6f} n={len(times)}{extra}", flush=True)


def timed(fn, runs):
    fn()  # warm-up
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def gen(d):
    d.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(11)
    a = rng.standard_normal((512, 512), dtype=f32)
    b = rng.standard_normal((512, 512), dtype=f32)
    np.save(d / "a512.npy", a)
    np.save(d / "b512.npy", b)
    c = a @ b
    np.save(d / "matmul512.npy", np.array([c[0, 0], c[511, 511]], f32))
    ins = mamba_inputs(STEPS)
    for name, v in zip(MAMBA_INPUTS, ins):
        np.save(d / f"{name}.npy", v)
    np.save(d / "mamba_y.npy", mamba_scan(*ins))


def add1(a):
    """(a): 100 times a += 1, in place."""
    for _ in range(100):
        np.add(a, f32(1.0), out=a)
    return a


def chain4(y):
    """(b): 100 times y = ((y * 0.5 + 1) * 0.5) - 0.25, NumPy's temporaries and all."""
    for _ in range(100):
        y = (y * f32(0.5) + f32(1.0)) * f32(0.5) - f32(0.25)
    return y


def matmul_reps(a, b):
    """(c): 10 times a @ b (the MLIR program's REPS), the last product returned."""
    for _ in range(10):
        c = a @ b
    return c


def expected_scalars(name, d):
    """The two f32 results the benchmark's MLIR program returns, as NumPy computes them."""
    if name == "add1":
        a = add1(np.zeros(N, f32))
        return [a[0], a[-1]]
    if name == "chain4":
        y = chain4(np.ones(N, f32))
        return [y[0], y[-1]]
    return list(np.load(d / "matmul512.npy"))


def numpy_bench(name, d, runs):
    # The arrays are made (and their pages touched, by the warm-up run) outside the timing.
    if name == "add1":
        a = np.zeros(N, f32)
        line(name, "numpy", timed(lambda: add1(a), runs))
    elif name == "chain4":
        y = np.ones(N, f32)
        line(name, "numpy", timed(lambda: chain4(y), runs))
    elif name == "matmul512":
        a, b = np.load(d / "a512.npy"), np.load(d / "b512.npy")
        line(name, "numpy", timed(lambda: matmul_reps(a, b), runs))
    else:
        ins = [np.load(d / f"{n}.npy") for n in MAMBA_INPUTS]
        line(name, "numpy", timed(lambda: mamba_scan(*ins), runs), STEPS)


def cfrun_bench(name, d, runs, cf_run):
    def skip(reason):
        print(f"skip bench={name} impl=cf-run reason={reason}", flush=True)

    if name == "mamba":
        cf_opt = os.environ.get("CF_OPT", str(pathlib.Path(cf_run).with_name("cf-opt")))
        prog = d / "mamba-fused.mlir"
        passes = ["--convert-elementwise-to-linalg", "--linalg-fuse-elementwise-ops",
                  "--canonicalize"]
        src = ROOT / "examples" / "mamba-scan.mlir"
        r = subprocess.run([cf_opt, str(src), *passes, "-o", str(prog)],
                           capture_output=True, text=True)
        if r.returncode != 0:
            return skip(f"'cf-opt exited {r.returncode}: {r.stderr.strip()[:200]}'")
        args = [a for n in MAMBA_INPUTS for a in ["--arg", f"@{d / n}.npy"]]
        args += ["--print-limit", "4", "--output-dir", str(d / "cf-run-out")]
    else:
        prog = HERE / f"{name}.mlir"
        mats = ["--arg", f"@{d}/a512.npy", "--arg", f"@{d}/b512.npy"]
        args = mats if name == "matmul512" else []
    cmd = [cf_run, str(prog), *args, "--mlir-timing"]
    times = []
    for k in range(runs + 1):
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        except (OSError, subprocess.TimeoutExpired) as e:
            return skip(f"'{e}'")
        if r.returncode != 0:
            lines = r.stderr.strip().splitlines() or ["(no message)"]
            first = next((l for l in lines if "error" in l), lines[0])
            return skip(f"'cf-run exited {r.returncode}: {first}'")
        if k == 0 and not check(name, d, r.stdout):
            return skip(f"'wrong result: {r.stdout.strip()[:200]}'")
        m = re.search(r"^\s*([0-9.]+) \(\s*[0-9.]+%\)\s+Run$", r.stderr, re.M)
        if not m:
            return skip("'no Run line in the --mlir-timing report'")
        if k > 0:  # the first run is the warm-up
            times.append(float(m.group(1)))
    line(name, "cf-run", times, STEPS if name == "mamba" else None)


def check(name, d, stdout):
    """Whether cf-run's result is NumPy's (within 1e-4 relative; Mamba's Y from --output-dir)."""
    if name == "mamba":
        outs = sorted((d / "cf-run-out").glob("*.npy"))
        if not outs:
            return False
        got, want = np.load(outs[0]), np.load(d / "mamba_y.npy")
        floor = np.abs(want).max() / 100
        return got.shape == want.shape and bool(
            np.all(np.abs(got - want) <= 1e-4 * np.maximum(np.abs(want), floor)))
    nums = [float(x) for x in re.findall(r"[-+]?[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?", stdout)]
    want = expected_scalars(name, d)
    return len(nums) >= 2 and all(
        abs(g - float(w)) <= 1e-4 * max(abs(float(w)), 1.0) for g, w in zip(nums[:2], want))


def ratios(path):
    rows = {}
    for l in pathlib.Path(path).read_text().splitlines():
        if l.startswith("bench="):
            kv = dict(p.split("=", 1) for p in l.split())
            rows[(kv["bench"], kv["impl"])] = float(kv["median_s"])
    for name in ["add1", "chain4", "matmul512", "mamba"]:
        ours = rows.get((name, "cf-run"))
        for impl in ["numpy", "jax", "onnxruntime"]:
            ref = rows.get((name, impl))
            if ref is None:
                continue
            r = f"{ours / ref:.2f}" if ours is not None else "n/a (cf-run skipped)"
            print(f"ratio bench={name} cf-run/{impl}={r}")


def main():
    cmd, rest = sys.argv[1], sys.argv[2:]
    if cmd == "gen":
        gen(pathlib.Path(rest[0]))
    elif cmd == "numpy":
        numpy_bench(rest[0], pathlib.Path(rest[1]), int(rest[2]))
    elif cmd == "cfrun":
        cfrun_bench(rest[0], pathlib.Path(rest[1]), int(rest[2]), rest[3])
    elif cmd == "ratios":
        ratios(rest[0])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
