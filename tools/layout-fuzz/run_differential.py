#!/usr/bin/env python3
"""Differential testing: random programs (gen_program.py) run by
`layout-run --compare-to-reference --check-padding`, which compares each
program bit for bit with its encoding-free reference.

    run_differential.py LAYOUT_RUN [--seeds N] [--first S] [--keep DIR]

Any mismatch, crash or error is reported with the seed that reproduces it
(`gen_program.py SEED > p.mlir`, then the layout-run command printed) and
the exit code is 1. A mismatch is a bug to fix, never a case to skip.
"""
import argparse
import os
import random
import shlex
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_program  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("layout_run")
    parser.add_argument("--seeds", type=int, default=50)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--keep", help="directory to keep failing programs in")
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--perturb-dims", action="store_true",
                        help="also run programs with a dynamic dim 0 on inputs of "
                             "other sizes; those must agree or fail cleanly (exit 2)")
    args = parser.parse_args()

    passed = failed = 0
    with tempfile.TemporaryDirectory() as work:
        for seed in range(args.first, args.first + args.seeds):
            program = gen_program.generate(seed)
            path = os.path.join(work, "seed%d.mlir" % seed)
            with open(path, "w") as f:
                f.write(program)
            inputs = shlex.split(program.rstrip().splitlines()[-1].split("INPUTS:", 1)[1])
            runs = [(inputs, False)]
            if args.perturb_dims:
                runs += [(p, True) for p in perturb_dims(program, inputs, seed)]
            for run_inputs, perturbed in runs:
                command = [args.layout_run, path, "--function=main", *run_inputs,
                           "--compare-to-reference", "--check-padding", "--check-leaks"]
                ok, detail = run_one(command, perturbed, args.timeout)
                if ok:
                    passed += 1
                    continue
                failed += 1
                print("FAIL seed %d%s: %s" % (seed, " (perturbed dims)" if perturbed else "",
                                              program.splitlines()[0]))
                print("  reproduce: gen_program.py %d > p.mlir && %s" % (
                    seed, " ".join(shlex.quote(c) for c in [args.layout_run, "p.mlir"] + command[2:])))
                for line in detail.strip().splitlines()[:8]:
                    print("  | " + line)
                if args.keep:
                    os.makedirs(args.keep, exist_ok=True)
                    with open(os.path.join(args.keep, "seed%d.mlir" % seed), "w") as f:
                        f.write(program)
    print("differential: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def run_one(command, perturbed, timeout):
    """Runs one layout-run command. With the generated inputs it must agree
    with the reference (exit 0). With perturbed dims the program may not fit
    them: then it must fail cleanly (exit 2 and an `error:` line, never a
    mismatch, a padding violation, a signal or a sanitizer report)."""
    try:
        run = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return False, "timed out"
    detail = run.stdout + run.stderr
    if run.returncode == 0:
        return True, detail
    if perturbed and run.returncode == 2 and run.stderr.startswith("error: ") \
            and "Sanitizer" not in run.stderr:
        return True, detail
    return False, "exit code %d\n%s" % (run.returncode, detail)


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
