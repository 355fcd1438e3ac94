# RUN: %python_bindings %s
# REQUIRES: python-bindings
#
# Layout queries through the physical layout interface: storage sizes and
# element byte offsets, checked against the layout formulas of
# docs/language.md computed here independently.

import numpy as np

import layout_opt

TILED = "tensor<5x7xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>>"

# tiled<[0, 1], [4, 4]> on 5x7: padded to 8x8, four 4x4 tiles of 16
# elements in row-major tile order, f32: 8 * 8 * 4 = 256 bytes.
assert layout_opt.storage_size(TILED) == 256
offsets = layout_opt.element_offsets(TILED)
assert offsets.dtype == np.int64, offsets.dtype
assert offsets.shape == (5, 7), offsets.shape
expected = np.zeros((5, 7), dtype=np.int64)
for i in range(5):
    for j in range(7):
        tile = (i // 4) * 2 + j // 4
        expected[i, j] = (tile * 16 + (i % 4) * 4 + j % 4) * 4
assert (offsets == expected).all(), offsets

# Every element has its own slot; the rest (256 - 35 * 4 bytes) is padding.
owners = layout_opt.byte_owners(TILED)
assert owners.shape == (256,)
assert (owners >= 0).sum() == 35 * 4
assert owners[offsets[1, 5]] == 1 * 7 + 5
assert owners[offsets[4, 6] + 3] == 4 * 7 + 6
assert len(set(offsets.reshape(-1).tolist())) == 35

# outer_dims_perm swaps the order of the tiles.
PERM = "tensor<3x5xf32, #stream_lite.tiled<inner_dims_pos = [1, 0], inner_tiles = [3, 2], outer_dims_perm = [1, 0]>>"
# rows pad to 4 (tiles of 2), columns to 6 (tiles of 3): 24 elements.
assert layout_opt.storage_size(PERM) == 24 * 4
offsets = layout_opt.element_offsets(PERM)
for i in range(3):
    for j in range(5):
        # outer dims in order (col tile, row tile); inner dims (col, row).
        outer = (j // 3) * 2 + i // 2
        inner = (j % 3) * 2 + i % 2
        assert offsets[i, j] == (outer * 6 + inner) * 4, (i, j, offsets)

# padding<[1, 3]>: row-major over (d0 + 1) x (d1 + 3), the docs' example:
# element (i, j) of tensor<3x5xf32, padding<[1, 3]>> is at (i * 8 + j) * 4.
PADDED = "tensor<3x5xf32, #stream_lite.padding<[1, 3]>>"
assert layout_opt.storage_size(PADDED) == 4 * 8 * 4
offsets = layout_opt.element_offsets(PADDED)
i, j = np.indices((3, 5))
assert (offsets == (i * 8 + j) * 4).all(), offsets

# No encoding and layout<[...]> of one entry: dense row-major.
assert layout_opt.storage_size("tensor<3x5xi16>") == 30
dense = layout_opt.element_offsets("tensor<3x5xi16>")
assert (dense == (i * 5 + j) * 2).all(), dense
LAYOUT = "tensor<3x5xf32, #stream_lite.layout<[#stream_lite.padding<[1, 3]>]>>"
assert (layout_opt.element_offsets(LAYOUT) == layout_opt.element_offsets(PADDED)).all()

image = layout_opt.layout_image(TILED)
assert image["shape"] == (5, 7)
assert image["element_bytes"] == 4 and image["storage_bytes"] == 256
assert "tiled" in image["layout"], image["layout"]


def error_of(type):
    try:
        layout_opt.storage_size(type)
    except layout_opt.Error as error:
        return str(error)
    raise AssertionError("no error for " + type)


# Bad input names the reason.
assert "not a physical layout" in error_of(
    "tensor<4x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>")
assert "static shape" in error_of("tensor<?x4xf32>")
assert "not a ranked tensor type" in error_of("memref<4xf32>")
assert "cannot parse 'tensor<4x' as a type" in error_of("tensor<4x")
assert "unexpected text" in error_of("tensor<4xf32> junk")
# Type text nested deeper than the parser's stack holds is refused before
# parsing, as every tool refuses such input (it once crashed Python); so is
# a dense array of index, on which the parser crashes.
deep = 3000000
message = error_of("tensor<4xf32, " + "[" * deep + "]" * deep + ">")
assert message.startswith("cannot parse the type: line 1: brackets nest deeper than 2000 levels"), message
message = error_of("tensor<4xf32, #stream_lite.padding<array<index: 1>>>")
assert message.startswith("cannot parse the type: line 1:"), message
assert "dense array of index" in message, message
# The message is the reason, without a location.
message = error_of("tensor<?x4xf32>")
assert message.startswith("the layout image of 'tensor<?x4xf32>' needs a static shape"), message

# A type without elements has size 0, even where numpy cannot hold its
# offsets array (0x2^62 int64s); that array is a layout_opt.Error too.
EMPTY_HUGE = "tensor<0x4611686018427387904xf32>"
size = layout_opt.storage_size(EMPTY_HUGE)
assert size == 0 and size.elements == 0 and size.padding_bits == 0, repr(size)
assert size.element_bits == 32, repr(size)
for query in (layout_opt.layout_image, layout_opt.element_offsets,
              layout_opt.byte_owners):
    try:
        query(EMPTY_HUGE)
    except layout_opt.Error as error:
        assert "numpy cannot hold an array of shape 0x4611686018427387904" in str(error), str(error)
    else:
        raise AssertionError("no error from " + query.__name__)
print("layout-queries.py: ok")
