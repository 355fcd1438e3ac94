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
