// RUN: layout-opt --split-input-file --verify-diagnostics --stream-lite-convert-host-to-llvm %s | FileCheck %s
// RUN: layout-opt --split-input-file --verify-diagnostics --stream-lite-convert-host-to-llvm=fold %s | FileCheck %s --check-prefix=FOLD

// Tests that memref, arith (ceil division included), cf (assert included),
// ub, complex and func ops all become LLVM in one pass, with
// malloc and free declared once and a memref passed as its descriptor's
// five values.
// CHECK-LABEL: module @everything
// CHECK-DAG: llvm.func @free(!llvm.ptr)
// CHECK-DAG: llvm.func @malloc(i64) -> !llvm.ptr
// CHECK-DAG: llvm.func @abort()
// CHECK-DAG: llvm.func @puts(!llvm.ptr)
// CHECK: llvm.func @use(!llvm.ptr, !llvm.ptr, i64, i64, i64)
// CHECK: llvm.func @f(%[[N:.+]]: i64, %[[OK:.+]]: i1) -> i64
// CHECK: llvm.cond_br %[[OK]]
// CHECK: llvm.call @malloc
// CHECK: llvm.call @use(
// CHECK: llvm.udiv
// CHECK: llvm.select
// CHECK: llvm.call @free
// CHECK: llvm.return
// CHECK-NOT: unrealized_conversion_cast
// CHECK-NOT: memref.
// CHECK-NOT: arith.
// CHECK-NOT: cf.
// CHECK-NOT: func.func
module @everything {
  func.func private @use(memref<?xi8>)
  func.func @f(%n: index, %ok: i1) -> index {
    cf.assert %ok, "not ok"
    %m = memref.alloc(%n) : memref<?xi8>
    call @use(%m) : (memref<?xi8>) -> ()
    %c8 = arith.constant 8 : index
    %tiles = arith.ceildivui %n, %c8 : index
    %w = arith.addi %tiles, %c8 : index
    %p = ub.poison : i32
    %z = complex.constant [1.0 : f32, 2.0 : f32] : complex<f32>
    memref.dealloc %m : memref<?xi8>
    cf.br ^done(%w : index)
  ^done(%r: index):
    return %r : index
  }
}

// -----

// Tests that asserts lower with convert-asserts-to-llvm's linear lowering:
// one global per distinct message (upstream's pattern makes one per
// assert), each failure block calling puts then abort.
// CHECK-LABEL: module @asserts
// CHECK-COUNT-2: llvm.mlir.global private constant @assert_msg
// CHECK-NOT: llvm.mlir.global
// CHECK: llvm.func @f(%[[A:.+]]: i1, %[[B:.+]]: i1)
// CHECK: llvm.cond_br %[[A]], ^[[NEXT:.+]], ^[[FAIL1:.+]]
// CHECK: ^[[NEXT]]:
// CHECK: llvm.cond_br %[[B]], ^[[NEXT2:.+]], ^[[FAIL2:.+]]
// CHECK: ^[[NEXT2]]:
// CHECK: llvm.cond_br %[[A]]
// CHECK: llvm.return
// CHECK: ^[[FAIL1]]:
// CHECK-NEXT: %[[MSG:.+]] = llvm.mlir.addressof @assert_msg
// CHECK-NEXT: llvm.call @puts(%[[MSG]])
// CHECK-NEXT: llvm.call @abort()
// CHECK-NEXT: llvm.unreachable
module @asserts {
  func.func @f(%a: i1, %b: i1) {
    cf.assert %a, "a failed"
    cf.assert %b, "b failed"
    cf.assert %a, "a failed"
    return
  }
}

// -----

// Tests that the size of a memref at a constant index is read from its
// descriptor (a static one is a constant), even though the index constant
// is lowered first, and that a dim at an index only known at run time
// still lowers (through the stack).
// CHECK-LABEL: module @dims
// CHECK: llvm.func @constant_index(
// CHECK-NOT: llvm.alloca
// CHECK: %[[SIZE:.+]] = llvm.extractvalue %{{.+}}[3, 1]
// CHECK-NOT: llvm.alloca
// CHECK: %[[FOUR:.+]] = llvm.mlir.constant(4 : index) : i64
// CHECK: llvm.add %[[SIZE]], %[[FOUR]]
// CHECK: llvm.func @dynamic_index(
// CHECK: llvm.alloca
module @dims {
  func.func @constant_index(%m: memref<4x?xi8>) -> index {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %d1 = memref.dim %m, %c1 : memref<4x?xi8>
    %d0 = memref.dim %m, %c0 : memref<4x?xi8>
    %s = arith.addi %d1, %d0 : index
    return %s : index
  }
  func.func @dynamic_index(%m: memref<4x?xi8>, %i: index) -> index {
    %d = memref.dim %m, %i : memref<4x?xi8>
    return %d : index
  }
}

