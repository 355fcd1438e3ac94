// RUN: layout-run %s --input=2x3xf32=1,2,3,4,5,6 | FileCheck %s
// RUN: layout-run %s --input=2x3xf32=1,2,3,4,5,6 --compare-to-reference --check-leaks | FileCheck %s

// Host tensor.load/store through staging resources: the imported tensor is
// moved to staging, element [1, 2] is loaded and stored at [0, 0]; then the
// tensor is encoded to a tiled layout, moved to staging, element [1, 1] is
// loaded through the layout and stored at [0, 2], and the result is moved
// back and encoded to dense.

#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 4, n = 4, k = 2>>])

// CHECK: {{^}}2x3xf32=6 2 3 4 5 6{{$}}
// CHECK-NEXT: {{^}}f32=6{{$}}
// CHECK-NEXT: {{^}}2x3xf32=6 2 5 4 5 6{{$}}
// CHECK-NEXT: {{^}}f32=5{{$}}
// CHECK-NOT: {{.}}
func.func @main(%arg: tensor<2x3xf32>) -> (tensor<2x3xf32>, f32, tensor<2x3xf32>, f32) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %sz = stream_lite.tensor.sizeof tensor<2x3xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<2x3xf32> -> tensor<2x3xf32> in !stream_lite.resource<external>{%sz}
  %st = stream_lite.async.transfer %i : !stream_lite.resource<external>{%sz} -> !stream_lite.resource<staging>{%sz}
  %v = stream_lite.tensor.load %st[%c1, %c2] : tensor<2x3xf32> in !stream_lite.resource<staging>{%sz} -> f32
  %st2 = stream_lite.tensor.store %v, %st[%c0, %c0] : f32 -> tensor<2x3xf32> in %st as !stream_lite.resource<staging>{%sz}
  %back = stream_lite.async.transfer %st2 : !stream_lite.resource<staging>{%sz} -> !stream_lite.resource<external>{%sz}
  %t = stream_lite.tensor.export %back : tensor<2x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<2x3xf32>

  %tsz = stream_lite.tensor.sizeof tensor<2x3xf32, #lhs> : index
  %e = stream_lite.tensor.encode %back : tensor<2x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<2x3xf32, #lhs> in !stream_lite.resource<*>{%tsz}
  %tst = stream_lite.async.transfer %e : !stream_lite.resource<*>{%tsz} -> !stream_lite.resource<staging>{%tsz}
  %w = stream_lite.tensor.load %tst[%c1, %c1] : tensor<2x3xf32, #lhs> in !stream_lite.resource<staging>{%tsz} -> f32
  %tst2 = stream_lite.tensor.store %w, %tst[%c0, %c2] : f32 -> tensor<2x3xf32, #lhs> in %tst as !stream_lite.resource<staging>{%tsz}
  %tback = stream_lite.async.transfer %tst2 : !stream_lite.resource<staging>{%tsz} -> !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %tback : tensor<2x3xf32, #lhs> in !stream_lite.resource<*>{%tsz} -> tensor<2x3xf32> in !stream_lite.resource<external>{%sz}
  %u = stream_lite.tensor.export %d : tensor<2x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<2x3xf32>
  return %t, %v, %u, %w : tensor<2x3xf32>, f32, tensor<2x3xf32>, f32
}
