"""layout_opt: layout-opt's library from Python.

- run_pipeline(text, pipeline) -> text: parse a stream-lite program, run a
  pass pipeline ("canonicalize,cse" or "builtin.module(...)"), print it.
- storage_size(type) -> int: bytes of a static tensor type under its layout.
- element_offsets(type) -> numpy.ndarray (int64, the logical shape): the
  byte offset of every element.
- layout_image(type) -> dict: shape, element_bytes, storage_bytes, layout
  and offsets together.
- byte_owners(type) -> numpy.ndarray (int64, storage_bytes): for every byte
  of the storage, the row-major index of the element it holds, or -1 for
  padding.
- run(program, inputs=[...], function="main", compare_to_reference=True)
  -> [numpy.ndarray]: JIT-run a function on numpy arrays.

Every failure raises layout_opt.Error with the diagnostics.
"""

import numpy as _np

from ._layout_opt import Error, layout_image, run, run_pipeline, storage_size

__all__ = [
    "Error",
    "byte_owners",
    "element_offsets",
    "layout_image",
    "run",
    "run_pipeline",
    "storage_size",
]


def element_offsets(type):
    """The byte offset of every element of a static tensor type, as an int64
    numpy array of its logical shape."""
    return layout_image(type)["offsets"]


def byte_owners(type):
    """For every storage byte of a static tensor type, the row-major index of
    the element that holds it, or -1 for padding (an int64 array)."""
    image = layout_image(type)
    owners = _np.full(image["storage_bytes"], -1, dtype=_np.int64)
    width = image["element_bytes"]
    starts = image["offsets"].reshape(-1)
    for byte in range(width):
        owners[starts + byte] = _np.arange(starts.size, dtype=_np.int64)
    return owners
