"""Usage: run-dumped-pipeline.py LAYOUT_OPT DUMP INPUT.
Runs `LAYOUT_OPT INPUT --pass-pipeline=P` where P is what
`--dump-pass-pipeline` printed to DUMP (first line a header, then the
pipeline over several lines), and prints layout-opt's output: whether a
dumped pipeline runs as written, and does what the named pipeline did."""
import subprocess
import sys

layout_opt, dump, source = sys.argv[1:4]
lines = open(dump).read().split("\n")
if not lines[0].startswith("Pass Manager with"):
    sys.exit(f"{dump}: no pass pipeline dump")
pipeline = " ".join(line.strip() for line in lines[1:] if line.strip())
sys.exit(subprocess.run([layout_opt, source, "--pass-pipeline=" + pipeline]).returncode)
