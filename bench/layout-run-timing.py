#!/usr/bin/env python3
"""layout-run-timing.py [BUILD-DIR] [REPS]: `layout-run --optimize=MODE
--timing` on the bundled example and on bench/relayout64.mlir (a 64 MiB
relayout) for MODE none, kernels and all; prints the medians over REPS runs
(default 5) of the report's `lower`, `JIT compile` and `run` entries and of
the wall time, and checks that every mode prints the same results. See
bench/README.md, `layout-run --optimize=MODE`."""
import os
import re
import statistics
import subprocess
import sys
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
build = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "build")
reps = int(sys.argv[2]) if len(sys.argv) > 2 else 5
layout_run = os.path.join(build, "bin", "layout-run")
programs = {
    "example": [os.path.join(root, "examples", "two-devices.mlir"),
                "--input=3x4xf32=1,2,3,4,5,6,7,8,9,10,11,12",
                "--input=index=3"],
    "relayout64": [os.path.join(root, "bench", "relayout64.mlir"),
                   "--input=4096x4096xf32=1.5"],
}
entries = ["lower", "JIT compile", "run"]
print(f"{'program':11s} {'mode':8s} " +
      " ".join(f"{e:>11s}" for e in entries + ["wall"]))
for name, args in programs.items():
    expected = None
    for mode in ["none", "kernels", "all"]:
        times = {e: [] for e in entries + ["wall"]}
        for _ in range(reps):
            start = time.perf_counter()
            run = subprocess.run([layout_run, "--optimize=" + mode, "--timing"]
                                 + args, capture_output=True, text=True)
            times["wall"].append(time.perf_counter() - start)
            if run.returncode != 0:
                sys.exit(f"{name} --optimize={mode} failed:\n{run.stderr}")
            if expected is None:
                expected = run.stdout
            if run.stdout != expected:
                sys.exit(f"{name} --optimize={mode} printed other results")
            for e in entries:
                m = re.search(r"^\s+([0-9.]+) \(.*\)\s+[0-9.]+ \(.*\)  " +
                              re.escape(e) + "$", run.stderr, re.M)
                times[e].append(float(m.group(1)))
        print(f"{name:11s} {mode:8s} " +
              " ".join(f"{statistics.median(v):10.3f}s" for v in times.values()))