// -----

// Tests that allocations and copies of contiguous memrefs take their byte
// counts from the element counts and a constant element size (no null
// pointer arithmetic), and copy from aligned pointer to aligned pointer.
// CHECK-LABEL: module @contiguous
// CHECK: llvm.func @bytes(%[[N:[^:]+]]: i64)
// CHECK-NOT: llvm.ptrtoint
// CHECK: llvm.call @malloc(%[[N]])
// CHECK: llvm.call @malloc(%[[N]])
// CHECK: %[[SIZE:.+]] = llvm.extractvalue %[[A:.+]][3, 0]
// CHECK-NEXT: %[[SRC:.+]] = llvm.extractvalue %[[A]][1]
// CHECK-NEXT: %[[DST:.+]] = llvm.extractvalue %{{.+}}[1]
// CHECK-NEXT: "llvm.intr.memcpy"(%[[DST]], %[[SRC]], %[[SIZE]])
// CHECK-NOT: llvm.ptrtoint
// CHECK: llvm.func @words(%[[M:[^:]+]]: i64)
// CHECK: %[[THREE:.+]] = llvm.mlir.constant(3 : index) : i64
// CHECK: %[[COUNT:.+]] = llvm.mul %[[M]], %[[THREE]]
// CHECK: %[[FOUR:.+]] = llvm.mlir.constant(4 : index) : i64
// CHECK: %[[BYTES:.+]] = llvm.mul %[[COUNT]], %[[FOUR]]
// CHECK: llvm.call @malloc(%[[BYTES]])
// CHECK: %[[SIZE:.+]] = llvm.extractvalue %{{.+}}[3, 1]
// CHECK: %[[TWELVE:.+]] = llvm.mlir.constant(12 : index) : i64
// CHECK: %[[WORDS:.+]] = llvm.mul %[[SIZE]], %[[TWELVE]]
// CHECK: "llvm.intr.memcpy"(%{{.+}}, %{{.+}}, %[[WORDS]])
// CHECK: llvm.func @strided(
// CHECK: llvm.call @memrefCopy
// CHECK: llvm.func @aligned(
// CHECK: llvm.ptrtoint
// CHECK: llvm.call @malloc
// CHECK: llvm.urem
module @contiguous {
  func.func @bytes(%n: index) {
    %a = memref.alloc(%n) : memref<?xi8>
    %b = memref.alloc(%n) : memref<?xi8>
    memref.copy %a, %b : memref<?xi8> to memref<?xi8>
    memref.dealloc %a : memref<?xi8>
    memref.dealloc %b : memref<?xi8>
    return
  }
  func.func @words(%m: index) {
    %a = memref.alloc(%m) : memref<3x?xi32>
    %b = memref.alloc(%m) : memref<3x?xi32>
    memref.copy %a, %b : memref<3x?xi32> to memref<3x?xi32>
    return
  }
  // Upstream's lowering: strided memrefs and aligned allocations.
  func.func @strided(%s: memref<4xi8, strided<[2]>>) {
    %a = memref.alloc() : memref<4xi8>
    memref.copy %s, %a : memref<4xi8, strided<[2]>> to memref<4xi8>
    return
  }
  func.func @aligned(%n: index) {
    %a = memref.alloc(%n) {alignment = 64} : memref<?xi8>
    return
  }
}

// -----

