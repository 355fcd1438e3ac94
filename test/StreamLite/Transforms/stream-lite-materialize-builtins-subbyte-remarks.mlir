// RUN: layout-opt --verify-diagnostics --stream-lite-materialize-builtins --remarks-filter=stream-lite-materialize-builtins %s -o /dev/null
// Tests DMA rule 8 for packed sub-byte elements (i2, i4): a region moves as
// bytes only when it starts on a byte boundary and ends on one (a source may
// end inside a byte, which is only read; a target may end inside the last
// byte of its storage where its tail bits are not kept zero, or take a zero
// tail from a source or a zero fill; trailing pads after the region's last
// element do not count). Every decision is a remark with its reason.

stream_lite.device @dev targets([#stream_lite.target<"x">])
#tile22 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>

func.func @slices(%r: !stream_lite.resource<*>, %sz: index, %d: index, %i: index) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  // Rows of 6 nibbles start on bytes.
  // expected-remark @+1 {{[Passed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=slices | Remark="one 6-byte copy: rows 1..2 are contiguous"}}
  %0 = stream_lite.tensor.slice %r[%c1, %c0 for %c2, %c6] : tensor<4x6xi4> in !stream_lite.resource<*>{%sz} -> tensor<2x6xi4> in !stream_lite.resource<*>{%sz}
  // Rows of 5 nibbles: row 1 starts in the middle of byte 2.
  // expected-remark @+1 {{[Missed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=slices | Remark="source: the region starts inside a byte (2 elements share a byte of i4)"}}
  %1 = stream_lite.tensor.slice %r[%c1, %c0 for %c2, %c5] : tensor<4x5xi4> in !stream_lite.resource<*>{%sz} -> tensor<2x5xi4> in !stream_lite.resource<*>{%sz}
  // Ends inside a byte of the source (only read) and in the result's last
  // byte (its tail is undefined).
  // expected-remark @+1 {{[Passed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=slices | Remark="one 2-byte copy: rows 0..2 are contiguous"}}
  %2 = stream_lite.tensor.slice %r[%c0 for %c3] : tensor<8xi4> in !stream_lite.resource<*>{%sz} -> tensor<3xi4> in !stream_lite.resource<*>{%sz}
  // Dynamic rows: 8 * %i nibbles is a whole number of bytes for every %i.
  // expected-remark @+1 {{[Passed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=slices | Remark="one copy: the region is row-major contiguous in both identity layouts"}}
  %3 = stream_lite.tensor.slice %r[%i, %c0 for %c2, %c8] : tensor<?x8xi4>{%d} in !stream_lite.resource<*>{%sz} -> tensor<2x8xi4> in !stream_lite.resource<*>{%sz}
  // 5 * %i nibbles is not.
  // expected-remark @+1 {{[Missed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=slices | Remark="source: the region starts inside a byte (2 elements share a byte of i4)"}}
  %4 = stream_lite.tensor.slice %r[%i, %c0 for %c2, %c5] : tensor<?x5xi4>{%d} in !stream_lite.resource<*>{%sz} -> tensor<2x5xi4> in !stream_lite.resource<*>{%sz}
  // A run-time column offset of a region as wide as the tensor can only be
  // 0 (another fails the region's runtime check): whole rows, on a byte.
  // expected-remark @+1 {{[Passed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=slices | Remark="one copy, its bytes computed at run time: rows [?, ? + 2) are contiguous"}}
  %w8 = stream_lite.tensor.slice %r[%i, %i for %c2, %c8] : tensor<?x8xi4>{%d} in !stream_lite.resource<*>{%sz} -> tensor<2x8xi4> in !stream_lite.resource<*>{%sz}
  // A narrower region at a run-time column offset may start inside a byte.
  // expected-remark @+1 {{[Missed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=slices | Remark="source: the region starts inside a byte (2 elements share a byte of i4)"}}
  %w4 = stream_lite.tensor.slice %r[%i, %i for %c1, %c4] : tensor<?x8xi4>{%d} in !stream_lite.resource<*>{%sz} -> tensor<1x4xi4> in !stream_lite.resource<*>{%sz}
  // Whole outer rows of tiles.
  // expected-remark @+1 {{[Passed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=slices | Remark="one 4-byte copy: rows 2..3 are contiguous"}}
  %5 = stream_lite.tensor.slice %r[%c2, %c0 for %c2, %c4] : tensor<4x4xi4, #tile22> in !stream_lite.resource<*>{%sz} -> tensor<2x4xi4, #tile22> in !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=slices | Remark="one 2-byte copy: rows 2..3 are contiguous"}}
  %6 = stream_lite.tensor.slice %r[%c2, %c0 for %c2, %c4] : tensor<4x4xi2, #tile22> in !stream_lite.resource<*>{%sz} -> tensor<2x4xi2, #tile22> in !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=slices | Remark="one 1-byte copy: rows 2..2 are contiguous"}}
  %7 = stream_lite.tensor.slice %r[%c2, %c0 for %c1, %c4] : tensor<4x4xi2> in !stream_lite.resource<*>{%sz} -> tensor<1x4xi2> in !stream_lite.resource<*>{%sz}
  // Half a byte of i2 into a tiled result whose tail bits must stay zero.
  // expected-remark @+1 {{[Missed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=slices | Remark="target: the region ends inside a byte (4 elements share a byte of i2)"}}
  %8 = stream_lite.tensor.slice %r[%c2, %c0 for %c1, %c2] : tensor<4x4xi2> in !stream_lite.resource<*>{%sz} -> tensor<1x2xi2, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [2]>> in !stream_lite.resource<*>{%sz}
  // Both tiled: 3 nibbles end with the last slot of each storage, and the
  // tail bits the copy writes are the source's, zero as well.
  // expected-remark @+1 {{[Passed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=slices | Remark="one 2-byte copy: rows 0..0 are contiguous"}}
  %9 = stream_lite.tensor.slice %r[%c0, %c0 for %c1, %c3] : tensor<1x3xi4, #stream_lite.tiled<inner_dims_pos = [], inner_tiles = []>> in !stream_lite.resource<*>{%sz} -> tensor<1x3xi4, #stream_lite.tiled<inner_dims_pos = [], inner_tiles = []>> in !stream_lite.resource<*>{%sz}
  // An identity source's tail bits are undefined: not into a tiled tail.
  // expected-remark @+1 {{[Missed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=slices | Remark="target: the region ends inside a byte (2 elements share a byte of i4)"}}
  %10 = stream_lite.tensor.slice %r[%c0, %c0 for %c1, %c3] : tensor<1x3xi4> in !stream_lite.resource<*>{%sz} -> tensor<1x3xi4, #stream_lite.tiled<inner_dims_pos = [], inner_tiles = []>> in !stream_lite.resource<*>{%sz}
  // Rows of 6 nibbles padded by 1: the box of 3 rows (21 slots) ends
  // inside a byte with a pad, the region's last element on a byte
  // boundary, so the copy stops there.
  // expected-remark @+1 {{[Passed] stream_lite.tensor.slice | Category:stream-lite-materialize-builtins | Function=slices | Remark="one 10-byte copy: rows 0..2 are contiguous (with padding the layouts allow)"}}
  %11 = stream_lite.tensor.slice %r[%c0, %c0 for %c3, %c6] : tensor<4x6xi4, #stream_lite.padding<[1, 1]>> in !stream_lite.resource<*>{%sz} -> tensor<3x6xi4, #stream_lite.padding<[1, 1]>> in !stream_lite.resource<*>{%sz}
  return
}

func.func @updates(%r: !stream_lite.resource<*>, %u: !stream_lite.resource<*>, %sz: index) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  // Into bytes 2..3 of 7 nibbles: ends with the target's last slot (the
  // rest of byte 3 is an undefined tail).
  // expected-remark @+1 {{[Passed] stream_lite.tensor.update | Category:stream-lite-materialize-builtins | Function=updates | Remark="one 2-byte copy: rows 0..2 are contiguous"}}
  %0 = stream_lite.tensor.update %u, %r[%c4] : tensor<3xi4> in !stream_lite.resource<*>{%sz} -> tensor<7xi4> in %r as !stream_lite.resource<*>{%sz}
  // Into nibbles 0..2 of 8: nibble 3 shares the last written byte.
  // expected-remark @+1 {{[Missed] stream_lite.tensor.update | Category:stream-lite-materialize-builtins | Function=updates | Remark="target: the region ends inside a byte (2 elements share a byte of i4)"}}
  %1 = stream_lite.tensor.update %u, %r[%c0] : tensor<3xi4> in !stream_lite.resource<*>{%sz} -> tensor<8xi4> in %r as !stream_lite.resource<*>{%sz}
  // Ends inside byte 4, the last one, whose other slots hold elements.
  // expected-remark @+1 {{[Missed] stream_lite.tensor.update | Category:stream-lite-materialize-builtins | Function=updates | Remark="target: the region ends inside a byte (4 elements share a byte of i2)"}}
  %3 = stream_lite.tensor.update %u, %r[%c16] : tensor<1xi2> in !stream_lite.resource<*>{%sz} -> tensor<20xi2> in %r as !stream_lite.resource<*>{%sz}
  // Starts in the middle of byte 2.
  // expected-remark @+1 {{[Missed] stream_lite.tensor.update | Category:stream-lite-materialize-builtins | Function=updates | Remark="target: the region starts inside a byte (2 elements share a byte of i4)"}}
  %2 = stream_lite.tensor.update %u, %r[%c5] : tensor<2xi4> in !stream_lite.resource<*>{%sz} -> tensor<8xi4> in %r as !stream_lite.resource<*>{%sz}
  return
}

