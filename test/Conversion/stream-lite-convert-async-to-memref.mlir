// RUN: layout-opt --split-input-file --verify-diagnostics --stream-lite-convert-async-to-memref %s | FileCheck %s

// --stream-lite-convert-async-to-memref: devices simulated on the host.
// Resources become memref<?xi8>, host tensors identity memrefs, DMA is
// memref.copy of byte views and store loops, a transfer is a copy, and a
// dispatch calls the executable's kernel outlined into the top module.

// Tests that async.alloca is a memref.alloc of its byte size and that
// resource types in the signature become byte buffers.
func.func @alloca(%sz: index) -> !stream_lite.resource<*> {
  %0 = stream_lite.async.alloca : !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @alloca
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index) -> memref<?xi8>
// CHECK-NEXT: %[[A:.+]] = memref.alloc(%[[SZ]]) : memref<?xi8>
// CHECK-NEXT: return %[[A]] : memref<?xi8>

// -----

// Tests that async.constant copies a private constant global into a new
// buffer through a typed view; a size larger than the value (an i8 byte
// image here) zeroes the buffer first.
func.func @constant() -> (!stream_lite.resource<constant>, !stream_lite.resource<constant>) {
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %0 = stream_lite.async.constant : !stream_lite.resource<constant>{%c8} = dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = stream_lite.async.constant : !stream_lite.resource<constant>{%c16} = dense<[1, 2, 3, 4]> : tensor<4xi8>
  return %0, %1 : !stream_lite.resource<constant>, !stream_lite.resource<constant>
}
// CHECK: memref.global "private" constant @[[G0:__constant]] : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]>
// CHECK: memref.global "private" constant @[[G1:__constant_0]] : memref<4xi8> = dense<[1, 2, 3, 4]>
// CHECK-LABEL: func.func @constant
// CHECK-DAG: %[[C8:.+]] = arith.constant 8 : index
// CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
// CHECK: %[[B0:.+]] = memref.alloc(%[[C8]]) : memref<?xi8>
// CHECK-NOT: scf.for
// CHECK: %[[V0:.+]] = memref.get_global @[[G0]] : memref<2xf32>
// CHECK: %[[T0:.+]] = memref.view %[[B0]][%{{.+}}][] : memref<?xi8> to memref<2xf32>
// CHECK: memref.copy %[[V0]], %[[T0]] : memref<2xf32> to memref<2xf32>
// CHECK: %[[B1:.+]] = memref.alloc(%[[C16]]) : memref<?xi8>
// CHECK: %[[Z:.+]] = memref.view %[[B1]][%{{.+}}][%[[C16]]] : memref<?xi8> to memref<?xi8>
// CHECK: scf.for %[[I:.+]] = %{{.+}} to %[[C16]] step
// CHECK-NEXT: memref.store %{{.+}}, %[[Z]][%[[I]]] : memref<?xi8>
// CHECK: %[[V1:.+]] = memref.get_global @[[G1]] : memref<4xi8>
// CHECK: %[[T1:.+]] = memref.view %[[B1]][%{{.+}}][] : memref<?xi8> to memref<4xi8>
// CHECK: memref.copy %[[V1]], %[[T1]] : memref<4xi8> to memref<4xi8>
// CHECK: return %[[B0]], %[[B1]]

// -----

// Tests that async.splat allocates and stores the pattern over the whole
// buffer viewed as pattern-wide integers.
func.func @splat(%sz: index, %v: i32) -> !stream_lite.resource<*> {
  %0 = stream_lite.async.splat %v : i32 -> !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @splat
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index, %[[V:[a-zA-Z0-9_]+]]: i32)
// The constants the lowering makes come first, each once per function:
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
// CHECK: %[[B:.+]] = memref.alloc(%[[SZ]]) : memref<?xi8>
// CHECK-NOT: arith.constant
// CHECK: %[[N:.+]] = arith.divui %[[SZ]], %[[C4]] : index
// CHECK: %[[W:.+]] = memref.view %[[B]][%[[C0]]][%[[N]]] : memref<?xi8> to memref<?xi32>
// CHECK: scf.for %[[I:.+]] = %[[C0]] to %[[N]] step %[[C1]]
// CHECK-NEXT: memref.store %[[V]], %[[W]][%[[I]]] : memref<?xi32>
// CHECK: return %[[B]]

// -----

// Tests that async.fill of a buffer only it uses stores in place over its
// byte range.
func.func @fill_in_place(%sz: index, %off: index, %end: index, %len: index, %v: i16) -> !stream_lite.resource<*> {
  %0 = stream_lite.async.alloca : !stream_lite.resource<*>{%sz}
  %1 = stream_lite.async.fill %v, %0[%off to %end for %len] : i16 -> %0 as !stream_lite.resource<*>{%sz}
  return %1 : !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @fill_in_place
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index, %[[OFF:[a-zA-Z0-9_]+]]: index, %{{.+}}: index, %[[LEN:[a-zA-Z0-9_]+]]: index, %[[V:[a-zA-Z0-9_]+]]: i16)
// CHECK: %[[B:.+]] = memref.alloc(%[[SZ]]) : memref<?xi8>
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: %[[N:.+]] = arith.divui %[[LEN]], %{{.+}} : index
// CHECK: %[[W:.+]] = memref.view %[[B]][%[[OFF]]][%[[N]]] : memref<?xi8> to memref<?xi16>
// CHECK: scf.for %[[I:.+]] = %{{.+}} to %[[N]] step
// CHECK-NEXT: memref.store %[[V]], %[[W]][%[[I]]] : memref<?xi16>
// CHECK: return %[[B]]

