# RUN: %python_bindings %s
# REQUIRES: python-bindings
#
# layout_opt.resolve: what a device target gives a tensor type, without a
# program; and the typed results of the layout queries (attributes, and
# the dict-style access they had).

import layout_opt

LHS = ("tensor<16x8xf32, #stream_lite.encoding<operand_index = 0, "
       "op_type = matmul, element_types = [f32, f32, f32]>>")
RESOLVER = "#stream_lite.tiling_resolver<m = 8, n = 4, k = 4>"
TILED = "#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>"

# The LHS of a matmul gets m x k tiles: 8x4, two by two of them, 512 bytes.
resolved = layout_opt.resolve(LHS, RESOLVER)
assert isinstance(resolved, layout_opt.ResolvedLayout)
assert resolved.layout == TILED, resolved
assert resolved.type == "tensor<16x8xf32, " + TILED + ">", resolved
assert resolved.storage_bytes == 512
assert resolved["storage_bytes"] == 512 and dict(resolved)["layout"] == TILED
assert resolved.image().offsets[0, 4] == 32 * 4
assert "tiles of 32 slots" in resolved.svg()

# A whole target resolves with its resolver; the RHS gets k x n tiles.
TARGET = '#stream_lite.target<"rocm", resolver = ' + RESOLVER + '>'
rhs = LHS.replace("operand_index = 0", "operand_index = 1")
assert layout_opt.resolve(rhs, TARGET).layout == \
    "#stream_lite.tiled<inner_dims_pos = [1, 0], inner_tiles = [4, 4], outer_dims_perm = [1, 0]>"

# Physical types need no target; a dynamic shape has no static size.
plain = layout_opt.resolve("tensor<3x5xi4>")
assert plain.layout == "#stream_lite.identity" and plain.storage_bytes == 8
assert layout_opt.resolve("tensor<?x4xf32>").storage_bytes is None

# Typed results, still indexable like the dicts they were.
T = "tensor<5x7xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>>"
image = layout_opt.layout_image(T)
assert isinstance(image, layout_opt.LayoutImage)
assert image.shape == (5, 7) and image["shape"] == (5, 7)
assert image.element_bits == 32 and image.element_bytes == 4
assert set(dict(image)) == {"type", "shape", "element_bits", "element_bytes",
                            "storage_bytes", "layout", "offsets"}
try:
    image["nope"]
    raise AssertionError("no KeyError")
except KeyError:
    pass
size = layout_opt.storage_size(T)
assert isinstance(size, int) and size == 256 and size + 1 == 257
assert size.bytes == 256 and size.elements == 35
assert size.padding_bits == (256 - 35 * 4) * 8
assert "padding_bits=928" in repr(size), repr(size)


def error_of(*args):
    try:
        layout_opt.resolve(*args)
    except layout_opt.Error as error:
        return str(error)
    raise AssertionError("no error for %r" % (args,))


assert "holds an encoding intent: give a target" in error_of(LHS)
assert "is neither a #stream_lite.target nor an encoding resolver" in \
    error_of(LHS, "#stream_lite.padding<[1]>")
assert "cannot parse" in error_of(LHS, "#stream_lite.tiling_resolver<m = 8")
# A target nested deeper than the parser's stack holds is refused first.
deep = 3000000
message = error_of(LHS, "[" * deep + "]" * deep)
assert message.startswith("cannot parse the attribute: line 1: brackets nest deeper than"), message
print("layout-resolve.py: ok")
