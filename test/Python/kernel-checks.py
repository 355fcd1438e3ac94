# RUN: %python_bindings %s %S/../layout-run/kernel-bytes-checks.mlir %S/../layout-run/kernels.mlir %S/../layout-run/kernel-subspan-bounds.mlir
# REQUIRES: python-bindings
#
# User kernels under layout_opt.run: a kernel whose hand-written byte
# offsets fit one layout only fails a runtime check in the encoding-free
# reference and raises layout_opt.Error (the interpreter lives on); a
# view's region outside its dims raises the same way, and so does a view
# larger than the buffer its dispatch passed; kernels that see layouts
# agree with their reference.

import sys

import numpy as np

import layout_opt

bytes_program = open(sys.argv[1]).read()
views_program = open(sys.argv[2]).read()
bounds_program = open(sys.argv[3]).read()
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
# kernel-subspan-bounds.mlir's @view_rows: a view of n rows of a 2-row
# buffer.
two_rows = np.arange(16, dtype=np.float32).reshape(2, 8)
for n in (3, 1 << 62):
    message = error_of(bounds_program, [two_rows, n], function="view_rows",
                       compare_to_reference=False)
    assert "'stream_lite.binding.subspan' op views bytes past the end of " \
        "its binding" in message, message
message = error_of(bounds_program, [two_rows], function="static_view_too_large")
assert "views bytes past the end of its binding" in message, message
# The interpreter is still here, and runs again.
(picked,) = layout_opt.run(views_program, [rows, 5, 0], function="dynamic_region")
assert (picked == rows[0:2]).all(), picked
(copied,) = layout_opt.run(bounds_program, [two_rows, 2], function="view_rows")
assert (copied == two_rows).all(), copied
print("ok")
