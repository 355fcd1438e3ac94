// RUN: layout-opt --stream-lite-materialize-builtins --canonicalize %s | FileCheck %s
// RUN: layout-opt --stream-lite-materialize-builtins="parallel-kernels=true" --canonicalize %s | FileCheck %s --check-prefix=PARALLEL

// A tiled destination is walked in its own order, but an outer dim whose
// step is a fraction of the source's tile along the same logical dim is
// split (docs/passes.md): runs of steps that cover one source tile
// outside, the steps of a run innermost among the outer dims, so that the
// destination tiles of one source tile are visited one after another and
// each source tile is read whole, once.

#t84 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>
#t48 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 8]>
#cols4 = #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [4]>
stream_lite.device @dev targets([#stream_lite.target<"x">])

// 4x8 tiles from 8x4 tiles: runs of two destination tile rows (one source
// band) outside the loop over tile columns; the two rows inside it.
// CHECK-LABEL: func.func @__builtin_encode_16x16xf32_tiled_p0_1_t8_4_to_16x16xf32_tiled_p0_1_t4_8(
// CHECK: scf.for %[[BAND:.+]] = %c0 to %c2 step %c1 {
// CHECK-NEXT: scf.for %[[COL:.+]] = %c0 to %c2 step %c1 {
// CHECK-NEXT: %[[FIRST:.+]] = arith.muli %[[BAND]], %c2
// CHECK-NEXT: %[[END:.+]] = arith.addi %[[FIRST]], %c2
// CHECK-NEXT: %[[LAST:.+]] = arith.minui %[[END]], %c4
// CHECK-NEXT: scf.for %{{.+}} = %[[FIRST]] to %[[LAST]] step %c1 {
func.func @split(%r: !stream_lite.resource<*>, %sz: index, %sz1: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %e = stream_lite.tensor.encode %r : tensor<16x16xf32, #t84> in !stream_lite.resource<*>{%sz} -> tensor<16x16xf32, #t48> in !stream_lite.resource<*>{%sz1}
  return %e : !stream_lite.resource<*>
}

// 4 MiB: the parallel loop is over the runs (128 source bands), in groups
// of at least 128 KiB (4 runs of 32 KiB; 8 groups make a task's 1 MiB).
// PARALLEL-LABEL: func.func @__builtin_encode_1024x1024xf32_tiled_p0_1_t8_4_to_1024x1024xf32_tiled_p0_1_t4_8(
// PARALLEL: scf.parallel (%[[GROUP:.+]]) = (%c0) to (%c128) step (%c4) {
// PARALLEL: scf.for %[[BAND:.+]] = %[[GROUP]] to %{{.+}} step %c1 {
// PARALLEL-NEXT: scf.for %{{.+}} = %c0 to %c128 step %c1 {
// PARALLEL-NEXT: arith.muli %[[BAND]], %c2
func.func @split_parallel(%r: !stream_lite.resource<*>, %sz: index, %sz1: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %e = stream_lite.tensor.encode %r : tensor<1024x1024xf32, #t84> in !stream_lite.resource<*>{%sz} -> tensor<1024x1024xf32, #t48> in !stream_lite.resource<*>{%sz1}
  return %e : !stream_lite.resource<*>
}

// A destination that does not tile dim 0: its rows in runs of 8 (one
// source band), the rows of a run inside the loop over tile columns.
// CHECK-LABEL: func.func @__builtin_encode_Dx16xf32_tiled_p0_1_t8_4_to_Dx16xf32_tiled_p1_t4(
// CHECK: %[[RUNS:.+]] = arith.ceildivui
// CHECK: scf.for %[[BAND:.+]] = %c0 to %[[RUNS]] step %c1 {
// CHECK-NEXT: scf.for %[[COL:.+]] = %c0 to %c4 step %c1 {
// CHECK-NEXT: %[[FIRST:.+]] = arith.muli %[[BAND]], %c8
// CHECK: scf.for %{{.+}} = %[[FIRST]] to %{{.+}} step %c1 {
func.func @untiled_rows(%r: !stream_lite.resource<*>, %d: index, %sz: index, %sz1: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %e = stream_lite.tensor.encode %r : tensor<?x16xf32, #t84>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x16xf32, #cols4>{%d} in !stream_lite.resource<*>{%sz1}
  return %e : !stream_lite.resource<*>
}

// Negative: 8x4 tiles from 4x8 tiles (the source's tile along dim 0 is
// the smaller one; along dim 1 the tile columns are already innermost),
// a packed destination, an untiled source: the destination's own order.
// CHECK-LABEL: func.func @__builtin_encode_16x16xf32_tiled_p0_1_t4_8_to_16x16xf32_tiled_p0_1_t8_4(
// CHECK: scf.for %[[ROW:.+]] = %c0 to %c2 step %c1 {
// CHECK-NEXT: scf.for %{{.+}} = %c0 to %c4 step %c1 {
// CHECK-NOT: arith.minui
// CHECK: return
// CHECK-LABEL: func.func @__builtin_encode_16x16xi4_tiled_p0_1_t8_4_to_16x16xi4_tiled_p0_1_t4_8(
// CHECK-NOT: arith.minui
// CHECK: return
// CHECK-LABEL: func.func @__builtin_encode_16x16xf32_to_16x16xf32_tiled_p0_1_t4_8(
// CHECK-NOT: arith.minui
// CHECK: return
func.func @negative(%r: !stream_lite.resource<*>, %p: !stream_lite.resource<*>, %sz: index, %sz1: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %a = stream_lite.tensor.encode %r : tensor<16x16xf32, #t48> in !stream_lite.resource<*>{%sz} -> tensor<16x16xf32, #t84> in !stream_lite.resource<*>{%sz1}
  %b = stream_lite.tensor.encode %p : tensor<16x16xi4, #t84> in !stream_lite.resource<*>{%sz} -> tensor<16x16xi4, #t48> in !stream_lite.resource<*>{%sz1}
  %c = stream_lite.tensor.encode %r : tensor<16x16xf32> in !stream_lite.resource<*>{%sz} -> tensor<16x16xf32, #t48> in !stream_lite.resource<*>{%sz1}
  return %a, %b, %c : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}
