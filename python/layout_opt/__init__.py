"""layout_opt: layout-opt's library from Python.

- run_pipeline(text, pipeline) -> text: parse a stream-lite program, run a
  pass pipeline ("canonicalize,cse" or "builtin.module(...)"), print it.
- storage_size(type) -> StorageSize: bytes of a static tensor type under its
  layout (an int, with element_bits, elements and padding_bits).
- element_offsets(type) -> numpy.ndarray (int64, the logical shape): the
  byte offset of every element; for packed i2/i4 elements the bit offset.
- layout_image(type) -> LayoutImage: type, shape, element_bits,
  element_bytes, storage_bytes, layout and offsets together.
- byte_owners(type) -> numpy.ndarray (int64): for every byte of the
  storage, the row-major index of the element it holds, or -1 for padding;
  for packed i2/i4, shape (storage_bytes, 8 // element_bits): the elements
  sharing each byte, lowest bits first.
- resolve(type, target) -> ResolvedLayout: the layout a device target
  (or an encoding resolver) gives a tensor type, its storage bytes, and
  its picture (.svg()).
- draw_svg(type) -> str: layout-draw's SVG of a static tensor type.
- Program(program, function="main", compare_to_reference=True,
  check_padding=False, trace=False): lower and JIT-compile a function once;
  calling it, program(a, b), runs it on numpy arrays in the same JIT
  session. With trace=True, program.last_trace is the last call's trace:
  every written tensor decoded through its layout (layout-run --trace).
- run(program, inputs=(...), function="main", compare_to_reference=True,
  check_padding=False) -> [numpy.ndarray]: compile and run once
  (Program(...)(*inputs)).

Inputs are numpy arrays, or anything numpy.asarray takes (Python numbers,
nested lists): those are converted to the argument's element type when
the conversion is exact. Every failure raises layout_opt.Error with the
diagnostics. __version__ is the project's version (layout-opt --version).
"""

import dataclasses as _dataclasses
import json as _json
import math as _math
import typing as _typing

import numpy as _np

from . import _layout_opt
from ._layout_opt import Error, _Program, __version__, draw_svg, run_pipeline

# Raised from the extension module; named where users import it from.
Error.__module__ = "layout_opt"

__all__ = [
    "Error",
    "LayoutImage",
    "Program",
    "ResolvedLayout",
    "StorageSize",
    "__version__",
    "byte_owners",
    "draw_svg",
    "element_offsets",
    "layout_image",
    "resolve",
    "run",
    "run_pipeline",
    "storage_size",
]


class _Fields:
    """Results were dicts: keep `result["name"]`, `keys()` and `dict(result)`
    working next to the attributes."""

    def __getitem__(self, key):
        if key in self.keys():
            return getattr(self, key)
        raise KeyError(key)

    def keys(self):
        return tuple(field.name for field in _dataclasses.fields(self))


@_dataclasses.dataclass(frozen=True)
class LayoutImage(_Fields):
    """The byte image of a static tensor type.

    type: the type, as given; shape: its logical shape (a tuple);
    element_bits: bits per element (2 or 4 for packed i2/i4, else 8 times
    element_bytes); element_bytes: whole bytes per element (0 for packed
    elements, which share bytes); storage_bytes: the storage size, padding
    included; layout: the physical layout as MLIR prints it; offsets: an
    int64 array of the logical shape, the byte offset of every element (for
    packed elements the bit offset: element e lies in bits
    [offsets[e], offsets[e] + element_bits) of the storage, bit 0 the least
    significant bit of byte 0).
    """

    type: str
    shape: _typing.Tuple[int, ...]
    element_bits: int
    element_bytes: int
    storage_bytes: int
    layout: str
    offsets: _np.ndarray

    @property
    def packed(self):
        """Whether elements share bytes (i2, i4)."""
        return self.element_bits < 8


class StorageSize(int):
    """A storage size in bytes: an int, with what it is made of.

    element_bits: bits per element; elements: how many; padding_bits: the
    storage's bits that hold no element (padding, tile waste, the tail of
    the last byte of packed elements).
    """

    def __new__(cls, bytes, element_bits, elements):
        self = super().__new__(cls, bytes)
        self.element_bits = element_bits
        self.elements = elements
        self.padding_bits = bytes * 8 - elements * element_bits
        return self

    @property
    def bytes(self):
        return int(self)

    def __repr__(self):
        return (f"StorageSize(bytes={int(self)}, element_bits="
                f"{self.element_bits}, elements={self.elements}, "
                f"padding_bits={self.padding_bits})")


@_dataclasses.dataclass(frozen=True)
class ResolvedLayout(_Fields):
    """What a device target gives a tensor type.

    type: the tensor type with the resolved layout as its encoding (what
    layout_image, draw_svg and layout-draw take); layout: the serialized
    layout; storage_bytes: its storage size, None for a dynamic shape.
    """

    type: str
    layout: str
    storage_bytes: _typing.Optional[int]

    def image(self):
        """The resolved type's LayoutImage (static shapes)."""
        return layout_image(self.type)

    def svg(self):
        """The resolved type's picture, as layout-draw draws it."""
        return draw_svg(self.type)


def layout_image(type):
    """The byte image of a static tensor type, as a LayoutImage."""
    raw = _layout_opt.layout_image(type)
    return LayoutImage(type=type, **raw)


