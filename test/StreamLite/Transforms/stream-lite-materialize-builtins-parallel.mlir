// RUN: layout-opt --stream-lite-materialize-builtins=parallel-kernels=true %s | FileCheck %s
// RUN: layout-opt --stream-lite-materialize-builtins %s | FileCheck %s --check-prefix=SERIAL
// RUN: layout-opt --stream-lite-materialize-builtins=parallel-kernels=true %s | FileCheck %s --check-prefix=PACKED
// RUN: layout-opt --stream-lite-to-llvm-pipeline=threads=2 %s | FileCheck %s --check-prefix=LLVM
// RUN: layout-opt --stream-lite-to-llvm-pipeline=threads=2 %s | layout-opt | FileCheck %s --check-prefix=LLVM
// RUN: layout-opt --stream-lite-to-llvm-pipeline %s | FileCheck %s --check-prefix=LLVM-SERIAL
// RUN: layout-opt --stream-lite-to-llvm-pipeline=threads=1 %s | FileCheck %s --check-prefix=LLVM-SERIAL
// RUN: layout-opt --stream-lite-to-llvm-pipeline=threads=2 --mlir-print-ir-before=stream-lite-parallelize-kernels %s 2>&1 >/dev/null | FileCheck %s --check-prefix=BEFORE-TASKS
// RUN: layout-opt --stream-lite-to-llvm-pipeline=threads=2 %s | FileCheck %s --check-prefix=NO-MARKS

// Parallel kernels (materialize-builtins=parallel-kernels, which
// --stream-lite-to-llvm-pipeline=threads=N with N > 1 sets): the outermost
// loop of a kernel's region walk is an scf.parallel whose step is a group
// of iterations, each group an scf.for. Where the bytes per iteration are
// known, a group moves at least an eighth of 1 MiB (the least a task
// should move) and the loop carries how many groups make 1 MiB
// (stream_lite.min_task_groups), so that tasks of whole groups split a
// region evenly; else a group moves at least 1 MiB. Without the option
// every loop is an scf.for, as before.

