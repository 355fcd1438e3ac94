// RUN: layout-run %s --function=main --input=7x11xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76 --input=index=7 --input=index=3 --input=2x7xf32=100,101,102,103,104,105,106,107,108,109,110,111,112,113 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=MAIN
// RUN: layout-run %s --function=wide --input=5x19xf64=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94 --input=3x10xf64=-1,-2,-3,-4,-5,-6,-7,-8,-9,-10,-11,-12,-13,-14,-15,-16,-17,-18,-19,-20,-21,-22,-23,-24,-25,-26,-27,-28,-29,-30 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=WIDE
// RUN: layout-run %s --function=six --input=5x13xi16=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64 --input=index=5 --input=index=2 --input=2x9xi16=200,201,202,203,204,205,206,207,208,209,210,211,212,213,214,215,216,217 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=SIX
// RUN: layout-opt --stream-lite-materialize-builtins %s | FileCheck %s --check-prefix=KERNEL
// The same runs with non-temporal stores wherever a kernel's region size
// is known (--non-temporal-store-bytes=1).
// RUN: layout-run %s --non-temporal-store-bytes=1 --non-temporal-scattered-stores=whole-lines --function=main --input=7x11xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76 --input=index=7 --input=index=3 --input=2x7xf32=100,101,102,103,104,105,106,107,108,109,110,111,112,113 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=MAIN
// RUN: layout-run %s --non-temporal-store-bytes=1 --non-temporal-scattered-stores=whole-lines --function=wide --input=5x19xf64=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94 --input=3x10xf64=-1,-2,-3,-4,-5,-6,-7,-8,-9,-10,-11,-12,-13,-14,-15,-16,-17,-18,-19,-20,-21,-22,-23,-24,-25,-26,-27,-28,-29,-30 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=WIDE
// RUN: layout-run %s --non-temporal-store-bytes=1 --non-temporal-scattered-stores=whole-lines --function=six --input=5x13xi16=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64 --input=index=5 --input=index=2 --input=2x9xi16=200,201,202,203,204,205,206,207,208,209,210,211,212,213,214,215,216,217 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=SIX

// Tiles the region cuts (odd shapes, dynamic dims and offsets, tile padding)
// move each tile row's part of the region in constant-size pieces, one per
// bit of its length (at most a tile row: 4 f32 -> pieces of 4, 2, 1; 8 f64
// -> 8, 4, 2, 1; 6 i16 -> 4, 2, 1), no longer element by element: encode
// into the tiled layout, a fill, an update (at a dynamic row for @main and
// @six) and a slice to an untiled result, then encode back; every run is
// compared with the reference program, with padding and leak checks.

// The fill's cut tiles: a 4-element piece from the pattern, a 2-element
// piece from its first 8 bytes, then one element, each under its bit.
// KERNEL-LABEL: stream_lite.executable private @__builtin_fill_Dx11xf32_tiled_p0_1_t2_4
// KERNEL: scf.if
// KERNEL: memref.copy %alloca, %{{.+}} : memref<16xi8> to memref<16xi8>
// KERNEL: scf.if
// KERNEL: memref.copy %{{.+}}, %{{.+}} : memref<8xi8> to memref<8xi8>
// KERNEL: scf.if
// KERNEL: memref.store %arg6

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])

