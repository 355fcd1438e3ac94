// RUN: layout-opt --verify-diagnostics --stream-lite-materialize-builtins --remarks-filter=stream-lite-materialize-builtins %s -o /dev/null
// Tests DMA rule 8 for packed sub-byte elements (i2, i4): a region moves as
// bytes only when it starts on a byte boundary and ends on one (a source may
// end inside a byte, which is only read; a target may end inside the last
// byte of its storage where its tail bits are not kept zero). Every decision
// is a remark with its reason.

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
  return
}
