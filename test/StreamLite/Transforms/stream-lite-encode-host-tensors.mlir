// RUN: layout-opt --stream-lite-encode-host-tensors %s | FileCheck %s
// RUN: layout-opt --stream-lite-encode-host-tensors %s | FileCheck %s --check-prefix=NOTENSOR
// RUN: layout-opt --stream-lite-encode-host-tensors %s | layout-opt --stream-lite-encode-host-tensors | FileCheck %s

// --stream-lite-encode-host-tensors (docs/passes.md): every
// tensor-phase op becomes byte-level async ops on identity, padding and
// tiled layouts, with static and dynamic dims; byte offsets and lengths come
// from the layouts and the transfer planner. The second run checks that no
// tensor-phase op is left; the third that the output is a fixed point.

// NOTENSOR-NOT: stream_lite.tensor.

#a = #stream_lite.affinity<@cpu>
#pad = #stream_lite.padding<[0, 4]>
#tile = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 2]>
#row8 = #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [8]>

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])

// Tests that sizeof becomes the storage size arithmetic of each layout with a
// dynamic dim: identity d*4*4, padding d*(4+4)*4, tiled ceil(d/4)*4 rows of
// 3 columns rounded up to 4.
func.func @sizeof_dynamic(%d: index) -> (index, index, index, index) {
  %0 = stream_lite.tensor.sizeof on(#a) tensor<?x4xf32>{%d} : index
  %1 = stream_lite.tensor.sizeof on(#a) tensor<?x4xf32, #stream_lite.identity>{%d} : index
  %2 = stream_lite.tensor.sizeof on(#a) tensor<?x4xf32, #pad>{%d} : index
  %3 = stream_lite.tensor.sizeof on(#a) tensor<?x3xf32, #tile>{%d} : index
  return %0, %1, %2, %3 : index, index, index, index
}
// CHECK-LABEL: func.func @sizeof_dynamic
// CHECK-SAME: (%[[D:[a-zA-Z0-9_]+]]: index)
// CHECK: %[[C4A:.+]] = arith.constant 4 : index
// CHECK: %[[I0:.+]] = arith.muli %[[D]], %[[C4A]] : index
// CHECK: %[[C4B:.+]] = arith.constant 4 : index
// CHECK: %[[I1:.+]] = arith.muli %[[I0]], %[[C4B]] : index
// CHECK: %[[C4C:.+]] = arith.constant 4 : index
// CHECK: %[[ID0:.+]] = arith.muli %[[D]], %[[C4C]] : index
// CHECK: %[[C4D:.+]] = arith.constant 4 : index
// CHECK: %[[ID1:.+]] = arith.muli %[[ID0]], %[[C4D]] : index
// CHECK: %[[C8:.+]] = arith.constant 8 : index
// CHECK: %[[P0:.+]] = arith.muli %[[D]], %[[C8]] : index
// CHECK: %[[C4E:.+]] = arith.constant 4 : index
// CHECK: %[[P1:.+]] = arith.muli %[[P0]], %[[C4E]] : index
// CHECK: %[[C4F:.+]] = arith.constant 4 : index
// CHECK: %[[T0:.+]] = arith.ceildivui %[[D]], %[[C4F]] : index
// CHECK: %[[T1:.+]] = arith.muli %[[T0]], %{{.+}} : index
// CHECK: %[[T2:.+]] = arith.muli %[[T1]], %{{.+}} : index
// CHECK: %[[T3:.+]] = arith.muli %[[T2]], %{{.+}} : index
// CHECK: %[[T4:.+]] = arith.muli %[[T3]], %{{.+}} : index
// CHECK: return %[[I1]], %[[ID1]], %[[P1]], %[[T4]] : index, index, index, index

// Tests that sizeof of static shapes folds to constants: 2x3xi8 dense 6,
// padded 2x7 = 14, tiled 4x4 i16 = 32, and a layout<[...]> list takes the
// maximum of its entries.
func.func @sizeof_static() -> (index, index, index, index) {
  %0 = stream_lite.tensor.sizeof tensor<2x3xi8> : index
  %1 = stream_lite.tensor.sizeof tensor<2x3xi8, #pad> : index
  %2 = stream_lite.tensor.sizeof tensor<2x3xi16, #tile> : index
  %3 = stream_lite.tensor.sizeof tensor<2x3xi16, #stream_lite.layout<[#stream_lite.identity, #tile]>> : index
  return %0, %1, %2, %3 : index, index, index, index
}
// CHECK-LABEL: func.func @sizeof_static
// CHECK: %[[C6:.+]] = arith.constant 6 : index
// CHECK-NEXT: %[[C14:.+]] = arith.constant 14 : index
// CHECK-NEXT: %[[C32:.+]] = arith.constant 32 : index
// CHECK: return %[[C6]], %[[C14]], %[[C32]], %[[C32L:c32_[0-9]+]] : index, index, index, index

// Tests that empty becomes a fresh resource of its size, keeping the
// affinity: zeroed where its tiles may have pads (tiled pads are zero by
// contract), an alloca where they cannot (whole tiles) or where pads are
// undefined (padding layouts).
func.func @empty(%d: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) {
  %sz = stream_lite.tensor.sizeof on(#a) tensor<?x3xf32, #tile>{%d} : index
  %0 = stream_lite.tensor.empty on(#a) : tensor<?x3xf32, #tile>{%d} in !stream_lite.resource<*>{%sz}
  %wsz = stream_lite.tensor.sizeof on(#a) tensor<8x4xf32, #tile> : index
  %1 = stream_lite.tensor.empty on(#a) : tensor<8x4xf32, #tile> in !stream_lite.resource<*>{%wsz}
  %psz = stream_lite.tensor.sizeof on(#a) tensor<2x3xi8, #pad> : index
  %2 = stream_lite.tensor.empty on(#a) : tensor<2x3xi8, #pad> in !stream_lite.resource<*>{%psz}
  return %0, %1, %2 : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @empty
// CHECK: arith.ceildivui
// CHECK: %[[E:.+]] = stream_lite.async.splat on(#stream_lite.affinity<@cpu>) %c0_i8 : i8 -> !stream_lite.resource<*>{%{{[0-9]+}}}{{$}}
// CHECK: %[[W:.+]] = stream_lite.async.alloca on(#stream_lite.affinity<@cpu>) : !stream_lite.resource<*>{%c128}{{$}}
// CHECK: %[[P:.+]] = stream_lite.async.alloca on(#stream_lite.affinity<@cpu>) : !stream_lite.resource<*>{%{{.+}}}{{$}}
// CHECK-NEXT: return %[[E]], %[[W]], %[[P]]
// Tests that a constant keeps its dense value on identity layouts (no
// encoding, identity, all-zero padding) and becomes its byte image elsewhere:
// padding [0, 4] on 2x3xi8 puts row 1 at byte 7 (pads zero); tiled 4x2 tiles
// on 2x3xi16 put (0, 2) in the second tile at byte 16 and (1, 2) at byte 20.
func.func @constant() -> (!stream_lite.resource<constant>, !stream_lite.resource<constant>, !stream_lite.resource<constant>, !stream_lite.resource<constant>) {
  %0 = stream_lite.tensor.constant on(#a) : tensor<2x3xi16> in !stream_lite.resource<constant> = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi16>
  %1 = stream_lite.tensor.constant : tensor<2x3xi16, #stream_lite.padding<[0, 0]>> in !stream_lite.resource<constant> = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi16>
  %2 = stream_lite.tensor.constant on(#a) : tensor<2x3xi8, #pad> in !stream_lite.resource<constant> = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>
  %3 = stream_lite.tensor.constant on(#a) : tensor<2x3xi16, #tile> in !stream_lite.resource<constant> = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi16>
  return %0, %1, %2, %3 : !stream_lite.resource<constant>, !stream_lite.resource<constant>, !stream_lite.resource<constant>, !stream_lite.resource<constant>
}
// CHECK-LABEL: func.func @constant
// CHECK: %[[S0:.+]] = arith.constant 12 : index
// CHECK: %[[K0:.+]] = stream_lite.async.constant on(#stream_lite.affinity<@cpu>) : !stream_lite.resource<constant>{%[[S0]]} = dense<{{\[}}[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi16>{{$}}
// CHECK: %[[S1:.+]] = arith.constant 12 : index
// CHECK: %[[K1:.+]] = stream_lite.async.constant : !stream_lite.resource<constant>{%[[S1]]} = dense<{{\[}}[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi16>{{$}}
// CHECK: %[[S2:.+]] = arith.constant 14 : index
// CHECK: %[[K2:.+]] = stream_lite.async.constant on(#stream_lite.affinity<@cpu>) : !stream_lite.resource<constant>{%[[S2]]} = dense<[1, 2, 3, 0, 0, 0, 0, 4, 5, 6, 0, 0, 0, 0]> : tensor<14xi8>{{$}}
// CHECK: %[[S3:.+]] = arith.constant 32 : index
// CHECK: %[[K3:.+]] = stream_lite.async.constant on(#stream_lite.affinity<@cpu>) : !stream_lite.resource<constant>{%[[S3]]} = dense<[1, 0, 2, 0, 4, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]> : tensor<32xi8>{{$}}
// CHECK: return %[[K0]], %[[K1]], %[[K2]], %[[K3]]

// Tests that float constants are laid out by their bits (1.0 = 0x3F800000,
// little-endian) and splat values are expanded on a tiled layout.
func.func @constant_float_splat() -> !stream_lite.resource<constant> {
  %0 = stream_lite.tensor.constant : tensor<1x1xf32, #tile> in !stream_lite.resource<constant> = dense<1.0> : tensor<1x1xf32>
  return %0 : !stream_lite.resource<constant>
}
// CHECK-LABEL: func.func @constant_float_splat
// CHECK: %[[S:.+]] = arith.constant 32 : index
// CHECK: stream_lite.async.constant : !stream_lite.resource<constant>{%[[S]]} = dense<[0, 0, -128, 63, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]> : tensor<32xi8>{{$}}

// Tests that splats become async.splat with the planner's pattern: a
// constant f32 as its 32-bit pattern, an i64 whose halves are equal as a
// 32-bit pattern, a dynamic f32 bitcast to i32, a dynamic i1 widened to i8,
// and a zero pattern over the whole tiled storage.
func.func @splat(%d: index, %sz: index, %v: f32, %b: i1) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) {
  %one = arith.constant 1.0 : f32
  %k = arith.constant 4294967297 : i64
  %zero = arith.constant 0.0 : f32
  %0 = stream_lite.tensor.splat on(#a) %one : f32 -> tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz}
  %1 = stream_lite.tensor.splat on(#a) %k : i64 -> tensor<?x4xi64, #pad>{%d} in !stream_lite.resource<*>{%sz}
  %2 = stream_lite.tensor.splat on(#a) %v : f32 -> tensor<?x4xf32, #pad>{%d} in !stream_lite.resource<*>{%sz}
  %3 = stream_lite.tensor.splat %b : i1 -> tensor<?x4xi1>{%d} in !stream_lite.resource<*>{%sz}
  %4 = stream_lite.tensor.splat on(#a) %zero : f32 -> tensor<?x3xf32, #tile>{%d} in !stream_lite.resource<*>{%sz}
  return %0, %1, %2, %3, %4 : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @splat
// CHECK-SAME: (%[[D:[a-zA-Z0-9_]+]]: index, %[[SZ:[a-zA-Z0-9_]+]]: index, %[[V:[a-zA-Z0-9_]+]]: f32, %[[B:[a-zA-Z0-9_]+]]: i1)
// CHECK: %[[ONE:.+]] = arith.constant 1065353216 : i32
// CHECK: %[[R0:.+]] = stream_lite.async.splat on(#stream_lite.affinity<@cpu>) %[[ONE]] : i32 -> !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: %[[HALF:.+]] = arith.constant 1 : i32
// CHECK: %[[R1:.+]] = stream_lite.async.splat on(#stream_lite.affinity<@cpu>) %[[HALF]] : i32 -> !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: %[[VB:.+]] = arith.bitcast %[[V]] : f32 to i32
// CHECK: %[[R2:.+]] = stream_lite.async.splat on(#stream_lite.affinity<@cpu>) %[[VB]] : i32 -> !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: %[[BB:.+]] = arith.extui %[[B]] : i1 to i8
// CHECK: %[[R3:.+]] = stream_lite.async.splat %[[BB]] : i8 -> !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: %[[ZERO:.+]] = arith.constant 0 : i8
// CHECK: %[[R4:.+]] = stream_lite.async.splat on(#stream_lite.affinity<@cpu>) %[[ZERO]] : i8 -> !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]]

// Tests that clone becomes async.clone and an encode between physically
// equal layouts (tiles of 1) becomes a clone too.
func.func @clone(%d: index, %sz: index, %r: !stream_lite.resource<*>) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) {
  %0 = stream_lite.tensor.clone on(#a) %r : tensor<?x3xf32, #tile>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x3xf32, #tile>{%d} in !stream_lite.resource<*>{%sz}
  %1 = stream_lite.tensor.encode on(#a) %r : tensor<?x3xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x3xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [1, 1]>>{%d} in !stream_lite.resource<*>{%sz}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @clone
// CHECK-SAME: (%{{[a-zA-Z0-9_]+}}: index, %[[SZ:[a-zA-Z0-9_]+]]: index, %[[R:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>)
// CHECK: %[[K0:.+]] = stream_lite.async.clone on(#stream_lite.affinity<@cpu>) %[[R]] : !stream_lite.resource<*>{%[[SZ]]} -> !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: %[[K1:.+]] = stream_lite.async.clone on(#stream_lite.affinity<@cpu>) %[[R]] : !stream_lite.resource<*>{%[[SZ]]} -> !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: return %[[K0]], %[[K1]]
// Tests that slices whose region is the whole result become async.slice of
// the source bytes: identity rows [1, 3) of ?x4xf32 (dynamic offset: bytes
// from i*16, 2*4*4 = 32 long), whole padded rows 4..7 of 8x8 (row pitch 12
// elements: bytes 192..384), whole outer tile rows 4..7 of 8x3 (bytes 64..128).
func.func @slice_whole(%d: index, %i: index, %sz: index, %r: !stream_lite.resource<*>) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %sz0 = stream_lite.tensor.sizeof on(#a) tensor<2x4xf32> : index
  %0 = stream_lite.tensor.slice on(#a) %r[%i, %c0 for %c2, %c4] : tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<2x4xf32> in !stream_lite.resource<*>{%sz0}
  %sz1 = stream_lite.tensor.sizeof on(#a) tensor<4x8xf32, #pad> : index
  %1 = stream_lite.tensor.slice on(#a) %r[%c4, %c0 for %c4, %c8] : tensor<8x8xf32, #pad> in !stream_lite.resource<*>{%sz} -> tensor<4x8xf32, #pad> in !stream_lite.resource<*>{%sz1}
  %sz2 = stream_lite.tensor.sizeof on(#a) tensor<4x3xf32, #tile> : index
  %2 = stream_lite.tensor.slice on(#a) %r[%c4, %c0 for %c4, %c3] : tensor<8x3xf32, #tile> in !stream_lite.resource<*>{%sz} -> tensor<4x3xf32, #tile> in !stream_lite.resource<*>{%sz2}
  return %0, %1, %2 : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @slice_whole
// CHECK-SAME: (%{{[a-zA-Z0-9_]+}}: index, %[[I:[a-zA-Z0-9_]+]]: index, %[[SZ:[a-zA-Z0-9_]+]]: index, %[[R:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>)
// CHECK: %[[SZ0:.+]] = arith.constant 32 : index
// CHECK: %[[O0:.+]] = arith.muli %[[I]], %{{.+}} : index
// CHECK: %[[O1:.+]] = arith.muli %[[O0]], %{{.+}} : index
// CHECK: %[[L0:.+]] = arith.constant 32 : index
// CHECK: %[[E0:.+]] = arith.addi %[[O1]], %[[L0]] : index
// CHECK: %[[S0:.+]] = stream_lite.async.slice on(#stream_lite.affinity<@cpu>) %[[R]][%[[O1]] to %[[E0]]] : !stream_lite.resource<*>{%[[SZ]]} -> !stream_lite.resource<*>{%[[SZ0]]}{{$}}
// CHECK: %[[SZ1:.+]] = arith.constant 192 : index
// CHECK: %[[O2:.+]] = arith.constant 192 : index
// CHECK: %[[E1:.+]] = arith.constant 384 : index
// CHECK: %[[S1:.+]] = stream_lite.async.slice on(#stream_lite.affinity<@cpu>) %[[R]][%[[O2]] to %[[E1]]] : !stream_lite.resource<*>{%[[SZ]]} -> !stream_lite.resource<*>{%[[SZ1]]}{{$}}
// CHECK: %[[SZ2:.+]] = arith.constant 64 : index
// CHECK: %[[O3:.+]] = arith.constant 64 : index
// CHECK: %[[E2:.+]] = arith.constant 128 : index
// CHECK: %[[S2:.+]] = stream_lite.async.slice on(#stream_lite.affinity<@cpu>) %[[R]][%[[O3]] to %[[E2]]] : !stream_lite.resource<*>{%[[SZ]]} -> !stream_lite.resource<*>{%[[SZ2]]}{{$}}
// CHECK: return %[[S0]], %[[S1]], %[[S2]]

// Tests that a slice whose bytes are a part of the result storage (the pads
// after its last row are left out) becomes a new resource and a copy: an
// alloca for a padding result (pads undefined), a zero splat for a tiled
// result (pads must stay zero).
func.func @slice_part(%sz: index, %r: !stream_lite.resource<*>) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %sz0 = stream_lite.tensor.sizeof on(#a) tensor<1x8xf32, #pad> : index
  %0 = stream_lite.tensor.slice on(#a) %r[%c4, %c0 for %c1, %c8] : tensor<8x8xf32> in !stream_lite.resource<*>{%sz} -> tensor<1x8xf32, #pad> in !stream_lite.resource<*>{%sz0}
  %sz1 = stream_lite.tensor.sizeof on(#a) tensor<1x4xf32, #row8> : index
  %1 = stream_lite.tensor.slice on(#a) %r[%c1, %c0 for %c1, %c4] : tensor<4x4xf32> in !stream_lite.resource<*>{%sz} -> tensor<1x4xf32, #row8> in !stream_lite.resource<*>{%sz1}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @slice_part
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index, %[[R:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>)
// CHECK: %[[SZ0:.+]] = arith.constant 48 : index
// CHECK: %[[A0:.+]] = stream_lite.async.alloca on(#stream_lite.affinity<@cpu>) : !stream_lite.resource<*>{%[[SZ0]]}{{$}}
// CHECK: %[[TO0:.+]] = arith.constant 0 : index
// CHECK: %[[TE0:.+]] = arith.constant 32 : index
// CHECK: %[[SO0:.+]] = arith.constant 128 : index
// CHECK: %[[SE0:.+]] = arith.constant 160 : index
// CHECK: %[[L0:.+]] = arith.constant 32 : index
// CHECK: %[[C0:.+]] = stream_lite.async.copy on(#stream_lite.affinity<@cpu>) %[[R]][%[[SO0]] to %[[SE0]]], %[[A0]][%[[TO0]] to %[[TE0]]], %[[L0]] : !stream_lite.resource<*>{%[[SZ]]} -> %[[A0]] as !stream_lite.resource<*>{%[[SZ0]]}{{$}}
// CHECK: %[[SZ1:.+]] = arith.constant 32 : index
// CHECK: %[[Z:.+]] = arith.constant 0 : i8
// CHECK: %[[A1:.+]] = stream_lite.async.splat on(#stream_lite.affinity<@cpu>) %[[Z]] : i8 -> !stream_lite.resource<*>{%[[SZ1]]}{{$}}
// CHECK: %[[TO1:.+]] = arith.constant 0 : index
// CHECK: %[[TE1:.+]] = arith.constant 16 : index
// CHECK: %[[SO1:.+]] = arith.constant 16 : index
// CHECK: %[[SE1:.+]] = arith.constant 32 : index
// CHECK: %[[L1:.+]] = arith.constant 16 : index
// CHECK: %[[C1:.+]] = stream_lite.async.copy on(#stream_lite.affinity<@cpu>) %[[R]][%[[SO1]] to %[[SE1]]], %[[A1]][%[[TO1]] to %[[TE1]]], %[[L1]] : !stream_lite.resource<*>{%[[SZ]]} -> %[[A1]] as !stream_lite.resource<*>{%[[SZ1]]}{{$}}
// CHECK: return %[[C0]], %[[C1]]

// Tests that updates become one async.copy from the update's bytes into the
// target's, tied to the target: identity rows at a dynamic row (bytes from
// i*16, 2*4*4 = 32 long), padded rows 4..7 (192..384), tiled outer rows
// 4..7 (64..128).
func.func @update(%d: index, %i: index, %sz: index, %usz: index, %r: !stream_lite.resource<*>, %u: !stream_lite.resource<*>) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %0 = stream_lite.tensor.update on(#a) %u, %r[%i, %c0] : tensor<2x4xf32> in !stream_lite.resource<*>{%usz} -> tensor<?x4xf32>{%d} in %r as !stream_lite.resource<*>{%sz}
  %1 = stream_lite.tensor.update on(#a) %u, %0[%c4, %c0] : tensor<4x8xf32, #pad> in !stream_lite.resource<*>{%usz} -> tensor<8x8xf32, #pad> in %0 as !stream_lite.resource<*>{%sz}
  %2 = stream_lite.tensor.update on(#a) %u, %1[%c4, %c0] : tensor<4x3xf32, #tile> in !stream_lite.resource<*>{%usz} -> tensor<8x3xf32, #tile> in %1 as !stream_lite.resource<*>{%sz}
  return %0, %1, %2 : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @update
// CHECK-SAME: (%{{[a-zA-Z0-9_]+}}: index, %[[I:[a-zA-Z0-9_]+]]: index, %[[SZ:[a-zA-Z0-9_]+]]: index, %[[USZ:[a-zA-Z0-9_]+]]: index, %[[R:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>, %[[U:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>)
// CHECK: %[[O0:.+]] = arith.muli %[[I]], %{{.+}} : index
// CHECK: %[[O1:.+]] = arith.muli %[[O0]], %{{.+}} : index
// CHECK: %[[E0:.+]] = arith.addi %[[O1]], %{{.+}} : index
// CHECK: %[[U0:.+]] = stream_lite.async.copy on(#stream_lite.affinity<@cpu>) %[[U]][%{{.+}} to %{{.+}}], %[[R]][%[[O1]] to %[[E0]]], %{{.+}} : !stream_lite.resource<*>{%[[USZ]]} -> %[[R]] as !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: %[[TO1:.+]] = arith.constant 192 : index
// CHECK: %[[TE1:.+]] = arith.constant 384 : index
// CHECK: %[[SO1:.+]] = arith.constant 0 : index
// CHECK: %[[SE1:.+]] = arith.constant 192 : index
// CHECK: %[[L1:.+]] = arith.constant 192 : index
// CHECK: %[[U1:.+]] = stream_lite.async.copy on(#stream_lite.affinity<@cpu>) %[[U]][%[[SO1]] to %[[SE1]]], %[[U0]][%[[TO1]] to %[[TE1]]], %[[L1]] : !stream_lite.resource<*>{%[[USZ]]} -> %[[U0]] as !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: %[[TO2:.+]] = arith.constant 64 : index
// CHECK: %[[TE2:.+]] = arith.constant 128 : index
// CHECK: %[[SO2:.+]] = arith.constant 0 : index
// CHECK: %[[SE2:.+]] = arith.constant 64 : index
// CHECK: %[[L2:.+]] = arith.constant 64 : index
// CHECK: %[[U2:.+]] = stream_lite.async.copy on(#stream_lite.affinity<@cpu>) %[[U]][%[[SO2]] to %[[SE2]]], %[[U1]][%[[TO2]] to %[[TE2]]], %[[L2]] : !stream_lite.resource<*>{%[[USZ]]} -> %[[U1]] as !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: return %[[U0]], %[[U1]], %[[U2]]

// Tests that fills become async.fill over the planner's span: the length is
// the product of the region's lengths (n * 4 * 4 bytes from row i), a
// constant region of a padded tensor (rows 1..2 with their pads: bytes 32 to
// 32 + 2*8*4 = 96... trailing pads left out), any pattern on padding, a
// zero over a whole tiled tensor, and an i64 with equal halves as 32 bits.
func.func @fill(%d: index, %i: index, %n: index, %sz: index, %r: !stream_lite.resource<*>, %v: f32) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %k = arith.constant 8589934594 : i64
  %0 = stream_lite.tensor.fill on(#a) %v, %r[%i, %c0 for %n, %c4] : f32 -> tensor<?x4xf32>{%d} in %r as !stream_lite.resource<*>{%sz}
  %1 = stream_lite.tensor.fill on(#a) %v, %0[%c1, %c0 for %c2, %c4] : f32 -> tensor<4x4xf32, #pad> in %0 as !stream_lite.resource<*>{%sz}
  %2 = stream_lite.tensor.fill on(#a) %zero, %1[%c0, %c0 for %d, %c3] : f32 -> tensor<?x3xf32, #tile>{%d} in %1 as !stream_lite.resource<*>{%sz}
  %3 = stream_lite.tensor.fill on(#a) %k, %2[%c2, %c0 for %c2, %c8] : i64 -> tensor<4x8xi64> in %2 as !stream_lite.resource<*>{%sz}
  return %0, %1, %2, %3 : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @fill
// CHECK-SAME: (%{{[a-zA-Z0-9_]+}}: index, %[[I:[a-zA-Z0-9_]+]]: index, %[[N:[a-zA-Z0-9_]+]]: index, %[[SZ:[a-zA-Z0-9_]+]]: index, %[[R:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>, %[[V:[a-zA-Z0-9_]+]]: f32)
// CHECK: %[[P0:.+]] = arith.bitcast %[[V]] : f32 to i32
// CHECK: %[[O0:.+]] = arith.muli %[[I]], %{{.+}} : index
// CHECK: %[[O1:.+]] = arith.muli %[[O0]], %{{.+}} : index
// CHECK: %[[C4:.+]] = arith.constant 4 : index
// CHECK: %[[L0:.+]] = arith.muli %[[C4]], %[[N]] : index
// CHECK: %[[C4B:.+]] = arith.constant 4 : index
// CHECK: %[[L1:.+]] = arith.muli %[[L0]], %[[C4B]] : index
// CHECK: %[[E0:.+]] = arith.addi %[[O1]], %[[L1]] : index
// CHECK: %[[F0:.+]] = stream_lite.async.fill on(#stream_lite.affinity<@cpu>) %[[P0]], %[[R]][%[[O1]] to %[[E0]] for %[[L1]]] : i32 -> %[[R]] as !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: %[[P1:.+]] = arith.bitcast %[[V]] : f32 to i32
// CHECK: %[[O2:.+]] = arith.constant 32 : index
// CHECK: %[[E2:.+]] = arith.constant 96 : index
// CHECK: %[[L2:.+]] = arith.constant 64 : index
// CHECK: %[[F1:.+]] = stream_lite.async.fill on(#stream_lite.affinity<@cpu>) %[[P1]], %[[F0]][%[[O2]] to %[[E2]] for %[[L2]]] : i32 -> %[[F0]] as !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: %[[Z:.+]] = arith.constant 0 : i8
// CHECK: %[[O3:.+]] = arith.constant 0 : index
// CHECK: %[[F2:.+]] = stream_lite.async.fill on(#stream_lite.affinity<@cpu>) %[[Z]], %[[F1]][%[[O3]] to %[[SZ]] for %[[SZ]]] : i8 -> %[[F1]] as !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: %[[HALF:.+]] = arith.constant 2 : i32
// CHECK: %[[O4:.+]] = arith.constant 128 : index
// CHECK: %[[E4:.+]] = arith.constant 256 : index
// CHECK: %[[L4:.+]] = arith.constant 128 : index
// CHECK: %[[F3:.+]] = stream_lite.async.fill on(#stream_lite.affinity<@cpu>) %[[HALF]], %[[F2]][%[[O4]] to %[[E4]] for %[[L4]]] : i32 -> %[[F2]] as !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: return %[[F0]], %[[F1]], %[[F2]], %[[F3]]
// Tests that loads and stores address the element's byte offset: constant
// indices fold (identity (1, 2) of ?x4xf32 is byte 24; padding (1, 2) of
// 2x4xf32 with pads [0, 4] is byte 40).
func.func @load_store_static(%d: index, %sz: index, %st: !stream_lite.resource<staging>, %v: f32) -> (f32, f32, !stream_lite.resource<staging>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %0 = stream_lite.tensor.load %st[%c1, %c2] : tensor<?x4xf32>{%d} in !stream_lite.resource<staging>{%sz} -> f32
  %1 = stream_lite.tensor.load %st[%c1, %c2] : tensor<2x4xf32, #pad> in !stream_lite.resource<staging>{%sz} -> f32
  %2 = stream_lite.tensor.store %v, %st[%c1, %c2] : f32 -> tensor<2x4xf32, #pad> in %st as !stream_lite.resource<staging>{%sz}
  return %0, %1, %2 : f32, f32, !stream_lite.resource<staging>
}
// CHECK-LABEL: func.func @load_store_static
// CHECK-SAME: (%{{[a-zA-Z0-9_]+}}: index, %[[SZ:[a-zA-Z0-9_]+]]: index, %[[ST:[a-zA-Z0-9_]+]]: !stream_lite.resource<staging>, %[[V:[a-zA-Z0-9_]+]]: f32)
// CHECK: %[[O0:.+]] = arith.constant 24 : index
// CHECK: %[[L0:.+]] = stream_lite.async.load %[[ST]][%[[O0]]] : !stream_lite.resource<staging>{%[[SZ]]} -> f32{{$}}
// CHECK: %[[O1:.+]] = arith.constant 40 : index
// CHECK: %[[L1:.+]] = stream_lite.async.load %[[ST]][%[[O1]]] : !stream_lite.resource<staging>{%[[SZ]]} -> f32{{$}}
// CHECK: %[[O2:.+]] = arith.constant 40 : index
// CHECK: %[[S0:.+]] = stream_lite.async.store %[[V]], %[[ST]][%[[O2]]] : f32 -> %[[ST]] as !stream_lite.resource<staging>{%[[SZ]]}{{$}}
// CHECK: return %[[L0]], %[[L1]], %[[S0]]

// Tests the host-side index translation of a tiled layout: element (i, j)
// of ?x3xf32 in 4x2 tiles is at ((((i / 4) * 2 + j / 2) * 4 + i % 4) * 2
// + j % 2) * 4.
func.func @load_store_tiled(%d: index, %i: index, %j: index, %sz: index, %st: !stream_lite.resource<staging>, %v: f32) -> (f32, !stream_lite.resource<staging>) {
  %0 = stream_lite.tensor.load %st[%i, %j] : tensor<?x3xf32, #tile>{%d} in !stream_lite.resource<staging>{%sz} -> f32
  %1 = stream_lite.tensor.store %v, %st[%i, %j] : f32 -> tensor<?x3xf32, #tile>{%d} in %st as !stream_lite.resource<staging>{%sz}
  return %0, %1 : f32, !stream_lite.resource<staging>
}
// CHECK-LABEL: func.func @load_store_tiled
// CHECK-SAME: (%{{[a-zA-Z0-9_]+}}: index, %[[I:[a-zA-Z0-9_]+]]: index, %[[J:[a-zA-Z0-9_]+]]: index, %[[SZ:[a-zA-Z0-9_]+]]: index, %[[ST:[a-zA-Z0-9_]+]]: !stream_lite.resource<staging>, %[[V:[a-zA-Z0-9_]+]]: f32)
// CHECK: arith.ceildivui
// CHECK: %[[C4:.+]] = arith.constant 4 : index
// CHECK: %[[IO:.+]] = arith.divui %[[I]], %[[C4]] : index
// CHECK: %[[C2:.+]] = arith.constant 2 : index
// CHECK: %[[JO:.+]] = arith.divui %[[J]], %[[C2]] : index
// CHECK: %[[C4B:.+]] = arith.constant 4 : index
// CHECK: %[[II:.+]] = arith.remui %[[I]], %[[C4B]] : index
// CHECK: %[[C2B:.+]] = arith.constant 2 : index
// CHECK: %[[JI:.+]] = arith.remui %[[J]], %[[C2B]] : index
// CHECK: %[[A0:.+]] = arith.muli %[[IO]], %{{.+}} : index
// CHECK: %[[A1:.+]] = arith.addi %[[A0]], %[[JO]] : index
// CHECK: %[[A2:.+]] = arith.muli %[[A1]], %{{.+}} : index
// CHECK: %[[A3:.+]] = arith.addi %[[A2]], %[[II]] : index
// CHECK: %[[A4:.+]] = arith.muli %[[A3]], %{{.+}} : index
// CHECK: %[[A5:.+]] = arith.addi %[[A4]], %[[JI]] : index
// CHECK: %[[OFF:.+]] = arith.muli %[[A5]], %{{.+}} : index
// CHECK: %[[L:.+]] = stream_lite.async.load %[[ST]][%[[OFF]]] : !stream_lite.resource<staging>{%[[SZ]]} -> f32{{$}}
// CHECK: arith.divui %[[I]]
// CHECK: arith.remui %[[J]]
// CHECK: %[[S:.+]] = stream_lite.async.store %[[V]], %[[ST]][%{{[0-9]+}}] : f32 -> %[[ST]] as !stream_lite.resource<staging>{%[[SZ]]}{{$}}
// CHECK: return %[[L]], %[[S]]

// Tests that a dispatch takes each resource operand's whole range, keeps
// scalars, the workload, the tie and the affinity.
func.func @dispatch(%d: index, %sz: index, %sz2: index, %r: !stream_lite.resource<*>, %t: !stream_lite.resource<*>) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) {
  %c4 = arith.constant 4 : index
  %0:2 = stream_lite.tensor.dispatch on(#a) @ex::@entry[%c4](%r, %c4, %t) : (tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz}, index, tensor<?x3xf32, #tile>{%d} in !stream_lite.resource<*>{%sz2}) -> (tensor<?x4xf32>{%d} in %r as !stream_lite.resource<*>{%sz}, tensor<?x3xf32, #tile>{%d} in !stream_lite.resource<*>{%sz2})
  return %0#0, %0#1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @dispatch
// CHECK-SAME: (%{{[a-zA-Z0-9_]+}}: index, %[[SZ:[a-zA-Z0-9_]+]]: index, %[[SZ2:[a-zA-Z0-9_]+]]: index, %[[R:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>, %[[T:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>)
// CHECK: %[[C4:.+]] = arith.constant 4 : index
// CHECK: %[[C0:.+]] = arith.constant 0 : index
// CHECK: %[[D:.+]]:2 = stream_lite.async.dispatch on(#stream_lite.affinity<@cpu>) @ex::@entry[%[[C4]]](%[[R]][%[[C0]] to %[[SZ]] for %[[SZ]]], %[[C4]], %[[T]][%[[C0]] to %[[SZ2]] for %[[SZ2]]]) : (!stream_lite.resource<*>{%[[SZ]]}, index, !stream_lite.resource<*>{%[[SZ2]]}) -> (%[[R]] as !stream_lite.resource<*>{%[[SZ]]}, !stream_lite.resource<*>{%[[SZ2]]}){{$}}
// CHECK: return %[[D]]#0, %[[D]]#1

// Tests that import and export become async.import and async.export of
// the dense host bytes, and that async.transfer stays.
func.func @import_export(%d: index, %arg: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %sz = stream_lite.tensor.sizeof on(#a) tensor<?x4xf32>{%d} : index
  %0 = stream_lite.tensor.import on(#a) %arg : tensor<?x4xf32> -> tensor<?x4xf32>{%d} in !stream_lite.resource<external>{%sz}
  %1 = stream_lite.async.transfer %0 : !stream_lite.resource<external>{%sz} from(#a) -> to(#a) !stream_lite.resource<external>{%sz}
  %2 = stream_lite.tensor.export on(#a) %1 : tensor<?x4xf32>{%d} in !stream_lite.resource<external>{%sz} -> tensor<?x4xf32>
  return %2 : tensor<?x4xf32>
}
// CHECK-LABEL: func.func @import_export
// CHECK-SAME: (%[[D:[a-zA-Z0-9_]+]]: index, %[[ARG:[a-zA-Z0-9_]+]]: tensor<?x4xf32>)
// CHECK: %[[I:.+]] = stream_lite.async.import on(#stream_lite.affinity<@cpu>) %[[ARG]] : tensor<?x4xf32> -> !stream_lite.resource<external>{%[[SZ:.+]]}{{$}}
// CHECK-NEXT: %[[X:.+]] = stream_lite.async.transfer %[[I]] : !stream_lite.resource<external>{%[[SZ]]} from(#stream_lite.affinity<@cpu>) -> to(#stream_lite.affinity<@cpu>) !stream_lite.resource<external>{%[[SZ]]}{{$}}
// CHECK-NEXT: %[[E:.+]] = stream_lite.async.export on(#stream_lite.affinity<@cpu>) %[[X]] : !stream_lite.resource<external>{%[[SZ]]} -> tensor<?x4xf32>{%[[D]]}{{$}}
// CHECK-NEXT: return %[[E]]

// Tests that export to a host tensor with a dynamic dim where the source
// tensor is static passes the static extent as the host dim.
func.func @export_static_to_dynamic(%r: !stream_lite.resource<external>) -> tensor<?x4xf32> {
  %c32 = arith.constant 32 : index
  %0 = stream_lite.tensor.export on(#a) %r : tensor<2x4xf32> in !stream_lite.resource<external>{%c32} -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
// CHECK-LABEL: func.func @export_static_to_dynamic
// CHECK-DAG: %[[C32:.+]] = arith.constant 32 : index
// CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
// CHECK: %[[E:.+]] = stream_lite.async.export on(#stream_lite.affinity<@cpu>) %{{.+}} : !stream_lite.resource<external>{%[[C32]]} -> tensor<?x4xf32>{%[[C2]]}{{$}}
// CHECK-NEXT: return %[[E]]

// Tests that a function without tensor-phase ops is left alone.
func.func @no_tensor_ops(%sz: index, %r: !stream_lite.resource<*>) -> !stream_lite.resource<staging> {
  %c1 = arith.constant 1 : index
  %0 = arith.addi %sz, %c1 : index
  %1 = stream_lite.async.transfer %r : !stream_lite.resource<*>{%sz} -> !stream_lite.resource<staging>{%sz}
  return %1 : !stream_lite.resource<staging>
}
// CHECK-LABEL: func.func @no_tensor_ops
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index, %[[R:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>)
// CHECK-NEXT: %[[C1:.+]] = arith.constant 1 : index
// CHECK-NEXT: %{{.+}} = arith.addi %[[SZ]], %[[C1]] : index
// CHECK-NEXT: %[[X:.+]] = stream_lite.async.transfer %[[R]] : !stream_lite.resource<*>{%[[SZ]]} -> !stream_lite.resource<staging>{%[[SZ]]}{{$}}
// CHECK-NEXT: return %[[X]]
