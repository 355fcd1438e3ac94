// RUN: layout-opt --stream-lite-encode-host-tensors --canonicalize --cse %s | FileCheck %s

// Byte ranges of transfers that stay DMA with dynamic dims and offsets
// (docs/passes.md, DMA or dispatch): computed at run time through the layout.
// The range starts at the byte offset of the region's first element; its
// length is the number of moved rows times the bytes of one row, both asked
// of the layout.

stream_lite.device @dev targets([#stream_lite.target<"x">])

#pad64 = #stream_lite.layout<[#stream_lite.padding<[0, 64]>]>
#t48 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 8]>

// Tests rows [%i, %i + %n) of ?x2048xf16 padded by 64 elements: a row is
// (2048 + 64) * 2 = 4224 bytes, so the range is [%i * 4224, + %n * 4224) in
// the tensor and [0, %n * 4224) in the slice (a fresh resource, since the
// range is not provably the slice's whole storage), for the slice, the
// update back and the fill alike.
// CHECK-LABEL: func.func @padded_rows
// CHECK-SAME: (%[[R:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>, %[[D:[a-zA-Z0-9_]+]]: index, %[[I:[a-zA-Z0-9_]+]]: index, %[[N:[a-zA-Z0-9_]+]]: index, %[[SZ:[a-zA-Z0-9_]+]]: index, %[[RSZ:[a-zA-Z0-9_]+]]: index, %[[V:[a-zA-Z0-9_]+]]: f16)
// CHECK-DAG: %[[ROW:.+]] = arith.constant 4224 : index
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK: %[[START:.+]] = arith.muli %[[I]], %[[ROW]] : index
// CHECK: %[[LEN:.+]] = arith.muli %[[N]], %[[ROW]] : index
// CHECK: %[[FRESH:.+]] = stream_lite.async.alloca : !stream_lite.resource<*>{%[[RSZ]]}
// CHECK: %[[END:.+]] = arith.addi %[[START]], %[[LEN]] : index
// CHECK: %[[S:.+]] = stream_lite.async.copy %[[R]][%[[START]] to %[[END]]], %[[FRESH]][%[[C0]] to %[[LEN]]], %[[LEN]] : !stream_lite.resource<*>{%[[SZ]]} -> %[[FRESH]] as !stream_lite.resource<*>{%[[RSZ]]}
// CHECK: %[[U:.+]] = stream_lite.async.copy %[[S]][%[[C0]] to %[[LEN]]], %[[R]][%[[START]] to %[[END]]], %[[LEN]] : !stream_lite.resource<*>{%[[RSZ]]} -> %[[R]] as !stream_lite.resource<*>{%[[SZ]]}
// CHECK: %[[PAT:.+]] = arith.bitcast %[[V]] : f16 to i16
// CHECK: %[[F:.+]] = stream_lite.async.fill %[[PAT]], %[[R]][%[[START]] to %[[END]] for %[[LEN]]] : i16 -> %[[R]] as !stream_lite.resource<*>{%[[SZ]]}
// CHECK: return %[[S]], %[[U]], %[[F]]
func.func @padded_rows(%r: !stream_lite.resource<*>, %d: index, %i: index, %n: index, %sz: index, %rsz: index, %v: f16) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c2048 = arith.constant 2048 : index
  %0 = stream_lite.tensor.slice %r[%i, %c0 for %n, %c2048] : tensor<?x2048xf16, #pad64>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x2048xf16, #pad64>{%n} in !stream_lite.resource<*>{%rsz}
  %1 = stream_lite.tensor.update %0, %r[%i, %c0] : tensor<?x2048xf16, #pad64>{%n} in !stream_lite.resource<*>{%rsz} -> tensor<?x2048xf16, #pad64>{%d} in %r as !stream_lite.resource<*>{%sz}
  %2 = stream_lite.tensor.fill %v, %r[%i, %c0 for %n, %c2048] : f16 -> tensor<?x2048xf16, #pad64>{%d} in %r as !stream_lite.resource<*>{%sz}
  return %0, %1, %2 : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}

// Tests whole outer rows of 4x8 tiles of ?x6xf32: rows [%x * 4, + %y * 4).
// A row of the tensor is one 8-wide tile row (32 bytes with its 2 pad
// columns); the start is the byte offset of element [%x * 4, 0], the length
// %y * 4 rows = %y * 128 bytes. The slice's fresh tiled resource is zeroed
// first (a zero splat), and the zero fill is one 8-bit memset of the range.
// CHECK-LABEL: func.func @tiled_rows
// CHECK-SAME: (%[[R:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>, %[[D:[a-zA-Z0-9_]+]]: index, %[[X:[a-zA-Z0-9_]+]]: index, %[[Y:[a-zA-Z0-9_]+]]: index, %[[SZ:[a-zA-Z0-9_]+]]: index, %[[RSZ:[a-zA-Z0-9_]+]]: index)
// The row within its tile, (%x * 4) mod 4, is known to be 0 (IndexArith
// folds a remainder of a known multiple), so the start is whole tiles.
// CHECK-DAG: %[[C128:.+]] = arith.constant 128 : index
// CHECK-DAG: %[[Z8:.+]] = arith.constant 0 : i8
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
// CHECK: %[[A:.+]] = arith.muli %[[X]], %[[C4]] : index
// CHECK: %[[TILE:.+]] = arith.divui %[[A]], %[[C4]] : index
// CHECK-NOT: arith.remui
// CHECK: %[[START:.+]] = arith.muli %[[TILE]], %[[C128]] : index
// CHECK: %[[LEN:.+]] = arith.muli %[[Y]], %[[C128]] : index
// CHECK: %[[FRESH:.+]] = stream_lite.async.splat %[[Z8]] : i8 -> !stream_lite.resource<*>{%[[RSZ]]}
// CHECK: %[[END:.+]] = arith.addi %[[START]], %[[LEN]] : index
// CHECK: %[[S:.+]] = stream_lite.async.copy %[[R]][%[[START]] to %[[END]]], %[[FRESH]][%[[C0]] to %[[LEN]]], %[[LEN]]
// CHECK: %[[F:.+]] = stream_lite.async.fill %[[Z8]], %[[R]][%[[START]] to %[[END]] for %[[LEN]]] : i8 -> %[[R]] as !stream_lite.resource<*>{%[[SZ]]}
// CHECK: return %[[S]], %[[F]]
func.func @tiled_rows(%r: !stream_lite.resource<*>, %d: index, %x: index, %y: index, %sz: index, %rsz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %zero = arith.constant 0.0 : f32
  %a = arith.muli %x, %c4 : index
  %m = arith.muli %y, %c4 : index
  %0 = stream_lite.tensor.slice %r[%a, %c0 for %m, %c6] : tensor<?x6xf32, #t48>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x6xf32, #t48>{%m} in !stream_lite.resource<*>{%rsz}
  %1 = stream_lite.tensor.fill %zero, %r[%a, %c0 for %m, %c6] : f32 -> tensor<?x6xf32, #t48>{%d} in %r as !stream_lite.resource<*>{%sz}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}
