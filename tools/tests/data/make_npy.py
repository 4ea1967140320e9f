#!/usr/bin/env python3
"""Writes the .npy fixtures of tools/tests/tensor_io.rs into tools/tests/data/npy/ with NumPy's
own np.save, so that the reader is checked against files NumPy wrote (independently of Weir).

Regenerate: python3 -m venv /tmp/venv && /tmp/venv/bin/pip install numpy &&
/tmp/venv/bin/python tools/tests/data/make_npy.py
"""
import os

import numpy as np

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "npy")
os.makedirs(OUT, exist_ok=True)


def save(name, array):
    np.save(os.path.join(OUT, name + ".npy"), array, allow_pickle=True)


# One 2x3 array per dtype: [[1, -2, 3], [4, 5, -6]] (unsigned dtypes wrap: -2 -> 2**N - 2).
values = [[1, -2, 3], [4, 5, -6]]
for dtype in ["int8", "int16", "int32", "int64", "float16", "float32", "float64"]:
    save(dtype, np.array(values, dtype=dtype))
for dtype in ["uint8", "uint16", "uint32", "uint64"]:
    save(dtype, np.array(values, dtype=np.int64).astype(dtype))
save("bool", np.array([[True, False, True], [False, False, True]]))
# A 0-d array, for a scalar parameter.
save("scalar_f64", np.float64(2.5))
# An empty array.
save("empty_f32", np.zeros((0, 3), dtype=np.float32))
# bf16 has no NumPy dtype: its raw bits in a uint16 array; 0x3FC0 is 1.5, 0xC000 is -2.0.
save("bf16_bits", np.array([0x3FC0, 0xC000], dtype=np.uint16))
# What cf-run rejects.
save("fortran", np.asfortranarray(np.array([[1, 2], [3, 4]], dtype=np.int32)))
save("bigendian", np.array([1, 2], dtype=">i4"))
save("object", np.array([1, "a"], dtype=object))
save("complex", np.array([1 + 2j], dtype=np.complex64))
