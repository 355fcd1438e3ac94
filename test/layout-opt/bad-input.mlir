// Malformed input never crashes layout-opt (docs/tools.md, Bad input): every case exits
// non-zero with an `error:` line that names the op or the reason, and nothing
// is written to the output file.

// RUN: rm -rf %t && split-file %s %t

// Tests that a file truncated in the middle of an op (no trailing newline) is
// reported at its end.
// RUN: not layout-opt %S/Inputs/truncated.mlir 2>&1 | FileCheck %s --check-prefix=TRUNC-OP
// TRUNC-OP: truncated.mlir:5:86: error: expected ']'
// TRUNC-OP-NOT: PLEASE submit a bug report
// TRUNC-OP-NOT: Assertion

// Tests that a file truncated inside a tensor type is reported.
// RUN: not layout-opt %t/truncated-type.mlir 2>&1 | FileCheck %s --check-prefix=TRUNC-TYPE
// TRUNC-TYPE: truncated-type.mlir:2:48: error: expected '>' in tensor type

// Tests that a file truncated before the end of a function body is reported.
// RUN: not layout-opt %t/truncated-func.mlir 2>&1 | FileCheck %s --check-prefix=TRUNC-FUNC
// TRUNC-FUNC: truncated-func.mlir:3:20: error:

// Tests that a file truncated inside a stream_lite attribute is reported.
// RUN: not layout-opt %t/truncated-attr.mlir 2>&1 | FileCheck %s --check-prefix=TRUNC-ATTR
// TRUNC-ATTR: truncated-attr.mlir:1:58: error: unbalanced '[' character in pretty dialect name

// Tests that a file truncated inside a target's backend string is reported.
// RUN: not layout-opt %t/truncated-string.mlir 2>&1 | FileCheck %s --check-prefix=TRUNC-STRING
// TRUNC-STRING: truncated-string.mlir:1:57: error: expected '"' in string literal

// Tests that an unknown stream_lite attribute is reported by name.
// RUN: not layout-opt %t/unknown-attr.mlir 2>&1 | FileCheck %s --check-prefix=UNKNOWN-ATTR
// UNKNOWN-ATTR: unknown-attr.mlir:2:61: error: unknown attribute `nope` in dialect `stream_lite`

// Tests that an unknown stream_lite type is reported by name.
// RUN: not layout-opt %t/unknown-type.mlir 2>&1 | FileCheck %s --check-prefix=UNKNOWN-TYPE
// UNKNOWN-TYPE: unknown-type.mlir:1:31: error: unknown {{ ?}}type `nope` in dialect `stream_lite`

// Tests that an unknown stream_lite op is reported by name.
// RUN: not layout-opt %t/unknown-op.mlir 2>&1 | FileCheck %s --check-prefix=UNKNOWN-OP
// UNKNOWN-OP: unknown-op.mlir:2:3: error: custom op 'stream_lite.tensor.nope' is unknown

// Tests that an unknown resource lifetime is reported.
// RUN: not layout-opt %t/unknown-lifetime.mlir 2>&1 | FileCheck %s --check-prefix=UNKNOWN-LIFETIME
// UNKNOWN-LIFETIME: unknown-lifetime.mlir:1:40: error: unknown resource lifetime 'temporary' (expected *, external, staging, transient, variable or constant)

// Tests that a dispatch with more operands than operand types is reported.
// RUN: not layout-opt %t/dispatch-operand-count.mlir 2>&1 | FileCheck %s --check-prefix=DISPATCH-COUNT
// DISPATCH-COUNT: dispatch-operand-count.mlir:2:3: error: custom op 'stream_lite.tensor.dispatch' has 2 operands but 1 operand types

// Tests that a generic op missing its size operand is reported.
// RUN: not layout-opt %t/generic-missing-operand.mlir 2>&1 | FileCheck %s --check-prefix=GENERIC-MISSING
// GENERIC-MISSING: generic-missing-operand.mlir:2:8: error: 'stream_lite.tensor.empty' op expected 1 or more operands, but found 0

