// 64 MiB splat (a host memset loop) and a 2x4 corner of it.
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
func.func @main(%v: f32) -> tensor<2x4xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %sz = stream_lite.tensor.sizeof tensor<4096x4096xf32> : index
  %s = stream_lite.tensor.splat %v : f32 -> tensor<4096x4096xf32> in !stream_lite.resource<*>{%sz}
  %csz = stream_lite.tensor.sizeof tensor<2x4xf32> : index
  %c = stream_lite.tensor.slice %s[%c0, %c0 for %c2, %c4] : tensor<4096x4096xf32> in !stream_lite.resource<*>{%sz} -> tensor<2x4xf32> in !stream_lite.resource<*>{%csz}
  %r = stream_lite.tensor.export %c : tensor<2x4xf32> in !stream_lite.resource<*>{%csz} -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
