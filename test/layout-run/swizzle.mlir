// RUN: layout-run %s --function=ops --input=6x7xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefixes=OPS,SPLAT
// RUN: layout-run %s --function=dynamic_ops --input=6x7xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41 --input=index=6 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=OPS
// RUN: layout-run %s --function=whole_tiles --input=16x8xi32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,112,113,114,115,116,117,118,119,120,121,122,123,124,125,126,127 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=WHOLE
// RUN: layout-run %s --function=physical_bytes --input=8x4xi8=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31 --check-padding --check-leaks | FileCheck %s --check-prefix=BYTES
// RUN: layout-run %s --function=staging --input=8x4xi8=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=STAGING
// RUN: layout-run %s --function=swizzled_row --input=5x2x4xi16=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39 --input=index=1 --input=index=5 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=ROW

// Swizzled tiles (docs/language.md, Swizzles) executed bit for bit against
// the encoding-free reference. @gpu's LHS layout is
// tiled<[0, 1], [8, 4]> with swizzle expand_shape [[2, 4], [2, 2]],
// permutation [1, 3, 0, 2]: inside each 8x4 tile, element (r, c) sits at
//   (((r % 4) * 2 + c % 2) * 2 + r / 4) * 2 + c / 2.

#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
#lhs_i32 = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [i32, i32, i32]>
#lhs_i8 = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [i8, i8, i32]>
stream_lite.device @gpu targets([#stream_lite.target<"rocm", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 4, lhs_swizzle = #stream_lite.swizzle<expand_shape = [[2, 4], [2, 2]], permutation = [1, 3, 0, 2]>>>])

// A 6x7 tensor has pads in both dims of its 8x4 tiles. A fill of 7 over
// [1, 4) x [2, 6), a slice of [2, 5) x [1, 6) to a dense tensor, an update
// of a 2x3 splat of -1 at [3, 4], and a clone: every one cuts swizzled
// tiles, so each is a builtin dispatch.
// OPS: {{^}}3x5xf32=15 7 7 7 7 22 7 7 7 7 29 30 31 32 33{{$}}
// OPS-NEXT: {{^}}6x7xf32=0 1 2 3 4 5 6 7 8 7 7 7 7 13 14 15 7 7 7 7 20 21 22 7 7 -1 -1 -1 28 29 30 31 -1 -1 -1 35 36 37 38 39 40 41{{$}}
// A splat of -1 made directly in the swizzled layout (pads stay zero).
// SPLAT-NEXT: {{^}}6x7xf32=-1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1{{$}}
// OPS-NOT: {{.}}
func.func @ops(%arg: tensor<6x7xf32>) -> (tensor<3x5xf32>, tensor<6x7xf32>, tensor<6x7xf32>) attributes {stream_lite.affinity = #stream_lite.affinity<@gpu>} {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %seven = arith.constant 7.0 : f32
  %minus = arith.constant -1.0 : f32
  %sz = stream_lite.tensor.sizeof tensor<6x7xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<6x7xf32> -> tensor<6x7xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<6x7xf32, #lhs> : index
  %t = stream_lite.tensor.encode %i : tensor<6x7xf32> in !stream_lite.resource<external>{%sz} -> tensor<6x7xf32, #lhs> in !stream_lite.resource<*>{%tsz}
  %f = stream_lite.tensor.fill %seven, %t[%c1, %c2 for %c3, %c4] : f32 -> tensor<6x7xf32, #lhs> in %t as !stream_lite.resource<*>{%tsz}
  %lsz = stream_lite.tensor.sizeof tensor<3x5xf32> : index
  %l = stream_lite.tensor.slice %f[%c2, %c1 for %c3, %c5] : tensor<6x7xf32, #lhs> in !stream_lite.resource<*>{%tsz} -> tensor<3x5xf32> in !stream_lite.resource<external>{%lsz}
  %le = stream_lite.tensor.export %l : tensor<3x5xf32> in !stream_lite.resource<external>{%lsz} -> tensor<3x5xf32>
  %ssz = stream_lite.tensor.sizeof tensor<2x3xf32> : index
  %s = stream_lite.tensor.splat %minus : f32 -> tensor<2x3xf32> in !stream_lite.resource<*>{%ssz}
  %u = stream_lite.tensor.update %s, %f[%c3, %c4] : tensor<2x3xf32> in !stream_lite.resource<*>{%ssz} -> tensor<6x7xf32, #lhs> in %f as !stream_lite.resource<*>{%tsz}
  %k = stream_lite.tensor.clone %u : tensor<6x7xf32, #lhs> in !stream_lite.resource<*>{%tsz} -> tensor<6x7xf32, #lhs> in !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %k : tensor<6x7xf32, #lhs> in !stream_lite.resource<*>{%tsz} -> tensor<6x7xf32> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<6x7xf32> in !stream_lite.resource<external>{%sz} -> tensor<6x7xf32>
  %sp = stream_lite.tensor.splat %minus : f32 -> tensor<6x7xf32, #lhs> in !stream_lite.resource<*>{%tsz}
  %spd = stream_lite.tensor.encode %sp : tensor<6x7xf32, #lhs> in !stream_lite.resource<*>{%tsz} -> tensor<6x7xf32> in !stream_lite.resource<external>{%sz}
  %spe = stream_lite.tensor.export %spd : tensor<6x7xf32> in !stream_lite.resource<external>{%sz} -> tensor<6x7xf32>
  return %le, %r, %spe : tensor<3x5xf32>, tensor<6x7xf32>, tensor<6x7xf32>
}

// The same with a dynamic row count.
func.func @dynamic_ops(%arg: tensor<?x7xf32>, %rows: index) -> (tensor<3x5xf32>, tensor<?x7xf32>) attributes {stream_lite.affinity = #stream_lite.affinity<@gpu>} {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %seven = arith.constant 7.0 : f32
  %minus = arith.constant -1.0 : f32
  %sz = stream_lite.tensor.sizeof tensor<?x7xf32>{%rows} : index
  %i = stream_lite.tensor.import %arg : tensor<?x7xf32> -> tensor<?x7xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<?x7xf32, #lhs>{%rows} : index
  %t = stream_lite.tensor.encode %i : tensor<?x7xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x7xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz}
  %f = stream_lite.tensor.fill %seven, %t[%c1, %c2 for %c3, %c4] : f32 -> tensor<?x7xf32, #lhs>{%rows} in %t as !stream_lite.resource<*>{%tsz}
  %lsz = stream_lite.tensor.sizeof tensor<3x5xf32> : index
  %l = stream_lite.tensor.slice %f[%c2, %c1 for %c3, %c5] : tensor<?x7xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<3x5xf32> in !stream_lite.resource<external>{%lsz}
  %le = stream_lite.tensor.export %l : tensor<3x5xf32> in !stream_lite.resource<external>{%lsz} -> tensor<3x5xf32>
  %ssz = stream_lite.tensor.sizeof tensor<2x3xf32> : index
  %s = stream_lite.tensor.splat %minus : f32 -> tensor<2x3xf32> in !stream_lite.resource<*>{%ssz}
  %u = stream_lite.tensor.update %s, %f[%c3, %c4] : tensor<2x3xf32> in !stream_lite.resource<*>{%ssz} -> tensor<?x7xf32, #lhs>{%rows} in %f as !stream_lite.resource<*>{%tsz}
  %k = stream_lite.tensor.clone %u : tensor<?x7xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x7xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %k : tensor<?x7xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x7xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<?x7xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x7xf32>
  return %le, %r : tensor<3x5xf32>, tensor<?x7xf32>
}

// Whole swizzled tiles move as bytes: rows [8, 16) of a 16x8 tensor (two
// tile rows of two tiles each) slice into an 8x8 tensor of the same layout
// and update rows [0, 8); a fill of zero over the whole slice is a memset.
// Rows 0-7 of the result are the input's rows 8-15; rows 8-15 are zero.
// WHOLE: {{^}}16x8xi32=64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120 121 122 123 124 125 126 127 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0{{$}}
// WHOLE-NOT: {{.}}
func.func @whole_tiles(%arg: tensor<16x8xi32>) -> tensor<16x8xi32> attributes {stream_lite.affinity = #stream_lite.affinity<@gpu>} {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0 : i32
  %sz = stream_lite.tensor.sizeof tensor<16x8xi32> : index
  %i = stream_lite.tensor.import %arg : tensor<16x8xi32> -> tensor<16x8xi32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<16x8xi32, #lhs_i32> : index
  %t = stream_lite.tensor.encode %i : tensor<16x8xi32> in !stream_lite.resource<external>{%sz} -> tensor<16x8xi32, #lhs_i32> in !stream_lite.resource<*>{%tsz}
  %hsz = stream_lite.tensor.sizeof tensor<8x8xi32, #lhs_i32> : index
  %h = stream_lite.tensor.slice %t[%c8, %c0 for %c8, %c8] : tensor<16x8xi32, #lhs_i32> in !stream_lite.resource<*>{%tsz} -> tensor<8x8xi32, #lhs_i32> in !stream_lite.resource<*>{%hsz}
  %u = stream_lite.tensor.update %h, %t[%c0, %c0] : tensor<8x8xi32, #lhs_i32> in !stream_lite.resource<*>{%hsz} -> tensor<16x8xi32, #lhs_i32> in %t as !stream_lite.resource<*>{%tsz}
  %f = stream_lite.tensor.fill %zero, %u[%c8, %c0 for %c8, %c8] : i32 -> tensor<16x8xi32, #lhs_i32> in %u as !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %f : tensor<16x8xi32, #lhs_i32> in !stream_lite.resource<*>{%tsz} -> tensor<16x8xi32> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<16x8xi32> in !stream_lite.resource<external>{%sz} -> tensor<16x8xi32>
  return %r : tensor<16x8xi32>
}

// The physical bytes of a swizzled encode, read through a second, flat view
// of the same bytes: element (r, c) of the 8x4 input holds 4r + c, so byte
// p holds the element the formula above puts there. By hand: p = 1 is
// (0, 2) = 2; p = 2 is (4, 0) = 16; p = 4 is (0, 1) = 1; p = 8 is (1, 0) = 4;
// p = 31 is (7, 3) = 31. The flat view has no encoding, so this program is
// checked against these positions, not against the reference. The load of
// byte 2 through the flat view reads 16 as well.
// BYTES: {{^}}32xi8=0 2 16 18 1 3 17 19 4 6 20 22 5 7 21 23 8 10 24 26 9 11 25 27 12 14 28 30 13 15 29 31{{$}}
// BYTES-NEXT: {{^}}i8=16{{$}}
// BYTES-NOT: {{.}}
func.func @physical_bytes(%arg: tensor<8x4xi8>) -> (tensor<32xi8>, i8) attributes {stream_lite.affinity = #stream_lite.affinity<@gpu>} {
  %c2 = arith.constant 2 : index
  %sz = stream_lite.tensor.sizeof tensor<8x4xi8> : index
  %i = stream_lite.tensor.import %arg : tensor<8x4xi8> -> tensor<8x4xi8> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<8x4xi8, #lhs_i8> : index
  %t = stream_lite.tensor.encode %i : tensor<8x4xi8> in !stream_lite.resource<external>{%sz} -> tensor<8x4xi8, #lhs_i8> in !stream_lite.resource<*>{%tsz}
  %st = stream_lite.async.transfer %t : !stream_lite.resource<*>{%tsz} -> !stream_lite.resource<staging>{%tsz}
  %v = stream_lite.tensor.load %st[%c2] : tensor<32xi8> in !stream_lite.resource<staging>{%tsz} -> i8
  %x = stream_lite.async.transfer %st : !stream_lite.resource<staging>{%tsz} -> !stream_lite.resource<external>{%tsz}
  %r = stream_lite.tensor.export %x : tensor<32xi8> in !stream_lite.resource<external>{%tsz} -> tensor<32xi8>
  return %r, %v : tensor<32xi8>, i8
}

// Host load and store through the swizzled layout on staging bytes: load
// (5, 2) = 22 and store it at (0, 3).
// STAGING: {{^}}i8=22{{$}}
// STAGING-NEXT: {{^}}8x4xi8=0 1 2 22 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31{{$}}
// STAGING-NOT: {{.}}
func.func @staging(%arg: tensor<8x4xi8>) -> (i8, tensor<8x4xi8>) attributes {stream_lite.affinity = #stream_lite.affinity<@gpu>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %sz = stream_lite.tensor.sizeof tensor<8x4xi8> : index
  %i = stream_lite.tensor.import %arg : tensor<8x4xi8> -> tensor<8x4xi8> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<8x4xi8, #lhs_i8> : index
  %t = stream_lite.tensor.encode %i : tensor<8x4xi8> in !stream_lite.resource<external>{%sz} -> tensor<8x4xi8, #lhs_i8> in !stream_lite.resource<*>{%tsz}
  %st = stream_lite.async.transfer %t : !stream_lite.resource<*>{%tsz} -> !stream_lite.resource<staging>{%tsz}
  %v = stream_lite.tensor.load %st[%c5, %c2] : tensor<8x4xi8, #lhs_i8> in !stream_lite.resource<staging>{%tsz} -> i8
  %st2 = stream_lite.tensor.store %v, %st[%c0, %c3] : i8 -> tensor<8x4xi8, #lhs_i8> in %st as !stream_lite.resource<staging>{%tsz}
  %b = stream_lite.async.transfer %st2 : !stream_lite.resource<staging>{%tsz} -> !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %b : tensor<8x4xi8, #lhs_i8> in !stream_lite.resource<*>{%tsz} -> tensor<8x4xi8> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<8x4xi8> in !stream_lite.resource<external>{%sz} -> tensor<8x4xi8>
  return %v, %r : i8, tensor<8x4xi8>
}

// One row of a swizzled tile at a dynamic index: the row's elements are
// contiguous (the swizzle splits dim 0 into 2x2 and swaps the two factors,
// both outside the row), so the fill is one memset whose length is the
// row's steps of a constant swizzle factor (a span whose step count was
// missing crashed the lowering).
// ROW: {{^}}5x2x4xi16=0 1 2 3 4 5 6 7 -1 -1 -1 -1 -1 -1 -1 -1 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39{{$}}
// ROW-NOT: {{.}}
#row_swizzled = #stream_lite.tiled<inner_dims_pos = [0, 1, 2], inner_tiles = [4, 2, 4], outer_dims_perm = [2, 1, 0], swizzle = #stream_lite.swizzle<expand_shape = [[2, 2], [2], [4]], permutation = [1, 0, 2, 3]>>
func.func @swizzled_row(%arg: tensor<?x2x4xi16>, %row: index, %rows: index) -> tensor<?x2x4xi16> attributes {stream_lite.affinity = #stream_lite.affinity<@gpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %minus = arith.constant -1 : i16
  %sz = stream_lite.tensor.sizeof tensor<?x2x4xi16>{%rows} : index
  %i = stream_lite.tensor.import %arg : tensor<?x2x4xi16> -> tensor<?x2x4xi16>{%rows} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<?x2x4xi16, #row_swizzled>{%rows} : index
  %t = stream_lite.tensor.encode %i : tensor<?x2x4xi16>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x2x4xi16, #row_swizzled>{%rows} in !stream_lite.resource<*>{%tsz}
  %f = stream_lite.tensor.fill %minus, %t[%row, %c0, %c0 for %c1, %c2, %c4] : i16 -> tensor<?x2x4xi16, #row_swizzled>{%rows} in %t as !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %f : tensor<?x2x4xi16, #row_swizzled>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x2x4xi16>{%rows} in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<?x2x4xi16>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x2x4xi16>
  return %r : tensor<?x2x4xi16>
}
