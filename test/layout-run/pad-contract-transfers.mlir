// Transfers that a plausible planning mistake would turn into one copy of
// the wrong bytes, run against the encoding-free reference with
// --check-padding (tile padding must stay zero after every write):
// - @pads_into_tiles: a padding layout whose rows have the byte shape of
//   tiled rows (2 elements and 2 pads). Its pads are undefined (a splat
//   writes the value there too), so an encode, a slice or an update into
//   the tiled layout must not copy them into tile padding: a dispatch.
// - @mid_tile: static regions that start inside a 2-row tile and span
//   several tiles are not one byte range: a dispatch; one that starts at a
//   tile and ends at the dim's end is.
//
// RUN: layout-run %s --function=pads_into_tiles --input=f32=7 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=PADS
// RUN: layout-run %s --function=mid_tile --input=8x4xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=MID
// RUN: layout-opt %s --stream-lite-materialize-builtins --remarks-filter=stream-lite-materialize-builtins -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
#pad = #stream_lite.layout<[#stream_lite.padding<[0, 2]>]>
#cols = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [4]>]>
#t2 = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>

// PADS: {{^}}4x2xf32=7 7 7 7 7 7 7 7{{$}}
// PADS-NEXT: {{^}}2x2xf32=7 7 7 7{{$}}
// PADS-NEXT: {{^}}4x2xf32=0 0 7 7 7 7 0 0{{$}}
// PADS-NOT: {{.}}
func.func @pads_into_tiles(%v: f32) -> (tensor<4x2xf32>, tensor<2x2xf32>, tensor<4x2xf32>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  %psz = stream_lite.tensor.sizeof tensor<4x2xf32, #pad> : index
  %p = stream_lite.tensor.splat %v : f32 -> tensor<4x2xf32, #pad> in !stream_lite.resource<*>{%psz}
  %tsz = stream_lite.tensor.sizeof tensor<4x2xf32, #cols> : index
  // REMARK: pad-contract-transfers.mlir:[[@LINE+1]]:{{[0-9]+}}: remark: [Missed] stream_lite.tensor.encode
  %t = stream_lite.tensor.encode %p : tensor<4x2xf32, #pad> in !stream_lite.resource<*>{%psz} -> tensor<4x2xf32, #cols> in !stream_lite.resource<*>{%tsz}
  %ssz = stream_lite.tensor.sizeof tensor<2x2xf32, #cols> : index
  // REMARK: pad-contract-transfers.mlir:[[@LINE+1]]:{{[0-9]+}}: remark: [Missed] stream_lite.tensor.slice {{.*}}undefined padding
  %s = stream_lite.tensor.slice %p[%c1, %c0 for %c2, %c2] : tensor<4x2xf32, #pad> in !stream_lite.resource<*>{%psz} -> tensor<2x2xf32, #cols> in !stream_lite.resource<*>{%ssz}
  %z = stream_lite.tensor.splat %zero : f32 -> tensor<4x2xf32, #cols> in !stream_lite.resource<*>{%tsz}
  %usz = stream_lite.tensor.sizeof tensor<2x2xf32, #pad> : index
  %u = stream_lite.tensor.splat %v : f32 -> tensor<2x2xf32, #pad> in !stream_lite.resource<*>{%usz}
  // REMARK: pad-contract-transfers.mlir:[[@LINE+1]]:{{[0-9]+}}: remark: [Missed] stream_lite.tensor.update {{.*}}undefined padding
  %w = stream_lite.tensor.update %u, %z[%c1, %c0] : tensor<2x2xf32, #pad> in !stream_lite.resource<*>{%usz} -> tensor<4x2xf32, #cols> in %z as !stream_lite.resource<*>{%tsz}
  %dsz = stream_lite.tensor.sizeof tensor<4x2xf32> : index
  %d = stream_lite.tensor.encode %t : tensor<4x2xf32, #cols> in !stream_lite.resource<*>{%tsz} -> tensor<4x2xf32> in !stream_lite.resource<external>{%dsz}
  %ds2 = stream_lite.tensor.sizeof tensor<2x2xf32> : index
  %e = stream_lite.tensor.encode %s : tensor<2x2xf32, #cols> in !stream_lite.resource<*>{%ssz} -> tensor<2x2xf32> in !stream_lite.resource<external>{%ds2}
  %f = stream_lite.tensor.encode %w : tensor<4x2xf32, #cols> in !stream_lite.resource<*>{%tsz} -> tensor<4x2xf32> in !stream_lite.resource<external>{%dsz}
  %r0 = stream_lite.tensor.export %d : tensor<4x2xf32> in !stream_lite.resource<external>{%dsz} -> tensor<4x2xf32>
  %r1 = stream_lite.tensor.export %e : tensor<2x2xf32> in !stream_lite.resource<external>{%ds2} -> tensor<2x2xf32>
  %r2 = stream_lite.tensor.export %f : tensor<4x2xf32> in !stream_lite.resource<external>{%dsz} -> tensor<4x2xf32>
  return %r0, %r1, %r2 : tensor<4x2xf32>, tensor<2x2xf32>, tensor<4x2xf32>
}

