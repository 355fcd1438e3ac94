// Input of stream-lite-materialize-builtins-threads.mlir.
// Tests that the errors of every function are reported, in module order.
// CHECK: error: 'stream_lite.tensor.slice' op tensor type {{.+}} has no single physical layout
// CHECK: error: 'stream_lite.tensor.splat' op tensor type 'tensor<8xf32, #stream_lite.unknown>' has an encoding this project does not know
// CHECK-NOT: error:
#mixed = #stream_lite.layout<[#stream_lite.identity, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>]>
func.func @slice_mixed(%sz: index, %r: !stream_lite.resource<*>) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %0 = stream_lite.tensor.slice %r[%c0, %c0 for %c2, %c8] : tensor<8x8xf32, #mixed> in !stream_lite.resource<*>{%sz} -> tensor<2x8xf32> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
func.func @splat_unknown(%sz: index, %v: f32) -> !stream_lite.resource<*> {
  %0 = stream_lite.tensor.splat %v : f32 -> tensor<8xf32, #stream_lite.unknown> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
