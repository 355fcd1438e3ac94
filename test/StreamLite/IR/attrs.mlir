// RUN: layout-opt --allow-unregistered-dialect --split-input-file %s | layout-opt --allow-unregistered-dialect --split-input-file | FileCheck %s
// RUN: layout-opt --allow-unregistered-dialect --split-input-file --mlir-print-op-generic %s | layout-opt --allow-unregistered-dialect --split-input-file | FileCheck %s

// Round trip of every stream_lite type and attribute (docs/language.md).
// Attributes that are not affinities sit under the non-dialect name
// `some.attr` (the stream_lite dialect verifies every `stream_lite.*`
// discardable attribute) or as encodings of tensor types on ops.

// Tests that !stream_lite.resource round trips for every lifetime, and
// !stream_lite.binding.
func.func @resource_types(%a: !stream_lite.resource<*>, %b: !stream_lite.resource<external>, %c: !stream_lite.resource<staging>, %d: !stream_lite.resource<transient>, %e: !stream_lite.resource<variable>, %f: !stream_lite.resource<constant>, %g: !stream_lite.binding) {
  return
}
// CHECK-LABEL: func.func @resource_types
// CHECK-SAME: (%{{.+}}: !stream_lite.resource<*>, %{{.+}}: !stream_lite.resource<external>, %{{.+}}: !stream_lite.resource<staging>, %{{.+}}: !stream_lite.resource<transient>, %{{.+}}: !stream_lite.resource<variable>, %{{.+}}: !stream_lite.resource<constant>, %{{.+}}: !stream_lite.binding) {

// -----

// Tests that resource and binding types round trip as op result types.
func.func @resource_results() -> (!stream_lite.resource<variable>, !stream_lite.binding) {
  %0 = "test.make"() : () -> !stream_lite.resource<variable>
  %1 = "test.make"() : () -> !stream_lite.binding
  return %0, %1 : !stream_lite.resource<variable>, !stream_lite.binding
}
// CHECK-LABEL: func.func @resource_results() -> (!stream_lite.resource<variable>, !stream_lite.binding)
// CHECK: "test.make"() : () -> !stream_lite.resource<variable>
// CHECK: "test.make"() : () -> !stream_lite.binding

// -----

