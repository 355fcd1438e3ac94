// RUN: layout-opt --split-input-file --verify-diagnostics --stream-lite-lower-bindings %s
// RUN: layout-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(stream_lite.executable(stream-lite-lower-bindings))' %s

// A binding argument may only be viewed by subspans.
stream_lite.executable private @returned {
  stream_lite.executable.export public @returned
  builtin.module {
    func.func @returned(%arg0: !stream_lite.binding) -> !stream_lite.binding {
      // expected-error @+1 {{'func.return' op uses binding argument #0 of @returned; only stream_lite.binding.subspan may}}
      return %arg0 : !stream_lite.binding
    }
  }
}

// -----

// A view at a non-zero offset needs an identity layout.
stream_lite.executable private @strided {
  stream_lite.executable.export public @strided
  builtin.module {
    func.func @strided(%arg0: !stream_lite.binding) {
      %c16 = arith.constant 16 : index
      // expected-error @+1 {{'stream_lite.binding.subspan' op cannot lower a binding view of type 'memref<4xf32, strided<[2]>>' (needs an identity layout in the default memory space)}}
      %0 = stream_lite.binding.subspan %arg0[%c16] : !stream_lite.binding -> tensor<4xf32> in memref<4xf32, strided<[2]>>
      return
    }
  }
}

// -----

// A dynamic view must be 1-D over whole bytes.
stream_lite.executable private @dynamic_2d {
  stream_lite.executable.export public @dynamic_2d
  builtin.module {
    func.func @dynamic_2d(%arg0: !stream_lite.binding, %d: index) {
      %c16 = arith.constant 16 : index
      // expected-error @+1 {{'stream_lite.binding.subspan' op cannot lower a binding view of type 'memref<?x4xf32>' (dynamic views must be 1-D over a byte-multiple element)}}
      %0 = stream_lite.binding.subspan %arg0[%c16] : !stream_lite.binding -> tensor<?x4xf32>{%d} in memref<?x4xf32>
      return
    }
  }
}

// -----

// Only a function's own binding arguments can be lowered.
stream_lite.executable private @not_an_argument {
  stream_lite.executable.export public @not_an_argument
  builtin.module {
    func.func private @get() -> !stream_lite.binding
    func.func @not_an_argument() {
      %c0 = arith.constant 0 : index
      %b = func.call @get() : () -> !stream_lite.binding
      // expected-error @+1 {{'stream_lite.binding.subspan' op views a binding that is not an argument of the enclosing function}}
      %0 = stream_lite.binding.subspan %b[%c0] : !stream_lite.binding -> tensor<4xf32> in memref<?xi8>
      return
    }
  }
}

// -----

// A logical view is lowered by --stream-lite-lower-dispatch-tensors first.
stream_lite.executable private @ex {
  stream_lite.executable.export public @view
  builtin.module {
    func.func @view(%a: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      // expected-error @+1 {{'stream_lite.binding.subspan' op gives a logical view '!stream_lite.dispatch.tensor<readonly:tensor<4xf32>>'; run --stream-lite-lower-dispatch-tensors first}}
      %v = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<4xf32>>
      return
    }
  }
}
