# RUN: %python_bindings %s %S/../layout-run/kernel-bytes-checks.mlir %S/../layout-run/kernels.mlir
# REQUIRES: python-bindings
#
# User kernels under layout_opt.run: a kernel whose hand-written byte
# offsets fit one layout only fails a runtime check in the encoding-free
# reference and raises layout_opt.Error (the interpreter lives on); a
# view's region outside its dims raises the same way; kernels that see
# layouts agree with their reference.

import sys

import numpy as np

import layout_opt

bytes_program = open(sys.argv[1]).read()
views_program = open(sys.argv[2]).read()
x = np.arange(12, dtype=np.float32).reshape(3, 4)

(element,) = layout_opt.run(bytes_program, [x], compare_to_reference=False)
assert element == 11, element


def error_of(*args, **kwargs):
    try:
        layout_opt.run(*args, **kwargs)
    except layout_opt.Error as error:
        return str(error)
    raise AssertionError("no error")


message = error_of(bytes_program, [x], compare_to_reference=True)
assert "failed a runtime check" in message, message
assert "'memref.view' op views bytes out of its buffer's bounds" in message, message
message = error_of(bytes_program, [x], function="overrun",
                   compare_to_reference=False)
assert "'memref.view' op views bytes out of its buffer's bounds" in message, message

# kernels.mlir's @dynamic_region: rows [off, off + 2) of a tiled tensor.
rows = np.arange(25, dtype=np.float32).reshape(5, 5)
(picked,) = layout_opt.run(views_program, [rows, 5, 3], function="dynamic_region",
                           compare_to_reference=True, check_padding=True)
assert (picked == rows[3:5]).all(), picked
message = error_of(views_program, [rows, 5, 4], function="dynamic_region",
                   compare_to_reference=False)
assert "'stream_lite.dispatch.tensor.load' op region of dim 0 is out of the " \
    "view's bounds" in message, message
# The interpreter is still here, and runs again.
(picked,) = layout_opt.run(views_program, [rows, 5, 0], function="dynamic_region")
assert (picked == rows[0:2]).all(), picked
print("ok")
