// RUN: layout-opt --split-input-file --pass-pipeline='builtin.module(func.func(stream-lite-deallocate-buffers))' %s | FileCheck %s
// RUN: layout-opt --split-input-file --pass-pipeline='builtin.module(func.func(stream-lite-deallocate-buffers))' --remarks-filter=stream-lite-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS

// Tests that a buffer is freed right after the last use of it or of a view
// of it, and an unused one right where it is allocated.
// CHECK-LABEL: func.func @straight
// CHECK: %[[A:.+]] = memref.alloc
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: %[[B:.+]] = memref.alloc
// CHECK-NEXT: %[[V:.+]] = memref.view %[[B]]
// CHECK-NEXT: %[[C:.+]] = memref.alloc
// CHECK-NEXT: call @kernel(%[[V]])
// CHECK-NEXT: memref.dealloc %[[B]]
// CHECK-NEXT: call @kernel(%[[C]])
// CHECK-NEXT: memref.dealloc %[[C]]
// CHECK-NEXT: return
// STATS: remark: [Analysis] stream-lite-deallocate-buffers | Category:stream-lite-statistics | buffers-copied=0, buffers-freed=3, copies-elided=0
func.func private @kernel(memref<?xi8>)
func.func @straight(%n: index) {
  %c0 = arith.constant 0 : index
  %unused = memref.alloc(%n) : memref<?xi8>
  %a = memref.alloc(%n) : memref<?xi8>
  %v = memref.view %a[%c0][%n] : memref<?xi8> to memref<?xi8>
  %b = memref.alloc(%n) : memref<?xi8>
  call @kernel(%v) : (memref<?xi8>) -> ()
  call @kernel(%b) : (memref<?xi8>) -> ()
  return
}

// -----

// Tests that a returned buffer moves to the caller once; a second return of
// it and a returned argument (the caller's) are returned as copies.
// CHECK-LABEL: func.func @returns
// CHECK-SAME: (%[[N:.+]]: index, %[[ARG:.+]]: memref<?xi8>)
// CHECK: %[[A:.+]] = memref.alloc(%[[N]])
// CHECK-NEXT: %[[A2:.+]] = memref.alloc(%[[N]])
// CHECK-NEXT: memref.copy %[[A]], %[[A2]]
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0
// CHECK-NEXT: %[[DIM:.+]] = memref.dim %[[ARG]], %[[C0]]
// CHECK-NEXT: %[[ARG2:.+]] = memref.alloc(%[[DIM]])
// CHECK-NEXT: memref.copy %[[ARG]], %[[ARG2]]
// CHECK-NOT: memref.dealloc
// CHECK: return %[[A]], %[[A2]], %[[ARG2]]
// STATS: remark: [Analysis] stream-lite-deallocate-buffers | Category:stream-lite-statistics | buffers-copied=2, buffers-freed=0, copies-elided=0
func.func @returns(%n: index, %arg: memref<?xi8>) -> (memref<?xi8>, memref<?xi8>, memref<?xi8>) {
  %a = memref.alloc(%n) : memref<?xi8>
  return %a, %a, %arg : memref<?xi8>, memref<?xi8>, memref<?xi8>
}

// -----

// Tests that a buffer whose last use is an scf.if moves into both branches:
// the one that reads it last frees it, the other yields it without a copy.
// CHECK-LABEL: func.func @if_moves
// CHECK: %[[A:.+]] = memref.alloc
// CHECK-NEXT: %[[R:.+]] = scf.if
// CHECK-NEXT: call @kernel(%[[A]])
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: %[[B:.+]] = memref.alloc
// CHECK-NEXT: scf.yield %[[B]]
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[A]]
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]
func.func private @kernel(memref<?xi8>)
func.func @if_moves(%n: index, %c: i1) -> memref<?xi8> {
  %a = memref.alloc(%n) : memref<?xi8>
  %r = scf.if %c -> memref<?xi8> {
    func.call @kernel(%a) : (memref<?xi8>) -> ()
    %b = memref.alloc(%n) : memref<?xi8>
    scf.yield %b : memref<?xi8>
  } else {
    scf.yield %a : memref<?xi8>
  }
  return %r : memref<?xi8>
}

