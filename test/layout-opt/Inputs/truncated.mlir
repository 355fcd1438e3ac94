stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])
func.func @fill(%d: index, %sz: index, %r: !stream_lite.resource<*>, %v: f32) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %r[%c0, %c0 for %c1