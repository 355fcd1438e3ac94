// RUN: layout-opt --split-input-file --verify-diagnostics --stream-lite-convert-asserts-to-llvm %s | FileCheck %s

// Tests that each assert becomes a conditional branch to a block at the end
// of the region that prints its message with puts and aborts, and that the
// rest of the block follows the branch.
// CHECK-LABEL: module @two_asserts
// CHECK: llvm.mlir.global private constant @[[M0:assert_msg[_0-9]*]]("first\00")
// CHECK-NEXT: llvm.mlir.global private constant @[[M1:assert_msg[_0-9]*]]("second\00")
// CHECK-DAG: llvm.func @puts(!llvm.ptr)
// CHECK-DAG: llvm.func @abort()
// CHECK: func.func @f(%[[A:.+]]: i1, %[[B:.+]]: i1) -> i32
// CHECK: llvm.cond_br %[[A]], ^[[CONT0:bb[0-9]+]], ^[[FAIL0:bb[0-9]+]]
// CHECK: ^[[CONT0]]:
// CHECK-NEXT: llvm.cond_br %[[B]], ^[[CONT1:bb[0-9]+]], ^[[FAIL1:bb[0-9]+]]
// CHECK: ^[[CONT1]]:
// CHECK-NEXT: %[[C:.+]] = arith.constant 7 : i32
// CHECK-NEXT: return %[[C]]
// CHECK: ^[[FAIL0]]:
// CHECK-NEXT: %[[P0:.+]] = llvm.mlir.addressof @[[M0]] : !llvm.ptr
// CHECK-NEXT: llvm.call @puts(%[[P0]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: llvm.call @abort() : () -> ()
// CHECK-NEXT: llvm.unreachable
// CHECK: ^[[FAIL1]]:
// CHECK-NEXT: %[[P1:.+]] = llvm.mlir.addressof @[[M1]] : !llvm.ptr
// CHECK-NEXT: llvm.call @puts(%[[P1]])
// CHECK-NOT: cf.assert
module @two_asserts {
  func.func @f(%a: i1, %b: i1) -> i32 {
    cf.assert %a, "first"
    cf.assert %b, "second"
    %c = arith.constant 7 : i32
    return %c : i32
  }
}

// -----

// Tests that equal messages share one global, and that a name already taken
// in the module is not reused.
// CHECK-LABEL: module @shared_and_renamed
// CHECK: llvm.mlir.global private constant @[[M:assert_msg_[0-9]+]]("same\00")
// CHECK-NOT: llvm.mlir.global private constant @assert_msg{{.*}}("same
// CHECK: llvm.mlir.global internal @assert_msg(0 : i32)
// CHECK: llvm.mlir.addressof @[[M]]
// CHECK: llvm.mlir.addressof @[[M]]
module @shared_and_renamed {
  llvm.mlir.global internal @assert_msg(0 : i32) : i32
  func.func @f(%a: i1, %b: i1) {
    cf.assert %a, "same"
    cf.assert %b, "same"
    return
  }
}

// -----

// Tests that an existing puts declaration of the right type is reused.
// CHECK-LABEL: module @existing_puts
// CHECK-COUNT-1: llvm.func @puts(
// CHECK-NOT: llvm.func @puts(
module @existing_puts {
  llvm.func @puts(!llvm.ptr)
  func.func @f(%a: i1) {
    cf.assert %a, "message"
    return
  }
}

// -----

// Tests that a module without asserts is left alone: no declarations.
// CHECK-LABEL: module @no_asserts
// CHECK-NOT: llvm.func
// CHECK-NOT: llvm.mlir.global
module @no_asserts {
  func.func @f() {
    return
  }
}

// -----

// Tests that a puts of another type is an error, not a call of the wrong
// function.
module @wrong_puts {
  // expected-error @below {{redefinition of function 'puts' of different type}}
  llvm.func @puts(i32)
  func.func @f(%a: i1) {
    cf.assert %a, "message"
    return
  }
}
