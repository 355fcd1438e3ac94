// RUN: layout-opt --split-input-file --verify-diagnostics --stream-lite-materialize-builtins %s
// Tests that moving bytes whose layout is only known at run time (layouts
// that differ per target, testing layouts) is an error naming the op.

func.func @layouts_differ(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{'stream_lite.tensor.slice' op tensor type 'tensor<8x8xf32, #stream_lite.layout<[#stream_lite.identity, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>]>>' has no single physical layout (its layouts differ per target or are testing layouts), so its bytes cannot be moved}}
  %0 = stream_lite.tensor.slice %r[%c0, %c0 for %c2, %c8] : tensor<8x8xf32, #stream_lite.layout<[#stream_lite.identity, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>]>> in !stream_lite.resource<*>{%sz} -> tensor<2x8xf32> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

func.func @testing_layout(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.encode' op tensor type 'tensor<8xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<1, tensor<8xf32>>]>>' has no single physical layout}}
  %0 = stream_lite.tensor.encode %r : tensor<8xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<1, tensor<8xf32>>]>> in !stream_lite.resource<*>{%sz} -> tensor<8xf32> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// A clone of such bytes is fine: it copies the whole storage.
func.func @clone_is_fine(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %0 = stream_lite.tensor.clone %r : tensor<8xf32, #stream_lite.layout<[#stream_lite.identity, #stream_lite.padding<[4]>]>> in !stream_lite.resource<*>{%sz} -> tensor<8xf32, #stream_lite.layout<[#stream_lite.identity, #stream_lite.padding<[4]>]>> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

func.func @unresolved(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'stream_lite.tensor.slice' op tensor type 'tensor<8x8xf32, #stream_lite.padding<[0, ?]>>' has an unresolved encoding (run --stream-lite-specialize-encodings first)}}
  %0 = stream_lite.tensor.slice %r[%c0, %c0 for %c1, %c1] : tensor<8x8xf32, #stream_lite.padding<[0, ?]>> in !stream_lite.resource<*>{%sz} -> tensor<1x1xf32> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

func.func @unknown_encoding(%sz: index, %v: f32) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.splat' op tensor type 'tensor<8xf32, #stream_lite.unknown>' has an encoding this project does not know, so its bytes cannot be moved}}
  %0 = stream_lite.tensor.splat %v : f32 -> tensor<8xf32, #stream_lite.unknown> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
