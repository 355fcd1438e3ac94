// RUN: layout-opt --pass-pipeline='builtin.module(stream_lite.executable(builtin.module(func.func(stream-lite-insert-runtime-checks{kernel-memrefs=true}))))' %s | FileCheck %s
// RUN: layout-opt --pass-pipeline='builtin.module(stream_lite.executable(builtin.module(func.func(stream-lite-insert-runtime-checks))))' %s | FileCheck %s --check-prefix=OFF

// With kernel-memrefs, the memref accesses of user kernels get upstream's
// runtime verification; builtin kernels (executables that carry
// stream_lite.builtin_kind) are generated in bounds and get none. Which one
// a kernel is does not depend on its name.

// CHECK-LABEL: stream_lite.executable private @__builtin_user
// CHECK: func.func @load
// CHECK: cf.assert
// CHECK: memref.load
// OFF-LABEL: stream_lite.executable private @__builtin_user
// OFF-NOT: cf.assert
stream_lite.executable private @__builtin_user {
  stream_lite.executable.export public @load
  builtin.module {
    func.func @load(%m: memref<4xf32>, %i: index) -> f32 {
      %x = memref.load %m[%i] : memref<4xf32>
      return %x : f32
    }
  }
}

// CHECK-LABEL: stream_lite.executable private @generated
// CHECK: func.func @load
// CHECK-NOT: cf.assert
// CHECK: memref.load
// OFF-LABEL: stream_lite.executable private @generated
// OFF-NOT: cf.assert
stream_lite.executable private @generated attributes {stream_lite.builtin_kind = "fill"} {
  stream_lite.executable.export public @load
  builtin.module {
    func.func @load(%m: memref<4xf32>, %i: index) -> f32 {
      %x = memref.load %m[%i] : memref<4xf32>
      return %x : f32
    }
  }
}

// A subview of a user kernel: each dim's range (offset, size, stride)
// lies in the source's dim, checked without overflow.
// CHECK-LABEL: func.func @subview
// CHECK: %[[DIM:.+]] = memref.dim %{{.+}}, %{{.+}} : memref<16xf32>
// CHECK: arith.divui
// CHECK: %[[START:.+]] = arith.cmpi ult, %{{.+}}, %[[DIM]] : index
// CHECK: cf.assert %{{.+}}, "{{.*}}stream-lite-insert-runtime-checks-kernel-memrefs.mlir:{{[0-9]+}}:{{[0-9]+}}: 'memref.subview' op selects elements out of its source's bounds"
// CHECK-NEXT: memref.subview
stream_lite.executable private @subview {
  stream_lite.executable.export public @subview
  builtin.module {
    func.func @subview(%m: memref<16xf32>, %i: index) -> memref<4xf32, strided<[2], offset: ?>> {
      %s = memref.subview %m[%i] [4] [2] : memref<16xf32> to memref<4xf32, strided<[2], offset: ?>>
      return %s : memref<4xf32, strided<[2], offset: ?>>
    }
  }
}
