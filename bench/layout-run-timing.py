#!/usr/bin/env python3
"""layout-run-timing.py [BUILD-DIR] [REPS] [BASELINE-BUILD-DIR]:
`layout-run --timing` on the bundled example and on bench/relayout64.mlir
(a 64 MiB relayout), per configuration: --optimize=none; --optimize=kernels
with a cold kernel cache (an empty directory every run) and with a warm one
(filled by one run first); --optimize=all; then, to show buffer reuse,
kernels (warm) with --compare-to-reference (the reference run gets the
program's freed buffers) and with --repeat=5 (runs 2-5 get those of run
1). With a baseline build (one from before the kernel cache and the buffer
pool), its default (kernels) and --compare-to-reference too. Prints the
medians over REPS runs (default 5; the configurations take turns within
each repetition, so that load on a shared machine hits them alike) of the
report's `lower`, `JIT compile`, `run`, `run (reference)` and `repeated
runs` (per run) entries and of the wall time, and checks that every configuration prints the same results and that
the cold and warm runs miss and hit the cache. See bench/README.md,
`layout-run --optimize=MODE`."""
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
build = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "build")
reps = int(sys.argv[2]) if len(sys.argv) > 2 else 5
baseline = sys.argv[3] if len(sys.argv) > 3 else None
layout_run = os.path.join(build, "bin", "layout-run")
programs = {
    "example": [os.path.join(root, "examples", "two-devices.mlir"),
                "--input=3x4xf32=1,2,3,4,5,6,7,8,9,10,11,12",
                "--input=index=3"],
    "relayout64": [os.path.join(root, "bench", "relayout64.mlir"),
                   "--input=4096x4096xf32=1.5"],
}
scratch = tempfile.mkdtemp(prefix="layout-run-timing-")
warm_dir = os.path.join(scratch, "warm")
cold_count = [0]


def cold_dir():
    cold_count[0] += 1
    return os.path.join(scratch, "cold%d" % cold_count[0])


# name -> (binary, options (a function: fresh per run), expected outcome)
configs = {
    "none": (layout_run, lambda: ["--optimize=none", "--no-kernel-cache"],
             None),
    "kernels, cold cache": (layout_run, lambda: [
        "--optimize=kernels", "--kernel-cache-dir=" + cold_dir()], "miss"),
    "kernels, warm cache": (layout_run, lambda: [
        "--optimize=kernels", "--kernel-cache-dir=" + warm_dir], "hit"),
    "all": (layout_run, lambda: ["--optimize=all", "--no-kernel-cache"],
            None),
}
configs["kernels, reference"] = (layout_run, lambda: [
    "--kernel-cache-dir=" + warm_dir, "--compare-to-reference"], "hit")
configs["kernels, --repeat=5"] = (layout_run, lambda: [
    "--kernel-cache-dir=" + warm_dir, "--repeat=5"], "hit")
if baseline:
    base = os.path.join(baseline, "bin", "layout-run")
    configs["baseline"] = (base, lambda: [], None)
    configs["baseline, reference"] = (base, lambda: ["--compare-to-reference"],
                                      None)
entries = ["lower", "JIT compile", "run", "run (reference)", "repeated runs"]
repeat_runs = 4


def run_once(binary, options, args):
    start = time.perf_counter()
    run = subprocess.run([binary, "--timing"] + options + args,
                         capture_output=True, text=True)
    wall = time.perf_counter() - start
    if run.returncode != 0:
        sys.exit(f"{binary} {options} {args} failed:\n{run.stderr}")
    times = {"wall": wall}
    for e in entries:
        # One line: `\s` or `.*` could reach into the line before.
        m = re.search(r"^[ \t]+([0-9.]+) \([^)\n]*\)[ \t]+[0-9.]+ "
                      r"\([^)\n]*\)  " + re.escape(e) + "$", run.stderr, re.M)
        if m:
            times[e] = float(m.group(1)) / (
                repeat_runs if e == "repeated runs" else 1)
    outcome = re.search(r"kernel cache (hit|miss)$", run.stderr, re.M)
    return run.stdout, times, outcome.group(1) if outcome else None


try:
    print(f"{'program':11s} {'configuration':20s} " +
          " ".join(f"{e[:11]:>11s}" for e in entries + ["wall"]))
    for name, args in programs.items():
        # Fill the warm cache.
        run_once(layout_run, ["--kernel-cache-dir=" + warm_dir], args)
        expected = None
        times = {c: {e: [] for e in entries + ["wall"]} for c in configs}
        for _ in range(reps):
            for config, (binary, options, outcome) in configs.items():
                stdout, t, seen = run_once(binary, options(), args)
                if expected is None:
                    expected = stdout
                if stdout != expected:
                    sys.exit(f"{name} {config} printed other results")
                if outcome and seen != outcome:
                    sys.exit(f"{name} {config}: kernel cache {seen}, "
                             f"expected {outcome}")
                for e, v in t.items():
                    times[config][e].append(v)
        for config in configs:
            print(f"{name:11s} {config:20s} " + " ".join(
                f"{statistics.median(times[config][e]):10.3f}s"
                if times[config][e] else f"{'-':>11s}"
                for e in entries + ["wall"]))
finally:
    shutil.rmtree(scratch, ignore_errors=True)
