// RUN: layout-opt --split-input-file --verify-diagnostics %s

// Every diagnostic of the stream_lite verifiers and parsers (docs/language.md):
// one bad op per chunk, each with the exact message.

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// Tests that an unknown resource lifetime is a parse error listing the valid ones.
// expected-error @+1 {{unknown resource lifetime 'forever' (expected *, external, staging, transient, variable or constant)}}
func.func @unknown_lifetime(%r: !stream_lite.resource<forever>) {
  return
}

// -----

// Tests that the spelled-out name of the unknown lifetime is not accepted (it is `*`).
// expected-error @+1 {{unknown resource lifetime 'unknown' (expected *, external, staging, transient, variable or constant)}}
func.func @unknown_lifetime_spelled(%r: !stream_lite.resource<unknown>) {
  return
}

//===----------------------------------------------------------------------===//
// Dialect attributes
//===----------------------------------------------------------------------===//

// -----

// Tests that the stream_lite.affinity discardable attribute must be an affinity.
// expected-error @+1 {{'func.func' op 'stream_lite.affinity' must be a #stream_lite.affinity, got "cpu"}}
func.func @affinity_attr_not_affinity() attributes {stream_lite.affinity = "cpu"} {
  return
}

// -----

// Tests that an unknown stream_lite.* discardable attribute is rejected.
// expected-error @+1 {{'func.func' op unknown stream_lite attribute 'stream_lite.nope'}}
func.func @unknown_dialect_attr() attributes {stream_lite.nope = 1 : i64} {
  return
}

// -----

// Tests that the builtin-kind marker names a kind of builtin kernel.
// expected-error @+1 {{'stream_lite.executable' op 'stream_lite.builtin_kind' must be a string naming a builtin kind (encode, slice, update, fill, splat) on a stream_lite.executable}}
stream_lite.executable private @ex_bad_kind attributes {stream_lite.builtin_kind = "copy"} {
}

// -----

// Tests that the builtin-kind marker is a string.
// expected-error @+1 {{'stream_lite.executable' op 'stream_lite.builtin_kind' must be a string naming a builtin kind}}
stream_lite.executable private @ex_kind_not_string attributes {stream_lite.builtin_kind = 3 : i64} {
}

// -----

// Tests that the builtin-kind marker belongs on an executable.
// expected-error @+1 {{'func.func' op 'stream_lite.builtin_kind' must be a string naming a builtin kind (encode, slice, update, fill, splat) on a stream_lite.executable}}
func.func @kind_on_func() attributes {stream_lite.builtin_kind = "fill"} {
  return
}

// -----

// Tests that the task-groups marker belongs on an scf.parallel.
// expected-error @+1 {{'func.func' op 'stream_lite.min_task_groups' must be a positive index on an scf.parallel}}
func.func @task_groups_on_func() attributes {stream_lite.min_task_groups = 8 : index} {
  return
}

// -----

// Tests that the task-groups marker is a positive index.
func.func @task_groups_zero(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.parallel' op 'stream_lite.min_task_groups' must be a positive index on an scf.parallel}}
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.reduce
  } {stream_lite.min_task_groups = 0 : index}
  return
}

// -----

// Tests that the task-groups marker is an index, not another integer.
func.func @task_groups_i64(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.parallel' op 'stream_lite.min_task_groups' must be a positive index on an scf.parallel}}
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.reduce
  } {stream_lite.min_task_groups = 8 : i64}
  return
}

// -----

// Tests that an unknown stream_lite attribute mnemonic is a parse error.
// expected-error @+1 {{unknown attribute `nope` in dialect `stream_lite`}}
func.func @unknown_attr_mnemonic() attributes {some.attr = #stream_lite.nope} {
  return
}

//===----------------------------------------------------------------------===//
// Affinity and target attributes
//===----------------------------------------------------------------------===//

// -----

// Tests that an affinity names at least one device.
// expected-error @+1 {{expected attribute value}}
func.func @affinity_empty_list() attributes {stream_lite.affinity = #stream_lite.affinity<[]>} {
  return
}

// -----

// Tests that an affinity names flat device symbols.
// expected-error @+1 {{invalid kind of attribute specified}}
func.func @affinity_nested_symbol() attributes {stream_lite.affinity = #stream_lite.affinity<@a::@b>} {
  return
}

// -----

