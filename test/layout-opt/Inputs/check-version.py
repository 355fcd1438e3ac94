"""check-version.py [--llvm] [--bare] CMAKELISTS: the first line of stdin
must be `layout-opt version X.Y.Z` (with --bare: `X.Y.Z`) with the version
of project() in CMAKELISTS; with --llvm, a later line must give LLVM's
version."""
import re
import sys

args = sys.argv[1:]
llvm = "--llvm" in args
bare = "--bare" in args
cmakelists = [a for a in args if not a.startswith("--")][0]
version = re.search(r"project\(layout-opt VERSION ([0-9.]+)",
                    open(cmakelists).read()).group(1)
lines = sys.stdin.read().splitlines()
want = version if bare else "layout-opt version " + version
if not lines or lines[0].strip() != want:
    sys.exit("check-version.py: first line %r, expected %r"
             % (lines[0] if lines else "", want))
if llvm and not any("LLVM version" in line for line in lines[1:]):
    sys.exit("check-version.py: no LLVM version after the project's: %r"
             % lines)
print("version ok:", version)
