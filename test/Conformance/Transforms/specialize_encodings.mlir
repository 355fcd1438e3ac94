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

// -----

stream_lite.device @device_a targets([#stream_lite.target<"vmvx", resolver = #stream_lite.specialization_resolver<123>>])

// tensor_dispatch_with_tied_operands: the operand and the tied result are
// resolved. The tied result is written `in %0 as !type{%size}` (IREE's
// `in %0{%size}` is not accepted yet).
// CHECK-LABEL: func.func @tensor_dispatch_with_tied_operands
// CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@device_a>) @executable::@dispatch(%[[T:.+]], %arg3) : (tensor<4x?xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<4x?xf32>>]>>{%arg2} in !stream_lite.resource<*>{%arg1}, index) -> tensor<4x?xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<4x?xf32>>]>>{%arg2} in %[[T]] as !stream_lite.resource<*>{%arg1}
stream_lite.executable private @executable {
  stream_lite.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream_lite.binding, %arg1: index) {
      %c0 = arith.constant 0 : index
      %0 = stream_lite.binding.subspan %arg0[%c0] : !stream_lite.binding -> tensor<16xf32, #stream_lite.testing<>> in memref<?xi8>
      return
    }
  }
}
func.func @tensor_dispatch_with_tied_operands(%arg0: !stream_lite.resource<external>, %arg1: index, %arg2: index, %arg3: index) -> !stream_lite.resource<*> {
  %0 = stream_lite.async.transfer %arg0 : !stream_lite.resource<external>{%arg1} from(#stream_lite.affinity<@device_a>) -> to(#stream_lite.affinity<@device_a>) !stream_lite.resource<*>{%arg1}
  %1 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@device_a>) @executable::@dispatch(%0, %arg3) : (tensor<4x?xf32, #stream_lite.testing<>>{%arg2} in !stream_lite.resource<*>{%arg1}, index) -> tensor<4x?xf32, #stream_lite.testing<>>{%arg2} in %0 as !stream_lite.resource<*>{%arg1}
  return %1 : !stream_lite.resource<*>
}

// -----

stream_lite.device @device_a targets([#stream_lite.target<"vmvx", resolver = #stream_lite.specialization_resolver<123>>])
stream_lite.device @device_b targets([#stream_lite.target<"vmvx", resolver = #stream_lite.specialization_resolver<123>>])

// multi_device_with_same_executable_targets: two devices with the same
// resolver give the same binding layouts: one executable, no copy.
// CHECK: stream_lite.executable private @ex {
// CHECK: stream_lite.binding.subspan {{.+}} -> tensor<16xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<16xf32>>]>>
// CHECK: stream_lite.binding.subspan {{.+}} -> tensor<16xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<16xf32>>]>>
// CHECK-NOT: stream_lite.executable private
// CHECK-LABEL: func.func @multi_device_with_same_executable_targets
// CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@device_a>) @ex::@dispatch
// CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@device_b>) @ex::@dispatch
stream_lite.executable private @ex {
  stream_lite.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream_lite.binding, %arg1: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %0 = stream_lite.binding.subspan %arg0[%c0] : !stream_lite.binding -> tensor<16xf32, #stream_lite.testing<>> in memref<?xi8>
      %1 = stream_lite.binding.subspan %arg1[%c0] : !stream_lite.binding -> tensor<16xf32, #stream_lite.testing<>> in memref<?xi8>
      return
    }
  }
}
func.func @multi_device_with_same_executable_targets(%arg0: !stream_lite.resource<external>, %arg1: index) {
  %0 = stream_lite.async.transfer %arg0 : !stream_lite.resource<external>{%arg1} from(#stream_lite.affinity<@device_a>) -> to(#stream_lite.affinity<@device_a>) !stream_lite.resource<*>{%arg1}
  %1 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@device_a>) @ex::@dispatch(%0) : (tensor<16xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%arg1}) -> tensor<16xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%arg1}
  %2 = stream_lite.async.transfer %1 : !stream_lite.resource<*>{%arg1} from(#stream_lite.affinity<@device_a>) -> to(#stream_lite.affinity<@device_b>) !stream_lite.resource<*>{%arg1}
  %3 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@device_b>) @ex::@dispatch(%2) : (tensor<16xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%arg1}) -> tensor<16xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%arg1}
  return
}

