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
