#!/usr/bin/env python3
"""layout-run-pairs.py [BUILD-DIR] [--repeat R] [--threads T] [--rounds K]
                      [--kernel-runs N] [--optimize MODE] [--cold]:
the builtin kernels inside `layout-run`, pair by pair, against
layout-opt-kernel-bandwidth in the same run.

For each relayout pair of the bandwidth bench (64 MiB) a program runs the
pair's kernels N times (--kernel-runs, default 32: the first, then a loop
of N - 1 whose runs each replace the last's result) between an import and
a small result (a 2x4 corner), under
`layout-run --repeat=R --timing --threads=T` (R = 21 by default). JIT
compilation, the first touch of the buffers and the inputs' parsing are
in the first run only, which is left out. Of the R - 1 repeated runs the
fastest is kept (the timing line `timing: ... fastest A ms`), as the bench
keeps the best of its runs, and the fastest run of the same program
without the kernels (import and corner only) is subtracted. The expected
time is N times the sum of the bench's times of the same kernels (bytes
/ GB/s of its rows, its one-thread column for T = 1, its threaded column
otherwise). A ratio (layout-run / bench) near 1 says the kernels run in
the tool as in the bench; with N runs of the kernels the import's own
spread, subtracted, is small against them. (The packed imports take
40-75 ms, single-threaded: with 8 runs of 2.6 ms kernels on two threads
a few percent of the import's time, which the subtraction does not take
out, read as 13-20% of the kernels'.) The `mean ratio` column does
the same with the mean of the repeated runs (`repeated runs` / (R - 1))
against the bench's best: a run-to-run spread the best-of-N bench leaves
out shows there. K rounds alternate the bench and the programs (default
3); the table shows medians and the spread. `--optimize MODE` passes `--optimize=MODE` to
`layout-run` (default: its own, `kernels`: the kernels at O3, as the bench
compiles them), e.g. `all` to compile the whole program at O3. `--cold`
runs the bench with its buffers flushed from the caches before each timed
call: on a machine whose last-level cache holds 64 MiB, the bench's
repeated calls otherwise read their source from it, while a program's
second kernel reads what the first wrote past the cache. See
bench/README.md.
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
parser.add_argument("--repeat", type=int, default=21)
parser.add_argument("--threads", type=int, default=1)
parser.add_argument("--rounds", type=int, default=3)
parser.add_argument("--optimize", default=None)
parser.add_argument("--kernel-runs", type=int, default=32)
parser.add_argument("--cold", action="store_true",
                    help="run the bench with --cold (its buffers flushed "
                         "from the caches before each timed call)")
args = parser.parse_args()
layout_run = os.path.join(args.build, "bin", "layout-run")
bandwidth = os.path.join(args.build, "bin", "layout-opt-kernel-bandwidth")

T = "#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>"
S = ("#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4], "
     "swizzle = #stream_lite.swizzle<expand_shape = [[2, 4], [2, 2]], "
     "permutation = [1, 3, 0, 2]>>")
DEVICE = 'stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])'


def program(shape, element, body, result_layout, extra_args="",
            last_resource="*", setup="", kernel_runs=1):
    """A @main importing %x (SHAPE x ELEMENT) as %in, running SETUP once,
    then BODY KERNEL_RUNS times (which ends with %last and its size
    %lastsz, in RESULT_LAYOUT, or none for dense, in a LAST_RESOURCE
    resource), returning the last %last's 2x4 corner."""
    dense = "tensor<%sx%s>" % (shape, element)
    corner_type = "tensor<2x4x%s>" % element
    last = "tensor<%sx%s%s>" % (shape, element,
                                 ", " + result_layout if result_layout else "")
    # Runs after the first: a loop whose body renames what BODY defines
    # (names are function-wide) and yields each run's %last.
    if kernel_runs > 1:
        defined = re.findall(r"^\s*%(\w+) =", body, re.M)
        again = body
        for name in defined:
            again = re.sub(r"%%%s\b" % name, "%%%s_again" % name, again)
        body += (f"  %runs = arith.constant {kernel_runs} : index\n"
                 f"  %c1 = arith.constant 1 : index\n"
                 f"  %looped = scf.for %i = %c1 to %runs step %c1 "
                 f"iter_args(%previous = %last) -> "
                 f"(!stream_lite.resource<{last_resource}>) {{\n"
                 + again.replace("\n  ", "\n    ").replace("  %", "    %", 1)
                 + f"    scf.yield %last_again : "
                 f"!stream_lite.resource<{last_resource}>\n  }}\n")
        result = "%looped"
    else:
        result = "%last"
    return f"""{DEVICE}
func.func @main(%x: {dense}{extra_args}) -> {corner_type} attributes {{stream_lite.affinity = #stream_lite.affinity<@cpu>}} {{
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c4088 = arith.constant 4088 : index
  %c4092 = arith.constant 4092 : index
  %one = arith.constant 1.5 : f32
  %sz = stream_lite.tensor.sizeof {dense} : index
  %in = stream_lite.tensor.import %x : {dense} -> {dense} in !stream_lite.resource<external>{{%sz}}
{setup}{body}
  %lsz = stream_lite.tensor.sizeof {last} : index
  %csz = stream_lite.tensor.sizeof {corner_type} : index
  %corner = stream_lite.tensor.slice {result}[%c0, %c0 for %c2, %c4] : {last} in !stream_lite.resource<{last_resource}>{{%lsz}} -> {corner_type} in !stream_lite.resource<*>{{%csz}}
  %r = stream_lite.tensor.export %corner : {corner_type} in !stream_lite.resource<*>{{%csz}} -> {corner_type}
  return %r : {corner_type}
}}
"""