#t = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>
stream_lite.device @dev targets([#stream_lite.target<"x">])

// 4 MiB: 128 rows of tiles of 32 KiB each, in groups of 4 (128 KiB), 8
// of which make 1 MiB.
// CHECK-LABEL: stream_lite.executable private @__builtin_encode_1024x1024xf32_to_1024x1024xf32_tiled_p0_1_t8_4
// CHECK: scf.parallel (%[[G:.+]]) = (%{{.+}}) to (%c128) step (%c4) {
// CHECK: %[[NEXT:.+]] = arith.addi %[[G]], %{{.+}}
// CHECK: %[[END:.+]] = arith.minui %[[NEXT]], %{{.+}}
// CHECK: scf.for %{{.+}} = %[[G]] to %[[END]] step
// CHECK: scf.reduce
// CHECK-NEXT: } {stream_lite.min_task_groups = 8 : index}
// CHECK-LABEL: stream_lite.executable private @__builtin_encode_1024x1024xf32_tiled_p0_1_t8_4_to_1024x1024xf32
// CHECK: scf.parallel (%{{.+}}) = (%{{.+}}) to (%c128) step (%c4) {
// SERIAL-LABEL: stream_lite.executable private @__builtin_encode_1024x1024xf32_to_1024x1024xf32_tiled_p0_1_t8_4
// SERIAL-NOT: scf.parallel
// SERIAL: scf.for %{{.+}} = %{{.+}} to %c128 step
func.func @static(%in: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %s0 = stream_lite.tensor.sizeof tensor<1024x1024xf32> : index
  %a = stream_lite.tensor.import %in : tensor<1024x1024xf32> -> tensor<1024x1024xf32> in !stream_lite.resource<external>{%s0}
  %s1 = stream_lite.tensor.sizeof tensor<1024x1024xf32, #t> : index
  %e = stream_lite.tensor.encode %a : tensor<1024x1024xf32> in !stream_lite.resource<external>{%s0} -> tensor<1024x1024xf32, #t> in !stream_lite.resource<*>{%s1}
  %b = stream_lite.tensor.encode %e : tensor<1024x1024xf32, #t> in !stream_lite.resource<*>{%s1} -> tensor<1024x1024xf32> in !stream_lite.resource<*>{%s0}
  %r = stream_lite.tensor.export %b : tensor<1024x1024xf32> in !stream_lite.resource<*>{%s0} -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}

// Dynamic rows: the group (5 rows of tiles of 8 x 1000 x 4 bytes; 33 of
// them make 1 MiB, so 7 groups do) is constant, the bound is not. Zeroing
// the result's padded rows stays a serial loop (before the walk).
// CHECK-LABEL: stream_lite.executable private @__builtin_encode_Dx1000xf32_to_Dx1000xf32_tiled_p0_1_t8_4
// CHECK: scf.for
// CHECK: scf.parallel (%{{.+}}) = (%{{.+}}) to (%{{.+}}) step (%c5) {
// CHECK: } {stream_lite.min_task_groups = 7 : index}
func.func @dynamic(%in: tensor<?x1000xf32>, %d: index) -> tensor<?x1000xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %s0 = stream_lite.tensor.sizeof tensor<?x1000xf32>{%d} : index
  %a = stream_lite.tensor.import %in : tensor<?x1000xf32> -> tensor<?x1000xf32>{%d} in !stream_lite.resource<external>{%s0}
  %s1 = stream_lite.tensor.sizeof tensor<?x1000xf32, #t>{%d} : index
  %e = stream_lite.tensor.encode %a : tensor<?x1000xf32>{%d} in !stream_lite.resource<external>{%s0} -> tensor<?x1000xf32, #t>{%d} in !stream_lite.resource<*>{%s1}
  %b = stream_lite.tensor.encode %e : tensor<?x1000xf32, #t>{%d} in !stream_lite.resource<*>{%s1} -> tensor<?x1000xf32>{%d} in !stream_lite.resource<*>{%s0}
  %r = stream_lite.tensor.export %b : tensor<?x1000xf32>{%d} in !stream_lite.resource<*>{%s0} -> tensor<?x1000xf32>
  return %r : tensor<?x1000xf32>
}

// A 16x16 tensor: one group holds every row of tiles (2), so the loop is
// one task on the caller's thread.
// CHECK-LABEL: stream_lite.executable private @__builtin_encode_16x16xf32_to_16x16xf32_tiled_p0_1_t8_4
// CHECK: scf.parallel (%{{.+}}) = (%{{.+}}) to (%c2) step (%c256) {
func.func @small(%in: tensor<16x16xf32>) -> tensor<16x16xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %s0 = stream_lite.tensor.sizeof tensor<16x16xf32> : index
  %a = stream_lite.tensor.import %in : tensor<16x16xf32> -> tensor<16x16xf32> in !stream_lite.resource<external>{%s0}
  %s1 = stream_lite.tensor.sizeof tensor<16x16xf32, #t> : index
  %e = stream_lite.tensor.encode %a : tensor<16x16xf32> in !stream_lite.resource<external>{%s0} -> tensor<16x16xf32, #t> in !stream_lite.resource<*>{%s1}
  %b = stream_lite.tensor.encode %e : tensor<16x16xf32, #t> in !stream_lite.resource<*>{%s1} -> tensor<16x16xf32> in !stream_lite.resource<*>{%s0}
  %r = stream_lite.tensor.export %b : tensor<16x16xf32> in !stream_lite.resource<*>{%s0} -> tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}

