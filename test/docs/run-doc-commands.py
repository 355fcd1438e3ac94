#!/usr/bin/env python3
"""Runs the shell commands of the documentation as a user would copy them.

Every fenced ```sh block of the given Markdown files runs, in file order,
with bash (`set -euo pipefail`) from a scratch copy of the repository root:
a directory whose entries link to the checkout's (examples/, scripts/,
test/, ...), with `build` linking to the build tree under test, so files
the commands write land there and not in the checkout. PATH is the
system's only (no build/bin, no /usr/lib/llvm-22/bin): the commands must
name the tools by the paths the documentation gives.

An HTML comment on the line before a block says how to treat it:

  <!-- doc-test: skip (reason) -->  not run (set-up, builds, CI, installs
                                    to system paths); the reason is required
  <!-- doc-test: python -->         run only with --python (the package
                                    was built)

A block fails when a command exits non-zero; its output is printed then.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

MARKER = re.compile(r"<!--\s*doc-test:\s*(skip|python)\b(.*?)-->")
FENCE = re.compile(r"^(\s*)```(\S*)\s*$")


def blocks(path):
    """(line, kind, text) of every ```sh block: kind is run, skip or
    python."""
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        match = FENCE.match(lines[i])
        if not match:
            i += 1
            continue
        indent, language = match.group(1), match.group(2)
        start = i
        i += 1
        body = []
        while i < len(lines) and lines[i].strip() != "```":
            line = lines[i]
            body.append(line[len(indent):] if line.startswith(indent) else line)
            i += 1
        i += 1
        if language != "sh":
            continue
        kind = "run"
        previous = lines[start - 1] if start else ""
        marker = MARKER.search(previous)
        if marker:
            kind = marker.group(1)
            if kind == "skip" and not marker.group(2).strip():
                raise SystemExit("%s:%d: doc-test: skip needs a reason"
                                 % (path, start))
        yield start + 1, kind, "\n".join(body)


def scratch_root(source, build, directory):
    for entry in os.listdir(source):
        if entry in ("build", ".git"):
            continue
        os.symlink(os.path.join(source, entry), os.path.join(directory, entry))
    os.symlink(build, os.path.join(directory, "build"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--source", required=True, help="the checkout")
    parser.add_argument("--build", required=True, help="the build tree")
    parser.add_argument("--python", action="store_true",
                        help="run only the python blocks")
    parser.add_argument("files", nargs="+", help="Markdown files, relative "
                        "to the checkout")
    args = parser.parse_args()
    env = {key: value for key, value in os.environ.items()
           if key in ("HOME", "TMPDIR", "LANG", "LC_ALL",
                      "LAYOUT_OPT_KERNEL_CACHE_DIR", "ASAN_OPTIONS",
                      "UBSAN_OPTIONS")}
    env["PATH"] = "/usr/local/bin:/usr/bin:/bin"
    ran = skipped = failed = 0
    with tempfile.TemporaryDirectory() as directory:
        scratch_root(os.path.abspath(args.source), os.path.abspath(args.build),
                     directory)
        for name in args.files:
            for line, kind, text in blocks(os.path.join(args.source, name)):
                if kind == "skip" or (kind == "python") != args.python:
                    skipped += 1
                    continue
                run = subprocess.run(
                    ["bash", "-c", "set -euo pipefail\n" + text],
                    cwd=directory, env=env, stdout=subprocess.PIPE,
                    stderr=subprocess.STDOUT, text=True, timeout=600)
                ran += 1
                if run.returncode != 0:
                    failed += 1
                    print("FAILED: %s:%d (exit %d)\n%s\n-- output:\n%s"
                          % (name, line, run.returncode, text, run.stdout))
                else:
                    print("ok: %s:%d" % (name, line))
    print("doc commands: %d blocks ran, %d failed, %d skipped"
          % (ran, failed, skipped))
    return 1 if failed or not ran else 0


if __name__ == "__main__":
    sys.exit(main())