// Tests that a single-device affinity round trips.
func.func @affinity_single() attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  return
}
// CHECK-LABEL: func.func @affinity_single()
// CHECK-SAME: attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
stream_lite.device @cpu targets([#stream_lite.target<"x">])

// -----

// Tests that a multi-device affinity round trips as a list.
func.func @affinity_list() attributes {stream_lite.affinity = #stream_lite.affinity<[@cpu, @gpu, @plain]>} {
  return
}
// CHECK-LABEL: func.func @affinity_list()
// CHECK-SAME: attributes {stream_lite.affinity = #stream_lite.affinity<[@cpu, @gpu, @plain]>} {
stream_lite.device @cpu targets([#stream_lite.target<"x">])
stream_lite.device @gpu targets([#stream_lite.target<"x">])
stream_lite.device @plain targets([#stream_lite.target<"x">])

// -----

// Tests that a one-element affinity list prints in the single-device form.
func.func @affinity_one_element_list() attributes {stream_lite.affinity = #stream_lite.affinity<[@cpu]>} {
  return
}
// CHECK-LABEL: func.func @affinity_one_element_list()
// CHECK-SAME: attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
stream_lite.device @cpu targets([#stream_lite.target<"x">])

// -----

// Tests that a module-level stream_lite.affinity attribute round trips.
module attributes {stream_lite.affinity = #stream_lite.affinity<[@gpu, @cpu]>} {
  func.func @affinity_on_module() {
    return
  }
  stream_lite.device @cpu targets([#stream_lite.target<"x">])
  stream_lite.device @gpu targets([#stream_lite.target<"x">])
}
// CHECK: module attributes {stream_lite.affinity = #stream_lite.affinity<[@gpu, @cpu]>} {
// CHECK-LABEL: func.func @affinity_on_module()

// -----

// Tests that targets round trip with and without a resolver, for every
// resolver.
func.func @targets() attributes {some.attr = [#stream_lite.target<"vmvx">, #stream_lite.target<"llvm-cpu", resolver = #stream_lite.identity_resolver>, #stream_lite.target<"a", resolver = #stream_lite.unsupported_resolver>, #stream_lite.target<"b", resolver = #stream_lite.specialization_resolver<123>>, #stream_lite.target<"rocm", resolver = #stream_lite.padding_resolver<cache_line_bytes = 128, cache_sets = 4>>, #stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>]} {
  return
}
// CHECK-LABEL: func.func @targets()
// CHECK-SAME: attributes {some.attr = [#stream_lite.target<"vmvx">, #stream_lite.target<"llvm-cpu", resolver = #stream_lite.identity_resolver>, #stream_lite.target<"a", resolver = #stream_lite.unsupported_resolver>, #stream_lite.target<"b", resolver = #stream_lite.specialization_resolver<123>>, #stream_lite.target<"rocm", resolver = #stream_lite.padding_resolver<cache_line_bytes = 128, cache_sets = 4>>, #stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>]} {

// -----

// Tests that every resolver round trips on its own.
func.func @resolvers() attributes {some.a = #stream_lite.identity_resolver, some.b = #stream_lite.unsupported_resolver, some.c = #stream_lite.specialization_resolver<123>, some.d = #stream_lite.padding_resolver<cache_line_bytes = 64, cache_sets = 16>, some.e = #stream_lite.tiling_resolver<m = 16, n = 16, k = 2>, some.f = #stream_lite.specialization_resolver<-7>} {
  return
}
// CHECK-LABEL: func.func @resolvers()
// CHECK-SAME: attributes {some.a = #stream_lite.identity_resolver, some.b = #stream_lite.unsupported_resolver, some.c = #stream_lite.specialization_resolver<123>, some.d = #stream_lite.padding_resolver<cache_line_bytes = 64, cache_sets = 16>, some.e = #stream_lite.tiling_resolver<m = 16, n = 16, k = 2>, some.f = #stream_lite.specialization_resolver<-7>} {

// -----

// Tests that matmul data-tiling encodings round trip for every operand, as
// attributes and as tensor encodings.
func.func @encoding() -> (index, index, index) attributes {some.attr = #stream_lite.encoding<operand_index = 1, op_type = conv, element_types = [f16, f16, f32]>} {
  %lhs = stream_lite.tensor.sizeof tensor<16x8xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>> : index
  %rhs = stream_lite.tensor.sizeof tensor<8x4xi8, #stream_lite.encoding<operand_index = 1, op_type = matmul, element_types = [i8, i8, i32]>> : index
  %res = stream_lite.tensor.sizeof tensor<16x4xi32, #stream_lite.encoding<operand_index = 2, op_type = matmul, element_types = [i8, i8, i32]>> : index
  return %lhs, %rhs, %res : index, index, index
}
// CHECK-LABEL: func.func @encoding()
// CHECK-SAME: attributes {some.attr = #stream_lite.encoding<operand_index = 1, op_type = conv, element_types = [f16, f16, f32]>} {
// CHECK: stream_lite.tensor.sizeof tensor<16x8xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>> : index{{$}}
// CHECK: stream_lite.tensor.sizeof tensor<8x4xi8, #stream_lite.encoding<operand_index = 1, op_type = matmul, element_types = [i8, i8, i32]>> : index{{$}}
// CHECK: stream_lite.tensor.sizeof tensor<16x4xi32, #stream_lite.encoding<operand_index = 2, op_type = matmul, element_types = [i8, i8, i32]>> : index{{$}}

// -----

// Tests that padding requests (with `?`) and static paddings round trip.
func.func @padding(%d: index) -> (index, index, index) attributes {some.attr = [#stream_lite.padding<[0, ?]>, #stream_lite.padding<[?, ?, 0]>, #stream_lite.padding<[0, 16]>, #stream_lite.padding<[]>]} {
  %req = stream_lite.tensor.sizeof tensor<?x4xf32, #stream_lite.padding<[0, ?]>>{%d} : index
  %pad = stream_lite.tensor.sizeof tensor<8x64xf32, #stream_lite.padding<[0, 16]>> : index
  %scalar = stream_lite.tensor.sizeof tensor<f32, #stream_lite.padding<[]>> : index
  return %req, %pad, %scalar : index, index, index
}
// CHECK-LABEL: func.func @padding
// CHECK-SAME: attributes {some.attr = [#stream_lite.padding<[0, ?]>, #stream_lite.padding<[?, ?, 0]>, #stream_lite.padding<[0, 16]>, #stream_lite.padding<[]>]} {
// CHECK: stream_lite.tensor.sizeof tensor<?x4xf32, #stream_lite.padding<[0, ?]>>{%{{.+}}} : index{{$}}
// CHECK: stream_lite.tensor.sizeof tensor<8x64xf32, #stream_lite.padding<[0, 16]>> : index{{$}}
// CHECK: stream_lite.tensor.sizeof tensor<f32, #stream_lite.padding<[]>> : index{{$}}

// -----

// Tests that the testing encoding round trips unserialized and serialized.
func.func @testing() -> (index, index) attributes {some.attr = [#stream_lite.testing<>, #stream_lite.testing<layouts = [#stream_lite.specialized<1, tensor<4xf32>>]>]} {
  %a = stream_lite.tensor.sizeof tensor<4x4xf32, #stream_lite.testing<>> : index
  %b = stream_lite.tensor.sizeof tensor<4x4xf32, #stream_lite.testing<layouts = [#stream_lite.identity, #stream_lite.padding<[0, 4]>]>> : index
  return %a, %b : index, index
}
// CHECK-LABEL: func.func @testing
// CHECK-SAME: attributes {some.attr = [#stream_lite.testing<>, #stream_lite.testing<layouts = [#stream_lite.specialized<1, tensor<4xf32>>]>]} {
// CHECK: stream_lite.tensor.sizeof tensor<4x4xf32, #stream_lite.testing<>> : index{{$}}
// CHECK: stream_lite.tensor.sizeof tensor<4x4xf32, #stream_lite.testing<layouts = [#stream_lite.identity, #stream_lite.padding<[0, 4]>]>> : index{{$}}

// -----

// Tests that layout lists round trip, with one and several entries.
func.func @layout() -> (index, index) attributes {some.attr = #stream_lite.layout<[#stream_lite.identity]>} {
  %a = stream_lite.tensor.sizeof tensor<4x4xf32, #stream_lite.layout<[#stream_lite.identity, #stream_lite.padding<[0, 4]>, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 1]>]>> : index
  %b = stream_lite.tensor.sizeof tensor<4x4xf32, #stream_lite.layout<[#stream_lite.specialized<7, tensor<4x4xf32>>]>> : index
  return %a, %b : index, index
}
// CHECK-LABEL: func.func @layout
// CHECK-SAME: attributes {some.attr = #stream_lite.layout<[#stream_lite.identity]>} {
// CHECK: stream_lite.tensor.sizeof tensor<4x4xf32, #stream_lite.layout<[#stream_lite.identity, #stream_lite.padding<[0, 4]>, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 1]>]>> : index{{$}}
// CHECK: stream_lite.tensor.sizeof tensor<4x4xf32, #stream_lite.layout<[#stream_lite.specialized<7, tensor<4x4xf32>>]>> : index{{$}}

// -----

// Tests that the identity layout round trips.
func.func @identity(%d: index) -> index attributes {some.attr = #stream_lite.identity} {
  %a = stream_lite.tensor.sizeof tensor<?x3xi16, #stream_lite.identity>{%d} : index
  return %a : index
}
// CHECK-LABEL: func.func @identity
// CHECK-SAME: attributes {some.attr = #stream_lite.identity} {
// CHECK: stream_lite.tensor.sizeof tensor<?x3xi16, #stream_lite.identity>{%{{.+}}} : index{{$}}

// -----

// Tests that tiled layouts round trip: outer_dims_perm is printed when it is
// not the identity and dropped when it is.
func.func @tiled() -> (index, index, index) attributes {some.attr = [#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 1]>, #stream_lite.tiled<inner_dims_pos = [1, 0], inner_tiles = [4, 1], outer_dims_perm = [1, 0]>, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 1], outer_dims_perm = [0, 1]>, #stream_lite.tiled<inner_dims_pos = [], inner_tiles = []>]} {
  %a = stream_lite.tensor.sizeof tensor<16x8xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 1]>> : index
  %b = stream_lite.tensor.sizeof tensor<8x4xf32, #stream_lite.tiled<inner_dims_pos = [1, 0], inner_tiles = [4, 1], outer_dims_perm = [1, 0]>> : index
  %c = stream_lite.tensor.sizeof tensor<2x3x4xf32, #stream_lite.tiled<inner_dims_pos = [2], inner_tiles = [4], outer_dims_perm = [0, 1, 2]>> : index
  return %a, %b, %c : index, index, index
}
// CHECK-LABEL: func.func @tiled
// CHECK-SAME: attributes {some.attr = [#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 1]>, #stream_lite.tiled<inner_dims_pos = [1, 0], inner_tiles = [4, 1], outer_dims_perm = [1, 0]>, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 1]>, #stream_lite.tiled<inner_dims_pos = [], inner_tiles = []>]} {
// CHECK: stream_lite.tensor.sizeof tensor<16x8xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 1]>> : index{{$}}
// CHECK: stream_lite.tensor.sizeof tensor<8x4xf32, #stream_lite.tiled<inner_dims_pos = [1, 0], inner_tiles = [4, 1], outer_dims_perm = [1, 0]>> : index{{$}}
// CHECK: stream_lite.tensor.sizeof tensor<2x3x4xf32, #stream_lite.tiled<inner_dims_pos = [2], inner_tiles = [4]>> : index{{$}}

// -----

// Tests that the specialized testing layout round trips.
func.func @specialized(%d: index) -> index attributes {some.attr = #stream_lite.specialized<123, tensor<?x4xf32>>} {
  %a = stream_lite.tensor.sizeof tensor<?x4xf32, #stream_lite.specialized<123, tensor<?x4xf32>>>{%d} : index
  return %a : index
}
// CHECK-LABEL: func.func @specialized
// CHECK-SAME: attributes {some.attr = #stream_lite.specialized<123, tensor<?x4xf32>>} {
// CHECK: stream_lite.tensor.sizeof tensor<?x4xf32, #stream_lite.specialized<123, tensor<?x4xf32>>>{%{{.+}}} : index{{$}}

// -----

// Tests that the unknown encoding round trips.
func.func @unknown() -> index attributes {some.attr = #stream_lite.unknown} {
  %a = stream_lite.tensor.sizeof tensor<4xf32, #stream_lite.unknown> : index
  return %a : index
}
// CHECK-LABEL: func.func @unknown
// CHECK-SAME: attributes {some.attr = #stream_lite.unknown} {
// CHECK: stream_lite.tensor.sizeof tensor<4xf32, #stream_lite.unknown> : index{{$}}

// -----

// Tests that encodings of other dialects (builtin, a registered dialect and an
// unregistered one) are accepted and left as they are.
func.func @foreign_encodings(%sz: index) -> (index, index, !stream_lite.resource<*>) {
  %a = stream_lite.tensor.sizeof tensor<4xf32, "foreign"> : index
  %b = stream_lite.tensor.sizeof tensor<4xf32, #arith.fastmath<fast>> : index
  %c = stream_lite.tensor.empty : tensor<4x4xf32, #foo.layout<"x">> in !stream_lite.resource<*>{%sz}
  return %a, %b, %c : index, index, !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @foreign_encodings
// CHECK: stream_lite.tensor.sizeof tensor<4xf32, "foreign"> : index{{$}}
// CHECK: stream_lite.tensor.sizeof tensor<4xf32, #arith.fastmath<fast>> : index{{$}}
// CHECK: stream_lite.tensor.empty : tensor<4x4xf32, #foo.layout<"x">> in !stream_lite.resource<*>{%{{.+}}}{{$}}

// -----

// Tests that swizzles round trip alone, on tiled layouts (after
// outer_dims_perm, and without it), and on tiling resolvers per operand.
func.func @swizzle() -> (index, index) attributes {some.attr = [#stream_lite.swizzle<expand_shape = [[4, 4], [4]], permutation = [1, 0, 2]>, #stream_lite.tiled<inner_dims_pos = [1, 0], inner_tiles = [16, 4], outer_dims_perm = [1, 0], swizzle = #stream_lite.swizzle<expand_shape = [[4, 4], [4]], permutation = [1, 0, 2]>>, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4], outer_dims_perm = [0, 1], swizzle = #stream_lite.swizzle<expand_shape = [[8], [2, 2]], permutation = [2, 0, 1]>>], some.resolvers = [#stream_lite.tiling_resolver<m = 16, n = 16, k = 4, lhs_swizzle = #stream_lite.swizzle<expand_shape = [[16], [4]], permutation = [1, 0]>>, #stream_lite.tiling_resolver<m = 16, n = 16, k = 4, rhs_swizzle = #stream_lite.swizzle<expand_shape = [[4, 4], [4]], permutation = [1, 0, 2]>, result_swizzle = #stream_lite.swizzle<expand_shape = [[16], [16]], permutation = [1, 0]>>]} {
  %a = stream_lite.tensor.sizeof tensor<5x7xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4], swizzle = #stream_lite.swizzle<expand_shape = [[2, 4], [4]], permutation = [2, 0, 1]>>> : index
  %b = stream_lite.tensor.sizeof tensor<5x7xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4], swizzle = #stream_lite.swizzle<expand_shape = [[2, 4], [4]], permutation = [2, 0, 1]>>]>> : index
  return %a, %b : index, index
}
// CHECK-LABEL: func.func @swizzle
// CHECK-SAME: some.attr = [#stream_lite.swizzle<expand_shape = {{\[}}[4, 4], [4]], permutation = [1, 0, 2]>, #stream_lite.tiled<inner_dims_pos = [1, 0], inner_tiles = [16, 4], outer_dims_perm = [1, 0], swizzle = #stream_lite.swizzle<expand_shape = {{\[}}[4, 4], [4]], permutation = [1, 0, 2]>>, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4], swizzle = #stream_lite.swizzle<expand_shape = {{\[}}[8], [2, 2]], permutation = [2, 0, 1]>>]
// CHECK-SAME: some.resolvers = [#stream_lite.tiling_resolver<m = 16, n = 16, k = 4, lhs_swizzle = #stream_lite.swizzle<expand_shape = {{\[}}[16], [4]], permutation = [1, 0]>>, #stream_lite.tiling_resolver<m = 16, n = 16, k = 4, rhs_swizzle = #stream_lite.swizzle<expand_shape = {{\[}}[4, 4], [4]], permutation = [1, 0, 2]>, result_swizzle = #stream_lite.swizzle<expand_shape = {{\[}}[16], [16]], permutation = [1, 0]>>]
// CHECK: stream_lite.tensor.sizeof tensor<5x7xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4], swizzle = #stream_lite.swizzle<expand_shape = {{\[}}[2, 4], [4]], permutation = [2, 0, 1]>>> : index{{$}}
// CHECK: stream_lite.tensor.sizeof tensor<5x7xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4], swizzle = #stream_lite.swizzle<expand_shape = {{\[}}[2, 4], [4]], permutation = [2, 0, 1]>>]>> : index{{$}}

// -----

// Tests that iteration_sizes round trip (static, 0 for an empty matmul, and
// `?`) on matmul and batch_matmul encodings, and that an encoding without
// them prints none.
func.func @iteration_sizes(%d: index) -> (index, index, index, index) {
  %a = stream_lite.tensor.sizeof tensor<3x8xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32], iteration_sizes = [3, 16, 8]>> : index
  %b = stream_lite.tensor.sizeof tensor<?x8xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32], iteration_sizes = [?, ?, 8]>>{%d} : index
  %c = stream_lite.tensor.sizeof tensor<2x8x2xi8, #stream_lite.encoding<operand_index = 1, op_type = batch_matmul, element_types = [i8, i8, i32], iteration_sizes = [1, 2, 8]>> : index
  %e = stream_lite.tensor.sizeof tensor<0x8xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32], iteration_sizes = [0, 16, 8]>> : index
  return %a, %b, %c, %e : index, index, index, index
}
// CHECK-LABEL: func.func @iteration_sizes
// CHECK: tensor<3x8xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32], iteration_sizes = [3, 16, 8]>> : index{{$}}
// CHECK: tensor<?x8xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32], iteration_sizes = [?, ?, 8]>>{%{{.+}}} : index{{$}}
// CHECK: tensor<2x8x2xi8, #stream_lite.encoding<operand_index = 1, op_type = batch_matmul, element_types = [i8, i8, i32], iteration_sizes = [1, 2, 8]>> : index{{$}}
// CHECK: tensor<0x8xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32], iteration_sizes = [0, 16, 8]>> : index{{$}}
