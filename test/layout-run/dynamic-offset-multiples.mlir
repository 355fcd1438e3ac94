// Slices at dynamic row offsets of the forms "a multiple of the tile plus
// a remainder", sums and products: DMA only where the offset is a multiple
// of the tile rows for every value of k and j (docs/passes.md, DMA or
// dispatch), a builtin dispatch otherwise. Run with k = 1, j = 1 (offsets
// 2, 3 or 4: the odd ones cut tiles) and k = 0, j = 1, against the
// encoding-free reference: a misaligned offset planned as one copy would
// copy the wrong bytes. The remarks say which slices are DMA.
//
// RUN: layout-run %s --input=8x4xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31 --input=index=1 --input=index=1 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=K1
// RUN: layout-run %s --input=8x4xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31 --input=index=0 --input=index=1 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=K0
// RUN: layout-opt %s --stream-lite-materialize-builtins --remarks-filter=stream-lite-materialize-builtins -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
//
// K1: {{^}}2x4xf32=12 13 14 15 16 17 18 19{{$}}
// K1-NEXT: {{^}}2x4xf32=12 13 14 15 16 17 18 19{{$}}
// K1-NEXT: {{^}}2x4xf32=16 17 18 19 20 21 22 23{{$}}
// K1-NEXT: {{^}}2x4xf32=16 17 18 19 20 21 22 23{{$}}
// K1-NEXT: {{^}}2x4xf32=16 17 18 19 20 21 22 23{{$}}
// K1-NEXT: {{^}}2x4xf32=16 17 18 19 20 21 22 23{{$}}
// K1-NEXT: {{^}}2x4xf32=12 13 14 15 16 17 18 19{{$}}
// K1-NEXT: {{^}}2x4xf32=12 13 14 15 16 17 18 19{{$}}
// K1-NEXT: {{^}}2x4xf32=12 13 14 15 16 17 18 19{{$}}
// K1-NEXT: {{^}}2x4xf32=8 9 10 11 12 13 14 15{{$}}
// K1-NEXT: {{^}}4x4xf32=16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31{{$}}
// K1-NEXT: {{^}}4x4xf32=16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31{{$}}
// K1-NOT: {{.}}
// K0: {{^}}2x4xf32=4 5 6 7 8 9 10 11{{$}}
// K0-NEXT: {{^}}2x4xf32=4 5 6 7 8 9 10 11{{$}}
// K0-NEXT: {{^}}2x4xf32=8 9 10 11 12 13 14 15{{$}}
// K0-NEXT: {{^}}2x4xf32=8 9 10 11 12 13 14 15{{$}}
// K0-NEXT: {{^}}2x4xf32=8 9 10 11 12 13 14 15{{$}}
// K0-NEXT: {{^}}2x4xf32=8 9 10 11 12 13 14 15{{$}}
// K0-NEXT: {{^}}2x4xf32=4 5 6 7 8 9 10 11{{$}}
// K0-NEXT: {{^}}2x4xf32=4 5 6 7 8 9 10 11{{$}}
// K0-NEXT: {{^}}2x4xf32=0 1 2 3 4 5 6 7{{$}}
// K0-NEXT: {{^}}2x4xf32=0 1 2 3 4 5 6 7{{$}}
// K0-NEXT: {{^}}4x4xf32=0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15{{$}}
// K0-NEXT: {{^}}4x4xf32=0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15{{$}}
// K0-NOT: {{.}}

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
#t2 = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>
#t4 = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 2]>]>

