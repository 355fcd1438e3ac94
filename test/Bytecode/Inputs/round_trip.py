"""round_trip.py LAYOUT_OPT MIN_PROGRAMS DIR...: every program under DIRs
(.mlir files; each `// -----` part of a --split-input-file test) that
layout-opt parses and verifies must survive `--verify-roundtrip`: written
as bytecode and as generic text, each read back into a fresh context
prints, in the generic form with locations, exactly what the original
prints. Parts that expect diagnostics, and parts the parser rejects, are
skipped and counted. The parts of all files go to two layout-opt runs
(--split-input-file), one per core: starting a process per file or per
part spent most of this test's time, under the sanitizers most of all.
Fails when fewer than MIN_PROGRAMS programs round-tripped (so a broken
search cannot pass)."""
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


def kept_parts(path):
    """(the parts to round-trip, the number skipped) of one file."""
    kept, skipped = [], 0
    for part in parts(open(path, encoding="utf-8").read()):
        if re.search(r"expected-(error|warning)", part):
            skipped += 1
        else:
            kept.append(part)
    return kept, skipped


def check(batch, tmp, index):
    """(round-tripped, skipped, failure messages) for a batch of
    (path, part) pairs, in one layout-opt run."""
    if not batch:
        return 0, 0, []
    source = os.path.join(tmp, "batch-%d.mlir" % index)
    with open(source, "w", encoding="utf-8") as f:
        f.write(("\n" + MARKER + "\n").join(part for _, part in batch))
    run = subprocess.run(
        [layout_opt, "--allow-unregistered-dialect", "--split-input-file",
         "--verify-roundtrip", "--mlir-print-debuginfo", source, "-o", "-"],
        capture_output=True, text=True, timeout=900)
    errors = run.stderr
    if ROUND_TRIP_ERROR.search(errors) or run.returncode not in (0, 1):
        # Name the files whose parts the errors point at (line numbers of
        # the batch file).
        lines = [0]
        for _, part in batch:
            lines.append(lines[-1] + part.count("\n") + 2)
        culprits = set()
        for match in re.finditer(re.escape(source) + r":(\d+)", errors):
            line = int(match.group(1))
            for i, (path, _) in enumerate(batch):
                if lines[i] < line <= lines[i + 1]:
                    culprits.add(path)
        return 0, 0, ["%s: does not round-trip (exit %d):\n%s"
                      % (", ".join(sorted(culprits)) or source,
                         run.returncode, errors)]
    outputs = run.stdout.split(MARKER + "\n")
    if len(outputs) != len(batch):
        return 0, 0, ["%s: %d parts in, %d out"
                      % (source, len(batch), len(outputs))]
    done = sum(1 for out in outputs if out.strip())
    return done, len(batch) - done, []


files = []
for root in dirs:
    for folder, _, names in sorted(os.walk(root)):
        files += [os.path.join(folder, n) for n in sorted(names) if n.endswith(".mlir")]

batches, skipped = [[], []], 0
for path in files:
    kept, skipped_here = kept_parts(path)
    skipped += skipped_here
    # Whole files per batch, each to the one with fewer parts so far.
    smaller = min(batches, key=len)
    smaller.extend((path, part) for part in kept)
with tempfile.TemporaryDirectory() as tmp:
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        outcomes = list(pool.map(lambda ib: check(ib[1], tmp, ib[0]),
                                 enumerate(batches)))
checked = sum(o[0] for o in outcomes)
skipped += sum(o[1] for o in outcomes)
failures = [f for o in outcomes for f in o[2]]
for failure in failures:
    print("FAIL: " + failure)
print("round-tripped %d programs, skipped %d, %d failed"
      % (checked, skipped, len(failures)))
if failures or checked < minimum:
    if checked < minimum:
        print("expected at least %d programs" % minimum)
    sys.exit(1)
