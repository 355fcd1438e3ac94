# RUN: %python_bindings %s %S/../layout-run/trace.mlir
# REQUIRES: python-bindings
#
# layout_opt.Program(trace=True): program.last_trace is the last call's
# trace, as layout-run --trace writes it: every written tensor decoded
# through its layout, matched with the reference's; kept for failed calls.

import sys

import numpy as np

import layout_opt

text = open(sys.argv[1]).read()
x = np.arange(1, 16, dtype=np.float32).reshape(5, 3)

# No trace unless asked for.
plain = layout_opt.Program(text, function="tiled")
plain(x, 5)
assert plain.last_trace is None

program = layout_opt.Program(text, function="tiled", trace=True)
assert program.last_trace is None  # before the first call
results = program(x, 5)
trace = program.last_trace
assert trace["function"] == "tiled"
assert trace["first_divergence"] is None, trace["first_divergence"]
ops = [r["op"] for r in trace["records"]]
assert ops == ["stream_lite.tensor.import", "stream_lite.tensor.encode",
               "stream_lite.tensor.fill", "stream_lite.tensor.encode",
               "stream_lite.tensor.splat"], ops
for record in trace["records"]:
    assert record["reference"]["matches"], record
    assert not record["truncated"], record  # every value listed
    values = np.array(record["values"], dtype=np.float32)
    assert values.size == np.prod(record["shape"]), record
    # The raw bytes hold every value where the layout puts it: the dense
    # result's bytes are the values themselves.
    if "tiled" not in record["type"]:
        raw = np.frombuffer(bytes.fromhex(record["bytes"]), dtype=np.float32)
        assert np.array_equal(raw, values), record
# The tiled encode's padding: 4x2 tiles of a 5x3 tensor.
encode = trace["records"][1]
assert encode["storage_bytes"] == 128, encode
assert encode["padding"][0] == [36, 40], encode["padding"]
assert encode["nonzero_padding_bytes"] == 0
# The last record's values are the fill's result, which is the result.
assert np.array_equal(np.array(trace["records"][3]["values"], np.float32)
                      .reshape(5, 3), results[0])

# A new call replaces the trace.
program(np.ones((4, 3), np.float32), 4)
assert program.last_trace["records"][0]["shape"] == [4, 3]

# Without a reference, records have no "reference" field.
alone = layout_opt.Program(text, function="tiled", trace=True,
                           compare_to_reference=False)
alone(x, 5)
assert "reference" not in alone.last_trace["records"][0]
assert "first_divergence" not in alone.last_trace
print("ok")
