// RUN: layout-opt --verify-diagnostics --stream-lite-materialize-builtins --remarks-filter=stream-lite-materialize-builtins %s -o /dev/null
// Tests DMA or dispatch on swizzled tiles (docs/passes.md, DMA or dispatch):
// a swizzled tile moves as bytes whole or as one element; a region that
// cuts one, or a partner without the same swizzle, is a dispatch.

stream_lite.device @dev targets([#stream_lite.target<"x">])
#swz = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4], swizzle = #stream_lite.swizzle<expand_shape = [[2, 4], [2, 2]], permutation = [1, 3, 0, 2]>>
#plain = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>
#transposed = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4], swizzle = #stream_lite.swizzle<expand_shape = [[8], [4]], permutation = [1, 0]>>
#reordered = #stream_lite.tiled<inner_dims_pos = [1, 0], inner_tiles = [4, 8]>
func.func @swizzle(%r: !stream_lite.resource<*>, %sz: index, %d: index, %i: index) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %f = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  // Whole swizzled tiles (one tile row) move as bytes.
  // expected-remark @+1 {{[Passed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=swizzle | Remark="one 512-byte copy: rows 8..15 are contiguous"}}
  %0 = stream_lite.tensor.slice %r[%c8, %c0 for %c8, %c16] : tensor<16x16xf32, #swz> in !stream_lite.resource<*>{%sz} -> tensor<8x16xf32, #swz> in !stream_lite.resource<*>{%sz}
  // Rows 2..5 cut the swizzled 8-row tiles.
  // expected-remark @+1 {{[Missed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=swizzle | Remark="source: dim 0 region [2, 6) cuts 8-wide swizzled tiles"}}
  %1 = stream_lite.tensor.slice %r[%c2, %c0 for %c4, %c16] : tensor<16x16xf32, #swz> in !stream_lite.resource<*>{%sz} -> tensor<4x16xf32, #swz> in !stream_lite.resource<*>{%sz}
  // The same tiles without the swizzle order the bytes differently.
  // expected-remark @+1 {{[Missed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=swizzle | Remark="source (#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4], swizzle = #stream_lite.swizzle<expand_shape = [[2, 4], [2, 2]], permutation = [1, 3, 0, 2]>>) and target (#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>) order the region's bytes differently"}}
  %2 = stream_lite.tensor.slice %r[%c8, %c0 for %c8, %c16] : tensor<16x16xf32, #swz> in !stream_lite.resource<*>{%sz} -> tensor<8x16xf32, #plain> in !stream_lite.resource<*>{%sz}
  // One element of a swizzled tile is one byte range.
  // expected-remark @+1 {{[Passed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=swizzle | Remark="one 4-byte copy: region [3, 4) x [2, 3) is contiguous"}}
  %3 = stream_lite.tensor.slice %r[%c3, %c2 for %c1, %c1] : tensor<16x16xf32, #swz> in !stream_lite.resource<*>{%sz} -> tensor<1x1xf32> in !stream_lite.resource<*>{%sz}
  // A swizzle that transposes whole tile dims is an inner_dims_pos order.
  // expected-remark @+1 {{[Passed] stream_lite.tensor.encode | Category:stream-lite-materialize-builtins | Function=swizzle | Remark="folds to a clone: the layouts are physically equal"}}
  %4 = stream_lite.tensor.encode %r : tensor<16x16xf32, #transposed> in !stream_lite.resource<*>{%sz} -> tensor<16x16xf32, #reordered> in !stream_lite.resource<*>{%sz}
  // Dropping a real swizzle is a relayout.
  // expected-remark @+1 {{[Missed] stream_lite.tensor.encode | Category:stream-lite-materialize-builtins | Function=swizzle | Remark="relayout from #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4], swizzle = #stream_lite.swizzle<expand_shape = [[2, 4], [2, 2]], permutation = [1, 3, 0, 2]>> to #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>"}}
  %5 = stream_lite.tensor.encode %r : tensor<16x16xf32, #swz> in !stream_lite.resource<*>{%sz} -> tensor<16x16xf32, #plain> in !stream_lite.resource<*>{%sz}
  // A zero fill of the whole tensor.
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=swizzle | Remark="one 8-bit memset of 1024 bytes: rows 0..15 are contiguous"}}
  %6 = stream_lite.tensor.fill %f, %r[%c0, %c0 for %c16, %c16] : f32 -> tensor<16x16xf32, #swz> in %r as !stream_lite.resource<*>{%sz}
  // Whole swizzled tiles with a native pattern and no pads.
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=swizzle | Remark="one 32-bit memset of 512 bytes: rows 0..7 are contiguous"}}
  %7 = stream_lite.tensor.fill %one, %r[%c0, %c0 for %c8, %c16] : f32 -> tensor<16x16xf32, #swz> in %r as !stream_lite.resource<*>{%sz}
  // The same on plain tiles.
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=swizzle | Remark="one 32-bit memset of 512 bytes: rows 0..7 are contiguous"}}
  %8 = stream_lite.tensor.fill %one, %r[%c0, %c0 for %c8, %c16] : f32 -> tensor<16x16xf32, #plain> in %r as !stream_lite.resource<*>{%sz}
  // A dynamic offset that may cut tiles.
  // expected-remark @+1 {{[Missed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=swizzle | Remark="source: dim 0 offset is dynamic and not provably a multiple of its 8-wide tiles"}}
  %9 = stream_lite.tensor.slice %r[%i, %c0 for %c8, %c16] : tensor<?x16xf32, #swz>{%d} in !stream_lite.resource<*>{%sz} -> tensor<8x16xf32, #swz> in !stream_lite.resource<*>{%sz}
  %i8 = arith.muli %i, %c8 : index
  // A dynamic tile-aligned row of whole swizzled tiles (rule 7).
  // expected-remark @+1 {{[Passed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=swizzle | Remark="one copy, its bytes computed at run time: rows [?, ? + 8) are contiguous"}}
  %10 = stream_lite.tensor.slice %r[%i8, %c0 for %c8, %c16] : tensor<?x16xf32, #swz>{%d} in !stream_lite.resource<*>{%sz} -> tensor<8x16xf32, #swz> in !stream_lite.resource<*>{%sz}
  // Half a swizzled tile with a dynamic offset.
  // expected-remark @+1 {{[Missed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=swizzle | Remark="source: dim 0 region [?, ? + 4) cuts 8-wide swizzled tiles"}}
  %11 = stream_lite.tensor.slice %r[%i8, %c0 for %c4, %c16] : tensor<?x16xf32, #swz>{%d} in !stream_lite.resource<*>{%sz} -> tensor<4x16xf32, #swz> in !stream_lite.resource<*>{%sz}
  return
}