// -----

// Tests that a buffer used after an scf.if does not move into it: the
// branch that yields it yields a copy, and it is freed after its last use.
// A buffer moved into a branch that does not use it is freed first thing.
// CHECK-LABEL: func.func @if_used_after
// CHECK: %[[A:.+]] = memref.alloc
// CHECK-NEXT: %[[U:.+]] = memref.alloc
// CHECK-NEXT: %[[R:.+]] = scf.if
// CHECK-NEXT: memref.dealloc %[[U]]
// CHECK-NEXT: %[[B:.+]] = memref.alloc
// CHECK-NEXT: scf.yield %[[B]]
// CHECK-NEXT: } else {
// CHECK-NEXT: call @kernel(%[[U]])
// CHECK-NEXT: memref.dealloc %[[U]]
// CHECK-NEXT: %[[COPY:.+]] = memref.alloc
// CHECK-NEXT: memref.copy %[[A]], %[[COPY]]
// CHECK-NEXT: scf.yield %[[COPY]]
// CHECK-NEXT: }
// CHECK-NEXT: call @kernel(%[[A]])
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: return %[[R]]
func.func private @kernel(memref<?xi8>)
func.func @if_used_after(%n: index, %c: i1) -> memref<?xi8> {
  %a = memref.alloc(%n) : memref<?xi8>
  %u = memref.alloc(%n) : memref<?xi8>
  %r = scf.if %c -> memref<?xi8> {
    %b = memref.alloc(%n) : memref<?xi8>
    scf.yield %b : memref<?xi8>
  } else {
    func.call @kernel(%u) : (memref<?xi8>) -> ()
    scf.yield %a : memref<?xi8>
  }
  call @kernel(%a) : (memref<?xi8>) -> ()
  return %r : memref<?xi8>
}

// -----

// Tests that a buffer used in an scf.if without an else region is freed
// after the scf.if (it cannot move: nothing would free it when the
// condition is false).
// CHECK-LABEL: func.func @if_without_else
// CHECK: %[[A:.+]] = memref.alloc
// CHECK-NEXT: scf.if
// CHECK-NEXT: call @kernel(%[[A]])
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: return
func.func private @kernel(memref<?xi8>)
func.func @if_without_else(%n: index, %c: i1) {
  %a = memref.alloc(%n) : memref<?xi8>
  scf.if %c {
    func.call @kernel(%a) : (memref<?xi8>) -> ()
  }
  return
}

// -----

// Tests a loop-carried buffer: the initial value moves into the loop, each
// iteration frees the buffer it received after copying it, and the result
// is the caller's. A buffer the body reads (captured) is freed after the
// loop.
// CHECK-LABEL: func.func @for_carried
// CHECK: %[[INIT:.+]] = memref.alloc
// CHECK-NEXT: %[[CAPTURED:.+]] = memref.alloc
// CHECK-NEXT: %[[R:.+]] = scf.for {{.*}} iter_args(%[[ACC:.+]] = %[[INIT]])
// CHECK-NEXT: %[[NEXT:.+]] = memref.alloc
// CHECK-NEXT: memref.copy %[[ACC]], %[[NEXT]]
// CHECK-NEXT: call @kernel(%[[ACC]])
// CHECK-NEXT: memref.dealloc %[[ACC]]
// CHECK-NEXT: call @kernel(%[[CAPTURED]])
// CHECK-NEXT: scf.yield %[[NEXT]]
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[CAPTURED]]
// CHECK-NEXT: return %[[R]]
func.func private @kernel(memref<?xi8>)
func.func @for_carried(%n: index, %lb: index, %ub: index, %step: index) -> memref<?xi8> {
  %init = memref.alloc(%n) : memref<?xi8>
  %captured = memref.alloc(%n) : memref<?xi8>
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %init) -> memref<?xi8> {
    %next = memref.alloc(%n) : memref<?xi8>
    memref.copy %acc, %next : memref<?xi8> to memref<?xi8>
    func.call @kernel(%acc) : (memref<?xi8>) -> ()
    func.call @kernel(%captured) : (memref<?xi8>) -> ()
    scf.yield %next : memref<?xi8>
  }
  return %r : memref<?xi8>
}

