// RUN: layout-opt --split-input-file %s | FileCheck %s
// RUN: layout-opt --split-input-file %s | layout-opt --split-input-file | FileCheck %s

// IREE's Encoding IR test roundtrip.mlir, for the attributes stream_lite
// mirrors (docs/conformance.md, IR tests). IREE's set_encoding and
// unset_encoding ops have no stream_lite counterpart; the attributes are
// carried by function types and a tensor.sizeof instead.

// IREE writes batch matmul operands as op_type = matmul on rank-3 tensors; the contract names them op_type = batch_matmul (section 3.3).
#encoding = #stream_lite.encoding<operand_index = 0, op_type = batch_matmul, element_types = [f32, f32, f32]>
#encoding1 = #stream_lite.encoding<operand_index = 0, op_type = batch_matmul, element_types = [i8, i8, i32]>
#encoding2 = #stream_lite.encoding<operand_index = 0, op_type = batch_matmul, element_types = [f16, f16, f32]>
#encoding3 = #stream_lite.encoding<operand_index = 0, op_type = batch_matmul, element_types = [f16, f16, f16]>
#encoding4 = #stream_lite.encoding<operand_index = 0, op_type = batch_matmul, element_types = [bf16, bf16, f32]>
#encoding5 = #stream_lite.encoding<operand_index = 0, op_type = batch_matmul, element_types = [bf16, bf16, bf16]>
func.func @set_encoding_with_batch_matmul_user(%d0: index, %d1: index, %d2: index) -> (index, index, index, index, index, index) {
  %0 = stream_lite.tensor.sizeof tensor<?x?x?xf32, #encoding>{%d0, %d1, %d2} : index
  %1 = stream_lite.tensor.sizeof tensor<?x?x?xi8, #encoding1>{%d0, %d1, %d2} : index
  %2 = stream_lite.tensor.sizeof tensor<?x?x?xf16, #encoding2>{%d0, %d1, %d2} : index
  %3 = stream_lite.tensor.sizeof tensor<?x?x?xf16, #encoding3>{%d0, %d1, %d2} : index
  %4 = stream_lite.tensor.sizeof tensor<?x?x?xbf16, #encoding4>{%d0, %d1, %d2} : index
  %5 = stream_lite.tensor.sizeof tensor<?x?x?xbf16, #encoding5>{%d0, %d1, %d2} : index
  return %0, %1, %2, %3, %4, %5 : index, index, index, index, index, index
}
// CHECK-LABEL: func.func @set_encoding_with_batch_matmul_user
// CHECK: tensor<?x?x?xf32, #stream_lite.encoding<operand_index = 0, op_type = batch_matmul, element_types = [f32, f32, f32]>>
// CHECK: tensor<?x?x?xi8, #stream_lite.encoding<operand_index = 0, op_type = batch_matmul, element_types = [i8, i8, i32]>>
// CHECK: tensor<?x?x?xf16, #stream_lite.encoding<operand_index = 0, op_type = batch_matmul, element_types = [f16, f16, f32]>>
// CHECK: tensor<?x?x?xf16, #stream_lite.encoding<operand_index = 0, op_type = batch_matmul, element_types = [f16, f16, f16]>>
// CHECK: tensor<?x?x?xbf16, #stream_lite.encoding<operand_index = 0, op_type = batch_matmul, element_types = [bf16, bf16, f32]>>
// CHECK: tensor<?x?x?xbf16, #stream_lite.encoding<operand_index = 0, op_type = batch_matmul, element_types = [bf16, bf16, bf16]>>

// -----

#encoding = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
#encoding1 = #stream_lite.encoding<operand_index = 1, op_type = matmul, element_types = [f32, f32, f32]>
#encoding2 = #stream_lite.encoding<operand_index = 2, op_type = matmul, element_types = [f32, f32, f32]>
func.func @encoding_tensors_with_ops(%arg0: tensor<?x?xf32, #encoding>, %arg1: tensor<?x?xf32, #encoding1>, %arg2: tensor<?x?xf32, #encoding2>) -> tensor<?x?xf32, #encoding2> {
  return %arg2 : tensor<?x?xf32, #encoding2>
}
// CHECK-LABEL: func.func @encoding_tensors_with_ops
// CHECK-SAME: tensor<?x?xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>
// CHECK-SAME: tensor<?x?xf32, #stream_lite.encoding<operand_index = 1, op_type = matmul, element_types = [f32, f32, f32]>>
// CHECK-SAME: tensor<?x?xf32, #stream_lite.encoding<operand_index = 2, op_type = matmul, element_types = [f32, f32, f32]>>

// -----

#encoding = #stream_lite.specialization_resolver<123>
func.func @specialization_resolver(%arg0: tensor<?x?xf32, #encoding>) -> tensor<?x?xf32, #encoding> {
  return %arg0 : tensor<?x?xf32, #encoding>
}
// CHECK-LABEL: func.func @specialization_resolver(
// CHECK-SAME: tensor<?x?xf32, #stream_lite.specialization_resolver<123>>

// -----

#encoding = #stream_lite.specialized<123>
func.func @specialized_without_type(%arg0: tensor<?x?xf32, #encoding>) -> tensor<?x?xf32, #encoding> {
  return %arg0 : tensor<?x?xf32, #encoding>
}
// CHECK-LABEL: func.func @specialized_without_type(
// CHECK-SAME: tensor<?x?xf32, #stream_lite.specialized<123>>

// -----

#encoding = #stream_lite.specialized<123, tensor<?x?xf32>>
func.func @specialized_with_type(%arg0: tensor<?x?xf32, #encoding>) -> tensor<?x?xf32, #encoding> {
  return %arg0 : tensor<?x?xf32, #encoding>
}
// CHECK-LABEL: func.func @specialized_with_type(
// CHECK-SAME: tensor<?x?xf32, #stream_lite.specialized<123, tensor<?x?xf32>>>

// -----

#encoding = #stream_lite.testing<>
func.func @testing_without_layouts(%arg0: tensor<?x?xf32, #encoding>) -> tensor<?x?xf32, #encoding> {
  return %arg0 : tensor<?x?xf32, #encoding>
}
// CHECK-LABEL: func.func @testing_without_layouts(
// CHECK-SAME: tensor<?x?xf32, #stream_lite.testing<>>

// -----

#encoding = #stream_lite.testing<layouts = [#stream_lite.specialized<123>]>
func.func @testing_with_layouts(%arg0: tensor<?x?xf32, #encoding>) -> tensor<?x?xf32, #encoding> {
  return %arg0 : tensor<?x?xf32, #encoding>
}
// CHECK-LABEL: func.func @testing_with_layouts(
// CHECK-SAME: tensor<?x?xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123>]>>

// -----

#encoding = #stream_lite.layout<[#stream_lite.padding<[0, 64]>]>
func.func @layout_encoding(%arg0: tensor<?x?xf32, #encoding>) -> tensor<?x?xf32, #encoding> {
  return %arg0 : tensor<?x?xf32, #encoding>
}
// CHECK-LABEL: func.func @layout_encoding(
// CHECK-SAME: tensor<?x?xf32, #stream_lite.layout<[#stream_lite.padding<[0, 64]>]>>

// -----

#encoding = #stream_lite.identity
func.func @identity_encoding(%arg0: tensor<?x?xf32, #encoding>) -> tensor<?x?xf32, #encoding> {
  return %arg0 : tensor<?x?xf32, #encoding>
}
// CHECK-LABEL: func.func @identity_encoding(
// CHECK-SAME: tensor<?x?xf32, #stream_lite.identity>
