// RUN: layout-run %s --input=2x4xf32=1,2,3,4,5,6,7,8 | FileCheck %s
// RUN: layout-run %s --input=2x4xf32=1,2,3,4,5,6,7,8 --compare-to-reference --check-leaks | FileCheck %s

// A padding layout: with 8-byte cache lines and 2 sets, a 16-byte row is
// padded to 24 bytes (#stream_lite.padding<[0, 2]>). The input is encoded
// to it, filled in its middle columns (a fill on a padding layout), a row
// is copied out by a slice, and both are encoded back to dense.

stream_lite.device @gpu targets([#stream_lite.target<"rocm", resolver = #stream_lite.padding_resolver<cache_line_bytes = 8, cache_sets = 2>>])

// CHECK: {{^}}2x4xf32=1 9 9 4 5 9 9 8{{$}}
// CHECK-NEXT: {{^}}1x4xf32=5 9 9 8{{$}}
// CHECK-NOT: {{.}}
func.func @main(%arg: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<1x4xf32>) attributes {stream_lite.affinity = #stream_lite.affinity<@gpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %nine = arith.constant 9.0 : f32
  %sz = stream_lite.tensor.sizeof tensor<2x4xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<2x4xf32> -> tensor<2x4xf32> in !stream_lite.resource<external>{%sz}
  %psz = stream_lite.tensor.sizeof tensor<2x4xf32, #stream_lite.padding<[0, ?]>> : index
  %p = stream_lite.tensor.encode %i : tensor<2x4xf32> in !stream_lite.resource<external>{%sz} -> tensor<2x4xf32, #stream_lite.padding<[0, ?]>> in !stream_lite.resource<*>{%psz}
  %f = stream_lite.tensor.fill %nine, %p[%c0, %c1 for %c2, %c2] : f32 -> tensor<2x4xf32, #stream_lite.padding<[0, ?]>> in %p as !stream_lite.resource<*>{%psz}
  %rsz = stream_lite.tensor.sizeof tensor<1x4xf32, #stream_lite.padding<[0, ?]>> : index
  %r = stream_lite.tensor.slice %f[%c1, %c0 for %c1, %c4] : tensor<2x4xf32, #stream_lite.padding<[0, ?]>> in !stream_lite.resource<*>{%psz} -> tensor<1x4xf32, #stream_lite.padding<[0, ?]>> in !stream_lite.resource<*>{%rsz}
  %d = stream_lite.tensor.encode %f : tensor<2x4xf32, #stream_lite.padding<[0, ?]>> in !stream_lite.resource<*>{%psz} -> tensor<2x4xf32> in !stream_lite.resource<external>{%sz}
  %dsz = stream_lite.tensor.sizeof tensor<1x4xf32> : index
  %dr = stream_lite.tensor.encode %r : tensor<1x4xf32, #stream_lite.padding<[0, ?]>> in !stream_lite.resource<*>{%rsz} -> tensor<1x4xf32> in !stream_lite.resource<external>{%dsz}
  %t = stream_lite.tensor.export %d : tensor<2x4xf32> in !stream_lite.resource<external>{%sz} -> tensor<2x4xf32>
  %u = stream_lite.tensor.export %dr : tensor<1x4xf32> in !stream_lite.resource<external>{%dsz} -> tensor<1x4xf32>
  return %t, %u : tensor<2x4xf32>, tensor<1x4xf32>
}
