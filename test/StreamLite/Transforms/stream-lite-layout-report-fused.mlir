// RUN: layout-opt --stream-lite-fuse-relayouts '--stream-lite-layout-report=json=-' %s -o /dev/null | FileCheck %s
// RUN: layout-opt --stream-lite-fuse-relayouts '--stream-lite-layout-report=table=true' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TABLE
// RUN: layout-opt '--stream-lite-layout-report=json=-' %s -o /dev/null | FileCheck %s --check-prefix=UNFUSED

// The layout report counts the bytes of relayouts fused into user kernels
// (the dispatch's stream_lite.fused_relayouts): 3x5xf32 is 60 logical
// bytes, which the builtin relayout would have written.

#tiled = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 2, n = 3, k = 2>>])

stream_lite.executable private @ex {
  stream_lite.executable.export public @produce
  builtin.module {
    func.func @produce(%o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<3x5xf32, #tiled>>
      %e = tensor.empty() : tensor<3x5xf32>
      %f = linalg.fill ins(%one : f32) outs(%e : tensor<3x5xf32>) -> tensor<3x5xf32>
      stream_lite.dispatch.tensor.store %f, %ov, offsets = [0, 0], sizes = [3, 5], strides = [1, 1] : tensor<3x5xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<3x5xf32, #tiled>>
      return
    }
  }
}

// CHECK: "kind": "encode",
// CHECK-NEXT: "device": "cpu",
// CHECK-NEXT: "path": "fused",
// CHECK-NEXT: "bytes": 60
// CHECK: "dispatch_bytes": 0,
// CHECK-NEXT: "fused_bytes": 60
// TABLE: totals: {{.*}} 0 bytes by builtin dispatches, 60 bytes of relayouts fused into kernels
// UNFUSED: "path": "dispatch",
// UNFUSED-NEXT: "bytes": 60
// UNFUSED: "dispatch_bytes": 60,
// UNFUSED-NEXT: "fused_bytes": 0
func.func @main() -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %dsz = stream_lite.tensor.sizeof tensor<3x5xf32> : index
  %tsz = stream_lite.tensor.sizeof tensor<3x5xf32, #tiled> : index
  %t = stream_lite.tensor.dispatch @ex::@produce() : () -> tensor<3x5xf32, #tiled> in !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %t : tensor<3x5xf32, #tiled> in !stream_lite.resource<*>{%tsz} -> tensor<3x5xf32> in !stream_lite.resource<*>{%dsz}
  return %d : !stream_lite.resource<*>
}