// -----

// Tests fills of a constant length: the element count is a constant (no
// division), one element is one store without a loop, and an empty fill
// stores nothing.
func.func @fill_constant_lengths(%sz: index, %off: index, %v: i32) -> !stream_lite.resource<*> {
  %c4 = arith.constant 4 : index
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %0 = stream_lite.async.alloca : !stream_lite.resource<*>{%sz}
  %1 = stream_lite.async.fill %v, %0[%off to %c4 for %c4] : i32 -> %0 as !stream_lite.resource<*>{%sz}
  %2 = stream_lite.async.fill %v, %1[%off to %off for %c0] : i32 -> %1 as !stream_lite.resource<*>{%sz}
  %3 = stream_lite.async.fill %v, %2[%off to %c32 for %c32] : i32 -> %2 as !stream_lite.resource<*>{%sz}
  return %3 : !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @fill_constant_lengths
// CHECK-SAME: (%{{.+}}: index, %[[OFF:[a-zA-Z0-9_]+]]: index, %[[V:[a-zA-Z0-9_]+]]: i32)
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG: %[[C8:.+]] = arith.constant 8 : index
// CHECK-NOT: arith.divui
// CHECK: %[[W1:.+]] = memref.view %{{.+}}[%[[OFF]]][%[[C1]]] : memref<?xi8> to memref<?xi32>
// CHECK-NEXT: memref.store %[[V]], %[[W1]][%[[C0]]] : memref<?xi32>
// CHECK-NEXT: %[[W8:.+]] = memref.view %{{.+}}[%[[OFF]]][%[[C8]]] : memref<?xi8> to memref<?xi32>
// CHECK-NEXT: scf.for %[[I:.+]] = %[[C0]] to %[[C8]] step %[[C1]] {
// CHECK-NEXT: memref.store %[[V]], %[[W8]][%[[I]]] : memref<?xi32>
// CHECK-NOT: arith.divui
// CHECK: return

// -----

// Tests copy-on-write: the fill target is still used (returned), so the
// fill writes a copy and the original stays unchanged. Buffers allocated
// with exactly the bytes copied are copied as they are, without views.
func.func @fill_copy_on_write(%sz: index, %off: index, %end: index, %len: index, %v: i8) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) {
  %0 = stream_lite.async.alloca : !stream_lite.resource<*>{%sz}
  %1 = stream_lite.async.fill %v, %0[%off to %end for %len] : i8 -> %0 as !stream_lite.resource<*>{%sz}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @fill_copy_on_write
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index, %[[OFF:[a-zA-Z0-9_]+]]: index, %{{.+}}: index, %[[LEN:[a-zA-Z0-9_]+]]: index, %[[V:[a-zA-Z0-9_]+]]: i8)
// CHECK: %[[B:.+]] = memref.alloc(%[[SZ]]) : memref<?xi8>
// CHECK: %[[COPY:.+]] = memref.alloc(%[[SZ]]) : memref<?xi8>
// CHECK-NOT: memref.view
// CHECK: memref.copy %[[B]], %[[COPY]] : memref<?xi8> to memref<?xi8>
// CHECK: %[[W:.+]] = memref.view %[[COPY]][%[[OFF]]][%[[LEN]]] : memref<?xi8> to memref<?xi8>
// CHECK: scf.for %[[I:.+]] = %{{.+}} to %[[LEN]] step
// CHECK-NEXT: memref.store %[[V]], %[[W]][%[[I]]] : memref<?xi8>
// CHECK: return %[[B]], %[[COPY]]

// -----

