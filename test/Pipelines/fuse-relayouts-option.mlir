// RUN: layout-opt --stream-lite-layout-pipeline %s | FileCheck %s --check-prefix=ON
// RUN: layout-opt --stream-lite-layout-pipeline='fuse-relayouts=false' %s | FileCheck %s --check-prefix=OFF

// The layout pipeline fuses relayouts into the kernels producing their data
// unless `fuse-relayouts=false`: then the relayout of the kernel's tiled
// result back to dense rows is a builtin dispatch.

#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 2, n = 3, k = 2>>])

stream_lite.executable private @ex {
  stream_lite.executable.export public @produce
  builtin.module {
    func.func @produce(%o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<3x5xf32, #lhs>>
      %e = tensor.empty() : tensor<3x5xf32>
      %f = linalg.fill ins(%one : f32) outs(%e : tensor<3x5xf32>) -> tensor<3x5xf32>
      stream_lite.dispatch.tensor.store %f, %ov, offsets = [0, 0], sizes = [3, 5], strides = [1, 1] : tensor<3x5xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<3x5xf32, #lhs>>
      return
    }
  }
}

// ON-LABEL: func.func @main
// ON-NOT: __builtin_encode
// ON: stream_lite.async.dispatch @ex::@produce() : () -> !stream_lite.resource<external>{%c60}
// ON-NOT: __builtin_encode
// OFF-LABEL: func.func @main
// OFF: stream_lite.async.dispatch @ex::@produce()
// OFF: stream_lite.async.dispatch @__builtin_encode_
func.func @main() -> tensor<3x5xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %dsz = stream_lite.tensor.sizeof tensor<3x5xf32> : index
  %tsz = stream_lite.tensor.sizeof tensor<3x5xf32, #lhs> : index
  %t = stream_lite.tensor.dispatch @ex::@produce() : () -> tensor<3x5xf32, #lhs> in !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %t : tensor<3x5xf32, #lhs> in !stream_lite.resource<*>{%tsz} -> tensor<3x5xf32> in !stream_lite.resource<external>{%dsz}
  %r = stream_lite.tensor.export %d : tensor<3x5xf32> in !stream_lite.resource<external>{%dsz} -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// The pass's statistics, reported as a remark.
// RUN: layout-opt --stream-lite-layout-pipeline --remarks-filter=stream-lite-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: remark: [Analysis] stream-lite-fuse-relayouts | Category:stream-lite-statistics | executables-duplicated=0, relayouts-fused=1, relayouts-left=0
