// RUN: layout-opt --split-input-file --verify-diagnostics --stream-lite-specialize-encodings %s | FileCheck %s

// IREE's specialize_encodings.mlir, in stream-lite terms: IREE's devices
// (util.global + #hal.device.target with an iree.encoding.resolver) are
// stream_lite.device ops with a resolver per target, and IREE's CPU and GPU
// resolvers are the tiling and padding resolvers of the contract. Where
// IREE refuses to resolve an encoding on clone, slice, update and constant,
// stream-lite resolves it (the contract, section 5): those cases check ours.
// Serialized `#stream_lite.specialized<123>` is written with its type (the
// type-less form is not accepted yet). Not ported: conv_tensor_sizeof (conv
// encodings), gpu_with_encoding_layout and the WITH-SVE run (IREE's own GPU
// and scalable CPU resolvers), dispatch_hal_executable* (hal executables).

#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @device_a targets([#stream_lite.target<"vmvx", resolver = #stream_lite.tiling_resolver<m = 4, n = 4, k = 1>>])
stream_lite.device @device_b targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 16, n = 16, k = 1>>])

// tensor_sizeof: one matmul LHS encoding, resolved per device: each device's
// resolver gives its own tiles.
// CHECK-LABEL: func.func @tensor_sizeof
// CHECK: stream_lite.tensor.sizeof on(#stream_lite.affinity<@device_a>) tensor<?x?xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 1]>]>>
// CHECK: stream_lite.tensor.sizeof on(#stream_lite.affinity<@device_b>) tensor<?x?xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [16, 1]>]>>
func.func @tensor_sizeof(%d0: index, %d1: index) -> (index, index) {
  %size0 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@device_a>) tensor<?x?xf32, #lhs>{%d0, %d1} : index
  %size1 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@device_b>) tensor<?x?xf32, #lhs>{%d0, %d1} : index
  return %size0, %size1 : index, index
}

// -----