// Tests that generic operand segments that do not add up are reported.
// RUN: not layout-opt %t/generic-segments.mlir 2>&1 | FileCheck %s --check-prefix=GENERIC-SEGMENTS
// GENERIC-SEGMENTS: generic-segments.mlir:2:8: error: 'stream_lite.tensor.clone' op operand count (3) does not match with the total size (5) specified in attribute 'operandSegmentSizes'

// Tests that a generic op missing a required attribute is reported.
// RUN: not layout-opt %t/generic-missing-attr.mlir 2>&1 | FileCheck %s --check-prefix=GENERIC-ATTR
// GENERIC-ATTR: generic-missing-attr.mlir:2:8: error: 'stream_lite.tensor.sizeof' op requires attribute 'encoding'

// Tests that a generic op with an attribute of the wrong kind is reported.
// RUN: not layout-opt %t/generic-wrong-attr.mlir 2>&1 | FileCheck %s --check-prefix=GENERIC-WRONG-ATTR
// GENERIC-WRONG-ATTR: generic-wrong-attr.mlir:2:8: error: invalid properties {encoding = 4 : i64} for op stream_lite.tensor.sizeof: Invalid attribute `encoding` in property conversion: 4 : i64

// Tests that a resource with two sizes is reported.
// RUN: not layout-opt %t/two-sizes.mlir 2>&1 | FileCheck %s --check-prefix=TWO-SIZES
// TWO-SIZES: two-sizes.mlir:2:133: error: expected '}'

// Tests that a fill region with fewer lengths than start indices is reported.
// RUN: not layout-opt %t/fill-lengths.mlir 2>&1 | FileCheck %s --check-prefix=FILL-LENGTHS
// FILL-LENGTHS: fill-lengths.mlir:4:8: error: 'stream_lite.tensor.fill' op has 2 start indices but 1 lengths

// Tests that binding two results to a single-result op is reported.
// RUN: not layout-opt %t/load-two-results.mlir 2>&1 | FileCheck %s --check-prefix=LOAD-RESULTS
// LOAD-RESULTS: load-two-results.mlir:3:3: error: operation defines 1 results but was provided 2 to bind

// Tests that a use of an undefined dim value is reported.
// RUN: not layout-opt %t/undefined-value.mlir 2>&1 | FileCheck %s --check-prefix=UNDEFINED
// UNDEFINED: undefined-value.mlir:2:48: error: use of undeclared SSA value name

// Tests that an on(...) prefix that is not an affinity is reported.
// RUN: not layout-opt %t/on-not-affinity.mlir 2>&1 | FileCheck %s --check-prefix=ON-NOT-AFFINITY
// ON-NOT-AFFINITY: on-not-affinity.mlir:2:36: error: custom op 'stream_lite.tensor.empty' invalid kind of attribute specified

// Tests that an out-of-range integer in an attribute is reported.
// RUN: not layout-opt %t/huge-integer.mlir 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: huge-integer.mlir:1:62: error: integer value too large

// Tests that a verifier failure on well-formed syntax names the op.
// RUN: not layout-opt %t/verifier.mlir 2>&1 | FileCheck %s --check-prefix=VERIFIER
// VERIFIER: verifier.mlir:2:8: error: 'stream_lite.tensor.import' op tensor type 'tensor<4xf32, #stream_lite.identity>' must not carry an encoding

// Tests that a missing input file is reported.
// RUN: not layout-opt %t/does-not-exist.mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: cannot open input file '{{.*}}does-not-exist.mlir'

// Tests that nothing is written to the output file on failure.
// RUN: not layout-opt %t/unknown-attr.mlir -o %t/out.mlir
// RUN: not test -e %t/out.mlir
// RUN: not layout-opt %t/verifier.mlir -o %t/out.mlir
// RUN: not test -e %t/out.mlir

