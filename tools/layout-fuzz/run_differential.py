#!/usr/bin/env python3
"""Differential testing: random programs (gen_program.py) run by
`layout-run --compare-to-reference --check-padding`, which compares each
program bit for bit with its encoding-free reference.

    run_differential.py LAYOUT_RUN [--seeds N] [--first S] [--keep DIR]
                        [--passes seed|all|none] [--perturb-dims] [--no-huge]
                        [--views] [--view-reuse] [--region-merges]
                        [--dynamic-offsets]

Each program also runs after generic passes (`layout-opt --canonicalize`,
`--cse`, `--inline --sccp`, or all of them; `--passes=seed` picks one per
seed, `all` runs every variant): the rewritten program must still agree
with its reference and print exactly what the original printed.

A program whose header says `// EXPECT: clean-failure` (static sizes near
the int64 limit) must fail cleanly instead: layout-opt with a diagnostic
(exit 1, `error:`), layout-run with exit 2 and an `error:` diagnostic. Running,
mismatching or crashing is a failure; such runs count as expected clean
failures, not as passes.

Any mismatch, crash or error is reported with the seed that reproduces it
(`gen_program.py SEED > p.mlir`, then the command printed) and the exit
code is 1. A mismatch is a bug to fix, never a case to skip.
"""
import argparse
import json
import os
import random
import shlex
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_program  # noqa: E402

# Generic passes a program must survive (layout-opt flags).
PASS_VARIANTS = [
    ["--canonicalize"],
    ["--cse"],
    ["--inline", "--sccp"],
    ["--canonicalize", "--cse", "--inline", "--sccp"],
]


