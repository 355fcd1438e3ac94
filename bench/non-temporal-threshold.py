#!/usr/bin/env python3
"""non-temporal-threshold.py [BUILD-DIR] [--sizes 1448,2048,...]
                             [--rounds K] [--repeat R] [--threads T]:
where stores past the cache start to pay, in whole programs.

For each N of --sizes (default 1024,1448,2048,2368,2600,2896,4096: 4-64
MiB of f32) the program of bench/relayout64.mlir at N x N (an import
encoded to 8x4 tiles, a tile-cutting slice, encoded back, a 2x4 corner:
three builtin kernels, each reading the last one's result) runs under
`layout-run --repeat=R --timing` with ordinary stores only
(`--non-temporal-store-bytes=0`) and with every kernel's stores past the
cache (`--non-temporal-store-bytes=1`), K rounds taking turns (default 3;
R = 21). Prints the fastest and the median of the repeated runs (the
first, with the JIT compile and the buffers' first touch, left out),
medians over the rounds, and ordinary / past-the-cache: above 1 the
stores past the cache win at that size. Both print the same result
(checked). See bench/README.md, "Stores past the cache from 32 MiB".
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
parser = argparse.ArgumentParser()
parser.add_argument("build", nargs="?", default=os.path.join(root, "build"))
parser.add_argument("--sizes", default="1024,1448,2048,2368,2600,2896,4096")
parser.add_argument("--rounds", type=int, default=3)
parser.add_argument("--repeat", type=int, default=21)
parser.add_argument("--threads", type=int, default=1)
args = parser.parse_args()
layout_run = os.path.join(args.build, "bin", "layout-run")
with open(os.path.join(root, "bench", "relayout64.mlir")) as f:
    template = f.read()

TIMING = re.compile(r"timing: \d+ repeated runs: fastest ([\d.]+) ms, "
                    r"median ([\d.]+) ms")


def program(n):
    """relayout64.mlir at n x n (a slice of n-8 x n-4 at offsets 3, 2)."""
    text = template.replace("4096x4096", f"{n}x{n}")
    text = text.replace("4088x4092", f"{n - 8}x{n - 4}")
    text = text.replace("arith.constant 4088", f"arith.constant {n - 8}")
    text = text.replace("arith.constant 4092", f"arith.constant {n - 4}")
    return text


def run(path, n, threshold):
    command = [layout_run, f"--repeat={args.repeat}", "--timing",
               f"--threads={args.threads}",
               f"--non-temporal-store-bytes={threshold}", path,
               f"--input={n}x{n}xf32=1.5"]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{done.stderr}")
    match = TIMING.search(done.stderr)
    if not match:
        sys.exit(f"no repeated-runs timing line in:\n{done.stderr}")
    return float(match.group(1)), float(match.group(2)), done.stdout


print(f"{'tensor':>14} {'MiB':>6} {'ordinary ms':>12} {'past ms':>9} "
      f"{'ordinary/past':>14} {'medians ordinary/past':>22}")
with tempfile.TemporaryDirectory() as tmp:
    for n in (int(s) for s in args.sizes.split(",")):
        if n < 16 or n % 8:
            sys.exit(f"--sizes: {n} is not a multiple of 8 of at least 16")
        path = os.path.join(tmp, f"relayout{n}.mlir")
        with open(path, "w") as f:
            f.write(program(n))
        times = {0: [], 1: []}
        outputs = set()
        for _ in range(args.rounds):
            for threshold in (0, 1):
                fastest, median, out = run(path, n, threshold)
                times[threshold].append((fastest, median))
                outputs.add(out)
        if len(outputs) != 1:
            sys.exit(f"{n}x{n}: the two kinds of store printed different results")
        fastest = {t: statistics.median(f for f, _ in v) for t, v in times.items()}
        median = {t: statistics.median(m for _, m in v) for t, v in times.items()}
        print(f"{n:>6}x{n:<7} {n * n * 4 / 2**20:6.1f} {fastest[0]:12.3f} "
              f"{fastest[1]:9.3f} {fastest[0] / fastest[1]:14.2f} "
              f"{median[0] / median[1]:22.2f}", flush=True)
