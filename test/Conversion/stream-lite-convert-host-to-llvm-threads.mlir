// RUN: layout-opt --split-input-file --verify-diagnostics --stream-lite-convert-host-to-llvm=fold %s | FileCheck %s
// RUN: layout-opt --split-input-file --verify-diagnostics --stream-lite-convert-host-to-llvm=fold --mlir-disable-threading %s | FileCheck %s
// RUN: layout-opt --split-input-file --verify-diagnostics --stream-lite-convert-host-to-llvm=fold %s > %t.threads
// RUN: layout-opt --split-input-file --verify-diagnostics --stream-lite-convert-host-to-llvm=fold --mlir-disable-threading %s > %t.serial
// RUN: diff %t.threads %t.serial
// What a failed run leaves is merged back too: no nested module remains.
// RUN: layout-opt --split-input-file --verify-diagnostics --stream-lite-convert-host-to-llvm=fold --mlir-print-ir-after-failure %s 2>&1 >/dev/null | FileCheck %s --check-prefix=FAILED
// FAILED:      IR Dump After ConvertHostToLLVMPass Failed
// FAILED-NEXT: "builtin.module"() <{sym_name = "conflict"}>
// FAILED-NOT:  "builtin.module"() ({
// FAILED:      IR Dump After ConvertHostToLLVMPass Failed
// FAILED-NEXT: "builtin.module"() <{sym_name = "not_a_function"}>
// FAILED-NOT:  "builtin.module"() ({
// FAILED:      IR Dump After ConvertHostToLLVMPass Failed
// FAILED-NEXT: "builtin.module"() <{sym_name = "two_failures"}>
// FAILED-NOT:  "builtin.module"() ({

// --stream-lite-convert-host-to-llvm lowers functions in parallel when MLIR
// has threads, each in a module of its own nested where it was; then the
// lowered functions take their places and the declarations their lowering
// needs go to the module's top. With or without threads the output and the
// diagnostics are those of lowering the functions one after another in the
// module.

// Tests that each declaration is made once, at the top, in the order a
// serial lowering makes them (each new one before the others): @a needs
// malloc then free, @b malloc again, @c memrefCopy.
// CHECK-LABEL: module @declarations_in_order
// CHECK-NEXT:    llvm.func @memrefCopy(i64, !llvm.ptr, !llvm.ptr)
// CHECK-NEXT:    llvm.func @free(!llvm.ptr)
// CHECK-NEXT:    llvm.func @malloc(i64) -> !llvm.ptr
// CHECK-NEXT:    llvm.func @a(
// CHECK:         llvm.func @b(
// CHECK:         llvm.func @c(
// CHECK:         llvm.call @memrefCopy
// CHECK-NOT:     llvm.func @
// CHECK:       }
module @declarations_in_order {
  func.func @a(%n: index) {
    %m = memref.alloc(%n) : memref<?xi8>
    memref.dealloc %m : memref<?xi8>
    return
  }
  func.func @b(%n: index) -> memref<?xi8> {
    %m = memref.alloc(%n) : memref<?xi8>
    return %m : memref<?xi8>
  }
  func.func @c(%s: memref<4x4xf32, strided<[8, 1]>>, %t: memref<4x4xf32>) {
    memref.copy %s, %t : memref<4x4xf32, strided<[8, 1]>> to memref<4x4xf32>
    return
  }
}

// -----

// Tests that a declaration the module already has is used, where it is,
// and not made again.
// CHECK-LABEL: module @existing_declaration
// CHECK-NEXT:    llvm.func @malloc(i64) -> !llvm.ptr
// CHECK-NEXT:    llvm.func @a(
// CHECK:           llvm.call @free
// CHECK:         llvm.func @free(!llvm.ptr)
// CHECK-NOT:     llvm.func @free
module @existing_declaration {
  func.func @a(%n: index) {
    %m = memref.alloc(%n) : memref<?xi8>
    memref.dealloc %m : memref<?xi8>
    return
  }
  llvm.func @free(!llvm.ptr)
}

// -----

// Tests that a function asking for a C interface gets its wrapper right
// after it (such a module is lowered in place, one function after another).
// CHECK-LABEL: module @c_interface
// CHECK-NEXT:    llvm.func @malloc(i64) -> !llvm.ptr
// CHECK-NEXT:    llvm.func @a(
// CHECK:         llvm.func @_mlir_ciface_a(
// CHECK:         llvm.func @b(
module @c_interface {
  func.func @a(%n: index) -> memref<?xi8> attributes {llvm.emit_c_interface} {
    %m = memref.alloc(%n) : memref<?xi8>
    return %m : memref<?xi8>
  }
  func.func @b(%n: index) -> memref<?xi8> {
    %m = memref.alloc(%n) : memref<?xi8>
    return %m : memref<?xi8>
  }
}

// -----

// Tests that a declaration the lowering needs may not be a different
// function of the module (negative).
module @conflict {
  // expected-error @below {{redefinition of reserved function 'malloc' of different type '!llvm.func<ptr (i32)>' is prohibited}}
  llvm.func @malloc(i32) -> !llvm.ptr
  func.func @a(%n: index) -> memref<?xi8> {
    %m = memref.alloc(%n) : memref<?xi8>
    return %m : memref<?xi8>
  }
}

// -----

// Tests that a declaration the lowering needs may not be another kind of
// symbol of the module (negative).
module @not_a_function {
  // expected-error @below {{'llvm.mlir.global' op is named @malloc, which the lowering of @a declares as a function}}
  llvm.mlir.global internal @malloc(0 : i64) : i64
  func.func @a(%n: index) -> memref<?xi8> {
    %m = memref.alloc(%n) : memref<?xi8>
    return %m : memref<?xi8>
  }
}

// -----

// Tests that every function is lowered, also after one that fails, and
// that the errors come in module order (negative).
module @two_failures {
  func.func @first(%n: index) {
    // expected-error @below {{failed to legalize operation 'tensor.empty'}}
    %t = tensor.empty(%n) : tensor<?xf32>
    return
  }
  func.func @lowered(%n: index) -> index {
    return %n : index
  }
  func.func @second(%n: index) {
    // expected-error @below {{failed to legalize operation 'tensor.empty'}}
    %t = tensor.empty(%n) : tensor<?xf32>
    return
  }
}

// -----

// Tests that a call of a function with the bare-pointer convention passes
// the bare pointer (such a module is lowered in place, one function after
// another: the lowering of a call reads its callee's attributes).
// CHECK-LABEL: module @bare_pointer
// CHECK:         llvm.func @caller(
// CHECK-NEXT:      llvm.call @ext(%{{.+}}) : (!llvm.ptr) -> ()
// CHECK:         llvm.func @ext(!llvm.ptr) attributes {llvm.bareptr
module @bare_pointer {
  func.func @caller(%m: memref<4xf32>) {
    call @ext(%m) : (memref<4xf32>) -> ()
    return
  }
  func.func private @ext(memref<4xf32>) attributes {llvm.bareptr}
}
