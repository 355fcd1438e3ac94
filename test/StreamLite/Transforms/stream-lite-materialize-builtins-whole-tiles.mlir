// RUN: layout-opt --stream-lite-materialize-builtins %s | FileCheck %s

// Tiles the region holds whole and tiles it cuts take separate loops
// (docs/passes.md, "Whole tiles and cut tiles"): along each dim of tiles
// the region may cut, the loop over the tiles it holds whole comes first,
// with no check per tile, then its first and last tile (the cut-tile
// nest, at most one each).

#t = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>
stream_lite.device @dev targets([#stream_lite.target<"x">])

// Dynamic offsets: the whole bands start at the row offset rounded up to a
// band, the whole tiles of a band at the column offset rounded up to a
// tile; the cut first and last tile of each whole band, then the cut
// first and last band, each a loop of 0 to 2 iterations choosing the
// first or the last.
// CHECK-LABEL: stream_lite.executable private @__builtin_update_64x64xf32_tiled_p0_1_t8_4_to_20x10xf32
// CHECK: %[[WB:.+]] = arith.ceildivui %[[ROW:arg[0-9]+]], %c8
// CHECK: scf.for %{{.+}} = %[[WB]] to %{{.+}} step
// CHECK: %[[WT:.+]] = arith.ceildivui %[[COL:arg[0-9]+]], %c4
// CHECK: scf.for %{{.+}} = %[[WT]] to %{{.+}} step
// CHECK-NOT: scf.if
// CHECK: memref.copy %{{.+}}, %{{.+}} : memref<16xi8> to memref<16xi8>
// CHECK: scf.for
// CHECK: arith.select
// CHECK: arith.maxui %{{.+}}, %[[ROW]]
// CHECK: scf.if
// CHECK: scf.for
// CHECK: arith.select
// CHECK: scf.if
// CHECK: return
// CHECK-LABEL: func.func @update
func.func @update(%u: !stream_lite.resource<*>, %t: !stream_lite.resource<*>, %i: index, %j: index, %usz: index, %tsz: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %r = stream_lite.tensor.update %u, %t[%i, %j] : tensor<20x10xf32> in !stream_lite.resource<*>{%usz} -> tensor<64x64xf32, #t> in %t as !stream_lite.resource<*>{%tsz}
  return %r : !stream_lite.resource<*>
}

// A static shape that cuts its last band and last tile column: each is
// known to be one tile, so no loop or choice is built for it.
// CHECK-LABEL: stream_lite.executable private @__builtin_encode_31x30xf32_to_31x30xf32_tiled_p0_1_t8_4
// CHECK-NOT: arith.select
// CHECK: scf.for %{{.+}} = %c0{{.*}} to %c3 step
// CHECK: scf.for %{{.+}} = %c0{{.*}} to %c7 step
// CHECK-NOT: scf.if
// CHECK: memref.copy %{{.+}}, %{{.+}} : memref<16xi8> to memref<16xi8>
// CHECK-NOT: arith.select
// CHECK: scf.for %{{.+}} = %c24 to %c31 step
// CHECK-NOT: arith.select
// CHECK: return
// CHECK-LABEL: func.func @static_cut
func.func @static_cut(%r: !stream_lite.resource<*>, %sz: index, %sz1: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %e = stream_lite.tensor.encode %r : tensor<31x30xf32> in !stream_lite.resource<*>{%sz} -> tensor<31x30xf32, #t> in !stream_lite.resource<*>{%sz1}
  return %e : !stream_lite.resource<*>
}

// Every tile whole: one nest, nothing to peel.
// CHECK-LABEL: stream_lite.executable private @__builtin_encode_32x32xf32_to_32x32xf32_tiled_p0_1_t8_4
// CHECK-NOT: ceildivui
// CHECK-NOT: scf.if
// CHECK: memref.copy %{{.+}}, %{{.+}} : memref<16xi8> to memref<16xi8>
// CHECK-NOT: scf.for
// CHECK: return
// CHECK-LABEL: func.func @whole
func.func @whole(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %e = stream_lite.tensor.encode %r : tensor<32x32xf32> in !stream_lite.resource<*>{%sz} -> tensor<32x32xf32, #t> in !stream_lite.resource<*>{%sz}
  return %e : !stream_lite.resource<*>
}
