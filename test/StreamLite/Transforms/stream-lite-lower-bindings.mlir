// RUN: layout-opt --split-input-file --stream-lite-lower-bindings %s | FileCheck %s
// On each executable (as the to-llvm pipeline runs it), the same:
// RUN: layout-opt --split-input-file --pass-pipeline='builtin.module(stream_lite.executable(stream-lite-lower-bindings))' %s | FileCheck %s
// RUN: layout-opt --split-input-file --pass-pipeline='builtin.module(stream-lite-lower-bindings,stream_lite.executable(builtin.module(convert-scf-to-cf,expand-strided-metadata,finalize-memref-to-llvm,convert-arith-to-llvm,convert-index-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)))' %s | FileCheck %s --check-prefix=LLVM

// Tests that binding arguments become byte buffers and that a subspan at
// constant offset 0 viewing memref<?xi8> is the argument itself; other
// arguments are kept.
stream_lite.executable private @zero_offset {
  stream_lite.executable.export public @zero_offset
  builtin.module {
    func.func @zero_offset(%arg0: !stream_lite.binding, %d: index, %v: f32) {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %buf = stream_lite.binding.subspan %arg0[%c0] : !stream_lite.binding -> tensor<?x4xf32, #stream_lite.padding<[0, 4]>>{%d} in memref<?xi8>
      %el = memref.view %buf[%c4][] : memref<?xi8> to memref<f32>
      memref.store %v, %el[] : memref<f32>
      return
    }
  }
}
// CHECK-LABEL: stream_lite.executable private @zero_offset {
// CHECK: func.func @zero_offset(%[[ARG0:[a-zA-Z0-9_]+]]: memref<?xi8>, %{{.+}}: index, %[[V:[a-zA-Z0-9_]+]]: f32)
// CHECK-NOT: stream_lite.binding
// CHECK: %[[EL:.+]] = memref.view %[[ARG0]][%{{.+}}][] : memref<?xi8> to memref<f32>
// CHECK-NEXT: memref.store %[[V]], %[[EL]][] : memref<f32>
// CHECK-NOT: stream_lite.binding

// LLVM-LABEL: stream_lite.executable private @zero_offset {
// LLVM: llvm.func @zero_offset(
// LLVM-NOT: memref.
// LLVM: llvm.store
// LLVM-NOT: memref.
// LLVM: llvm.return

// -----

// Tests that a subspan at a non-zero offset is NOT the argument itself but a
// view of the rest of the buffer from that offset.
stream_lite.executable private @nonzero_offset {
  stream_lite.executable.export public @nonzero_offset
  builtin.module {
    func.func @nonzero_offset(%arg0: !stream_lite.binding, %arg1: !stream_lite.binding, %off: index) -> i8 {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %a = stream_lite.binding.subspan %arg0[%c64] : !stream_lite.binding -> tensor<16xi8> in memref<?xi8>
      %b = stream_lite.binding.subspan %arg1[%off] : !stream_lite.binding -> tensor<4xi32> in memref<?xi8>
      %x = memref.load %a[%c0] : memref<?xi8>
      %y = memref.load %b[%c0] : memref<?xi8>
      %z = arith.addi %x, %y : i8
      return %z : i8
    }
  }
}
// CHECK-LABEL: stream_lite.executable private @nonzero_offset {
// CHECK: func.func @nonzero_offset(%[[ARG0:[a-zA-Z0-9_]+]]: memref<?xi8>, %[[ARG1:[a-zA-Z0-9_]+]]: memref<?xi8>, %[[OFF:[a-zA-Z0-9_]+]]: index) -> i8
// CHECK-DAG: %[[C64:.+]] = arith.constant 64 : index
// CHECK-DAG: %[[DIM0:.+]] = memref.dim %[[ARG0]], %{{.+}} : memref<?xi8>
// CHECK-DAG: %[[SIZE0:.+]] = arith.subi %[[DIM0]], %[[C64]] : index
// CHECK-DAG: %[[A:.+]] = memref.view %[[ARG0]][%[[C64]]][%[[SIZE0]]] : memref<?xi8> to memref<?xi8>
// CHECK-DAG: %[[DIM1:.+]] = memref.dim %[[ARG1]], %{{.+}} : memref<?xi8>
// CHECK-DAG: %[[SIZE1:.+]] = arith.subi %[[DIM1]], %[[OFF]] : index
// CHECK-DAG: %[[B:.+]] = memref.view %[[ARG1]][%[[OFF]]][%[[SIZE1]]] : memref<?xi8> to memref<?xi8>
// CHECK-DAG: memref.load %[[A]][
// CHECK-DAG: memref.load %[[B]][
// CHECK-NOT: memref.load %[[ARG0]]
// CHECK-NOT: memref.load %[[ARG1]]
// CHECK-NOT: stream_lite.binding

