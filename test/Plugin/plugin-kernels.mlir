// Upstream mlir-opt with the plugin reads user kernels that view their
// bindings as logical tensors and compute with linalg, and lowers them with
// the to-llvm pipeline (the dialects a kernel may use are registered).
//
// The ASan runtime cannot start inside the uninstrumented Debian mlir-opt.
// UNSUPPORTED: sanitizers
//
// RUN: mlir-opt --load-dialect-plugin=%layout_opt_plugin \
// RUN:   --load-pass-plugin=%layout_opt_plugin \
// RUN:   --pass-pipeline='builtin.module(stream-lite-layout-pipeline)' %s \
// RUN:   | FileCheck %s
// RUN: mlir-opt --load-dialect-plugin=%layout_opt_plugin \
// RUN:   --load-pass-plugin=%layout_opt_plugin \
// RUN:   --pass-pipeline='builtin.module(stream-lite-to-llvm-pipeline)' %s \
// RUN:   | FileCheck %s --check-prefix=LLVM

#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 2, n = 3, k = 2>>])

stream_lite.executable private @ex {
  stream_lite.executable.export public @double
  builtin.module {
    func.func @double(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<3x5xf32, #lhs>>
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<3x5xf32>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [3, 5], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<3x5xf32, #lhs>> -> tensor<3x5xf32>
      %e = tensor.empty() : tensor<3x5xf32>
      %s = linalg.add ins(%x, %x : tensor<3x5xf32>, tensor<3x5xf32>) outs(%e : tensor<3x5xf32>) -> tensor<3x5xf32>
      stream_lite.dispatch.tensor.store %s, %ov, offsets = [0, 0], sizes = [3, 5], strides = [1, 1] : tensor<3x5xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<3x5xf32>>
      return
    }
  }
}

// CHECK-LABEL: stream_lite.executable private @ex
// CHECK: stream_lite.dispatch.tensor.load {{.+}} : !stream_lite.dispatch.tensor<readonly:tensor<3x5xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>>> -> tensor<3x5xf32>
// CHECK: linalg.add
// LLVM: llvm.func @main
// LLVM-NOT: stream_lite.
// LLVM-NOT: linalg.
func.func @main(%arg: tensor<3x5xf32>) -> tensor<3x5xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<3x5xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<3x5xf32> -> tensor<3x5xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<3x5xf32, #lhs> : index
  %t = stream_lite.tensor.encode %i : tensor<3x5xf32> in !stream_lite.resource<external>{%sz} -> tensor<3x5xf32, #lhs> in !stream_lite.resource<*>{%tsz}
  %o = stream_lite.tensor.dispatch @ex::@double(%t) : (tensor<3x5xf32, #lhs> in !stream_lite.resource<*>{%tsz}) -> tensor<3x5xf32> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %o : tensor<3x5xf32> in !stream_lite.resource<external>{%sz} -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}