// -----

// Tests that a whole copy of a buffer nothing reads afterwards into a fresh
// buffer is no copy: the fresh buffer is the old one (a transfer, a
// loop-carried clone). A fresh buffer used before the copy is kept.
// CHECK-LABEL: func.func @elide
// CHECK: %[[A:.+]] = memref.alloc
// CHECK-NEXT: call @kernel(%[[A]])
// CHECK-NEXT: %[[R:.+]] = scf.for {{.*}} iter_args(%[[ACC:.+]] = %[[A]])
// CHECK-NEXT: call @kernel(%[[ACC]])
// CHECK-NEXT: scf.yield %[[ACC]]
// CHECK-NEXT: }
// CHECK-NEXT: %[[C:.+]] = memref.alloc
// CHECK-NEXT: call @kernel(%[[C]])
// CHECK-NEXT: memref.copy %[[R]], %[[C]]
// CHECK-NEXT: memref.dealloc %[[R]]
// CHECK-NEXT: call @kernel(%[[C]])
// CHECK-NEXT: return %[[C]]
// STATS: remark: [Analysis] stream-lite-deallocate-buffers | Category:stream-lite-statistics | buffers-copied=0, buffers-freed=1, copies-elided=2
func.func private @kernel(memref<?xi8>)
func.func @elide(%n: index, %lb: index, %ub: index, %step: index) -> memref<?xi8> {
  %a = memref.alloc(%n) : memref<?xi8>
  func.call @kernel(%a) : (memref<?xi8>) -> ()
  %b = memref.alloc(%n) : memref<?xi8>
  memref.copy %a, %b : memref<?xi8> to memref<?xi8>
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %b) -> memref<?xi8> {
    %next = memref.alloc(%n) : memref<?xi8>
    memref.copy %acc, %next : memref<?xi8> to memref<?xi8>
    func.call @kernel(%next) : (memref<?xi8>) -> ()
    scf.yield %next : memref<?xi8>
  }
  %c = memref.alloc(%n) : memref<?xi8>
  func.call @kernel(%c) : (memref<?xi8>) -> ()
  memref.copy %r, %c : memref<?xi8> to memref<?xi8>
  func.call @kernel(%c) : (memref<?xi8>) -> ()
  return %c : memref<?xi8>
}

// -----

// Tests that a copy from a view of all of a loop-carried buffer is elided
// too: its length is known (its initial and next values hold %n bytes). A
// loop whose buffers hold %n bytes at first and %m after has no known
// length, and its view may be part of the buffer: the copy stays.
// CHECK-LABEL: func.func @elide_whole_view
// CHECK: %[[A:.+]] = memref.alloc
// CHECK-NEXT: %[[R:.+]] = scf.for {{.*}} iter_args(%[[ACC:.+]] = %[[A]])
// CHECK-NEXT: func.call @kernel(%[[ACC]])
// CHECK-NEXT: scf.yield %[[ACC]]
// CHECK-NEXT: }
// CHECK-NEXT: %[[H:.+]] = scf.for {{.*}} iter_args(%[[ACC2:.+]] = %[[R]])
// CHECK-NEXT: %[[NEXT:.+]] = memref.alloc
// CHECK-NEXT: %[[V:.+]] = memref.view %[[ACC2]]
// CHECK-NEXT: memref.copy %[[V]], %[[NEXT]]
// CHECK-NEXT: memref.dealloc %[[ACC2]]
// CHECK-NEXT: scf.yield %[[NEXT]]
// CHECK: return %[[H]]
func.func private @kernel(memref<?xi8>)
func.func @elide_whole_view(%n: index, %m: index, %lb: index, %ub: index, %step: index) -> memref<?xi8> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc(%n) : memref<?xi8>
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %a) -> memref<?xi8> {
    %next = memref.alloc(%n) : memref<?xi8>
    %v = memref.view %acc[%c0][%n] : memref<?xi8> to memref<?xi8>
    memref.copy %v, %next : memref<?xi8> to memref<?xi8>
    func.call @kernel(%next) : (memref<?xi8>) -> ()
    scf.yield %next : memref<?xi8>
  }
  %h = scf.for %i = %lb to %ub step %step iter_args(%acc = %r) -> memref<?xi8> {
    %next = memref.alloc(%m) : memref<?xi8>
    %v = memref.view %acc[%c0][%m] : memref<?xi8> to memref<?xi8>
    memref.copy %v, %next : memref<?xi8> to memref<?xi8>
    scf.yield %next : memref<?xi8>
  }
  return %h : memref<?xi8>
}

