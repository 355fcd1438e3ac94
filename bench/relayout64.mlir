// 64 MiB relayout: identity -> 8x4 tiles, a tile-cutting slice, back to
// identity, and a 2x4 corner of that as the result.
#t = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
func.func @main(%x: tensor<4096x4096xf32>) -> tensor<2x4xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c4088 = arith.constant 4088 : index
  %c4092 = arith.constant 4092 : index
  %sz = stream_lite.tensor.sizeof tensor<4096x4096xf32> : index
  %a = stream_lite.tensor.import %x : tensor<4096x4096xf32> -> tensor<4096x4096xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<4096x4096xf32, #t> : index
  %t = stream_lite.tensor.encode %a : tensor<4096x4096xf32> in !stream_lite.resource<external>{%sz} -> tensor<4096x4096xf32, #t> in !stream_lite.resource<*>{%tsz}
  %ssz = stream_lite.tensor.sizeof tensor<4088x4092xf32, #t> : index
  %s = stream_lite.tensor.slice %t[%c3, %c2 for %c4088, %c4092] : tensor<4096x4096xf32, #t> in !stream_lite.resource<*>{%tsz} -> tensor<4088x4092xf32, #t> in !stream_lite.resource<*>{%ssz}
  %dsz = stream_lite.tensor.sizeof tensor<4088x4092xf32> : index
  %d = stream_lite.tensor.encode %s : tensor<4088x4092xf32, #t> in !stream_lite.resource<*>{%ssz} -> tensor<4088x4092xf32> in !stream_lite.resource<external>{%dsz}
  // A 2x4 corner as the result, so that printing it costs nothing.
  %c0 = arith.constant 0 : index
  %csz = stream_lite.tensor.sizeof tensor<2x4xf32> : index
  %c = stream_lite.tensor.slice %d[%c0, %c0 for %c2, %c4] : tensor<4088x4092xf32> in !stream_lite.resource<external>{%dsz} -> tensor<2x4xf32> in !stream_lite.resource<*>{%csz}
  %r = stream_lite.tensor.export %c : tensor<2x4xf32> in !stream_lite.resource<*>{%csz} -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
