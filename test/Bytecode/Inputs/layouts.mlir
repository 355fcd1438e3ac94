func.func @sizes() -> (index, index) {
  %a = stream_lite.tensor.sizeof tensor<5x7xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>> : index
  %b = stream_lite.tensor.sizeof tensor<3x5xi16, #stream_lite.padding<[1, 3]>> : index
  return %a, %b : index, index
}
