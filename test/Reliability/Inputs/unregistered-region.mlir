// A tensor written inside the region of an op of an unknown dialect
// (unregistered-ops.mlir): the instrumentations leave it alone.
#tiled = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 2]>]>
func.func @wrapped(%arg: tensor<6x3xf32>) -> tensor<6x3xf32> {
  %sz = stream_lite.tensor.sizeof tensor<6x3xf32> : index
  %tsz = stream_lite.tensor.sizeof tensor<6x3xf32, #tiled> : index
  %i = stream_lite.tensor.import %arg : tensor<6x3xf32> -> tensor<6x3xf32> in !stream_lite.resource<external>{%sz}
  %r = "test.wrap"() ({
    %e = stream_lite.tensor.encode %i : tensor<6x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<6x3xf32, #tiled> in !stream_lite.resource<*>{%tsz}
    "test.yield"(%e) : (!stream_lite.resource<*>) -> ()
  }) : () -> !stream_lite.resource<*>
  %d = stream_lite.tensor.encode %r : tensor<6x3xf32, #tiled> in !stream_lite.resource<*>{%tsz} -> tensor<6x3xf32> in !stream_lite.resource<external>{%sz}
  %o = stream_lite.tensor.export %d : tensor<6x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<6x3xf32>
  return %o : tensor<6x3xf32>
}
