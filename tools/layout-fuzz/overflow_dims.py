#!/usr/bin/env python3
"""overflow_dims.py LAYOUT_RUN [--seeds N] [--first N] [--keep DIR]

Dynamic dims near the int64 bound, through resolved layouts. Each seed
makes a small program whose tensor has a dynamic dim given as an index
argument (not an input array, so that no input has to be built): its size
(`tensor.sizeof`), a splat or an empty tensor filled in part, and an encode
back to dense, in a layout a resolver picks (a tiling or padding resolver)
or a serialized one (tiled, swizzled, padding), with element types from i1
to f64 including packed i2/i4. It runs the program with `layout-run`
(whose lowering inserts the runtime checks) on a small dim, which must
run (or ask for more memory than layout-run allows), then on dims around the values where the resolved storage
size, or an offset inside it, passes 2^63 or 2^64 bytes, and around the
bound of the dense size. Every run must end in exit 0 or in a clean error
(exit 2 and an `error:` line): never a signal (an overrun), a sanitizer
report, exit 1 or a hang. Prints one line per failure and a summary; exits
1 if any run failed.
"""
import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile

ELEMENT_TYPES = [("i1", 1), ("i2", 0.25), ("i4", 0.5), ("i8", 1), ("i16", 2),
                 ("f32", 4), ("f64", 8)]


def layout(rng, cols):
    """(text of the encoding or layout attribute, device resolver or None,
    the product of the tile sizes, for the dims to try)."""
    kind = rng.choice(["tiling", "padding", "tiled", "swizzled", "padded"])
    if kind == "tiling":
        m, n, k = (rng.choice([1, 2, 8, 1024, 1 << 20]) for _ in range(3))
        operand = rng.randint(0, 2)
        return ("#stream_lite.encoding<operand_index = %d, op_type = matmul, "
                "element_types = [ET, ET, ET]>" % operand,
                "#stream_lite.tiling_resolver<m = %d, n = %d, k = %d>" % (m, n, k),
                max(m, n, k) * max(m, n, k))
    if kind == "padding":
        return ("#stream_lite.padding<[0, ?]>",
                "#stream_lite.padding_resolver<cache_line_bytes = %d, cache_sets = %d>"
                % (rng.choice([8, 64, 128]), rng.choice([1, 4, 16])), 64)
    if kind == "padded":
        return ("#stream_lite.padding<[%d, %d]>" % (rng.randint(0, 9), rng.randint(0, 9)), None, 16)
    t0, t1 = rng.choice([1, 2, 8, 1 << 16, 1 << 30]), rng.choice([1, 4, 8])
    if kind == "swizzled":
        t0, t1 = rng.choice([4, 8, 16]), rng.choice([4, 8])
        return ("#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [%d, %d], "
                "swizzle = #stream_lite.swizzle<expand_shape = [[%d], [%d]], permutation = [0, 1]>>"
                % (t0, t1, t0, t1), None, t0 * t1)
    return ("#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [%d, %d]>" % (t0, t1),
            None, t0 * t1)


def program(seed):
    rng = random.Random(seed)
    et, width = rng.choice(ELEMENT_TYPES)
    cols = rng.randint(1, 7)
    enc, resolver, tiles = layout(rng, cols)
    enc = enc.replace("ET", et)
    target = "#stream_lite.target<\"llvm-cpu\"%s>" % (
        ", resolver = " + resolver if resolver else "")
    op = rng.choice(["splat", "fill", "sizeof"])
    value = "1.0" if et.startswith("f") else "1"
    lines = [
        "// overflow_dims.py seed %d" % seed,
        "stream_lite.device @cpu targets([%s])" % target,
        "func.func @main(%n: index) -> index attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {",
        "  %c0 = arith.constant 0 : index",
        "  %c1 = arith.constant 1 : index",
        "  %%v = arith.constant %s : %s" % (value, et),
        "  %%sz = stream_lite.tensor.sizeof tensor<?x%dx%s, %s>{%%n} : index" % (cols, et, enc),
    ]
    t = "tensor<?x%dx%s, %s>{%%n}" % (cols, et, enc)
    if op == "splat":
        lines.append("  %%t = stream_lite.tensor.splat %%v : %s -> %s in !stream_lite.resource<*>{%%sz}" % (et, t))
    elif op == "fill":
        lines.append("  %%e = stream_lite.tensor.empty : %s in !stream_lite.resource<*>{%%sz}" % t)
        lines.append("  %last = arith.subi %n, %c1 : index")
        lines.append("  %%t = stream_lite.tensor.fill %%v, %%e[%%last, %%c0 for %%c1, %%c1] : %s -> %s in %%e as !stream_lite.resource<*>{%%sz}" % (et, t))
    lines.append("  return %sz : index")
    lines.append("}")
    # Dims where a size or offset in bytes passes 2^63 or 2^64, give or take.
    per_row = max(1, int(cols * width))
    dims = set()
    for bound in (1 << 63, 1 << 64):
        for divisor in (per_row, per_row * tiles, tiles, max(1, cols * tiles * 8)):
            base = bound // divisor
            for delta in (-1, 0, 1, rng.randint(2, 1000)):
                if 0 < base + delta < (1 << 63):
                    dims.add(base + delta)
    dims.add((1 << 63) - 1)
    return "\n".join(lines) + "\n", sorted(dims)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("layout_run")
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--keep")
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--memory-limit-mb", type=int, default=6144,
                        help="address-space limit of each run, so that a dim "
                             "whose storage fits in 64 bits but not in memory "
                             "fails fast (cleanly) instead of filling gigabytes")
    args = parser.parse_args()
    limit = args.memory_limit_mb << 20

    def apply_limit():
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    runs = failed = 0
    with tempfile.TemporaryDirectory() as work:
        for seed in range(args.first, args.first + args.seeds):
            text, dims = program(seed)
            path = os.path.join(args.keep or work, "overflow%d.mlir" % seed)
            if args.keep:
                os.makedirs(args.keep, exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
            # A small dim must run: the program itself is valid.
            for dim in [3] + dims:
                command = [args.layout_run, path, "--input=index=%d" % dim]
                runs += 1
                try:
                    run = subprocess.run(command, capture_output=True, text=True,
                                         timeout=args.timeout, preexec_fn=apply_limit)
                except subprocess.TimeoutExpired:
                    failed += 1
                    print("FAIL seed %d dim %d: timed out" % (seed, dim))
                    continue
                output = run.stdout + run.stderr
                clean = run.returncode == 2 and "error:" in output and \
                    "Sanitizer" not in output and "LLVM ERROR" not in output
                # The small dim must run, unless its huge tiles ask for more
                # memory than layout-run allows.
                fits = dim != 3 or "asks for a buffer" in output or \
                    "ran out of memory" in output
                if run.returncode == 0 or (clean and fits):
                    continue
                failed += 1
                print("FAIL seed %d dim %d: exit %d: %s\n%s" % (
                    seed, dim, run.returncode, " ".join(command), output[-2000:]))
    print("overflow-dims: %d runs, %d failed" % (runs, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