//--- truncated-type.mlir
func.func @f(%d: index) -> index {
  %0 = stream_lite.tensor.sizeof tensor<?x4xf32
//--- truncated-func.mlir
func.func @f(%d: index) -> index {
  %0 = stream_lite.tensor.sizeof tensor<?x4xf32>{%d} : index
  return %0 : index
//--- truncated-attr.mlir
func.func @f() attributes {some.attr = #stream_lite.tiled<inner_dims_pos = [0,
//--- truncated-string.mlir
stream_lite.device @d targets([#stream_lite.target<"vmvx
//--- unknown-attr.mlir
func.func @f(%d: index) -> index {
  %0 = stream_lite.tensor.sizeof tensor<4xf32, #stream_lite.nope> : index
  return %0 : index
}
//--- unknown-type.mlir
func.func @f(%a: !stream_lite.nope) {
  return
}
//--- unknown-op.mlir
func.func @f() {
  stream_lite.tensor.nope
  return
}
//--- unknown-lifetime.mlir
func.func @f(%a: !stream_lite.resource<temporary>) {
  return
}
//--- dispatch-operand-count.mlir
func.func @f(%a: index) {
  stream_lite.tensor.dispatch @ex::@entry(%a, %a) : (index) -> ()
  return
}
//--- generic-missing-operand.mlir
func.func @f() -> !stream_lite.resource<*> {
  %0 = "stream_lite.tensor.empty"() <{result_encoding = tensor<4xf32>}> : () -> !stream_lite.resource<*>
  return %0 : !stream_lite.resource<*>
}
//--- generic-segments.mlir
func.func @f(%sz: index, %r: !stream_lite.resource<*>) -> !stream_lite.resource<*> {
  %0 = "stream_lite.tensor.clone"(%r, %sz, %sz) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>, source_encoding = tensor<4xf32>, result_encoding = tensor<4xf32>}> : (!stream_lite.resource<*>, index, index) -> !stream_lite.resource<*>
  return %0 : !stream_lite.resource<*>
}
//--- generic-missing-attr.mlir
func.func @f() -> index {
  %0 = "stream_lite.tensor.sizeof"() : () -> index
  return %0 : index
}
//--- generic-wrong-attr.mlir
func.func @f() -> index {
  %0 = "stream_lite.tensor.sizeof"() <{encoding = 4 : i64}> : () -> index
  return %0 : index
}
//--- two-sizes.mlir
func.func @f(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %0 = stream_lite.tensor.clone %r : tensor<4xf32> in !stream_lite.resource<*>{%sz} -> tensor<4xf32> in !stream_lite.resource<*>{%sz, %sz}
  return %0 : !stream_lite.resource<*>
}
//--- fill-lengths.mlir
func.func @f(%r: !stream_lite.resource<*>, %sz: index, %v: f32) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = stream_lite.tensor.fill %v, %r[%c0, %c0 for %c1] : f32 -> tensor<4x4xf32> in %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
//--- load-two-results.mlir
func.func @f(%st: !stream_lite.resource<staging>, %sz: index) {
  %c0 = arith.constant 0 : index
  %a, %b = stream_lite.tensor.load %st[%c0] : tensor<4xf32> in !stream_lite.resource<staging>{%sz} -> f32
  return
}
//--- undefined-value.mlir
func.func @f() -> index {
  %0 = stream_lite.tensor.sizeof tensor<?xf32>{%d} : index
  return %0 : index
}
//--- on-not-affinity.mlir
func.func @f(%sz: index) -> !stream_lite.resource<*> {
  %0 = stream_lite.tensor.empty on(@cpu) : tensor<4xf32> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
//--- huge-integer.mlir
func.func @f() attributes {some.attr = #stream_lite.padding<[99999999999999999999]>} {
  return
}
//--- verifier.mlir
func.func @f(%t: tensor<4xf32>, %sz: index) -> !stream_lite.resource<external> {
  %0 = stream_lite.tensor.import %t : tensor<4xf32> -> tensor<4xf32, #stream_lite.identity> in !stream_lite.resource<external>{%sz}
  return %0 : !stream_lite.resource<external>
}