// LLVM-LABEL: stream_lite.executable private @nonzero_offset {
// LLVM: llvm.func @nonzero_offset(
// LLVM-NOT: memref.
// LLVM: llvm.return

// -----

// Tests that a subspan of a static byte buffer (offset 0 included) becomes a
// view of that type, and that functions without bindings, executables
// without a module and functions outside executables are left alone.
stream_lite.executable private @static_view {
  stream_lite.executable.export public @static_view
  builtin.module {
    func.func @static_view(%arg0: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %a = stream_lite.binding.subspan %arg0[%c0] : !stream_lite.binding -> tensor<2x4xf32> in memref<32xi8>
      %b = stream_lite.binding.subspan %arg0[%c8] : !stream_lite.binding -> tensor<2x4xf32> in memref<32xi8>
      %x = memref.load %a[%c0] : memref<32xi8>
      memref.store %x, %b[%c0] : memref<32xi8>
      return
    }
    func.func @no_bindings(%x: index) -> index {
      return %x : index
    }
  }
}
stream_lite.executable private @no_module {
  stream_lite.executable.export public @no_module
}
func.func @outside(%x: index) -> index {
  return %x : index
}
// CHECK-LABEL: stream_lite.executable private @static_view {
// CHECK: func.func @static_view(%[[ARG0:[a-zA-Z0-9_]+]]: memref<?xi8>)
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C8:.+]] = arith.constant 8 : index
// CHECK-DAG: %[[A:.+]] = memref.view %[[ARG0]][%[[C0]]][] : memref<?xi8> to memref<32xi8>
// CHECK-DAG: %[[B:.+]] = memref.view %[[ARG0]][%[[C8]]][] : memref<?xi8> to memref<32xi8>
// CHECK: func.func @no_bindings(%{{.+}}: index) -> index
// CHECK-LABEL: stream_lite.executable private @no_module {
// CHECK-NEXT: stream_lite.executable.export public @no_module
// CHECK-NEXT: }
// CHECK: func.func @outside(

// LLVM-LABEL: stream_lite.executable private @static_view {
// LLVM: llvm.func @static_view(
// LLVM: llvm.func @no_bindings(
// LLVM-LABEL: stream_lite.executable private @no_module {
// LLVM: func.func @outside(

// -----

