# RUN: %python_bindings %s %S/../layout-run/packed-subbyte.mlir %S/../layout-run/subbyte-fill-patterns.mlir
# REQUIRES: python-bindings
#
# Packed sub-byte results come back as the numbers they are: signless and
# `si` i2/i4 sign-extended into int8 (negative values stay negative), `ui4`
# zero-extended into uint8, for tensors and scalars, from runs compared
# with the reference. The printed form of layout-run reads only the low
# bits, so this is where a lost sign extension shows.

import sys

import numpy as np

import layout_opt

packed = open(sys.argv[1]).read()
fills = open(sys.argv[2]).read()

# @staging: a 3x3xi4 through staging bytes in two layouts, and two scalars.
x = np.array([1, 2, 3, 4, 5, 6, 7, -8, -1], dtype=np.int8).reshape(3, 3)
out = layout_opt.run(packed, [x], function="staging", check_padding=True)
assert len(out) == 4, out
assert out[0].dtype == np.int8 and out[0].shape == (3, 3), out[0].dtype
want = x.copy()
want[0, 0] = -1
assert (out[0] == want).all(), out[0]
assert out[1] == -1, out[1]
want[0, 2] = 5
assert (out[2] == want).all(), out[2]
assert out[3] == 5, out[3]

# @unsigned: ui4 values above 7 stay positive.
u = np.array([0, 1, 9, 10, 14, 15], dtype=np.uint8).reshape(2, 3)
out = layout_opt.run(packed, [u], function="unsigned", check_padding=True)
assert out[0].dtype == np.uint8, out[0].dtype
assert (out[0] == u).all(), out[0]

# @signed_fill: si2 -2 filled into a region keeps its sign.
s = np.array([1, -2, 0, -1, 1, -2, 0, -1, 1], dtype=np.int8).reshape(3, 3)
out = layout_opt.run(packed, [s, np.int8(-2)], function="signed_fill",
                     check_padding=True)
assert out[0].dtype == np.int8, out[0].dtype
assert out[0].min() == -2, out[0]

# @host_values: i2 -2, i4 -3 and ui4 13 come back unchanged as scalars,
# widened to i32 by sign and zero extension, and through a tensor.
out = layout_opt.run(fills, [np.int8(-2), np.int8(-3), np.uint8(13)],
                     function="host_values", compare_to_reference=False)
assert [int(v) for v in out[:7]] == [-2, -3, 13, -2, -3, 13, -3], out
assert list(out[7]) == [0, -3, 0], out[7]
