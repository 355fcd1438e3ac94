// RUN: layout-opt --split-input-file --verify-diagnostics --stream-lite-lower-dispatch-tensors %s

// Views the lowering refuses, each with the op and the reason.

// A view whose layout is still an unresolved encoding.
stream_lite.executable private @ex {
  stream_lite.executable.export public @unresolved
  builtin.module {
    func.func @unresolved(%a: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      // expected-error @+1 {{'stream_lite.binding.subspan' op cannot lower a view of 'tensor<4x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>': its layout is not one physical layout (unresolved, or several targets' layouts that differ)}}
      %v = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<4x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>>
      %x = stream_lite.dispatch.tensor.load %v, offsets = [0, 0], sizes = [4, 4], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<4x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>> -> tensor<4x4xf32>
      return
    }
  }
}

// -----

// A view that escapes to an op other than load and store.
stream_lite.executable private @ex {
  stream_lite.executable.export public @escapes
  builtin.module {
    func.func private @sink(!stream_lite.dispatch.tensor<readonly:tensor<4xf32>>)
    func.func @escapes(%a: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      // expected-error @+1 {{'stream_lite.binding.subspan' op cannot lower a view used by ops other than stream_lite.dispatch.tensor.load and stream_lite.dispatch.tensor.store}}
      %v = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<4xf32>>
      func.call @sink(%v) : (!stream_lite.dispatch.tensor<readonly:tensor<4xf32>>) -> ()
      return
    }
  }
}

// -----

// IREE's form where the kernel computes on the encoded tensor.
stream_lite.executable private @ex {
  stream_lite.executable.export public @computes
  builtin.module {
    func.func @computes(%a: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %v = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<4xf32, #stream_lite.padding<[4]>>>
      // expected-error @+1 {{'stream_lite.dispatch.tensor.load' op loads a tensor with an encoding that other ops compute on; kernels compute on logical values: load 'tensor<4xf32>'}}
      %x = stream_lite.dispatch.tensor.load %v, offsets = [0], sizes = [4], strides = [1] : !stream_lite.dispatch.tensor<readonly:tensor<4xf32, #stream_lite.padding<[4]>>> -> tensor<4xf32, #stream_lite.padding<[4]>>
      %c1 = arith.constant 1 : index
      %y = tensor.extract %x[%c1] : tensor<4xf32, #stream_lite.padding<[4]>>
      return
    }
  }
}

// -----

// A load of a view the kernel got from elsewhere (a block argument).
stream_lite.executable private @ex {
  stream_lite.executable.export public @argument
  builtin.module {
    func.func @argument(%v: !stream_lite.dispatch.tensor<readonly:tensor<4xf32>>) {
      // expected-error @+1 {{'stream_lite.dispatch.tensor.load' op accesses a view that is not a binding.subspan of the kernel}}
      %x = stream_lite.dispatch.tensor.load %v, offsets = [0], sizes = [4], strides = [1] : !stream_lite.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<4xf32>
      return
    }
  }
}
