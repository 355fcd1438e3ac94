#!/usr/bin/env python3
"""Times every pipeline against layout-opt parse+print of the same module.

usage: bench/run-pipelines.py [--build DIR] [--sizes 1000,10000,30000]
                              [--reps 3] [--pipelines NAME,...] [--mix M]
                              [--threads] [--baseline DIR]
                              [--max-ops NAME=N,...] [--json FILE]
                              [--svg FILE]
       bench/run-pipelines.py --replot FILE.json --svg FILE.svg

For each size, bench/gen_module.py writes one module (--mix, default the
executable mix every pipeline accepts); each command runs --reps times and
the best wall-clock time and the peak RSS of that process are kept. The
commands of one size run in rounds, each command once per round, so that
a burst of load on a shared machine hits all of them alike. Every
ratio is against parse+print of the same module measured in the same run
(the machine is shared, so absolute times are not comparable between runs).
The -noverify pipelines run with --verify-each=false: the passes' own cost,
without MLIR's verification of the module after each.
`growth` is the pipeline's time over its time at the previous size. With
--threads each pipeline also runs with --mlir-disable-threading, and the
threaded speedup is printed, with the parallel fraction it implies on this
machine's cores (Amdahl's law) and the speedup that fraction predicts on
16 cores. With --baseline, another build (for example
one of the commit before a change) runs each pipeline too, right after
this build's runs on the same module, and its time and this build's
speedup over it are printed. --cpu measures user+sys CPU time of
single-threaded runs instead of wall clock: on a machine other jobs share,
it moves far less than wall clock. --max-ops skips a pipeline above a size
(to-llvm at 1M ops needs about 10 GB). --json writes every row; --svg
draws time and peak RSS against ops on log-log axes, one line per
pipeline (a plain SVG written here, no plotting package needed); --replot
draws the SVG again from a --json file. Never run by the tests.
"""
import argparse
import json
import math
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
    # The same without MLIR's verification after each pass (the input is
    # still verified after parsing, as in parse+print): what the passes
    # themselves cost, apart from the verifier's walks of the module.
    "specialize+materialize-noverify": ["--stream-lite-specialize-encodings",
                                        "--stream-lite-materialize-builtins",
                                        "--verify-each=false"],
    "layout-noverify": ["--stream-lite-layout-pipeline", "--verify-each=false"],
    "to-llvm": ["--stream-lite-to-llvm-pipeline"],
    "to-llvm-nochecks": ["--stream-lite-to-llvm-pipeline=runtime-checks=false"],
    # Parallel kernels (those moving more than 1 MiB; --mix kernels makes
    # two per function): parallelize-kernels and the async lowering.
    "to-llvm-threads": ["--stream-lite-to-llvm-pipeline=threads=2"],
}


CPU_TIME = False


