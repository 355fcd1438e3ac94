// The program of check-padding-memory-limit.test.
#t = #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [536870912]>
func.func @main(%x: tensor<3x5xi2>) -> tensor<3x5xi2> {
  %sz = stream_lite.tensor.sizeof tensor<3x5xi2> : index
  %i = stream_lite.tensor.import %x : tensor<3x5xi2> -> tensor<3x5xi2> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<3x5xi2, #t> : index
  %e = stream_lite.tensor.encode %i : tensor<3x5xi2> in !stream_lite.resource<external>{%sz} -> tensor<3x5xi2, #t> in !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %e : tensor<3x5xi2, #t> in !stream_lite.resource<*>{%tsz} -> tensor<3x5xi2> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<3x5xi2> in !stream_lite.resource<external>{%sz} -> tensor<3x5xi2>
  return %r : tensor<3x5xi2>
}
