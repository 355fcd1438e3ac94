#!/usr/bin/env python3
"""Checks a result of kernel-linalg-ops.mlir against its own computation of
it from the input x (4x6, row-major 0, 0.5, ..., 11.5).

    check_linalg.py NAME OUTPUT-FILE

Values agree within a relative 1e-6; exit 1 with the first disagreement."""
import math
import sys

X = [[(r * 6 + c) * 0.5 for c in range(6)] for r in range(4)]


def matmul():  # (x^T x)[:, 0:4], 6x4
    return [[sum(X[k][i] * X[k][j] for k in range(4)) for j in range(4)]
            for i in range(6)]


def reduce():  # row sums
    return [sum(row) for row in X]


def softmax():  # along rows
    out = []
    for row in X:
        top = max(row)
        e = [math.exp(v - top) for v in row]
        out.append([v / sum(e) for v in e])
    return out


def conv():  # 2x2 window of ones, no padding: 3x5
    return [[X[i][j] + X[i][j + 1] + X[i + 1][j] + X[i + 1][j + 1]
             for j in range(5)] for i in range(3)]


def pad():  # one row and column of 7 on each side: 6x8
    out = [[7.0] * 8 for _ in range(6)]
    for i in range(4):
        for j in range(6):
            out[i + 1][j + 1] = X[i][j]
    return out


def concat():  # x over x: 8x6
    return X + X


def generate():  # x[i][j] + i
    return [[X[i][j] + i for j in range(6)] for i in range(4)]


def flat(value):
    if isinstance(value, list):
        return [v for item in value for v in flat(item)]
    return [value]


def main():
    name, path = sys.argv[1], sys.argv[2]
    text = open(path).read().strip()
    if "=" not in text:
        sys.exit(f"check_linalg.py: no result in {path!r}: {text!r}")
    got = [float(v) for v in text.split("=", 1)[1].split()]
    want = flat(globals()[name]())
    if len(got) != len(want):
        sys.exit(f"check_linalg.py: {name}: {len(got)} values, expected "
                 f"{len(want)}")
    for index, (g, w) in enumerate(zip(got, want)):
        if abs(g - w) > 1e-6 * max(1.0, abs(w)):
            sys.exit(f"check_linalg.py: {name}[{index}] = {g}, expected {w}")
    print(f"{name}: {len(got)} values agree")


if __name__ == "__main__":
    main()
