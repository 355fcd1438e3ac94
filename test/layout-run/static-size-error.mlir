// RUN: not layout-run %s --input=3x3xf32=1 2>&1 | FileCheck %s
// A static size smaller than the resolved storage it holds (the dense
// type's sizeof given to a tiled tensor) is found when the program is
// compiled, before it runs: an error naming the op, exit 2.

// CHECK: static-size-error.mlir:[[@LINE+6]]:8: error: 'stream_lite.tensor.encode' op resource of the result (36 bytes) is smaller than the storage of 'tensor<3x3xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>]>>' (64 bytes)
// CHECK: error: lowering with --stream-lite-to-llvm-pipeline failed
#tiled = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>]>
func.func @main(%arg: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %sz = stream_lite.tensor.sizeof tensor<3x3xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<3x3xf32> -> tensor<3x3xf32> in !stream_lite.resource<external>{%sz}
  %e = stream_lite.tensor.encode %i : tensor<3x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<3x3xf32, #tiled> in !stream_lite.resource<*>{%sz}
  %d = stream_lite.tensor.encode %e : tensor<3x3xf32, #tiled> in !stream_lite.resource<*>{%sz} -> tensor<3x3xf32> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<3x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<3x3xf32>
  return %r : tensor<3x3xf32>
}