// Tests that clone, slice and transfer (devices share host memory) each
// allocate their result and copy byte views of the source into it (the
// new buffer is its own view: it has exactly the bytes copied).
func.func @clone_slice_transfer(%sz: index, %off: index, %end: index, %len: index, %r: !stream_lite.resource<*>) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<staging>) {
  %0 = stream_lite.async.clone %r : !stream_lite.resource<*>{%sz} -> !stream_lite.resource<*>{%sz}
  %1 = stream_lite.async.slice %r[%off to %end] : !stream_lite.resource<*>{%sz} -> !stream_lite.resource<*>{%len}
  %2 = stream_lite.async.transfer %r : !stream_lite.resource<*>{%sz} from(#stream_lite.affinity<@cpu>) -> to(#stream_lite.affinity<@gpu>) !stream_lite.resource<staging>{%sz}
  return %0, %1, %2 : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<staging>
}
// CHECK-LABEL: func.func @clone_slice_transfer
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index, %[[OFF:[a-zA-Z0-9_]+]]: index, %{{.+}}: index, %[[LEN:[a-zA-Z0-9_]+]]: index, %[[R:[a-zA-Z0-9_]+]]: memref<?xi8>)
// CHECK: %[[K:.+]] = memref.alloc(%[[SZ]]) : memref<?xi8>
// CHECK: %[[KS:.+]] = memref.view %[[R]][%{{.+}}][%[[SZ]]] : memref<?xi8> to memref<?xi8>
// CHECK: memref.copy %[[KS]], %[[K]]
// CHECK: %[[L:.+]] = memref.alloc(%[[LEN]]) : memref<?xi8>
// CHECK: %[[LS:.+]] = memref.view %[[R]][%[[OFF]]][%[[LEN]]] : memref<?xi8> to memref<?xi8>
// CHECK: memref.copy %[[LS]], %[[L]]
// CHECK: %[[X:.+]] = memref.alloc(%[[SZ]]) : memref<?xi8>
// CHECK: %[[XS:.+]] = memref.view %[[R]][%{{.+}}][%[[SZ]]] : memref<?xi8> to memref<?xi8>
// CHECK: memref.copy %[[XS]], %[[X]]
// CHECK: return %[[K]], %[[L]], %[[X]]
stream_lite.device @cpu targets([#stream_lite.target<"x">])
stream_lite.device @gpu targets([#stream_lite.target<"x">])

// -----

// Tests that update and copy write into the target's byte range in place
// (each is the only use of its target).
func.func @update_copy(%sz: index, %usz: index, %off: index, %end: index, %u: !stream_lite.resource<*>) -> !stream_lite.resource<*> {
  %c4 = arith.constant 4 : index
  %0 = stream_lite.async.alloca : !stream_lite.resource<*>{%sz}
  %1 = stream_lite.async.update %u, %0[%off to %end] : !stream_lite.resource<*>{%usz} -> %0 as !stream_lite.resource<*>{%sz}
  %2 = stream_lite.async.copy %u[%c4 to %usz], %1[%off to %end], %usz : !stream_lite.resource<*>{%usz} -> %1 as !stream_lite.resource<*>{%sz}
  return %2 : !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @update_copy
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index, %[[USZ:[a-zA-Z0-9_]+]]: index, %[[OFF:[a-zA-Z0-9_]+]]: index, %{{.+}}: index, %[[U:[a-zA-Z0-9_]+]]: memref<?xi8>)
// CHECK: %[[C4:.+]] = arith.constant 4 : index
// CHECK: %[[B:.+]] = memref.alloc(%[[SZ]]) : memref<?xi8>
// CHECK: %[[US:.+]] = memref.view %[[U]][%{{.+}}][%[[USZ]]] : memref<?xi8> to memref<?xi8>
// CHECK: %[[UT:.+]] = memref.view %[[B]][%[[OFF]]][%[[USZ]]] : memref<?xi8> to memref<?xi8>
// CHECK: memref.copy %[[US]], %[[UT]]
// CHECK: %[[CS:.+]] = memref.view %[[U]][%[[C4]]][%[[USZ]]] : memref<?xi8> to memref<?xi8>
// CHECK: %[[CT:.+]] = memref.view %[[B]][%[[OFF]]][%[[USZ]]] : memref<?xi8> to memref<?xi8>
// CHECK: memref.copy %[[CS]], %[[CT]]
// CHECK-NOT: memref.alloc
// CHECK: return %[[B]]

// -----

// Tests that load and store view the byte offset as a 0-d memref of the
// value's type (i1 as i8), and that a store into a function argument (which
// the caller may still read) writes a copy.
func.func @load_store(%sz: index, %off: index, %st: !stream_lite.resource<staging>, %b: i1) -> (f32, i1, !stream_lite.resource<staging>) {
  %0 = stream_lite.async.load %st[%off] : !stream_lite.resource<staging>{%sz} -> f32
  %1 = stream_lite.async.load %st[%off] : !stream_lite.resource<staging>{%sz} -> i1
  %2 = stream_lite.async.store %b, %st[%off] : i1 -> %st as !stream_lite.resource<staging>{%sz}
  return %0, %1, %2 : f32, i1, !stream_lite.resource<staging>
}
// CHECK-LABEL: func.func @load_store
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index, %[[OFF:[a-zA-Z0-9_]+]]: index, %[[ST:[a-zA-Z0-9_]+]]: memref<?xi8>, %[[B:[a-zA-Z0-9_]+]]: i1)
// CHECK: %[[FV:.+]] = memref.view %[[ST]][%[[OFF]]][] : memref<?xi8> to memref<f32>
// CHECK: %[[F:.+]] = memref.load %[[FV]][] : memref<f32>
// CHECK: %[[BV:.+]] = memref.view %[[ST]][%[[OFF]]][] : memref<?xi8> to memref<i8>
// CHECK: %[[BYTE:.+]] = memref.load %[[BV]][] : memref<i8>
// CHECK: %[[BIT:.+]] = arith.trunci %[[BYTE]] : i8 to i1
// CHECK: %[[COPY:.+]] = memref.alloc(%[[SZ]]) : memref<?xi8>
// CHECK: memref.copy
// CHECK: %[[EXT:.+]] = arith.extui %[[B]] : i1 to i8
// CHECK: %[[SV:.+]] = memref.view %[[COPY]][%[[OFF]]][] : memref<?xi8> to memref<i8>
// CHECK: memref.store %[[EXT]], %[[SV]][] : memref<i8>
// CHECK: return %[[F]], %[[BIT]], %[[COPY]]

// -----

// Tests that executables are outlined as private @<executable>__<function>
// (calls between their functions renamed) and erased, and that a dispatch
// calls the kernel with each resource operand's [offset][length] view,
// scalars, then a fresh buffer per untied result; the tied result is the
// target buffer, written in place (the dispatch is its only use).
stream_lite.executable private @ex {
  stream_lite.executable.export public @entry as(@kernel)
  builtin.module {
    func.func @helper(%n: index) -> index {
      return %n : index
    }
    func.func @kernel(%a: memref<?xi8>, %n: index, %out: memref<?xi8>) {
      %m = func.call @helper(%n) : (index) -> index
      %zero = arith.constant 0 : i8
      memref.store %zero, %out[%m] : memref<?xi8>
      return
    }
  }
}
func.func @dispatch(%sz: index, %o: index, %e: index, %l: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) {
  %0 = stream_lite.async.alloca : !stream_lite.resource<*>{%sz}
  %1:2 = stream_lite.async.dispatch @ex::@entry(%0[%o to %e for %l], %l) : (!stream_lite.resource<*>{%sz}, index) -> (%0 as !stream_lite.resource<*>{%sz}, !stream_lite.resource<*>{%l})
  return %1#0, %1#1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}
// CHECK-NOT: stream_lite.executable
// CHECK: func.func private @ex__helper(%{{.+}}: index) -> index
// CHECK: func.func private @ex__kernel(%{{.+}}: memref<?xi8>, %{{.+}}: index, %{{.+}}: memref<?xi8>)
// CHECK-NEXT: call @ex__helper(
// CHECK-LABEL: func.func @dispatch
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index, %[[O:[a-zA-Z0-9_]+]]: index, %{{.+}}: index, %[[L:[a-zA-Z0-9_]+]]: index)
// CHECK: %[[B:.+]] = memref.alloc(%[[SZ]]) : memref<?xi8>
// CHECK-NEXT: %[[V:.+]] = memref.view %[[B]][%[[O]]][%[[L]]] : memref<?xi8> to memref<?xi8>
// CHECK-NEXT: %[[R:.+]] = memref.alloc(%[[L]]) : memref<?xi8>
// CHECK-NEXT: call @ex__kernel(%[[V]], %[[L]], %[[R]]) : (memref<?xi8>, index, memref<?xi8>) -> ()
// CHECK-NEXT: return %[[B]], %[[R]]
// CHECK-NOT: stream_lite.executable

// -----

// Tests that an executable's globals (bufferization's constants) are
// outlined with its functions, as private @<executable>__<global>, and the
// functions' references follow; two executables' globals of one name stay
// apart, and a name already taken in the module is made unique.
memref.global "private" constant @b____constant_4xf32 : memref<4xf32> = dense<0.0>
stream_lite.executable private @a {
  stream_lite.executable.export public @entry
  builtin.module {
    memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]> {alignment = 64 : i64}
    func.func @entry(%o: memref<?xi8>) {
      %0 = memref.get_global @__constant_4xf32 : memref<4xf32>
      return
    }
  }
}
stream_lite.executable private @b {
  stream_lite.executable.export public @entry
  builtin.module {
    memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<[5.0, 6.0, 7.0, 8.0]> {alignment = 64 : i64}
    func.func @entry(%o: memref<?xi8>) {
      %0 = memref.get_global @__constant_4xf32 : memref<4xf32>
      return
    }
  }
}
// CHECK-NOT: stream_lite.executable
// CHECK: memref.global "private" constant @b____constant_4xf32 : memref<4xf32> = dense<0.000000e+00>
// CHECK: memref.global "private" constant @a____constant_4xf32 : memref<4xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]>
// CHECK: func.func private @a__entry(
// CHECK-NEXT: memref.get_global @a____constant_4xf32 : memref<4xf32>
// CHECK: memref.global "private" constant @[[B:b____constant_4xf32_[0-9]+]] : memref<4xf32> = dense<[5.000000e+00, 6.000000e+00, 7.000000e+00, 8.000000e+00]>
// CHECK: func.func private @b__entry(
// CHECK-NEXT: memref.get_global @[[B]] : memref<4xf32>
// CHECK-NOT: stream_lite.executable

// -----

// Tests copy-on-write for a tied dispatch: its target is used again after
// it, so the kernel writes a copy.
stream_lite.executable private @ex {
  stream_lite.executable.export public @entry
  builtin.module {
    func.func @entry(%a: memref<?xi8>) {
      return
    }
  }
}
func.func @dispatch_copy_on_write(%sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) {
  %c0 = arith.constant 0 : index
  %0 = stream_lite.async.alloca : !stream_lite.resource<*>{%sz}
  %1 = stream_lite.async.dispatch @ex::@entry(%0[%c0 to %sz for %sz]) : (!stream_lite.resource<*>{%sz}) -> %0 as !stream_lite.resource<*>{%sz}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}
// CHECK: func.func private @ex__entry(%{{.+}}: memref<?xi8>)
// CHECK-LABEL: func.func @dispatch_copy_on_write
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index)
// CHECK: %[[B:.+]] = memref.alloc(%[[SZ]]) : memref<?xi8>
// CHECK: %[[COPY:.+]] = memref.alloc(%[[SZ]]) : memref<?xi8>
// CHECK: memref.copy %[[B]], %[[COPY]]
// CHECK-NEXT: call @ex__entry(%[[COPY]]) : (memref<?xi8>) -> ()
// CHECK-NEXT: return %[[B]], %[[COPY]]

// -----

// Tests that import copies the host memref (the converted host tensor) into
// a typed view of a new buffer, and export copies a typed view of the
// resource, with the export's dynamic dims, into a new host memref.
func.func @import_export(%d: index, %sz: index, %t: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = stream_lite.async.import %t : tensor<?x4xf32> -> !stream_lite.resource<external>{%sz}
  %1 = stream_lite.async.export %0 : !stream_lite.resource<external>{%sz} -> tensor<?x4xf32>{%d}
  return %1 : tensor<?x4xf32>
}
// CHECK-LABEL: func.func @import_export
// CHECK-SAME: (%[[D:[a-zA-Z0-9_]+]]: index, %[[SZ:[a-zA-Z0-9_]+]]: index, %[[T:[a-zA-Z0-9_]+]]: memref<?x4xf32>) -> memref<?x4xf32>
// CHECK: %[[ROWS:.+]] = memref.dim %[[T]], %{{.+}} : memref<?x4xf32>
// CHECK: %[[B:.+]] = memref.alloc(%[[SZ]]) : memref<?xi8>
// CHECK: %[[IV:.+]] = memref.view %[[B]][%{{.+}}][%[[ROWS]]] : memref<?xi8> to memref<?x4xf32>
// CHECK: memref.copy %[[T]], %[[IV]] : memref<?x4xf32> to memref<?x4xf32>
// CHECK: %[[EV:.+]] = memref.view %[[B]][%{{.+}}][%[[D]]] : memref<?xi8> to memref<?x4xf32>
// CHECK: %[[H:.+]] = memref.alloc(%[[D]]) : memref<?x4xf32>
// CHECK: memref.copy %[[EV]], %[[H]] : memref<?x4xf32> to memref<?x4xf32>
// CHECK: return %[[H]] : memref<?x4xf32>

// -----

// Tests that the lowering's constants are made once per function, at the
// top of its entry block (they dominate every use, in nested regions too),
// and that each function has its own: a signature conversion (resource
// arguments) keeps them in the function.
func.func @shared_constants(%sz: index, %v: i32, %c: i1, %r: !stream_lite.resource<*>) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) {
  %0 = stream_lite.async.splat %v : i32 -> !stream_lite.resource<*>{%sz}
  %1 = scf.if %c -> !stream_lite.resource<*> {
    %2 = stream_lite.async.splat %v : i32 -> !stream_lite.resource<*>{%sz}
    scf.yield %2 : !stream_lite.resource<*>
  } else {
    scf.yield %r : !stream_lite.resource<*>
  }
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}
func.func @other_function(%sz: index, %v: i32) -> !stream_lite.resource<*> {
  %0 = stream_lite.async.splat %v : i32 -> !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @shared_constants
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index, %[[V:[a-zA-Z0-9_]+]]: i32, %[[C:[a-zA-Z0-9_]+]]: i1, %[[R:[a-zA-Z0-9_]+]]: memref<?xi8>)
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[C4:.+]] = arith.constant 4 : index
// CHECK-NEXT: %[[C1:.+]] = arith.constant 1 : index
// CHECK-NOT: arith.constant
// CHECK: arith.divui %[[SZ]], %[[C4]] : index
// CHECK: scf.for %{{.+}} = %[[C0]] to %{{.+}} step %[[C1]]
// CHECK: scf.if %[[C]]
// CHECK: arith.divui %[[SZ]], %[[C4]] : index
// CHECK: scf.for %{{.+}} = %[[C0]] to %{{.+}} step %[[C1]]
// CHECK-LABEL: func.func @other_function
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: arith.constant 4 : index
// CHECK-NEXT: arith.constant 1 : index
// CHECK-NOT: arith.constant
// CHECK: return

