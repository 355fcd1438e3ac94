// A program whose only wrong result comes from the test-only planted
// mismatch (layout-run --test-plant-mismatch): the splat into the CPU's
// tiled layout stores its value plus one. Everything else is noise for
// layout-reduce to remove.
#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>, #stream_lite.target<"llvm-cpu-2", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])
stream_lite.device @gpu targets([#stream_lite.target<"rocm", resolver = #stream_lite.padding_resolver<cache_line_bytes = 128, cache_sets = 4>>])
func.func @main(%x: f32) -> (tensor<2x8xf32>, tensor<4x8xf32>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %dense_size = stream_lite.tensor.sizeof tensor<4x8xf32> : index
  %a = stream_lite.tensor.splat %one : f32 -> tensor<4x8xf32> in !stream_lite.resource<*>{%dense_size}
  %f = stream_lite.tensor.fill %x, %a[%c0, %c0 for %c1, %c8] : f32 -> tensor<4x8xf32> in %a as !stream_lite.resource<*>{%dense_size}
  %lhs_size = stream_lite.tensor.sizeof tensor<4x8xf32, #lhs> : index
  %t = stream_lite.tensor.encode %f : tensor<4x8xf32> in !stream_lite.resource<*>{%dense_size} -> tensor<4x8xf32, #lhs> in !stream_lite.resource<*>{%lhs_size}
  %s = stream_lite.tensor.splat %x : f32 -> tensor<4x8xf32, #lhs> in !stream_lite.resource<*>{%lhs_size}
  %back = stream_lite.tensor.encode %s : tensor<4x8xf32, #lhs> in !stream_lite.resource<*>{%lhs_size} -> tensor<4x8xf32> in !stream_lite.resource<*>{%dense_size}
  %on_gpu = stream_lite.async.transfer %back : !stream_lite.resource<*>{%dense_size} from(#stream_lite.affinity<@cpu>) -> to(#stream_lite.affinity<@gpu>) !stream_lite.resource<*>{%dense_size}
  %slice_size = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<2x8xf32> : index
  %sl = stream_lite.tensor.slice on(#stream_lite.affinity<@gpu>) %on_gpu[%c1, %c0 for %c2, %c8] : tensor<4x8xf32> in !stream_lite.resource<*>{%dense_size} -> tensor<2x8xf32> in !stream_lite.resource<*>{%slice_size}
  %r0 = stream_lite.tensor.export on(#stream_lite.affinity<@gpu>) %sl : tensor<2x8xf32> in !stream_lite.resource<*>{%slice_size} -> tensor<2x8xf32>
  %t_back = stream_lite.tensor.encode %t : tensor<4x8xf32, #lhs> in !stream_lite.resource<*>{%lhs_size} -> tensor<4x8xf32> in !stream_lite.resource<*>{%dense_size}
  %r1 = stream_lite.tensor.export %t_back : tensor<4x8xf32> in !stream_lite.resource<*>{%dense_size} -> tensor<4x8xf32>
  return %r0, %r1 : tensor<2x8xf32>, tensor<4x8xf32>
}