class Outcome:
    PASS, CLEAN, FAIL = "pass", "clean-failure", "fail"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("layout_run")
    parser.add_argument("--layout-opt", help="layout-opt binary (default: next to layout-run)")
    parser.add_argument("--seeds", type=int, default=50)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--keep", help="directory to keep failing programs in")
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--passes", choices=["seed", "all", "none"], default="seed",
                        help="generic pass variants to run each program after")
    parser.add_argument("--no-huge", action="store_true",
                        help="no programs near the int64 limits")
    parser.add_argument("--views", action="store_true",
                        help="every program has a user kernel that sees its "
                             "bindings through dispatch.tensor views")
    parser.add_argument("--view-reuse", action="store_true",
                        help="--views, and after each view-kernel step one that "
                             "dispatches an executable several times with other "
                             "layouts, merges view-kernel results or reads an "
                             "untied result (gen_program.py --view-reuse)")
    parser.add_argument("--region-merges", action="store_true",
                        help="with --view-reuse, half of the two-armed merges "
                             "are scf.execute_region ops "
                             "(gen_program.py --region-merges)")
    parser.add_argument("--dynamic-offsets", action="store_true",
                        help="region offsets as run-time multiples plus remainders "
                             "(gen_program.py --dynamic-offsets)")
    parser.add_argument("--perturb-dims", action="store_true",
                        help="also run programs with a dynamic dim 0 on inputs of "
                             "other sizes; those must agree or fail cleanly (exit 2)")
    parser.add_argument("--trace", action="store_true",
                        help="run the program as generated with --trace and "
                             "--zero-buffers too: every record must decode and "
                             "match the reference's (no first_divergence)")
    parser.add_argument("--layout-run-arg", action="append", default=[],
                        metavar="ARG",
                        help="one more argument for every layout-run command "
                             "(repeatable), e.g. --non-temporal-store-bytes=1")
    args = parser.parse_args()
    layout_opt = args.layout_opt or os.path.join(os.path.dirname(args.layout_run), "layout-opt")

    counts = {Outcome.PASS: 0, Outcome.CLEAN: 0, Outcome.FAIL: 0}
    with tempfile.TemporaryDirectory() as work:
        for seed in range(args.first, args.first + args.seeds):
            program = gen_program.generate(seed, huge=not args.no_huge,
                                           views=args.views,
                                           dynamic_offsets=args.dynamic_offsets,
                                           view_reuse=args.view_reuse,
                                           region_merges=args.region_merges)
            expect_failure = "// EXPECT: clean-failure" in program
            path = os.path.join(work, "seed%d.mlir" % seed)
            with open(path, "w") as f:
                f.write(program)
            inputs = shlex.split(program.rstrip().splitlines()[-1].split("INPUTS:", 1)[1])

            def report(what, command, detail):
                counts[Outcome.FAIL] += 1
                print("FAIL seed %d%s: %s" % (seed, what, program.splitlines()[0]))
                print("  reproduce: gen_program.py %d%s%s > p.mlir && %s" % (
                    seed, " --no-huge" if args.no_huge else "",
                    (" --views" if args.views else "") +
                    (" --view-reuse" if args.view_reuse else "") +
                    (" --region-merges" if args.region_merges else "") +
                    (" --dynamic-offsets" if args.dynamic_offsets else ""),
                    " ".join(shlex.quote(c) for c in command).replace(path, "p.mlir")))
                for line in detail.strip().splitlines()[:8]:
                    print("  | " + line)
                if args.keep:
                    os.makedirs(args.keep, exist_ok=True)
                    with open(os.path.join(args.keep, "seed%d.mlir" % seed), "w") as f:
                        f.write(program)

            # The program as generated, then after each chosen pass variant.
            variants = [[]]
            if args.passes == "all":
                variants += PASS_VARIANTS
            elif args.passes == "seed":
                variants.append(PASS_VARIANTS[seed % len(PASS_VARIANTS)])
            baseline = None
            for flags in variants:
                run_path = path
                if flags:
                    run_path = os.path.join(work, "seed%d.passes.mlir" % seed)
                    command = [layout_opt, *flags, path, "-o", run_path]
                    outcome, detail = run_opt(command, expect_failure, args.timeout)
                    if outcome == Outcome.FAIL:
                        report(" (%s)" % " ".join(flags), command, detail)
                        continue
                    if outcome == Outcome.CLEAN:
                        counts[Outcome.CLEAN] += 1
                        continue
                command = with_response_file(
                    [args.layout_run, *args.layout_run_arg, run_path, "--function=main", *inputs,
                     "--compare-to-reference", "--check-padding", "--check-leaks"],
                    os.path.join(work, "seed%d.rsp" % seed))
                outcome, detail, output = run_one(command, expect_failure, False, args.timeout)
                if outcome == Outcome.PASS and baseline is not None and output != baseline:
                    outcome = Outcome.FAIL
                    detail = "output differs from the program without %s:\n%s\nvs\n%s" % (
                        " ".join(flags), baseline, output)
                if outcome == Outcome.FAIL:
                    report(" (%s)" % " ".join(flags) if flags else "", [layout_opt, *flags, path, "|"] + command
                           if flags else command, detail)
                    continue
                counts[outcome] += 1
                if not flags:
                    baseline = output
                if args.trace and not flags and outcome == Outcome.PASS:
                    trace_path = os.path.join(work, "seed%d.json" % seed)
                    command = with_response_file(
                        [args.layout_run, *args.layout_run_arg, run_path, "--function=main", *inputs,
                         "--compare-to-reference", "--zero-buffers",
                         "--trace=" + trace_path],
                        os.path.join(work, "seed%d.trace.rsp" % seed))
                    outcome, detail, _ = run_one(command, False, False, args.timeout)
                    if outcome == Outcome.PASS:
                        detail = check_trace(trace_path)
                        outcome = Outcome.FAIL if detail else Outcome.PASS
                    if outcome == Outcome.FAIL:
                        report(" (--trace)", command, detail)
                    else:
                        counts[Outcome.PASS] += 1
            if args.perturb_dims and not expect_failure:
                for run_inputs in perturb_dims(program, inputs, seed):
                    command = [args.layout_run, *args.layout_run_arg, path, "--function=main", *run_inputs,
                               "--compare-to-reference", "--check-padding", "--check-leaks"]
                    outcome, detail, _ = run_one(command, False, True, args.timeout)
                    if outcome == Outcome.FAIL:
                        report(" (perturbed dims)", command, detail)
                    else:
                        counts[Outcome.PASS] += 1
    print("differential: %d passed, %d expected clean failures, %d failed" % (
        counts[Outcome.PASS], counts[Outcome.CLEAN], counts[Outcome.FAIL]))
    return 1 if counts[Outcome.FAIL] else 0


