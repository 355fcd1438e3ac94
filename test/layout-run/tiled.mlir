// RUN: layout-run %s --input=3x5xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=3 | FileCheck %s
// RUN: layout-run %s --input=3x5xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=3 --compare-to-reference --check-leaks | FileCheck %s
// RUN: layout-run %s --function=static --input=3x5xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 | FileCheck %s --check-prefix=STATIC
// RUN: layout-run %s --function=static --input=3x5xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --compare-to-reference --check-leaks | FileCheck %s --check-prefix=STATIC

// Tiled layouts: the matmul RHS (KxN) of a tiling_resolver<m = 2, n = 3,
// k = 2> device is tiled<inner_dims_pos = [1, 0], inner_tiles = [3, 2],
// outer_dims_perm = [1, 0]>, so a 3x5 tensor has padding in both dims. The
// input is encoded to it, a fill cuts its tiles (rows 1-2, columns 1-3), a
// 1x2 splat updates row 0 at column 3 (cutting tiles too), and the result is
// encoded back to dense. @main has a dynamic row count, @static none.

#rhs = #stream_lite.encoding<operand_index = 1, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 2, n = 3, k = 2>>])

// CHECK: {{^}}3x5xf32=0 1 2 -1 -1 5 7 7 7 9 10 7 7 7 14{{$}}
// CHECK-NOT: {{.}}
func.func @main(%arg: tensor<?x5xf32>, %rows: index) -> tensor<?x5xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %seven = arith.constant 7.0 : f32
  %minus = arith.constant -1.0 : f32
  %sz = stream_lite.tensor.sizeof tensor<?x5xf32>{%rows} : index
  %i = stream_lite.tensor.import %arg : tensor<?x5xf32> -> tensor<?x5xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<?x5xf32, #rhs>{%rows} : index
  %t = stream_lite.tensor.encode %i : tensor<?x5xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x5xf32, #rhs>{%rows} in !stream_lite.resource<*>{%tsz}
  %f = stream_lite.tensor.fill %seven, %t[%c1, %c1 for %c2, %c3] : f32 -> tensor<?x5xf32, #rhs>{%rows} in %t as !stream_lite.resource<*>{%tsz}
  %ssz = stream_lite.tensor.sizeof tensor<1x2xf32> : index
  %s = stream_lite.tensor.splat %minus : f32 -> tensor<1x2xf32> in !stream_lite.resource<*>{%ssz}
  %u = stream_lite.tensor.update %s, %f[%c0, %c3] : tensor<1x2xf32> in !stream_lite.resource<*>{%ssz} -> tensor<?x5xf32, #rhs>{%rows} in %f as !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %u : tensor<?x5xf32, #rhs>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x5xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<?x5xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

// The LHS (MxK) layout tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>,
// static dims: a fill of column 4 cuts the last tile column.
// STATIC: {{^}}3x5xf32=0 1 2 3 -1 5 6 7 8 -1 10 11 12 13 -1{{$}}
// STATIC-NOT: {{.}}
func.func @static(%arg: tensor<3x5xf32>) -> tensor<3x5xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %minus = arith.constant -1.0 : f32
  %sz = stream_lite.tensor.sizeof tensor<3x5xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<3x5xf32> -> tensor<3x5xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<3x5xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>> : index
  %t = stream_lite.tensor.encode %i : tensor<3x5xf32> in !stream_lite.resource<external>{%sz} -> tensor<3x5xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>> in !stream_lite.resource<*>{%tsz}
  %f = stream_lite.tensor.fill %minus, %t[%c0, %c4 for %c3, %c1] : f32 -> tensor<3x5xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>> in %t as !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %f : tensor<3x5xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>> in !stream_lite.resource<*>{%tsz} -> tensor<3x5xf32> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<3x5xf32> in !stream_lite.resource<external>{%sz} -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}
