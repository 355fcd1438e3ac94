#!/usr/bin/env python3
"""threads-vs-memcpy.py [BUILD-DIR] [--runs R] [--n N] [--threads T]
                       [--memcpy-at-least X] [--kernel-at-least Y]:
how each kernel's threaded speed-up compares with memcpy's, row by row.

Runs `layout-opt-kernel-bandwidth --n=N --threads=T` R times (default 10
runs, N = 1448: 8 MiB, T = 2). Each row of each run carries the kernel's
speed-up on T threads over one thread and memcpy's speed-up on T threads,
timed in the same rounds as that row (the `speedup` and `memcpy` columns).
On a shared machine memcpy's own speed-up moves from run to run (1.4x to
1.98x at 8 MiB on a 2-core VM), and no kernel can gain more from a
second thread than the memory gives memcpy; so the script splits the rows
by memcpy's speed-up: of the rows whose memcpy gained at least X (default
1.9), how many kernels gained at least Y (default 1.8), and the lowest;
and the same for the other rows. It also prints each kernel's speed-up
over memcpy's in the same row (kernel / memcpy), whose median says
whether the kernels track the machine, and per kernel the median of its
speed-ups and of memcpy's over the runs (a single row's speed-up is a
ratio of two timings a burst of load may hit apart). Never run by the
tests; see bench/README.md.
"""
import argparse
import os
import re
import statistics
import subprocess

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
parser = argparse.ArgumentParser()
parser.add_argument("build", nargs="?", default=os.path.join(root, "build"))
parser.add_argument("--runs", type=int, default=10)
parser.add_argument("--n", type=int, default=1448)
parser.add_argument("--threads", type=int, default=2)
parser.add_argument("--memcpy-at-least", type=float, default=1.9)
parser.add_argument("--kernel-at-least", type=float, default=1.8)
args = parser.parse_args()
bandwidth = os.path.join(args.build, "bin", "layout-opt-kernel-bandwidth")

# kernel label, its speed-up, memcpy's speed-up (rows of relayouts, slices
# and updates; fill and the side rows of another size, "(1023K)", "(2M)",
# are left out, as in the goal).
ROW = re.compile(r"^(\S.*?)\s+\d+\s+[0-9.]+\s+[0-9.]+\s+[0-9.]+\s+[0-9.]+%\s+"
                 r"[0-9.]+%\s+[0-9.]+\s+([0-9.]+)x\s+([0-9.]+)x")
rows = []
for run in range(args.runs):
    out = subprocess.run([bandwidth, "--n=%d" % args.n,
                          "--threads=%d" % args.threads],
                         capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        m = ROW.match(line)
        if not m:
            continue
        label = m.group(1).strip()
        if label.startswith("fill") or "(" in label:
            continue
        rows.append((run, label, float(m.group(2)), float(m.group(3))))


def summary(name, selected):
    if not selected:
        print("%s: no rows" % name)
        return
    kernels = [k for _, _, k, _ in selected]
    at_least = sum(k >= args.kernel_at_least for k in kernels)
    lowest = min(selected, key=lambda r: r[2])
    print("%s: %d rows, %d with the kernel at %.2fx or more; kernel "
          "%.2f-%.2fx (lowest: %s in run %d, memcpy %.2fx); kernel / memcpy "
          "median %.2f" % (
              name, len(selected), at_least, args.kernel_at_least,
              min(kernels), max(kernels), lowest[1], lowest[0] + 1, lowest[3],
              statistics.median(k / c for _, _, k, c in selected)))


fast = [r for r in rows if r[3] >= args.memcpy_at_least]
slow = [r for r in rows if r[3] < args.memcpy_at_least]
print("%d runs at n = %d on %d threads, %d rows" % (
    args.runs, args.n, args.threads, len(rows)))
summary("memcpy at %.2fx or more" % args.memcpy_at_least, fast)
summary("memcpy below %.2fx" % args.memcpy_at_least, slow)
summary("all rows", rows)
print()
print("%-30s %14s %14s %10s" % ("kernel", "median speedup", "memcpy median",
                                  "range"))
for label in dict.fromkeys(r[1] for r in rows):
    mine = [r for r in rows if r[1] == label]
    kernels = [k for _, _, k, _ in mine]
    print("%-30s %13.2fx %13.2fx %5.2f-%.2f" % (
        label, statistics.median(kernels),
        statistics.median(c for _, _, _, c in mine), min(kernels),
        max(kernels)))