// Packed i4: two iterations may write the two halves of one byte (a
// read-modify-write each), so groups are a multiple of two iterations (8
// rows of tiles of 64 x 4 bits here: 256 bytes each, 512 per group) and
// start at multiples of their length, on a byte of the destination.
// CHECK-LABEL: stream_lite.executable private @__builtin_encode_64x64xi4_to_64x64xi4_tiled_p0_1_t8_4
// CHECK: scf.parallel (%{{.+}}) = (%c0{{.*}}) to (%c8) step (%c512) {
// An update at a dynamic row: the parallel loop runs over the rows of
// tiles the region holds whole (from the first one, the row offset
// rounded up to a tile); its first group starts at the multiple of the
// group at or before that row, and its serial loop at that row. The cut
// rows of tiles at either end run after it, serially.
// CHECK-LABEL: stream_lite.executable private @__builtin_update_64x64xi4_tiled_p0_1_t8_4_to_5x7xi4
// CHECK: %[[LB:.+]] = arith.ceildivui %{{arg[0-9]+}}, %c8
// CHECK: %[[Q:.+]] = arith.divui %[[LB]], %c4682
// CHECK: %[[START:.+]] = arith.muli %[[Q]], %c4682
// CHECK: scf.parallel (%[[G:.+]]) = (%[[START]]) to (%{{.+}}) step (%c4682{{.*}}) {
// CHECK: %[[FIRST:.+]] = arith.maxui %[[G]], %[[LB]]
// CHECK: scf.for %{{.+}} = %[[FIRST]] to
// CHECK: scf.reduce
// CHECK: scf.for %{{.+}} = %c0{{.*}} to %{{.+}} step
// CHECK: arith.select
// A slice of the tiles into an untiled result: the loop walks the
// source's tile rows, whose boundaries are on a byte of the result when
// the row offset times the result's row length (61 or 63 elements) is
// even, known at run time (the offsets are arguments); otherwise the
// loop is one group.
// CHECK-LABEL: stream_lite.executable private @__builtin_slice_64x64xi4_tiled_p0_1_t8_4_to_32x61xi4
// CHECK: %[[OK:.+]] = arith.cmpi eq
// CHECK: %[[STEP:.+]] = arith.select %[[OK]], %c538, %{{.+}} : index
// CHECK: scf.parallel (%{{.+}}) = (%{{.+}}) to (%{{.+}}) step (%[[STEP]]) {
// CHECK-LABEL: stream_lite.executable private @__builtin_slice_64x64xi4_tiled_p0_1_t8_4_to_32x63xi4
// CHECK: arith.select %{{.+}}, %c522, %{{.+}} : index
// CHECK-LABEL: stream_lite.executable private @__builtin_encode_64x64xi4_tiled_p0_1_t8_4_to_64x64xi4
// CHECK: scf.parallel (%{{.+}}) = (%c0{{.*}}) to (%c8) step (%c512) {
// CHECK-LABEL: func.func @packed
func.func @packed(%in: tensor<64x64xi4>, %row: index, %u: tensor<5x7xi4>) -> (tensor<64x64xi4>, tensor<32x61xi4>, tensor<32x63xi4>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c32 = arith.constant 32 : index
  %c61 = arith.constant 61 : index
  %c63 = arith.constant 63 : index
  %s0 = stream_lite.tensor.sizeof tensor<64x64xi4> : index
  %a = stream_lite.tensor.import %in : tensor<64x64xi4> -> tensor<64x64xi4> in !stream_lite.resource<external>{%s0}
  %s1 = stream_lite.tensor.sizeof tensor<64x64xi4, #t> : index
  %e = stream_lite.tensor.encode %a : tensor<64x64xi4> in !stream_lite.resource<external>{%s0} -> tensor<64x64xi4, #t> in !stream_lite.resource<*>{%s1}
  %su = stream_lite.tensor.sizeof tensor<5x7xi4> : index
  %ui = stream_lite.tensor.import %u : tensor<5x7xi4> -> tensor<5x7xi4> in !stream_lite.resource<external>{%su}
  %up = stream_lite.tensor.update %ui, %e[%row, %c3] : tensor<5x7xi4> in !stream_lite.resource<external>{%su} -> tensor<64x64xi4, #t> in %e as !stream_lite.resource<*>{%s1}
  %s3 = stream_lite.tensor.sizeof tensor<32x61xi4> : index
  %sl3 = stream_lite.tensor.slice %up[%c3, %c3 for %c32, %c61] : tensor<64x64xi4, #t> in !stream_lite.resource<*>{%s1} -> tensor<32x61xi4> in !stream_lite.resource<*>{%s3}
  %s4 = stream_lite.tensor.sizeof tensor<32x63xi4> : index
  %sl0 = stream_lite.tensor.slice %up[%c0, %c1 for %c32, %c63] : tensor<64x64xi4, #t> in !stream_lite.resource<*>{%s1} -> tensor<32x63xi4> in !stream_lite.resource<*>{%s4}
  %b = stream_lite.tensor.encode %up : tensor<64x64xi4, #t> in !stream_lite.resource<*>{%s1} -> tensor<64x64xi4> in !stream_lite.resource<*>{%s0}
  %r = stream_lite.tensor.export %b : tensor<64x64xi4> in !stream_lite.resource<*>{%s0} -> tensor<64x64xi4>
  %r3 = stream_lite.tensor.export %sl3 : tensor<32x61xi4> in !stream_lite.resource<*>{%s3} -> tensor<32x61xi4>
  %r0 = stream_lite.tensor.export %sl0 : tensor<32x63xi4> in !stream_lite.resource<*>{%s4} -> tensor<32x63xi4>
  return %r, %r3, %r0 : tensor<64x64xi4>, tensor<32x61xi4>, tensor<32x63xi4>
}

