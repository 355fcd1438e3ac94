// RUN: layout-opt --stream-lite-encode-host-tensors --canonicalize %s | FileCheck %s

// IREE's encode_host_tensors_packing.mlir, in stream-lite terms. Every other
// case of that file packs sub-byte types (i1 packed_storage, i2, i3, i4):
// sub-byte packing is another change (contract section 6, rule 8), so only
// the byte-sized case is here (docs/conformance.md lists the rest).

// denseTensorConstantI8: eight i8 values are eight bytes, as they are.
// CHECK-LABEL: func.func @denseTensorConstantI8
// CHECK: %[[C8:.+]] = arith.constant 8 : index
// CHECK: %[[R:.+]] = stream_lite.async.constant : !stream_lite.resource<constant>{%[[C8]]} = dense<[5, 15, 0, 3, 1, 7, 8, 4]> : tensor<8xi8>
// CHECK: return %[[R]]
func.func @denseTensorConstantI8() -> !stream_lite.resource<constant> {
  %0 = stream_lite.tensor.constant : tensor<8xi8> in !stream_lite.resource<constant> = dense<[5, 15, 0, 3, 1, 7, 8, 4]> : tensor<8xi8>
  return %0 : !stream_lite.resource<constant>
}