# Past this many bytes of arguments the options go into a response file
# (layout-run expands `@FILE` like every LLVM tool), below the kernel's
# limit on one argument (E2BIG).
MAX_INLINE_ARG_BYTES = 64 * 1024


def with_response_file(command, path):
    """`command`, its options moved into the response file `path` when they
    are too long for the command line (the program's inputs can be)."""
    if sum(len(c) + 1 for c in command) <= MAX_INLINE_ARG_BYTES:
        return command
    with open(path, "w") as f:
        for option in command[2:]:
            f.write(option + "\n")
    return command[:2] + ["@" + path]


def check_trace(path):
    """Why the trace at `path` is wrong, or "": a record that does not
    decode, or one whose values differ from the reference's (with
    --zero-buffers nothing is undefined, so none may)."""
    with open(path) as f:
        trace = json.load(f)
    for record in trace["records"]:
        if "error" in record:
            return "record %d: %s" % (record["record"], record["error"])
    first = trace["first_divergence"]
    if first is not None:
        record = trace["records"][first]
        return "record %d (%s) differs from the reference: %s" % (
            first, record["description"], record["reference"]["difference"])
    return ""


def clean_error(run):
    return "error: " in run.stderr and "Sanitizer" not in run.stderr and \
        "Stack dump" not in run.stderr and "LLVM ERROR" not in run.stderr


def run_opt(command, expect_failure, timeout):
    """Runs layout-opt with generic passes. It must succeed, or, on a program
    expected to fail, may reject it with a diagnostic (exit 1)."""
    try:
        run = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return Outcome.FAIL, "timed out"
    if run.returncode == 0:
        return Outcome.PASS, ""
    if expect_failure and run.returncode == 1 and clean_error(run):
        return Outcome.CLEAN, run.stderr
    return Outcome.FAIL, "exit code %d\n%s" % (run.returncode, run.stderr)


def run_one(command, expect_failure, perturbed, timeout):
    """Runs one layout-run command. With the generated inputs it must agree
    with the reference (exit 0). With perturbed dims the program may not fit
    them, and a program expected to fail must: then it must fail cleanly
    (exit 2 and an `error:` line, never a mismatch, a padding violation, a
    signal or a sanitizer report)."""
    try:
        run = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return Outcome.FAIL, "timed out", ""
    detail = run.stdout + run.stderr
    clean = run.returncode == 2 and clean_error(run)
    if expect_failure:
        if clean:
            return Outcome.CLEAN, detail, ""
        return Outcome.FAIL, "expected a clean failure (exit 2, error:), got exit code %d\n%s" % (
            run.returncode, detail), ""
    if run.returncode == 0:
        return Outcome.PASS, detail, run.stdout
    if perturbed and clean:
        return Outcome.PASS, detail, ""
    return Outcome.FAIL, "exit code %d\n%s" % (run.returncode, detail), ""


def perturb_dims(program, inputs, seed):
    """Input sets whose dynamic dim 0 differs from the generated one (the
    program's constant regions were chosen for the generated shape): zero,
    smaller, larger. Values splat from one element, so any shape parses."""
    if "%in: tensor<?x" not in program and "%in: tensor<?xi" not in program \
            and "%in: tensor<?xf" not in program:
        return []
    spec = inputs[0]
    shape_and_type = spec[len("--input="):].split("=", 1)[0]
    dims = shape_and_type.split("x")
    first = int(dims[0])
    rng = random.Random(seed * 7919)
    results = []
    for new in sorted({0, rng.randint(0, max(first - 1, 0)), first + rng.randint(1, 9)}):
        if new == first:
            continue
        value = "1" if not dims[-1].startswith("f") else "1.5"
        changed = "--input=%s=%s" % ("x".join([str(new)] + dims[1:]), value)
        results.append([changed] + inputs[1:])
    return results


if __name__ == "__main__":
    sys.exit(main())
