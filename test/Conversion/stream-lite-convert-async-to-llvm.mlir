// RUN: layout-opt --split-input-file --verify-diagnostics --stream-lite-convert-async-to-llvm %s | FileCheck %s
// The same ops as upstream's pass makes, only placed differently: the two
// outputs hold the same lines.
// RUN: layout-opt --split-input-file --verify-diagnostics --stream-lite-convert-async-to-llvm %s | sort > %t.ours
// RUN: layout-opt --split-input-file --verify-diagnostics --convert-async-to-llvm %s | sort > %t.upstream
// RUN: diff %t.ours %t.upstream

// --stream-lite-convert-async-to-llvm is upstream's convert-async-to-llvm
// with the coroutine resume helper and the runtime's declarations made
// first, at the module's top, where upstream's lookup of the helper (a
// scan from the start, once per async.runtime.resume) finds it at once.

// Tests that the helper and the declarations come first, once, before
// every function of the module, and that no nested module is left.
// CHECK-LABEL: module @resumes
// CHECK-NEXT:    func.func private @mlirAsyncRuntimeAddRef(
// CHECK:         func.func private @mlirAsyncRuntimeExecute(
// CHECK:         llvm.func @__resume(
// CHECK-NEXT:      llvm.intr.coro.resume
// CHECK:         func.func @first()
// CHECK:         func.func @resume(
// CHECK:           llvm.mlir.addressof @__resume
// CHECK-NEXT:      call @mlirAsyncRuntimeExecute(
// CHECK:         func.func @resume_again(
// CHECK-NOT:     @__resume(
// CHECK-NOT:     module
// CHECK-NOT:     @mlirAsyncRuntimeExecute(!llvm.ptr
// CHECK:       }
module @resumes {
  func.func @first() {
    return
  }
  func.func @resume(%h: !async.coro.handle) {
    async.runtime.resume %h
    return
  }
  func.func @resume_again(%h: !async.coro.handle) {
    async.runtime.resume %h
    return
  }
}

// -----

// Tests that a helper the module already has is the one used, where it
// is (upstream would find it and make none).
// CHECK-LABEL: module @own_resume
// CHECK:         llvm.func @__resume(%{{.+}}: !llvm.ptr) attributes {own, sym_visibility = "private"}
// CHECK-NOT:     llvm.func @__resume(
// CHECK:         func.func @resume(
// CHECK:           llvm.mlir.addressof @__resume
// CHECK-NOT:     llvm.func @__resume(
module @own_resume {
  llvm.func @__resume(%h: !llvm.ptr) attributes {own, sym_visibility = "private"} {
    llvm.intr.coro.resume %h : !llvm.ptr
    llvm.return
  }
  func.func @resume(%h: !async.coro.handle) {
    async.runtime.resume %h
    return
  }
}

// -----

// Tests that without a resume the pass is upstream's as is: the runtime's
// declarations at the module's end, no helper.
// CHECK-LABEL: module @no_resume
// CHECK-NEXT:    func.func @token()
// CHECK:         func.func private @mlirAsyncRuntimeAddRef(
// CHECK-NOT:     @__resume
// CHECK:       }
module @no_resume {
  func.func @token() -> !async.token {
    %token = async.runtime.create : !async.token
    return %token : !async.token
  }
}

// -----

// Tests that what upstream's pass cannot lower fails the pass with its
// diagnostic, also in a module that resumes.
module @not_lowered {
  func.func @resume(%h: !async.coro.handle) {
    async.runtime.resume %h
    return
  }
  func.func @execute() {
    // expected-error @+1 {{failed to legalize operation 'async.execute'}}
    %token = async.execute {
      async.yield
    }
    return
  }
}