// MID: {{^}}3x4xf32=4 5 6 7 8 9 10 11 12 13 14 15{{$}}
// MID-NEXT: {{^}}5x4xf32=12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31{{$}}
// MID-NEXT: {{^}}4x4xf32=16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31{{$}}
// MID-NEXT: {{^}}8x4xf32=0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 4 5 6 7 8 9 10 11 12 13 14 15{{$}}
// MID-NOT: {{.}}
func.func @mid_tile(%arg: tensor<8x4xf32>) -> (tensor<3x4xf32>, tensor<5x4xf32>, tensor<4x4xf32>, tensor<8x4xf32>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %sz = stream_lite.tensor.sizeof tensor<8x4xf32> : index
  %in = stream_lite.tensor.import %arg : tensor<8x4xf32> -> tensor<8x4xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<8x4xf32, #t2> : index
  %t = stream_lite.tensor.encode %in : tensor<8x4xf32> in !stream_lite.resource<external>{%sz} -> tensor<8x4xf32, #t2> in !stream_lite.resource<*>{%tsz}
  // Rows [1, 4): from inside a tile to a tile boundary.
  %asz = stream_lite.tensor.sizeof tensor<3x4xf32, #t2> : index
  // REMARK: pad-contract-transfers.mlir:[[@LINE+1]]:{{[0-9]+}}: remark: [Missed] stream_lite.tensor.slice {{.*}}cuts 2-wide tiles
  %a = stream_lite.tensor.slice %t[%c1, %c0 for %c3, %c4] : tensor<8x4xf32, #t2> in !stream_lite.resource<*>{%tsz} -> tensor<3x4xf32, #t2> in !stream_lite.resource<*>{%asz}
  // Rows [3, 8): from inside a tile to the end of the dim.
  %bsz = stream_lite.tensor.sizeof tensor<5x4xf32, #t2> : index
  // REMARK: pad-contract-transfers.mlir:[[@LINE+1]]:{{[0-9]+}}: remark: [Missed] stream_lite.tensor.slice {{.*}}cuts 2-wide tiles
  %b = stream_lite.tensor.slice %t[%c3, %c0 for %c5, %c4] : tensor<8x4xf32, #t2> in !stream_lite.resource<*>{%tsz} -> tensor<5x4xf32, #t2> in !stream_lite.resource<*>{%bsz}
  // Rows [4, 8): whole tiles to the end: one copy.
  %csz = stream_lite.tensor.sizeof tensor<4x4xf32, #t2> : index
  // REMARK: pad-contract-transfers.mlir:[[@LINE+1]]:{{[0-9]+}}: remark: [Passed] stream_lite.tensor.slice
  %c = stream_lite.tensor.slice %t[%c4, %c0 for %c4, %c4] : tensor<8x4xf32, #t2> in !stream_lite.resource<*>{%tsz} -> tensor<4x4xf32, #t2> in !stream_lite.resource<*>{%csz}
  // The first slice written at rows [5, 8): from inside a tile to the end.
  // REMARK: pad-contract-transfers.mlir:[[@LINE+1]]:{{[0-9]+}}: remark: [Missed] stream_lite.tensor.update {{.*}}cuts 2-wide tiles
  %u = stream_lite.tensor.update %a, %t[%c5, %c0] : tensor<3x4xf32, #t2> in !stream_lite.resource<*>{%asz} -> tensor<8x4xf32, #t2> in %t as !stream_lite.resource<*>{%tsz}
  %dasz = stream_lite.tensor.sizeof tensor<3x4xf32> : index
  %dbsz = stream_lite.tensor.sizeof tensor<5x4xf32> : index
  %dcsz = stream_lite.tensor.sizeof tensor<4x4xf32> : index
  %da = stream_lite.tensor.encode %a : tensor<3x4xf32, #t2> in !stream_lite.resource<*>{%asz} -> tensor<3x4xf32> in !stream_lite.resource<external>{%dasz}
  %db = stream_lite.tensor.encode %b : tensor<5x4xf32, #t2> in !stream_lite.resource<*>{%bsz} -> tensor<5x4xf32> in !stream_lite.resource<external>{%dbsz}
  %dc = stream_lite.tensor.encode %c : tensor<4x4xf32, #t2> in !stream_lite.resource<*>{%csz} -> tensor<4x4xf32> in !stream_lite.resource<external>{%dcsz}
  %du = stream_lite.tensor.encode %u : tensor<8x4xf32, #t2> in !stream_lite.resource<*>{%tsz} -> tensor<8x4xf32> in !stream_lite.resource<external>{%sz}
  %ra = stream_lite.tensor.export %da : tensor<3x4xf32> in !stream_lite.resource<external>{%dasz} -> tensor<3x4xf32>
  %rb = stream_lite.tensor.export %db : tensor<5x4xf32> in !stream_lite.resource<external>{%dbsz} -> tensor<5x4xf32>
  %rc = stream_lite.tensor.export %dc : tensor<4x4xf32> in !stream_lite.resource<external>{%dcsz} -> tensor<4x4xf32>
  %ru = stream_lite.tensor.export %du : tensor<8x4xf32> in !stream_lite.resource<external>{%sz} -> tensor<8x4xf32>
  return %ra, %rb, %rc, %ru : tensor<3x4xf32>, tensor<5x4xf32>, tensor<4x4xf32>, tensor<8x4xf32>
}