// Tests that a view of a byte buffer made in the same block takes the
// buffer's pointers directly: no pointer arithmetic for a shift of 0, one
// byte offset otherwise; typed scalar views (rank 0) too.
// CHECK-LABEL: module @views
// CHECK: llvm.func @views(%[[N:[^:]+]]: i64, %[[AT:[^:]+]]: i64) -> i32
// CHECK: %[[BUF:.+]] = llvm.call @malloc(%[[N]])
// CHECK-NOT: llvm.getelementptr
// CHECK: %[[WHOLE:.+]] = llvm.insertvalue %[[BUF]], %{{.+}}[1]
// CHECK: %[[SHIFTED:.+]] = llvm.getelementptr %[[BUF]][%[[AT]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK: llvm.insertvalue %[[SHIFTED]], %{{.+}}[1] : !llvm.struct<(ptr, ptr, i64)>
// CHECK: llvm.load
// With `fold` the view reads the buffer's pointer directly: no descriptor
// is left.
// FOLD-LABEL: module @views
// FOLD: llvm.func @views(%[[N:[^:]+]]: i64, %[[AT:[^:]+]]: i64) -> i32
// FOLD-NEXT: %[[BUF:.+]] = llvm.call @malloc(%[[N]])
// FOLD-NOT: llvm.insertvalue
// FOLD: %[[SHIFTED:.+]] = llvm.getelementptr %[[BUF]][%[[AT]]]
// FOLD: llvm.load %[[SHIFTED]]
// FOLD-NOT: llvm.insertvalue
// FOLD: llvm.return
module @views {
  func.func @views(%n: index, %at: index) -> i32 {
    %c0 = arith.constant 0 : index
    %buffer = memref.alloc(%n) : memref<?xi8>
    %words = arith.divui %n, %at : index
    %whole = memref.view %buffer[%c0][%words] : memref<?xi8> to memref<?xi32>
    %scalar = memref.view %buffer[%at][] : memref<?xi8> to memref<i32>
    %v = memref.load %scalar[] : memref<i32>
    memref.store %v, %whole[%c0] : memref<?xi32>
    memref.dealloc %buffer : memref<?xi8>
    return %v : i32
  }
}

// -----

// Tests that functions are lowered one at a time and the module's other
// ops after them (a global that both read), and that `fold` folds every
// function: no descriptor is built, the loads take the global's address.
// CHECK-LABEL: module @functions_then_globals
// CHECK: llvm.func @first
// CHECK: llvm.insertvalue
// CHECK: llvm.mlir.global private constant @table(dense<[1, 2]> : tensor<2xi32>)
// CHECK: llvm.func @second
// CHECK: llvm.insertvalue
// FOLD-LABEL: module @functions_then_globals
// FOLD: llvm.func @first() -> i32
// FOLD-NOT: llvm.insertvalue
// FOLD: llvm.mlir.addressof @table
// FOLD: llvm.load
// FOLD: llvm.mlir.global private constant @table(dense<[1, 2]> : tensor<2xi32>)
// FOLD: llvm.func @second(%{{.+}}: i64) -> i32
// FOLD-NOT: llvm.insertvalue
// FOLD: llvm.mlir.addressof @table
// FOLD: llvm.load
// FOLD: llvm.return
module @functions_then_globals {
  func.func @first() -> i32 {
    %c0 = arith.constant 0 : index
    %table = memref.get_global @table : memref<2xi32>
    %v = memref.load %table[%c0] : memref<2xi32>
    return %v : i32
  }
  memref.global "private" constant @table : memref<2xi32> = dense<[1, 2]>
  func.func @second(%i: index) -> i32 {
    %table = memref.get_global @table : memref<2xi32>
    %v = memref.load %table[%i] : memref<2xi32>
    return %v : i32
  }
}

// -----

// Tests that casts the input carries are reconciled with the conversion's
// own: a round trip through i64 disappears.
// CHECK-LABEL: module @casts
// CHECK: llvm.func @round_trip(%[[ARG:[^:]+]]: i64) -> i64
// CHECK-NEXT: llvm.return %[[ARG]] : i64
// CHECK-NOT: unrealized_conversion_cast
module @casts {
  func.func @round_trip(%n: index) -> index {
    %0 = builtin.unrealized_conversion_cast %n : index to i64
    %1 = builtin.unrealized_conversion_cast %0 : i64 to index
    return %1 : index
  }
}

// -----

// Tests that an op no pattern lowers fails the pass, naming the op: the
// pass is a full conversion.
module @unlowered {
  func.func @f(%n: index) {
    // expected-error @below {{failed to legalize operation 'tensor.empty'}}
    %t = tensor.empty(%n) : tensor<?xf32>
    return
  }
}
