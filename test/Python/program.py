# RUN: %python_bindings %s %S/../layout-run/identity.mlir %S/../layout-run/tiled.mlir %S/../layout-run/runtime-checks.mlir %S/../layout-run/fill-i64.mlir
# REQUIRES: python-bindings
#
# What numpy users pass (docs/tools.md, Python package): inputs as a tuple
# or any sequence; Python numbers and lists converted to the argument's
# element type when exact (a clear layout_opt.Error naming the input when
# not); layout_opt.Error named as users import it; __version__;
# layout_opt.Program compiling once and running many times in one JIT
# session.

import sys
import threading

import numpy as np

import layout_opt

identity = open(sys.argv[1]).read()
tiled = open(sys.argv[2]).read()
checks = open(sys.argv[3]).read()
fill_i64 = open(sys.argv[4]).read()


def error_of(callee, *args, **kwargs):
    try:
        callee(*args, **kwargs)
    except layout_opt.Error as error:
        return str(error)
    raise AssertionError("no error")


# The error class prints as users name it.
assert layout_opt.Error.__module__ == "layout_opt", layout_opt.Error.__module__
assert layout_opt.Error.__qualname__ == "Error"
assert repr(layout_opt.Error) == "<class 'layout_opt.Error'>", \
    repr(layout_opt.Error)
assert issubclass(layout_opt.Error, Exception)

# __version__: a dotted version (test/Python/version.test compares it with
# layout-opt --version).
parts = layout_opt.__version__.split(".")
assert len(parts) == 3 and all(p.isdigit() for p in parts), \
    layout_opt.__version__

# identity.mlir's @main(tensor<2x3xf32>, f32) fills [0:2, 1:3] with the
# scalar. Tuples, lists and other sequences of inputs are the same.
x = np.arange(6, dtype=np.float32).reshape(2, 3)
want = x.copy()
want[:, 1:3] = 9
for inputs in ((x, 9.0), [x, 9.0], iter([x, 9.0]), (x, np.float32(9))):
    tensor, scalar = layout_opt.run(identity, inputs=inputs)
    assert (tensor == want).all() and tensor.dtype == np.float32, tensor
    assert scalar == 9 and scalar.dtype == np.float32, scalar
# A whole array is not a sequence of inputs.
message = error_of(layout_opt.run, identity, inputs=x)
assert "inputs must be a sequence with one value per argument" in message, \
    message
message = error_of(layout_opt.run, identity, inputs=5)
assert "not a int" in message, message

# Lists of Python floats and ints convert to f32 when exact.
tensor, scalar = layout_opt.run(identity, [[[0, 1.5, 2], [3, 4, 5.25]], 9])
assert tensor.dtype == np.float32
assert (tensor == np.array([[0, 9, 9], [3, 9, 9]], dtype=np.float32)).all()
# Not exact: 0.1 is no f32; named, with the types.
message = error_of(layout_opt.run, identity, [[[0.1, 0, 0], [0, 0, 0]], 9])
assert message.startswith("input 0: float64 values do not convert exactly "
                          "to the function's element type f32 (dtype '<f4')"), \
    message
message = error_of(layout_opt.run, identity, [x, 1e300])
assert message.startswith("input 1: float64 values do not convert exactly"), \
    message
# A list of the wrong shape goes on to the library's shape check.
message = error_of(layout_opt.run, identity, [[1.0, 2.0], 9])
assert "input 0: rank 1" in message, message
# Ragged lists cannot be arrays.
message = error_of(layout_opt.run, identity, [[[1.0], [2.0, 3.0]], 9])
assert message.startswith("input 0: cannot convert list to an array"), message
# An explicit numpy array keeps its dtype: a float64 array is an error, not
# a silent conversion.
message = error_of(layout_opt.run, identity, [x.astype(np.float64), 9])
assert "input 0: dtype '<f8' does not match" in message, message

# Integers: index and i64 arguments take Python ints; a float that is an
# integer converts, one that is not, or an out-of-range int, does not.
(result_a, result_b) = layout_opt.run(fill_i64, [[[5] * 3] * 2])
assert result_a.dtype == np.int64
(again_a, again_b) = layout_opt.run(fill_i64, [[[5.0] * 3] * 2])
assert (again_a == result_a).all() and (again_b == result_b).all()
message = error_of(layout_opt.run, fill_i64, [[[5.5] * 3] * 2])
assert message.startswith("input 0: float64 values do not convert exactly "
                          "to the function's element type i64"), message
message = error_of(layout_opt.run, fill_i64, [[[2 ** 63] * 3] * 2])
assert "input 0:" in message, message

# Program: compiled once, called many times in one session; dynamic dims
# from each call's inputs (tiled.mlir's @main takes ?x5xf32 and the rows).
program = layout_opt.Program(tiled)
assert program.function == "main"
for rows in (3, 4, 3, 5):
    x = np.arange(rows * 5, dtype=np.float32).reshape(rows, 5)
    expected = x.copy()
    expected[1:3, 1:4] = 7
    expected[0, 3:5] = -1
    (result,) = program(x, rows)
    assert (result == expected).all(), (rows, result)
# The same Program from several threads: runs are serialized.
failures = []


def call_many():
    for _ in range(5):
        (result,) = program(np.ones((3, 5), np.float32), 3)
        if result[0, 3] != -1 or result[1, 1] != 7:
            failures.append(result)


threads = [threading.Thread(target=call_many) for _ in range(3)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
assert not failures, failures

# A failed runtime check in one call leaves the Program usable.
checked = layout_opt.Program(checks, compare_to_reference=False)
square = np.arange(1, 17, dtype=np.float32).reshape(4, 4)
message = error_of(checked, square, 4, 3, 2)
assert "@main failed a runtime check" in message, message
rows, element = checked(square, 4, 1, 2)
assert (rows == square[1:3]).all() and element == 11, (rows, element)
# Wrong argument count, at call time; bad programs and functions, at
# construction.
message = error_of(checked, square)
assert "@main takes 4 argument(s), 1 input(s) given" in message, message
message = error_of(layout_opt.Program, checks, function="nope")
assert "no function @nope" in message, message
message = error_of(layout_opt.Program, "func.func @main( {")
assert "<program>:1:" in message, message
print("program.py: ok")
