// RUN: layout-opt --split-input-file --stream-lite-specialize-encodings %s | FileCheck %s

// Narrow tiles and resolver swizzles of the tiling resolver
// (docs/language.md, Resolvers).

#lhs_swizzle = #stream_lite.swizzle<expand_shape = [[4, 4], [4]], permutation = [1, 0, 2]>
#rhs_swizzle = #stream_lite.swizzle<expand_shape = [[16], [2, 2]], permutation = [1, 0, 2]>
#res_swizzle = #stream_lite.swizzle<expand_shape = [[16], [16]], permutation = [1, 0]>
stream_lite.device @gpu targets([#stream_lite.target<"rocm", resolver = #stream_lite.tiling_resolver<m = 16, n = 16, k = 4, lhs_swizzle = #lhs_swizzle, rhs_swizzle = #rhs_swizzle, result_swizzle = #res_swizzle>>])
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 6, n = 16, k = 4>>])

// Every operand carries its own swizzle when no tile shrinks (no
// iteration_sizes, or sizes at least the tiles, or dynamic ones).
// CHECK-LABEL: @swizzles
func.func @swizzles(%d: index) {
  // CHECK: tensor<?x8xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [16, 4], swizzle = #stream_lite.swizzle<expand_shape = {{\[}}[4, 4], [4]], permutation = [1, 0, 2]>>]>>
  %0 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<?x8xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>{%d} : index
  // CHECK: tensor<8x?xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [1, 0], inner_tiles = [16, 4], outer_dims_perm = [1, 0], swizzle = #stream_lite.swizzle<expand_shape = {{\[}}[16], [2, 2]], permutation = [1, 0, 2]>>]>>
  %1 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<8x?xf32, #stream_lite.encoding<operand_index = 1, op_type = matmul, element_types = [f32, f32, f32], iteration_sizes = [?, ?, 8]>>{%d} : index
  // CHECK: tensor<32x32xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [16, 16], swizzle = #stream_lite.swizzle<expand_shape = {{\[}}[16], [16]], permutation = [1, 0]>>]>>
  %2 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<32x32xf32, #stream_lite.encoding<operand_index = 2, op_type = matmul, element_types = [f32, f32, f32], iteration_sizes = [32, 16, 8]>> : index
  // batch_matmul: the swizzle follows the shifted tile dims.
  // CHECK: tensor<2x?x8xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [1, 2], inner_tiles = [16, 4], swizzle = #stream_lite.swizzle<expand_shape = {{\[}}[4, 4], [4]], permutation = [1, 0, 2]>>]>>
  %3 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<2x?x8xf32, #stream_lite.encoding<operand_index = 0, op_type = batch_matmul, element_types = [f32, f32, f32]>>{%d} : index
  return
}

// -----

