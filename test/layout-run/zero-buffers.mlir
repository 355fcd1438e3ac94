// RUN: layout-run %s --zero-buffers --compare-to-reference --input=f32=3 | FileCheck %s
// RUN: layout-run %s --function=tiled --zero-buffers --compare-to-reference --input=f32=3 | FileCheck %s --check-prefix=TILED

// --zero-buffers: every buffer the program allocates starts zeroed, so a
// tensor.empty reads as zeros, the same in the program and its reference
// (without it the bytes are whatever malloc returns; layout-reduce's test
// script passes it so that a fresh tensor.empty cannot fake a mismatch).

// CHECK: {{^}}2x4xf32=0 0 0 0 0 0 0 0{{$}}
func.func @main(%x: f32) -> tensor<2x4xf32> {
  %size = stream_lite.tensor.sizeof tensor<2x4xf32> : index
  %e = stream_lite.tensor.empty : tensor<2x4xf32> in !stream_lite.resource<*>{%size}
  %r = stream_lite.tensor.export %e : tensor<2x4xf32> in !stream_lite.resource<*>{%size} -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// Through a tiled layout, half of it filled.
// TILED: {{^}}2x4xf32=3 3 3 3 0 0 0 0{{$}}
#tiled = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 2]>
func.func @tiled(%x: f32) -> tensor<2x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %tsize = stream_lite.tensor.sizeof tensor<2x4xf32, #tiled> : index
  %e = stream_lite.tensor.empty : tensor<2x4xf32, #tiled> in !stream_lite.resource<*>{%tsize}
  %f = stream_lite.tensor.fill %x, %e[%c0, %c0 for %c1, %c4] : f32 -> tensor<2x4xf32, #tiled> in %e as !stream_lite.resource<*>{%tsize}
  %size = stream_lite.tensor.sizeof tensor<2x4xf32> : index
  %d = stream_lite.tensor.encode %f : tensor<2x4xf32, #tiled> in !stream_lite.resource<*>{%tsize} -> tensor<2x4xf32> in !stream_lite.resource<*>{%size}
  %r = stream_lite.tensor.export %d : tensor<2x4xf32> in !stream_lite.resource<*>{%size} -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