// Tests a whole kernel (the shape of a builtin encode: identity source,
// tiled result zeroed first, loop nest over the logical elements with 0-d
// views at layout offsets) through the lowering to the LLVM dialect.
stream_lite.executable private @kernel {
  stream_lite.executable.export public @kernel
  builtin.module {
    func.func @kernel(%arg0: !stream_lite.binding, %d: index, %d2: index, %arg1: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %zero = arith.constant 0 : i32
      %src = stream_lite.binding.subspan %arg0[%c0] : !stream_lite.binding -> tensor<?x4xf32>{%d} in memref<?xi8>
      %dst = stream_lite.binding.subspan %arg1[%c0] : !stream_lite.binding -> tensor<?x4xf32, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [8]>>{%d2} in memref<?xi8>
      %tiles = arith.ceildivui %d2, %c8 : index
      %words = arith.muli %tiles, %c8 : index
      %n = arith.muli %words, %c4 : index
      %all = memref.view %dst[%c0][%n] : memref<?xi8> to memref<?xi32>
      scf.for %i = %c0 to %n step %c1 {
        memref.store %zero, %all[%i] : memref<?xi32>
      }
      scf.for %i = %c0 to %d2 step %c1 {
        scf.for %j = %c0 to %c4 step %c1 {
          %row = arith.muli %i, %c4 : index
          %lin = arith.addi %row, %j : index
          %so = arith.muli %lin, %c4 : index
          %sv = memref.view %src[%so][] : memref<?xi8> to memref<f32>
          %x = memref.load %sv[] : memref<f32>
          %to = arith.divui %i, %c8 : index
          %ti = arith.remui %i, %c8 : index
          %a = arith.muli %to, %c4 : index
          %b = arith.addi %a, %j : index
          %c = arith.muli %b, %c8 : index
          %e = arith.addi %c, %ti : index
          %do = arith.muli %e, %c4 : index
          %dv = memref.view %dst[%do][] : memref<?xi8> to memref<f32>
          memref.store %x, %dv[] : memref<f32>
        }
      }
      return
    }
  }
}
// CHECK-LABEL: stream_lite.executable private @kernel {
// CHECK: func.func @kernel(%[[SRC:[a-zA-Z0-9_]+]]: memref<?xi8>, %{{.+}}: index, %{{.+}}: index, %[[DST:[a-zA-Z0-9_]+]]: memref<?xi8>)
// CHECK-NOT: stream_lite.binding
// CHECK: memref.view %[[DST]][%{{.+}}][%{{.+}}] : memref<?xi8> to memref<?xi32>
// CHECK: memref.view %[[SRC]][%{{.+}}][] : memref<?xi8> to memref<f32>
// CHECK: memref.view %[[DST]][%{{.+}}][] : memref<?xi8> to memref<f32>

// LLVM-LABEL: stream_lite.executable private @kernel {
// LLVM-NEXT: stream_lite.executable.export public @kernel
// LLVM-NEXT: builtin.module {
// LLVM-NEXT: llvm.func @kernel(%{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: i64, %{{.+}}: i64, %{{.+}}: i64, %{{.+}}: i64, %{{.+}}: i64, %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: i64, %{{.+}}: i64, %{{.+}}: i64)
// LLVM-NOT: {{(memref|scf|arith|cf|func|stream_lite)\.}}
// LLVM: llvm.load %{{.+}} : !llvm.ptr -> f32
// LLVM-NOT: {{(memref|scf|arith|cf|func|stream_lite)\.}}
// LLVM: llvm.store %{{.+}}, %{{.+}} : f32, !llvm.ptr
// LLVM-NOT: {{(memref|scf|arith|cf|func|stream_lite)\.}}
// LLVM: llvm.return

// -----

// Tests a view at a dynamic offset in a module without any arith op (the
// pass creates the ones it needs).
stream_lite.executable private @no_arith {
  stream_lite.executable.export public @no_arith
  builtin.module {
    func.func @no_arith(%b: !stream_lite.binding, %off: index) -> memref<?xi8> {
      %v = stream_lite.binding.subspan %b[%off] : !stream_lite.binding -> tensor<4xi8> in memref<?xi8>
      return %v : memref<?xi8>
    }
  }
}
// CHECK-LABEL: stream_lite.executable private @no_arith {
// CHECK: func.func @no_arith(%[[B:[a-zA-Z0-9_]+]]: memref<?xi8>, %[[OFF:[a-zA-Z0-9_]+]]: index) -> memref<?xi8>
// CHECK: %[[DIM:.+]] = memref.dim %[[B]], %{{.+}} : memref<?xi8>
// CHECK: %[[SIZE:.+]] = arith.subi %[[DIM]], %[[OFF]] : index
// CHECK: %[[VIEW:.+]] = memref.view %[[B]][%[[OFF]]][%[[SIZE]]] : memref<?xi8> to memref<?xi8>
// CHECK: return %[[VIEW]] : memref<?xi8>

// LLVM-LABEL: stream_lite.executable private @no_arith {
// LLVM: llvm.func @no_arith(
// LLVM: llvm.return
