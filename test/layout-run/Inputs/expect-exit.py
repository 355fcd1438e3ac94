"""expect-exit.py [--memory-limit-mb=N] CODE COMMAND...: runs COMMAND with
stderr merged into stdout (and, with --memory-limit-mb, an address-space
limit of N MiB), copies its output, and succeeds only if it exits with CODE
(a plain exit, not a signal)."""
import resource
import subprocess
import sys

args = sys.argv[1:]
limit = None
if args and args[0].startswith("--memory-limit-mb="):
    limit = int(args.pop(0).split("=", 1)[1]) << 20


def apply_limit():
    if limit is not None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


want = int(args[0])
proc = subprocess.run(args[1:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                      preexec_fn=apply_limit)
sys.stdout.buffer.write(proc.stdout)
if proc.returncode != want:
    print("expect-exit.py: exit code %d, expected %d" % (proc.returncode, want))
    sys.exit(1)
