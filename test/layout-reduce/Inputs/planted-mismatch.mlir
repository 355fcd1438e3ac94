// A program for layout-reduce: with layout-run --test-plant-mismatch every
// splat stores its value plus one, so @main differs from its reference.
// Everything but one splat and the export of it is noise to remove.
#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>, #stream_lite.target<"llvm-cpu-2", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])
stream_lite.device @gpu targets([#stream_lite.target<"rocm", resolver = #stream_lite.padding_resolver<cache_line_bytes = 128, cache_sets = 4>>])
func.func @main(%x: f32) -> tensor<4x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %two = arith.constant 2.0 : f32
  %size = stream_lite.tensor.sizeof tensor<4x8xf32> : index
  %s = stream_lite.tensor.splat %x : f32 -> tensor<4x8xf32> in !stream_lite.resource<*>{%size}
  %lhs_size = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<4x8xf32, #lhs> : index
  %t = stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>) %s : tensor<4x8xf32> in !stream_lite.resource<*>{%size} -> tensor<4x8xf32, #lhs> in !stream_lite.resource<*>{%lhs_size}
  %tf = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %two, %t[%c0, %c0 for %c1, %c8] : f32 -> tensor<4x8xf32, #lhs> in %t as !stream_lite.resource<*>{%lhs_size}
  %back = stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>) %tf : tensor<4x8xf32, #lhs> in !stream_lite.resource<*>{%lhs_size} -> tensor<4x8xf32> in !stream_lite.resource<*>{%size}
  %row_size = stream_lite.tensor.sizeof tensor<2x8xf32> : index
  %rows = stream_lite.tensor.slice %back[%c1, %c0 for %c2, %c8] : tensor<4x8xf32> in !stream_lite.resource<*>{%size} -> tensor<2x8xf32> in !stream_lite.resource<*>{%row_size}
  %u = stream_lite.tensor.update %rows, %s[%c2, %c0] : tensor<2x8xf32> in !stream_lite.resource<*>{%row_size} -> tensor<4x8xf32> in %s as !stream_lite.resource<*>{%size}
  %on_gpu = stream_lite.async.transfer %u : !stream_lite.resource<*>{%size} from(#stream_lite.affinity<@cpu>) -> to(#stream_lite.affinity<@gpu>) !stream_lite.resource<*>{%size}
  %g = stream_lite.tensor.fill on(#stream_lite.affinity<@gpu>) %two, %on_gpu[%c0, %c0 for %c1, %c2] : f32 -> tensor<4x8xf32> in %on_gpu as !stream_lite.resource<*>{%size}
  %copy = stream_lite.tensor.clone on(#stream_lite.affinity<@gpu>) %g : tensor<4x8xf32> in !stream_lite.resource<*>{%size} -> tensor<4x8xf32> in !stream_lite.resource<*>{%size}
  %home = stream_lite.async.transfer %copy : !stream_lite.resource<*>{%size} from(#stream_lite.affinity<@gpu>) -> to(#stream_lite.affinity<@cpu>) !stream_lite.resource<*>{%size}
  %r = stream_lite.tensor.export %home : tensor<4x8xf32> in !stream_lite.resource<*>{%size} -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
