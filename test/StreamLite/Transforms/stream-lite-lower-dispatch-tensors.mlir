// RUN: layout-opt --split-input-file --stream-lite-lower-dispatch-tensors %s | FileCheck %s
// RUN: layout-opt --split-input-file --stream-lite-lower-dispatch-tensors=non-temporal-store-bytes=1 %s | FileCheck %s --check-prefix=NT
// RUN: layout-opt --split-input-file --stream-lite-lower-dispatch-tensors %s | FileCheck %s --check-prefix=NONT

// Kernels' logical views lowered to layout-aware copies (docs/passes.md):
// each view becomes a byte view of its binding, each load a dense buffer
// filled through the layout and handed out as a tensor, each store a dense
// buffer the tensor is materialized in and then moved through the layout.

#tiled = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>

// Whole-byte unit-stride regions use the region transfer; the pad slots of
// the writeonly tiled view (3 rows in 2-row tiles: row 3 of the last tile
// row, 4 columns) are zeroed first, element by element, and nothing else:
// a tied result keeps the elements the kernel does not store.
// CHECK-LABEL: func.func @tiled_copy
// CHECK-SAME: (%[[A:.+]]: !stream_lite.binding, %[[O:.+]]: !stream_lite.binding)
// CHECK-DAG: %[[AB:.+]] = stream_lite.binding.subspan %[[A]][%{{.+}}] : !stream_lite.binding -> tensor<4x4xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>> in memref<?xi8>
// CHECK-DAG: %[[OB:.+]] = stream_lite.binding.subspan %[[O]][%{{.+}}] : !stream_lite.binding -> tensor<3x4xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>> in memref<?xi8>
// CHECK: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[C4:.+]] = arith.constant 4 : index
// CHECK: %[[C3:.+]] = arith.constant 3 : index
// CHECK: %[[PAD_ROWS:.+]] = arith.subi %[[C4]], %[[C3]] : index
// CHECK: scf.for %[[R:.+]] = %{{.+}} to %[[PAD_ROWS]]
// CHECK: scf.for %{{.+}} = %{{.+}} to %{{.+}}
// CHECK: arith.addi %[[R]], %{{.+}} : index
// CHECK: %[[SLOT:.+]] = memref.view %[[OB]][%{{.+}}][] : memref<?xi8> to memref<f32>
// CHECK: memref.store %[[ZERO]], %[[SLOT]][] : memref<f32>
// CHECK: %[[LOADED:.+]] = memref.alloc(%{{.+}}) : memref<?xi8>
// CHECK: %[[LOADED_VIEW:.+]] = memref.view %[[LOADED]]{{.+}} : memref<?xi8> to memref<3x4xf32>
// CHECK: %[[T:.+]] = bufferization.to_tensor %[[LOADED_VIEW]] restrict writable : memref<3x4xf32> to tensor<3x4xf32>
// CHECK: %[[STAGED:.+]] = memref.alloc(%{{.+}}) : memref<?xi8>
// CHECK: %[[STAGED_VIEW:.+]] = memref.view %[[STAGED]]{{.+}} : memref<?xi8> to memref<3x4xf32>
// CHECK: bufferization.materialize_in_destination %[[T]] in restrict writable %[[STAGED_VIEW]] : (tensor<3x4xf32>, memref<3x4xf32>) -> ()
// CHECK-NOT: stream_lite.dispatch.tensor
// CHECK: return
// With non-temporal-store-bytes=1 the store's 8-byte tile rows go past the
// cache, fenced; the load's buffer, read next, does not. By default (32 MiB)
// 48 bytes use ordinary stores.
// NT-LABEL: func.func @tiled_copy
// NT-NOT: nontemporal
// NT: bufferization.to_tensor
// NT-NOT: llvm.fence
// NT: memref.store %{{.+}}, %{{.+}}[] {alignment = 1 : i64, nontemporal = true} : memref<vector<8xi8>>
// NT: llvm.fence seq_cst
// NT-NEXT: return
// NONT-LABEL: func.func @tiled_copy
// NONT-NOT: nontemporal
// NONT-NOT: llvm.fence
// NONT: return
stream_lite.executable private @ex {
  stream_lite.executable.export public @tiled_copy
  builtin.module {
    func.func @tiled_copy(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<4x4xf32, #tiled>>
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<3x4xf32, #tiled>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [1, 0], sizes = [3, 4], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<4x4xf32, #tiled>> -> tensor<3x4xf32>
      stream_lite.dispatch.tensor.store %x, %ov, offsets = [0, 0], sizes = [3, 4], strides = [1, 1] : tensor<3x4xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<3x4xf32, #tiled>>
      return
    }
  }
}

