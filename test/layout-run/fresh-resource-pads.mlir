// A slice whose bytes cover only part of a fresh tiled result (the tile
// pads after the last element are not copied) must start from zeroed
// storage: the pads of a tiled layout are zero by contract. --check-padding
// reads the pads right after the slice; glibc's MALLOC_PERTURB_ makes every
// fresh allocation non-zero so that undefined storage cannot pass by luck.
// The padding layout leaves its pads undefined, so its fresh storage need
// not be zeroed (its run passes --check-padding too).
//
// RUN: env MALLOC_PERTURB_=165 layout-run %s --function=static_row --input=4x4xf32=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16 --compare-to-reference --check-padding | FileCheck %s --check-prefix=STATIC
// RUN: env MALLOC_PERTURB_=165 layout-run %s --function=dynamic_row --input=3x5xf32=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --input=index=5 --input=index=2 --compare-to-reference --check-padding | FileCheck %s --check-prefix=DYNAMIC
// RUN: env MALLOC_PERTURB_=165 layout-run %s --function=packed_row --input=2x3xi4=1,-2,3,-4,5,-6 --compare-to-reference --check-padding | FileCheck %s --check-prefix=PACKED
// RUN: env MALLOC_PERTURB_=165 layout-run %s --function=empty_then_update --input=5x3xf32=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --compare-to-reference --check-padding | FileCheck %s --check-prefix=EMPTY
// RUN: env MALLOC_PERTURB_=165 layout-run %s --function=empty_whole_tiles --input=8x8xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63 --compare-to-reference --check-padding | FileCheck %s --check-prefix=WHOLE
// RUN: layout-opt %s --stream-lite-layout-pipeline | FileCheck %s --check-prefix=IR

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
#row8 = #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [8]>

// IR-LABEL: func.func @static_row
// IR: stream_lite.async.splat
// IR: stream_lite.async.copy
// STATIC: {{^}}1x4xf32=5 6 7 8{{$}}
func.func @static_row(%arg: tensor<4x4xf32>) -> tensor<1x4xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %sz = stream_lite.tensor.sizeof tensor<4x4xf32> : index
  %r = stream_lite.tensor.import %arg : tensor<4x4xf32> -> tensor<4x4xf32> in !stream_lite.resource<external>{%sz}
  %sz1 = stream_lite.tensor.sizeof tensor<1x4xf32, #row8> : index
  %s = stream_lite.tensor.slice %r[%c1, %c0 for %c1, %c4] : tensor<4x4xf32> in !stream_lite.resource<external>{%sz} -> tensor<1x4xf32, #row8> in !stream_lite.resource<*>{%sz1}
  %dsz = stream_lite.tensor.sizeof tensor<1x4xf32> : index
  %d = stream_lite.tensor.encode %s : tensor<1x4xf32, #row8> in !stream_lite.resource<*>{%sz1} -> tensor<1x4xf32> in !stream_lite.resource<*>{%dsz}
  %e = stream_lite.tensor.export %d : tensor<1x4xf32> in !stream_lite.resource<*>{%dsz} -> tensor<1x4xf32>
  return %e : tensor<1x4xf32>
}

// Row %i of a ?-column tensor (5 columns: 3 pad elements per tile row).
// IR-LABEL: func.func @dynamic_row
// IR: stream_lite.async.splat
// IR: stream_lite.async.copy
// DYNAMIC: {{^}}1x5xf32=11 12 13 14 15{{$}}
func.func @dynamic_row(%arg: tensor<3x?xf32>, %n: index, %i: index) -> tensor<1x?xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %sz = stream_lite.tensor.sizeof tensor<3x?xf32>{%n} : index
  %r = stream_lite.tensor.import %arg : tensor<3x?xf32> -> tensor<3x?xf32>{%n} in !stream_lite.resource<external>{%sz}
  %sz1 = stream_lite.tensor.sizeof tensor<1x?xf32, #row8>{%n} : index
  %s = stream_lite.tensor.slice %r[%i, %c0 for %c1, %n] : tensor<3x?xf32>{%n} in !stream_lite.resource<external>{%sz} -> tensor<1x?xf32, #row8>{%n} in !stream_lite.resource<*>{%sz1}
  %dsz = stream_lite.tensor.sizeof tensor<1x?xf32>{%n} : index
  %d = stream_lite.tensor.encode %s : tensor<1x?xf32, #row8>{%n} in !stream_lite.resource<*>{%sz1} -> tensor<1x?xf32>{%n} in !stream_lite.resource<*>{%dsz}
  %e = stream_lite.tensor.export %d : tensor<1x?xf32>{%n} in !stream_lite.resource<*>{%dsz} -> tensor<1x?xf32>
  return %e : tensor<1x?xf32>
}

