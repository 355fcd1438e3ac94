// RUN: layout-run %s --input=2x3x5xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29 | FileCheck %s
// RUN: layout-run %s --input=2x3x5xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29 --compare-to-reference --check-padding --check-leaks | FileCheck %s
// RUN: layout-opt --stream-lite-specialize-encodings %s | FileCheck %s --check-prefix=LAYOUT

// batch_matmul encodings on a tiling_resolver<m = 2, n = 3, k = 2> device:
// the last two dims tile as a matmul's, the batch dim never. A 2x3x5 tensor
// is encoded as the RHS ([B, K, N]: tiled<[2, 1], [3, 2]>, outer dims
// [0, 2, 1]; both tiled dims get padding), a fill cuts tiles of batch 1,
// the tensor is relaid out as the LHS ([B, M, K]: tiled<[1, 2], [2, 2]>),
// a splat updates row 0 of batch 0 at columns 3-4, and the result goes back
// to dense.

#lhs = #stream_lite.encoding<operand_index = 0, op_type = batch_matmul, element_types = [f32, f32, f32]>
#rhs = #stream_lite.encoding<operand_index = 1, op_type = batch_matmul, element_types = [f32, f32, f32]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 2, n = 3, k = 2>>])

// LAYOUT: tensor<2x3x5xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [2, 1], inner_tiles = [3, 2], outer_dims_perm = [0, 2, 1]>]>>
// LAYOUT: tensor<2x3x5xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [1, 2], inner_tiles = [2, 2]>]>>

// CHECK: {{^}}2x3x5xf32=0 1 2 -1 -1 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 7 7 7 24 25 7 7 7 29{{$}}
// CHECK-NOT: {{.}}
func.func @main(%arg: tensor<2x3x5xf32>) -> tensor<2x3x5xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %seven = arith.constant 7.0 : f32
  %minus = arith.constant -1.0 : f32
  %sz = stream_lite.tensor.sizeof tensor<2x3x5xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<2x3x5xf32> -> tensor<2x3x5xf32> in !stream_lite.resource<external>{%sz}
  %rsz = stream_lite.tensor.sizeof tensor<2x3x5xf32, #rhs> : index
  %r = stream_lite.tensor.encode %i : tensor<2x3x5xf32> in !stream_lite.resource<external>{%sz} -> tensor<2x3x5xf32, #rhs> in !stream_lite.resource<*>{%rsz}
  %f = stream_lite.tensor.fill %seven, %r[%c1, %c1, %c1 for %c1, %c2, %c3] : f32 -> tensor<2x3x5xf32, #rhs> in %r as !stream_lite.resource<*>{%rsz}
  %lsz = stream_lite.tensor.sizeof tensor<2x3x5xf32, #lhs> : index
  %l = stream_lite.tensor.encode %f : tensor<2x3x5xf32, #rhs> in !stream_lite.resource<*>{%rsz} -> tensor<2x3x5xf32, #lhs> in !stream_lite.resource<*>{%lsz}
  %ssz = stream_lite.tensor.sizeof tensor<1x1x2xf32> : index
  %s = stream_lite.tensor.splat %minus : f32 -> tensor<1x1x2xf32> in !stream_lite.resource<*>{%ssz}
  %u = stream_lite.tensor.update %s, %l[%c0, %c0, %c3] : tensor<1x1x2xf32> in !stream_lite.resource<*>{%ssz} -> tensor<2x3x5xf32, #lhs> in %l as !stream_lite.resource<*>{%lsz}
  %d = stream_lite.tensor.encode %u : tensor<2x3x5xf32, #lhs> in !stream_lite.resource<*>{%lsz} -> tensor<2x3x5xf32> in !stream_lite.resource<external>{%sz}
  %o = stream_lite.tensor.export %d : tensor<2x3x5xf32> in !stream_lite.resource<external>{%sz} -> tensor<2x3x5xf32>
  return %o : tensor<2x3x5xf32>
}