def run_once(cmd):
    """Seconds (wall clock, or user+sys CPU with --cpu) and peak RSS (MiB)
    of one run of cmd."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    err = proc.stderr.read().decode()
    proc.stderr.close()
    if status != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{err}")
    if CPU_TIME:
        elapsed = usage.ru_utime + usage.ru_stime
    return elapsed, usage.ru_maxrss / 1024.0


def best_interleaved(commands, reps):
    """Best time and peak RSS of each command of `commands` (a dict), every
    command run once per round, `reps` rounds: a burst of load on the
    shared machine then hits every command of a round alike instead of all
    the repetitions of one."""
    times = {key: [] for key in commands}
    peaks = {key: 0 for key in commands}
    for _ in range(reps):
        for key, cmd in commands.items():
            t, m = run_once(cmd)
            times[key].append(t)
            peaks[key] = max(peaks[key], m)
    return {key: (min(times[key]), peaks[key]) for key in commands}


PLOT_HEIGHT = 360
COLORS = ["#000000", "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
          "#8c564b"]


def svg_panel(rows, key, title, unit, x0, width, height):
    """One log-log panel of `key` against ops, a polyline per pipeline."""
    names = list(dict.fromkeys(r["pipeline"] for r in rows))
    xs = [r["ops"] for r in rows]
    ys = [r[key] for r in rows if r[key] > 0]
    lx0, lx1 = math.log10(min(xs)), math.log10(max(xs))
    ly0, ly1 = math.floor(math.log10(min(ys))), math.ceil(math.log10(max(ys)))
    if lx1 == lx0:
        lx1 = lx0 + 1
    if ly1 == ly0:
        ly1 = ly0 + 1
    left, top, plot_w, plot_h = x0 + 70, 40, width - 110, PLOT_HEIGHT

    def px(ops):
        return left + (math.log10(ops) - lx0) / (lx1 - lx0) * plot_w

    def py(value):
        return top + plot_h - (math.log10(value) - ly0) / (ly1 - ly0) * plot_h

    out = [f'<text x="{left + plot_w / 2}" y="24" text-anchor="middle" '
           f'font-size="15">{title}</text>',
           f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" '
           'fill="none" stroke="#888"/>']
    for e in range(int(ly0), int(ly1) + 1):
        y = py(10 ** e)
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" '
                   f'y2="{y:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end" '
                   f'font-size="11">{10 ** e:g} {unit}</text>')
    for ops in sorted(set(xs)):
        x = px(ops)
        out.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" '
                   f'y2="{top + plot_h}" stroke="#ddd"/>')
        out.append(f'<text x="{x:.1f}" y="{top + plot_h + 16}" '
                   f'text-anchor="middle" font-size="11">{ops:,}</text>')
    out.append(f'<text x="{left + plot_w / 2}" y="{top + plot_h + 34}" '
               'text-anchor="middle" font-size="12">ops (log)</text>')
    for i, name in enumerate(names):
        color = COLORS[i % len(COLORS)]
        points = sorted((r["ops"], r[key]) for r in rows
                        if r["pipeline"] == name and r[key] > 0)
        path = " ".join(f"{px(o):.1f},{py(v):.1f}" for o, v in points)
        out.append(f'<polyline points="{path}" fill="none" stroke="{color}" '
                   'stroke-width="2"/>')
        for o, v in points:
            out.append(f'<circle cx="{px(o):.1f}" cy="{py(v):.1f}" r="3" '
                       f'fill="{color}"/>')
        ly = top + plot_h + 52 + 16 * (i // 2)
        lx = left + (i % 2) * plot_w / 2
        out.append(f'<line x1="{lx}" y1="{ly - 4}" x2="{lx + 18}" '
                   f'y2="{ly - 4}" stroke="{color}" stroke-width="2"/>')
        out.append(f'<text x="{lx + 24}" y="{ly}" font-size="11">{name}'
                   '</text>')
    return out


def write_svg(rows, path):
    """Time and peak RSS against ops, side by side."""
    names = len(dict.fromkeys(r["pipeline"] for r in rows))
    width = 480
    height = 40 + PLOT_HEIGHT + 52 + 16 * ((names + 1) // 2)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{2 * width}" '
             f'height="{height}" font-family="sans-serif">',
             f'<rect width="{2 * width}" height="{height}" fill="white"/>']
    clock = ("CPU time, one thread" if rows and rows[0].get("clock") == "cpu"
             else "wall-clock time")
    parts += svg_panel(rows, "seconds", f"{clock} (best run)", "s", 0,
                       width, height)
    parts += svg_panel(rows, "rss_mib", "peak RSS", "MiB", width, width,
                       height)
    parts.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(parts) + "\n")


def amdahl(speedup, cores):
    """The parallel fraction p that gives `speedup` on `cores` cores
    (speedup = 1 / ((1 - p) + p / cores)), clamped to [0, 1], and the
    speedup that fraction predicts on 16 cores."""
    if cores < 2:
        return 0.0, 1.0
    fraction = (1 - 1 / speedup) / (1 - 1 / cores)
    fraction = min(1.0, max(0.0, fraction))
    return fraction, 1 / ((1 - fraction) + fraction / 16)


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
    parser.add_argument("--max-ops", default="",
                        help="NAME=N,...: skip pipeline NAME above N ops")
    parser.add_argument("--json", help="write every row to this file")
    parser.add_argument("--svg", help="draw time and RSS against ops here")
    parser.add_argument("--replot", help="a --json file to draw (--svg)")
    parser.add_argument("--cpu", action="store_true",
                        help="time user+sys CPU seconds of single-threaded "
                        "runs instead of wall clock (steadier on a busy "
                        "machine)")
    args = parser.parse_args()
    global CPU_TIME
    CPU_TIME = args.cpu
    single = ["--mlir-disable-threading"] if args.cpu else []
    if args.replot:
        if not args.svg:
            sys.exit("--replot needs --svg")
        with open(args.replot) as f:
            write_svg(json.load(f), args.svg)
        return
    max_ops = {}
    for item in filter(None, args.max_ops.split(",")):
        name, _, limit = item.partition("=")
        max_ops[name] = int(limit)
    rows = []
    opt = os.path.join(args.build, "bin", "layout-opt")
    baseline = (os.path.join(args.baseline, "bin", "layout-opt")
                if args.baseline else None)
    names = [n for n in args.pipelines.split(",") if n != "parse+print"]
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"{'pipeline':<32} {'ops':>8} {'time':>9} {'ratio':>7} "
          f"{'growth':>7} {'RSS MiB':>8} {'RSS x':>6}"
          + (f" {'1 thread':>9} {'speedup':>7} {'par.frac':>8} {'16 cores':>8}"
             if args.threads else "")
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
            base_cmd = [opt, path, "-o", "/dev/null"] + single
            commands = {"parse+print": base_cmd}
            for name in names:
                if n > max_ops.get(name, n):
                    continue
                cmd = [opt, path] + PIPELINES[name] + ["-o", "/dev/null"] + single
                commands[name] = cmd
                if args.threads:
                    commands[(name, "1 thread")] = cmd + ["--mlir-disable-threading"]
                if baseline:
                    commands[(name, "baseline")] = [baseline] + cmd[1:]
            measured = best_interleaved(commands, args.reps)
            base, base_rss = measured["parse+print"]
            clock = "cpu" if args.cpu else "wall"
            rows.append({"pipeline": "parse+print", "ops": n, "clock": clock,
                         "seconds": base, "rss_mib": base_rss})
            print(f"{'parse+print':<32} {n:>8} {base:>8.3f}s {1:>6.2f}x "
                  f"{'':>7} {base_rss:>8.0f} {1:>5.2f}x")
            for name in names:
                if name not in commands:
                    continue
                t, rss = measured[name]
                rows.append({"pipeline": name, "ops": n, "clock": clock,
                             "seconds": t,
                             "rss_mib": rss, "ratio": t / base,
                             "rss_ratio": rss / base_rss})
                growth = f"{t / prev[name]:.2f}x" if name in prev else "-"
                prev[name] = t
                line = (f"{name:<32} {n:>8} {t:>8.3f}s {t / base:>6.2f}x "
                        f"{growth:>7} {rss:>8.0f} {rss / base_rss:>5.2f}x")
                if args.threads:
                    t1, _ = measured[(name, "1 thread")]
                    fraction, predicted = amdahl(t1 / t, os.cpu_count() or 1)
                    line += (f" {t1:>8.3f}s {t1 / t:>6.2f}x {fraction:>8.2f}"
                             f" {predicted:>7.2f}x")
                    rows[-1].update({"one_thread_seconds": t1,
                                     "parallel_fraction": fraction,
                                     "predicted_16_core_speedup": predicted})
                if baseline:
                    tb, _ = measured[(name, "baseline")]
                    line += (f" {tb:>8.3f}s {tb / base:>6.2f}x"
                             f" {tb / t:>6.2f}x")
                print(line, flush=True)
            if args.json:
                with open(args.json, "w") as f:
                    json.dump(rows, f, indent=1)
    if args.svg:
        write_svg(rows, args.svg)


if __name__ == "__main__":
    main()
