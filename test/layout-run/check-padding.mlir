// RUN: layout-run %s --function=good --input=3x3xf32=1,2,3,4,5,6,7,8,9 --check-padding --compare-to-reference --check-leaks | FileCheck %s --check-prefix=GOOD
// The other execution tests pass --check-padding too.
// RUN: layout-run %S/tiled.mlir --input=3x5xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=3 --check-padding | FileCheck %S/tiled.mlir
// RUN: layout-run %S/tiled.mlir --function=static --input=3x5xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --check-padding | FileCheck %S/tiled.mlir --check-prefix=STATIC
// RUN: layout-run %S/fill-i64.mlir --input=2x3xi64=-1 --check-padding | FileCheck %S/fill-i64.mlir
// RUN: layout-run %S/staging.mlir --input=2x3xf32=1,2,3,4,5,6 --check-padding | FileCheck %S/staging.mlir
// RUN: layout-run %S/padding.mlir --input=2x4xf32=1,2,3,4,5,6,7,8 --check-padding | FileCheck %S/padding.mlir
// RUN: layout-run %layout_opt_src_root/examples/two-devices.mlir --input=3x4xf32=1,2,3,4,5,6,7,8,9,10,11,12 --input=index=3 --check-padding | FileCheck %S/two-devices.test

// --check-padding: after every op that writes a tiled tensor, the padding
// bytes of its byte image must be zero (docs/language.md, the pad contract). A 3x3 matmul LHS
// with 4x2 tiles (tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 2]>) is
// one row of two tiles: 16 elements, 7 of them padding.
// check-padding-violation.mlir has a program that breaks the contract.

#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 4, n = 4, k = 2>>])

// Correct ops keep the padding zero: encode, a fill and an update that cut
// tiles, a clone.
// GOOD: {{^}}3x3xf32=1 2 3 4 0 0 7 0 0{{$}}
// GOOD-NOT: error
func.func @good(%arg: tensor<3x3xf32>) -> tensor<3x3xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  %sz = stream_lite.tensor.sizeof tensor<3x3xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<3x3xf32> -> tensor<3x3xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<3x3xf32, #lhs> : index
  %e = stream_lite.tensor.encode %i : tensor<3x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<3x3xf32, #lhs> in !stream_lite.resource<*>{%tsz}
  %f = stream_lite.tensor.fill %zero, %e[%c1, %c1 for %c2, %c2] : f32 -> tensor<3x3xf32, #lhs> in %e as !stream_lite.resource<*>{%tsz}
  %k = stream_lite.tensor.clone %f : tensor<3x3xf32, #lhs> in !stream_lite.resource<*>{%tsz} -> tensor<3x3xf32, #lhs> in !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %k : tensor<3x3xf32, #lhs> in !stream_lite.resource<*>{%tsz} -> tensor<3x3xf32> in !stream_lite.resource<external>{%sz}
  %t = stream_lite.tensor.export %d : tensor<3x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<3x3xf32>
  return %t : tensor<3x3xf32>
}
