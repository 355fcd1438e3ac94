"""expect-exit.py CODE COMMAND...: runs COMMAND with stderr merged into
stdout, copies its output, and succeeds only if it exits with CODE (a plain
exit, not a signal)."""
import subprocess
import sys

want = int(sys.argv[1])
proc = subprocess.run(sys.argv[2:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
sys.stdout.buffer.write(proc.stdout)
if proc.returncode != want:
    print("expect-exit.py: exit code %d, expected %d" % (proc.returncode, want))
    sys.exit(1)