func.func @fills(%r: !stream_lite.resource<*>, %sz: index, %d: index, %i: index, %v: i4) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %three = arith.constant 3 : i4
  %one = arith.constant 1 : i2
  %z = arith.constant 0 : i4
  // The pattern is the value replicated to a byte (0x33).
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=fills | Remark="one 8-bit memset of 6 bytes: rows 2..3 are contiguous"}}
  %0 = stream_lite.tensor.fill %three, %r[%c2, %c0 for %c2, %c6] : i4 -> tensor<4x6xi4> in %r as !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Missed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=fills | Remark="the region starts inside a byte (2 elements share a byte of i4)"}}
  %1 = stream_lite.tensor.fill %three, %r[%c0, %c1 for %c1, %c2] : i4 -> tensor<4x6xi4> in %r as !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Missed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=fills | Remark="the region ends inside a byte (4 elements share a byte of i2)"}}
  %2 = stream_lite.tensor.fill %one, %r[%c0, %c0 for %c1, %c6] : i2 -> tensor<4x6xi2> in %r as !stream_lite.resource<*>{%sz}
  // A value known only at run time is replicated at run time.
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=fills | Remark="one 8-bit memset: the region is row-major contiguous"}}
  %3 = stream_lite.tensor.fill %v, %r[%i, %c0 for %c2, %c6] : i4 -> tensor<?x6xi4>{%d} in %r as !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Missed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=fills | Remark="writes non-zero into tile padding"}}
  %4 = stream_lite.tensor.fill %three, %r[%c0, %c0 for %c3, %c3] : i4 -> tensor<3x3xi4, #tile22> in %r as !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.fill | Category:stream-lite-materialize-builtins | Function=fills | Remark="one 8-bit memset of 8 bytes: rows 0..2 are contiguous"}}
  %5 = stream_lite.tensor.fill %z, %r[%c0, %c0 for %c3, %c3] : i4 -> tensor<3x3xi4, #tile22> in %r as !stream_lite.resource<*>{%sz}
  // 9 nibbles: the memset also writes the undefined tail nibble.
  // expected-remark @+1 {{[Passed] stream_lite.tensor.splat | Category:stream-lite-materialize-builtins | Function=fills | Remark="one 8-bit memset of 5 bytes: rows 0..2 are contiguous"}}
  %6 = stream_lite.tensor.splat %three : i4 -> tensor<3x3xi4> in !stream_lite.resource<*>{%sz}
  // A tail that must stay zero (tiled, 1x3 slots).
  // expected-remark @+1 {{[Missed] stream_lite.tensor.splat | Category:stream-lite-materialize-builtins | Function=fills | Remark="the region ends inside a byte (2 elements share a byte of i4)"}}
  %7 = stream_lite.tensor.splat %three : i4 -> tensor<1x3xi4, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [3]>> in !stream_lite.resource<*>{%sz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.splat | Category:stream-lite-materialize-builtins | Function=fills | Remark="one 8-bit memset of 8 bytes: rows 0..3 are contiguous"}}
  %8 = stream_lite.tensor.splat %three : i4 -> tensor<4x4xi4, #tile22> in !stream_lite.resource<*>{%sz}
  // A zero splat keeps a zero tail zero.
  // expected-remark @+1 {{[Passed] stream_lite.tensor.splat | Category:stream-lite-materialize-builtins | Function=fills | Remark="one 8-bit memset of 2 bytes: rows 0..0 are contiguous"}}
  %9 = stream_lite.tensor.splat %z : i4 -> tensor<1x3xi4, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [3]>> in !stream_lite.resource<*>{%sz}
  return
}