// -----

stream_lite.device @device_a targets([#stream_lite.target<"target_a", resolver = #stream_lite.specialization_resolver<123>>])
stream_lite.device @device_b targets([#stream_lite.target<"target_b", resolver = #stream_lite.specialization_resolver<456>>])

// multi_device_with_different_executable_targets: the second dispatch reads
// data device_a made (123) and makes its result on device_b (456): the
// executable is copied for that binding list.
// CHECK: stream_lite.executable private @ex {
// CHECK: stream_lite.binding.subspan {{.+}} -> tensor<16xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<16xf32>>]>>
// CHECK: stream_lite.binding.subspan {{.+}} -> tensor<16xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<16xf32>>]>>
// CHECK: stream_lite.executable private @ex_dup0 {
// CHECK: stream_lite.binding.subspan {{.+}} -> tensor<16xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<16xf32>>]>>
// CHECK: stream_lite.binding.subspan {{.+}} -> tensor<16xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<456, tensor<16xf32>>]>>
// CHECK-LABEL: func.func @multi_device_with_different_executable_targets
// CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@device_a>) @ex::@dispatch
// CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@device_b>) @ex_dup0::@dispatch
stream_lite.executable private @ex {
  stream_lite.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream_lite.binding, %arg1: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %0 = stream_lite.binding.subspan %arg0[%c0] : !stream_lite.binding -> tensor<16xf32, #stream_lite.testing<>> in memref<?xi8>
      %1 = stream_lite.binding.subspan %arg1[%c0] : !stream_lite.binding -> tensor<16xf32, #stream_lite.testing<>> in memref<?xi8>
      return
    }
  }
}
func.func @multi_device_with_different_executable_targets(%arg0: !stream_lite.resource<external>, %arg1: index) {
  %0 = stream_lite.async.transfer %arg0 : !stream_lite.resource<external>{%arg1} from(#stream_lite.affinity<@device_a>) -> to(#stream_lite.affinity<@device_a>) !stream_lite.resource<*>{%arg1}
  %1 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@device_a>) @ex::@dispatch(%0) : (tensor<16xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%arg1}) -> tensor<16xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%arg1}
  %2 = stream_lite.async.transfer %1 : !stream_lite.resource<*>{%arg1} from(#stream_lite.affinity<@device_a>) -> to(#stream_lite.affinity<@device_b>) !stream_lite.resource<*>{%arg1}
  %3 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@device_b>) @ex::@dispatch(%2) : (tensor<16xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%arg1}) -> tensor<16xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%arg1}
  return
}

// -----

