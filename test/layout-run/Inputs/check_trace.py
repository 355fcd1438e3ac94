"""Checks a `layout-run --trace` file: it is JSON, and every record is
consistent with itself (values per shape, padding ranges and bytes inside
the storage). With --all-match, every record with a reference matches it."""
import json
import math
import sys

path = sys.argv[1]
with open(path) as f:
    trace = json.load(f)
records = trace["records"]
assert records, "no records"
for r in records:
    assert "error" not in r, r
    count = math.prod(r["shape"])
    storage = r["storage_bytes"]
    shown_bytes = len(r["bytes"]) // 2
    assert shown_bytes <= storage, r
    if not r["truncated"]:
        assert len(r["values"]) == count, r
        assert shown_bytes == storage, r
    for begin, end in r["padding"]:
        assert 0 <= begin < end <= storage, r
    if "--all-match" in sys.argv[2:] and r.get("reference") is not None:
        assert r["reference"]["matches"], r
first = trace.get("first_divergence")
if first is not None:
    assert not records[first]["reference"]["matches"], first
    assert all(r["reference"] is None or r["reference"]["matches"]
               for r in records[:first]), first
print("ok", len(records))
