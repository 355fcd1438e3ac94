// RUN: layout-opt --split-input-file --verify-diagnostics --stream-lite-encode-host-tensors %s

// Diagnostics of --stream-lite-encode-host-tensors: transfers that need a
// builtin dispatch, and encodings whose bytes cannot be addressed. Each error
// names the op and says why; the first op left in the tensor phase then
// fails the pass.

// Tests that a fill whose region cuts tiles (row 0 spans two 4x2 tiles)
// needs a builtin dispatch.
#tile = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 2]>
func.func @fill_cuts_tiles(%sz: index, %r: !stream_lite.resource<*>, %v: f32) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+2 {{'stream_lite.tensor.fill' op is still a tensor-phase op after encode-host-tensors}}
  // expected-error @+1 {{'stream_lite.tensor.fill' op needs a builtin dispatch; run --stream-lite-materialize-builtins first}}
  %0 = stream_lite.tensor.fill %v, %r[%c0, %c0 for %c1, %c4] : f32 -> tensor<8x4xf32, #tile> in %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a splat of a dynamic 64-bit value (not a width the device
// memsets) needs a builtin dispatch, with the planner's reason.
func.func @splat_wide_value(%d: index, %sz: index, %v: i64) -> !stream_lite.resource<*> {
  // expected-error @+2 {{'stream_lite.tensor.splat' op is still a tensor-phase op after encode-host-tensors}}
  // expected-error @+1 {{'stream_lite.tensor.splat' op needs a builtin dispatch; run --stream-lite-materialize-builtins first (pattern i64 is not a constant and the device memsets 8/16/32 bits)}}
  %0 = stream_lite.tensor.splat %v : i64 -> tensor<?x4xi64>{%d} in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a relayout (encode between different layouts) needs a builtin
// dispatch.
#tile = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 2]>
func.func @encode_relayout(%sz: index, %sz2: index, %r: !stream_lite.resource<*>) -> !stream_lite.resource<*> {
  // expected-error @+2 {{'stream_lite.tensor.encode' op is still a tensor-phase op after encode-host-tensors}}
  // expected-error @+1 {{'stream_lite.tensor.encode' op needs a builtin dispatch; run --stream-lite-materialize-builtins first (relayout from}}
  %0 = stream_lite.tensor.encode %r : tensor<8x4xf32> in !stream_lite.resource<*>{%sz} -> tensor<8x4xf32, #tile> in !stream_lite.resource<*>{%sz2}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that sizeof of an unresolved encoding is an error.
func.func @sizeof_unresolved(%d: index) -> index {
  // expected-error @+2 {{'stream_lite.tensor.sizeof' op is still a tensor-phase op after encode-host-tensors}}
  // expected-error @+1 {{'stream_lite.tensor.sizeof' op tensor type 'tensor<?x4xf32, #stream_lite.padding<[0, ?]>>' has an unresolved encoding (run --stream-lite-specialize-encodings first)}}
  %0 = stream_lite.tensor.sizeof tensor<?x4xf32, #stream_lite.padding<[0, ?]>>{%d} : index
  return %0 : index
}

// -----

// Tests that a load through an unresolved encoding is an error.
func.func @load_unresolved(%sz: index, %st: !stream_lite.resource<staging>) -> f32 {
  %c0 = arith.constant 0 : index
  // expected-error @+2 {{'stream_lite.tensor.load' op is still a tensor-phase op after encode-host-tensors}}
  // expected-error @+1 {{'stream_lite.tensor.load' op tensor type 'tensor<4x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>' has an unresolved encoding (run --stream-lite-specialize-encodings first)}}
  %0 = stream_lite.tensor.load %st[%c0, %c0] : tensor<4x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>> in !stream_lite.resource<staging>{%sz} -> f32
  return %0 : f32
}

// -----

// Tests that a slice of a tensor whose layouts differ per target is an error
// with the planner's explanation.
func.func @slice_no_single_layout(%sz: index, %r: !stream_lite.resource<*>) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  // expected-error @+2 {{'stream_lite.tensor.slice' op is still a tensor-phase op after encode-host-tensors}}
  // expected-error @+1 {{'stream_lite.tensor.slice' op tensor type 'tensor<8x8xf32, #stream_lite.layout<[#stream_lite.identity, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>]>>' has no single physical layout}}
  %0 = stream_lite.tensor.slice %r[%c0, %c0 for %c2, %c8] : tensor<8x8xf32, #stream_lite.layout<[#stream_lite.identity, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>]>> in !stream_lite.resource<*>{%sz} -> tensor<2x8xf32> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a store into a tensor whose layouts differ per target is an
// error (its bytes have no single layout to address).
func.func @store_no_single_layout(%sz: index, %st: !stream_lite.resource<staging>, %v: f32) -> !stream_lite.resource<staging> {
  %c0 = arith.constant 0 : index
  // expected-error @+2 {{'stream_lite.tensor.store' op is still a tensor-phase op after encode-host-tensors}}
  // expected-error @+1 {{'stream_lite.tensor.store' op tensor type 'tensor<8x8xf32, #stream_lite.layout<[#stream_lite.identity, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>]>>' has no single physical layout (its layouts differ per target or are testing layouts), so its bytes cannot be addressed}}
  %0 = stream_lite.tensor.store %v, %st[%c0, %c0] : f32 -> tensor<8x8xf32, #stream_lite.layout<[#stream_lite.identity, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>]>> in %st as !stream_lite.resource<staging>{%sz}
  return %0 : !stream_lite.resource<staging>
}

// -----

// Tests that a constant in an encoding this project does not know is an
// error.
func.func @constant_unknown() -> !stream_lite.resource<constant> {
  // expected-error @+2 {{'stream_lite.tensor.constant' op is still a tensor-phase op after encode-host-tensors}}
  // expected-error @+1 {{'stream_lite.tensor.constant' op tensor type 'tensor<2xf32, #stream_lite.unknown>' has an encoding this project does not know, so its bytes cannot be addressed}}
  %0 = stream_lite.tensor.constant : tensor<2xf32, #stream_lite.unknown> in !stream_lite.resource<constant> = dense<1.0> : tensor<2xf32>
  return %0 : !stream_lite.resource<constant>
}

// -----

// Tests that a constant whose byte image would be far larger than its value
// (a 10^7-element tile) is not built here: materialize-builtins
// rewrites it first. Before, this built a 20 MB image.
func.func @constant_large_image() -> !stream_lite.resource<constant> {
  // expected-error @+2 {{'stream_lite.tensor.constant' op is still a tensor-phase op after encode-host-tensors}}
  // expected-error @+1 {{'stream_lite.tensor.constant' op needs a builtin dispatch; run --stream-lite-materialize-builtins first (the byte image of the constant in #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [10000000]> would be much larger than its value)}}
  %0 = stream_lite.tensor.constant : tensor<2x3xi8, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [10000000]>> in !stream_lite.resource<constant> = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>
  return %0 : !stream_lite.resource<constant>
}