def encode(src, dst, shape, element, src_layout, dst_layout, src_res="*"):
    def ty(layout):
        return "tensor<%sx%s%s>" % (shape, element,
                                     ", " + layout if layout else "")
    return (f"  %{dst}sz = stream_lite.tensor.sizeof {ty(dst_layout)} : index\n"
            f"  %{dst} = stream_lite.tensor.encode %{src} : {ty(src_layout)} in "
            f"!stream_lite.resource<{src_res}>{{%{'sz' if src == 'in' else src + 'sz'}}} -> "
            f"{ty(dst_layout)} in !stream_lite.resource<*>{{%{dst}sz}}\n")


F = ("4096x4096", "f32")
I4 = ("8192x16384", "i4")
I2 = ("8192x32768", "i2")
NARROW = "#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 1]>"
WIDE = "#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 8]>"
PADDED = "#stream_lite.padding<[0, 16]>"


def to_layout(layout, shape_el):
    shape, el = shape_el
    return encode("in", "last", shape, el, None, layout, "external")


def round_trip(layout, shape_el):
    shape, el = shape_el
    return (encode("in", "mid", shape, el, None, layout, "external") +
            encode("mid", "last", shape, el, layout, None))


def chain(layouts, shape_el):
    """Encodes the input through each of LAYOUTS in turn (None: dense)."""
    shape, el = shape_el
    body, src, previous = "", "in", None
    for k, layout in enumerate(layouts):
        dst = "last" if k + 1 == len(layouts) else "step%d" % k
        body += encode(src, dst, shape, el, previous, layout,
                       "external" if src == "in" else "*")
        src, previous = dst, layout
    return body


REGION_T = "tensor<4088x4092xf32, %s>" % T
FULL_T = "tensor<4096x4096xf32, %s>" % T
slice_body = (to_layout(T, F).replace("%last", "%t").replace("%lastsz", "%tsz") +
              f"  %lastsz = stream_lite.tensor.sizeof {REGION_T} : index\n"
              f"  %last = stream_lite.tensor.slice %t[%c3, %c2 for %c4088, %c4092] : "
              f"{FULL_T} in !stream_lite.resource<*>{{%tsz}} -> {REGION_T} in "
              f"!stream_lite.resource<*>{{%lastsz}}\n")
update_setup = ("  %usz = stream_lite.tensor.sizeof tensor<4088x4092xf32> : index\n"
                "  %u = stream_lite.tensor.import %y : tensor<4088x4092xf32> -> "
                "tensor<4088x4092xf32> in !stream_lite.resource<external>{%usz}\n")
update_body = (to_layout(T, F).replace("%last", "%t").replace("%lastsz", "%tsz") +
               f"  %last = stream_lite.tensor.update %u, %t[%c3, %c2] : "
               f"tensor<4088x4092xf32> in !stream_lite.resource<external>{{%usz}} -> "
               f"{FULL_T} in %t as !stream_lite.resource<*>{{%tsz}}\n"
               "  %lastsz = arith.addi %tsz, %c0 : index\n")
fill_body = (to_layout(T, F).replace("%last", "%t").replace("%lastsz", "%tsz") +
             f"  %last = stream_lite.tensor.fill %one, %t[%c3, %c2 for %c4088, %c4092] : "
             f"f32 -> {FULL_T} in %t as !stream_lite.resource<*>{{%tsz}}\n"
             "  %lastsz = arith.addi %tsz, %c0 : index\n")