def storage_size(type):
    """The storage bytes of a static tensor type under its layout, as a
    StorageSize (an int)."""
    # Without the offsets array: numpy cannot hold some shapes without
    # elements (0x2^62), whose size is still 0.
    raw = _layout_opt.layout_image(type, offsets=False)
    return StorageSize(raw["storage_bytes"], raw["element_bits"],
                       _math.prod(raw["shape"]))


def resolve(type, target=""):
    """The layout `target` (a "#stream_lite.target<...>" or a resolver such
    as "#stream_lite.tiling_resolver<m = 8, n = 4, k = 4>") gives `type`, as
    --stream-lite-specialize-encodings resolves it for one device. A type
    without an encoding intent needs no target."""
    return ResolvedLayout(**_layout_opt.resolve(type, target))


def element_offsets(type):
    """The offset of every element of a static tensor type, as an int64
    numpy array of its logical shape: in bytes, or in bits for packed i2/i4
    elements."""
    return layout_image(type).offsets


def byte_owners(type):
    """For every storage byte of a static tensor type, the row-major index of
    the element that holds it, or -1 for padding (an int64 array). Packed
    i2/i4 elements share bytes: the array has shape (storage_bytes,
    8 // element_bits), entry [b, k] the element in bits
    [k * element_bits, (k + 1) * element_bits) of byte b."""
    image = layout_image(type)
    starts = image.offsets.reshape(-1)
    elements = _np.arange(starts.size, dtype=_np.int64)
    if image.packed:
        per_byte = 8 // image.element_bits
        owners = _np.full((image.storage_bytes, per_byte), -1, dtype=_np.int64)
        owners.reshape(-1)[starts // image.element_bits] = elements
        return owners
    owners = _np.full(image.storage_bytes, -1, dtype=_np.int64)
    for byte in range(image.element_bytes):
        owners[starts + byte] = elements
    return owners


def _as_argument(value, index, argument):
    """`value` for argument `index`: numpy arrays as they are (their dtype is
    the caller's choice, checked by the library); other values through
    numpy.asarray, converted to the argument's dtype when that is exact."""
    dtype, element_type = argument[0], argument[1]
    if isinstance(value, _np.ndarray) or dtype is None:
        return value
    try:
        array = _np.asarray(value)
    except Exception as error:  # ragged lists and the like
        raise Error("input %d: cannot convert %s to an array: %s"
                    % (index, type(value).__name__, error)) from None
    if array.dtype == _np.dtype(dtype) or array.dtype.kind not in "biuf":
        return array
    with _np.errstate(all="ignore"):
        converted = array.astype(dtype)
        nan = array.dtype.kind == "f"
        # The same values (numpy compares across dtypes by value: a wrapped
        # integer or a rounded float differs) that read back the same.
        exact = (_np.array_equal(converted, array, equal_nan=nan) and
                 _np.array_equal(converted.astype(array.dtype), array,
                                 equal_nan=nan))
    if not exact:
        raise Error("input %d: %s values do not convert exactly to the "
                    "function's element type %s (dtype '%s'); pass a numpy "
                    "array of that dtype" % (index, array.dtype.name,
                                             element_type, dtype))
    return converted


class Program:
    """One function of a stream-lite program, lowered and JIT-compiled once.

    Calling it runs the function in the same JIT session (and, with
    compare_to_reference, its encoding-free reference in another):
    Program(text)(x, 3) returns the results as a list of numpy arrays.
    """

    def __init__(self, program, function="main", compare_to_reference=True,
                 check_padding=False, trace=False):
        self.function = function
        self._program = _Program(program, function, compare_to_reference,
                                 check_padding, trace)
        self._arguments = self._program.arguments

    @property
    def last_trace(self):
        """With trace=True: what every op that writes a tensor wrote in the
        last call, decoded through its layout, as the dict `layout-run
        --trace` writes (docs/tools.md), also when the call raised for a
        padding violation or a mismatch with the reference; None before the
        first call, after a call that failed to run, or without
        trace=True."""
        text = self._program.last_trace()
        return _json.loads(text) if text else None

    def __call__(self, *inputs):
        arguments = self._arguments
        if len(inputs) == len(arguments):
            inputs = [_as_argument(value, i, argument) for i, (value, argument)
                      in enumerate(zip(inputs, arguments))]
        # A wrong count is the library's error, naming the function.
        return self._program.run(list(inputs))


def run(program, inputs=(), function="main", compare_to_reference=True,
        check_padding=False):
    """JIT-runs `function` of a stream-lite program on `inputs` (a list or
    tuple, one value per argument) and returns its results as numpy arrays;
    raises Error on bad input, a failed runtime check, a mismatch with the
    encoding-free reference, or (with check_padding) non-zero padding."""
    if isinstance(inputs, (_np.ndarray, str, bytes)):
        raise Error("inputs must be a sequence with one value per argument "
                    "(a list or tuple), not a %s" % type(inputs).__name__)
    try:
        inputs = list(inputs)
    except TypeError:
        raise Error("inputs must be a sequence with one value per argument "
                    "(a list or tuple), not a %s"
                    % type(inputs).__name__) from None
    return Program(program, function=function,
                   compare_to_reference=compare_to_reference,
                   check_padding=check_padding)(*inputs)
