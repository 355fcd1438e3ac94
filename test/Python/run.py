# RUN: %python_bindings %s %S/../layout-run/tiled.mlir %S/../layout-run/mismatch.mlir %S/../layout-run/check-padding-violation.mlir %S/../layout-run/runtime-checks.mlir %S/../layout-run/kernel-math.mlir
# REQUIRES: python-bindings
#
# layout_opt.run: JIT-runs a function on numpy arrays through the runtime
# library; a mismatch with the encoding-free reference raises.

import sys

import numpy as np

import layout_opt

tiled_program = open(sys.argv[1]).read()
mismatch_program = open(sys.argv[2]).read()
padding_program = open(sys.argv[3]).read()
checks_program = open(sys.argv[4]).read()
math_program = open(sys.argv[5]).read()

# tiled.mlir's @main (dynamic rows, an index argument): the input is encoded
# to a tiled layout, rows 1-2 x columns 1-3 filled with 7, row 0 columns
# 3-4 updated with -1, and decoded back.
x = np.arange(15, dtype=np.float32).reshape(3, 5)
expected = x.copy()
expected[1:3, 1:4] = 7
expected[0, 3:5] = -1
for compare in (True, False):
    results = layout_opt.run(tiled_program, inputs=[x, np.int64(3)],
                             compare_to_reference=compare)
    assert len(results) == 1, results
    assert results[0].dtype == np.float32 and results[0].shape == (3, 5)
    assert (results[0] == expected).all(), results[0]
# check_padding runs the padding checks too (the program keeps them zero).
results = layout_opt.run(tiled_program, [x, 3], check_padding=True)
assert (results[0] == expected).all()
# The input is not modified, and non-contiguous views are accepted.
assert (x == np.arange(15, dtype=np.float32).reshape(3, 5)).all()
big = np.arange(30, dtype=np.float32).reshape(3, 10)
view = big[:, ::2]
results = layout_opt.run(tiled_program, [view, 3])
want = view.copy()
want[1:3, 1:4] = 7
want[0, 3:5] = -1
assert (results[0] == want).all(), results[0]

# mismatch.mlir reads tiled bytes as dense ones: without the reference it
# returns the input, element [0, 1] and the wrong element (byte offset 12
# of the tiled image holds [1, 1]).
x = np.array([[1, 2, 3], [4, 5, 6]], dtype=np.float32)
out = layout_opt.run(mismatch_program, [x], compare_to_reference=False)
assert len(out) == 3
assert (out[0] == x).all()
assert out[1].shape == () and out[1] == x[0, 1]
assert out[2] == x[1, 1] and out[2] != x[1, 0]


def error_of(*args, **kwargs):
    try:
        layout_opt.run(*args, **kwargs)
    except layout_opt.Error as error:
        return str(error)
    raise AssertionError("no error")


# With the reference (the default) the mismatch raises, naming the result.
message = error_of(mismatch_program, [x])
assert "result 2 differs from the reference" in message, message
assert "5 vs 4" in message, message

# Bad input names the reason.
message = error_of(mismatch_program, [x.astype(np.float64)])
assert "input 0: dtype '<f8'" in message and "f32" in message, message
message = error_of(mismatch_program, [x.T])
assert "input 0" in message and "dim 0" in message, message
message = error_of(mismatch_program, [])
assert "takes 1 argument(s), 0 input(s) given" in message, message
message = error_of(mismatch_program, [x], function="nope")
assert "no function @nope" in message, message
message = error_of("func.func @main( {", [])
assert "<program>:1:" in message, message
# A malformed linalg dimension list, on which MLIR's parser crashes, is
# refused before parsing (it once killed the interpreter).
message = error_of("func.func @main(%a: tensor<2xf32>, %b: tensor<4x2xf32>)"
                   " -> tensor<4x2xf32> {\n %0 = linalg.broadcast ins(%a :"
                   " tensor<2xf32>) outs(%b : tensor<4x2xf32>) dimensions = 0"
                   "\n return %0 : tensor<4x2xf32>\n}", [])
assert "line 2: 'linalg.broadcast' needs dimensions = [i, j, ...]" in message, \
    message
# check-padding-violation.mlir leaves non-zero tile padding: unchecked it
# runs, with check_padding it raises naming the op.
grid = np.arange(1, 10, dtype=np.float32).reshape(3, 3)
assert len(layout_opt.run(padding_program, [grid], compare_to_reference=False)) == 1
message = error_of(padding_program, [grid], compare_to_reference=False,
                   check_padding=True)
assert "padding bytes of a tiled tensor are not zero after" in message, message

# A failed runtime check or an oversized allocation inside the JIT-ed code
# raises like any other error, and the interpreter (and the library) go on:
# the same program then runs with inputs that fit.
square = np.arange(1, 17, dtype=np.float32).reshape(4, 4)
for compare in (True, False):
    message = error_of(checks_program, [square, 4, 3, 2],
                       compare_to_reference=compare)
    assert "@main failed a runtime check" in message, message
    assert "'stream_lite.tensor.slice' op region of dim 0 is out of the " \
        "source's bounds" in message, message
message = error_of(checks_program, [262144], function="huge",
                   compare_to_reference=False)
assert "@huge asks for a buffer of 1099511627776 bytes" in message, message
rows, element = layout_opt.run(checks_program, [square, 4, 1, 2])
assert (rows == square[1:3]).all() and element == 11, (rows, element)
# User kernels' math that calls libm (erf, cbrt, acosh) runs inside the
# interpreter as in layout-run: the JIT finds libm in the process.
# Columns 2, 7 and 11 of kernel-math.mlir's f32 result.
import math
inputs = np.array([1.25, 1.5, 3.75], dtype=np.float32)
(table,) = layout_opt.run(math_program, [inputs, 3], function="f32")
for row, x in enumerate(inputs.tolist()):
    for column, f in ((2, math.acosh), (7, math.cbrt), (11, math.erf)):
        assert abs(table[row, column] - f(x)) <= 1e-6 * abs(f(x)), \
            (row, column, table[row, column], f(x))
print("run.py: ok")
