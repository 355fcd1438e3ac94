#!/usr/bin/env python3
"""pass_nesting.py LAYOUT_OPT INPUT.mlir... [--jobs N]

Every stream-lite pass and pipeline that `LAYOUT_OPT --help` lists, run
through `--pass-pipeline` at every nesting a user may write: on the module,
on each function, on each executable, on an executable's inner module, on
the functions inside it, and anchored on `any`. A pass run at a level it
does not support must be refused with an error (exit 1 and an `error:`
line), never a crash, an assertion or a hang. Prints one line per failure
and a summary; exits 1 if any run failed.
"""
import argparse
import subprocess
import sys

NESTINGS = [
    "builtin.module({p})",
    "builtin.module(func.func({p}))",
    "builtin.module(stream_lite.executable({p}))",
    "builtin.module(stream_lite.executable(builtin.module({p})))",
    "builtin.module(stream_lite.executable(builtin.module(func.func({p}))))",
    "builtin.module(any({p}))",
    "func.func({p})",
    "any({p})",
]


def passes(layout_opt):
    text = subprocess.run([layout_opt, "--help"], capture_output=True, text=True).stdout
    names = set()
    for line in text.splitlines():
        word = line.strip().split(" ")[0]
        if word.startswith("--stream-lite-"):
            names.add(word[2:].split("=")[0])
    return sorted(names)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("layout_opt")
    parser.add_argument("inputs", nargs="+")
    parser.add_argument("--timeout", type=float, default=120)
    args = parser.parse_args()
    runs = failed = 0
    names = passes(args.layout_opt)
    if not names:
        print("pass-nesting: no passes listed by %s --help" % args.layout_opt)
        return 1
    for name in names:
        for nesting in NESTINGS:
            pipeline = nesting.format(p=name)
            for path in args.inputs:
                command = [args.layout_opt, "--pass-pipeline=" + pipeline, path,
                           "-o", "/dev/null"]
                runs += 1
                try:
                    run = subprocess.run(command, capture_output=True, text=True,
                                         timeout=args.timeout)
                except subprocess.TimeoutExpired:
                    failed += 1
                    print("FAIL (timed out): " + " ".join(command))
                    continue
                output = run.stderr
                clean = run.returncode == 1 and "error:" in output and \
                    "Sanitizer" not in output and "LLVM ERROR" not in output and \
                    "Stack dump" not in output
                if run.returncode == 0 or clean:
                    continue
                failed += 1
                print("FAIL (exit %d): %s\n%s" % (run.returncode, " ".join(command),
                                                   output[-1500:]))
    print("pass-nesting: %d passes, %d runs, %d failed" % (len(names), runs, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