#lhs_swizzle = #stream_lite.swizzle<expand_shape = [[4, 4], [4]], permutation = [1, 0, 2]>
#rhs_swizzle = #stream_lite.swizzle<expand_shape = [[16], [2, 2]], permutation = [1, 0, 2]>
#res_swizzle = #stream_lite.swizzle<expand_shape = [[16], [16]], permutation = [1, 0]>
stream_lite.device @gpu targets([#stream_lite.target<"rocm", resolver = #stream_lite.tiling_resolver<m = 16, n = 16, k = 4, lhs_swizzle = #lhs_swizzle, rhs_swizzle = #rhs_swizzle, result_swizzle = #res_swizzle>>])

// A small static M shrinks M tiles to the next power of two (LHS and
// result lose their swizzle; the RHS keeps its tiles and swizzle); a small N
// shrinks N tiles (RHS and result); K never shrinks.
// CHECK-LABEL: @narrow
func.func @narrow() {
  // M = 3: LHS tiles [4, 4], no swizzle.
  // CHECK: tensor<3x8xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>]>>
  %0 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<3x8xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32], iteration_sizes = [3, 100, 2]>> : index
  // M = 3 does not touch the RHS: it keeps [16, 4] and its swizzle.
  // CHECK: tensor<8x100xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [1, 0], inner_tiles = [16, 4], outer_dims_perm = [1, 0], swizzle = #stream_lite.swizzle<expand_shape = {{\[}}[16], [2, 2]], permutation = [1, 0, 2]>>]>>
  %1 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<8x100xf32, #stream_lite.encoding<operand_index = 1, op_type = matmul, element_types = [f32, f32, f32], iteration_sizes = [3, 100, 2]>> : index
  // Result of M = 3, N = 100: [4, 16], no swizzle.
  // CHECK: tensor<3x100xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 16]>]>>
  %2 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<3x100xf32, #stream_lite.encoding<operand_index = 2, op_type = matmul, element_types = [f32, f32, f32], iteration_sizes = [3, 100, 2]>> : index
  // N = 1 (a matrix-vector product): RHS tiles [1, 4], result [16, 1].
  // CHECK: tensor<8x1xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [1, 0], inner_tiles = [1, 4], outer_dims_perm = [1, 0]>]>>
  %3 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<8x1xf32, #stream_lite.encoding<operand_index = 1, op_type = matmul, element_types = [f32, f32, f32], iteration_sizes = [64, 1, 8]>> : index
  // CHECK: tensor<64x1xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [16, 1]>]>>
  %4 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<64x1xf32, #stream_lite.encoding<operand_index = 2, op_type = matmul, element_types = [f32, f32, f32], iteration_sizes = [64, 1, 8]>> : index
  // K = 1 is small, but K tiles never shrink.
  // CHECK: tensor<64x1xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [16, 4], swizzle = #stream_lite.swizzle<expand_shape = {{\[}}[4, 4], [4]], permutation = [1, 0, 2]>>]>>
  %5 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<64x1xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32], iteration_sizes = [64, 16, 1]>> : index
  // An empty matmul (M = 0): LHS tiles [1, 4], the smallest power of two.
  // CHECK: tensor<0x8xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [1, 4]>]>>
  %7 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<0x8xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32], iteration_sizes = [0, 16, 8]>> : index
  // batch_matmul with M = 5: LHS tiles [8, 4] on dims 1 and 2.
  // CHECK: tensor<2x5x8xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [1, 2], inner_tiles = [8, 4]>]>>
  %6 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<2x5x8xf32, #stream_lite.encoding<operand_index = 0, op_type = batch_matmul, element_types = [f32, f32, f32], iteration_sizes = [5, 16, 8]>> : index
  return
}

// -----

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 6, n = 16, k = 4>>])

// Narrow tiles never grow past the configured tile, which need not be a
// power of two; sizes equal to or above the tiles change nothing.
// CHECK-LABEL: @negative_narrow
func.func @negative_narrow() {
  // M = 5 < 6, and the next power of two (8) is larger: the tile stays 6.
  // CHECK: tensor<5x8xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [6, 4]>]>>
  %0 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x8xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32], iteration_sizes = [5, 16, 8]>> : index
  // M = 6 and N = 16: full tiles.
  // CHECK: tensor<6x16xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [6, 16]>]>>
  %1 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<6x16xf32, #stream_lite.encoding<operand_index = 2, op_type = matmul, element_types = [f32, f32, f32], iteration_sizes = [6, 16, 8]>> : index
  // M = 3 < 6: a 4-row tile.
  // CHECK: tensor<3x16xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 16]>]>>
  %2 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<3x16xf32, #stream_lite.encoding<operand_index = 2, op_type = matmul, element_types = [f32, f32, f32], iteration_sizes = [3, 16, 8]>> : index
  return
}

// -----

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 4611686018427387906, n = 4, k = 1>>])

// The power of two that holds an M above 2^62 is 2^63, past int64_t and
// past m: the tile stays m.
// CHECK-LABEL: @huge_narrow
func.func @huge_narrow() {
  // CHECK: tensor<3x1xi8, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4611686018427387906, 1]>]>>
  %0 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<3x1xi8, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [i8, i8, i32], iteration_sizes = [4611686018427387905, 4, 1]>> : index
  return
}
