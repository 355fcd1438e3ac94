"""round_trip.py LAYOUT_OPT MIN_PROGRAMS DIR...: every program under DIRs
(.mlir files; each `// -----` part of a --split-input-file test) that
layout-opt parses and verifies must survive --emit-bytecode: reading the
bytecode back prints exactly what reading the text prints, locations
included (--mlir-print-debuginfo). Parts that expect diagnostics, and
parts the parser rejects, are skipped and counted. Fails when fewer than
MIN_PROGRAMS programs round-tripped (so a broken search cannot pass)."""
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

layout_opt, minimum, dirs = sys.argv[1], int(sys.argv[2]), sys.argv[3:]


def run(args, data):
    return subprocess.run([layout_opt, "--allow-unregistered-dialect"] + args,
                          input=data,
                          capture_output=True, timeout=120)


def parts(path):
    text = open(path, encoding="utf-8").read()
    if "split-input-file" not in text:
        return [text]
    return re.split(r"^// -----\s*$", text, flags=re.M)


def check(path, index, part, tmp):
    """None (skipped), True (round-tripped) or a failure message."""
    if re.search(r"expected-(error|warning)", part):
        return None
    what = "%s (part %d)" % (path, index)
    # A file of its own, so that locations name the same file both ways.
    source = os.path.join(tmp, "part%d-%d.mlir" % (abs(hash(path)), index))
    with open(source, "w", encoding="utf-8") as f:
        f.write(part)
    # Printing locations too: output equal with them is equal without.
    text = run(["--mlir-print-debuginfo", source], b"")
    if text.returncode != 0:
        return None
    bytecode = run(["--emit-bytecode", source], b"")
    if bytecode.returncode != 0 or not bytecode.stdout.startswith(b"ML\xefR"):
        return what + ": --emit-bytecode failed: " + bytecode.stderr.decode()
    back = run(["--mlir-print-debuginfo", "-"], bytecode.stdout)
    if back.returncode != 0 or back.stdout != text.stdout:
        return (what + ": prints differently after bytecode:\n" +
                back.stderr.decode())
    return True


jobs = []
for root in dirs:
    for folder, _, files in sorted(os.walk(root)):
        for name in sorted(files):
            if name.endswith(".mlir"):
                path = os.path.join(folder, name)
                jobs += [(path, i, part) for i, part in enumerate(parts(path))]

with tempfile.TemporaryDirectory() as tmp:
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        outcomes = list(pool.map(lambda job: check(*job, tmp), jobs))
checked = sum(1 for o in outcomes if o is True)
skipped = sum(1 for o in outcomes if o is None)
failures = [o for o in outcomes if isinstance(o, str)]
for failure in failures:
    print("FAIL: " + failure)
print("round-tripped %d programs, skipped %d, %d failed"
      % (checked, skipped, len(failures)))
if failures or checked < minimum:
    if checked < minimum:
        print("expected at least %d programs" % minimum)
    sys.exit(1)