// Tests that a target's backend is not empty.
// expected-error @+1 {{target backend must be a non-empty string}}
stream_lite.device @empty_backend targets([#stream_lite.target<"">])

// -----

// Tests that a target's resolver is an encoding resolver.
// expected-error @+1 {{target resolver 1 : i64 is not an encoding resolver}}
stream_lite.device @bad_resolver targets([#stream_lite.target<"llvm-cpu", resolver = 1>])

// -----

// Tests that a resolver may come from any dialect but must implement
// EncodingResolverAttrInterface: an arith attribute does not.
// expected-error @+1 {{target resolver #arith.fastmath<fast> is not an encoding resolver}}
stream_lite.device @foreign_resolver targets([#stream_lite.target<"llvm-cpu", resolver = #arith.fastmath<fast>>])

// -----

// Tests that a padding resolver has a positive cache geometry.
// expected-error @+2 {{cache_line_bytes and cache_sets must be positive}}
// expected-error @+1 {{failed to parse StreamLite_TargetAttr parameter 'resolver' which is to be a `::mlir::Attribute`}}
stream_lite.device @bad_padding_resolver targets([#stream_lite.target<"rocm", resolver = #stream_lite.padding_resolver<cache_line_bytes = 0, cache_sets = 4>>])

// -----

// Tests that a tiling resolver has positive tiles.
// expected-error @+2 {{tiling_resolver tiles must be positive}}
// expected-error @+1 {{failed to parse StreamLite_TargetAttr parameter 'resolver' which is to be a `::mlir::Attribute`}}
stream_lite.device @bad_tiling_resolver targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 0, k = 1>>])

//===----------------------------------------------------------------------===//
// Devices
//===----------------------------------------------------------------------===//

// -----

// Tests that a device has at least one target.
// expected-error @+1 {{'stream_lite.device' op must have at least one target}}
stream_lite.device @no_targets targets([])

// -----

// Tests that native_fill_bits entries are byte multiples in [8, 64].
// expected-error @+1 {{'stream_lite.device' op native_fill_bits entry 12 is not a byte multiple in [8, 64]}}
stream_lite.device @odd_fill_bits targets([#stream_lite.target<"vmvx">]) {native_fill_bits = [8, 12]}

// -----

// Tests that native_fill_bits entries are at most 64 bits.
// expected-error @+1 {{'stream_lite.device' op native_fill_bits entry 128 is not a byte multiple in [8, 64]}}
stream_lite.device @wide_fill_bits targets([#stream_lite.target<"vmvx">]) {native_fill_bits = [128]}

// -----

// Tests that device targets are #stream_lite.target attributes.
// expected-error @+1 {{'stream_lite.device' op attribute 'targets' failed to satisfy constraint: target list}}
stream_lite.device @not_targets targets(["vmvx"])

// -----

// Tests that a device lives directly in a module.
func.func @device_in_func() {
  // expected-error @+1 {{'stream_lite.device' op expects parent op 'builtin.module'}}
  stream_lite.device @nested targets([#stream_lite.target<"vmvx">])
  return
}

//===----------------------------------------------------------------------===//
// Encoding attributes
//===----------------------------------------------------------------------===//

// -----

// Tests that element_types of an encoding are types.
// expected-error @+1 {{element_types must be a list of types}}
func.func @encoding_element_types_not_types() attributes {some.attr = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [1, 2, 3]>} {
  return
}

// -----

// Tests that a matmul encoding lists three element types.
// expected-error @+1 {{matmul encoding needs 3 element_types (LHS, RHS, result), got 2}}
func.func @encoding_matmul_two_types() attributes {some.attr = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32]>} {
  return
}

// -----

// Tests that operand_index lies within element_types.
// expected-error @+1 {{operand_index 3 is out of range for 3 element_types}}
func.func @encoding_operand_index_out_of_range() attributes {some.attr = #stream_lite.encoding<operand_index = 3, op_type = matmul, element_types = [f32, f32, f32]>} {
  return
}

// -----

// Tests that a negative operand_index is rejected.
// expected-error @+1 {{operand_index -1 is out of range for 3 element_types}}
func.func @encoding_operand_index_negative() attributes {some.attr = #stream_lite.encoding<operand_index = -1, op_type = matmul, element_types = [f32, f32, f32]>} {
  return
}

// -----

// Tests that an unknown op_type is a parse error.
// expected-error @+2 {{expected ::layoutopt::stream_lite::EncodingOpType to be one of: matmul, conv}}
// expected-error @+1 {{failed to parse StreamLite_EncodingAttr parameter 'op_type' which is to be a `::layoutopt::stream_lite::EncodingOpType`}}
func.func @encoding_bad_op_type() attributes {some.attr = #stream_lite.encoding<operand_index = 0, op_type = gemm, element_types = [f32, f32, f32]>} {
  return
}

// -----

// Tests that padding entries are non-negative or '?'.
// expected-error @+1 {{padding entries must be non-negative or '?'}}
func.func @padding_negative() attributes {some.attr = #stream_lite.padding<[0, -4]>} {
  return
}

// -----

// Tests that testing layouts are serialized layouts.
// expected-error @+1 {{testing layouts must be serialized layouts, got #stream_lite.padding<[0, ?]>}}
func.func @testing_unserialized_layout() attributes {some.attr = #stream_lite.testing<layouts = [#stream_lite.padding<[0, ?]>]>} {
  return
}

// -----

// Tests that a layout list is not empty.
// expected-error @+1 {{layout list must not be empty}}
func.func @layout_empty() attributes {some.attr = #stream_lite.layout<[]>} {
  return
}

// -----

// Tests that layout entries are serialized layouts.
// expected-error @+1 {{layout entries must be serialized layouts, got #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>}}
func.func @layout_unserialized_entry() attributes {some.attr = #stream_lite.layout<[#stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>]>} {
  return
}

// -----

// Tests that layout entries are not themselves layout lists.
// expected-error @+1 {{layout entries must be serialized layouts, got #stream_lite.layout<[#stream_lite.identity]>}}
func.func @layout_nested() attributes {some.attr = #stream_lite.layout<[#stream_lite.layout<[#stream_lite.identity]>]>} {
  return
}

// -----

// Tests that layout entries are stream_lite encodings.
// expected-error @+1 {{layout entries must be serialized layouts, got 1 : i64}}
func.func @layout_foreign_entry() attributes {some.attr = #stream_lite.layout<[1]>} {
  return
}

// -----

// Tests that inner_dims_pos and inner_tiles have the same length.
// expected-error @+1 {{inner_dims_pos has 2 entries but inner_tiles has 1}}
func.func @tiled_length_mismatch() attributes {some.attr = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8]>} {
  return
}

// -----

// Tests that inner_dims_pos entries are distinct.
// expected-error @+1 {{inner_dims_pos entries must be distinct and non-negative}}
func.func @tiled_repeated_dim() attributes {some.attr = #stream_lite.tiled<inner_dims_pos = [1, 1], inner_tiles = [8, 4]>} {
  return
}

// -----

// Tests that inner_dims_pos entries are non-negative.
// expected-error @+1 {{inner_dims_pos entries must be distinct and non-negative}}
func.func @tiled_negative_dim() attributes {some.attr = #stream_lite.tiled<inner_dims_pos = [-1], inner_tiles = [8]>} {
  return
}

// -----

// Tests that inner tiles are positive.
// expected-error @+1 {{inner_tiles must be positive, got 0}}
func.func @tiled_zero_tile() attributes {some.attr = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 0]>} {
  return
}

// -----

// Tests that outer_dims_perm is a permutation.
// expected-error @+1 {{outer_dims_perm must be a permutation}}
func.func @tiled_not_permutation() attributes {some.attr = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4], outer_dims_perm = [1, 1]>} {
  return
}

// -----

// Tests that a swizzle's expand_shape lists multiply to the inner tiles.
// expected-error @+1 {{tiled swizzle expand_shape list 0 has product 8 but its inner tile is 16}}
func.func @swizzle_bad_product() attributes {some.attr = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [16, 4], swizzle = #stream_lite.swizzle<expand_shape = [[4, 2], [4]], permutation = [1, 0, 2]>>} {
  return
}

// -----

// Tests that a swizzle has one expand_shape list per inner tile.
// expected-error @+1 {{tiled swizzle expand_shape has 1 lists but there are 2 inner tiles}}
func.func @swizzle_bad_list_count() attributes {some.attr = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [16, 4], swizzle = #stream_lite.swizzle<expand_shape = [[4, 4]], permutation = [1, 0]>>} {
  return
}

// -----

// Tests that a huge expand_shape product is rejected, not wrapped.
// expected-error @+1 {{tiled swizzle expand_shape list 0 has a product larger than its inner tile 16}}
func.func @swizzle_overflowing_product() attributes {some.attr = #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [16], swizzle = #stream_lite.swizzle<expand_shape = [[4294967296, 4294967296, 16]], permutation = [0, 1, 2]>>} {
  return
}

// -----

// Tests that a swizzle permutation is a permutation.
// expected-error @+1 {{swizzle permutation must be a permutation of the 3 expanded dims}}
func.func @swizzle_not_permutation() attributes {some.attr = #stream_lite.swizzle<expand_shape = [[4, 4], [4]], permutation = [1, 1, 2]>} {
  return
}

// -----

// Tests that a swizzle permutation covers every expanded dim.
// expected-error @+1 {{swizzle permutation must be a permutation of the 3 expanded dims}}
func.func @swizzle_short_permutation() attributes {some.attr = #stream_lite.swizzle<expand_shape = [[4, 4], [4]], permutation = [1, 0]>} {
  return
}

// -----

// Tests that swizzle factors are positive.
// expected-error @+1 {{swizzle expand_shape factors must be positive, got 0}}
func.func @swizzle_zero_factor() attributes {some.attr = #stream_lite.swizzle<expand_shape = [[4, 0]], permutation = [0, 1]>} {
  return
}

// -----

// Tests that a swizzle expand_shape list is not empty.
// expected-error @+1 {{swizzle expand_shape list 1 is empty}}
func.func @swizzle_empty_list() attributes {some.attr = #stream_lite.swizzle<expand_shape = [[4], []], permutation = [0]>} {
  return
}

// -----

// Tests that a tiling resolver's swizzle follows that operand's tiles (RHS:
// [n, k]).
// expected-error @+2 {{tiling_resolver rhs_swizzle: swizzle expand_shape list 0 has product 8 but its inner tile is 4}}
// expected-error @+1 {{failed to parse StreamLite_TargetAttr parameter 'resolver' which is to be a `::mlir::Attribute`}}
stream_lite.device @bad_resolver_swizzle targets([#stream_lite.target<"rocm", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 2, rhs_swizzle = #stream_lite.swizzle<expand_shape = [[8], [2]], permutation = [1, 0]>>>])

// -----

// Tests that iteration_sizes has three entries.
// expected-error @+1 {{encoding iteration_sizes must be [M, N, K] (3 entries), got 2}}
func.func @iteration_sizes_wrong_length() attributes {some.attr = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32], iteration_sizes = [4, 8]>} {
  return
}

// -----

// Tests that iteration_sizes entries are non-negative or `?` (0 is an empty
// matmul, accepted: attrs.mlir).
// expected-error @+1 {{encoding iteration_sizes must be non-negative or '?', got -2}}
func.func @iteration_sizes_negative() attributes {some.attr = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32], iteration_sizes = [8, -2, 8]>} {
  return
}

// -----

// Tests that an empty iteration_sizes list is rejected (it would print as
// absent).
// expected-error @+1 {{encoding iteration_sizes must be [M, N, K] (3 entries), got 0}}
func.func @iteration_sizes_empty() attributes {some.attr = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32], iteration_sizes = []>} {
  return
}

//===----------------------------------------------------------------------===//
// Encodings against the tensor type they sit on
//===----------------------------------------------------------------------===//

// -----

// Tests that a padding encoding has one entry per dim.
func.func @padding_rank_mismatch() -> index {
  // expected-error @+1 {{'stream_lite.tensor.sizeof' op encoding type 'tensor<2x4xf32, #stream_lite.padding<[0, 0, ?]>>': padding has 3 entries but the tensor has rank 2}}
  %0 = stream_lite.tensor.sizeof tensor<2x4xf32, #stream_lite.padding<[0, 0, ?]>> : index
  return %0 : index
}

// -----

// Tests that tiled inner_dims_pos entries lie inside the tensor rank.
func.func @tiled_dim_out_of_range() -> index {
  // expected-error @+1 {{'stream_lite.tensor.sizeof' op encoding type 'tensor<8xf32, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [4]>>': tiled inner_dims_pos 1 is out of range for a rank-1 tensor}}
  %0 = stream_lite.tensor.sizeof tensor<8xf32, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [4]>> : index
  return %0 : index
}

// -----

// Tests that tiled outer_dims_perm has one entry per dim.
func.func @tiled_perm_wrong_length() -> index {
  // expected-error @+1 {{'stream_lite.tensor.sizeof' op encoding type 'tensor<2x4x8xf32, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [2], outer_dims_perm = [1, 0]>>': tiled outer_dims_perm has 2 entries but the tensor has rank 3}}
  %0 = stream_lite.tensor.sizeof tensor<2x4x8xf32, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [2], outer_dims_perm = [1, 0]>> : index
  return %0 : index
}

// -----

// Tests that a batch_matmul encoding sits on a rank-3 tensor.
func.func @batch_matmul_encoding_rank2(%d: index) -> index {
  // expected-error @+1 {{'stream_lite.tensor.sizeof' op encoding type 'tensor<?x4xf32, #stream_lite.encoding<operand_index = 0, op_type = batch_matmul, element_types = [f32, f32, f32]>>': batch_matmul encoding on a rank-2 tensor (expected rank 3: batch, rows, columns)}}
  %0 = stream_lite.tensor.sizeof tensor<?x4xf32, #stream_lite.encoding<operand_index = 0, op_type = batch_matmul, element_types = [f32, f32, f32]>>{%d} : index
  return %0 : index
}

// -----

// Tests that a batch_matmul encoding lists three element types.
// expected-error @+1 {{batch_matmul encoding needs 3 element_types (LHS, RHS, result), got 1}}
func.func @encoding_batch_matmul_one_type() attributes {some.attr = #stream_lite.encoding<operand_index = 0, op_type = batch_matmul, element_types = [f32]>} {
  return
}

// -----

// Tests that a matmul encoding sits on a rank-2 tensor.
func.func @matmul_encoding_rank3(%d: index) -> index {
  // expected-error @+1 {{'stream_lite.tensor.sizeof' op encoding type 'tensor<?x4x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>': matmul encoding on a rank-3 tensor (expected rank 2)}}
  %0 = stream_lite.tensor.sizeof tensor<?x4x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>{%d} : index
  return %0 : index
}

// -----

// Tests that every entry of a layout list is checked against the tensor type.
func.func @layout_entry_rank_mismatch(%sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.empty' op result type 'tensor<2x4xf32, #stream_lite.layout<[#stream_lite.identity, #stream_lite.padding<[4]>]>>': padding has 1 entries but the tensor has rank 2}}
  %0 = stream_lite.tensor.empty : tensor<2x4xf32, #stream_lite.layout<[#stream_lite.identity, #stream_lite.padding<[4]>]>> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that the layouts of a serialized testing encoding are checked against the tensor type.
func.func @testing_layout_rank_mismatch(%sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.empty' op result type 'tensor<4xf32, #stream_lite.testing<layouts = [#stream_lite.tiled<inner_dims_pos = [2], inner_tiles = [4]>]>>': tiled inner_dims_pos 2 is out of range for a rank-1 tensor}}
  %0 = stream_lite.tensor.empty : tensor<4xf32, #stream_lite.testing<layouts = [#stream_lite.tiled<inner_dims_pos = [2], inner_tiles = [4]>]>> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that element types without a byte size are rejected.
func.func @element_without_byte_size() -> index {
  // expected-error @+1 {{'stream_lite.tensor.sizeof' op encoding element type 'vector<4xf32>' has no byte size}}
  %0 = stream_lite.tensor.sizeof tensor<2xvector<4xf32>> : index
  return %0 : index
}

//===----------------------------------------------------------------------===//
// Parsing of tensor-phase ops
//===----------------------------------------------------------------------===//

// -----

// Tests that the affinity prefix takes a #stream_lite.affinity.
func.func @on_not_affinity(%d: index) -> index {
  // expected-error @+1 {{invalid kind of attribute specified}}
  %0 = stream_lite.tensor.sizeof on(#stream_lite.identity) tensor<?x4xf32>{%d} : index
  return %0 : index
}

// -----

// Tests that the affinity prefix of a dispatch takes a #stream_lite.affinity.
func.func @dispatch_on_not_affinity() {
  // expected-error @+1 {{expected #stream_lite.affinity, got #stream_lite.identity}}
  stream_lite.tensor.dispatch on(#stream_lite.identity) @ex::@entry() : () -> ()
  return
}

// -----

// Tests that the encoded type of a tensor op is a ranked tensor.
func.func @encoded_type_unranked() -> index {
  // expected-error @+1 {{expected a ranked tensor type, got 'tensor<*xf32>'}}
  %0 = stream_lite.tensor.sizeof tensor<*xf32> : index
  return %0 : index
}

// -----

// Tests that the encoded type of a tensor op is a tensor at all.
func.func @encoded_type_memref() -> index {
  // expected-error @+1 {{expected a ranked tensor type, got 'memref<4xf32>'}}
  %0 = stream_lite.tensor.sizeof memref<4xf32> : index
  return %0 : index
}

// -----

// Tests that the tied result of a fill names the fill's target.
func.func @fill_tied_other_operand(%r: !stream_lite.resource<*>, %x: !stream_lite.resource<*>, %sz: index, %v: f32) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{the tied result must name the target operand %r}}
  %0 = stream_lite.tensor.fill %v, %r[%c0 for %c1] : f32 -> tensor<4xf32> in %x as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that the tied result of an update names the update's target.
func.func @update_tied_other_operand(%r: !stream_lite.resource<*>, %x: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{the tied result must name the target operand %r}}
  %0 = stream_lite.tensor.update %x, %r[%c0] : tensor<2xf32> in !stream_lite.resource<*>{%sz} -> tensor<4xf32> in %x as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that the tied result of a store names the store's target.
func.func @store_tied_other_operand(%st: !stream_lite.resource<staging>, %st2: !stream_lite.resource<staging>, %sz: index, %v: f32) -> !stream_lite.resource<staging> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{the tied result must name the target operand %st}}
  %0 = stream_lite.tensor.store %v, %st[%c0] : f32 -> tensor<4xf32> in %st2 as !stream_lite.resource<staging>{%sz}
  return %0 : !stream_lite.resource<staging>
}

//===----------------------------------------------------------------------===//
// Resource lifetimes (ODS constraints)
//===----------------------------------------------------------------------===//

// -----

// Tests that clone rejects a staging source.
func.func @clone_staging(%st: !stream_lite.resource<staging>, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.clone' op operand #0 must be non-staging resource, but got '!stream_lite.resource<staging>'}}
  %0 = stream_lite.tensor.clone %st : tensor<4xf32> in !stream_lite.resource<staging>{%sz} -> tensor<4xf32> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that clone rejects a staging result.
func.func @clone_staging_result(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<staging> {
  // expected-error @+1 {{'stream_lite.tensor.clone' op result #0 must be non-staging resource, but got '!stream_lite.resource<staging>'}}
  %0 = stream_lite.tensor.clone %r : tensor<4xf32> in !stream_lite.resource<*>{%sz} -> tensor<4xf32> in !stream_lite.resource<staging>{%sz}
  return %0 : !stream_lite.resource<staging>
}

// -----

// Tests that slice rejects a staging source.
func.func @slice_staging(%st: !stream_lite.resource<staging>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{'stream_lite.tensor.slice' op operand #0 must be non-staging resource, but got '!stream_lite.resource<staging>'}}
  %0 = stream_lite.tensor.slice %st[%c0 for %c2] : tensor<4xf32> in !stream_lite.resource<staging>{%sz} -> tensor<2xf32> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that fill rejects a staging target.
func.func @fill_staging(%st: !stream_lite.resource<staging>, %sz: index, %v: f32) -> !stream_lite.resource<staging> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{'stream_lite.tensor.fill' op operand #0 must be non-staging resource, but got '!stream_lite.resource<staging>'}}
  %0 = stream_lite.tensor.fill %v, %st[%c0 for %c2] : f32 -> tensor<4xf32> in %st as !stream_lite.resource<staging>{%sz}
  return %0 : !stream_lite.resource<staging>
}

// -----

// Tests that update rejects a staging update operand.
func.func @update_staging(%r: !stream_lite.resource<*>, %st: !stream_lite.resource<staging>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream_lite.tensor.update' op operand #3 must be non-staging resource, but got '!stream_lite.resource<staging>'}}
  %0 = stream_lite.tensor.update %st, %r[%c0] : tensor<2xf32> in !stream_lite.resource<staging>{%sz} -> tensor<4xf32> in %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that empty rejects a staging result.
func.func @empty_staging(%sz: index) -> !stream_lite.resource<staging> {
  // expected-error @+1 {{'stream_lite.tensor.empty' op result #0 must be non-staging resource, but got '!stream_lite.resource<staging>'}}
  %0 = stream_lite.tensor.empty : tensor<4xf32> in !stream_lite.resource<staging>{%sz}
  return %0 : !stream_lite.resource<staging>
}

// -----

// Tests that splat rejects a staging result.
func.func @splat_staging(%sz: index, %v: f32) -> !stream_lite.resource<staging> {
  // expected-error @+1 {{'stream_lite.tensor.splat' op result #0 must be non-staging resource, but got '!stream_lite.resource<staging>'}}
  %0 = stream_lite.tensor.splat %v : f32 -> tensor<4xf32> in !stream_lite.resource<staging>{%sz}
  return %0 : !stream_lite.resource<staging>
}

// -----

// Tests that constant rejects a staging result.
func.func @constant_staging() -> !stream_lite.resource<staging> {
  // expected-error @+1 {{'stream_lite.tensor.constant' op result #0 must be non-staging resource, but got '!stream_lite.resource<staging>'}}
  %0 = stream_lite.tensor.constant : tensor<2xf32> in !stream_lite.resource<staging> = dense<1.0> : tensor<2xf32>
  return %0 : !stream_lite.resource<staging>
}

// -----

// Tests that encode rejects a staging source.
func.func @encode_staging(%st: !stream_lite.resource<staging>, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.encode' op operand #0 must be non-staging resource, but got '!stream_lite.resource<staging>'}}
  %0 = stream_lite.tensor.encode %st : tensor<4xf32> in !stream_lite.resource<staging>{%sz} -> tensor<4xf32, #stream_lite.identity> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that import rejects a staging result.
func.func @import_staging(%t: tensor<4xf32>, %sz: index) -> !stream_lite.resource<staging> {
  // expected-error @+1 {{'stream_lite.tensor.import' op result #0 must be non-staging resource, but got '!stream_lite.resource<staging>'}}
  %0 = stream_lite.tensor.import %t : tensor<4xf32> -> tensor<4xf32> in !stream_lite.resource<staging>{%sz}
  return %0 : !stream_lite.resource<staging>
}

// -----

// Tests that export rejects a staging source.
func.func @export_staging(%st: !stream_lite.resource<staging>, %sz: index) -> tensor<4xf32> {
  // expected-error @+1 {{'stream_lite.tensor.export' op operand #0 must be non-staging resource, but got '!stream_lite.resource<staging>'}}
  %0 = stream_lite.tensor.export %st : tensor<4xf32> in !stream_lite.resource<staging>{%sz} -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Tests that dispatch rejects a staging resource operand.
func.func @dispatch_staging_operand(%st: !stream_lite.resource<staging>, %sz: index) {
  // expected-error @+1 {{'stream_lite.tensor.dispatch' op operand 0 is a staging resource; only load and store take staging resources}}
  stream_lite.tensor.dispatch @ex::@entry(%st) : (tensor<4xf32> in !stream_lite.resource<staging>{%sz}) -> ()
  return
}

// -----

// Tests that dispatch rejects a staging result.
func.func @dispatch_staging_result(%sz: index) -> !stream_lite.resource<staging> {
  // expected-error @+1 {{'stream_lite.tensor.dispatch' op result #0 must be variadic of non-staging resource, but got '!stream_lite.resource<staging>'}}
  %0 = stream_lite.tensor.dispatch @ex::@entry() : () -> tensor<4xf32> in !stream_lite.resource<staging>{%sz}
  return %0 : !stream_lite.resource<staging>
}

// -----

// Tests that load takes a staging source.
func.func @load_not_staging(%r: !stream_lite.resource<*>, %sz: index) -> f32 {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream_lite.tensor.load' op operand #0 must be staging resource, but got '!stream_lite.resource<*>'}}
  %0 = stream_lite.tensor.load %r[%c0] : tensor<4xf32> in !stream_lite.resource<*>{%sz} -> f32
  return %0 : f32
}

// -----

// Tests that store takes a staging target.
func.func @store_not_staging(%r: !stream_lite.resource<transient>, %sz: index, %v: f32) -> !stream_lite.resource<transient> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream_lite.tensor.store' op operand #0 must be staging resource, but got '!stream_lite.resource<transient>'}}
  %0 = stream_lite.tensor.store %v, %r[%c0] : f32 -> tensor<4xf32> in %r as !stream_lite.resource<transient>{%sz}
  return %0 : !stream_lite.resource<transient>
}

// -----

// Tests that a tied fill result has the target's resource type (generic form).
func.func @fill_result_type_differs(%r: !stream_lite.resource<*>, %sz: index, %v: f32) -> !stream_lite.resource<transient> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream_lite.tensor.fill' op failed to verify that all of {target, result} have same type}}
  %0 = "stream_lite.tensor.fill"(%r, %sz, %c0, %c0, %v) <{operandSegmentSizes = array<i32: 1, 0, 1, 1, 1, 1>, target_encoding = tensor<4xf32>}> : (!stream_lite.resource<*>, index, index, index, f32) -> !stream_lite.resource<transient>
  return %0 : !stream_lite.resource<transient>
}

// -----

// Tests that a tied update result has the target's resource type (generic form).
func.func @update_result_type_differs(%r: !stream_lite.resource<*>, %x: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<transient> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream_lite.tensor.update' op failed to verify that all of {target, result} have same type}}
  %0 = "stream_lite.tensor.update"(%r, %sz, %c0, %x, %sz) <{operandSegmentSizes = array<i32: 1, 0, 1, 1, 1, 0, 1>, target_encoding = tensor<4xf32>, update_encoding = tensor<2xf32>}> : (!stream_lite.resource<*>, index, index, !stream_lite.resource<*>, index) -> !stream_lite.resource<transient>
  return %0 : !stream_lite.resource<transient>
}

// -----

// Tests that a tensor-phase op's tensor type attribute is a ranked tensor (generic form).
func.func @generic_unranked_encoding() -> index {
  // expected-error @+1 {{'stream_lite.tensor.sizeof' op attribute 'encoding' failed to satisfy constraint: type attribute of ranked tensor of any type values}}
  %0 = "stream_lite.tensor.sizeof"() <{encoding = tensor<*xf32>}> : () -> index
  return %0 : index
}

//===----------------------------------------------------------------------===//
// Dynamic dim counts
//===----------------------------------------------------------------------===//

// -----

// Tests that sizeof has one dim value per dynamic dim.
func.func @sizeof_missing_dim() -> index {
  // expected-error @+1 {{'stream_lite.tensor.sizeof' op encoding type 'tensor<?x4xf32>' has 1 dynamic dims but 0 dim values are attached}}
  %0 = stream_lite.tensor.sizeof tensor<?x4xf32> : index
  return %0 : index
}

// -----

// Tests that empty has no dim values for a static shape.
func.func @empty_extra_dim(%d: index, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.empty' op result type 'tensor<2x4xf32>' has 0 dynamic dims but 1 dim values are attached}}
  %0 = stream_lite.tensor.empty : tensor<2x4xf32>{%d} in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that constant has one dim value per dynamic dim.
func.func @constant_missing_dim() -> !stream_lite.resource<constant> {
  // expected-error @+1 {{'stream_lite.tensor.constant' op result type 'tensor<?x4xf32>' has 1 dynamic dims but 0 dim values are attached}}
  %0 = stream_lite.tensor.constant : tensor<?x4xf32> in !stream_lite.resource<constant> = dense<1.0> : tensor<2x4xf32>
  return %0 : !stream_lite.resource<constant>
}

// -----

// Tests that splat has one dim value per dynamic dim.
func.func @splat_dim_count(%d: index, %sz: index, %v: f32) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.splat' op result type 'tensor<?x?xf32>' has 2 dynamic dims but 1 dim values are attached}}
  %0 = stream_lite.tensor.splat %v : f32 -> tensor<?x?xf32>{%d} in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that clone checks the source dim count.
func.func @clone_source_dim_count(%r: !stream_lite.resource<*>, %d: index, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.clone' op source type 'tensor<?x4xf32>' has 1 dynamic dims but 0 dim values are attached}}
  %0 = stream_lite.tensor.clone %r : tensor<?x4xf32> in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that clone checks the result dim count.
func.func @clone_result_dim_count(%r: !stream_lite.resource<*>, %d: index, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.clone' op result type 'tensor<?x4xf32>' has 1 dynamic dims but 2 dim values are attached}}
  %0 = stream_lite.tensor.clone %r : tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32>{%d, %d} in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that encode checks the result dim count.
func.func @encode_result_dim_count(%r: !stream_lite.resource<*>, %d: index, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.encode' op result type 'tensor<?x4xf32, #stream_lite.identity>' has 1 dynamic dims but 0 dim values are attached}}
  %0 = stream_lite.tensor.encode %r : tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32, #stream_lite.identity> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that slice checks the source dim count.
func.func @slice_source_dim_count(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{'stream_lite.tensor.slice' op source type 'tensor<?xf32>' has 1 dynamic dims but 0 dim values are attached}}
  %0 = stream_lite.tensor.slice %r[%c0 for %c2] : tensor<?xf32> in !stream_lite.resource<*>{%sz} -> tensor<2xf32> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that fill checks the target dim count.
func.func @fill_target_dim_count(%r: !stream_lite.resource<*>, %sz: index, %v: f32) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{'stream_lite.tensor.fill' op target type 'tensor<?xf32>' has 1 dynamic dims but 0 dim values are attached}}
  %0 = stream_lite.tensor.fill %v, %r[%c0 for %c2] : f32 -> tensor<?xf32> in %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that update checks the update dim count.
func.func @update_update_dim_count(%r: !stream_lite.resource<*>, %x: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream_lite.tensor.update' op update type 'tensor<?xf32>' has 1 dynamic dims but 0 dim values are attached}}
  %0 = stream_lite.tensor.update %x, %r[%c0] : tensor<?xf32> in !stream_lite.resource<*>{%sz} -> tensor<4xf32> in %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that load checks the source dim count.
func.func @load_dim_count(%st: !stream_lite.resource<staging>, %sz: index) -> f32 {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream_lite.tensor.load' op source type 'tensor<?xf32>' has 1 dynamic dims but 0 dim values are attached}}
  %0 = stream_lite.tensor.load %st[%c0] : tensor<?xf32> in !stream_lite.resource<staging>{%sz} -> f32
  return %0 : f32
}

// -----

// Tests that store checks the target dim count.
func.func @store_dim_count(%st: !stream_lite.resource<staging>, %sz: index, %v: f32) -> !stream_lite.resource<staging> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream_lite.tensor.store' op target type 'tensor<?xf32>' has 1 dynamic dims but 0 dim values are attached}}
  %0 = stream_lite.tensor.store %v, %st[%c0] : f32 -> tensor<?xf32> in %st as !stream_lite.resource<staging>{%sz}
  return %0 : !stream_lite.resource<staging>
}

// -----

// Tests that import checks the result dim count.
func.func @import_dim_count(%t: tensor<?xf32>, %sz: index) -> !stream_lite.resource<external> {
  // expected-error @+1 {{'stream_lite.tensor.import' op result type 'tensor<?xf32>' has 1 dynamic dims but 0 dim values are attached}}
  %0 = stream_lite.tensor.import %t : tensor<?xf32> -> tensor<?xf32> in !stream_lite.resource<external>{%sz}
  return %0 : !stream_lite.resource<external>
}

// -----

// Tests that export checks the source dim count.
func.func @export_dim_count(%r: !stream_lite.resource<external>, %sz: index) -> tensor<?xf32> {
  // expected-error @+1 {{'stream_lite.tensor.export' op source type 'tensor<?xf32>' has 1 dynamic dims but 0 dim values are attached}}
  %0 = stream_lite.tensor.export %r : tensor<?xf32> in !stream_lite.resource<external>{%sz} -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// Tests that binding.subspan checks the tensor dim count.
func.func @subspan_dim_count(%b: !stream_lite.binding) -> memref<?xi8> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream_lite.binding.subspan' op tensor type 'tensor<?x4xf32>' has 1 dynamic dims but 0 dim values are attached}}
  %0 = stream_lite.binding.subspan %b[%c0] : !stream_lite.binding -> tensor<?x4xf32> in memref<?xi8>
  return %0 : memref<?xi8>
}

// -----

// Tests that binding.subspan checks the encoding against the tensor type.
func.func @subspan_bad_encoding(%b: !stream_lite.binding) -> memref<?xi8> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream_lite.binding.subspan' op tensor type 'tensor<4xf32, #stream_lite.padding<[0, 0]>>': padding has 2 entries but the tensor has rank 1}}
  %0 = stream_lite.binding.subspan %b[%c0] : !stream_lite.binding -> tensor<4xf32, #stream_lite.padding<[0, 0]>> in memref<?xi8>
  return %0 : memref<?xi8>
}

//===----------------------------------------------------------------------===//
// Values and element types
//===----------------------------------------------------------------------===//

// -----

// Tests that a constant's value is a shaped attribute.
func.func @constant_scalar_value() -> !stream_lite.resource<constant> {
  // expected-error @+1 {{'stream_lite.tensor.constant' op value must have a static shaped type, got 'f32'}}
  %0 = stream_lite.tensor.constant : tensor<2xf32> in !stream_lite.resource<constant> = 1.0 : f32
  return %0 : !stream_lite.resource<constant>
}

// -----

// Tests that a constant's value has the result's shape.
func.func @constant_shape_mismatch() -> !stream_lite.resource<constant> {
  // expected-error @+1 {{'stream_lite.tensor.constant' op value type 'tensor<4x2xf32>' does not match the result tensor 'tensor<2x4xf32>'}}
  %0 = stream_lite.tensor.constant : tensor<2x4xf32> in !stream_lite.resource<constant> = dense<1.0> : tensor<4x2xf32>
  return %0 : !stream_lite.resource<constant>
}

// -----

// Tests that a constant's value has the result's element type.
func.func @constant_element_mismatch() -> !stream_lite.resource<constant> {
  // expected-error @+1 {{'stream_lite.tensor.constant' op value type 'tensor<2xi32>' does not match the result tensor 'tensor<2xf32>'}}
  %0 = stream_lite.tensor.constant : tensor<2xf32> in !stream_lite.resource<constant> = dense<1> : tensor<2xi32>
  return %0 : !stream_lite.resource<constant>
}

// -----

// Tests that a splat value has the element type.
func.func @splat_value_type(%sz: index, %v: i32) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.splat' op splat value type 'i32' does not match the element type 'f32'}}
  %0 = stream_lite.tensor.splat %v : i32 -> tensor<4xf32> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a fill value has the element type.
func.func @fill_value_type(%r: !stream_lite.resource<*>, %sz: index, %v: f16) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{'stream_lite.tensor.fill' op fill value type 'f16' does not match the element type 'f32'}}
  %0 = stream_lite.tensor.fill %v, %r[%c0 for %c2] : f16 -> tensor<4xf32> in %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a store value has the element type.
func.func @store_value_type(%st: !stream_lite.resource<staging>, %sz: index, %v: i8) -> !stream_lite.resource<staging> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream_lite.tensor.store' op store value type 'i8' does not match the element type 'i32'}}
  %0 = stream_lite.tensor.store %v, %st[%c0] : i8 -> tensor<4xi32> in %st as !stream_lite.resource<staging>{%sz}
  return %0 : !stream_lite.resource<staging>
}

// -----

// Tests that a load result has the element type.
func.func @load_result_type(%st: !stream_lite.resource<staging>, %sz: index) -> f64 {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream_lite.tensor.load' op result type 'f64' does not match the element type 'f32'}}
  %0 = stream_lite.tensor.load %st[%c0] : tensor<4xf32> in !stream_lite.resource<staging>{%sz} -> f64
  return %0 : f64
}

// -----

// Tests that clone never changes the encoding.
func.func @clone_changes_encoding(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.clone' op clone changes the encoding from #stream_lite.identity to #stream_lite.padding<[0, 4]>; use stream_lite.tensor.encode}}
  %0 = stream_lite.tensor.clone %r : tensor<4x4xf32, #stream_lite.identity> in !stream_lite.resource<*>{%sz} -> tensor<4x4xf32, #stream_lite.padding<[0, 4]>> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that clone never adds an encoding.
func.func @clone_adds_encoding(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.clone' op clone changes the encoding from none to #stream_lite.identity; use stream_lite.tensor.encode}}
  %0 = stream_lite.tensor.clone %r : tensor<4x4xf32> in !stream_lite.resource<*>{%sz} -> tensor<4x4xf32, #stream_lite.identity> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that clone keeps the logical tensor.
func.func @clone_changes_shape(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.clone' op source 'tensor<4x4xf32>' and result 'tensor<2x8xf32>' are not the same logical tensor}}
  %0 = stream_lite.tensor.clone %r : tensor<4x4xf32> in !stream_lite.resource<*>{%sz} -> tensor<2x8xf32> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that encode changes only the layout, not the shape.
func.func @encode_changes_shape(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.encode' op source 'tensor<4x4xf32>' and result 'tensor<4x8xf32, #stream_lite.identity>' are not the same logical tensor}}
  %0 = stream_lite.tensor.encode %r : tensor<4x4xf32> in !stream_lite.resource<*>{%sz} -> tensor<4x8xf32, #stream_lite.identity> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that encode changes only the layout, not the element type.
func.func @encode_changes_element_type(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.encode' op source 'tensor<4x4xf32>' and result 'tensor<4x4xi32, #stream_lite.identity>' are not the same logical tensor}}
  %0 = stream_lite.tensor.encode %r : tensor<4x4xf32> in !stream_lite.resource<*>{%sz} -> tensor<4x4xi32, #stream_lite.identity> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that encode changes only the layout, not the rank.
func.func @encode_changes_rank(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.encode' op source 'tensor<16xf32>' and result 'tensor<4x4xf32>' are not the same logical tensor}}
  %0 = stream_lite.tensor.encode %r : tensor<16xf32> in !stream_lite.resource<*>{%sz} -> tensor<4x4xf32> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

//===----------------------------------------------------------------------===//
// Regions: counts against the rank
//===----------------------------------------------------------------------===//

// -----

// Tests that slice has as many start indices as lengths.
func.func @slice_offsets_vs_lengths(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{'stream_lite.tensor.slice' op has 2 start indices but 1 lengths}}
  %0 = stream_lite.tensor.slice %r[%c0, %c0 for %c2] : tensor<4x4xf32> in !stream_lite.resource<*>{%sz} -> tensor<2x4xf32> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that slice has one start index per dim.
func.func @slice_rank_mismatch(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{'stream_lite.tensor.slice' op has 1 start indices but the source tensor has rank 2}}
  %0 = stream_lite.tensor.slice %r[%c0 for %c2] : tensor<4x4xf32> in !stream_lite.resource<*>{%sz} -> tensor<2x4xf32> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that fill has as many start indices as lengths.
func.func @fill_offsets_vs_lengths(%r: !stream_lite.resource<*>, %sz: index, %v: f32) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{'stream_lite.tensor.fill' op has 1 start indices but 2 lengths}}
  %0 = stream_lite.tensor.fill %v, %r[%c0 for %c2, %c2] : f32 -> tensor<4x4xf32> in %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that fill has one start index per dim.
func.func @fill_rank_mismatch(%r: !stream_lite.resource<*>, %sz: index, %v: f32) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{'stream_lite.tensor.fill' op has 3 start indices but the target tensor has rank 2}}
  %0 = stream_lite.tensor.fill %v, %r[%c0, %c0, %c0 for %c2, %c2, %c2] : f32 -> tensor<4x4xf32> in %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that update has one start index per dim.
func.func @update_rank_mismatch(%r: !stream_lite.resource<*>, %x: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream_lite.tensor.update' op has 1 start indices but the target tensor has rank 2}}
  %0 = stream_lite.tensor.update %x, %r[%c0] : tensor<2x2xf32> in !stream_lite.resource<*>{%sz} -> tensor<4x4xf32> in %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that the update tensor has the rank of the target.
func.func @update_update_rank(%r: !stream_lite.resource<*>, %x: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream_lite.tensor.update' op update 'tensor<2xf32>' must have the rank and element type of the target 'tensor<4x4xf32>'}}
  %0 = stream_lite.tensor.update %x, %r[%c0, %c0] : tensor<2xf32> in !stream_lite.resource<*>{%sz} -> tensor<4x4xf32> in %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that the update tensor has the element type of the target.
func.func @update_update_element_type(%r: !stream_lite.resource<*>, %x: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream_lite.tensor.update' op update 'tensor<2x2xi32>' must have the rank and element type of the target 'tensor<4x4xf32>'}}
  %0 = stream_lite.tensor.update %x, %r[%c0, %c0] : tensor<2x2xi32> in !stream_lite.resource<*>{%sz} -> tensor<4x4xf32> in %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that load has one index per dim.
func.func @load_rank_mismatch(%st: !stream_lite.resource<staging>, %sz: index) -> f32 {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream_lite.tensor.load' op has 1 indices but the tensor has rank 2}}
  %0 = stream_lite.tensor.load %st[%c0] : tensor<4x4xf32> in !stream_lite.resource<staging>{%sz} -> f32
  return %0 : f32
}

// -----

// Tests that store has one index per dim.
func.func @store_rank_mismatch(%st: !stream_lite.resource<staging>, %sz: index, %v: f32) -> !stream_lite.resource<staging> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream_lite.tensor.store' op has 3 indices but the tensor has rank 2}}
  %0 = stream_lite.tensor.store %v, %st[%c0, %c0, %c0] : f32 -> tensor<4x4xf32> in %st as !stream_lite.resource<staging>{%sz}
  return %0 : !stream_lite.resource<staging>
}

//===----------------------------------------------------------------------===//
// Regions: constants inside the static dims
//===----------------------------------------------------------------------===//

// -----

// Tests that a constant slice region lies inside the static source dims.
func.func @slice_region_outside(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  // expected-error @+1 {{'stream_lite.tensor.slice' op region [3, 5) of dim 1 is outside the source dim of size 4}}
  %0 = stream_lite.tensor.slice %r[%c0, %c3 for %c2, %c2] : tensor<4x4xf32> in !stream_lite.resource<*>{%sz} -> tensor<2x2xf32> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a constant start index lies inside a static dim even when the length is dynamic.
func.func @slice_start_outside(%r: !stream_lite.resource<*>, %sz: index, %n: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  // expected-error @+1 {{'stream_lite.tensor.slice' op start index 5 of dim 0 is outside the source dim of size 4}}
  %0 = stream_lite.tensor.slice %r[%c5 for %n] : tensor<4xf32> in !stream_lite.resource<*>{%sz} -> tensor<?xf32>{%n} in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a negative constant start index is rejected.
func.func @slice_negative_start(%r: !stream_lite.resource<*>, %sz: index, %d: index) -> !stream_lite.resource<*> {
  %cm1 = arith.constant -1 : index
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{'stream_lite.tensor.slice' op start index -1 of dim 0 is negative}}
  %0 = stream_lite.tensor.slice %r[%cm1 for %c2] : tensor<?xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<2xf32> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a negative constant length is rejected.
func.func @slice_negative_length(%r: !stream_lite.resource<*>, %sz: index, %d: index, %n: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %cm2 = arith.constant -2 : index
  // expected-error @+1 {{'stream_lite.tensor.slice' op length -2 of dim 0 is negative}}
  %0 = stream_lite.tensor.slice %r[%c0 for %cm2] : tensor<?xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?xf32>{%n} in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a huge constant length is caught without overflowing the region end.
func.func @slice_length_overflow(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c1 = arith.constant 1 : index
  %big = arith.constant 9223372036854775807 : index
  // expected-error @+1 {{'stream_lite.tensor.slice' op region [1, 1 + 9223372036854775807) of dim 0 is outside the source dim of size 4}}
  %0 = stream_lite.tensor.slice %r[%c1 for %big] : tensor<4xf32> in !stream_lite.resource<*>{%sz} -> tensor<?xf32>{%big} in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that slice result dims equal the constant lengths.
func.func @slice_result_dim_mismatch(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{'stream_lite.tensor.slice' op result dim 1 is 3 but the slice length is 2}}
  %0 = stream_lite.tensor.slice %r[%c0, %c0 for %c2, %c2] : tensor<4x4xf32> in !stream_lite.resource<*>{%sz} -> tensor<2x3xf32> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a slice result has the source rank.
func.func @slice_result_rank(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{'stream_lite.tensor.slice' op result 'tensor<4xf32>' must have the rank and element type of the source 'tensor<4x4xf32>'}}
  %0 = stream_lite.tensor.slice %r[%c0, %c0 for %c2, %c2] : tensor<4x4xf32> in !stream_lite.resource<*>{%sz} -> tensor<4xf32> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a slice result has the source element type.
func.func @slice_result_element_type(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{'stream_lite.tensor.slice' op result 'tensor<2x2xf16>' must have the rank and element type of the source 'tensor<4x4xf32>'}}
  %0 = stream_lite.tensor.slice %r[%c0, %c0 for %c2, %c2] : tensor<4x4xf32> in !stream_lite.resource<*>{%sz} -> tensor<2x2xf16> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a constant fill region lies inside the static target dims.
func.func @fill_region_outside(%r: !stream_lite.resource<*>, %sz: index, %d: index, %v: f32) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{'stream_lite.tensor.fill' op region [1, 9) of dim 1 is outside the target dim of size 8}}
  %0 = stream_lite.tensor.fill %v, %r[%c0, %c1 for %c1, %c8] : f32 -> tensor<?x8xf32>{%d} in %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a constant fill start index lies inside a static dim.
func.func @fill_start_outside(%r: !stream_lite.resource<*>, %sz: index, %n: index, %v: f32) -> !stream_lite.resource<*> {
  %c9 = arith.constant 9 : index
  // expected-error @+1 {{'stream_lite.tensor.fill' op start index 9 of dim 0 is outside the target dim of size 8}}
  %0 = stream_lite.tensor.fill %v, %r[%c9 for %n] : f32 -> tensor<8xf32> in %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a negative fill length is rejected.
func.func @fill_negative_length(%r: !stream_lite.resource<*>, %sz: index, %v: f32) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %cm1 = arith.constant -1 : index
  // expected-error @+1 {{'stream_lite.tensor.fill' op length -1 of dim 0 is negative}}
  %0 = stream_lite.tensor.fill %v, %r[%c0 for %cm1] : f32 -> tensor<8xf32> in %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a static update lies inside the static target dims.
func.func @update_region_outside(%r: !stream_lite.resource<*>, %x: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  // expected-error @+1 {{'stream_lite.tensor.update' op region [3, 5) of dim 0 is outside the target dim of size 4}}
  %0 = stream_lite.tensor.update %x, %r[%c3, %c0] : tensor<2x2xf32> in !stream_lite.resource<*>{%sz} -> tensor<4x4xf32> in %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a negative update start index is rejected.
func.func @update_negative_start(%r: !stream_lite.resource<*>, %x: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %cm1 = arith.constant -1 : index
  // expected-error @+1 {{'stream_lite.tensor.update' op start index -1 of dim 1 is negative}}
  %0 = stream_lite.tensor.update %x, %r[%c0, %cm1] : tensor<2x2xf32> in !stream_lite.resource<*>{%sz} -> tensor<4x4xf32> in %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that an update start index lies inside a static target dim even when the update dim is dynamic.
func.func @update_start_outside(%r: !stream_lite.resource<*>, %x: !stream_lite.resource<*>, %sz: index, %n: index) -> !stream_lite.resource<*> {
  %c5 = arith.constant 5 : index
  // expected-error @+1 {{'stream_lite.tensor.update' op start index 5 of dim 0 is outside the target dim of size 4}}
  %0 = stream_lite.tensor.update %x, %r[%c5] : tensor<?xf32>{%n} in !stream_lite.resource<*>{%sz} -> tensor<4xf32> in %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a constant load index lies inside the static dims.
func.func @load_index_outside(%st: !stream_lite.resource<staging>, %sz: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'stream_lite.tensor.load' op index 4 of dim 1 is out of bounds}}
  %0 = stream_lite.tensor.load %st[%c0, %c4] : tensor<4x4xf32> in !stream_lite.resource<staging>{%sz} -> f32
  return %0 : f32
}

// -----

// Tests that a negative load index is rejected even on a dynamic dim.
func.func @load_negative_index(%st: !stream_lite.resource<staging>, %sz: index, %d: index) -> f32 {
  %cm1 = arith.constant -1 : index
  // expected-error @+1 {{'stream_lite.tensor.load' op index -1 of dim 0 is out of bounds}}
  %0 = stream_lite.tensor.load %st[%cm1] : tensor<?xf32>{%d} in !stream_lite.resource<staging>{%sz} -> f32
  return %0 : f32
}

// -----

// Tests that a constant store index lies inside the static dims.
func.func @store_index_outside(%st: !stream_lite.resource<staging>, %sz: index, %v: f32) -> !stream_lite.resource<staging> {
  %c7 = arith.constant 7 : index
  // expected-error @+1 {{'stream_lite.tensor.store' op index 7 of dim 0 is out of bounds}}
  %0 = stream_lite.tensor.store %v, %st[%c7] : f32 -> tensor<7xf32> in %st as !stream_lite.resource<staging>{%sz}
  return %0 : !stream_lite.resource<staging>
}

//===----------------------------------------------------------------------===//
// import / export
//===----------------------------------------------------------------------===//

// -----

// Tests that import produces a tensor without an encoding.
func.func @import_encoding(%t: tensor<4x4xf32>, %sz: index) -> !stream_lite.resource<external> {
  // expected-error @+1 {{'stream_lite.tensor.import' op tensor type 'tensor<4x4xf32, #stream_lite.identity>' must not carry an encoding (host data is dense row-major; change layouts with stream_lite.tensor.encode)}}
  %0 = stream_lite.tensor.import %t : tensor<4x4xf32> -> tensor<4x4xf32, #stream_lite.identity> in !stream_lite.resource<external>{%sz}
  return %0 : !stream_lite.resource<external>
}

// -----

// Tests that export takes a tensor without an encoding.
func.func @export_encoding(%r: !stream_lite.resource<external>, %sz: index) -> tensor<4x4xf32> {
  // expected-error @+1 {{'stream_lite.tensor.export' op tensor type 'tensor<4x4xf32, #stream_lite.padding<[0, 4]>>' must not carry an encoding (host data is dense row-major; change layouts with stream_lite.tensor.encode)}}
  %0 = stream_lite.tensor.export %r : tensor<4x4xf32, #stream_lite.padding<[0, 4]>> in !stream_lite.resource<external>{%sz} -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// Tests that the host tensor of an import carries no encoding.
func.func @import_host_encoding(%t: tensor<4x4xf32, #stream_lite.identity>, %sz: index) -> !stream_lite.resource<external> {
  // expected-error @+1 {{'stream_lite.tensor.import' op host tensor type 'tensor<4x4xf32, #stream_lite.identity>' must not carry an encoding}}
  %0 = stream_lite.tensor.import %t : tensor<4x4xf32, #stream_lite.identity> -> tensor<4x4xf32> in !stream_lite.resource<external>{%sz}
  return %0 : !stream_lite.resource<external>
}

// -----

// Tests that the host tensor of an export carries no encoding.
func.func @export_host_encoding(%r: !stream_lite.resource<external>, %sz: index) -> tensor<4x4xf32, #stream_lite.identity> {
  // expected-error @+1 {{'stream_lite.tensor.export' op host tensor type 'tensor<4x4xf32, #stream_lite.identity>' must not carry an encoding}}
  %0 = stream_lite.tensor.export %r : tensor<4x4xf32> in !stream_lite.resource<external>{%sz} -> tensor<4x4xf32, #stream_lite.identity>
  return %0 : tensor<4x4xf32, #stream_lite.identity>
}

// -----

// Tests that the host tensor of an import is the same logical tensor.
func.func @import_shape_mismatch(%t: tensor<4x2xf32>, %sz: index) -> !stream_lite.resource<external> {
  // expected-error @+1 {{'stream_lite.tensor.import' op host tensor 'tensor<4x2xf32>' does not match the resource tensor 'tensor<4x4xf32>'}}
  %0 = stream_lite.tensor.import %t : tensor<4x2xf32> -> tensor<4x4xf32> in !stream_lite.resource<external>{%sz}
  return %0 : !stream_lite.resource<external>
}

// -----

// Tests that the host tensor of an export is the same logical tensor.
func.func @export_element_mismatch(%r: !stream_lite.resource<external>, %sz: index) -> tensor<4xi32> {
  // expected-error @+1 {{'stream_lite.tensor.export' op host tensor 'tensor<4xi32>' does not match the resource tensor 'tensor<4xf32>'}}
  %0 = stream_lite.tensor.export %r : tensor<4xf32> in !stream_lite.resource<external>{%sz} -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

// -----

// Tests that a dispatch entry point is @executable::@export.
func.func @dispatch_flat_entry() {
  // expected-error @+1 {{'stream_lite.tensor.dispatch' op entry point @entry must be @executable::@export}}
  stream_lite.tensor.dispatch @entry() : () -> ()
  return
}

// -----

// Tests that a dispatch entry point is not nested deeper than @executable::@export.
func.func @dispatch_deep_entry() {
  // expected-error @+1 {{'stream_lite.tensor.dispatch' op entry point @a::@b::@c must be @executable::@export}}
  stream_lite.tensor.dispatch {@ex::@entry, @a::@b::@c}() : () -> ()
  return
}

// -----

// Tests that a dispatch names at least one entry point (generic form).
func.func @dispatch_no_entry() {
  // expected-error @+1 {{'stream_lite.tensor.dispatch' op must name at least one entry point}}
  "stream_lite.tensor.dispatch"() <{entry_points = [], operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0>, operand_encodings = [], result_encodings = []}> : () -> ()
  return
}

// -----

// Tests that a dispatch lists as many operand types as operands.
func.func @dispatch_operand_type_count(%r: !stream_lite.resource<*>, %sz: index) {
  // expected-error @+1 {{has 2 operands but 1 operand types}}
  stream_lite.tensor.dispatch @ex::@entry(%r, %sz) : (tensor<4xf32> in !stream_lite.resource<*>{%sz}) -> ()
  return
}

// -----

// Tests that a tensor operand type of a dispatch is followed by a resource type.
func.func @dispatch_operand_not_resource(%r: !stream_lite.resource<*>, %sz: index) {
  // expected-error @+1 {{expected a stream_lite resource type}}
  stream_lite.tensor.dispatch @ex::@entry(%r) : (tensor<4xf32> in index{%sz}) -> ()
  return
}

// -----

// Tests that a tied dispatch result names one of the operands.
func.func @dispatch_tied_unknown(%r: !stream_lite.resource<*>, %x: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{tied result names %x, which is not an operand}}
  %0 = stream_lite.tensor.dispatch @ex::@entry(%r) : (tensor<4xf32> in !stream_lite.resource<*>{%sz}) -> tensor<4xf32> in %x as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a tied dispatch result names a resource operand, not a scalar.
func.func @dispatch_tied_scalar(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.dispatch' op result 0 is tied to operand 1, which is not a resource operand}}
  %0 = stream_lite.tensor.dispatch @ex::@entry(%r, %sz) : (tensor<4xf32> in !stream_lite.resource<*>{%sz}, index) -> tensor<4xf32> in %sz as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a tied dispatch result has its operand's tensor type.
func.func @dispatch_tied_type_differs(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.dispatch' op result 0 type 'tensor<4xi32>' differs from its tied operand type 'tensor<4xf32>'}}
  %0 = stream_lite.tensor.dispatch @ex::@entry(%r) : (tensor<4xf32> in !stream_lite.resource<*>{%sz}) -> tensor<4xi32> in %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a tied dispatch result has its operand's encoding.
func.func @dispatch_tied_encoding_differs(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.dispatch' op result 0 type 'tensor<4xf32, #stream_lite.identity>' differs from its tied operand type 'tensor<4xf32>'}}
  %0 = stream_lite.tensor.dispatch @ex::@entry(%r) : (tensor<4xf32> in !stream_lite.resource<*>{%sz}) -> tensor<4xf32, #stream_lite.identity> in %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a tied dispatch result has its operand's resource type.
func.func @dispatch_tied_resource_differs(%r: !stream_lite.resource<transient>, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.dispatch' op result 0 resource type differs from its tied operand}}
  %0 = stream_lite.tensor.dispatch @ex::@entry(%r) : (tensor<4xf32> in !stream_lite.resource<transient>{%sz}) -> tensor<4xf32> in %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that dispatch operand types carry one dim value per dynamic dim.
func.func @dispatch_operand_dim_count(%r: !stream_lite.resource<*>, %d: index, %sz: index) {
  // expected-error @+1 {{'stream_lite.tensor.dispatch' op operand types have 1 dynamic dims but 2 dim values are attached}}
  stream_lite.tensor.dispatch @ex::@entry(%r) : (tensor<?x4xf32>{%d, %d} in !stream_lite.resource<*>{%sz}) -> ()
  return
}

// -----

// Tests that dispatch result types carry one dim value per dynamic dim.
func.func @dispatch_result_dim_count(%sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.dispatch' op result types have 1 dynamic dims but 0 dim values are attached}}
  %0 = stream_lite.tensor.dispatch @ex::@entry() : () -> tensor<?xf32> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that dispatch operand encodings are checked against their tensor types.
func.func @dispatch_operand_bad_encoding(%r: !stream_lite.resource<*>, %sz: index) {
  // expected-error @+1 {{'stream_lite.tensor.dispatch' op operand type 'tensor<4xf32, #stream_lite.padding<[0, 0]>>': padding has 2 entries but the tensor has rank 1}}
  stream_lite.tensor.dispatch @ex::@entry(%r) : (tensor<4xf32, #stream_lite.padding<[0, 0]>> in !stream_lite.resource<*>{%sz}) -> ()
  return
}

// -----

// Tests that dispatch result encodings are checked against their tensor types.
func.func @dispatch_result_bad_encoding(%sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.dispatch' op result type 'tensor<4xf32, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [4]>>': tiled inner_dims_pos 1 is out of range for a rank-1 tensor}}
  %0 = stream_lite.tensor.dispatch @ex::@entry() : () -> tensor<4xf32, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [4]>> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a dispatch has one operand encoding per operand (generic form).
func.func @dispatch_operand_encoding_count(%r: !stream_lite.resource<*>, %sz: index) {
  // expected-error @+1 {{'stream_lite.tensor.dispatch' op has 1 operands but 0 operand encodings}}
  "stream_lite.tensor.dispatch"(%r, %sz) <{entry_points = [@ex::@entry], operandSegmentSizes = array<i32: 0, 1, 1, 0, 0, 0>, operand_encodings = [], result_encodings = []}> : (!stream_lite.resource<*>, index) -> ()
  return
}

// -----

// Tests that a resource operand of a dispatch is described by a ranked tensor type (generic form).
func.func @dispatch_operand_encoding_not_tensor(%r: !stream_lite.resource<*>, %sz: index) {
  // expected-error @+1 {{'stream_lite.tensor.dispatch' op resource operand needs a ranked tensor type, got 'index'}}
  "stream_lite.tensor.dispatch"(%r, %sz) <{entry_points = [@ex::@entry], operandSegmentSizes = array<i32: 0, 1, 1, 0, 0, 0>, operand_encodings = [index], result_encodings = []}> : (!stream_lite.resource<*>, index) -> ()
  return
}

// -----

// Tests that a scalar operand of a dispatch is described by its own type (generic form).
func.func @dispatch_scalar_described_wrong(%sz: index) {
  // expected-error @+1 {{'stream_lite.tensor.dispatch' op scalar operand of type 'index' is described as 'i32'}}
  "stream_lite.tensor.dispatch"(%sz) <{entry_points = [@ex::@entry], operandSegmentSizes = array<i32: 0, 1, 0, 0, 0, 0>, operand_encodings = [i32], result_encodings = []}> : (index) -> ()
  return
}

// -----

// Tests that a dispatch has one size per resource operand (generic form).
func.func @dispatch_operand_size_count(%r: !stream_lite.resource<*>, %sz: index) {
  // expected-error @+1 {{'stream_lite.tensor.dispatch' op has 1 resource operands but 2 operand sizes}}
  "stream_lite.tensor.dispatch"(%r, %sz, %sz) <{entry_points = [@ex::@entry], operandSegmentSizes = array<i32: 0, 1, 2, 0, 0, 0>, operand_encodings = [tensor<4xf32>], result_encodings = []}> : (!stream_lite.resource<*>, index, index) -> ()
  return
}

// -----

// Tests that a dispatch has one encoding and one size per result (generic form).
func.func @dispatch_result_count(%sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.dispatch' op has 1 results but 0 result encodings and 1 result sizes}}
  %0 = "stream_lite.tensor.dispatch"(%sz) <{entry_points = [@ex::@entry], operandSegmentSizes = array<i32: 0, 0, 0, 0, 1, 0>, operand_encodings = [], result_encodings = []}> : (index) -> !stream_lite.resource<*>
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a dispatch result is described by a ranked tensor type (generic form).
func.func @dispatch_result_encoding_not_tensor(%sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.dispatch' op result needs a ranked tensor type, got f32}}
  %0 = "stream_lite.tensor.dispatch"(%sz) <{entry_points = [@ex::@entry], operandSegmentSizes = array<i32: 0, 0, 0, 0, 1, 0>, operand_encodings = [], result_encodings = [f32]}> : (index) -> !stream_lite.resource<*>
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that tied_operands has one entry per result (generic form).
func.func @dispatch_tied_count(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.dispatch' op tied_operands has 2 entries but the op has 1 results}}
  %0 = "stream_lite.tensor.dispatch"(%r, %sz, %sz) <{entry_points = [@ex::@entry], operandSegmentSizes = array<i32: 0, 1, 1, 0, 1, 0>, operand_encodings = [tensor<4xf32>], result_encodings = [tensor<4xf32>], tied_operands = [0, -1]}> : (!stream_lite.resource<*>, index, index) -> !stream_lite.resource<*>
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a tied operand index lies inside the operand list (generic form).
func.func @dispatch_tied_out_of_range(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.dispatch' op result 0 is tied to operand 5, which is not a resource operand}}
  %0 = "stream_lite.tensor.dispatch"(%r, %sz, %sz) <{entry_points = [@ex::@entry], operandSegmentSizes = array<i32: 0, 1, 1, 0, 1, 0>, operand_encodings = [tensor<4xf32>], result_encodings = [tensor<4xf32>], tied_operands = [5]}> : (!stream_lite.resource<*>, index, index) -> !stream_lite.resource<*>
  return %0 : !stream_lite.resource<*>
}

//===----------------------------------------------------------------------===//
// Executables
//===----------------------------------------------------------------------===//

// -----

// Tests that an executable holds only exports and one module.
// expected-error @+1 {{'stream_lite.executable' op may only contain stream_lite.executable.export and builtin.module ops, found func.func}}
stream_lite.executable private @ex_with_func {
  func.func @f() {
    return
  }
}

// -----

// Tests that an executable holds at most one module.
// expected-error @+1 {{'stream_lite.executable' op must contain at most one builtin.module}}
stream_lite.executable private @ex_two_modules {
  builtin.module {
  }
  builtin.module {
  }
}

// -----

// Tests that an executable body has no block arguments (they would not print).
// expected-error @+1 {{'stream_lite.executable' op body must not have block arguments}}
stream_lite.executable private @ex_block_args {
^bb0(%x: index):
  stream_lite.executable.export public @entry
}

// -----

// Tests that an executable body is a single block.
// expected-error @+1 {{'stream_lite.executable' op expects region #0 to have 0 or 1 blocks}}
stream_lite.executable private @ex_two_blocks {
^bb0:
  stream_lite.executable.export public @a
^bb1:
  stream_lite.executable.export public @b
}

// -----

// Tests that export symbols are unique within an executable.
stream_lite.executable private @ex_duplicate_export {
  // expected-note @+1 {{see existing symbol definition here}}
  stream_lite.executable.export public @entry
  // expected-error @+1 {{redefinition of symbol named 'entry'}}
  stream_lite.executable.export public @entry
}

// -----

// Tests that an executable export lives in an executable.
// expected-error @+1 {{'stream_lite.executable.export' op expects parent op 'stream_lite.executable'}}
stream_lite.executable.export public @stray

// -----

// Tests that an executable lives directly in a module.
func.func @executable_in_func() {
  // expected-error @+1 {{'stream_lite.executable' op expects parent op 'builtin.module'}}
  stream_lite.executable private @nested {
  }
  return
}
