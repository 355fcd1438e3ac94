// RUN: layout-opt --split-input-file --stream-lite-lower-bindings=runtime-checks %s | FileCheck %s
// Without the option, no check:
// RUN: layout-opt --split-input-file --stream-lite-lower-bindings %s | FileCheck %s --check-prefix=NOCHECK

// Tests that with runtime-checks each subspan of a user kernel asserts that
// its offset and, from there, the storage of the tensor it records lie in
// the buffer its binding became (unsigned compares: the rest of the buffer
// past an offset larger than the buffer would wrap).

// NOCHECK-NOT: cf.assert

// CHECK-LABEL: stream_lite.executable private @byte_view_dynamic_dims
// CHECK: func.func @byte_view_dynamic_dims(%[[BUF:[a-zA-Z0-9_]+]]: memref<?xi8>, %[[OFF:[a-zA-Z0-9_]+]]: index, %[[N:[a-zA-Z0-9_]+]]: index)
// CHECK-DAG: %[[SIZE:.+]] = memref.dim %[[BUF]], %{{.+}} : memref<?xi8>
// CHECK-DAG: %[[OFF_FITS:.+]] = arith.cmpi ule, %[[OFF]], %[[SIZE]] : index
// CHECK-DAG: %[[REST:.+]] = arith.subi %[[SIZE]], %[[OFF]] : index
// The storage of tensor<?x4xf32>: n * 16 bytes, checked against the rest
// unless it overflowed or n is negative.
// CHECK-DAG: %[[NEG:.+]] = arith.cmpi slt, %[[N]], %{{.+}} : index
// CHECK-DAG: %[[FITS:.+]] = arith.cmpi ule, %{{.+}}, %[[REST]] : index
// CHECK: %[[SAFE:.+]] = arith.select %{{.+}}, %false, %[[FITS]] : i1
// CHECK: %[[ALL:.+]] = arith.andi %[[OFF_FITS]], %[[SAFE]] : i1
// CHECK: cf.assert %[[ALL]], "{{.*}}stream-lite-lower-bindings-runtime-checks.mlir:{{[0-9]+}}:{{[0-9]+}}: 'stream_lite.binding.subspan' op views bytes past the end of its binding (its offset plus the storage of tensor<?x4xf32>)"
// CHECK: memref.view %[[BUF]][%[[OFF]]]
stream_lite.executable private @byte_view_dynamic_dims {
  stream_lite.executable.export public @byte_view_dynamic_dims
  builtin.module {
    func.func @byte_view_dynamic_dims(%arg0: !stream_lite.binding, %off: index, %n: index) -> i8 {
      %c0 = arith.constant 0 : index
      %a = stream_lite.binding.subspan %arg0[%off] : !stream_lite.binding -> tensor<?x4xf32>{%n} in memref<?xi8>
      %x = memref.load %a[%c0] : memref<?xi8>
      return %x : i8
    }
  }
}

// -----

// A static result type is checked as well as the tensor's storage (here
// the memref is larger: 64 bytes for a 16-byte tensor), and the tensor's
// layout counts (tiles of 4x4 f32: 64 bytes for a 3x3 tensor).
// CHECK-LABEL: stream_lite.executable private @static_memref_and_tiles
// CHECK: func.func @static_memref_and_tiles(%[[BUF:[a-zA-Z0-9_]+]]: memref<?xi8>)
// CHECK-DAG: %[[C64:.+]] = arith.constant 64 : index
// CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
// CHECK-DAG: %[[SIZE:.+]] = memref.dim %[[BUF]], %{{.+}} : memref<?xi8>
// CHECK-DAG: %[[REST:.+]] = arith.subi %[[SIZE]], %[[C16]] : index
// CHECK-DAG: arith.cmpi ule, %[[C64]], %[[REST]] : index
// CHECK: cf.assert %{{.+}}, "{{.*}}'stream_lite.binding.subspan' op views bytes past the end of its binding (its offset plus the storage of tensor<3x3xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>>)"
// CHECK: memref.view %[[BUF]][%[[C16]]][] : memref<?xi8> to memref<16xf32>
stream_lite.executable private @static_memref_and_tiles {
  stream_lite.executable.export public @static_memref_and_tiles
  builtin.module {
    func.func @static_memref_and_tiles(%arg0: !stream_lite.binding) -> f32 {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %a = stream_lite.binding.subspan %arg0[%c16] : !stream_lite.binding -> tensor<3x3xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>> in memref<16xf32>
      %x = memref.load %a[%c0] : memref<16xf32>
      return %x : f32
    }
  }
}

// -----

// Builtin kernels are generated in bounds of what their dispatches pass:
// no check.
// CHECK-LABEL: stream_lite.executable private @__builtin_copy
// CHECK-NOT: cf.assert
// CHECK: return
stream_lite.executable private @__builtin_copy attributes {stream_lite.builtin_kind = "fill"} {
  stream_lite.executable.export public @__builtin_copy
  builtin.module {
    func.func @__builtin_copy(%arg0: !stream_lite.binding, %n: index) -> i8 {
      %c0 = arith.constant 0 : index
      %a = stream_lite.binding.subspan %arg0[%c0] : !stream_lite.binding -> tensor<?xi8>{%n} in memref<?xi8>
      %x = memref.load %a[%c0] : memref<?xi8>
      return %x : i8
    }
  }
}
