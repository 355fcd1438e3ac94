// A small stream-lite program: host data is imported on a CPU that data-tiles
// matmul operands, re-encoded into the tiled layout, filled, moved to a GPU
// that pads rows, sliced there and exported back to the host.
//
//   layout-opt --stream-lite-specialize-encodings examples/two-devices.mlir
//
// resolves the CPU's matmul LHS encoding to its 8x1 tiles; adding
//   --stream-lite-materialize-builtins --remarks-filter=stream-lite-materialize-builtins
// turns the relayouts and the fill that cuts tiles into builtin dispatches
// and keeps the GPU's row slice a copy, explaining each decision.

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])
stream_lite.device @gpu targets([#stream_lite.target<"rocm", resolver = #stream_lite.padding_resolver<cache_line_bytes = 128, cache_sets = 4>>]) {native_fill_bits = [8, 16, 32]}

func.func @main(%input: tensor<?x4xf32>, %rows: index) -> tensor<2x4xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %dense_size = stream_lite.tensor.sizeof tensor<?x4xf32>{%rows} : index
  %imported = stream_lite.tensor.import %input : tensor<?x4xf32> -> tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%dense_size}
  %lhs_size = stream_lite.tensor.sizeof tensor<?x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>{%rows} : index
  %lhs = stream_lite.tensor.encode %imported : tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%dense_size} -> tensor<?x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>{%rows} in !stream_lite.resource<*>{%lhs_size}
  %filled = stream_lite.tensor.fill %zero, %lhs[%c0, %c0 for %c1, %c4] : f32 -> tensor<?x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>{%rows} in %lhs as !stream_lite.resource<*>{%lhs_size}
  %dense = stream_lite.tensor.encode %filled : tensor<?x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>{%rows} in !stream_lite.resource<*>{%lhs_size} -> tensor<?x4xf32>{%rows} in !stream_lite.resource<*>{%dense_size}
  %on_gpu = stream_lite.async.transfer %dense : !stream_lite.resource<*>{%dense_size} from(#stream_lite.affinity<@cpu>) -> to(#stream_lite.affinity<@gpu>) !stream_lite.resource<*>{%dense_size}
  %slice_size = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<2x4xf32> : index
  %slice = stream_lite.tensor.slice on(#stream_lite.affinity<@gpu>) %on_gpu[%c0, %c0 for %c2, %c4] : tensor<?x4xf32>{%rows} in !stream_lite.resource<*>{%dense_size} -> tensor<2x4xf32> in !stream_lite.resource<external>{%slice_size}
  %result = stream_lite.tensor.export on(#stream_lite.affinity<@gpu>) %slice : tensor<2x4xf32> in !stream_lite.resource<external>{%slice_size} -> tensor<2x4xf32>
  return %result : tensor<2x4xf32>
}
