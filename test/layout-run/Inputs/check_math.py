#!/usr/bin/env python3
"""Checks kernel-math.mlir's output against Python's math, computed here
independently: column j of row i is op j of input i, in the order below.

    check_math.py TYPE INPUTS OUTPUT-FILE      (TYPE: f32, f64 or i32)

Floats agree within a relative 4e-7 (f32, a libm result against the double
one rounded) or 1e-14 (f64); NaN must be NaN. Exit 1 with the first
disagreement."""
import math
import struct
import sys

FOPS = ["absf", "acos", "acosh", "asin", "asinh", "atan", "atanh", "cbrt",
        "ceil", "cos", "cosh", "erf", "erfc", "exp", "exp2", "expm1", "floor",
        "log", "log10", "log1p", "log2", "round", "roundeven", "rsqrt", "sin",
        "sinh", "sqrt", "tan", "tanh", "trunc", "atan2", "powf", "fpowi",
        "clampf", "fma", "copysign"]
IOPS = ["ipowi", "absi", "ctlz", "cttz", "ctpop"]


def guarded(f):
    def call(x):
        try:
            return f(x)
        except (ValueError, OverflowError):
            return math.nan
    return call


def round_away(x):
    return math.copysign(math.floor(abs(x) + 0.5), x)


FLOAT = {
    "absf": abs, "acos": lambda x: math.acos(x / 4), "acosh": math.acosh,
    "asin": lambda x: math.asin(x / 4), "asinh": math.asinh,
    "atan": math.atan, "atanh": lambda x: math.atanh(x / 4),
    "cbrt": math.cbrt, "ceil": math.ceil, "cos": math.cos,
    "cosh": math.cosh, "erf": math.erf, "erfc": math.erfc, "exp": math.exp,
    "exp2": math.exp2, "expm1": math.expm1, "floor": math.floor,
    "log": math.log, "log10": math.log10, "log1p": math.log1p,
    "log2": math.log2, "round": round_away, "roundeven": round,
    "rsqrt": lambda x: 1 / math.sqrt(x), "sin": math.sin, "sinh": math.sinh,
    "sqrt": math.sqrt, "tan": math.tan, "tanh": math.tanh,
    "trunc": math.trunc, "atan2": lambda x: math.atan2(x, 0.5),
    "powf": lambda x: math.pow(x, 0.5), "fpowi": lambda x: x ** 3,
    # LLVM 22 defines clampf(value, min, max) = maxf(minf(value, min), max)
    # (MathOps.td), which its expansion follows: with [0.5, 2.0], 2.0.
    "clampf": lambda x: max(min(x, 0.5), 2.0),
    "fma": lambda x: x * x + 0.5, "copysign": abs,
}


def wrap32(v):
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v & 0x80000000 else v


def ctlz(x):
    x &= 0xFFFFFFFF
    return 32 - x.bit_length()


def cttz(x):
    x &= 0xFFFFFFFF
    return 32 if x == 0 else (x & -x).bit_length() - 1


INT = {
    "ipowi": lambda x: wrap32(x ** 3), "absi": lambda x: wrap32(abs(x)),
    "ctlz": ctlz, "cttz": cttz,
    "ctpop": lambda x: bin(x & 0xFFFFFFFF).count("1"),
}


def to_f32(x):
    try:
        return struct.unpack("f", struct.pack("f", x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def main():
    kind, inputs, path = sys.argv[1], sys.argv[2], sys.argv[3]
    text = open(path).read().strip()
    if "=" not in text:
        sys.exit(f"check_math.py: no result in {path!r}: {text!r}")
    values = text.split("=", 1)[1].split()
    ops = IOPS if kind == "i32" else FOPS
    xs = [int(v) if kind == "i32" else float(v) for v in inputs.split(",")]
    if len(values) != len(xs) * len(ops):
        sys.exit(f"check_math.py: {len(values)} values, expected "
                 f"{len(xs)} x {len(ops)}")
    tolerance = 4e-7 if kind == "f32" else 1e-14
    for i, x in enumerate(xs):
        for j, op in enumerate(ops):
            got = values[i * len(ops) + j]
            if kind == "i32":
                want = INT[op](x)
                ok = int(got) == want
            else:
                want = guarded(FLOAT[op])(x)
                if kind == "f32":
                    want = to_f32(want)
                value = float(got)
                if math.isnan(want) or math.isnan(value):
                    ok = math.isnan(want) and math.isnan(value)
                else:
                    ok = abs(value - want) <= tolerance * max(1.0, abs(want))
            if not ok:
                sys.exit(f"check_math.py: {kind} {op}({x}) = {got}, "
                         f"expected {want}")
    print(f"{kind}: {len(xs) * len(ops)} values agree")


if __name__ == "__main__":
    main()