// MAIN: {{^}}7x11xf32=0 1 2 3 4 5 6 7 8 9 10 11 9.5 9.5 9.5 9.5 9.5 9.5 9.5 9.5 9.5 21 22 9.5 9.5 9.5 9.5 9.5 9.5 9.5 9.5 9.5 32 33 9.5 100 101 102 103 104 105 106 9.5 43 44 9.5 107 108 109 110 111 112 113 9.5 54 55 9.5 9.5 9.5 9.5 9.5 9.5 9.5 9.5 9.5 65 66 67 68 69 70 71 72 73 74 75 76{{$}}
// MAIN-NEXT: {{^}}4x7xf32=9.5 9.5 9.5 9.5 9.5 9.5 9.5 101 102 103 104 105 106 9.5 108 109 110 111 112 113 9.5 9.5 9.5 9.5 9.5 9.5 9.5 9.5{{$}}
// MAIN-NOT: {{.}}
func.func @main(%arg: tensor<?x11xf32>, %rows: index, %off: index, %u: tensor<2x7xf32>) -> (tensor<?x11xf32>, tensor<4x7xf32>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c9 = arith.constant 9 : index
  %v = arith.constant 9.5 : f32
  %sz = stream_lite.tensor.sizeof tensor<?x11xf32>{%rows} : index
  %i = stream_lite.tensor.import %arg : tensor<?x11xf32> -> tensor<?x11xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<?x11xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 4]>>{%rows} : index
  %t = stream_lite.tensor.encode %i : tensor<?x11xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x11xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 4]>>{%rows} in !stream_lite.resource<*>{%tsz}
  %f = stream_lite.tensor.fill %v, %t[%c1, %c1 for %c5, %c9] : f32 -> tensor<?x11xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 4]>>{%rows} in %t as !stream_lite.resource<*>{%tsz}
  %usz = stream_lite.tensor.sizeof tensor<2x7xf32> : index
  %ui = stream_lite.tensor.import %u : tensor<2x7xf32> -> tensor<2x7xf32> in !stream_lite.resource<external>{%usz}
  %up = stream_lite.tensor.update %ui, %f[%off, %c2] : tensor<2x7xf32> in !stream_lite.resource<external>{%usz} -> tensor<?x11xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 4]>>{%rows} in %f as !stream_lite.resource<*>{%tsz}
  %ssz = stream_lite.tensor.sizeof tensor<4x7xf32> : index
  %sl = stream_lite.tensor.slice %up[%c2, %c3 for %c4, %c7] : tensor<?x11xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 4]>>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<4x7xf32> in !stream_lite.resource<external>{%ssz}
  %d = stream_lite.tensor.encode %up : tensor<?x11xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 4]>>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x11xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<?x11xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x11xf32>
  %rs = stream_lite.tensor.export %sl : tensor<4x7xf32> in !stream_lite.resource<external>{%ssz} -> tensor<4x7xf32>
  return %r, %rs : tensor<?x11xf32>, tensor<4x7xf32>
}

// WIDE: {{^}}5x19xf64=0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 -2 -2 -1 -2 -3 -4 -5 -6 -7 -8 -9 -10 -2 35 36 37 38 39 40 -2 -2 -11 -12 -13 -14 -15 -16 -17 -18 -19 -20 -2 54 55 56 57 58 59 -2 -2 -21 -22 -23 -24 -25 -26 -27 -28 -29 -30 -2 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94{{$}}
// WIDE-NEXT: {{^}}5x17xf64=1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 20 21 -2 -2 -1 -2 -3 -4 -5 -6 -7 -8 -9 -10 -2 35 36 39 40 -2 -2 -11 -12 -13 -14 -15 -16 -17 -18 -19 -20 -2 54 55 58 59 -2 -2 -21 -22 -23 -24 -25 -26 -27 -28 -29 -30 -2 73 74 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93{{$}}
// WIDE-NOT: {{.}}
func.func @wide(%arg: tensor<5x19xf64>, %u: tensor<3x10xf64>) -> (tensor<5x19xf64>, tensor<5x17xf64>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c13 = arith.constant 13 : index
  %c17 = arith.constant 17 : index
  %v = arith.constant -2.0 : f64
  %sz = stream_lite.tensor.sizeof tensor<5x19xf64> : index
  %i = stream_lite.tensor.import %arg : tensor<5x19xf64> -> tensor<5x19xf64> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<5x19xf64, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [3, 8]>> : index
  %t = stream_lite.tensor.encode %i : tensor<5x19xf64> in !stream_lite.resource<external>{%sz} -> tensor<5x19xf64, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [3, 8]>> in !stream_lite.resource<*>{%tsz}
  %f = stream_lite.tensor.fill %v, %t[%c1, %c3 for %c3, %c13] : f64 -> tensor<5x19xf64, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [3, 8]>> in %t as !stream_lite.resource<*>{%tsz}
  %usz = stream_lite.tensor.sizeof tensor<3x10xf64> : index
  %ui = stream_lite.tensor.import %u : tensor<3x10xf64> -> tensor<3x10xf64> in !stream_lite.resource<external>{%usz}
  %up = stream_lite.tensor.update %ui, %f[%c1, %c5] : tensor<3x10xf64> in !stream_lite.resource<external>{%usz} -> tensor<5x19xf64, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [3, 8]>> in %f as !stream_lite.resource<*>{%tsz}
  %ssz = stream_lite.tensor.sizeof tensor<5x17xf64> : index
  %sl = stream_lite.tensor.slice %up[%c0, %c1 for %c5, %c17] : tensor<5x19xf64, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [3, 8]>> in !stream_lite.resource<*>{%tsz} -> tensor<5x17xf64> in !stream_lite.resource<external>{%ssz}
  %d = stream_lite.tensor.encode %up : tensor<5x19xf64, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [3, 8]>> in !stream_lite.resource<*>{%tsz} -> tensor<5x19xf64> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<5x19xf64> in !stream_lite.resource<external>{%sz} -> tensor<5x19xf64>
  %rs = stream_lite.tensor.export %sl : tensor<5x17xf64> in !stream_lite.resource<external>{%ssz} -> tensor<5x17xf64>
  return %r, %rs : tensor<5x19xf64>, tensor<5x17xf64>
}