stream_lite.device @device_a targets([#stream_lite.target<"target_a", resolver = #stream_lite.specialization_resolver<123>>])
stream_lite.device @device_b targets([#stream_lite.target<"target_b", resolver = #stream_lite.specialization_resolver<456>>])

// multi_device_set_encoding: the same kernel making encoded data on two
// devices is copied once; each copy's encoded binding has its device's
// layout, the plain one none.
// CHECK: stream_lite.executable private @ex {
// CHECK: stream_lite.binding.subspan {{.+}} -> tensor<?x?xf32>{{.+}} in
// CHECK: stream_lite.binding.subspan {{.+}} -> tensor<?x?xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<?x?xf32>>]>>
// CHECK: stream_lite.executable private @ex_dup0 {
// CHECK: stream_lite.binding.subspan {{.+}} -> tensor<?x?xf32>{{.+}} in
// CHECK: stream_lite.binding.subspan {{.+}} -> tensor<?x?xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<456, tensor<?x?xf32>>]>>
// CHECK-LABEL: func.func @multi_device_set_encoding
// CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@device_a>) @ex::@set_encoding
// CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@device_b>) @ex_dup0::@set_encoding
stream_lite.executable private @ex {
  stream_lite.executable.export public @set_encoding
  builtin.module {
    func.func @set_encoding(%arg0: !stream_lite.binding, %arg1: index, %arg2: index, %arg3: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %0 = stream_lite.binding.subspan %arg0[%c0] : !stream_lite.binding -> tensor<?x?xf32>{%arg1, %arg2} in memref<?xi8>
      %1 = stream_lite.binding.subspan %arg3[%c0] : !stream_lite.binding -> tensor<?x?xf32, #stream_lite.testing<>>{%arg1, %arg2} in memref<?xi8>
      return
    }
  }
}
func.func @multi_device_set_encoding(%arg0: !stream_lite.resource<external>, %arg1: !stream_lite.resource<external>, %arg2: index, %N : index, %K : index) {
  %0 = stream_lite.async.transfer %arg0 : !stream_lite.resource<external>{%arg2} from(#stream_lite.affinity<@device_a>) -> to(#stream_lite.affinity<@device_a>) !stream_lite.resource<*>{%arg2}
  %1 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@device_a>) @ex::@set_encoding(%0, %N, %K) : (tensor<?x?xf32>{%N, %K} in !stream_lite.resource<*>{%arg2}, index, index) -> tensor<?x?xf32, #stream_lite.testing<>>{%N, %K} in !stream_lite.resource<*>{%arg2}
  %2 = stream_lite.async.transfer %arg1 : !stream_lite.resource<external>{%arg2} from(#stream_lite.affinity<@device_b>) -> to(#stream_lite.affinity<@device_b>) !stream_lite.resource<*>{%arg2}
  %3 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@device_b>) @ex::@set_encoding(%2, %N, %K) : (tensor<?x?xf32>{%N, %K} in !stream_lite.resource<*>{%arg2}, index, index) -> tensor<?x?xf32, #stream_lite.testing<>>{%N, %K} in !stream_lite.resource<*>{%arg2}
  return
}

// -----

stream_lite.device @device_a targets([#stream_lite.target<"target_a", resolver = #stream_lite.specialization_resolver<123>>])
stream_lite.device @device_b targets([#stream_lite.target<"target_b", resolver = #stream_lite.specialization_resolver<456>>])

// multi_device_unset_encoding: the same for a kernel reading encoded data
// that comes from outside (no visible creator: the dispatch's device).
// CHECK: stream_lite.executable private @ex {
// CHECK: stream_lite.binding.subspan {{.+}} -> tensor<?x?xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<?x?xf32>>]>>
// CHECK: stream_lite.binding.subspan {{.+}} -> tensor<?x?xf32>{{.+}} in
// CHECK: stream_lite.executable private @ex_dup0 {
// CHECK: stream_lite.binding.subspan {{.+}} -> tensor<?x?xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<456, tensor<?x?xf32>>]>>
// CHECK: stream_lite.binding.subspan {{.+}} -> tensor<?x?xf32>{{.+}} in
// CHECK-LABEL: func.func @multi_device_unset_encoding
// CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@device_a>) @ex::@unset_encoding
// CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@device_b>) @ex_dup0::@unset_encoding
stream_lite.executable private @ex {
  stream_lite.executable.export public @unset_encoding
  builtin.module {
    func.func @unset_encoding(%arg0: !stream_lite.binding, %arg1: index, %arg2: index, %arg3: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %0 = stream_lite.binding.subspan %arg0[%c0] : !stream_lite.binding -> tensor<?x?xf32, #stream_lite.testing<>>{%arg1, %arg2} in memref<?xi8>
      %1 = stream_lite.binding.subspan %arg3[%c0] : !stream_lite.binding -> tensor<?x?xf32>{%arg1, %arg2} in memref<?xi8>
      return
    }
  }
}
func.func @multi_device_unset_encoding(%arg0: !stream_lite.resource<external>, %arg1: !stream_lite.resource<external>, %arg2: index, %M: index, %N: index) {
  %0 = stream_lite.async.transfer %arg0 : !stream_lite.resource<external>{%arg2} from(#stream_lite.affinity<@device_a>) -> to(#stream_lite.affinity<@device_a>) !stream_lite.resource<*>{%arg2}
  %1 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@device_a>) @ex::@unset_encoding(%0, %M, %N) : (tensor<?x?xf32, #stream_lite.testing<>>{%M, %N} in !stream_lite.resource<*>{%arg2}, index, index) -> tensor<?x?xf32>{%M, %N} in !stream_lite.resource<*>{%arg2}
  %2 = stream_lite.async.transfer %arg1 : !stream_lite.resource<external>{%arg2} from(#stream_lite.affinity<@device_b>) -> to(#stream_lite.affinity<@device_b>) !stream_lite.resource<*>{%arg2}
  %3 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@device_b>) @ex::@unset_encoding(%2, %M, %N) : (tensor<?x?xf32, #stream_lite.testing<>>{%M, %N} in !stream_lite.resource<*>{%arg2}, index, index) -> tensor<?x?xf32>{%M, %N} in !stream_lite.resource<*>{%arg2}
  return
}

// -----

stream_lite.device @device_a targets([#stream_lite.target<"target_a", resolver = #stream_lite.specialization_resolver<123>>])
stream_lite.device @device_b targets([#stream_lite.target<"target_b", resolver = #stream_lite.specialization_resolver<456>>])

#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
#rhs = #stream_lite.encoding<operand_index = 1, op_type = matmul, element_types = [f32, f32, f32]>
#res = #stream_lite.encoding<operand_index = 2, op_type = matmul, element_types = [f32, f32, f32]>

// multi_device_gemm: a gemm kernel whose three bindings are encoded, run on
// two devices: one copy per device, each with its device's three layouts.
// (The kernel body is left out: only the bindings matter here.)
// CHECK: stream_lite.executable private @ex {
// CHECK-COUNT-3: stream_lite.binding.subspan {{.+}}#stream_lite.layout<[#stream_lite.specialized<123, tensor<?x?xf32>>]>
// CHECK: stream_lite.executable private @ex_dup0 {
// CHECK-COUNT-3: stream_lite.binding.subspan {{.+}}#stream_lite.layout<[#stream_lite.specialized<456, tensor<?x?xf32>>]>
// CHECK-LABEL: func.func @multi_device_gemm
// CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@device_a>) @ex::@gemm
// CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@device_b>) @ex_dup0::@gemm
stream_lite.executable private @ex {
  stream_lite.executable.export public @gemm
  builtin.module {
    func.func @gemm(%arg0: !stream_lite.binding, %arg1: !stream_lite.binding, %m: index, %n: index, %k: index, %arg6: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %0 = stream_lite.binding.subspan %arg0[%c0] : !stream_lite.binding -> tensor<?x?xf32, #lhs>{%m, %k} in memref<?xi8>
      %1 = stream_lite.binding.subspan %arg1[%c0] : !stream_lite.binding -> tensor<?x?xf32, #rhs>{%k, %n} in memref<?xi8>
      %2 = stream_lite.binding.subspan %arg6[%c0] : !stream_lite.binding -> tensor<?x?xf32, #res>{%m, %n} in memref<?xi8>
      return
    }
  }
}
func.func @multi_device_gemm(%arg0: !stream_lite.resource<external>, %arg1: !stream_lite.resource<external>, %arg2: !stream_lite.resource<external>, %arg3: !stream_lite.resource<external>, %M: index, %N: index, %K: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) {
  %MK = arith.muli %M, %K : index
  %NK = arith.muli %N, %K : index
  %MN = arith.muli %M, %N : index
  %LHS_A = stream_lite.async.transfer %arg0 : !stream_lite.resource<external>{%MK} from(#stream_lite.affinity<@device_a>) -> to(#stream_lite.affinity<@device_a>) !stream_lite.resource<*>{%MK}
  %RHS_A = stream_lite.async.transfer %arg1 : !stream_lite.resource<external>{%NK} from(#stream_lite.affinity<@device_a>) -> to(#stream_lite.affinity<@device_a>) !stream_lite.resource<*>{%NK}
  %RES_A = stream_lite.tensor.dispatch on(#stream_lite.affinity<@device_a>) @ex::@gemm(%LHS_A, %RHS_A, %M, %N, %K) : (tensor<?x?xf32, #lhs>{%M, %K} in !stream_lite.resource<*>{%MK}, tensor<?x?xf32, #rhs>{%K, %N} in !stream_lite.resource<*>{%NK}, index, index, index) -> tensor<?x?xf32, #res>{%M, %N} in !stream_lite.resource<*>{%MN}
  %LHS_B = stream_lite.async.transfer %arg2 : !stream_lite.resource<external>{%MK} from(#stream_lite.affinity<@device_b>) -> to(#stream_lite.affinity<@device_b>) !stream_lite.resource<*>{%MK}
  %RHS_B = stream_lite.async.transfer %arg3 : !stream_lite.resource<external>{%NK} from(#stream_lite.affinity<@device_b>) -> to(#stream_lite.affinity<@device_b>) !stream_lite.resource<*>{%NK}
  %RES_B = stream_lite.tensor.dispatch on(#stream_lite.affinity<@device_b>) @ex::@gemm(%LHS_B, %RHS_B, %M, %N, %K) : (tensor<?x?xf32, #lhs>{%M, %K} in !stream_lite.resource<*>{%MK}, tensor<?x?xf32, #rhs>{%K, %N} in !stream_lite.resource<*>{%NK}, index, index, index) -> tensor<?x?xf32, #res>{%M, %N} in !stream_lite.resource<*>{%MN}
  return %RES_A, %RES_B : !stream_lite.resource<*>, !stream_lite.resource<*>
}

// -----

stream_lite.device @device_a targets([#stream_lite.target<"vmvx", resolver = #stream_lite.specialization_resolver<123>>])
#serialized = #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<4x?xf32>>]>

// tensor_dispatch_with_unknown_and_serialized_encodings,
// tensor_dispatch_with_unknown_and_unserialized_encodings: unknown and
// serialized encodings stay, an unserialized one is resolved; the result
// binding gets the serialized layout, the operand binding (unknown
// encoding) none.
// CHECK: stream_lite.binding.subspan %arg0{{.+}} -> tensor<4x?xf32>{%arg1} in
// CHECK: stream_lite.binding.subspan %arg2{{.+}} -> tensor<4x?xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<4x?xf32>>]>>
// CHECK-LABEL: func.func @tensor_dispatch_with_unknown_and_serialized_encodings
// CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@device_a>) @executable::@dispatch({{.+}}) : (tensor<4x?xf32, #stream_lite.unknown>{{.+}}, index) -> tensor<4x?xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<4x?xf32>>]>>
// CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@device_a>) @executable::@dispatch({{.+}}) : (tensor<4x?xf32, #stream_lite.unknown>{{.+}}, index) -> tensor<4x?xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<4x?xf32>>]>>
stream_lite.executable private @executable {
  stream_lite.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream_lite.binding, %arg1: index, %arg2: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %0 = stream_lite.binding.subspan %arg0[%c0] : !stream_lite.binding -> tensor<4x?xf32>{%arg1} in memref<?xi8>
      %1 = stream_lite.binding.subspan %arg2[%c0] : !stream_lite.binding -> tensor<4x?xf32>{%arg1} in memref<?xi8>
      return
    }
  }
}
func.func @tensor_dispatch_with_unknown_and_serialized_encodings(%arg0: !stream_lite.resource<external>, %arg1: index, %arg2: index, %arg3: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) {
  %0 = stream_lite.async.transfer %arg0 : !stream_lite.resource<external>{%arg1} from(#stream_lite.affinity<@device_a>) -> to(#stream_lite.affinity<@device_a>) !stream_lite.resource<*>{%arg1}
  %1 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@device_a>) @executable::@dispatch(%0, %arg3) : (tensor<4x?xf32, #stream_lite.unknown>{%arg2} in !stream_lite.resource<*>{%arg1}, index) -> tensor<4x?xf32, #serialized>{%arg2} in !stream_lite.resource<*>{%arg1}
  %2 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@device_a>) @executable::@dispatch(%0, %arg3) : (tensor<4x?xf32, #stream_lite.unknown>{%arg2} in !stream_lite.resource<*>{%arg1}, index) -> tensor<4x?xf32, #stream_lite.testing<>>{%arg2} in !stream_lite.resource<*>{%arg1}
  return %1, %2 : !stream_lite.resource<*>, !stream_lite.resource<*>
}
