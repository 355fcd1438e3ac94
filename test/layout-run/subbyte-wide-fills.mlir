// Sub-byte fills wide enough that the builtin stores whole chunks from a
// pattern buffer: the fill value replicated to every slot of a byte (four
// i2 slots, two i4 slots). Dense rows and tiles whose rows are whole bytes,
// each region starting and ending inside a byte. A pattern that loses any
// slot (the last one included) leaves zeros every few elements, which the
// comparison with the reference and the printed heads catch.
//
// RUN: layout-run %s --function=dense --input=i2=-2 --input=i4=-3 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=DENSE
// RUN: layout-run %s --function=dense --input=i2=1 --input=i4=5 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=DENSE2
// RUN: layout-run %s --function=tiled --input=i2=-1 --input=i4=6 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=TILED
// RUN: layout-opt %s --stream-lite-specialize-encodings --stream-lite-materialize-builtins --remarks-filter=stream-lite-materialize-builtins -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])

// DENSE: {{^}}2x1200xi2=0 -2 -2 -2 -2 -2 -2 -2 -2 -2 -2 -2 -2 -2 -2 -2 -2 -2 -2 -2 -2
// DENSE: {{^}}2x600xi4=0 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3
// DENSE2: {{^}}2x1200xi2=0 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
// DENSE2: {{^}}2x600xi4=0 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5
func.func @dense(%a: i2, %b: i4) -> (tensor<2x1200xi2>, tensor<2x600xi4>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c597 = arith.constant 597 : index
  %c1197 = arith.constant 1197 : index
  %z2 = arith.constant 0 : i2
  %z4 = arith.constant 0 : i4
  %sz2 = stream_lite.tensor.sizeof tensor<2x1200xi2> : index
  %s2 = stream_lite.tensor.splat %z2 : i2 -> tensor<2x1200xi2> in !stream_lite.resource<*>{%sz2}
  // REMARK: subbyte-wide-fills.mlir:[[@LINE+1]]:{{[0-9]+}}: remark: [Missed] stream_lite.tensor.fill
  %f2 = stream_lite.tensor.fill %a, %s2[%c0, %c1 for %c2, %c1197] : i2 -> tensor<2x1200xi2> in %s2 as !stream_lite.resource<*>{%sz2}
  %sz4 = stream_lite.tensor.sizeof tensor<2x600xi4> : index
  %s4 = stream_lite.tensor.splat %z4 : i4 -> tensor<2x600xi4> in !stream_lite.resource<*>{%sz4}
  // REMARK: subbyte-wide-fills.mlir:[[@LINE+1]]:{{[0-9]+}}: remark: [Missed] stream_lite.tensor.fill
  %f4 = stream_lite.tensor.fill %b, %s4[%c0, %c1 for %c2, %c597] : i4 -> tensor<2x600xi4> in %s4 as !stream_lite.resource<*>{%sz4}
  %r2 = stream_lite.tensor.export %f2 : tensor<2x1200xi2> in !stream_lite.resource<*>{%sz2} -> tensor<2x1200xi2>
  %r4 = stream_lite.tensor.export %f4 : tensor<2x600xi4> in !stream_lite.resource<*>{%sz4} -> tensor<2x600xi4>
  return %r2, %r4 : tensor<2x1200xi2>, tensor<2x600xi4>
}

// Tiles of 2x64 (i2: 16-byte tile rows; i4: 32-byte tile rows); the
// region starts at column 3 and ends at column 250 of 256, cutting the
// first and last tile of every row.
// TILED: {{^}}4x256xi2=0 0 0 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1
// TILED: {{^}}4x256xi4=0 0 0 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6
func.func @tiled(%a: i2, %b: i4) -> (tensor<4x256xi2>, tensor<4x256xi4>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c247 = arith.constant 247 : index
  %z2 = arith.constant 0 : i2
  %z4 = arith.constant 0 : i4
  %sz2 = stream_lite.tensor.sizeof tensor<4x256xi2, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 64]>> : index
  %s2 = stream_lite.tensor.splat %z2 : i2 -> tensor<4x256xi2, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 64]>> in !stream_lite.resource<*>{%sz2}
  // REMARK: subbyte-wide-fills.mlir:[[@LINE+1]]:{{[0-9]+}}: remark: [Missed] stream_lite.tensor.fill
  %f2 = stream_lite.tensor.fill %a, %s2[%c0, %c3 for %c4, %c247] : i2 -> tensor<4x256xi2, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 64]>> in %s2 as !stream_lite.resource<*>{%sz2}
  %sz4 = stream_lite.tensor.sizeof tensor<4x256xi4, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 64]>> : index
  %s4 = stream_lite.tensor.splat %z4 : i4 -> tensor<4x256xi4, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 64]>> in !stream_lite.resource<*>{%sz4}
  // REMARK: subbyte-wide-fills.mlir:[[@LINE+1]]:{{[0-9]+}}: remark: [Missed] stream_lite.tensor.fill
  %f4 = stream_lite.tensor.fill %b, %s4[%c0, %c3 for %c4, %c247] : i4 -> tensor<4x256xi4, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 64]>> in %s4 as !stream_lite.resource<*>{%sz4}
  %dsz2 = stream_lite.tensor.sizeof tensor<4x256xi2> : index
  %d2 = stream_lite.tensor.encode %f2 : tensor<4x256xi2, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 64]>> in !stream_lite.resource<*>{%sz2} -> tensor<4x256xi2> in !stream_lite.resource<*>{%dsz2}
  %dsz4 = stream_lite.tensor.sizeof tensor<4x256xi4> : index
  %d4 = stream_lite.tensor.encode %f4 : tensor<4x256xi4, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 64]>> in !stream_lite.resource<*>{%sz4} -> tensor<4x256xi4> in !stream_lite.resource<*>{%dsz4}
  %r2 = stream_lite.tensor.export %d2 : tensor<4x256xi2> in !stream_lite.resource<*>{%dsz2} -> tensor<4x256xi2>
  %r4 = stream_lite.tensor.export %d4 : tensor<4x256xi4> in !stream_lite.resource<*>{%dsz4} -> tensor<4x256xi4>
  return %r2, %r4 : tensor<4x256xi2>, tensor<4x256xi4>
}
