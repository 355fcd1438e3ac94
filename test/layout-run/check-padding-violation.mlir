// RUN: not layout-run %s --input=3x3xf32=1,2,3,4,5,6,7,8,9 --check-padding 2>&1 | FileCheck %s
// RUN: %expect_exit 1 layout-run %s --input=3x3xf32=1,2,3,4,5,6,7,8,9 --check-padding
// RUN: layout-run %s --input=3x3xf32=1,2,3,4,5,6,7,8,9 | FileCheck %s --check-prefix=UNCHECKED

// --check-padding catches an op that leaves non-zero padding in a tiled
// tensor. A 3x3 matmul LHS with 4x2 tiles (tiled<inner_dims_pos = [0, 1],
// inner_tiles = [4, 2]>) is one row of two tiles: 16 elements, 7 of them
// padding.

#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 4, n = 4, k = 2>>])

// A deliberately wrong program writes 7.0 into a padding element (packed
// index [0, 1, 3, 1]: logical row 3) through a staging store whose type has
// no encoding; the clone that copies the tiled bytes afterwards is reported.
// Padding is never observed, so the result is right; only --check-padding
// notices. (The reference run would reject the store: its 16 elements do
// not fit the 3x3 dense tensor.)
// CHECK: {{^}}3x3xf32=1 2 3 4 5 6 7 8 9{{$}}
// CHECK: error: --check-padding: padding bytes of a tiled tensor are not zero after {{.*}}check-padding-violation.mlir:[[@LINE+13]]:{{[0-9]+}}: %{{.*}} = stream_lite.tensor.clone
// CHECK-NOT: error
// UNCHECKED: {{^}}3x3xf32=1 2 3 4 5 6 7 8 9{{$}}
func.func @main(%arg: tensor<3x3xf32>) -> tensor<3x3xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c15 = arith.constant 15 : index
  %seven = arith.constant 7.0 : f32
  %sz = stream_lite.tensor.sizeof tensor<3x3xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<3x3xf32> -> tensor<3x3xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<3x3xf32, #lhs> : index
  %e = stream_lite.tensor.encode %i : tensor<3x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<3x3xf32, #lhs> in !stream_lite.resource<*>{%tsz}
  %st = stream_lite.async.transfer %e : !stream_lite.resource<*>{%tsz} -> !stream_lite.resource<staging>{%tsz}
  %st2 = stream_lite.tensor.store %seven, %st[%c15] : f32 -> tensor<16xf32> in %st as !stream_lite.resource<staging>{%tsz}
  %back = stream_lite.async.transfer %st2 : !stream_lite.resource<staging>{%tsz} -> !stream_lite.resource<*>{%tsz}
  %k = stream_lite.tensor.clone %back : tensor<3x3xf32, #lhs> in !stream_lite.resource<*>{%tsz} -> tensor<3x3xf32, #lhs> in !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %k : tensor<3x3xf32, #lhs> in !stream_lite.resource<*>{%tsz} -> tensor<3x3xf32> in !stream_lite.resource<external>{%sz}
  %t = stream_lite.tensor.export %d : tensor<3x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<3x3xf32>
  return %t : tensor<3x3xf32>
}