func.func @main(%arg: tensor<8x4xf32>, %k: index, %j: index) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %sz = stream_lite.tensor.sizeof tensor<8x4xf32> : index
  %in = stream_lite.tensor.import %arg : tensor<8x4xf32> -> tensor<8x4xf32> in !stream_lite.resource<external>{%sz}
  %t2sz = stream_lite.tensor.sizeof tensor<8x4xf32, #t2> : index
  %t2 = stream_lite.tensor.encode %in : tensor<8x4xf32> in !stream_lite.resource<external>{%sz} -> tensor<8x4xf32, #t2> in !stream_lite.resource<*>{%t2sz}
  %t4sz = stream_lite.tensor.sizeof tensor<8x4xf32, #t4> : index
  %t4 = stream_lite.tensor.encode %in : tensor<8x4xf32> in !stream_lite.resource<external>{%sz} -> tensor<8x4xf32, #t4> in !stream_lite.resource<*>{%t4sz}
  // k*2 + 1: a multiple plus a remainder: a dispatch
  %a0 = arith.muli %k, %c2 : index
  %o0 = arith.addi %a0, %c1 : index
  // REMARK: dynamic-offset-multiples.mlir:[[@LINE+2]]:{{[0-9]+}}: remark: [Missed] stream_lite.tensor.slice |
  %ssz0 = stream_lite.tensor.sizeof tensor<2x4xf32, #t2> : index
  %s0 = stream_lite.tensor.slice %t2[%o0, %c0 for %c2, %c4] : tensor<8x4xf32, #t2> in !stream_lite.resource<*>{%t2sz} -> tensor<2x4xf32, #t2> in !stream_lite.resource<*>{%ssz0}
  %dsz0 = stream_lite.tensor.sizeof tensor<2x4xf32> : index
  %d0 = stream_lite.tensor.encode %s0 : tensor<2x4xf32, #t2> in !stream_lite.resource<*>{%ssz0} -> tensor<2x4xf32> in !stream_lite.resource<external>{%dsz0}
  %r0 = stream_lite.tensor.export %d0 : tensor<2x4xf32> in !stream_lite.resource<external>{%dsz0} -> tensor<2x4xf32>
  // 1 + k*2: a dispatch
  %a1 = arith.muli %k, %c2 : index
  %o1 = arith.addi %c1, %a1 : index
  // REMARK: dynamic-offset-multiples.mlir:[[@LINE+2]]:{{[0-9]+}}: remark: [Missed] stream_lite.tensor.slice |
  %ssz1 = stream_lite.tensor.sizeof tensor<2x4xf32, #t2> : index
  %s1 = stream_lite.tensor.slice %t2[%o1, %c0 for %c2, %c4] : tensor<8x4xf32, #t2> in !stream_lite.resource<*>{%t2sz} -> tensor<2x4xf32, #t2> in !stream_lite.resource<*>{%ssz1}
  %dsz1 = stream_lite.tensor.sizeof tensor<2x4xf32> : index
  %d1 = stream_lite.tensor.encode %s1 : tensor<2x4xf32, #t2> in !stream_lite.resource<*>{%ssz1} -> tensor<2x4xf32> in !stream_lite.resource<external>{%dsz1}
  %r1 = stream_lite.tensor.export %d1 : tensor<2x4xf32> in !stream_lite.resource<external>{%dsz1} -> tensor<2x4xf32>
  // k*2 + 2: a multiple plus a multiple: DMA
  %a2 = arith.muli %k, %c2 : index
  %o2 = arith.addi %a2, %c2 : index
  // REMARK: dynamic-offset-multiples.mlir:[[@LINE+2]]:{{[0-9]+}}: remark: [Passed] stream_lite.tensor.slice |
  %ssz2 = stream_lite.tensor.sizeof tensor<2x4xf32, #t2> : index
  %s2 = stream_lite.tensor.slice %t2[%o2, %c0 for %c2, %c4] : tensor<8x4xf32, #t2> in !stream_lite.resource<*>{%t2sz} -> tensor<2x4xf32, #t2> in !stream_lite.resource<*>{%ssz2}
  %dsz2 = stream_lite.tensor.sizeof tensor<2x4xf32> : index
  %d2 = stream_lite.tensor.encode %s2 : tensor<2x4xf32, #t2> in !stream_lite.resource<*>{%ssz2} -> tensor<2x4xf32> in !stream_lite.resource<external>{%dsz2}
  %r2 = stream_lite.tensor.export %d2 : tensor<2x4xf32> in !stream_lite.resource<external>{%dsz2} -> tensor<2x4xf32>
  // 2 + k*2: DMA
  %a3 = arith.muli %k, %c2 : index
  %o3 = arith.addi %c2, %a3 : index
  // REMARK: dynamic-offset-multiples.mlir:[[@LINE+2]]:{{[0-9]+}}: remark: [Passed] stream_lite.tensor.slice |
  %ssz3 = stream_lite.tensor.sizeof tensor<2x4xf32, #t2> : index
  %s3 = stream_lite.tensor.slice %t2[%o3, %c0 for %c2, %c4] : tensor<8x4xf32, #t2> in !stream_lite.resource<*>{%t2sz} -> tensor<2x4xf32, #t2> in !stream_lite.resource<*>{%ssz3}
  %dsz3 = stream_lite.tensor.sizeof tensor<2x4xf32> : index
  %d3 = stream_lite.tensor.encode %s3 : tensor<2x4xf32, #t2> in !stream_lite.resource<*>{%ssz3} -> tensor<2x4xf32> in !stream_lite.resource<external>{%dsz3}
  %r3 = stream_lite.tensor.export %d3 : tensor<2x4xf32> in !stream_lite.resource<external>{%dsz3} -> tensor<2x4xf32>
  // (k + 1)*2: DMA
  %a4 = arith.addi %k, %c1 : index
  %o4 = arith.muli %a4, %c2 : index
  // REMARK: dynamic-offset-multiples.mlir:[[@LINE+2]]:{{[0-9]+}}: remark: [Passed] stream_lite.tensor.slice |
  %ssz4 = stream_lite.tensor.sizeof tensor<2x4xf32, #t2> : index
  %s4 = stream_lite.tensor.slice %t2[%o4, %c0 for %c2, %c4] : tensor<8x4xf32, #t2> in !stream_lite.resource<*>{%t2sz} -> tensor<2x4xf32, #t2> in !stream_lite.resource<*>{%ssz4}
  %dsz4 = stream_lite.tensor.sizeof tensor<2x4xf32> : index
  %d4 = stream_lite.tensor.encode %s4 : tensor<2x4xf32, #t2> in !stream_lite.resource<*>{%ssz4} -> tensor<2x4xf32> in !stream_lite.resource<external>{%dsz4}
  %r4 = stream_lite.tensor.export %d4 : tensor<2x4xf32> in !stream_lite.resource<external>{%dsz4} -> tensor<2x4xf32>
  // k*2 + j*2: DMA
  %a5 = arith.muli %k, %c2 : index
  %b5 = arith.muli %j, %c2 : index
  %o5 = arith.addi %a5, %b5 : index
  // REMARK: dynamic-offset-multiples.mlir:[[@LINE+2]]:{{[0-9]+}}: remark: [Passed] stream_lite.tensor.slice |
  %ssz5 = stream_lite.tensor.sizeof tensor<2x4xf32, #t2> : index
  %s5 = stream_lite.tensor.slice %t2[%o5, %c0 for %c2, %c4] : tensor<8x4xf32, #t2> in !stream_lite.resource<*>{%t2sz} -> tensor<2x4xf32, #t2> in !stream_lite.resource<*>{%ssz5}
  %dsz5 = stream_lite.tensor.sizeof tensor<2x4xf32> : index
  %d5 = stream_lite.tensor.encode %s5 : tensor<2x4xf32, #t2> in !stream_lite.resource<*>{%ssz5} -> tensor<2x4xf32> in !stream_lite.resource<external>{%dsz5}
  %r5 = stream_lite.tensor.export %d5 : tensor<2x4xf32> in !stream_lite.resource<external>{%dsz5} -> tensor<2x4xf32>
  // k*2 + j: one term not a multiple: a dispatch
  %a6 = arith.muli %k, %c2 : index
  %o6 = arith.addi %a6, %j : index
  // REMARK: dynamic-offset-multiples.mlir:[[@LINE+2]]:{{[0-9]+}}: remark: [Missed] stream_lite.tensor.slice |
  %ssz6 = stream_lite.tensor.sizeof tensor<2x4xf32, #t2> : index
  %s6 = stream_lite.tensor.slice %t2[%o6, %c0 for %c2, %c4] : tensor<8x4xf32, #t2> in !stream_lite.resource<*>{%t2sz} -> tensor<2x4xf32, #t2> in !stream_lite.resource<*>{%ssz6}
  %dsz6 = stream_lite.tensor.sizeof tensor<2x4xf32> : index
  %d6 = stream_lite.tensor.encode %s6 : tensor<2x4xf32, #t2> in !stream_lite.resource<*>{%ssz6} -> tensor<2x4xf32> in !stream_lite.resource<external>{%dsz6}
  %r6 = stream_lite.tensor.export %d6 : tensor<2x4xf32> in !stream_lite.resource<external>{%dsz6} -> tensor<2x4xf32>
  // j + k*2: a dispatch
  %a7 = arith.muli %k, %c2 : index
  %o7 = arith.addi %j, %a7 : index
  // REMARK: dynamic-offset-multiples.mlir:[[@LINE+2]]:{{[0-9]+}}: remark: [Missed] stream_lite.tensor.slice |
  %ssz7 = stream_lite.tensor.sizeof tensor<2x4xf32, #t2> : index
  %s7 = stream_lite.tensor.slice %t2[%o7, %c0 for %c2, %c4] : tensor<8x4xf32, #t2> in !stream_lite.resource<*>{%t2sz} -> tensor<2x4xf32, #t2> in !stream_lite.resource<*>{%ssz7}
  %dsz7 = stream_lite.tensor.sizeof tensor<2x4xf32> : index
  %d7 = stream_lite.tensor.encode %s7 : tensor<2x4xf32, #t2> in !stream_lite.resource<*>{%ssz7} -> tensor<2x4xf32> in !stream_lite.resource<external>{%dsz7}
  %r7 = stream_lite.tensor.export %d7 : tensor<2x4xf32> in !stream_lite.resource<external>{%dsz7} -> tensor<2x4xf32>
  // k*3: a product with a non-multiple: a dispatch
  %o8 = arith.muli %k, %c3 : index
  // REMARK: dynamic-offset-multiples.mlir:[[@LINE+2]]:{{[0-9]+}}: remark: [Missed] stream_lite.tensor.slice |
  %ssz8 = stream_lite.tensor.sizeof tensor<2x4xf32, #t2> : index
  %s8 = stream_lite.tensor.slice %t2[%o8, %c0 for %c2, %c4] : tensor<8x4xf32, #t2> in !stream_lite.resource<*>{%t2sz} -> tensor<2x4xf32, #t2> in !stream_lite.resource<*>{%ssz8}
  %dsz8 = stream_lite.tensor.sizeof tensor<2x4xf32> : index
  %d8 = stream_lite.tensor.encode %s8 : tensor<2x4xf32, #t2> in !stream_lite.resource<*>{%ssz8} -> tensor<2x4xf32> in !stream_lite.resource<external>{%dsz8}
  %r8 = stream_lite.tensor.export %d8 : tensor<2x4xf32> in !stream_lite.resource<external>{%dsz8} -> tensor<2x4xf32>
  // k*(4/2) in 4-row tiles: a dispatch
  %a9 = arith.divui %c4, %c2 : index
  %o9 = arith.muli %k, %a9 : index
  // REMARK: dynamic-offset-multiples.mlir:[[@LINE+2]]:{{[0-9]+}}: remark: [Missed] stream_lite.tensor.slice |
  %ssz9 = stream_lite.tensor.sizeof tensor<2x4xf32, #t4> : index
  %s9 = stream_lite.tensor.slice %t4[%o9, %c0 for %c2, %c4] : tensor<8x4xf32, #t4> in !stream_lite.resource<*>{%t4sz} -> tensor<2x4xf32, #t4> in !stream_lite.resource<*>{%ssz9}
  %dsz9 = stream_lite.tensor.sizeof tensor<2x4xf32> : index
  %d9 = stream_lite.tensor.encode %s9 : tensor<2x4xf32, #t4> in !stream_lite.resource<*>{%ssz9} -> tensor<2x4xf32> in !stream_lite.resource<external>{%dsz9}
  %r9 = stream_lite.tensor.export %d9 : tensor<2x4xf32> in !stream_lite.resource<external>{%dsz9} -> tensor<2x4xf32>
  // k*4 in 4-row tiles: DMA
  %o10 = arith.muli %k, %c4 : index
  // REMARK: dynamic-offset-multiples.mlir:[[@LINE+2]]:{{[0-9]+}}: remark: [Passed] stream_lite.tensor.slice |
  %ssz10 = stream_lite.tensor.sizeof tensor<4x4xf32, #t4> : index
  %s10 = stream_lite.tensor.slice %t4[%o10, %c0 for %c4, %c4] : tensor<8x4xf32, #t4> in !stream_lite.resource<*>{%t4sz} -> tensor<4x4xf32, #t4> in !stream_lite.resource<*>{%ssz10}
  %dsz10 = stream_lite.tensor.sizeof tensor<4x4xf32> : index
  %d10 = stream_lite.tensor.encode %s10 : tensor<4x4xf32, #t4> in !stream_lite.resource<*>{%ssz10} -> tensor<4x4xf32> in !stream_lite.resource<external>{%dsz10}
  %r10 = stream_lite.tensor.export %d10 : tensor<4x4xf32> in !stream_lite.resource<external>{%dsz10} -> tensor<4x4xf32>
  // (k*2)*2 in 4-row tiles: a multiple of 4 though no factor is (the
  // divisors of a product multiply): DMA
  %a11 = arith.muli %k, %c2 : index
  %o11 = arith.muli %a11, %c2 : index
  // REMARK: dynamic-offset-multiples.mlir:[[@LINE+2]]:{{[0-9]+}}: remark: [Passed] stream_lite.tensor.slice |
  %ssz11 = stream_lite.tensor.sizeof tensor<4x4xf32, #t4> : index
  %s11 = stream_lite.tensor.slice %t4[%o11, %c0 for %c4, %c4] : tensor<8x4xf32, #t4> in !stream_lite.resource<*>{%t4sz} -> tensor<4x4xf32, #t4> in !stream_lite.resource<*>{%ssz11}
  %dsz11 = stream_lite.tensor.sizeof tensor<4x4xf32> : index
  %d11 = stream_lite.tensor.encode %s11 : tensor<4x4xf32, #t4> in !stream_lite.resource<*>{%ssz11} -> tensor<4x4xf32> in !stream_lite.resource<external>{%dsz11}
  %r11 = stream_lite.tensor.export %d11 : tensor<4x4xf32> in !stream_lite.resource<external>{%dsz11} -> tensor<4x4xf32>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
}
