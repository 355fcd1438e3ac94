// RUN: layout-opt --split-input-file --stream-lite-convert-async-to-memref %s | FileCheck %s

// Host tensors of packed sub-byte elements hold one element per byte; an
// import packs them into dense packed bytes and an export unpacks them,
// each through one function per element type (named as builtin kernels
// are, so that the JIT optimizes it as one): whole bytes assembled from
// (or split into) their slots in registers, then the slots of a last
// partial byte.

// CHECK-LABEL: func.func @import_export
// CHECK-SAME: (%[[ARG:.+]]: memref<3x5xsi4>, %[[N:.+]]: index) -> memref<?xi2>
// CHECK: %[[BYTES:.+]] = memref.alloc(%{{.+}}) : memref<?xi8>
// CHECK: %[[FLAT:.+]] = memref.reinterpret_cast %[[ARG]] to offset: [0], sizes: [%[[COUNT:.+]]], strides: [1] : memref<3x5xsi4> to memref<?xsi4>
// CHECK: call @__builtin_host_pack_si4(%[[FLAT]], %[[BYTES]], %[[COUNT]]) : (memref<?xsi4>, memref<?xi8>, index) -> ()
// CHECK: %[[HOST:.+]] = memref.alloc(%[[N]]) : memref<?xi2>
// CHECK: %[[OUT:.+]] = memref.reinterpret_cast %[[HOST]]
// CHECK: call @__builtin_host_unpack_i2(%[[BYTES]], %[[OUT]], %{{.+}}) : (memref<?xi8>, memref<?xi2>, index) -> ()
// CHECK: return %[[HOST]]

// Two si4 slots per byte: one load of each slot, one store of the byte.
// CHECK-LABEL: func.func private @__builtin_host_pack_si4
// CHECK-SAME: (%[[SRC:.+]]: memref<?xsi4>, %[[DST:.+]]: memref<?xi8>, %[[C:.+]]: index)
// CHECK: %[[FULL:.+]] = arith.divui %[[C]], %c2
// CHECK: scf.for %[[B:.+]] = %c0 to %[[FULL]] step %c1 {
// CHECK-COUNT-2: memref.load %[[SRC]]
// CHECK-NOT: memref.load
// CHECK: memref.store %{{.+}}, %[[DST]][%[[B]]] : memref<?xi8>
// CHECK-NEXT: }
// The partial last byte, slot by slot.
// CHECK: %[[TAIL:.+]] = arith.muli %[[FULL]], %c2
// CHECK: scf.for %{{.+}} = %[[TAIL]] to %[[C]] step %c1 {
// CHECK: memref.load %[[DST]][%[[FULL]]]
// CHECK: memref.store %{{.+}}, %[[DST]][%[[FULL]]]

// Four i2 slots per byte: one load of the byte, four stores.
// CHECK-LABEL: func.func private @__builtin_host_unpack_i2
// CHECK-SAME: (%[[SRC:.+]]: memref<?xi8>, %[[DST:.+]]: memref<?xi2>, %[[C:.+]]: index)
// CHECK: %[[FULL:.+]] = arith.divui %[[C]], %c4
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
