#!/usr/bin/env python3
"""Where the elements of a tensor live in its layout: a notebook-style tour
of layout_opt's layout queries (run it as a script, or cell by cell).

    PYTHONPATH=build/python_packages python3 examples/plot_layout.py \
        [TYPE] [--slots-per-row N] [--output picture.png]

It prints the byte image of TYPE (by default a 5x7 f32 tensor in 4x4
tiles): one slot per element width, showing which logical element each
slot holds (`row,col`) or `--` for padding. With matplotlib installed it
also plots it: slots coloured by logical row and column, padding grey.
"""

# %% Set-up: the package is built with the project (python/).
import argparse
import sys

import numpy as np

import layout_opt

parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
parser.add_argument(
    "type", nargs="?",
    default="tensor<5x7xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], "
            "inner_tiles = [4, 4]>>")
parser.add_argument("--slots-per-row", type=int, default=16)
parser.add_argument("--output", help="save the plot here (else show it)")
args = parser.parse_args()

# %% The layout's numbers: storage size and every element's byte offset.
image = layout_opt.layout_image(args.type)
shape = image.shape
bits = image.element_bits           # packed i2/i4: 2 or 4, sharing bytes
offsets = image.offsets             # int64, one per logical element: bytes,
unit = bits if image.packed else image.element_bytes  # or bits if packed
storage = image.storage_bytes
elements = int(np.prod(shape))
padding_bits = storage * 8 - elements * bits
print(args.type)
print("layout: %s" % image.layout)
share = 100.0 * padding_bits / max(storage * 8, 1)
if image.packed:
    print("storage: %d bytes, %d elements of %d bits, %d padding bits (%.1f%%)"
          % (storage, elements, bits, padding_bits, share))
else:
    print("storage: %d bytes, %d elements of %d bytes, %d padding bytes (%.1f%%)"
          % (storage, elements, bits // 8, padding_bits // 8, share))

# %% The byte image, one slot (element width) at a time.
slots = storage * 8 // bits
owner = np.full(slots, -1, dtype=np.int64)   # row-major element index or -1
owner[offsets.reshape(-1) // unit] = np.arange(elements)
assert layout_opt.storage_size(args.type) == storage


def label(index):
    if index < 0:
        return "--"
    return ",".join(str(i) for i in np.unravel_index(index, shape))


def where(slot):
    """A row's start: its byte, or its bit when packed slots cut a byte."""
    bit = slot * bits
    return "byte %5d" % (bit // 8) if bit % 8 == 0 else "bit %6d" % bit


cell = max(len(label(i)) for i in range(-1, elements))
per_row = max(1, args.slots_per_row)
for start in range(0, slots, per_row):
    row = owner[start:start + per_row]
    print("%s: %s" % (where(start),
                      " ".join(label(i).rjust(cell) for i in row)))

# %% The picture, when matplotlib is installed.
try:
    import matplotlib
    if args.output:
        matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    # Asked for a picture file, not getting one is an error; without
    # --output the text above is the whole answer.
    if args.output:
        sys.exit("error: cannot write '%s': matplotlib is not installed "
                 "(apt-get install python3-matplotlib)" % args.output)
    print("matplotlib is not installed: no plot")
    sys.exit(0)

rows = (slots + per_row - 1) // per_row
colours = np.full((rows * per_row, 3), 0.85)          # padding: light grey
if elements:
    index = np.unravel_index(owner[owner >= 0], shape)
    row_of = index[0] if len(shape) > 1 else np.zeros_like(index[0])
    col_of = index[-1]
    hue = row_of / max(shape[0] if len(shape) > 1 else 1, 1)
    shade = 0.45 + 0.5 * col_of / max(shape[-1], 1)
    colours[np.nonzero(owner >= 0)[0]] = np.stack(
        [hue * shade, (1 - hue) * shade, 0.6 * shade], axis=1)
fig, ax = plt.subplots(figsize=(per_row * 0.6, rows * 0.6 + 1))
ax.imshow(colours.reshape(rows, per_row, 3), interpolation="nearest")
for slot in range(slots):
    ax.text(slot % per_row, slot // per_row, label(owner[slot]),
            ha="center", va="center", fontsize=7)
ax.set_title(args.type, fontsize=8)
ax.set_xticks([])
ax.set_yticks(range(rows), [where(r * per_row) for r in range(rows)])
if args.output:
    fig.savefig(args.output, bbox_inches="tight")
    print("plot written to %s" % args.output)
else:
    plt.show()
