// RUN: layout-run %s --input=16x8xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,112,113,114,115,116,117,118,119,120,121,122,123,124,125,126,127 --compare-to-reference --check-padding --check-leaks | FileCheck %s

// A program with a plain and a swizzled 8x4 tiling of the same shape: their
// relayout kernels must have different builtin names. They had the same
// one (the mangling left the swizzle out), so both encodes to a tiled
// layout ran one kernel, and the swizzled tensor came back permuted
// (result 1 differed from the reference at index [0, 1]: 8 vs 1).
// CHECK: {{^}}15x7xf32=9 10 11 12 13 14 15 17 18 19 20 21 22 23 25 26 27 28 29 30 31 33 34 35 36 37 38 39 41 42 43 44 45 46 47 49 50 51 52 53 54 55 57 58 59 60 61 62 63 65 66 67 68 69 70 71 73 74 75 76 77 78 79 81 82 83 84 85 86 87 89 90 91 92 93 94 95 97 98 99 100 101 102 103 105 106 107 108 109 110 111 113 114 115 116 117 118 119 121 122 123 124 125 126 127{{$}}
// CHECK-NEXT: {{^}}16x8xf32=0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120 121 122 123 124 125 126 127{{$}}
// CHECK-NOT: {{.}}

#t = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>
#s = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4], swizzle = #stream_lite.swizzle<expand_shape = [[2, 4], [2, 2]], permutation = [1, 3, 0, 2]>>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
func.func @main(%x: tensor<16x8xf32>) -> (tensor<15x7xf32>, tensor<16x8xf32>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c15 = arith.constant 15 : index
  %sz = stream_lite.tensor.sizeof tensor<16x8xf32> : index
  %a = stream_lite.tensor.import %x : tensor<16x8xf32> -> tensor<16x8xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<16x8xf32, #t> : index
  %t = stream_lite.tensor.encode %a : tensor<16x8xf32> in !stream_lite.resource<external>{%sz} -> tensor<16x8xf32, #t> in !stream_lite.resource<*>{%tsz}
  %qsz = stream_lite.tensor.sizeof tensor<15x7xf32> : index
  %q = stream_lite.tensor.slice %t[%c1, %c1 for %c15, %c7] : tensor<16x8xf32, #t> in !stream_lite.resource<*>{%tsz} -> tensor<15x7xf32> in !stream_lite.resource<*>{%qsz}
  %ssz = stream_lite.tensor.sizeof tensor<16x8xf32, #s> : index
  %s = stream_lite.tensor.encode %a : tensor<16x8xf32> in !stream_lite.resource<external>{%sz} -> tensor<16x8xf32, #s> in !stream_lite.resource<*>{%ssz}
  %b2 = stream_lite.tensor.encode %s : tensor<16x8xf32, #s> in !stream_lite.resource<*>{%ssz} -> tensor<16x8xf32> in !stream_lite.resource<external>{%sz}
  %r1 = stream_lite.tensor.export %q : tensor<15x7xf32> in !stream_lite.resource<*>{%qsz} -> tensor<15x7xf32>
  %r2 = stream_lite.tensor.export %b2 : tensor<16x8xf32> in !stream_lite.resource<external>{%sz} -> tensor<16x8xf32>
  return %r1, %r2 : tensor<15x7xf32>, tensor<16x8xf32>
}
