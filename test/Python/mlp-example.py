# RUN: %python_bindings %s %S/../../examples/mlp-two-devices.mlir
# REQUIRES: python-bindings
#
# The README's example: a two-layer perceptron whose kernels compute on
# logical tensors while their bindings are data-tiled on one device and
# padded on another. layout_opt.run gives numpy's relu(x @ w1) @ w2, with
# and without the comparison against the encoding-free reference, for
# batches that fill a CPU tile, cut one, and span several.

import sys

import numpy as np

import layout_opt

program = open(sys.argv[1]).read()
rng = np.random.default_rng(7)
for batch in (8, 3, 19):
    # Small integers and halves: every product and sum is exact in f32, so
    # the kernel's order of additions cannot change a bit.
    x = rng.integers(-4, 5, size=(batch, 6)).astype(np.float32) / 2
    w1 = rng.integers(-4, 5, size=(6, 5)).astype(np.float32) / 2
    w2 = rng.integers(-4, 5, size=(5, 3)).astype(np.float32) / 2
    expected = np.maximum(x @ w1, 0) @ w2
    for compare in (True, False):
        (y,) = layout_opt.run(program, inputs=[x, w1, w2],
                              compare_to_reference=compare, check_padding=True)
        assert y.dtype == np.float32 and y.shape == (batch, 3), (y.dtype, y.shape)
        assert (y == expected).all(), (batch, y, expected)

# The hidden layer's relayout is fused into the first layer's kernel: of
# the three relayouts that are not clones only the two of the imported
# inputs stay builtins (w2 has no row padding: its relayout is a copy).
def builtin_relayouts(pipeline):
    text = layout_opt.run_pipeline(program, pipeline)
    return text.count("stream_lite.executable private @__builtin_encode_")

assert builtin_relayouts("stream-lite-layout-pipeline") == 2
assert builtin_relayouts("stream-lite-layout-pipeline{fuse-relayouts=false}") == 3
print("ok")
