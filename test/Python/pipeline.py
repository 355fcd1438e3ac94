# RUN: %python_bindings %s
# REQUIRES: python-bindings
#
# layout_opt.run_pipeline: parse, run a pipeline, print; errors raise
# layout_opt.Error carrying the diagnostics.

import layout_opt

PROGRAM = """
func.func @f(%a: i32) -> i32 {
  %zero = arith.constant 0 : i32
  %b = arith.addi %a, %zero : i32
  %c = arith.addi %b, %b : i32
  return %c : i32
}
"""

# No passes: the program printed back (round trip).
printed = layout_opt.run_pipeline(PROGRAM, "")
assert "arith.constant 0 : i32" in printed, printed
assert printed.count("arith.addi") == 2, printed

# canonicalize folds x + 0: one addi left, no constant.
folded = layout_opt.run_pipeline(PROGRAM, "canonicalize")
assert folded.count("arith.addi") == 1, folded
assert "arith.constant" not in folded, folded
# The anchored form gives the same result.
assert layout_opt.run_pipeline(PROGRAM, "builtin.module(canonicalize)") == folded

# Nested pipelines and the project's own passes parse.
nested = layout_opt.run_pipeline(PROGRAM, "builtin.module(func.func(canonicalize),cse)")
assert nested == folded, nested

# The output parses again (and prints the same).
assert layout_opt.run_pipeline(folded, "") == folded


def error_of(text, pipeline):
    try:
        layout_opt.run_pipeline(text, pipeline)
    except layout_opt.Error as error:
        return str(error)
    raise AssertionError("no error for %r with %r" % (text, pipeline))


# A parse error carries the diagnostic with its line and column.
message = error_of("func.func @f( {", "cse")
assert "<program>:1:" in message and "error:" in message, message

# An unknown pass names the pass.
message = error_of(PROGRAM, "no-such-pass")
assert "malformed pipeline" in message and "no-such-pass" in message, message

# A pass failure carries the pass's diagnostics: specialize-encodings needs
# a device for an encoded tensor.
BAD = """
#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
func.func @f() -> index {
  %sz = stream_lite.tensor.sizeof tensor<4x4xf32, #lhs> : index
  return %sz : index
}
"""
message = error_of(BAD, "stream-lite-specialize-encodings")
assert "<program>:4:" in message and "has no affinity" in message, message

# A pipeline of module passes nested under func.func is an error, not an
# abort of the interpreter.
message = error_of(PROGRAM, "builtin.module(func.func(stream-lite-layout-pipeline))")
assert "runs on 'builtin.module', not nested in 'func.func'" in message, message
print("pipeline.py: ok")
