#!/usr/bin/env python3
"""view-copy-bench.py [BUILD-DIR] [REPS] [REPEAT]: a user kernel that copies
a whole 64 MiB tensor from dense rows into a layout through dispatch.tensor
views, against the builtin relayout of the same pair (a tensor.encode that
materialize-builtins turns into a builtin dispatch), for tiled, swizzled and
packed i4 layouts (bench/gen_view_copy.py).

Each program runs with `layout-run --timing --repeat=REPEAT` (default 6:
runs 2..REPEAT reuse the first run's buffers, so page faults on fresh
buffers are out of them) under each configuration: --threads=1 with
--optimize=kernels (the default: the builtin kernels at O2, the rest of the
program, user kernels included, unoptimized) and with --optimize=all (the
whole program at O3), and the default --threads with --optimize=all. The
kernel and builtin programs of a layout take turns within each of REPS
repetitions (default 3). Prints the medians of the per-run time of the
repeated runs, and kernel / builtin. Results (the 2x4 corner) must be equal.
One layout-run at a time."""
import os
import re
import statistics
import subprocess
import sys
import tempfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(root, "bench"))
import gen_view_copy  # noqa: E402

build = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "build")
reps = int(sys.argv[2]) if len(sys.argv) > 2 else 3
repeat = int(sys.argv[3]) if len(sys.argv) > 3 else 6
layout_run = os.path.join(build, "bin", "layout-run")
configs = {
    "threads=1, optimize=kernels": ["--threads=1", "--optimize=kernels"],
    "threads=1, optimize=all": ["--threads=1", "--optimize=all"],
    "threads=default, optimize=all": ["--optimize=all"],
}


def run(path, spec, options):
    cmd = [layout_run, path, spec, "--timing", "--repeat=%d" % repeat] + options
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), r.stderr))
    m = re.search(r"^[ \t]+([0-9.]+) \([^)\n]*\)[ \t]+[0-9.]+ \([^)\n]*\)  repeated runs$",
                  r.stderr, re.M)
    if not m:
        sys.exit("no `repeated runs` entry:\n" + r.stderr)
    return r.stdout, float(m.group(1)) / (repeat - 1)


with tempfile.TemporaryDirectory() as work:
    print("%-9s %-30s %12s %12s %8s" % ("layout", "configuration", "kernel", "builtin", "ratio"))
    for layout in ["tiled", "swizzled", "i4"]:
        paths = {}
        for variant in ["kernel", "builtin"]:
            paths[variant] = os.path.join(work, "%s-%s.mlir" % (layout, variant))
            with open(paths[variant], "w") as f:
                f.write(gen_view_copy.program(layout, variant))
        spec = gen_view_copy.input_spec(layout)
        for config, options in configs.items():
            times = {"kernel": [], "builtin": []}
            outputs = set()
            for _ in range(reps):
                for variant in ["kernel", "builtin"]:
                    out, t = run(paths[variant], spec, options)
                    outputs.add(out)
                    times[variant].append(t)
            if len(outputs) != 1:
                sys.exit("%s %s: the kernel and the builtin printed different results" % (layout, config))
            k, b = statistics.median(times["kernel"]), statistics.median(times["builtin"])
            print("%-9s %-30s %11.4fs %11.4fs %7.2fx" % (layout, config, k, b, k / b), flush=True)