// -----

// Strided regions and packed elements move element by element: a typed
// dense buffer and a loop per dim. A readwrite view is not zeroed.
// Element stores are never non-temporal.
// CHECK-LABEL: func.func @strided_i4
// NT-LABEL: func.func @strided_i4
// NT-NOT: nontemporal
// NT-NOT: llvm.fence
// NT: return
// CHECK-NOT: memref<?xi32>
// CHECK: %[[DENSE:.+]] = memref.alloc() : memref<2x2xi4>
// CHECK: scf.for
// CHECK: scf.for
// CHECK: memref.store %{{.+}}, %[[DENSE]][%{{.+}}, %{{.+}}] : memref<2x2xi4>
// CHECK: bufferization.to_tensor %[[DENSE]] restrict writable : memref<2x2xi4> to tensor<2x2xi4>
// CHECK: %[[STAGED:.+]] = memref.alloc() : memref<2x2xi4>
// CHECK: bufferization.materialize_in_destination %{{.+}} in restrict writable %[[STAGED]]
// CHECK: scf.for
// CHECK: scf.for
// CHECK: memref.load %[[STAGED]]
// CHECK-NOT: stream_lite.dispatch.tensor
stream_lite.executable private @ex {
  stream_lite.executable.export public @strided_i4
  builtin.module {
    func.func @strided_i4(%a: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %v = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readwrite:tensor<4x4xi4, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>>>
      %x = stream_lite.dispatch.tensor.load %v, offsets = [0, 1], sizes = [2, 2], strides = [2, 2] : !stream_lite.dispatch.tensor<readwrite:tensor<4x4xi4, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>>> -> tensor<2x2xi4>
      stream_lite.dispatch.tensor.store %x, %v, offsets = [1, 0], sizes = [2, 2], strides = [1, 1] : tensor<2x2xi4> -> !stream_lite.dispatch.tensor<readwrite:tensor<4x4xi4, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>>>
      return
    }
  }
}

// -----

// IREE's form: a loaded tensor that repeats the view's layout and is only
// stored is handed out without it.
// CHECK-LABEL: func.func @iree_form
// CHECK: %[[T:.+]] = bufferization.to_tensor %{{.+}} restrict writable : memref<8xf32> to tensor<8xf32>
// CHECK: bufferization.materialize_in_destination %[[T]] in restrict writable %{{.+}} : (tensor<8xf32>, memref<8xf32>) -> ()
stream_lite.executable private @ex {
  stream_lite.executable.export public @iree_form
  builtin.module {
    func.func @iree_form(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<8xf32, #stream_lite.padding<[4]>>>
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<8xf32, #stream_lite.padding<[4]>>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0], sizes = [8], strides = [1] : !stream_lite.dispatch.tensor<readonly:tensor<8xf32, #stream_lite.padding<[4]>>> -> tensor<8xf32, #stream_lite.padding<[4]>>
      stream_lite.dispatch.tensor.store %x, %ov, offsets = [0], sizes = [8], strides = [1] : tensor<8xf32, #stream_lite.padding<[4]>> -> !stream_lite.dispatch.tensor<writeonly:tensor<8xf32, #stream_lite.padding<[4]>>>
      return
    }
  }
}

// -----

// Byte views are left alone.
// CHECK-LABEL: func.func @bytes
// CHECK: stream_lite.binding.subspan %{{.+}}[%{{.+}}] : !stream_lite.binding -> tensor<8xf32> in memref<?xi8>
stream_lite.executable private @ex {
  stream_lite.executable.export public @bytes
  builtin.module {
    func.func @bytes(%a: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %b = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> tensor<8xf32> in memref<?xi8>
      %c1 = arith.constant 1 : i8
      memref.store %c1, %b[%c0] : memref<?xi8>
      return
    }
  }
}