# name -> (program, inputs, bench rows whose times add up to the program's
# kernels, baselines whose times are the rest of the program)
baselines = {
    "import f32": (program("4096x4096", "f32", "  %last = stream_lite.tensor.clone %in : tensor<4096x4096xf32> in !stream_lite.resource<external>{%sz} -> tensor<4096x4096xf32> in !stream_lite.resource<external>{%sz}\n", None, last_resource="external"),
                   ["--input=4096x4096xf32=1.5"]),
    "import i4": (program("8192x16384", "i4", "  %last = stream_lite.tensor.clone %in : tensor<8192x16384xi4> in !stream_lite.resource<external>{%sz} -> tensor<8192x16384xi4> in !stream_lite.resource<external>{%sz}\n", None, last_resource="external"),
                  ["--input=8192x16384xi4=3"]),
    "import i2": (program("8192x32768", "i2", "  %last = stream_lite.tensor.clone %in : tensor<8192x32768xi2> in !stream_lite.resource<external>{%sz} -> tensor<8192x32768xi2> in !stream_lite.resource<external>{%sz}\n", None, last_resource="external"),
                  ["--input=8192x32768xi2=1"]),
}


def kernels(*positional, **named):
    """program() with BODY run --kernel-runs times."""
    return program(*positional, kernel_runs=args.kernel_runs, **named)


pairs = {
    "identity->tiled": (kernels("4096x4096", "f32", to_layout(T, F), T),
                        ["--input=4096x4096xf32=1.5"], ["encode identity->tiled"],
                        ["import f32"]),
    "identity->tiled->identity": (
        kernels("4096x4096", "f32", round_trip(T, F), None),
        ["--input=4096x4096xf32=1.5"],
        ["encode identity->tiled", "encode tiled->identity"], ["import f32"]),
    "identity->swizzled": (kernels("4096x4096", "f32", to_layout(S, F), S),
                           ["--input=4096x4096xf32=1.5"],
                           ["encode identity->swizzled"], ["import f32"]),
    "identity->swizzled->identity": (
        kernels("4096x4096", "f32", round_trip(S, F), None),
        ["--input=4096x4096xf32=1.5"],
        ["encode identity->swizzled", "encode swizzled->identity"], ["import f32"]),
    "i4 identity->tiled": (kernels("8192x16384", "i4", to_layout(T, I4), T),
                           ["--input=8192x16384xi4=3"],
                           ["encode i4 identity->tiled"], ["import i4"]),
    "i4 identity->tiled->identity": (
        kernels("8192x16384", "i4", round_trip(T, I4), None),
        ["--input=8192x16384xi4=3"],
        ["encode i4 identity->tiled", "encode i4 tiled->identity"], ["import i4"]),
    "i2 identity->tiled": (kernels("8192x32768", "i2", to_layout(T, I2), T),
                           ["--input=8192x32768xi2=1"],
                           ["encode i2 identity->tiled"], ["import i2"]),
    "i2 identity->tiled->identity": (
        kernels("8192x32768", "i2", round_trip(T, I2), None),
        ["--input=8192x32768xi2=1"],
        ["encode i2 identity->tiled", "encode i2 tiled->identity"], ["import i2"]),
    "identity->narrow 8x1": (kernels("4096x4096", "f32", to_layout(NARROW, F), NARROW),
                             ["--input=4096x4096xf32=1.5"],
                             ["encode identity->narrow 8x1"], ["import f32"]),
    "identity->narrow 8x1->identity": (
        kernels("4096x4096", "f32", round_trip(NARROW, F), None),
        ["--input=4096x4096xf32=1.5"],
        ["encode identity->narrow 8x1", "encode narrow 8x1->identity"], ["import f32"]),
    "identity->8x4->4x8": (
        kernels("4096x4096", "f32", chain([T, WIDE], F), WIDE),
        ["--input=4096x4096xf32=1.5"],
        ["encode identity->tiled", "encode tiled 8x4->4x8"], ["import f32"]),
    "identity->8x4->4x8->8x4": (
        kernels("4096x4096", "f32", chain([T, WIDE, T], F), T),
        ["--input=4096x4096xf32=1.5"],
        ["encode identity->tiled", "encode tiled 8x4->4x8",
         "encode tiled 4x8->8x4"], ["import f32"]),
    "identity->padding": (kernels("4096x4096", "f32", to_layout(PADDED, F), PADDED),
                          ["--input=4096x4096xf32=1.5"],
                          ["encode identity->padding"], ["import f32"]),
    "identity->padding->identity": (
        kernels("4096x4096", "f32", round_trip(PADDED, F), None),
        ["--input=4096x4096xf32=1.5"],
        ["encode identity->padding", "encode padding->identity"], ["import f32"]),
    "slice tiled->tiled": (
        kernels("4096x4096", "f32", slice_body, None).replace(
            "tensor<4096x4096xf32> in !stream_lite.resource<*>{%lsz}",
            REGION_T + " in !stream_lite.resource<*>{%lsz}").replace(
            "%lsz = stream_lite.tensor.sizeof tensor<4096x4096xf32>",
            "%lsz = stream_lite.tensor.sizeof " + REGION_T),
        ["--input=4096x4096xf32=1.5"],
        ["encode identity->tiled", "slice tiled->tiled"], ["import f32"]),
    "update identity->tiled": (
        kernels("4096x4096", "f32", update_body, T,
                ", %y: tensor<4088x4092xf32>", setup=update_setup),
        ["--input=4096x4096xf32=1.5", "--input=4088x4092xf32=2.5"],
        ["encode identity->tiled", "update identity->tiled"],
        ["import f32", "import f32"]),
    "fill tiled": (kernels("4096x4096", "f32", fill_body, T),
                   ["--input=4096x4096xf32=1.5"],
                   ["encode identity->tiled", "fill tiled"], ["import f32"]),
}


