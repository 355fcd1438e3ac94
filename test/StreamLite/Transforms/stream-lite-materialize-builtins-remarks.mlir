// RUN: layout-opt --split-input-file --verify-diagnostics --stream-lite-materialize-builtins --remarks-filter=stream-lite-materialize-builtins %s -o /dev/null
// Tests the explanation of every decision: a passed remark for DMA (what is
// moved), a missed remark for a dispatch (what prevents DMA).

stream_lite.device @dev targets([#stream_lite.target<"x">])
stream_lite.device @narrow targets([#stream_lite.target<"y">]) {native_fill_bits = [8]}

#tile84 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>
#tile44 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>
#pad16 = #stream_lite.padding<[0, 16]>

func.func @clone_tiled(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  // expected-remark @+1 {{[Passed] stream_lite.tensor.clone | Category:stream-lite-materialize-builtins | Function=clone_tiled | Remark="one 256-byte copy of the whole storage (clone keeps the layout)"}}
  %0 = stream_lite.tensor.clone %r : tensor<5x6xf32, #tile44> in !stream_lite.resource<*>{%sz} -> tensor<5x6xf32, #tile44> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
func.func @clone_dynamic(%r: !stream_lite.resource<*>, %d: index, %sz: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  // expected-remark @+1 {{[Passed] stream_lite.tensor.clone | Category:stream-lite-materialize-builtins | Function=clone_dynamic | Remark="one copy of the whole storage (clone keeps the layout)"}}
  %0 = stream_lite.tensor.clone %r : tensor<?x6xf32, #tile44>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x6xf32, #tile44>{%d} in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
func.func @encode_equal(%r: !stream_lite.resource<*>, %d: index, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  // expected-remark @+1 {{[Passed] stream_lite.tensor.encode | Category:stream-lite-materialize-builtins | Function=encode_equal | Remark="folds to a clone: the layouts are physically equal"}}
  %0 = stream_lite.tensor.encode %r : tensor<?x6xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x6xf32, #stream_lite.layout<[#stream_lite.padding<[0, 0]>]>>{%d} in !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.encode | Category:stream-lite-materialize-builtins | Function=encode_equal | Remark="folds to a clone: the layouts are physically equal"}}
  %1 = stream_lite.tensor.encode %r : tensor<?x6xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x6xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [1, 1]>>{%d} in !stream_lite.resource<*>{%sz}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}
func.func @encode_same_image(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  // expected-remark @+1 {{[Passed] stream_lite.tensor.encode | Category:stream-lite-materialize-builtins | Function=encode_same_image | Remark="folds to a clone: both layouts give this shape the same byte image"}}
  %0 = stream_lite.tensor.encode %r : tensor<8x4xf32> in !stream_lite.resource<*>{%sz} -> tensor<8x4xf32, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [4]>> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
func.func @encode_relayout(%r: !stream_lite.resource<*>, %d: index, %sz: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  // expected-remark @+1 {{[Missed] stream_lite.tensor.encode | Category:stream-lite-materialize-builtins | Function=encode_relayout | Remark="relayout from identity to #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>"}}
  %0 = stream_lite.tensor.encode %r : tensor<?x6xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x6xf32, #tile44>{%d} in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
func.func @slice_rows(%r: !stream_lite.resource<*>, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  // expected-remark @+1 {{[Passed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=slice_rows | Remark="one 256-byte copy: rows 2..3 are contiguous"}}
  %0 = stream_lite.tensor.slice %r[%c2, %c0 for %c2, %c32] : tensor<8x32xf32> in !stream_lite.resource<*>{%sz} -> tensor<2x32xf32> in !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=slice_rows | Remark="one 384-byte copy: rows 2..3 are contiguous (with padding the layouts allow)"}}
  %1 = stream_lite.tensor.slice %r[%c2, %c0 for %c2, %c32] : tensor<8x32xf32, #pad16> in !stream_lite.resource<*>{%sz} -> tensor<2x32xf32, #pad16> in !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=slice_rows | Remark="one 512-byte copy: rows 8..15 are contiguous"}}
  %2 = stream_lite.tensor.slice %r[%c8, %c0 for %c8, %c16] : tensor<16x16xf32, #tile84> in !stream_lite.resource<*>{%sz} -> tensor<8x16xf32, #tile84> in !stream_lite.resource<*>{%sz}
  return %0, %1, %2 : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}
func.func @slice_dispatch(%r: !stream_lite.resource<*>, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  // expected-remark @+1 {{[Missed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=slice_dispatch | Remark="source: dim 1 region [1, 4) is not the whole dim (32), so the region is not one byte range"}}
  %0 = stream_lite.tensor.slice %r[%c0, %c1 for %c2, %c3] : tensor<8x32xf32> in !stream_lite.resource<*>{%sz} -> tensor<2x3xf32> in !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Missed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=slice_dispatch | Remark="source (#stream_lite.padding<[0, 16]>) and target (identity) order the region's bytes differently"}}
  %1 = stream_lite.tensor.slice %r[%c2, %c0 for %c2, %c32] : tensor<8x32xf32, #pad16> in !stream_lite.resource<*>{%sz} -> tensor<2x32xf32> in !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Missed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=slice_dispatch | Remark="source: dim 1 region [1, 4) cuts 4-wide tiles"}}
  %2 = stream_lite.tensor.slice %r[%c0, %c1 for %c16, %c3] : tensor<16x16xf32, #tile84> in !stream_lite.resource<*>{%sz} -> tensor<16x3xf32, #tile84> in !stream_lite.resource<*>{%sz}
  return %0, %1, %2 : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}
func.func @slice_dynamic(%r: !stream_lite.resource<*>, %d: index, %o: index, %n: index, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  // expected-remark @+1 {{[Passed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=slice_dynamic | Remark="one copy: the region is row-major contiguous in both identity layouts"}}
  %0 = stream_lite.tensor.slice %r[%o, %c0 for %n, %c16] : tensor<?x16xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x16xf32>{%n} in !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Missed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=slice_dynamic | Remark="source: dim 0 offset is dynamic and not provably a multiple of its 8-wide tiles"}}
  %1 = stream_lite.tensor.slice %r[%o, %c0 for %n, %c16] : tensor<?x16xf32, #tile84>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x16xf32, #tile84>{%n} in !stream_lite.resource<*>{%sz}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}
func.func @update(%t: !stream_lite.resource<*>, %u: !stream_lite.resource<*>, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-remark @+1 {{[Passed] stream_lite.tensor.update | Category:stream-lite-materialize-builtins | Function=update | Remark="one 128-byte copy: rows 0..1 are contiguous"}}
  %0 = stream_lite.tensor.update %u, %t[%c4, %c0] : tensor<2x16xf32> in !stream_lite.resource<*>{%sz} -> tensor<8x16xf32> in %t as !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Missed] stream_lite.tensor.update | Category:stream-lite-materialize-builtins | Function=update | Remark="target: dim 0 region [1, 3) cuts 8-wide tiles"}}
  %1 = stream_lite.tensor.update %u, %t[%c1, %c0] : tensor<2x16xf32, #tile84> in !stream_lite.resource<*>{%sz} -> tensor<8x16xf32, #tile84> in %t as !stream_lite.resource<*>{%sz}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}
func.func @fill(%t: !stream_lite.resource<*>, %sz: index, %v: f32) -> (!stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %i64e = arith.constant 0x0000000500000005 : i64
  %i64u = arith.constant 0x0000000500000006 : i64
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=fill | Remark="one 8-bit memset of 256 bytes: rows 0..4 are contiguous"}}
  %0 = stream_lite.tensor.fill %zero, %t[%c0, %c0 for %c5, %c6] : f32 -> tensor<5x6xf32, #tile44> in %t as !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Missed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=fill | Remark="writes non-zero into tile padding"}}
  %1 = stream_lite.tensor.fill %one, %0[%c0, %c0 for %c5, %c6] : f32 -> tensor<5x6xf32, #tile44> in %0 as !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=fill | Remark="one 32-bit memset of 256 bytes: rows 0..7 are contiguous"}}
  %2 = stream_lite.tensor.fill %one, %1[%c0, %c0 for %c8, %c8] : f32 -> tensor<8x8xf32, #tile44> in %1 as !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=fill | Remark="one 32-bit memset of 180 bytes: rows 0..4 are contiguous"}}
  %3 = stream_lite.tensor.fill %v, %2[%c0, %c0 for %c5, %c6] : f32 -> tensor<5x6xf32, #stream_lite.padding<[0, 3]>> in %2 as !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=fill | Remark="one 32-bit memset of 40 bytes: rows 0..4 are contiguous"}}
  %4 = stream_lite.tensor.fill %i64e, %3[%c0 for %c5] : i64 -> tensor<8xi64> in %3 as !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Missed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=fill | Remark="pattern i64 with unequal halves; device memsets 8/16/32 bits"}}
  %5 = stream_lite.tensor.fill %i64u, %4[%c0 for %c5] : i64 -> tensor<8xi64> in %4 as !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Missed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=fill | Remark="pattern f32 0x3F800000 is not a repeated value of a width the device memsets (8 bits)"}}
  %6 = stream_lite.tensor.fill on(#stream_lite.affinity<@narrow>) %one, %5[%c0 for %c5] : f32 -> tensor<8xf32> in %5 as !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=fill | Remark="one 8-bit memset of 20 bytes: rows 0..4 are contiguous"}}
  %7 = stream_lite.tensor.fill on(#stream_lite.affinity<@narrow>) %zero, %6[%c0 for %c5] : f32 -> tensor<8xf32> in %6 as !stream_lite.resource<*>{%sz}
  return %7 : !stream_lite.resource<*>
}
func.func @splat(%sz: index, %v: f32, %d: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %zero = arith.constant 0.0 : f32
  // expected-remark @+1 {{[Passed] stream_lite.tensor.splat | Category:stream-lite-materialize-builtins | Function=splat | Remark="one 32-bit memset of the whole storage: padding bytes are undefined"}}
  %0 = stream_lite.tensor.splat %v : f32 -> tensor<?x6xf32>{%d} in !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Missed] stream_lite.tensor.splat | Category:stream-lite-materialize-builtins | Function=splat | Remark="writes non-zero into tile padding"}}
  %1 = stream_lite.tensor.splat %v : f32 -> tensor<?x6xf32, #tile44>{%d} in !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.splat | Category:stream-lite-materialize-builtins | Function=splat | Remark="one 8-bit memset of the whole storage: the pattern is zero"}}
  %2 = stream_lite.tensor.splat %zero : f32 -> tensor<?x6xf32, #tile44>{%d} in !stream_lite.resource<*>{%sz}
  return %0, %1, %2 : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}