// -----

// Tests that scf regions, cf blocks and calls carrying resources are
// converted, and that devices and stream_lite attributes are dropped.
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
func.func @structural(%sz: index, %c: i1, %r: !stream_lite.resource<*>) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %0 = scf.if %c -> !stream_lite.resource<*> {
    %1 = stream_lite.async.clone %r : !stream_lite.resource<*>{%sz} -> !stream_lite.resource<*>{%sz}
    scf.yield %1 : !stream_lite.resource<*>
  } else {
    scf.yield %r : !stream_lite.resource<*>
  }
  cf.br ^bb1(%0 : !stream_lite.resource<*>)
^bb1(%2: !stream_lite.resource<*>):
  %3 = func.call @structural(%sz, %c, %2) : (index, i1, !stream_lite.resource<*>) -> !stream_lite.resource<*>
  return %3 : !stream_lite.resource<*>
}
// CHECK-NOT: stream_lite.device
// CHECK-LABEL: func.func @structural
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index, %[[C:[a-zA-Z0-9_]+]]: i1, %[[R:[a-zA-Z0-9_]+]]: memref<?xi8>) -> memref<?xi8> {
// CHECK: %[[IF:.+]] = scf.if %[[C]] -> (memref<?xi8>) {
// CHECK: scf.yield %{{.+}} : memref<?xi8>
// CHECK: scf.yield %[[R]] : memref<?xi8>
// CHECK: cf.br ^bb1(%[[IF]] : memref<?xi8>)
// CHECK: ^bb1(%[[ARG:.+]]: memref<?xi8>):
// CHECK: %[[CALL:.+]] = call @structural(%[[SZ]], %[[C]], %[[ARG]]) : (index, i1, memref<?xi8>) -> memref<?xi8>
// CHECK: return %[[CALL]] : memref<?xi8>
// CHECK-NOT: stream_lite

// -----

// Tests that an async constant of packed sub-byte elements is an error: its
// bytes are its byte image (i8), never one byte per element (negative).
func.func @negative_packed_constant() -> !stream_lite.resource<constant> {
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{'stream_lite.async.constant' op value of packed sub-byte type 'tensor<3xi4>' must be given as its byte image (i8); --stream-lite-encode-host-tensors builds it}}
  %0 = stream_lite.async.constant : !stream_lite.resource<constant>{%c2} = dense<[1, 2, 3]> : tensor<3xi4>
  return %0 : !stream_lite.resource<constant>
}

