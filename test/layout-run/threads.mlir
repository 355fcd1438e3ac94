// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy.py iota %t/a.npy '<f4' 1021,1027
// RUN: %python %S/Inputs/npy.py iota %t/u.npy '<f4' 700,1001 -5000000
// RUN: %python %S/Inputs/npy.py iota %t/s.npy '<f4' 1024,1000 7
// Two and three threads (an odd split), then one, each against the serial
// reference, bit for bit, with the padding and leak checks:
// RUN: layout-run %s --threads=2 --input=@%t/a.npy --input=index=1021 --input=index=301 --input=@%t/u.npy --compare-to-reference --check-padding --check-leaks --output=@%t/t2.npy > %t/t2.txt
// RUN: layout-run %s --threads=3 --input=@%t/a.npy --input=index=1021 --input=index=301 --input=@%t/u.npy --compare-to-reference --check-padding --check-leaks --output=@%t/t3.npy > %t/t3.txt
// RUN: layout-run %s --threads=1 --input=@%t/a.npy --input=index=1021 --input=index=301 --input=@%t/u.npy --compare-to-reference --check-padding --check-leaks --output=@%t/t1.npy > %t/t1.txt
// RUN: cmp %t/t1.npy %t/t2.npy
// RUN: cmp %t/t1.npy %t/t3.npy
// RUN: cmp %t/t1.txt %t/t2.txt
// Unoptimized kernels (the outlined block functions are not kernels to
// LLVM then; the coroutines are still split):
// RUN: layout-run %s --threads=2 --optimize=none --input=@%t/a.npy --input=index=1021 --input=index=301 --input=@%t/u.npy --compare-to-reference --check-leaks > %t/none.txt
// RUN: cmp %t/t1.txt %t/none.txt
// RUN: layout-run %s --function=swizzle --threads=2 --input=@%t/s.npy --compare-to-reference --check-leaks | FileCheck %s --check-prefix=SWIZZLE
// Small inputs: the kernels are one task each (FileCheck: still correct).
// RUN: layout-run %s --threads=2 --input=9x13xf32=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,112,113,114,115,116,117 --input=index=9 --input=index=1 --input=1x2xf32=-1,-2 --function=small --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=SMALL
// RUN: %expect_exit 2 layout-run %s --threads=0 --input=9x13xf32=0 --input=index=9 --input=index=1 --input=1x2xf32=0 2>&1 | FileCheck %s --check-prefix=BAD

// layout-run --threads=N: builtin kernels that move more than 1 MiB run on
// up to N threads (docs/tools.md). Each run here moves 4 MiB tensors
// through kernels whose tasks are cut from their outer loops: a relayout
// of a dynamic number of rows into 8x4 tiles with tile padding (1021 x
// 1027), a fill and an update of regions that cut tiles (the update at a
// dynamic row), a slice of a tile-cutting region into tiles at dynamic
// offsets (its chunks shifted against the source's), a slice to an untiled
// result, and the relayout back; and a swizzled round trip.

#tiled = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>
#swizzled = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4], swizzle = #stream_lite.swizzle<expand_shape = [[2, 4], [2, 2]], permutation = [1, 3, 0, 2]>>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])

