#!/usr/bin/env python3
"""Times every pipeline against layout-opt parse+print of the same module.

usage: bench/run-pipelines.py [--build DIR] [--sizes 1000,10000,30000]
                              [--reps 3] [--pipelines NAME,...] [--mix M]
                              [--threads] [--baseline DIR]

For each size, bench/gen_module.py writes one module (--mix, default the
executable mix every pipeline accepts); each command runs --reps times and
the best wall-clock time and the peak RSS of that process are kept. Every
ratio is against parse+print of the same module measured in the same run
(the machine is shared, so absolute times are not comparable between runs).
`growth` is the pipeline's time over its time at the previous size. With
--threads each pipeline also runs with --mlir-disable-threading, and the
threaded speedup is printed. With --baseline, another build (for example
one of the commit before a change) runs each pipeline too, right after
this build's runs on the same module, and its time and this build's
speedup over it are printed. Never run by the tests.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

PIPELINES = {
    "parse+print": [],
    "specialize+materialize": ["--stream-lite-specialize-encodings",
                               "--stream-lite-materialize-builtins"],
    "layout": ["--stream-lite-layout-pipeline"],
    "to-llvm": ["--stream-lite-to-llvm-pipeline"],
    "to-llvm-nochecks": ["--stream-lite-to-llvm-pipeline=runtime-checks=false"],
}


def run_once(cmd):
    """Wall-clock seconds and peak RSS (MiB) of one run of cmd."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    err = proc.stderr.read().decode()
    proc.stderr.close()
    if status != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{err}")
    return elapsed, usage.ru_maxrss / 1024.0


def best(cmd, reps):
    runs = [run_once(cmd) for _ in range(reps)]
    return min(t for t, _ in runs), max(m for _, m in runs)


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default=os.path.join(root, "build"))
    parser.add_argument("--sizes", default="1000,10000,30000")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--pipelines", default=",".join(PIPELINES))
    parser.add_argument("--mix", default="executable")
    parser.add_argument("--threads", action="store_true")
    parser.add_argument("--baseline", help="a build directory to compare to")
    args = parser.parse_args()
    opt = os.path.join(args.build, "bin", "layout-opt")
    baseline = (os.path.join(args.baseline, "bin", "layout-opt")
                if args.baseline else None)
    names = [n for n in args.pipelines.split(",") if n != "parse+print"]
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"{'pipeline':<24} {'ops':>8} {'time':>9} {'ratio':>7} "
          f"{'growth':>7} {'RSS MiB':>8} {'RSS x':>6}"
          + (f" {'1 thread':>9} {'speedup':>7}" if args.threads else "")
          + (f" {'baseline':>9} {'ratio':>7} {'speedup':>7}"
             if baseline else ""))
    prev = {}
    with tempfile.TemporaryDirectory() as work:
        for n in sizes:
            path = os.path.join(work, f"m{n}.mlir")
            with open(path, "w") as f:
                subprocess.run([sys.executable,
                                os.path.join(root, "bench", "gen_module.py"),
                                str(n), "--mix", args.mix], stdout=f,
                               check=True)
            base_cmd = [opt, path, "-o", "/dev/null"]
            base, base_rss = best(base_cmd, args.reps)
            print(f"{'parse+print':<24} {n:>8} {base:>8.3f}s {1:>6.2f}x "
                  f"{'':>7} {base_rss:>8.0f} {1:>5.2f}x")
            for name in names:
                cmd = [opt, path] + PIPELINES[name] + ["-o", "/dev/null"]
                t, rss = best(cmd, args.reps)
                growth = f"{t / prev[name]:.2f}x" if name in prev else "-"
                prev[name] = t
                line = (f"{name:<24} {n:>8} {t:>8.3f}s {t / base:>6.2f}x "
                        f"{growth:>7} {rss:>8.0f} {rss / base_rss:>5.2f}x")
                if args.threads:
                    t1, _ = best(cmd + ["--mlir-disable-threading"], args.reps)
                    line += f" {t1:>8.3f}s {t1 / t:>6.2f}x"
                if baseline:
                    tb, _ = best([baseline] + cmd[1:], args.reps)
                    line += (f" {tb:>8.3f}s {tb / base:>6.2f}x"
                             f" {tb / t:>6.2f}x")
                print(line, flush=True)


if __name__ == "__main__":
    main()
