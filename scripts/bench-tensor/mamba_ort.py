#!/usr/bin/env python3
"""Benchmark (d) of issue 11 in ONNX Runtime: the Mamba selective scan
(examples/mamba-scan.mlir) as an ONNX `Loop` over the T steps, the model built with
`onnx.helper`, run on one thread (intra- and inter-op thread pools of size 1, sequential).

  mamba_ort.py DIR N    (DIR from `bench.py gen DIR`)

The Loop body reads row t of Delta, X, B, C from the outer scope (Gather), carries h and
emits y_t as a scan output. Prints `bench=mamba impl=onnxruntime median_s=S n=N
per_step_us=US` (median of N runs after a warm-up run) after checking Y against NumPy's
(DIR/mamba_y.npy, 1e-4 relative with a floor of 1% of max |Y|).
"""
import pathlib
import statistics
import sys
import time

import numpy as np
import onnx
import onnxruntime as ort
from onnx import TensorProto, helper

F = TensorProto.FLOAT


def model():
    node = helper.make_node
    body = helper.make_graph(
        [
            node("Gather", ["Delta", "i"], ["d"], axis=0),
            node("Gather", ["X", "i"], ["xt"], axis=0),
            node("Gather", ["B", "i"], ["bt"], axis=0),
            node("Gather", ["C", "i"], ["ct"], axis=0),
            node("Unsqueeze", ["d", "ax1"], ["d_col"]),
            node("Mul", ["d_col", "A"], ["dA"]),
            node("Exp", ["dA"], ["decay"]),
            node("Mul", ["d", "xt"], ["dx"]),
            node("Unsqueeze", ["dx", "ax1"], ["dx_col"]),
            node("Unsqueeze", ["bt", "ax0"], ["bt_row"]),
            node("Mul", ["dx_col", "bt_row"], ["inp"]),
            node("Mul", ["decay", "h"], ["kept"]),
            node("Add", ["kept", "inp"], ["h1"]),
            node("MatMul", ["h1", "ct"], ["y"]),
            node("Identity", ["cond"], ["cond_out"]),
        ],
        "step",
        [
            helper.make_tensor_value_info("i", TensorProto.INT64, []),
            helper.make_tensor_value_info("cond", TensorProto.BOOL, []),
            helper.make_tensor_value_info("h", F, [256, 16]),
        ],
        [
            helper.make_tensor_value_info("cond_out", TensorProto.BOOL, []),
            helper.make_tensor_value_info("h1", F, [256, 16]),
            helper.make_tensor_value_info("y", F, [256]),
        ],
        initializer=[
            helper.make_tensor("ax0", TensorProto.INT64, [1], [0]),
            helper.make_tensor("ax1", TensorProto.INT64, [1], [1]),
        ],
    )
    graph = helper.make_graph(
        [
            node("Shape", ["Delta"], ["shape"]),
            node("Gather", ["shape", "zero"], ["T"], axis=0),
            node("Loop", ["T", "true", "h0"], ["h_final", "Y"], body=body),
        ],
        "mamba",
        [
            helper.make_tensor_value_info("Delta", F, ["T", 256]),
            helper.make_tensor_value_info("X", F, ["T", 256]),
            helper.make_tensor_value_info("A", F, [256, 16]),
            helper.make_tensor_value_info("B", F, ["T", 16]),
            helper.make_tensor_value_info("C", F, ["T", 16]),
        ],
        [helper.make_tensor_value_info("Y", F, ["T", 256])],
        initializer=[
            helper.make_tensor("zero", TensorProto.INT64, [], [0]),
            helper.make_tensor("true", TensorProto.BOOL, [], [True]),
            helper.make_tensor("h0", F, [256, 16], np.zeros(256 * 16, np.float32)),
        ],
    )
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    m.ir_version = 8
    onnx.checker.check_model(m)
    return m


def main():
    d, runs = pathlib.Path(sys.argv[1]), int(sys.argv[2])
    feeds = {k: np.load(d / f"{n}.npy") for k, n in
             [("Delta", "delta"), ("X", "x"), ("A", "a"), ("B", "b"), ("C", "c")]}
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = 1
    opts.inter_op_num_threads = 1
    opts.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    sess = ort.InferenceSession(model().SerializeToString(), opts,
                                providers=["CPUExecutionProvider"])
    (y,) = sess.run(None, feeds)  # warm-up
    want = np.load(d / "mamba_y.npy")
    floor = np.abs(want).max() / 100
    if y.shape != want.shape or not np.all(np.abs(y - want) <= 1e-4 * np.maximum(np.abs(want), floor)):
        sys.exit("mamba_ort.py: ONNX Runtime's Y differs from NumPy's")
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        sess.run(None, feeds)
        times.append(time.perf_counter() - t)
    med = statistics.median(times)
    steps = feeds["Delta"].shape[0]
    print(f"bench=mamba impl=onnxruntime median_s={med:.6f} n={runs} per_step_us={med / steps * 1e6:.3f}")


if __name__ == "__main__":
    main()