func.func @main(%arg: tensor<?x1027xf32>, %rows: index, %off: index, %u: tensor<700x1001xf32>) -> (tensor<?x1027xf32>, tensor<1013x1019xf32>, tensor<1000x700xf32>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c13 = arith.constant 13 : index
  %c700 = arith.constant 700 : index
  %c900 = arith.constant 900 : index
  %c1000 = arith.constant 1000 : index
  %c1013 = arith.constant 1013 : index
  %c1019 = arith.constant 1019 : index
  %v = arith.constant 9.5 : f32
  %sz = stream_lite.tensor.sizeof tensor<?x1027xf32>{%rows} : index
  %i = stream_lite.tensor.import %arg : tensor<?x1027xf32> -> tensor<?x1027xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<?x1027xf32, #tiled>{%rows} : index
  %t = stream_lite.tensor.encode %i : tensor<?x1027xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x1027xf32, #tiled>{%rows} in !stream_lite.resource<*>{%tsz}
  // A tiled slice at dynamic offsets, taken before the fill and update.
  %tssz = stream_lite.tensor.sizeof tensor<1000x700xf32, #tiled> : index
  %ts = stream_lite.tensor.slice %t[%c7, %off for %c1000, %c700] : tensor<?x1027xf32, #tiled>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<1000x700xf32, #tiled> in !stream_lite.resource<*>{%tssz}
  %f = stream_lite.tensor.fill %v, %t[%c5, %c7 for %c1000, %c900] : f32 -> tensor<?x1027xf32, #tiled>{%rows} in %t as !stream_lite.resource<*>{%tsz}
  %usz = stream_lite.tensor.sizeof tensor<700x1001xf32> : index
  %ui = stream_lite.tensor.import %u : tensor<700x1001xf32> -> tensor<700x1001xf32> in !stream_lite.resource<external>{%usz}
  %up = stream_lite.tensor.update %ui, %f[%off, %c13] : tensor<700x1001xf32> in !stream_lite.resource<external>{%usz} -> tensor<?x1027xf32, #tiled>{%rows} in %f as !stream_lite.resource<*>{%tsz}
  %ssz = stream_lite.tensor.sizeof tensor<1013x1019xf32> : index
  %sl = stream_lite.tensor.slice %up[%c3, %c2 for %c1013, %c1019] : tensor<?x1027xf32, #tiled>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<1013x1019xf32> in !stream_lite.resource<external>{%ssz}
  %d = stream_lite.tensor.encode %up : tensor<?x1027xf32, #tiled>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x1027xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %bsz = stream_lite.tensor.sizeof tensor<1000x700xf32> : index
  %b = stream_lite.tensor.encode %ts : tensor<1000x700xf32, #tiled> in !stream_lite.resource<*>{%tssz} -> tensor<1000x700xf32> in !stream_lite.resource<external>{%bsz}
  %r = stream_lite.tensor.export %d : tensor<?x1027xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x1027xf32>
  %rs = stream_lite.tensor.export %sl : tensor<1013x1019xf32> in !stream_lite.resource<external>{%ssz} -> tensor<1013x1019xf32>
  %rb = stream_lite.tensor.export %b : tensor<1000x700xf32> in !stream_lite.resource<external>{%bsz} -> tensor<1000x700xf32>
  return %r, %rs, %rb : tensor<?x1027xf32>, tensor<1013x1019xf32>, tensor<1000x700xf32>
}

// SWIZZLE: {{^}}1024x1000xf32=7 8 9 10 11
func.func @swizzle(%arg: tensor<1024x1000xf32>) -> tensor<1024x1000xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<1024x1000xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<1024x1000xf32> -> tensor<1024x1000xf32> in !stream_lite.resource<external>{%sz}
  %wsz = stream_lite.tensor.sizeof tensor<1024x1000xf32, #swizzled> : index
  %w = stream_lite.tensor.encode %i : tensor<1024x1000xf32> in !stream_lite.resource<external>{%sz} -> tensor<1024x1000xf32, #swizzled> in !stream_lite.resource<*>{%wsz}
  %d = stream_lite.tensor.encode %w : tensor<1024x1000xf32, #swizzled> in !stream_lite.resource<*>{%wsz} -> tensor<1024x1000xf32> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<1024x1000xf32> in !stream_lite.resource<external>{%sz} -> tensor<1024x1000xf32>
  return %r : tensor<1024x1000xf32>
}

// SMALL: {{^}}9x13xf32=1 2 3 4 5 6 7 8 9 10 11 12 13 14 -1 -2 17
func.func @small(%arg: tensor<?x13xf32>, %rows: index, %off: index, %u: tensor<1x2xf32>) -> tensor<?x13xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c1 = arith.constant 1 : index
  %sz = stream_lite.tensor.sizeof tensor<?x13xf32>{%rows} : index
  %i = stream_lite.tensor.import %arg : tensor<?x13xf32> -> tensor<?x13xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<?x13xf32, #tiled>{%rows} : index
  %t = stream_lite.tensor.encode %i : tensor<?x13xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x13xf32, #tiled>{%rows} in !stream_lite.resource<*>{%tsz}
  %usz = stream_lite.tensor.sizeof tensor<1x2xf32> : index
  %ui = stream_lite.tensor.import %u : tensor<1x2xf32> -> tensor<1x2xf32> in !stream_lite.resource<external>{%usz}
  %up = stream_lite.tensor.update %ui, %t[%off, %c1] : tensor<1x2xf32> in !stream_lite.resource<external>{%usz} -> tensor<?x13xf32, #tiled>{%rows} in %t as !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %up : tensor<?x13xf32, #tiled>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x13xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<?x13xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x13xf32>
  return %r : tensor<?x13xf32>
}

// BAD: error: --threads expects a number from 1 to 1024, got 0
