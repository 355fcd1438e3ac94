// RUN: layout-opt --split-input-file --verify-diagnostics %s

// IREE tensor_folding.mlir cases where stream_lite deliberately differs
// (docs/conformance.md, IR tests): the behaviour the contract asks for.

// IREE's NarrowSplatPatternI32ToI8 splats an i32 pattern into an f32 tensor; a stream_lite splat value has the element type (contract, section 4).
func.func private @NarrowSplatPatternI32ToI8() -> !stream_lite.resource<*> {
  %c100 = arith.constant 100 : index
  %pattern = arith.constant 0xAAAAAAAA : i32
  // expected-error @+1 {{'stream_lite.tensor.splat' op splat value type 'i32' does not match the element type 'f32'}}
  %0 = stream_lite.tensor.splat %pattern : i32 -> tensor<2x2xf32> in !stream_lite.resource<*>{%c100}
  return %0 : !stream_lite.resource<*>
}

// -----

// IREE's NarrowSplatPatternBF16 splats a bf16 pattern into an f32 tensor; rejected for the same reason.
func.func private @NarrowSplatPatternBF16() -> !stream_lite.resource<*> {
  %c100 = arith.constant 100 : index
  %pattern = arith.constant 0.0 : bf16
  // expected-error @+1 {{'stream_lite.tensor.splat' op splat value type 'bf16' does not match the element type 'f32'}}
  %0 = stream_lite.tensor.splat %pattern : bf16 -> tensor<2x2xf32> in !stream_lite.resource<*>{%c100}
  return %0 : !stream_lite.resource<*>
}
