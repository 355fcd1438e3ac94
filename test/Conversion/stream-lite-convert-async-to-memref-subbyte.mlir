// RUN: layout-opt --split-input-file --stream-lite-convert-async-to-memref %s | FileCheck %s

// Host tensors of packed sub-byte elements hold one element per byte; an
// import packs them into dense packed bytes and an export unpacks them,
// each through one function per element type (named as builtin kernels
// are, so that the JIT optimizes it as one): 16 packed bytes at a time
// (the host bytes read or written through their address, split into or
// assembled from slots by shuffles, masks and shifts), then whole bytes
// assembled from (or split into) their slots in registers, then the slots
// of a last partial byte.

// CHECK-LABEL: func.func @import_export
// CHECK-SAME: (%[[ARG:.+]]: memref<3x5xsi4>, %[[N:.+]]: index) -> memref<?xi2>
// CHECK: %[[BYTES:.+]] = memref.alloc(%{{.+}}) : memref<?xi8>
// CHECK: %[[FLAT:.+]] = memref.reinterpret_cast %[[ARG]] to offset: [0], sizes: [%[[COUNT:.+]]], strides: [1] : memref<3x5xsi4> to memref<?xsi4>
// CHECK: call @__builtin_host_pack_si4(%[[FLAT]], %[[BYTES]], %[[COUNT]]) : (memref<?xsi4>, memref<?xi8>, index) -> ()
// CHECK: %[[HOST:.+]] = memref.alloc(%[[N]]) : memref<?xi2>
// CHECK: %[[OUT:.+]] = memref.reinterpret_cast %[[HOST]]
// CHECK: call @__builtin_host_unpack_i2(%[[BYTES]], %[[OUT]], %{{.+}}) : (memref<?xi8>, memref<?xi2>, index) -> ()
// CHECK: return %[[HOST]]

// Two si4 slots per byte: 32 host bytes, the even and the odd lanes masked,
// the odd ones shifted, one 16-byte store; then one load of each slot and
// one store of the byte.
// CHECK-LABEL: func.func private @__builtin_host_pack_si4
// CHECK-SAME: (%[[SRC:.+]]: memref<?xsi4>, %[[DST:.+]]: memref<?xi8>, %[[C:.+]]: index)
// CHECK: %[[FULL:.+]] = arith.divui %[[C]], %c2
// CHECK: %[[VECS:.+]] = arith.divui %[[FULL]], %c16
// CHECK: %[[VBYTES:.+]] = arith.muli %[[VECS]], %c16
// CHECK: %[[PTR:.+]] = memref.extract_aligned_pointer_as_index %[[SRC]]
// CHECK: scf.for %[[V:.+]] = %c0 to %[[VBYTES]] step %c16
// CHECK: %[[AT:.+]] = llvm.inttoptr
// CHECK-NEXT: %[[HOST:.+]] = llvm.load %[[AT]] {alignment = 1 : i64} : !llvm.ptr -> vector<32xi8>
// CHECK-NEXT: vector.shuffle %[[HOST]], %[[HOST]] [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30]
// CHECK: vector.shuffle %[[HOST]], %[[HOST]] [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31]
// CHECK: arith.shli
// CHECK: vector.store %{{.+}}, %[[DST]][%[[V]]] : memref<?xi8>, vector<16xi8>
// CHECK-NEXT: }
// CHECK-NEXT: scf.for %[[B:.+]] = %[[VBYTES]] to %[[FULL]] step %c1 {
// CHECK-COUNT-2: memref.load %[[SRC]]
// CHECK-NOT: memref.load
// CHECK: memref.store %{{.+}}, %[[DST]][%[[B]]] : memref<?xi8>
// CHECK-NEXT: }
// The partial last byte, slot by slot.
// CHECK: %[[TAIL:.+]] = arith.muli %[[FULL]], %c2
// CHECK: scf.for %{{.+}} = %[[TAIL]] to %[[C]] step %c1 {
// CHECK: memref.load %[[DST]][%[[FULL]]]
// CHECK: memref.store %{{.+}}, %[[DST]][%[[FULL]]]

// Four i2 slots per byte: 16 bytes split into four masked vectors, laid
// out as 64 host bytes (element j*4+k from slot k of byte j); then one load
// of the byte, four stores.
// CHECK-LABEL: func.func private @__builtin_host_unpack_i2
// CHECK-SAME: (%[[SRC:.+]]: memref<?xi8>, %[[DST:.+]]: memref<?xi2>, %[[C:.+]]: index)
// CHECK: %[[FULL:.+]] = arith.divui %[[C]], %c4
// CHECK: memref.extract_aligned_pointer_as_index %[[DST]]
// CHECK: scf.for
// CHECK: %[[AT:.+]] = llvm.inttoptr
// CHECK-NEXT: vector.load %[[SRC]][%{{.+}}] : memref<?xi8>, vector<16xi8>
// CHECK-COUNT-3: arith.shrui
// CHECK: %[[ALL:.+]] = vector.shuffle %{{.+}}, %{{.+}} [0, 16, 32, 48, 1, 17, 33, 49, 2, 18,
// CHECK-NEXT: llvm.store %[[ALL]], %[[AT]] {alignment = 1 : i64} : vector<64xi8>, !llvm.ptr
// CHECK-NEXT: }
// CHECK: scf.for
// CHECK: memref.load %[[SRC]]
// CHECK-COUNT-4: memref.store %{{.+}}, %[[DST]]
// CHECK-NOT: memref.load
// CHECK: scf.for
func.func @import_export(%arg: tensor<3x5xsi4>, %n: index) -> tensor<?xi2> {
  %c8 = arith.constant 8 : index
  %0 = stream_lite.async.import %arg : tensor<3x5xsi4> -> !stream_lite.resource<external>{%c8}
  %1 = stream_lite.async.export %0 : !stream_lite.resource<external>{%c8} -> tensor<?xi2>{%n}
  return %1 : tensor<?xi2>
}

// -----

// One function per element type, however many imports use it; none
// without packed host tensors.
// CHECK-LABEL: func.func @two_imports
// CHECK-COUNT-2: call @__builtin_host_pack_i4(
// CHECK: func.func private @__builtin_host_pack_i4(
// CHECK-NOT: func.func private @__builtin_host
func.func @two_imports(%a: tensor<7xi4>, %b: tensor<9xi4>) {
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %0 = stream_lite.async.import %a : tensor<7xi4> -> !stream_lite.resource<external>{%c4}
  %1 = stream_lite.async.import %b : tensor<9xi4> -> !stream_lite.resource<external>{%c5}
  return
}

// -----

// CHECK-LABEL: func.func @dense
// CHECK-NOT: __builtin_host
func.func @dense(%a: tensor<7xi8>) {
  %c7 = arith.constant 7 : index
  %0 = stream_lite.async.import %a : tensor<7xi8> -> !stream_lite.resource<external>{%c7}
  return
}
