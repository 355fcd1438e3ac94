// RUN: layout-opt --split-input-file --verify-diagnostics --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(stream-lite-deallocate-buffers))' %s

// Tests that unstructured control flow is refused: buffers are freed in
// structured control flow only.
// expected-error @below {{'func.func' op has a region with more than one block: buffers are freed in structured control flow only (run --lift-cf-to-scf first)}}
func.func @unstructured(%n: index, %c: i1) {
  %a = memref.alloc(%n) : memref<?xi8>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb2
^bb2:
  return
}

// -----

// Tests that a function that frees buffers already is refused (the pass
// would free them a second time).
func.func @freed(%n: index) {
  %a = memref.alloc(%n) : memref<?xi8>
  // expected-error @below {{'memref.dealloc' op frees a buffer: the function's buffers must not be freed before --stream-lite-deallocate-buffers}}
  memref.dealloc %a : memref<?xi8>
  return
}

// -----

// Tests that a buffer allocated by another op than memref.alloc is refused
// (its owner would never free it).
func.func @realloc(%n: index, %m: index) -> memref<?xi8> {
  %a = memref.alloc(%n) : memref<?xi8>
  // expected-error @below {{'memref.realloc' op allocates a buffer; only memref.alloc buffers are freed}}
  %b = memref.realloc %a(%m) : memref<?xi8> to memref<?xi8>
  return %b : memref<?xi8>
}

// -----

// Tests that passing on a buffer whose layout is not the identity is
// refused: it may have to be copied, and a copy has an identity layout.
func.func @strided(%n: index, %c: i1) -> memref<2xi8, strided<[1], offset: 2>> {
  %a = memref.alloc() : memref<4xi8>
  %r = scf.if %c -> memref<2xi8, strided<[1], offset: 2>> {
    %s = memref.subview %a[2] [2] [1] : memref<4xi8> to memref<2xi8, strided<[1], offset: 2>>
    // expected-error @below {{'scf.yield' op passes on a buffer of type 'memref<2xi8, strided<[1], offset: 2>>', which has no identity layout to copy it with}}
    scf.yield %s : memref<2xi8, strided<[1], offset: 2>>
  } else {
    %s = memref.subview %a[2] [2] [1] : memref<4xi8> to memref<2xi8, strided<[1], offset: 2>>
    scf.yield %s : memref<2xi8, strided<[1], offset: 2>>
  }
  return %r : memref<2xi8, strided<[1], offset: 2>>
}

// -----

// Tests that a buffer block argument of a region op that is not structured
// control flow is refused: nothing says who passes it in.
func.func @unknown_region(%n: index) {
  // expected-error @below {{'test.unknown' op has a buffer block argument, which only structured control flow ops may have here}}
  "test.unknown"() ({
  ^bb0(%b: memref<?xi8>):
    "test.end"() : () -> ()
  }) : () -> ()
  return
}