// Packed 8x4 i2 tiles of a static shape, in parallel groups: the walk's
// loops step by whole bytes from the group's start (a multiple of the
// group), so every untiled row of a transposed group provably starts a
// byte; no byte test and no tile-by-tile fallback is built. With a dynamic
// row length the rows' byte phase is only known at run time: tested per
// group.
// PACKED-LABEL: stream_lite.executable private @__builtin_encode_2048x8192xi2_tiled_p0_1_t8_4_to_2048x8192xi2
// PACKED: scf.parallel
// PACKED-NOT: arith.remui
// PACKED: vector.shuffle
// PACKED-NOT: arith.remui
// PACKED-LABEL: stream_lite.executable private @__builtin_encode_2048xDxi2_tiled_p0_1_t8_4_to_2048xDxi2
// PACKED: scf.parallel
// PACKED: arith.remui
// PACKED: scf.if
// PACKED: vector.shuffle
func.func @packed_rows(%r: !stream_lite.resource<*>, %sz: index, %d: index, %dsz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %s1 = stream_lite.tensor.sizeof tensor<2048x8192xi2> : index
  %0 = stream_lite.tensor.encode %r : tensor<2048x8192xi2, #t> in !stream_lite.resource<*>{%sz} -> tensor<2048x8192xi2> in !stream_lite.resource<*>{%s1}
  %s2 = stream_lite.tensor.sizeof tensor<2048x?xi2>{%d} : index
  %1 = stream_lite.tensor.encode %r : tensor<2048x?xi2, #t>{%d} in !stream_lite.resource<*>{%dsz} -> tensor<2048x?xi2>{%d} in !stream_lite.resource<*>{%s2}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}

// Between tiles of other shapes (4x8 into 8x4): the relayout's chunks
// (tile rows of 4 elements) start where the source's do, so it needs no
// staging buffer and runs in parallel groups. A slice's offsets are
// run-time values: its chunks may straddle two source tile rows, joined
// in a staging buffer of which each group makes its own at its start
// (groups may be tasks on other threads); serial, one for the whole walk.
// CHECK-LABEL: stream_lite.executable private @__builtin_encode_1024x1024xf32_tiled_p0_1_t4_8_to_1024x1024xf32_tiled_p0_1_t8_4
// CHECK-NOT: memref.alloca
// CHECK: scf.parallel (%{{.+}}) = (%{{.+}}) to (%c128) step (%c4) {
// CHECK-NOT: memref.alloca
// CHECK: scf.reduce
// CHECK-LABEL: stream_lite.executable private @__builtin_slice_1024x1024xf32_tiled_p0_1_t4_8_to_1016x1016xf32_tiled_p0_1_t8_4
// CHECK-NOT: memref.alloca
// CHECK: scf.parallel (%{{.+}}) = (%{{.+}}) to (%c127) step (%c5) {
// CHECK-NEXT: %[[STAGING:.+]] = memref.alloca() : memref<16xi8>
// CHECK: memref.view %[[STAGING]]
// CHECK: scf.reduce
// SERIAL-LABEL: stream_lite.executable private @__builtin_encode_1024x1024xf32_tiled_p0_1_t4_8_to_1024x1024xf32_tiled_p0_1_t8_4
// SERIAL-NOT: memref.alloca
// SERIAL-LABEL: stream_lite.executable private @__builtin_slice_1024x1024xf32_tiled_p0_1_t4_8_to_1016x1016xf32_tiled_p0_1_t8_4
// SERIAL: memref.alloca() : memref<16xi8>
// SERIAL-NOT: memref.alloca
// SERIAL: scf.for
// SERIAL-LABEL: func.func @between_tile_shapes
#w = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 8]>
func.func @between_tile_shapes(%r: !stream_lite.resource<*>, %sz: index, %row: index, %col: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c1016 = arith.constant 1016 : index
  %s1 = stream_lite.tensor.sizeof tensor<1024x1024xf32, #t> : index
  %0 = stream_lite.tensor.encode %r : tensor<1024x1024xf32, #w> in !stream_lite.resource<*>{%sz} -> tensor<1024x1024xf32, #t> in !stream_lite.resource<*>{%s1}
  %s2 = stream_lite.tensor.sizeof tensor<1016x1016xf32, #t> : index
  %1 = stream_lite.tensor.slice %r[%row, %col for %c1016, %c1016] : tensor<1024x1024xf32, #w> in !stream_lite.resource<*>{%sz} -> tensor<1016x1016xf32, #t> in !stream_lite.resource<*>{%s2}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}

// The task sizes reach --stream-lite-parallelize-kernels (the lowering
// to memrefs drops every other stream_lite attribute), which consumes
// them with the loops.
// BEFORE-TASKS: func.func private @__builtin_encode_1024x1024xf32_to_1024x1024xf32_tiled_p0_1_t8_4
// BEFORE-TASKS: scf.parallel
// BEFORE-TASKS: } {stream_lite.min_task_groups = 8 : index}
// NO-MARKS: module
// NO-MARKS-NOT: stream_lite.min_task_groups

// Lowered with threads=2: the outlined block function is named after its
// kernel, tasks go through the async runtime, and the runtime's calls are
// declared; with threads=1 (the default) nothing of that is there.
// LLVM-DAG: llvm.func @__builtin_encode_1024x1024xf32_to_1024x1024xf32_tiled_p0_1_t8_4{{.*}}_parallel_compute_fn(
// LLVM-DAG: llvm.func @__builtin_encode_1024x1024xf32_to_1024x1024xf32_tiled_p0_1_t8_4{{.*}}_async_dispatch_fn(
// LLVM-DAG: llvm.call @mlirAsyncRuntimeExecute(
// LLVM-DAG: llvm.call @mlirAsyncRuntimeAwaitAllInGroup(
// LLVM-DAG: llvm.func @mlirAsyncRuntimeCreateGroup(
// LLVM-SERIAL-NOT: mlirAsyncRuntime
// LLVM-SERIAL-NOT: parallel_compute_fn
// LLVM-SERIAL-NOT: llvm.intr.coro