// -----

// Tests that a tensor-phase op left is an error (negative).
func.func @negative_tensor_op_left(%sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.empty' op cannot be lowered to memrefs; run --stream-lite-layout-pipeline first}}
  %0 = stream_lite.tensor.empty : tensor<4xf32> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that an executable whose bindings are not lowered is an error
// (negative).
stream_lite.executable private @ex {
  stream_lite.executable.export public @entry
  builtin.module {
    func.func @entry(%arg0: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      // expected-error @+1 {{'stream_lite.binding.subspan' op in executable @ex is not plain upstream IR; run --stream-lite-lower-bindings first}}
      %0 = stream_lite.binding.subspan %arg0[%c0] : !stream_lite.binding -> tensor<4xf32> in memref<?xi8>
      return
    }
  }
}

// -----

// Tests that a dispatch whose operands do not match its kernel's arguments
// is an error naming both, before anything is lowered (negative).
stream_lite.executable private @ex {
  stream_lite.executable.export public @entry
  builtin.module {
    // expected-note @+1 {{the kernel is declared here}}
    func.func @entry(%a: memref<?xi8>, %b: memref<?xi8>) {
      return
    }
  }
}
func.func @negative_dispatch_mismatch(%sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %0 = stream_lite.async.alloca : !stream_lite.resource<*>{%sz}
  // expected-error @+1 {{'stream_lite.async.dispatch' op does not match the kernel of entry point @ex::@entry, which takes '(memref<?xi8>, memref<?xi8>) -> ()': the dispatch passes (!stream_lite.binding) (its operands, then a binding per untied result) or, every binding first, (!stream_lite.binding)}}
  %1 = stream_lite.async.dispatch @ex::@entry(%0[%c0 to %sz for %sz]) : (!stream_lite.resource<*>{%sz}) -> %0 as !stream_lite.resource<*>{%sz}
  return %1 : !stream_lite.resource<*>
}

// -----

// Tests that a dispatch whose kernel returns values is not lowered, and
// that nothing is built for it first (its tied operand is used again, so
// lowering it would start with a copy): the conversion has no rollback.
stream_lite.executable private @ex {
  stream_lite.executable.export public @entry
  builtin.module {
    // expected-note @+1 {{the kernel is declared here}}
    func.func @entry(%a: memref<?xi8>) -> index {
      %c0 = arith.constant 0 : index
      return %c0 : index
    }
  }
}
func.func @negative_dispatch_kernel_returns(%sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) {
  %c0 = arith.constant 0 : index
  %0 = stream_lite.async.alloca : !stream_lite.resource<*>{%sz}
  // expected-error @+1 {{'stream_lite.async.dispatch' op does not match the kernel of entry point @ex::@entry, which returns values: a kernel returns nothing}}
  %1 = stream_lite.async.dispatch @ex::@entry(%0[%c0 to %sz for %sz]) : (!stream_lite.resource<*>{%sz}) -> %0 as !stream_lite.resource<*>{%sz}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}

// -----

// Tests that a kernel taking its scalar before its bindings (neither order
// a kernel may take) is an error that spells out both orders (negative).
stream_lite.executable private @ex {
  stream_lite.executable.export public @scale
  builtin.module {
    // expected-note @+1 {{the kernel is declared here}}
    func.func @scale(%n: index, %a: memref<?xi8>, %o: memref<?xi8>) {
      return
    }
  }
}
func.func @negative_dispatch_scalar_first(%sz: index, %n: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %0 = stream_lite.async.alloca : !stream_lite.resource<*>{%sz}
  // expected-error @+1 {{'stream_lite.async.dispatch' op does not match the kernel of entry point @ex::@scale, which takes '(index, memref<?xi8>, memref<?xi8>) -> ()': the dispatch passes (!stream_lite.binding, index, !stream_lite.binding) (its operands, then a binding per untied result) or, every binding first, (!stream_lite.binding, !stream_lite.binding, index)}}
  %1 = stream_lite.async.dispatch @ex::@scale(%0[%c0 to %sz for %sz], %n) : (!stream_lite.resource<*>{%sz}, index) -> !stream_lite.resource<*>{%sz}
  return %1 : !stream_lite.resource<*>
}

// -----

// Tests that a kernel taking a memref other than the byte buffer where a
// binding goes is the same error (negative).
stream_lite.executable private @ex {
  stream_lite.executable.export public @k
  builtin.module {
    // expected-note @+1 {{the kernel is declared here}}
    func.func @k(%a: memref<4xf32>, %o: memref<?xi8>) {
      return
    }
  }
}
func.func @negative_dispatch_static_memref(%sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %0 = stream_lite.async.alloca : !stream_lite.resource<*>{%sz}
  // expected-error @+1 {{'stream_lite.async.dispatch' op does not match the kernel of entry point @ex::@k, which takes '(memref<4xf32>, memref<?xi8>) -> ()': the dispatch passes (!stream_lite.binding, !stream_lite.binding)}}
  %1 = stream_lite.async.dispatch @ex::@k(%0[%c0 to %sz for %sz]) : (!stream_lite.resource<*>{%sz}) -> !stream_lite.resource<*>{%sz}
  return %1 : !stream_lite.resource<*>
}

// -----

// Tests that the dims of host tensors (how a program reads its dynamic input
// dims) become dims of the memrefs that replace them.
// CHECK-LABEL: func.func @host_tensor_dim
// CHECK-SAME: (%[[ARG:.+]]: memref<?x5xf32>) -> index
// CHECK: %[[DIM:.+]] = memref.dim %[[ARG]], %c0 : memref<?x5xf32>
// CHECK: return %[[DIM]]
func.func @host_tensor_dim(%t: tensor<?x5xf32>) -> index {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %t, %c0 : tensor<?x5xf32>
  return %d : index
}

// -----

// Tests that a dispatch with no operands and no results is a call of its
// kernel. (Regression: finding the first resource operand of an empty
// operand group crashed the conversion in about half the runs.)
stream_lite.executable private @ex {
  stream_lite.executable.export public @entry
  builtin.module {
    func.func @entry() {
      return
    }
  }
}
// CHECK-LABEL: func.func @dispatch_no_operands
func.func @dispatch_no_operands() {
  // CHECK-NEXT: call @ex__entry() : () -> ()
  // CHECK-NEXT: return
  stream_lite.async.dispatch @ex::@entry() : () -> ()
  return
}

// -----

// Tests that a select of resources selects their buffers.
// CHECK-LABEL: func.func @select_resources
// CHECK-SAME: (%[[C:.+]]: i1, %[[A:.+]]: memref<?xi8>, %[[B:.+]]: memref<?xi8>) -> memref<?xi8>
// CHECK: %[[S:.+]] = arith.select %[[C]], %[[A]], %[[B]] : memref<?xi8>
// CHECK: return %[[S]]
func.func @select_resources(%c: i1, %a: !stream_lite.resource<*>, %b: !stream_lite.resource<*>) -> !stream_lite.resource<*> {
  %s = arith.select %c, %a, %b : !stream_lite.resource<*>
  return %s : !stream_lite.resource<*>
}

// -----

// Tests that an untied result the kernel never writes (its binding unused,
// or only read: through views, or copied out of) is zeroed before the call
// (its pads must be zero under any layout), and one the kernel writes, or
// passes where its writes cannot be seen (a loop's operand), is not.
// CHECK-LABEL: func.func @untied_never_touched
// CHECK: %[[OUT:.+]] = memref.alloc(%{{.+}}) : memref<?xi8>
// CHECK: %[[VIEW:.+]] = memref.view %[[OUT]]
// CHECK: scf.for
// CHECK: memref.store %{{.+}}, %[[VIEW]]
// CHECK: call @ex__ignore(%{{.+}}, %[[OUT]])
// CHECK-LABEL: func.func @untied_used
// CHECK: memref.alloc
// CHECK-NOT: scf.for
// CHECK: call @ex__use
// CHECK-LABEL: func.func @untied_only_read
// CHECK: %[[OUT:.+]] = memref.alloc(%{{.+}}) : memref<?xi8>
// CHECK: scf.for
// CHECK: call @ex__read(%{{.+}}, %[[OUT]])
// CHECK-LABEL: func.func @untied_copied_out
// CHECK: %[[OUT:.+]] = memref.alloc(%{{.+}}) : memref<?xi8>
// CHECK: scf.for
// CHECK: call @ex__copy_out(%{{.+}}, %[[OUT]])
// CHECK-LABEL: func.func @untied_in_loop
// CHECK: memref.alloc
// CHECK-NOT: scf.for
// CHECK: call @ex__loop
stream_lite.executable private @ex {
  stream_lite.executable.export public @ignore
  stream_lite.executable.export public @use
  stream_lite.executable.export public @read
  stream_lite.executable.export public @copy_out
  stream_lite.executable.export public @loop
  builtin.module {
    func.func @ignore(%a: memref<?xi8>, %o: memref<?xi8>) {
      return
    }
    func.func @use(%a: memref<?xi8>, %o: memref<?xi8>) {
      memref.copy %a, %o : memref<?xi8> to memref<?xi8>
      return
    }
    func.func @read(%a: memref<?xi8>, %o: memref<?xi8>) {
      %c0 = arith.constant 0 : index
      %v = memref.view %o[%c0][] : memref<?xi8> to memref<4xi8>
      %x = memref.load %v[%c0] : memref<4xi8>
      memref.store %x, %a[%c0] : memref<?xi8>
      return
    }
    func.func @copy_out(%a: memref<?xi8>, %o: memref<?xi8>) {
      memref.copy %o, %a : memref<?xi8> to memref<?xi8>
      return
    }
    func.func @loop(%a: memref<?xi8>, %o: memref<?xi8>) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%m = %o) -> (memref<?xi8>) {
        scf.yield %m : memref<?xi8>
      }
      memref.copy %a, %r : memref<?xi8> to memref<?xi8>
      return
    }
  }
}
func.func @untied_never_touched(%in: !stream_lite.resource<*>, %sz: index, %osz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %1 = stream_lite.async.dispatch @ex::@ignore(%in[%c0 to %sz for %sz]) : (!stream_lite.resource<*>{%sz}) -> !stream_lite.resource<*>{%osz}
  return %1 : !stream_lite.resource<*>
}
func.func @untied_used(%in: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %1 = stream_lite.async.dispatch @ex::@use(%in[%c0 to %sz for %sz]) : (!stream_lite.resource<*>{%sz}) -> !stream_lite.resource<*>{%sz}
  return %1 : !stream_lite.resource<*>
}
func.func @untied_only_read(%in: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %1 = stream_lite.async.dispatch @ex::@read(%in[%c0 to %sz for %sz]) : (!stream_lite.resource<*>{%sz}) -> !stream_lite.resource<*>{%sz}
  return %1 : !stream_lite.resource<*>
}
func.func @untied_copied_out(%in: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %1 = stream_lite.async.dispatch @ex::@copy_out(%in[%c0 to %sz for %sz]) : (!stream_lite.resource<*>{%sz}) -> !stream_lite.resource<*>{%sz}
  return %1 : !stream_lite.resource<*>
}
func.func @untied_in_loop(%in: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %1 = stream_lite.async.dispatch @ex::@loop(%in[%c0 to %sz for %sz]) : (!stream_lite.resource<*>{%sz}) -> !stream_lite.resource<*>{%sz}
  return %1 : !stream_lite.resource<*>
}