stream_lite.device @device_a targets([#stream_lite.target<"rocm", resolver = #stream_lite.padding_resolver<cache_line_bytes = 128, cache_sets = 4>>])

// with_pad_encoding_using_pad_attr: a 4096-byte row is padded by 64 f16
// (128 bytes); a 32-byte row is not padded; serialized paddings stay.
// CHECK-LABEL: func.func @with_pad_encoding_using_pad_attr
// CHECK: stream_lite.tensor.empty {{.+}} : tensor<?x2048xf16, #stream_lite.layout<[#stream_lite.padding<[0, 64]>]>>
// CHECK: stream_lite.tensor.empty {{.+}} : tensor<?x16xf16, #stream_lite.layout<[#stream_lite.padding<[0, 0]>]>>
// CHECK: stream_lite.tensor.empty {{.+}} : tensor<?x2048xf16, #stream_lite.padding<[0, 64]>>
// CHECK: stream_lite.tensor.empty {{.+}} : tensor<?x2048xf16, #stream_lite.padding<[64, 64]>>
func.func @with_pad_encoding_using_pad_attr(%arg0: index, %arg1: index) {
  %0 = stream_lite.tensor.empty on(#stream_lite.affinity<@device_a>) : tensor<?x2048xf16, #stream_lite.padding<[0, ?]>>{%arg0} in !stream_lite.resource<*>{%arg1}
  %1 = stream_lite.tensor.empty on(#stream_lite.affinity<@device_a>) : tensor<?x16xf16, #stream_lite.padding<[0, ?]>>{%arg0} in !stream_lite.resource<*>{%arg1}
  %2 = stream_lite.tensor.empty on(#stream_lite.affinity<@device_a>) : tensor<?x2048xf16, #stream_lite.padding<[0, 64]>>{%arg0} in !stream_lite.resource<*>{%arg1}
  %3 = stream_lite.tensor.empty on(#stream_lite.affinity<@device_a>) : tensor<?x2048xf16, #stream_lite.padding<[64, 64]>>{%arg0} in !stream_lite.resource<*>{%arg1}
  return
}

// -----

stream_lite.device @device_a targets([#stream_lite.target<"rocm", resolver = #stream_lite.padding_resolver<cache_line_bytes = 128, cache_sets = 4>>])

// error_with_pad_encoding_using_pad_attr: a dynamic innermost dim cannot be
// padded.
func.func @error_with_pad_encoding_using_pad_attr(%arg0: index, %arg1: index) {
  // expected-error @+1 {{padding request on a dynamic innermost dim}}
  %0 = stream_lite.tensor.empty on(#stream_lite.affinity<@device_a>) : tensor<2048x?xf16, #stream_lite.padding<[0, ?]>>{%arg0} in !stream_lite.resource<*>{%arg1}
  return
}

// -----

stream_lite.device @device_a targets([#stream_lite.target<"rocm", resolver = #stream_lite.padding_resolver<cache_line_bytes = 128, cache_sets = 4>>])

// error_with_pad_encoding_using_pad_attr: nor a request with a non-zero
// leading entry.
func.func @error_with_pad_encoding_leading_pad(%arg0: index, %arg1: index) {
  // expected-error @+1 {{padding_resolver needs padding<[0, ..., 0, ?]> (zero leading entries)}}
  %1 = stream_lite.tensor.empty on(#stream_lite.affinity<@device_a>) : tensor<?x2048xf16, #stream_lite.padding<[64, ?]>>{%arg0} in !stream_lite.resource<*>{%arg1}
  return
}

// -----

stream_lite.device @device_a targets([#stream_lite.target<"rocm", resolver = #stream_lite.padding_resolver<cache_line_bytes = 128, cache_sets = 4>>])

// create_pad_identity_encoding: IREE's padding resolver turns a testing
// encoding into padding<[0, 0]> when it has no target info; stream-lite's
// padding resolver resolves padding requests only (the contract) and says so.
func.func @create_pad_identity_encoding(%arg0: index, %arg1: index) {
  // expected-error @+1 {{padding_resolver only resolves padding<[0, ..., 0, ?]> requests}}
  %0 = stream_lite.tensor.empty on(#stream_lite.affinity<@device_a>) : tensor<?x0xf32, #stream_lite.testing<>>{%arg0} in !stream_lite.resource<*>{%arg1}
  return
}

// -----

stream_lite.device @device_a targets([#stream_lite.target<"vmvx", resolver = #stream_lite.specialization_resolver<123>>])

// ops_with_result_encoding_only: empty and splat get the device's layout; a
// constant without encoding is left alone.
// CHECK-LABEL: func.func @ops_with_result_encoding_only
// CHECK: stream_lite.tensor.empty on(#stream_lite.affinity<@device_a>) : tensor<?x0xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<?x0xf32>>]>>
// CHECK: stream_lite.tensor.constant {{.+}} : tensor<?x5x64xf32>{%arg0} in !stream_lite.resource<constant> = dense<0.000000e+00> : tensor<1x5x64xf32>
// CHECK: stream_lite.tensor.splat on(#stream_lite.affinity<@device_a>) {{.+}} -> tensor<?x1x10xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<?x1x10xf32>>]>>
func.func @ops_with_result_encoding_only(%arg0: index, %arg1: index, %scalar_f32 : f32) {
  %0 = stream_lite.tensor.empty on(#stream_lite.affinity<@device_a>) : tensor<?x0xf32, #stream_lite.testing<>>{%arg0} in !stream_lite.resource<*>{%arg1}
  %1 = stream_lite.tensor.constant on(#stream_lite.affinity<@device_a>) : tensor<?x5x64xf32>{%arg0} in !stream_lite.resource<constant> = dense<0.000000e+00> : tensor<1x5x64xf32>
  %2 = stream_lite.tensor.splat on(#stream_lite.affinity<@device_a>) %scalar_f32 : f32 -> tensor<?x1x10xf32, #stream_lite.testing<>>{%arg0} in !stream_lite.resource<*>{%arg1}
  return
}

// -----

stream_lite.device @device_a targets([#stream_lite.target<"vmvx", resolver = #stream_lite.specialization_resolver<123>>])

// tensor_fill_op: a fill target without a visible creator resolves with the
// fill's device.
// CHECK-LABEL: func.func @tensor_fill_op
// CHECK: stream_lite.tensor.fill on(#stream_lite.affinity<@device_a>) {{.+}} -> tensor<?x4xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<?x4xf32>>]>>
func.func @tensor_fill_op(%arg0: f32, %arg1: !stream_lite.resource<*>, %arg2: index, %arg3: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = stream_lite.tensor.fill on(#stream_lite.affinity<@device_a>) %arg0, %arg1[%c0, %c0 for %c1, %c1] : f32 -> tensor<?x4xf32, #stream_lite.testing<>>{%arg2} in %arg1 as !stream_lite.resource<*>{%arg3}
  return
}

// -----

stream_lite.device @device_a targets([#stream_lite.target<"vmvx", resolver = #stream_lite.specialization_resolver<123>>])

// tensor_encode_op: the encode's result is resolved.
// CHECK-LABEL: func.func @tensor_encode_op
// CHECK: stream_lite.tensor.encode on(#stream_lite.affinity<@device_a>) {{.+}} -> tensor<?x?xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<?x?xf32>>]>>
func.func @tensor_encode_op(%arg0: !stream_lite.resource<*>, %arg1: index, %arg2: index, %arg3: index) {
  %0 = stream_lite.tensor.encode on(#stream_lite.affinity<@device_a>) %arg0 : tensor<?x?xf32>{%arg2, %arg3} in !stream_lite.resource<*>{%arg1} -> tensor<?x?xf32, #stream_lite.testing<>>{%arg2, %arg3} in !stream_lite.resource<*>{%arg1}
  return
}

// -----

stream_lite.device @device_a targets([#stream_lite.target<"vmvx", resolver = #stream_lite.specialization_resolver<123>>])

// tensor_encode_op_change_encoding: the testing encoding is resolved, the
// unknown one stays.
// CHECK-LABEL: func.func @tensor_encode_op_change_encoding
// CHECK: stream_lite.tensor.encode on(#stream_lite.affinity<@device_a>) %arg0 : tensor<?x?xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<?x?xf32>>]>>{{.+}} -> tensor<?x?xf32, #stream_lite.unknown>
func.func @tensor_encode_op_change_encoding(%arg0: !stream_lite.resource<*>, %arg1: index, %arg2: index, %arg3: index) {
  %0 = stream_lite.tensor.encode on(#stream_lite.affinity<@device_a>) %arg0 : tensor<?x?xf32, #stream_lite.testing<>>{%arg2, %arg3} in !stream_lite.resource<*>{%arg1} -> tensor<?x?xf32, #stream_lite.unknown>{%arg2, %arg3} in !stream_lite.resource<*>{%arg1}
  return
}

// -----

stream_lite.device @device_a targets([#stream_lite.target<"vmvx", resolver = #stream_lite.specialization_resolver<123>>])

// tensor_constant_op_with_unserialized_encoding: IREE fails; stream-lite
// resolves constants too (differs by design, contract section 5).
// CHECK-LABEL: func.func @tensor_constant_op_with_unserialized_encoding
// CHECK: stream_lite.tensor.constant on(#stream_lite.affinity<@device_a>) : tensor<?x5x64xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<?x5x64xf32>>]>>
func.func @tensor_constant_op_with_unserialized_encoding(%arg0: index) {
  %0 = stream_lite.tensor.constant on(#stream_lite.affinity<@device_a>) : tensor<?x5x64xf32, #stream_lite.testing<>>{%arg0} in !stream_lite.resource<constant> = dense<0.000000e+00> : tensor<1x5x64xf32>
  return
}

// -----

stream_lite.device @device_a targets([#stream_lite.target<"vmvx">])

// tensor_constant_op_with_serialized_encoding, tensor_constant_op_with_unknown:
// serialized and unknown encodings stay.
// CHECK-LABEL: func.func @tensor_constant_op_with_serialized_encoding
// CHECK: stream_lite.tensor.constant {{.+}} : tensor<?x5x64xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<?x5x64xf32>>]>>
// CHECK: stream_lite.tensor.constant {{.+}} : tensor<?x5x64xf32, #stream_lite.unknown>
func.func @tensor_constant_op_with_serialized_encoding(%arg0: index) {
  %0 = stream_lite.tensor.constant on(#stream_lite.affinity<@device_a>) : tensor<?x5x64xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<?x5x64xf32>>]>>{%arg0} in !stream_lite.resource<constant> = dense<0.000000e+00> : tensor<1x5x64xf32>
  %1 = stream_lite.tensor.constant on(#stream_lite.affinity<@device_a>) : tensor<?x5x64xf32, #stream_lite.unknown>{%arg0} in !stream_lite.resource<constant> = dense<0.000000e+00> : tensor<1x5x64xf32>
  return
}

// -----

stream_lite.device @device_a targets([#stream_lite.target<"vmvx", resolver = #stream_lite.specialization_resolver<123>>])

// tensor_clone_op_with_unserialized_encoding: IREE fails; stream-lite
// resolves the clone's source and result with the device (differs by design).
// CHECK-LABEL: func.func @tensor_clone_op_with_unserialized_encoding
// CHECK: stream_lite.tensor.clone on(#stream_lite.affinity<@device_a>) %arg0 : tensor<?x4xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<?x4xf32>>]>>{{.+}} -> tensor<?x4xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<?x4xf32>>]>>
func.func @tensor_clone_op_with_unserialized_encoding(%arg0: !stream_lite.resource<*>, %arg1: index, %arg2: index) {
  %0 = stream_lite.tensor.clone on(#stream_lite.affinity<@device_a>) %arg0 : tensor<?x4xf32, #stream_lite.testing<>>{%arg1} in !stream_lite.resource<*>{%arg2} -> tensor<?x4xf32, #stream_lite.testing<>>{%arg1} in !stream_lite.resource<*>{%arg2}
  return
}

// -----

stream_lite.device @device_a targets([#stream_lite.target<"vmvx", resolver = #stream_lite.specialization_resolver<123>>])
#serialized = #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<?x4xf32>>]>

// tensor_clone_op_with_unknowns, tensor_clone_op_with_serialized_encodings:
// left alone.
// CHECK-LABEL: func.func @tensor_clone_op_with_unknowns
// CHECK: stream_lite.tensor.clone on(#stream_lite.affinity<@device_a>) %arg0 : tensor<?x4xf32, #stream_lite.unknown>{{.+}} -> tensor<?x4xf32, #stream_lite.unknown>
// CHECK: stream_lite.tensor.clone on(#stream_lite.affinity<@device_a>) %arg0 : tensor<?x4xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<?x4xf32>>]>>{{.+}} -> tensor<?x4xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<?x4xf32>>]>>
func.func @tensor_clone_op_with_unknowns(%arg0: !stream_lite.resource<*>, %arg1: index, %arg2: index) {
  %0 = stream_lite.tensor.clone on(#stream_lite.affinity<@device_a>) %arg0 : tensor<?x4xf32, #stream_lite.unknown>{%arg1} in !stream_lite.resource<*>{%arg2} -> tensor<?x4xf32, #stream_lite.unknown>{%arg1} in !stream_lite.resource<*>{%arg2}
  %1 = stream_lite.tensor.clone on(#stream_lite.affinity<@device_a>) %arg0 : tensor<?x4xf32, #serialized>{%arg1} in !stream_lite.resource<*>{%arg2} -> tensor<?x4xf32, #serialized>{%arg1} in !stream_lite.resource<*>{%arg2}
  return
}

// -----

stream_lite.device @device_a targets([#stream_lite.target<"vmvx", resolver = #stream_lite.specialization_resolver<123>>])

// tensor_slice_op_with_encoding: IREE fails; stream-lite resolves the source
// and the result (differs by design).
// CHECK-LABEL: func.func @tensor_slice_op_with_encoding
// CHECK: stream_lite.tensor.slice on(#stream_lite.affinity<@device_a>) %arg0[%c0, %c1 for %arg3, %c1] : tensor<?x4xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<?x4xf32>>]>>{{.+}} -> tensor<?x1xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<?x1xf32>>]>>
func.func @tensor_slice_op_with_encoding(%arg0: !stream_lite.resource<*>, %arg1: index, %arg2: index, %arg3: index, %arg4: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %1 = stream_lite.tensor.slice on(#stream_lite.affinity<@device_a>) %arg0[%c0, %c1 for %arg3, %c1] : tensor<?x4xf32, #stream_lite.testing<>>{%arg1} in !stream_lite.resource<*>{%arg2} -> tensor<?x1xf32, #stream_lite.testing<>>{%arg3} in !stream_lite.resource<*>{%arg4}
  return
}

// -----

stream_lite.device @device_a targets([#stream_lite.target<"vmvx", resolver = #stream_lite.specialization_resolver<123>>])

// tensor_slice_op_with_unknown_or_serialized_encodings: left alone.
// CHECK-LABEL: func.func @tensor_slice_op_with_unknown_or_serialized_encodings
// CHECK: stream_lite.tensor.slice on(#stream_lite.affinity<@device_a>) {{.+}} : tensor<?x4xf32, #stream_lite.unknown>{{.+}} -> tensor<?x1xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<?x1xf32>>]>>
func.func @tensor_slice_op_with_unknown_or_serialized_encodings(%arg0: !stream_lite.resource<*>, %arg1: index, %arg2: index, %arg3: index, %arg4: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %1 = stream_lite.tensor.slice on(#stream_lite.affinity<@device_a>) %arg0[%c0, %c1 for %arg3, %c1] : tensor<?x4xf32, #stream_lite.unknown>{%arg1} in !stream_lite.resource<*>{%arg2} -> tensor<?x1xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<?x1xf32>>]>>{%arg3} in !stream_lite.resource<*>{%arg4}
  return
}

// -----

stream_lite.device @device_a targets([#stream_lite.target<"vmvx", resolver = #stream_lite.specialization_resolver<123>>])

// tensor_update_op_with_unserialized_encodings: IREE fails; stream-lite
// resolves the update and the target (differs by design).
// CHECK-LABEL: func.func @tensor_update_op_with_unserialized_encodings
// CHECK: stream_lite.tensor.update on(#stream_lite.affinity<@device_a>) %arg0, %arg2[%c0, %c0] : tensor<2x2xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<2x2xf32>>]>>{{.+}} -> tensor<?x4xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<?x4xf32>>]>>
func.func @tensor_update_op_with_unserialized_encodings(%arg0: !stream_lite.resource<*>, %arg1: index, %arg2: !stream_lite.resource<*>, %arg3: index, %arg4: index) {
  %c0 = arith.constant 0 : index
  %0 = stream_lite.tensor.update on(#stream_lite.affinity<@device_a>) %arg0, %arg2[%c0, %c0] : tensor<2x2xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%arg1} -> tensor<?x4xf32, #stream_lite.testing<>>{%arg3} in %arg2 as !stream_lite.resource<*>{%arg4}
  return
}

// -----

stream_lite.device @device_a targets([#stream_lite.target<"vmvx", resolver = #stream_lite.specialization_resolver<123>>])

// tensor_update_op_with_unknown_or_serialized_encodings: left alone.
// CHECK-LABEL: func.func @tensor_update_op_with_unknown_or_serialized_encodings
// CHECK: stream_lite.tensor.update on(#stream_lite.affinity<@device_a>) {{.+}} : tensor<2x2xf32, #stream_lite.unknown>{{.+}} -> tensor<?x4xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<?x4xf32>>]>>
func.func @tensor_update_op_with_unknown_or_serialized_encodings(%arg0: !stream_lite.resource<*>, %arg1: index, %arg2: !stream_lite.resource<*>, %arg3: index, %arg4: index) {
  %c0 = arith.constant 0 : index
  %0 = stream_lite.tensor.update on(#stream_lite.affinity<@device_a>) %arg0, %arg2[%c0, %c0] : tensor<2x2xf32, #stream_lite.unknown> in !stream_lite.resource<*>{%arg1} -> tensor<?x4xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<?x4xf32>>]>>{%arg3} in %arg2 as !stream_lite.resource<*>{%arg4}
  return
}

// -----

stream_lite.device @device_a targets([#stream_lite.target<"vmvx">])
stream_lite.device @device_b targets([#stream_lite.target<"vmvx", resolver = #stream_lite.identity_resolver>])

// drop_encoding, ignore_encoding_by_identity_resolver: a target without a
// resolver, or with the identity resolver, gives the identity layout.
// CHECK-LABEL: func.func @drop_encoding
// CHECK: stream_lite.tensor.empty {{.+}} : tensor<?x0xf32, #stream_lite.testing<layouts = [#stream_lite.identity]>>
// CHECK: stream_lite.tensor.empty {{.+}} : tensor<?x0xf32, #stream_lite.testing<layouts = [#stream_lite.identity]>>
func.func @drop_encoding(%arg0: index, %arg1: index) {
  %0 = stream_lite.tensor.empty on(#stream_lite.affinity<@device_a>) : tensor<?x0xf32, #stream_lite.testing<>>{%arg0} in !stream_lite.resource<*>{%arg1}
  %1 = stream_lite.tensor.empty on(#stream_lite.affinity<@device_b>) : tensor<?x0xf32, #stream_lite.testing<>>{%arg0} in !stream_lite.resource<*>{%arg1}
  return
}

// -----

stream_lite.device @device_a targets([#stream_lite.target<"vmvx", resolver = #stream_lite.specialization_resolver<456>>])

// keep_encoding_if_serialized: a serialized encoding is not resolved again.
// CHECK-LABEL: func.func @keep_encoding_if_serialized
// CHECK: stream_lite.tensor.empty {{.+}} : tensor<?x0xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<?x0xf32>>]>>
func.func @keep_encoding_if_serialized(%arg0: index, %arg1: index) {
  %0 = stream_lite.tensor.empty on(#stream_lite.affinity<@device_a>) : tensor<?x0xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<?x0xf32>>]>>{%arg0} in !stream_lite.resource<*>{%arg1}
  return
}

// -----

stream_lite.device @device_a targets([#stream_lite.target<"vmvx", resolver = #stream_lite.unsupported_resolver>])

// fail_to_get_recognized_layout: a resolver that cannot resolve is an error
// naming the op.
func.func @fail_to_get_recognized_layout(%arg0: index, %arg1: index) {
  // expected-error @+1 {{'stream_lite.tensor.empty' op cannot resolve the encoding of result 'tensor<?x0xf32, #stream_lite.testing<>>' for target "vmvx" of @device_a: the target's resolver is unsupported_resolver}}
  %0 = stream_lite.tensor.empty on(#stream_lite.affinity<@device_a>) : tensor<?x0xf32, #stream_lite.testing<>>{%arg0} in !stream_lite.resource<*>{%arg1}
  return
}