// SIX: {{^}}5x13xi16=0 -7 -7 -7 -7 -7 -7 -7 -7 -7 -7 -7 12 13 -7 -7 -7 -7 -7 -7 -7 -7 -7 -7 -7 25 26 -7 -7 200 201 202 203 204 205 206 207 208 38 39 -7 -7 209 210 211 212 213 214 215 216 217 51 52 -7 -7 -7 -7 -7 -7 -7 -7 -7 -7 -7 64{{$}}
// SIX-NEXT: {{^}}3x10xi16=-7 -7 -7 -7 -7 -7 -7 -7 -7 -7 -7 200 201 202 203 204 205 206 207 208 -7 209 210 211 212 213 214 215 216 217{{$}}
// SIX-NOT: {{.}}
func.func @six(%arg: tensor<?x13xi16>, %rows: index, %off: index, %u: tensor<2x9xi16>) -> (tensor<?x13xi16>, tensor<3x10xi16>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  %c11 = arith.constant 11 : index
  %v = arith.constant -7 : i16
  %sz = stream_lite.tensor.sizeof tensor<?x13xi16>{%rows} : index
  %i = stream_lite.tensor.import %arg : tensor<?x13xi16> -> tensor<?x13xi16>{%rows} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<?x13xi16, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 6]>>{%rows} : index
  %t = stream_lite.tensor.encode %i : tensor<?x13xi16>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x13xi16, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 6]>>{%rows} in !stream_lite.resource<*>{%tsz}
  %f = stream_lite.tensor.fill %v, %t[%c0, %c1 for %c5, %c11] : i16 -> tensor<?x13xi16, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 6]>>{%rows} in %t as !stream_lite.resource<*>{%tsz}
  %usz = stream_lite.tensor.sizeof tensor<2x9xi16> : index
  %ui = stream_lite.tensor.import %u : tensor<2x9xi16> -> tensor<2x9xi16> in !stream_lite.resource<external>{%usz}
  %up = stream_lite.tensor.update %ui, %f[%off, %c3] : tensor<2x9xi16> in !stream_lite.resource<external>{%usz} -> tensor<?x13xi16, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 6]>>{%rows} in %f as !stream_lite.resource<*>{%tsz}
  %ssz = stream_lite.tensor.sizeof tensor<3x10xi16> : index
  %sl = stream_lite.tensor.slice %up[%c1, %c2 for %c3, %c10] : tensor<?x13xi16, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 6]>>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<3x10xi16> in !stream_lite.resource<external>{%ssz}
  %d = stream_lite.tensor.encode %up : tensor<?x13xi16, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 6]>>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x13xi16>{%rows} in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<?x13xi16>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x13xi16>
  %rs = stream_lite.tensor.export %sl : tensor<3x10xi16> in !stream_lite.resource<external>{%ssz} -> tensor<3x10xi16>
  return %r, %rs : tensor<?x13xi16>, tensor<3x10xi16>
}
