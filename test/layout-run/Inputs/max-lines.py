"""Reads stdin and fails (exit 1) when it has more than argv[1] lines: a
bound on output size that does not depend on the exact output."""
import sys

limit = int(sys.argv[1])
lines = sum(1 for _ in sys.stdin)
if lines > limit:
    print("error: %d lines, more than %d" % (lines, limit))
    sys.exit(1)
print("%d lines" % lines)
