#!/usr/bin/env python3
"""Expected values of the lit tests in this directory, computed by Python itself (and NumPy
for the tensor sum). Run `python3 lit-tests/containers/expected.py > lit-tests/containers/expected.txt`;
the tests' CHECK lines hold these values."""
import numpy as np

def show(name, value):
    print(f"{name}: {value!r}")

# extend: concatenation, then len and the elements in order (a=1, b=2, c=3, d=4).
xs = [1, 2]
xs.extend([3, 4])
show("extend", xs)
show("len(extend)", len(xs))

# count of a constant tensor in a list of tensors (compared by value, as MindSpore does).
t = np.array([1.0, 2.0])
ts = [np.array([1.0, 2.0]), np.array([3.0, 4.0]), np.array([1.0, 2.0])]
show("count tensor", sum(1 for u in ts if np.array_equal(u, t)))
# count of scalars: Python's == (1 == 1.0 is True).
show("count scalar", [1, 1.0, 2, True].count(1))

# fromkeys: keys in order, values all the default (None) or the given value.
show("fromkeys", dict.fromkeys(["a", "b", "a"]))
show("fromkeys 7", dict.fromkeys(["x", "y"], 7))

# update with an overlapping key: order kept, value replaced.
d = {"a": 1, "b": 2}
d.update({"b": 20, "c": 30})
show("update", d)
show("update keys", list(d.keys()))
show("update values", list(d.values()))

# getitem at -n, n-1 (valid) and n, -n-1 (errors) on a list of 3 = [10, 20, 30].
ys = [10, 20, 30]
show("getitem -3", ys[-3])
show("getitem 2", ys[2])
for i in (3, -4):
    try:
        ys[i]
    except IndexError as e:
        show(f"getitem {i}", f"IndexError: {e}")

# Other methods on [10, 20, 30].
zs = list(ys); zs.insert(1, 15); show("insert", zs)
zs = list(ys); v = zs.pop(-1); show("pop", (zs, v))
zs = list(ys); zs.reverse(); show("reverse", zs)
zs = list(ys); zs[1] = 25; show("setitem", zs)
show("index", ys.index(20))
show("in", 30 in ys)
show("dict get", {"a": 1}.get("z", 5))

# The loop over a list of three tensors, summed.
xs3 = [np.array([1.0, 2.0, 3.0], dtype=np.float32),
       np.array([0.5, 0.25, 0.125], dtype=np.float32),
       np.array([-1.0, 4.0, 10.0], dtype=np.float32)]
acc = np.zeros(3, dtype=np.float32)
for x in xs3:
    acc = acc + x
show("tensor loop sum", acc.tolist())

# A runtime index into a list of four scalars [7, 11, 13, 17].
four = [7, 11, 13, 17]
show("runtime index", [four[i] for i in range(4)])
try:
    four[4]
except IndexError as e:
    show("runtime index 4", f"IndexError: {e}")

# if len(xs) < 10 with len 3: the then branch.
show("len(xs) < 10", len(ys) < 10)

# The empty list and dict: len([]), len(list({}.keys())), 7 in [], {}.get("a", 7), len([] + [7]).
show("empty", [len([]), len(list({}.keys())), 7 in [], {}.get("a", 7), len([] + [7])])

# A getitem whose index is an if with a constant condition, on [1, 2].
show("index through if", [1, 2][1 if True else 0])

# Equality in count / index / in (x = 5, y = 6 are the runtime arguments).
x, y = 5, 6
nan1, nan2 = float("nan"), float("nan")
show("count nan", [nan1].count(nan2))
show("nan in", nan2 in [nan1])
show("index first match", [1, x].index(1))
show("in first match", 1 in [x, 1])
show("count nested", [[1, 2], [3]].count([1, 2]))
show("count list and int", [[1], 1].count(1))
show("count nested runtime", [[1, x]].count([2, y]))
show("count 2**53+1", [float(2**53)].count(2**53 + 1))
show("count 2**53", [float(2**53)].count(2**53))
show("count dict", [{"a": 1, "b": 2}, {"a": 1}].count({"b": 2, "a": 1}))

# Errors that Python raises whether or not the result is used (unused-errors.mlir): pop and
# setitem out of range on a list of 2, an unused getitem at 5, index of a missing value.
for name, f in [("pop 5", lambda: [1, 1].pop(5)),
                ("setitem -3", lambda: [1, 1].__setitem__(-3, 0)),
                ("unused getitem 5", lambda: [1, 1][5]),
                ("index missing", lambda: [1, 2].index(3))]:
    try:
        f()
    except (IndexError, ValueError) as e:
        show(name, f"{type(e).__name__}: {e}")
# dict.fromkeys(["a", "b"]) has the keys ['a', 'b'] (a result type saying "a", "z" is wrong).
show("fromkeys keys", list(dict.fromkeys(["a", "b"]).keys()))

# A loop carrying the list (carried.mlir): for i in range(len(xs)): xs[i] *= 2, xs = [1, 2, 3];
# and writing in a loop: ys = [7, 0, 0, 0]; for i in range(3): ys[i + 1] = i * 10.
xs = [1, 2, 3]
for i in range(len(xs)):
    xs[i] *= 2
show("carried setitem", xs)
ys = [7, 0, 0, 0]
for i in range(3):
    ys[i + 1] = i * 10
show("carried writes", ys)
# A loop past the list's end, guarded: s = sum(xs[i] for i in range(5) if i < len(xs)), xs = [1, 2, 3].
xs = [1, 2, 3]
s = 0
for i in range(5):
    if i < len(xs):
        s += xs[i]
show("guarded past end", s)

# Unused ops in loops and of runtime values (unused-errors.mlir, unused-runtime-index.mlir).
def loop_unused_getitem():
    l = [1, 1]
    for i in range(3):
        l[i]
def loop_pop():
    l = [1, 1]
    for i in range(3):
        list(l).pop(i)
def carried_unused():
    l = [1]
    for i in range(2):
        l[i] = 1
for name, f in [("loop unused getitem", loop_unused_getitem), ("loop pop", loop_pop),
                ("carried unused", carried_unused),
                ("unused runtime index", lambda: [7, 7][2])]:
    try:
        f()
    except IndexError as e:
        show(name, f"IndexError at: {e}")
show("fromkeys runtime keys", ("b" in dict.fromkeys(["a", "a"]), len(dict.fromkeys(["a", "a"]).keys())))
