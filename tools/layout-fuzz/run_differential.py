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
    args = parser.parse_args()

    passed = failed = 0
    with tempfile.TemporaryDirectory() as work:
        for seed in range(args.first, args.first + args.seeds):
            program = gen_program.generate(seed)
            path = os.path.join(work, "seed%d.mlir" % seed)
            with open(path, "w") as f:
                f.write(program)
            inputs = shlex.split(program.rstrip().splitlines()[-1].split("INPUTS:", 1)[1])
            command = [args.layout_run, path, "--function=main", *inputs,
                       "--compare-to-reference", "--check-padding"]
            try:
                run = subprocess.run(command, capture_output=True, text=True,
                                     timeout=args.timeout)
                ok = run.returncode == 0
                detail = run.stdout + run.stderr
            except subprocess.TimeoutExpired:
                ok, detail = False, "timed out"
            if ok:
                passed += 1
                continue
            failed += 1
            print("FAIL seed %d: %s" % (seed, program.splitlines()[0]))
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


if __name__ == "__main__":
    sys.exit(main())
