// RUN: layout-opt --stream-lite-to-llvm-pipeline %s | %python %S/Inputs/max-lines.py 6000
// RUN: layout-opt --stream-lite-materialize-builtins %s | FileCheck %s --check-prefix=KERNEL
// RUN: layout-run %s --function=run --input=3x5xi8=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=RAN
// RUN: layout-run %s --function=rest --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=REST

// Tiles of 10^7 elements on tensors of a few elements: compile time, memory
// and output size depend on the program, not on the tile (spec section 8).
// The builtin kernels loop over tiles and chunks instead of unrolling them:
// before, the splat and fill kernels stored one pattern element per tile
// element (tens of millions of memref.store ops and a 40 MB alloca), so this
// test ran out of time and memory. Its whole LLVM-dialect output is a few
// thousand lines (max-lines.py fails past 6000), and each kernel's pattern
// is at most 64 bytes, filled once.

#big = #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [10000000]>
stream_lite.device @dev targets([#stream_lite.target<"x">])

// KERNEL-LABEL: stream_lite.executable private @__builtin_splat_7x5xf32_tiled_p1_t10000000
// KERNEL: memref.alloca() : memref<64xi8>
// KERNEL-COUNT-16: memref.store %arg0
// KERNEL-NOT: memref.store %arg0
// KERNEL: scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c16
// KERNEL: memref.copy %alloca, %{{.+}} : memref<64xi8> to memref<64xi8>
// KERNEL: } else {
// KERNEL: memref.store %arg0
// KERNEL: stream_lite.executable private
func.func @main(%in: tensor<7x5xf32>) -> tensor<7x5xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant 2.5 : f32
  %s0 = stream_lite.tensor.sizeof tensor<7x5xf32> : index
  %a = stream_lite.tensor.import %in : tensor<7x5xf32> -> tensor<7x5xf32> in !stream_lite.resource<external>{%s0}
  %s1 = stream_lite.tensor.sizeof tensor<7x5xf32, #big> : index
  %b = stream_lite.tensor.splat %v : f32 -> tensor<7x5xf32, #big> in !stream_lite.resource<*>{%s1}
  %e = stream_lite.tensor.encode %a : tensor<7x5xf32> in !stream_lite.resource<external>{%s0} -> tensor<7x5xf32, #big> in !stream_lite.resource<*>{%s1}
  %f = stream_lite.tensor.fill %v, %e[%c1, %c1 for %c2, %c3] : f32 -> tensor<7x5xf32, #big> in %e as !stream_lite.resource<*>{%s1}
  %s2 = stream_lite.tensor.sizeof tensor<2x3xf32, #big> : index
  %sl = stream_lite.tensor.slice %f[%c1, %c1 for %c2, %c3] : tensor<7x5xf32, #big> in !stream_lite.resource<*>{%s1} -> tensor<2x3xf32, #big> in !stream_lite.resource<*>{%s2}
  %u = stream_lite.tensor.update %sl, %b[%c2, %c2] : tensor<2x3xf32, #big> in !stream_lite.resource<*>{%s2} -> tensor<7x5xf32, #big> in %b as !stream_lite.resource<*>{%s1}
  %d = stream_lite.tensor.encode %u : tensor<7x5xf32, #big> in !stream_lite.resource<*>{%s1} -> tensor<7x5xf32> in !stream_lite.resource<external>{%s0}
  %r = stream_lite.tensor.export %d : tensor<7x5xf32> in !stream_lite.resource<external>{%s0} -> tensor<7x5xf32>
  return %r : tensor<7x5xf32>
}

// The same ops on i8 (30 MB per tiled tensor), run against the reference
// with padding checks: a fill of rows 1-2, columns 1-3 with 9, a slice of
// it updated into a splat of 5 at (0, 2).
// RAN: {{^}}3x5xi8=5 5 9 9 9 5 5 9 9 9 5 5 5 5 5{{$}}
func.func @run(%in: tensor<3x5xi8>) -> tensor<3x5xi8> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %nine = arith.constant 9 : i8
  %five = arith.constant 5 : i8
  %s0 = stream_lite.tensor.sizeof tensor<3x5xi8> : index
  %a = stream_lite.tensor.import %in : tensor<3x5xi8> -> tensor<3x5xi8> in !stream_lite.resource<external>{%s0}
  %s1 = stream_lite.tensor.sizeof tensor<3x5xi8, #big> : index
  %b = stream_lite.tensor.splat %five : i8 -> tensor<3x5xi8, #big> in !stream_lite.resource<*>{%s1}
  %e = stream_lite.tensor.encode %a : tensor<3x5xi8> in !stream_lite.resource<external>{%s0} -> tensor<3x5xi8, #big> in !stream_lite.resource<*>{%s1}
  %f = stream_lite.tensor.fill %nine, %e[%c1, %c1 for %c2, %c3] : i8 -> tensor<3x5xi8, #big> in %e as !stream_lite.resource<*>{%s1}
  %s2 = stream_lite.tensor.sizeof tensor<2x3xi8, #big> : index
  %sl = stream_lite.tensor.slice %f[%c1, %c1 for %c2, %c3] : tensor<3x5xi8, #big> in !stream_lite.resource<*>{%s1} -> tensor<2x3xi8, #big> in !stream_lite.resource<*>{%s2}
  %u = stream_lite.tensor.update %sl, %b[%c0, %c2] : tensor<2x3xi8, #big> in !stream_lite.resource<*>{%s2} -> tensor<3x5xi8, #big> in %b as !stream_lite.resource<*>{%s1}
  %d = stream_lite.tensor.encode %u : tensor<3x5xi8, #big> in !stream_lite.resource<*>{%s1} -> tensor<3x5xi8> in !stream_lite.resource<external>{%s0}
  %r = stream_lite.tensor.export %d : tensor<3x5xi8> in !stream_lite.resource<external>{%s0} -> tensor<3x5xi8>
  return %r : tensor<3x5xi8>
}

// Whole tiles longer than a fill pattern (70 i8 elements, pattern 64): a
// chunk of 64, then the 6 remaining elements one at a time, per tile row.
// The splat is a dispatch: rows 2..3 of the tiles of dim 0 are padding,
// which must stay zero.
// REST: {{^}}3x140xi8=3{{( 3 3 3){139}( 3){2}$}}
#rest = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 70]>
func.func @rest() -> tensor<3x140xi8> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %three = arith.constant 3 : i8
  %s0 = stream_lite.tensor.sizeof tensor<3x140xi8> : index
  %s1 = stream_lite.tensor.sizeof tensor<3x140xi8, #rest> : index
  %b = stream_lite.tensor.splat %three : i8 -> tensor<3x140xi8, #rest> in !stream_lite.resource<*>{%s1}
  %d = stream_lite.tensor.encode %b : tensor<3x140xi8, #rest> in !stream_lite.resource<*>{%s1} -> tensor<3x140xi8> in !stream_lite.resource<external>{%s0}
  %r = stream_lite.tensor.export %d : tensor<3x140xi8> in !stream_lite.resource<external>{%s0} -> tensor<3x140xi8>
  return %r : tensor<3x140xi8>
}