// Packed: 3 i4 are a byte and a half of a 4-byte tile row (the other 5
// slots are pads); a row that ends inside a byte is not a byte copy, so a
// builtin writes it, pads included.
// PACKED: {{^}}1x3xi4=-4 5 -6{{$}}
func.func @packed_row(%arg: tensor<2x3xi4>) -> tensor<1x3xi4> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %sz = stream_lite.tensor.sizeof tensor<2x3xi4> : index
  %r = stream_lite.tensor.import %arg : tensor<2x3xi4> -> tensor<2x3xi4> in !stream_lite.resource<external>{%sz}
  %sz1 = stream_lite.tensor.sizeof tensor<1x3xi4, #row8> : index
  %s = stream_lite.tensor.slice %r[%c1, %c0 for %c1, %c3] : tensor<2x3xi4> in !stream_lite.resource<external>{%sz} -> tensor<1x3xi4, #row8> in !stream_lite.resource<*>{%sz1}
  %dsz = stream_lite.tensor.sizeof tensor<1x3xi4> : index
  %d = stream_lite.tensor.encode %s : tensor<1x3xi4, #row8> in !stream_lite.resource<*>{%sz1} -> tensor<1x3xi4> in !stream_lite.resource<*>{%dsz}
  %e = stream_lite.tensor.export %d : tensor<1x3xi4> in !stream_lite.resource<*>{%dsz} -> tensor<1x3xi4>
  return %e : tensor<1x3xi4>
}

// An empty tiled tensor's pads are zero before anything writes it: an
// update that writes its elements only leaves them so. The previous
// splat of 7s, moved to staging and read back, freed a buffer of the same
// size with non-zero bytes for the empty tensor to reuse.
#t44 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>
// IR-LABEL: func.func @empty_then_update
// IR: stream_lite.async.splat
// IR: stream_lite.async.splat %c0_i8 : i8 -> !stream_lite.resource<*>{%c128}
// IR-NOT: stream_lite.async.alloca
// IR: stream_lite.async.dispatch @__builtin_update
// EMPTY: {{^}}f32=7{{$}}
// EMPTY-NEXT: {{^}}5x3xf32=1 2 3 4 5 6 7 8 9 10 11 12 13 14 15{{$}}
func.func @empty_then_update(%arg: tensor<5x3xf32>) -> (f32, tensor<5x3xf32>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %v = arith.constant 7.0 : f32
  %bsz = stream_lite.tensor.sizeof tensor<32xf32> : index
  %b = stream_lite.tensor.splat %v : f32 -> tensor<32xf32> in !stream_lite.resource<*>{%bsz}
  %st = stream_lite.async.transfer %b : !stream_lite.resource<*>{%bsz} -> !stream_lite.resource<staging>{%bsz}
  %x = stream_lite.tensor.load %st[%c0] : tensor<32xf32> in !stream_lite.resource<staging>{%bsz} -> f32
  %sz = stream_lite.tensor.sizeof tensor<5x3xf32> : index
  %tsz = stream_lite.tensor.sizeof tensor<5x3xf32, #t44> : index
  %i = stream_lite.tensor.import %arg : tensor<5x3xf32> -> tensor<5x3xf32> in !stream_lite.resource<external>{%sz}
  %e = stream_lite.tensor.empty : tensor<5x3xf32, #t44> in !stream_lite.resource<*>{%tsz}
  %f = stream_lite.tensor.update %i, %e[%c0, %c0] : tensor<5x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<5x3xf32, #t44> in %e as !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %f : tensor<5x3xf32, #t44> in !stream_lite.resource<*>{%tsz} -> tensor<5x3xf32> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<5x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<5x3xf32>
  return %x, %r : f32, tensor<5x3xf32>
}

// Whole tiles have no pads: the empty tensor is not zeroed first.
// IR-LABEL: func.func @empty_whole_tiles
// IR-NOT: stream_lite.async.splat
// IR: stream_lite.async.alloca
// WHOLE: {{^}}8x8xf32=0 1 2 3 4 5 6 7 8 9 10
func.func @empty_whole_tiles(%arg: tensor<8x8xf32>) -> tensor<8x8xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %sz = stream_lite.tensor.sizeof tensor<8x8xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<8x8xf32> -> tensor<8x8xf32> in !stream_lite.resource<external>{%sz}
  %e = stream_lite.tensor.empty : tensor<8x8xf32, #t44> in !stream_lite.resource<*>{%sz}
  %f = stream_lite.tensor.update %i, %e[%c0, %c0] : tensor<8x8xf32> in !stream_lite.resource<external>{%sz} -> tensor<8x8xf32, #t44> in %e as !stream_lite.resource<*>{%sz}
  %d = stream_lite.tensor.encode %f : tensor<8x8xf32, #t44> in !stream_lite.resource<*>{%sz} -> tensor<8x8xf32> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<8x8xf32> in !stream_lite.resource<external>{%sz} -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
