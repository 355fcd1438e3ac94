"""round_trip.py LAYOUT_OPT MIN_PROGRAMS DIR...: every program under DIRs
(.mlir files; each `// -----` part of a --split-input-file test) that
layout-opt parses and verifies must survive `--verify-roundtrip`: written
as bytecode and as generic text, each read back into a fresh context
prints, in the generic form with locations, exactly what the original
prints. Parts that expect diagnostics, and parts the parser rejects, are
skipped and counted. One layout-opt per file (--split-input-file): a
process per part spent most of this test's time starting up. Fails when
fewer than MIN_PROGRAMS programs round-tripped (so a broken search cannot
pass)."""
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

layout_opt, minimum, dirs = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
MARKER = "// -----"
# What --verify-roundtrip reports; any other error is a part the parser
# or verifier rejects (skipped).
ROUND_TRIP_ERROR = re.compile(r"round-?trip", re.I)


def parts(text):
    if "split-input-file" not in text:
        return [text]
    return re.split(r"^// -----\s*$", text, flags=re.M)


def check(path, tmp):
    """(round-tripped, skipped, failure messages) for one file."""
    kept, skipped = [], 0
    for part in parts(open(path, encoding="utf-8").read()):
        if re.search(r"expected-(error|warning)", part):
            skipped += 1
        else:
            kept.append(part)
    if not kept:
        return 0, skipped, []
    source = os.path.join(tmp, "%d-%s" % (abs(hash(path)), os.path.basename(path)))
    with open(source, "w", encoding="utf-8") as f:
        f.write(("\n" + MARKER + "\n").join(kept))
    run = subprocess.run(
        [layout_opt, "--allow-unregistered-dialect", "--split-input-file",
         "--verify-roundtrip", "--mlir-print-debuginfo", source, "-o", "-"],
        capture_output=True, text=True, timeout=300)
    errors = run.stderr
    if ROUND_TRIP_ERROR.search(errors) or run.returncode not in (0, 1):
        return 0, skipped, ["%s: does not round-trip (exit %d):\n%s"
                            % (path, run.returncode, errors)]
    outputs = run.stdout.split(MARKER + "\n")
    if len(outputs) != len(kept):
        return 0, skipped, ["%s: %d parts in, %d out" % (path, len(kept), len(outputs))]
    done = sum(1 for out in outputs if out.strip())
    return done, skipped + len(kept) - done, []


files = []
for root in dirs:
    for folder, _, names in sorted(os.walk(root)):
        files += [os.path.join(folder, n) for n in sorted(names) if n.endswith(".mlir")]

with tempfile.TemporaryDirectory() as tmp:
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        outcomes = list(pool.map(lambda path: check(path, tmp), files))
checked = sum(o[0] for o in outcomes)
skipped = sum(o[1] for o in outcomes)
failures = [f for o in outcomes for f in o[2]]
for failure in failures:
    print("FAIL: " + failure)
print("round-tripped %d programs, skipped %d, %d failed"
      % (checked, skipped, len(failures)))
if failures or checked < minimum:
    if checked < minimum:
        print("expected at least %d programs" % minimum)
    sys.exit(1)
