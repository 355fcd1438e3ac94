// RUN: layout-opt --split-input-file --verify-diagnostics --stream-lite-materialize-builtins --remarks-filter=stream-lite-materialize-builtins %s | FileCheck %s

// DMA with dynamic dims and offsets (docs/passes.md, DMA or dispatch): a
// region stays DMA when it is one byte range for EVERY value of its dynamic
// parts; the remark of a dispatch names what cannot be proven.

stream_lite.device @dev targets([#stream_lite.target<"x">])

#pad64 = #stream_lite.layout<[#stream_lite.padding<[0, 64]>]>

// Tests whole rows of the padded type the GPU padding resolver makes, with a
// dynamic outer dim, a dynamic row offset, or both: slices, an update and a
// fill all stay DMA.
// CHECK-LABEL: func.func @padded_rows
// CHECK-NOT: stream_lite.tensor.dispatch
// CHECK: return
func.func @padded_rows(%r: !stream_lite.resource<*>, %d: index, %i: index, %n: index, %sz: index, %v: f16) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c2048 = arith.constant 2048 : index
  // expected-remark @+1 {{[Passed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=padded_rows | Remark="one copy, its bytes computed at run time: rows [2, 4) are contiguous (with padding the layouts allow)"}}
  %0 = stream_lite.tensor.slice %r[%c2, %c0 for %c2, %c2048] : tensor<?x2048xf16, #pad64>{%d} in !stream_lite.resource<*>{%sz} -> tensor<2x2048xf16, #pad64> in !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=padded_rows | Remark="one copy, its bytes computed at run time: rows [?, ? + ?) are contiguous (with padding the layouts allow)"}}
  %1 = stream_lite.tensor.slice %r[%i, %c0 for %n, %c2048] : tensor<?x2048xf16, #pad64>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x2048xf16, #pad64>{%n} in !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.update | Category:stream-lite-materialize-builtins | Function=padded_rows | Remark="one copy, its bytes computed at run time: rows [0, ?) are contiguous (with padding the layouts allow)"}}
  %2 = stream_lite.tensor.update %1, %r[%i, %c0] : tensor<?x2048xf16, #pad64>{%n} in !stream_lite.resource<*>{%sz} -> tensor<?x2048xf16, #pad64>{%d} in %r as !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=padded_rows | Remark="one 16-bit memset, its bytes computed at run time: rows [?, ? + ?) are contiguous"}}
  %3 = stream_lite.tensor.fill %v, %r[%i, %c0 for %n, %c2048] : f16 -> tensor<?x2048xf16, #pad64>{%d} in %r as !stream_lite.resource<*>{%sz}
  return %0, %1, %2, %3 : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}

// -----

stream_lite.device @dev targets([#stream_lite.target<"x">])

#pad64 = #stream_lite.layout<[#stream_lite.padding<[0, 64]>]>

// Tests what still blocks DMA on padded rows: part of a row (not the whole
// dim), and rows whose length differs between the tensors (the padded
// source's rows are 2112 elements, the identity result's 2048).
// CHECK-LABEL: func.func @padded_dispatch
// CHECK-COUNT-2: stream_lite.tensor.dispatch @__builtin_slice
func.func @padded_dispatch(%r: !stream_lite.resource<*>, %d: index, %i: index, %n: index, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  // expected-remark @+1 {{[Missed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=padded_dispatch | Remark="source: dim 1 region [0, 1024) is not the whole dim (2048), so the region is not one byte range"}}
  %0 = stream_lite.tensor.slice %r[%i, %c0 for %n, %c1024] : tensor<?x2048xf16, #pad64>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x1024xf16, #pad64>{%n} in !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Missed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=padded_dispatch | Remark="source (#stream_lite.padding<[0, 64]>) and target (identity) do not provably order the region's bytes the same way for every value of the dynamic dims"}}
  %1 = stream_lite.tensor.slice %r[%i, %c0 for %n, %c2048] : tensor<?x2048xf16, #pad64>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x2048xf16>{%n} in !stream_lite.resource<*>{%sz}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}

// -----

stream_lite.device @dev targets([#stream_lite.target<"x">])

#t48 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 8]>

// Tests whole outer rows of tiles of ?x8xf32 with 4x8 tiles: a static
// tile-aligned region, a dynamic offset that is a multiple of the tile
// (%x * 4), and a dynamic length that is one too; rows inside one tile; and
// a zero fill of rows of tiles. All stay DMA.
// CHECK-LABEL: func.func @tiled_rows
// CHECK-NOT: stream_lite.tensor.dispatch
// CHECK: return
func.func @tiled_rows(%r: !stream_lite.resource<*>, %d: index, %x: index, %y: index, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %a = arith.muli %x, %c4 : index
  %m = arith.muli %y, %c4 : index
  // expected-remark @+1 {{[Passed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=tiled_rows | Remark="one copy, its bytes computed at run time: rows [4, 12) are contiguous"}}
  %0 = stream_lite.tensor.slice %r[%c4, %c0 for %c8, %c8] : tensor<?x8xf32, #t48>{%d} in !stream_lite.resource<*>{%sz} -> tensor<8x8xf32, #t48> in !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=tiled_rows | Remark="one copy, its bytes computed at run time: rows [?, ? + 8) are contiguous"}}
  %1 = stream_lite.tensor.slice %r[%a, %c0 for %c8, %c8] : tensor<?x8xf32, #t48>{%d} in !stream_lite.resource<*>{%sz} -> tensor<8x8xf32, #t48> in !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=tiled_rows | Remark="one copy, its bytes computed at run time: rows [?, ? + ?) are contiguous"}}
  %2 = stream_lite.tensor.slice %r[%a, %c0 for %m, %c8] : tensor<?x8xf32, #t48>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x8xf32, #t48>{%m} in !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=tiled_rows | Remark="one copy, its bytes computed at run time: rows [?, ? + 2) are contiguous"}}
  %3 = stream_lite.tensor.slice %r[%a, %c0 for %c2, %c8] : tensor<?x8xf32, #t48>{%d} in !stream_lite.resource<*>{%sz} -> tensor<2x8xf32, #t48> in !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=tiled_rows | Remark="one 8-bit memset, its bytes computed at run time: rows [?, ? + ?) are contiguous"}}
  %4 = stream_lite.tensor.fill %zero, %r[%a, %c0 for %m, %c8] : f32 -> tensor<?x8xf32, #t48>{%d} in %r as !stream_lite.resource<*>{%sz}
  return %0, %1, %2, %3, %4 : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}

// -----

stream_lite.device @dev targets([#stream_lite.target<"x">])

#t48 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 8]>

// Tests what blocks DMA on tiles with dynamic values, each named: an offset
// not provably tile-aligned (alignment is never assumed at run time), a
// length not provably a multiple of the tile, a static region that ends
// inside a tile of a dynamic dim (its end may or may not be the dim's), a
// region cutting tiles, and a non-zero fill of whole rows whose last tile may
// hold pads (4x4 tiles: a row of tiles is not a run of whole rows).
// CHECK-LABEL: func.func @tiled_dispatch
// CHECK-COUNT-4: stream_lite.tensor.dispatch @__builtin_slice
// CHECK-COUNT-2: stream_lite.tensor.dispatch @__builtin_fill
func.func @tiled_dispatch(%r: !stream_lite.resource<*>, %d: index, %i: index, %n: index, %x: index, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %a = arith.muli %x, %c4 : index
  // expected-remark @+1 {{[Missed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=tiled_dispatch | Remark="source: dim 0 offset is dynamic and not provably a multiple of its 4-wide tiles"}}
  %0 = stream_lite.tensor.slice %r[%i, %c0 for %c8, %c8] : tensor<?x8xf32, #t48>{%d} in !stream_lite.resource<*>{%sz} -> tensor<8x8xf32, #t48> in !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Missed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=tiled_dispatch | Remark="source: dim 0 length is dynamic and not provably a multiple of its 4-wide tiles"}}
  %1 = stream_lite.tensor.slice %r[%a, %c0 for %n, %c8] : tensor<?x8xf32, #t48>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x8xf32, #t48>{%n} in !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Missed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=tiled_dispatch | Remark="source: dim 0 region [0, 6) ends inside a 4-wide tile, and whether that is the end of the dynamic dim is not known"}}
  %2 = stream_lite.tensor.slice %r[%c0, %c0 for %c6, %c8] : tensor<?x8xf32, #t48>{%d} in !stream_lite.resource<*>{%sz} -> tensor<6x8xf32, #t48> in !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Missed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=tiled_dispatch | Remark="source: dim 1 region [0, 4) cuts 8-wide tiles"}}
  %3 = stream_lite.tensor.slice %r[%a, %c0 for %c8, %c4] : tensor<?x8xf32, #t48>{%d} in !stream_lite.resource<*>{%sz} -> tensor<8x4xf32, #t48> in !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Missed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=tiled_dispatch | Remark="writes non-zero into tile padding: the range may hold tile pads for some values of the dynamic dims"}}
  %4 = stream_lite.tensor.fill %one, %r[%c0, %c0 for %d, %c8] : f32 -> tensor<?x8xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>>{%d} in %r as !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Missed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=tiled_dispatch | Remark="dim 0 offset is dynamic and not provably a multiple of its 4-wide tiles"}}
  %5 = stream_lite.tensor.fill %one, %r[%i, %c0 for %c8, %c8] : f32 -> tensor<?x8xf32, #t48>{%d} in %r as !stream_lite.resource<*>{%sz}
  return %0, %1, %2, %3, %4, %5 : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}

// -----

stream_lite.device @dev targets([#stream_lite.target<"x">])

#t3 = #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [3]>

// Tests that a product with a tile that is not a power of two proves
// alignment only when it cannot wrap: index arithmetic wraps modulo 2^64,
// which keeps multiples of 4 but not of 3.
// CHECK-LABEL: func.func @alignment_and_wrapping
// CHECK: stream_lite.tensor.slice %arg0[%[[NUW:.+]], %c0 for %c3, %c2]
// CHECK: stream_lite.tensor.dispatch @__builtin_slice
func.func @alignment_and_wrapping(%r: !stream_lite.resource<*>, %d: index, %x: index, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %nuw = arith.muli %x, %c3 overflow<nuw> : index
  %wraps = arith.muli %x, %c3 : index
  // expected-remark @+1 {{[Passed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=alignment_and_wrapping | Remark="one copy, its bytes computed at run time: rows [?, ? + 3) are contiguous"}}
  %0 = stream_lite.tensor.slice %r[%nuw, %c0 for %c3, %c2] : tensor<?x2xf32, #t3>{%d} in !stream_lite.resource<*>{%sz} -> tensor<3x2xf32, #t3> in !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Missed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=alignment_and_wrapping | Remark="source: dim 0 offset is dynamic and not provably a multiple of its 3-wide tiles"}}
  %1 = stream_lite.tensor.slice %r[%wraps, %c0 for %c3, %c2] : tensor<?x2xf32, #t3>{%d} in !stream_lite.resource<*>{%sz} -> tensor<3x2xf32, #t3> in !stream_lite.resource<*>{%sz}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}
