stream_lite.device @dev targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.unsupported_resolver>])
func.func @main(%arg: tensor<4xf32>) -> tensor<4xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %sz = stream_lite.tensor.sizeof tensor<4xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<4xf32> -> tensor<4xf32> in !stream_lite.resource<external>{%sz}
  %esz = stream_lite.tensor.sizeof tensor<4xf32, #stream_lite.padding<[?]>> : index
  %e = stream_lite.tensor.encode %i : tensor<4xf32> in !stream_lite.resource<external>{%sz} -> tensor<4xf32, #stream_lite.padding<[?]>> in !stream_lite.resource<*>{%esz}
  %d = stream_lite.tensor.encode %e : tensor<4xf32, #stream_lite.padding<[?]>> in !stream_lite.resource<*>{%esz} -> tensor<4xf32> in !stream_lite.resource<external>{%sz}
  %t = stream_lite.tensor.export %d : tensor<4xf32> in !stream_lite.resource<external>{%sz} -> tensor<4xf32>
  return %t : tensor<4xf32>
}
func.func @encoded_arg(%arg: tensor<4xf32, #stream_lite.unknown>) {
  return
}
func.func @vector_arg(%arg: vector<4xf32>) {
  return
}
func.func private @declared(f32)
func.func @fine(%x: f32) -> f32 {
  return %x : f32
}