// Physically equal layouts whose tails differ: a tiled result's tail bits
// must be zero, an identity source's are undefined.
#flat = #stream_lite.tiled<inner_dims_pos = [], inner_tiles = []>
func.func @encodes(%r: !stream_lite.resource<*>, %sz: index, %d: index) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  // expected-remark @+1 {{[Missed] stream_lite.tensor.encode | Category:stream-lite-materialize-builtins | Function=encodes | Remark="relayout: the layouts are physically equal, but the result's tail bits must be zero and the source's are undefined"}}
  %0 = stream_lite.tensor.encode %r : tensor<1x3xi4> in !stream_lite.resource<*>{%sz} -> tensor<1x3xi4, #flat> in !stream_lite.resource<*>{%sz}
  // No tail: 4 nibbles fill 2 bytes.
  // expected-remark @+1 {{[Passed] stream_lite.tensor.encode | Category:stream-lite-materialize-builtins | Function=encodes | Remark="folds to a clone: both layouts give this shape the same byte image"}}
  %1 = stream_lite.tensor.encode %r : tensor<1x4xi4> in !stream_lite.resource<*>{%sz} -> tensor<1x4xi4, #flat> in !stream_lite.resource<*>{%sz}
  // A dynamic dim may leave a tail.
  // expected-remark @+1 {{[Missed] stream_lite.tensor.encode | Category:stream-lite-materialize-builtins | Function=encodes | Remark="relayout: the layouts are physically equal, but the result's tail bits must be zero and the source's are undefined"}}
  %2 = stream_lite.tensor.encode %r : tensor<?x3xi4>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x3xi4, #flat>{%d} in !stream_lite.resource<*>{%sz}
  // The other way round any tail will do.
  // expected-remark @+1 {{[Passed] stream_lite.tensor.encode | Category:stream-lite-materialize-builtins | Function=encodes | Remark="folds to a clone: the layouts are physically equal"}}
  %3 = stream_lite.tensor.encode %r : tensor<?x3xi4, #flat>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x3xi4>{%d} in !stream_lite.resource<*>{%sz}
  return
}
