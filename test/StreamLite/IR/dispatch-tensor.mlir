// RUN: layout-opt %s | FileCheck %s
// RUN: layout-opt %s | layout-opt | FileCheck %s
// RUN: layout-opt %s --mlir-print-op-generic | layout-opt | FileCheck %s

// Kernels' logical views of bindings (docs/language.md): the
// !stream_lite.dispatch.tensor type, binding.subspan's two forms and
// dispatch.tensor.load/store print as they are written, static and dynamic
// entries mixed, and IREE's form (the loaded and stored types repeat the
// view's encoding) is kept as written.

#enc = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>

// CHECK-LABEL: stream_lite.executable private @ex
stream_lite.executable private @ex {
  stream_lite.executable.export public @add
  builtin.module {
    // CHECK-LABEL: func.func @add
    func.func @add(%a: !stream_lite.binding, %b: !stream_lite.binding, %o: !stream_lite.binding, %n: index, %i: index) {
      %c0 = arith.constant 0 : index
      // CHECK: %[[AV:.+]] = stream_lite.binding.subspan %{{.+}}[%{{.+}}] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>>{%[[N:.+]]}
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?x4xf32, #enc>>{%n}
      // CHECK: stream_lite.binding.subspan %{{.+}}[%{{.+}}] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readwrite:tensor<8x4xf32>>
      %bv = stream_lite.binding.subspan %b[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readwrite:tensor<8x4xf32>>
      // CHECK: stream_lite.binding.subspan %{{.+}}[%{{.+}}] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<?x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>>{%[[N]]}
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<?x4xf32, #enc>>{%n}
      // The byte form stays.
      // CHECK: stream_lite.binding.subspan %{{.+}}[%{{.+}}] : !stream_lite.binding -> tensor<8x4xf32> in memref<?xi8>
      %bytes = stream_lite.binding.subspan %b[%c0] : !stream_lite.binding -> tensor<8x4xf32> in memref<?xi8>
      // CHECK: %[[X:.+]] = stream_lite.dispatch.tensor.load %[[AV]], offsets = [0, 0], sizes = [%[[N]], 4], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<?x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>>{%[[N]]} -> tensor<?x4xf32>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [%n, 4], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<?x4xf32, #enc>>{%n} -> tensor<?x4xf32>
      // CHECK: stream_lite.dispatch.tensor.load %{{.+}}, offsets = [%{{.+}}, 1], sizes = [2, 2], strides = [3, 2] : !stream_lite.dispatch.tensor<readwrite:tensor<8x4xf32>> -> tensor<2x2xf32>
      %y = stream_lite.dispatch.tensor.load %bv, offsets = [%i, 1], sizes = [2, 2], strides = [3, 2] : !stream_lite.dispatch.tensor<readwrite:tensor<8x4xf32>> -> tensor<2x2xf32>
      // CHECK: stream_lite.dispatch.tensor.store %{{.+}}, %{{.+}}, offsets = [0, 0], sizes = [2, 2], strides = [1, 1] : tensor<2x2xf32> -> !stream_lite.dispatch.tensor<readwrite:tensor<8x4xf32>>
      stream_lite.dispatch.tensor.store %y, %bv, offsets = [0, 0], sizes = [2, 2], strides = [1, 1] : tensor<2x2xf32> -> !stream_lite.dispatch.tensor<readwrite:tensor<8x4xf32>>
      // IREE's form.
      // CHECK: %[[Z:.+]] = stream_lite.dispatch.tensor.load %[[AV]], offsets = [0, 0], sizes = [%[[N]], 4], strides = [1, 1] : {{.+}} -> tensor<?x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>
      %z = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [%n, 4], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<?x4xf32, #enc>>{%n} -> tensor<?x4xf32, #enc>
      // CHECK: stream_lite.dispatch.tensor.store %[[Z]], %{{.+}}, offsets = [0, 0], sizes = [%[[N]], 4], strides = [1, 1] : tensor<?x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>> -> !stream_lite.dispatch.tensor<writeonly:tensor<?x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>>{%[[N]]}
      stream_lite.dispatch.tensor.store %z, %ov, offsets = [0, 0], sizes = [%n, 4], strides = [1, 1] : tensor<?x4xf32, #enc> -> !stream_lite.dispatch.tensor<writeonly:tensor<?x4xf32, #enc>>{%n}
      // Rank 0.
      // CHECK: stream_lite.dispatch.tensor.load %{{.+}}, offsets = [], sizes = [], strides = [] : !stream_lite.dispatch.tensor<readonly:tensor<i4>> -> tensor<i4>
      %s = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<i4>>
      %sv = stream_lite.dispatch.tensor.load %s, offsets = [], sizes = [], strides = [] : !stream_lite.dispatch.tensor<readonly:tensor<i4>> -> tensor<i4>
      return
    }
  }
}