func.func @dedup(%r: !stream_lite.resource<*>, %d: index, %sz: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  // expected-remark @+1 {{[Missed] stream_lite.tensor.encode | Category:stream-lite-materialize-builtins | Function=dedup | Remark="relayout from identity to #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>"}}
  %0 = stream_lite.tensor.encode %r : tensor<?x6xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x6xf32, #tile44>{%d} in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
func.func @empty_regions(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %seven = arith.constant 7.0 : f32
  // An empty region writes nothing, not the tile pads its offsets point into.
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=empty_regions | Remark="empty region: nothing to fill"}}
  %0 = stream_lite.tensor.fill %seven, %r[%c2, %c4 for %c1, %c0] : f32 -> tensor<5x6xf32, #tile44> in %r as !stream_lite.resource<*>{%sz}
  %esz = stream_lite.tensor.sizeof tensor<0x2xf32> : index
  // expected-remark @+1 {{[Passed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=empty_regions | Remark="empty region: nothing to copy"}}
  %1 = stream_lite.tensor.slice %0[%c1, %c1 for %c0, %c2] : tensor<5x6xf32, #tile44> in !stream_lite.resource<*>{%sz} -> tensor<0x2xf32> in !stream_lite.resource<*>{%esz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Fills of one static region are planned once per pass run and then looked
