#!/usr/bin/env python3
"""fusion-chain-bench.py [BUILD-DIR] [REPS] [REPEAT]: relayout fusion on and
off for a chain of 6 elementwise user kernels on 1024x1024 f32 that
alternate between two devices (bench/gen_elementwise_chain.py).

1. Builtin relayout bytes, from `layout-opt --stream-lite-specialize-encodings
   [--stream-lite-fuse-relayouts] --stream-lite-layout-report=table=true`
   (its `totals` line): the program with fusion, without it, and the
   hand-unfused program (every kernel result has a second use) with it.
2. `layout-run --timing --repeat=REPEAT` (default 6) of the program (fused
   by the pipeline) and of the hand-unfused one, taking turns, REPS times
   (default 3): medians of the per-run time of the repeated runs and of the
   process wall time, and unfused / fused. layout-run has no option to turn
   fusion off, hence the hand-unfused program. One layout-run at a time."""
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(root, "bench"))
import gen_elementwise_chain  # noqa: E402

build = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "build")
reps = int(sys.argv[2]) if len(sys.argv) > 2 else 3
repeat = int(sys.argv[3]) if len(sys.argv) > 3 else 6
layout_opt = os.path.join(build, "bin", "layout-opt")
layout_run = os.path.join(build, "bin", "layout-run")
spec = "--input=1024x1024xf32=1.5"

with tempfile.TemporaryDirectory() as work:
    paths = {}
    for v in ["fused", "unfused"]:
        paths[v] = os.path.join(work, v + ".mlir")
        with open(paths[v], "w") as f:
            f.write(gen_elementwise_chain.program(v))
    for name, path, fuse in [("program, fuse-relayouts", paths["fused"], True),
                             ("program, no fuse-relayouts", paths["fused"], False),
                             ("hand-unfused, fuse-relayouts", paths["unfused"], True)]:
        cmd = [layout_opt, path, "--stream-lite-specialize-encodings"] + \
            (["--stream-lite-fuse-relayouts"] if fuse else []) + \
            ["--stream-lite-layout-report=table=true", "-o", os.devnull]
        r = subprocess.run(cmd, capture_output=True, text=True)
        totals = re.search(r"^totals: .*$", r.stderr, re.M)
        print("%-30s %s" % (name, totals.group(0) if totals else r.stderr))
    configs = {"threads=1, optimize=kernels": ["--threads=1", "--optimize=kernels"],
               "threads=1, optimize=all": ["--threads=1", "--optimize=all"]}
    print("%-28s %-8s %12s %10s" % ("configuration", "program", "per run", "wall"))
    for config, options in configs.items():
        t = {v: {"run": [], "wall": []} for v in paths}
        outs = set()
        for _ in range(reps):
            for v, path in paths.items():
                cmd = [layout_run, path, spec, "--timing", "--repeat=%d" % repeat] + options
                start = time.perf_counter()
                r = subprocess.run(cmd, capture_output=True, text=True)
                wall = time.perf_counter() - start
                if r.returncode:
                    sys.exit(r.stderr)
                outs.add(r.stdout)
                m = re.search(r"^[ \t]+([0-9.]+) \([^)\n]*\)[ \t]+[0-9.]+ \([^)\n]*\)  repeated runs$",
                              r.stderr, re.M)
                t[v]["run"].append(float(m.group(1)) / (repeat - 1))
                t[v]["wall"].append(wall)
        if len(outs) != 1:
            sys.exit("fused and unfused printed different results")
        med = {v: {k: statistics.median(x) for k, x in d.items()} for v, d in t.items()}
        for v in paths:
            print("%-28s %-8s %11.4fs %9.3fs" % (config, v, med[v]["run"], med[v]["wall"]))
        print("%-28s %-8s %11.2fx %9.2fx" % (config, "unf/fus", med["unfused"]["run"] / med["fused"]["run"],
                                           med["unfused"]["wall"] / med["fused"]["wall"]), flush=True)