// -----

// Tests that a loop's initial value that is used again after the loop, or
// also read inside it, enters the loop as a copy; a loop that yields the
// buffer it received keeps it without a copy.
// CHECK-LABEL: func.func @for_init_copied
// CHECK: %[[A:.+]] = memref.alloc(%[[N:.+]]) :
// CHECK-NEXT: %[[COPY1:.+]] = memref.alloc(%[[N]])
// CHECK-NEXT: memref.copy %[[A]], %[[COPY1]]
// CHECK-NEXT: %[[R1:.+]] = scf.for {{.*}} iter_args(%[[ACC1:.+]] = %[[COPY1]])
// CHECK-NEXT: scf.yield %[[ACC1]]
// CHECK: memref.dealloc %[[R1]]
// CHECK-NEXT: %[[COPY2:.+]] = memref.alloc(%[[N]])
// CHECK-NEXT: memref.copy %[[A]], %[[COPY2]]
// CHECK-NEXT: %[[R2:.+]] = scf.for {{.*}} iter_args(%[[ACC2:.+]] = %[[COPY2]])
// CHECK-NEXT: call @kernel(%[[A]])
// CHECK-NEXT: scf.yield %[[ACC2]]
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: return %[[R2]]
func.func private @kernel(memref<?xi8>)
func.func @for_init_copied(%n: index, %lb: index, %ub: index, %step: index) -> memref<?xi8> {
  %a = memref.alloc(%n) : memref<?xi8>
  %r1 = scf.for %i = %lb to %ub step %step iter_args(%acc = %a) -> memref<?xi8> {
    scf.yield %acc : memref<?xi8>
  }
  %r2 = scf.for %i = %lb to %ub step %step iter_args(%acc = %a) -> memref<?xi8> {
    func.call @kernel(%a) : (memref<?xi8>) -> ()
    scf.yield %acc : memref<?xi8>
  }
  return %r2 : memref<?xi8>
}

// -----

// Tests scf.while: the before region passes its buffer on to the after
// region or to the results, the after region passes its own back.
// CHECK-LABEL: func.func @while_carried
// CHECK: %[[A:.+]] = memref.alloc
// CHECK-NEXT: %[[R:.+]] = scf.while (%[[X:.+]] = %[[A]])
// CHECK-NEXT: scf.condition(%{{.+}}) %[[X]]
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[Y:.+]]: memref<?xi8>):
// CHECK-NEXT: call @kernel(%[[Y]])
// CHECK-NEXT: scf.yield %[[Y]]
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[R]]
// CHECK-NEXT: return
func.func private @kernel(memref<?xi8>)
func.func @while_carried(%n: index, %c: i1) {
  %a = memref.alloc(%n) : memref<?xi8>
  %r = scf.while (%x = %a) : (memref<?xi8>) -> memref<?xi8> {
    scf.condition(%c) %x : memref<?xi8>
  } do {
  ^bb0(%y: memref<?xi8>):
    func.call @kernel(%y) : (memref<?xi8>) -> ()
    scf.yield %y : memref<?xi8>
  }
  return
}