// -----

// Tests that a kernel's declaration of an outside function (libm's, which
// the kernels' math calls) keeps its name, one declaration for every kernel
// that declares it, while the kernels' own functions are renamed.
// CHECK-LABEL: func.func private @erff(f32) -> f32
// CHECK-NOT: func.func private @erff
// CHECK-LABEL: func.func private @ex1__k
// CHECK: call @erff
// CHECK-LABEL: func.func private @ex2__k
// CHECK: call @erff
stream_lite.executable private @ex1 {
  stream_lite.executable.export public @k
  builtin.module {
    func.func private @erff(f32) -> f32
    func.func @k(%a: memref<?xi8>) {
      %c0 = arith.constant 0 : index
      %v = memref.view %a[%c0][] : memref<?xi8> to memref<f32>
      %x = memref.load %v[] : memref<f32>
      %y = func.call @erff(%x) : (f32) -> f32
      memref.store %y, %v[] : memref<f32>
      return
    }
  }
}
stream_lite.executable private @ex2 {
  stream_lite.executable.export public @k
  builtin.module {
    func.func private @erff(f32) -> f32
    func.func @k(%a: memref<?xi8>) {
      %c0 = arith.constant 0 : index
      %v = memref.view %a[%c0][] : memref<?xi8> to memref<f32>
      %x = memref.load %v[] : memref<f32>
      %y = func.call @erff(%x) : (f32) -> f32
      memref.store %y, %v[] : memref<f32>
      return
    }
  }
}
func.func @declarations_shared(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %0 = stream_lite.async.dispatch @ex1::@k(%r[%c0 to %sz for %sz]) : (!stream_lite.resource<*>{%sz}) -> %r{%sz}
  %1 = stream_lite.async.dispatch @ex2::@k(%0[%c0 to %sz for %sz]) : (!stream_lite.resource<*>{%sz}) -> %0{%sz}
  return %1 : !stream_lite.resource<*>
}

// -----

// Tests that a kernel's declaration of a function the program defines (or
// declares with another type) is an error (negative).
// expected-error @+1 {{'stream_lite.executable' op cannot outline the declaration of @erff '(f32) -> f32': the module has another symbol of that name}}
stream_lite.executable private @ex {
  stream_lite.executable.export public @k
  builtin.module {
    func.func private @erff(f32) -> f32
    func.func @k(%a: memref<?xi8>) {
      return
    }
  }
}
func.func @erff(%x: f32) -> f32 {
  return %x : f32
}

// -----

// Tests that a kernel whose outlined name the program already has is an
// error (negative).
// expected-error @+1 {{'stream_lite.executable' op cannot outline @k as @ex__k: the module already has that symbol}}
stream_lite.executable private @ex {
  stream_lite.executable.export public @k
  builtin.module {
    func.func @k(%a: memref<?xi8>) {
      return
    }
  }
}
func.func @ex__k() {
  return
}
