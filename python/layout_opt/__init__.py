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
- Program(program, function="main", compare_to_reference=True,
  check_padding=False): lower and JIT-compile a function once; calling it,
  program(a, b), runs it on numpy arrays in the same JIT session.
- run(program, inputs=(...), function="main", compare_to_reference=True)
  -> [numpy.ndarray]: compile and run once (Program(...)(*inputs)).

Inputs are numpy arrays, or anything numpy.asarray takes (Python numbers,
nested lists): those are converted to the argument's element type when
the conversion is exact. Every failure raises layout_opt.Error with the
diagnostics. __version__ is the project's version (layout-opt --version).
"""

import numpy as _np

from ._layout_opt import (Error, _Program, __version__, layout_image,
                          run_pipeline, storage_size)

# Raised from the extension module; named where users import it from.
Error.__module__ = "layout_opt"

__all__ = [
    "Error",
    "Program",
    "__version__",
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
                 check_padding=False):
        self.function = function
        self._program = _Program(program, function, compare_to_reference,
                                 check_padding)
        self._arguments = self._program.arguments

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