// -----

// Tests that a call's buffer result is owned (freed after its last use),
// that stack buffers and globals are never freed and passed on as copies,
// and that a yielded view is a copy while its buffer is freed after that
// copy.
// CHECK-LABEL: func.func @owners
// CHECK: %[[MADE:.+]] = call @make
// CHECK-NEXT: memref.dealloc %[[MADE]]
// CHECK-NEXT: %[[STACK:.+]] = memref.alloca
// CHECK-NEXT: %[[GLOBAL:.+]] = memref.get_global
// CHECK-NEXT: %[[A:.+]] = memref.alloc
// CHECK-NEXT: %[[R:.+]]:3 = scf.if
// CHECK-NEXT: %[[V:.+]] = memref.view %[[A]]
// CHECK-NEXT: %[[C1:.+]] = memref.alloc
// CHECK-NEXT: memref.copy %[[STACK]], %[[C1]]
// CHECK-NEXT: %[[C2:.+]] = memref.alloc
// CHECK-NEXT: memref.copy %[[GLOBAL]], %[[C2]]
// CHECK-NEXT: %[[C3:.+]] = memref.alloc
// CHECK-NEXT: memref.copy %[[V]], %[[C3]]
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: scf.yield %[[C1]], %[[C2]], %[[C3]]
// CHECK-NEXT: } else {
// CHECK-NOT: memref.dealloc %[[STACK]]
// CHECK-NOT: memref.dealloc %[[GLOBAL]]
// CHECK: return %[[R]]#0, %[[R]]#1, %[[R]]#2
memref.global "private" constant @g : memref<4xi8> = dense<1>
func.func private @make(index) -> memref<?xi8>
func.func @owners(%n: index, %c: i1) -> (memref<4xi8>, memref<4xi8>, memref<4xi8>) {
  %c0 = arith.constant 0 : index
  %made = call @make(%n) : (index) -> memref<?xi8>
  %stack = memref.alloca() : memref<4xi8>
  %global = memref.get_global @g : memref<4xi8>
  %a = memref.alloc(%n) : memref<?xi8>
  %r:3 = scf.if %c -> (memref<4xi8>, memref<4xi8>, memref<4xi8>) {
    %v = memref.view %a[%c0][] : memref<?xi8> to memref<4xi8>
    scf.yield %stack, %global, %v : memref<4xi8>, memref<4xi8>, memref<4xi8>
  } else {
    %b = memref.alloc() : memref<4xi8>
    scf.yield %b, %b, %b : memref<4xi8>, memref<4xi8>, memref<4xi8>
  }
  return %r#0, %r#1, %r#2 : memref<4xi8>, memref<4xi8>, memref<4xi8>
}

// -----

// Tests that each use of a poison buffer (what --lift-cf-to-scf passes for
// values a path does not define) gets its own empty allocation, which moves
// to its receiver like any other.
// CHECK-LABEL: func.func @poison
// CHECK-NOT: ub.poison
// CHECK: scf.if
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[EMPTY:.+]] = memref.alloc(%[[C0]]) : memref<?xi8>
// CHECK-NEXT: scf.yield %[[EMPTY]]
// CHECK-NOT: memref.copy
// CHECK: return
func.func @poison(%n: index, %c: i1) -> memref<?xi8> {
  %p = ub.poison : memref<?xi8>
  %r = scf.if %c -> memref<?xi8> {
    scf.yield %p : memref<?xi8>
  } else {
    %a = memref.alloc(%n) : memref<?xi8>
    scf.yield %a : memref<?xi8>
  }
  return %r : memref<?xi8>
}

// -----

// Tests that declarations are left alone.
// CHECK-LABEL: func.func private @declaration
// CHECK-NOT: memref.dealloc
func.func private @declaration(memref<?xi8>) -> memref<?xi8>
