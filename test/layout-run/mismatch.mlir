// RUN: not layout-run %s --input=2x3xf32=1,2,3,4,5,6 --compare-to-reference 2>&1 | FileCheck %s
// RUN: %expect_exit 1 layout-run %s --input=2x3xf32=1,2,3,4,5,6 --compare-to-reference
// RUN: layout-run %s --input=2x3xf32=1,2,3,4,5,6 | FileCheck %s --check-prefix=OUT

// --compare-to-reference detects a mismatch: a deliberately wrong program
// reads tiled bytes (tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 2]>)
// through a staging load whose type has no encoding, so it addresses them
// as dense row-major: element [1, 0] is read from byte offset 12, which in
// the tiled image holds element [1, 1]. The reference (encodings stripped)
// reads the real [1, 0]. Results before the differing one agree.

#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 4, n = 4, k = 2>>])

// OUT: {{^}}2x3xf32=1 2 3 4 5 6{{$}}
// OUT-NEXT: {{^}}f32=2{{$}}
// OUT-NEXT: {{^}}f32=5{{$}}
// CHECK: {{^}}2x3xf32=1 2 3 4 5 6{{$}}
// CHECK: error: result 2 differs from the reference at index []: 5 vs 4
func.func @main(%arg: tensor<2x3xf32>) -> (tensor<2x3xf32>, f32, f32) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %sz = stream_lite.tensor.sizeof tensor<2x3xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<2x3xf32> -> tensor<2x3xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<2x3xf32, #lhs> : index
  %e = stream_lite.tensor.encode %i : tensor<2x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<2x3xf32, #lhs> in !stream_lite.resource<*>{%tsz}
  %st = stream_lite.async.transfer %e : !stream_lite.resource<*>{%tsz} -> !stream_lite.resource<staging>{%tsz}
  %ok = stream_lite.tensor.load %st[%c0, %c1] : tensor<2x3xf32> in !stream_lite.resource<staging>{%tsz} -> f32
  %wrong = stream_lite.tensor.load %st[%c1, %c0] : tensor<2x3xf32> in !stream_lite.resource<staging>{%tsz} -> f32
  %t = stream_lite.tensor.export %i : tensor<2x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<2x3xf32>
  return %t, %ok, %wrong : tensor<2x3xf32>, f32, f32
}
