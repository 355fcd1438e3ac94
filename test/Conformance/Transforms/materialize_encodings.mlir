// RUN: layout-opt --split-input-file --stream-lite-materialize-builtins %s | FileCheck %s

// IREE's materialize_encodings.mlir, in stream-lite terms. IREE turns every
// stream.tensor.encode into a dispatch of a generated executable that sets or
// unsets the encoding; stream-lite does this in materialize-builtins, with a
// generated relayout kernel (@__builtin_encode_<signature>) for encodes
// between different layouts (docs/passes.md). IREE's testing encodings are
// written as the tiled and padding layouts they stand for, since stream-lite's
// testing layouts are not executable.
// Not here: mixed_static_dynamic_encoding (an encode from 4x? to ?x5 changes the shape,
// which stream-lite's encode never does).

stream_lite.device @dev targets([#stream_lite.target<"x">])
#tiled = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>

// encode_static_shape: 4x5xf32 to a tiled layout is one dispatch of a
// generated executable taking the source and making the result.
// CHECK-LABEL: stream_lite.executable private @__builtin_encode_4x5xf32_to_4x5xf32_tiled_p0_1_t4_4
// CHECK: func.func @__builtin_encode_4x5xf32_to_4x5xf32_tiled_p0_1_t4_4(
// CHECK-LABEL: func.func @encode_static_shape
// CHECK-SAME: (%[[RESOURCE:[a-z0-9_]+]]: !stream_lite.resource<*>, %[[TOTAL_SIZE:[a-z0-9_]+]]: index)
// CHECK: %[[R:.+]] = stream_lite.tensor.dispatch on(#stream_lite.affinity<@dev>) @__builtin_encode_4x5xf32_to_4x5xf32_tiled_p0_1_t4_4::@__builtin_encode_4x5xf32_to_4x5xf32_tiled_p0_1_t4_4(%[[RESOURCE]]) : (tensor<4x5xf32> in !stream_lite.resource<*>{%[[TOTAL_SIZE]]}) -> tensor<4x5xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>> in !stream_lite.resource<*>{%[[TOTAL_SIZE]]}
// CHECK: return %[[R]]
func.func @encode_static_shape(%resource: !stream_lite.resource<*>, %total_size: index) -> !stream_lite.resource<*> {
  %0 = stream_lite.tensor.encode on(#stream_lite.affinity<@dev>) %resource : tensor<4x5xf32> in !stream_lite.resource<*>{%total_size} -> tensor<4x5xf32, #tiled> in !stream_lite.resource<*>{%total_size}
  return %0 : !stream_lite.resource<*>
}

// -----

stream_lite.device @dev targets([#stream_lite.target<"x">])
#tiled = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>

// encode_result_resource: ?x?xf32 to a tiled layout; the dispatch gets the
// dims of the source and of the result as operands.
// CHECK-LABEL: stream_lite.executable private @__builtin_encode_DxDxf32_to_DxDxf32_tiled_p0_1_t4_4
// CHECK-LABEL: func.func @encode_result_resource
// CHECK-SAME: (%[[RESOURCE:[a-z0-9_]+]]: !stream_lite.resource<*>, %[[TOTAL_SIZE:[a-z0-9_]+]]: index, %[[D0:[a-z0-9_]+]]: index, %[[D1:[a-z0-9_]+]]: index)
// CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@dev>) @__builtin_encode_DxDxf32_to_DxDxf32_tiled_p0_1_t4_4::@__builtin_encode_DxDxf32_to_DxDxf32_tiled_p0_1_t4_4(%[[RESOURCE]], %[[D0]], %[[D1]], %[[D0]], %[[D1]]) : (tensor<?x?xf32>{%[[D0]], %[[D1]]} in !stream_lite.resource<*>{%[[TOTAL_SIZE]]}, index, index, index, index) -> tensor<?x?xf32, {{.+}}>{%[[D0]], %[[D1]]} in !stream_lite.resource<*>{%[[TOTAL_SIZE]]}
func.func @encode_result_resource(%resource: !stream_lite.resource<*>, %total_size: index, %d0: index, %d1: index) -> !stream_lite.resource<*> {
  %0 = stream_lite.tensor.encode on(#stream_lite.affinity<@dev>) %resource : tensor<?x?xf32>{%d0, %d1} in !stream_lite.resource<*>{%total_size} -> tensor<?x?xf32, #tiled>{%d0, %d1} in !stream_lite.resource<*>{%total_size}
  return %0 : !stream_lite.resource<*>
}

// -----

stream_lite.device @dev targets([#stream_lite.target<"x">])
#tiled = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>

// decode_source_resource: from a tiled layout back to no encoding.
// CHECK-LABEL: stream_lite.executable private @__builtin_encode_DxDxf32_tiled_p0_1_t4_4_to_DxDxf32
// CHECK-LABEL: func.func @decode_source_resource
// CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@dev>) @__builtin_encode_DxDxf32_tiled_p0_1_t4_4_to_DxDxf32::@__builtin_encode_DxDxf32_tiled_p0_1_t4_4_to_DxDxf32(%arg0, %arg2, %arg3, %arg2, %arg3)
func.func @decode_source_resource(%resource: !stream_lite.resource<*>, %total_size: index, %d0: index, %d1: index) -> !stream_lite.resource<*> {
  %0 = stream_lite.tensor.encode on(#stream_lite.affinity<@dev>) %resource : tensor<?x?xf32, #tiled>{%d0, %d1} in !stream_lite.resource<*>{%total_size} -> tensor<?x?xf32>{%d0, %d1} in !stream_lite.resource<*>{%total_size}
  return %0 : !stream_lite.resource<*>
}

// -----

stream_lite.device @dev targets([#stream_lite.target<"x">])
#tiled = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>
#padded = #stream_lite.padding<[0, 8]>

// update_encoding: from one serialized layout to another is one dispatch
// (IREE: unset then set in one executable; here one relayout kernel).
// CHECK-LABEL: stream_lite.executable private @__builtin_encode_DxDxf32_tiled_p0_1_t4_4_to_DxDxf32_pad_0_8
// CHECK-LABEL: func.func @update_encoding
// CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@dev>) @__builtin_encode_DxDxf32_tiled_p0_1_t4_4_to_DxDxf32_pad_0_8::@__builtin_encode_DxDxf32_tiled_p0_1_t4_4_to_DxDxf32_pad_0_8(%arg0, %arg2, %arg3, %arg2, %arg3)
func.func @update_encoding(%resource: !stream_lite.resource<*>, %total_size: index, %d0: index, %d1: index) -> !stream_lite.resource<*> {
  %0 = stream_lite.tensor.encode on(#stream_lite.affinity<@dev>) %resource : tensor<?x?xf32, #tiled>{%d0, %d1} in !stream_lite.resource<*>{%total_size} -> tensor<?x?xf32, #padded>{%d0, %d1} in !stream_lite.resource<*>{%total_size}
  return %0 : !stream_lite.resource<*>
}

// -----

stream_lite.device @dev targets([#stream_lite.target<"x">])
#tiled = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>

// multi_identical_encode_ops: two identical encodes share one executable.
// CHECK: stream_lite.executable private @__builtin_encode_4x5xf32_to_4x5xf32_tiled_p0_1_t4_4
// CHECK-NOT: stream_lite.executable private
// CHECK-LABEL: func.func @multi_identical_encode_ops
// CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@dev>) @__builtin_encode_4x5xf32_to_4x5xf32_tiled_p0_1_t4_4::
// CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@dev>) @__builtin_encode_4x5xf32_to_4x5xf32_tiled_p0_1_t4_4::
func.func @multi_identical_encode_ops(%resource: !stream_lite.resource<*>, %total_size: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) {
  %0 = stream_lite.tensor.encode on(#stream_lite.affinity<@dev>) %resource : tensor<4x5xf32> in !stream_lite.resource<*>{%total_size} -> tensor<4x5xf32, #tiled> in !stream_lite.resource<*>{%total_size}
  %1 = stream_lite.tensor.encode on(#stream_lite.affinity<@dev>) %resource : tensor<4x5xf32> in !stream_lite.resource<*>{%total_size} -> tensor<4x5xf32, #tiled> in !stream_lite.resource<*>{%total_size}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}

// -----

// fold_tensor_encode_op: an encode between equal types is its source,
// whatever the encoding (here one no pass recognizes): no dispatch.
// CHECK-LABEL: func.func @fold_tensor_encode_op
// CHECK-SAME: (%[[SRC:[a-z0-9_]+]]: !stream_lite.resource<*>
// CHECK-NOT: stream_lite.tensor.encode
// CHECK-NOT: stream_lite.tensor.dispatch
// CHECK: return %[[SRC]]
func.func @fold_tensor_encode_op(%arg0: !stream_lite.resource<*>, %d: index, %sz: index) -> !stream_lite.resource<*> {
  %0 = stream_lite.tensor.encode %arg0 : tensor<?x4xf32, #stream_lite.unknown>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32, #stream_lite.unknown>{%d} in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