// up (FillPlanCache), keyed by the type, the region, the pattern and the
// device's fill widths: each fill below still gets its own decision.

stream_lite.device @dev targets([#stream_lite.target<"x">])
stream_lite.device @narrow targets([#stream_lite.target<"y">]) {native_fill_bits = [8]}

#tile44 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>

func.func @fill_plans_memo(%r: !stream_lite.resource<*>, %v: f32, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=fill_plans_memo | Remark="one 8-bit memset of 256 bytes: rows 0..4 are contiguous"}}
  %0 = stream_lite.tensor.fill on(#stream_lite.affinity<@dev>) %zero, %r[%c0, %c0 for %c5, %c6] : f32 -> tensor<5x6xf32, #tile44> in %r as !stream_lite.resource<*>{%sz}
  // Another pattern: not the zero fill's plan.
  // expected-remark @+1 {{[Missed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=fill_plans_memo | Remark="writes non-zero into tile padding"}}
  %1 = stream_lite.tensor.fill on(#stream_lite.affinity<@dev>) %one, %r[%c0, %c0 for %c5, %c6] : f32 -> tensor<5x6xf32, #tile44> in %r as !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=fill_plans_memo | Remark="one 8-bit memset of 256 bytes: rows 0..4 are contiguous"}}
  %2 = stream_lite.tensor.fill on(#stream_lite.affinity<@dev>) %zero, %r[%c0, %c0 for %c5, %c6] : f32 -> tensor<5x6xf32, #tile44> in %r as !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=fill_plans_memo | Remark="one 32-bit memset of 120 bytes: rows 0..4 are contiguous"}}
  %3 = stream_lite.tensor.fill on(#stream_lite.affinity<@dev>) %v, %r[%c0, %c0 for %c5, %c6] : f32 -> tensor<5x6xf32> in %r as !stream_lite.resource<*>{%sz}
  // Another device's fill widths: not @dev's plan.
  // expected-remark @+1 {{[Missed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=fill_plans_memo | Remark="pattern f32 is not a constant and the device memsets 8 bits"}}
  %4 = stream_lite.tensor.fill on(#stream_lite.affinity<@narrow>) %v, %r[%c0, %c0 for %c5, %c6] : f32 -> tensor<5x6xf32> in %r as !stream_lite.resource<*>{%sz}
  return %0, %1, %2, %3, %4 : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}

// -----

// Zero fills on a device without 8-bit memsets. A zero pattern is the same
// bits at every width: it takes the narrowest native width whose bytes
// provably divide the bytes filled. When none does, it is still DMA: the
// 8-bit memset of zero bytes (a wider one would leave the tail unwritten).

stream_lite.device @w32 targets([#stream_lite.target<"vmvx">]) {native_fill_bits = [32]}
stream_lite.device @w16 targets([#stream_lite.target<"vmvx">]) {native_fill_bits = [16, 64]}

#tile22 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>
#tile44 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>

func.func @zero_fills(%r: !stream_lite.resource<*>, %sz: index, %d: index) -> (!stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@w32>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %zi = arith.constant 0 : i8
  %one = arith.constant 1 : i8
  %z4 = arith.constant 0 : i4
  %z2 = arith.constant 0 : i2
  %zh = arith.constant 0.0 : f16
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=zero_fills | Remark="one 32-bit memset of 16 bytes: rows 0..3 are contiguous"}}
  %0 = stream_lite.tensor.fill %zi, %r[%c0, %c0 for %c4, %c4] : i8 -> tensor<4x4xi8> in %r as !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=zero_fills | Remark="one 8-bit memset of 9 bytes: rows 0..2 are contiguous (zero bytes: no width the device memsets (32 bits) divides 9 bytes)"}}
  %1 = stream_lite.tensor.fill %zi, %0[%c0, %c0 for %c3, %c3] : i8 -> tensor<3x3xi8> in %0 as !stream_lite.resource<*>{%sz}
  // Dynamic rows of 4 bytes: a multiple of 4 bytes whatever their count.
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=zero_fills | Remark="one 32-bit memset of the whole storage: the pattern is zero"}}
  %dyn4 = stream_lite.tensor.fill %zi, %1[%c0, %c0 for %d, %c4] : i8 -> tensor<?x4xi8>{%d} in %1 as !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=zero_fills | Remark="one 8-bit memset of the whole storage: the pattern is zero (zero bytes: the size is not known to be a multiple of a width the device memsets (32 bits))"}}
  %2 = stream_lite.tensor.fill %zi, %dyn4[%c0, %c0 for %d, %c3] : i8 -> tensor<?x3xi8>{%d} in %dyn4 as !stream_lite.resource<*>{%sz}
  // Tiled with padding: 3x3 in 2x2 tiles is 16 bytes, pads included.
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=zero_fills | Remark="one 32-bit memset of 16 bytes: rows 0..2 are contiguous"}}
  %3 = stream_lite.tensor.fill %zi, %2[%c0, %c0 for %c3, %c3] : i8 -> tensor<3x3xi8, #tile22> in %2 as !stream_lite.resource<*>{%sz}
  // 5x6 f16 in 4x4 tiles: 8x8 slots, 128 bytes.
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=zero_fills | Remark="one 32-bit memset of 128 bytes: rows 0..4 are contiguous"}}
  %4 = stream_lite.tensor.fill %zh, %3[%c0, %c0 for %c5, %c6] : f16 -> tensor<5x6xf16, #tile44> in %3 as !stream_lite.resource<*>{%sz}
  // Packed: 4x4 i4 is 8 bytes; 3x3 i4 is 5 bytes (a zero fill keeps the
  // tail bits zero); 4x4 i2 is 4 bytes.
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=zero_fills | Remark="one 32-bit memset of 8 bytes: rows 0..3 are contiguous"}}
  %5 = stream_lite.tensor.fill %z4, %4[%c0, %c0 for %c4, %c4] : i4 -> tensor<4x4xi4> in %4 as !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=zero_fills | Remark="one 8-bit memset of 5 bytes: rows 0..2 are contiguous (zero bytes: no width the device memsets (32 bits) divides 5 bytes)"}}
  %6 = stream_lite.tensor.fill %z4, %5[%c0, %c0 for %c3, %c3] : i4 -> tensor<3x3xi4> in %5 as !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=zero_fills | Remark="one 32-bit memset of 4 bytes: rows 0..3 are contiguous"}}
  %7 = stream_lite.tensor.fill %z2, %6[%c0, %c0 for %c4, %c4] : i2 -> tensor<4x4xi2> in %6 as !stream_lite.resource<*>{%sz}
  // Part of a tensor: the same, a native width when it divides the bytes,
  // else zero bytes.
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=zero_fills | Remark="one 32-bit memset of 8 bytes: rows 1..2 are contiguous"}}
  %8 = stream_lite.tensor.fill %zi, %7[%c1, %c0 for %c2, %c4] : i8 -> tensor<4x4xi8> in %7 as !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=zero_fills | Remark="one 8-bit memset of 3 bytes: rows 1..1 are contiguous (zero bytes: no width the device memsets (32 bits) divides 3 bytes)"}}
  %9 = stream_lite.tensor.fill %zi, %8[%c1, %c0 for %c1, %c3] : i8 -> tensor<4x3xi8> in %8 as !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=zero_fills | Remark="one 32-bit memset: the region is row-major contiguous"}}
  %dyn8x4 = stream_lite.tensor.fill %zi, %9[%c0, %c0 for %d, %c4] : i8 -> tensor<8x4xi8> in %9 as !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=zero_fills | Remark="one 8-bit memset: the region is row-major contiguous (zero bytes: the size is not known to be a multiple of a width the device memsets (32 bits))"}}
  %10 = stream_lite.tensor.fill %zi, %dyn8x4[%c0, %c0 for %d, %c3] : i8 -> tensor<8x3xi8> in %dyn8x4 as !stream_lite.resource<*>{%sz}
  // A non-zero i8 is still no 32-bit pattern.
  // expected-remark @+1 {{[Missed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=zero_fills | Remark="pattern i8 0x1 is not a repeated value of a width the device memsets (32 bits)"}}
  %11 = stream_lite.tensor.fill %one, %10[%c0, %c0 for %c4, %c4] : i8 -> tensor<4x4xi8> in %10 as !stream_lite.resource<*>{%sz}
  // The narrowest native width that divides: 16 bits for 6 bytes.
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=zero_fills | Remark="one 16-bit memset of 6 bytes: rows 0..1 are contiguous"}}
  %12 = stream_lite.tensor.fill on(#stream_lite.affinity<@w16>) %zi, %11[%c0, %c0 for %c2, %c3] : i8 -> tensor<2x3xi8> in %11 as !stream_lite.resource<*>{%sz}
  return %12 : !stream_lite.resource<*>
}

// A dynamic splat of zero is a whole tensor too.
func.func @zero_splat(%sz: index, %d: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@w32>} {
  %zi = arith.constant 0 : i8
  // expected-remark @+1 {{[Passed] stream_lite.tensor.splat | Category:stream-lite-materialize-builtins | Function=zero_splat | Remark="one 8-bit memset of the whole storage: the pattern is zero (zero bytes: the size is not known to be a multiple of a width the device memsets (32 bits))"}}
  %0 = stream_lite.tensor.splat %zi : i8 -> tensor<?x4xi8, #tile44>{%d} in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
