# RUN: %python_bindings %s
# REQUIRES: python-bindings
#
# Packed i2/i4 elements in every layout query (docs/language.md, "Packed
# sub-byte elements"): sizes in bytes, element offsets in bits, the
# elements sharing each byte; expected values from the docs' formulas.

import numpy as np

import layout_opt

# 15 slots of 4 bits: 60 bits, 8 bytes (the docs' example).
assert layout_opt.storage_size("tensor<3x5xi4>") == 8
assert layout_opt.storage_size("tensor<3x5xi4, #stream_lite.padding<[0, 3]>>") == 12
assert layout_opt.storage_size("tensor<3x3xi4, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>>") == 8
assert layout_opt.storage_size("tensor<3x5xui4>") == 8
assert layout_opt.storage_size("tensor<2x3xi2>") == 2

# Offsets are bit offsets: slot * 4.
i, j = np.indices((3, 5))
offsets = layout_opt.element_offsets("tensor<3x5xi4>")
assert offsets.dtype == np.int64 and offsets.shape == (3, 5)
assert (offsets == (i * 5 + j) * 4).all(), offsets
offsets = layout_opt.element_offsets("tensor<3x5xi4, #stream_lite.padding<[0, 3]>>")
assert (offsets == (i * 8 + j) * 4).all(), offsets
# 2x2 tiles of the 3x3 (padded to 4x4): tile (ti, tj) is slots
# [(ti * 2 + tj) * 4, +4), row-major inside.
offsets = layout_opt.element_offsets("tensor<3x3xi4, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>>")
for a in range(3):
    for b in range(3):
        slot = ((a // 2) * 2 + b // 2) * 4 + (a % 2) * 2 + b % 2
        assert offsets[a, b] == slot * 4, (a, b, offsets)

# The elements sharing each byte, lowest bits first; -1 for the tail.
owners = layout_opt.byte_owners("tensor<3x5xi4>")
assert owners.shape == (8, 2), owners.shape
assert owners.tolist() == [[0, 1], [2, 3], [4, 5], [6, 7], [8, 9],
                           [10, 11], [12, 13], [14, -1]], owners
owners = layout_opt.byte_owners("tensor<2x3xi2>")
assert owners.tolist() == [[0, 1, 2, 3], [4, 5, -1, -1]], owners
# Padding columns: row 0 is slots 0-4 and pads 5-7.
owners = layout_opt.byte_owners("tensor<3x5xi4, #stream_lite.padding<[0, 3]>>")
assert owners.shape == (12, 2)
assert owners[:4].tolist() == [[0, 1], [2, 3], [4, -1], [-1, -1]], owners

image = layout_opt.layout_image("tensor<3x5xi4>")
assert image.packed and image.element_bits == 4 and image.element_bytes == 0
assert image.storage_bytes == 8
size = layout_opt.storage_size("tensor<3x5xi4>")
assert size.element_bits == 4 and size.elements == 15 and size.padding_bits == 4

# Whole-byte types keep byte offsets and one owner per byte.
assert not layout_opt.layout_image("tensor<3x5xi8>").packed
assert layout_opt.byte_owners("tensor<2xi16>").tolist() == [0, 0, 1, 1]

# The picture has a slot per element and a border per byte.
svg = layout_opt.draw_svg("tensor<3x5xi4>")
assert svg.count('class="slot"') == 15 and svg.count('class="byte"') == 8, svg
print("layout-packed.py: ok")