def bench_rows():
    """{row: (bytes, GB/s)} of one bandwidth run (threaded GB/s with
    --threads above 1)."""
    command = [bandwidth]
    if args.cold:
        command.append("--cold")
    if args.threads > 1:
        command.append("--threads=%d" % args.threads)
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    rows = {}
    for line in out.splitlines()[1:]:
        m = re.match(r"^(.*?)\s+(\d+)\s+([0-9.]+)\s+([0-9.]+)\s+([0-9.]+)\s+"
                     r"[0-9.]+%\s+[0-9.]+%(?:\s+([0-9.]+)\s)?", line)
        if m:
            gbs = float(m.group(6)) if args.threads > 1 and m.group(6) else float(m.group(3))
            rows[m.group(1).strip()] = (int(m.group(2)), gbs)
    return rows


def run_seconds(path, inputs):
    """(fastest, mean) seconds of the repeated runs of one program."""
    command = [layout_run, path, *inputs, "--repeat=%d" % args.repeat,
               "--timing", "--threads=%d" % args.threads]
    if args.optimize:
        command.append("--optimize=%s" % args.optimize)
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit("%s failed:\n%s" % (" ".join(command), run.stderr))
    total = re.search(r"^[ \t]+([0-9.]+) \([^)\n]*\)[ \t]+[0-9.]+ \([^)\n]*\)  "
                      r"repeated runs$", run.stderr, re.M)
    fastest = re.search(r"^timing: \d+ repeated runs: fastest ([0-9.]+) ms",
                        run.stderr, re.M)
    return (float(fastest.group(1)) / 1e3,
            float(total.group(1)) / (args.repeat - 1))


with tempfile.TemporaryDirectory() as work:
    paths = {}
    for name, (text, _) in baselines.items():
        paths[name] = os.path.join(work, name.replace(" ", "_") + ".mlir")
        with open(paths[name], "w") as f:
            f.write(text)
    for name, (text, _, _, _) in pairs.items():
        paths[name] = os.path.join(work, name.replace(">", "").replace(" ", "_") + ".mlir")
        with open(paths[name], "w") as f:
            f.write(text)
    measured = {name: [] for name in pairs}
    measured_mean = {name: [] for name in pairs}
    expected = {name: [] for name in pairs}
    for _ in range(args.rounds):
        rows = bench_rows()
        base = {name: run_seconds(paths[name], inputs)
                for name, (_, inputs) in baselines.items()}
        for name, (_, inputs, bench, rest) in pairs.items():
            if not all(r in rows for r in bench):
                continue
            expected[name].append(args.kernel_runs *
                                  sum(rows[r][0] / rows[r][1] / 1e9
                                      for r in bench))
            fastest, mean = run_seconds(paths[name], inputs)
            measured[name].append(fastest - sum(base[b][0] for b in rest))
            measured_mean[name].append(mean - sum(base[b][1] for b in rest))
    print("%-30s %12s %12s %8s %17s %11s" % (
        "program", "layout-run s", "bench s", "ratio", "ratio min..max",
        "mean ratio"))
    for name in baselines:
        print("%-30s %12.4f   (subtracted)" % (name, base[name][0]))
    for name in pairs:
        if not measured[name]:
            print("%-30s (a bench row is missing)" % name)
            continue
        ratios = [m / e for m, e in zip(measured[name], expected[name])]
        mean_ratios = [m / e for m, e in zip(measured_mean[name],
                                             expected[name])]
        print("%-30s %12.4f %12.4f %8.2f %8.2f..%.2f %11.2f" % (
            name, statistics.median(measured[name]),
            statistics.median(expected[name]), statistics.median(ratios),
            min(ratios), max(ratios), statistics.median(mean_ratios)))
