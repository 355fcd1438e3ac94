// RUN: layout-opt --split-input-file --canonicalize %s | FileCheck %s

// Tests that encodes between physically equal layouts become clones of the
// source type (kept here because each copy is then written in place).
// CHECK-LABEL: func.func @fold_equal_layouts
func.func @fold_equal_layouts(%r: !stream_lite.resource<*>, %d: index, %sz: index, %v: f32) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) {
  %c0 = arith.constant 0 : index
  // CHECK: %[[A:.+]] = stream_lite.tensor.clone on(#stream_lite.affinity<@dev>) %arg0 : tensor<?x4xf32>{%arg1} in !stream_lite.resource<*>{%arg2} -> tensor<?x4xf32>{%arg1} in !stream_lite.resource<*>{%arg2}
  %0 = stream_lite.tensor.encode on(#stream_lite.affinity<@dev>) %r : tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32, #stream_lite.identity>{%d} in !stream_lite.resource<*>{%sz}
  // CHECK: %[[B:.+]] = stream_lite.tensor.clone %arg0 : tensor<?x4xf32, #stream_lite.padding<[0, 0]>>
  %1 = stream_lite.tensor.encode %r : tensor<?x4xf32, #stream_lite.padding<[0, 0]>>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [1, 1]>]>>{%d} in !stream_lite.resource<*>{%sz}
  // CHECK: %[[C:.+]] = stream_lite.tensor.clone %arg0 : tensor<?x4xf32, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [8]>>
  %2 = stream_lite.tensor.encode %r : tensor<?x4xf32, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [8]>>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 1]>>{%d} in !stream_lite.resource<*>{%sz}
  // CHECK: %[[FA:.+]] = stream_lite.tensor.fill %{{.+}}, %[[A]]
  // CHECK: %[[FB:.+]] = stream_lite.tensor.fill %{{.+}}, %[[B]]
  // CHECK: %[[FC:.+]] = stream_lite.tensor.fill %{{.+}}, %[[C]]
  %f0 = stream_lite.tensor.fill %v, %0[%c0, %c0 for %c0, %c0] : f32 -> tensor<?x4xf32, #stream_lite.identity>{%d} in %0 as !stream_lite.resource<*>{%sz}
  %f1 = stream_lite.tensor.fill %v, %1[%c0, %c0 for %c0, %c0] : f32 -> tensor<?x4xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [1, 1]>]>>{%d} in %1 as !stream_lite.resource<*>{%sz}
  %f2 = stream_lite.tensor.fill %v, %2[%c0, %c0 for %c0, %c0] : f32 -> tensor<?x4xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 1]>>{%d} in %2 as !stream_lite.resource<*>{%sz}
  // CHECK: return %[[FA]], %[[FB]], %[[FC]]
  return %f0, %f1, %f2 : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}
stream_lite.device @dev targets([#stream_lite.target<"x">])

// -----

// Tests that real relayouts, layouts picked per target and unresolved
// encodings are not folded.
// CHECK-LABEL: func.func @no_fold_relayout
func.func @no_fold_relayout(%r: !stream_lite.resource<*>, %d: index, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) {
  // CHECK: stream_lite.tensor.encode
  %0 = stream_lite.tensor.encode %r : tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [8]>>{%d} in !stream_lite.resource<*>{%sz}
  // CHECK: stream_lite.tensor.encode
  %1 = stream_lite.tensor.encode %r : tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32, #stream_lite.layout<[#stream_lite.identity, #stream_lite.padding<[0, 4]>]>>{%d} in !stream_lite.resource<*>{%sz}
  // CHECK: stream_lite.tensor.encode
  %2 = stream_lite.tensor.encode %r : tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32, #stream_lite.padding<[0, ?]>>{%d} in !stream_lite.resource<*>{%sz}
  return %0, %1, %2 : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}

// -----

// Tests that a packed encode from plain rows into tiles of 1 is not a clone:
// the two are physically equal, but the tiles' tail bits (after the last
// slot of the last byte) must be zero and the rows' are undefined. The other
// way, and from a layout that also keeps its tail zero, it is a clone, as
// for whole-byte elements.
// CHECK-LABEL: func.func @packed_tail_into_tiles_of_one
func.func @packed_tail_into_tiles_of_one(%r: !stream_lite.resource<*>, %d: index, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) {
  // CHECK: %[[E:.+]] = stream_lite.tensor.encode %arg0 : tensor<?x3xi2>{%arg1} in !stream_lite.resource<*>{%arg2} -> tensor<?x3xi2, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [1]>>
  %0 = stream_lite.tensor.encode %r : tensor<?x3xi2>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x3xi2, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [1]>>{%d} in !stream_lite.resource<*>{%sz}
  // CHECK: %[[B:.+]] = stream_lite.tensor.clone %arg0 : tensor<?x3xi2, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [1]>>{%arg1} in !stream_lite.resource<*>{%arg2} -> tensor<?x3xi2, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [1]>>
  %1 = stream_lite.tensor.encode %r : tensor<?x3xi2, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [1]>>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x3xi2>{%d} in !stream_lite.resource<*>{%sz}
  // CHECK: %[[T:.+]] = stream_lite.tensor.clone %arg0 : tensor<?x3xi2, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [1]>>
  %2 = stream_lite.tensor.encode %r : tensor<?x3xi2, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [1]>>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x3xi2, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [1]>>{%d} in !stream_lite.resource<*>{%sz}
  // CHECK: %[[W:.+]] = stream_lite.tensor.clone %arg0 : tensor<?x3xi8>
  %3 = stream_lite.tensor.encode %r : tensor<?x3xi8>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x3xi8, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [1]>>{%d} in !stream_lite.resource<*>{%sz}
  %c0 = arith.constant 0 : index
  %ci = arith.constant 1 : i2
  %cw = arith.constant 1 : i8
  %f0 = stream_lite.tensor.fill %ci, %0[%c0, %c0 for %c0, %c0] : i2 -> tensor<?x3xi2, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [1]>>{%d} in %0 as !stream_lite.resource<*>{%sz}
  %f1 = stream_lite.tensor.fill %ci, %1[%c0, %c0 for %c0, %c0] : i2 -> tensor<?x3xi2>{%d} in %1 as !stream_lite.resource<*>{%sz}
  %f2 = stream_lite.tensor.fill %ci, %2[%c0, %c0 for %c0, %c0] : i2 -> tensor<?x3xi2, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [1]>>{%d} in %2 as !stream_lite.resource<*>{%sz}
  %f3 = stream_lite.tensor.fill %cw, %3[%c0, %c0 for %c0, %c0] : i8 -> tensor<?x3xi8, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [1]>>{%d} in %3 as !stream_lite.resource<*>{%sz}
  return %f0, %f1, %f2, %f3 : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}

// -----

// Tests that an encode whose source and result types are equal folds to its
// source when the encoding is one no pass recognizes or a serialized one,
// and becomes a clone with another lifetime. An unresolved encoding stays:
// the source resolves with its creator's affinity and the result with the
// encode's, so equal types may still be a relayout (an scf.if arm that
// encodes data made on one device for another was once folded away, and
// gave wrong bytes).
// CHECK-LABEL: func.func @fold_equal_types
func.func @fold_equal_types(%r: !stream_lite.resource<*>, %d: index, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<transient>) {
  %0 = stream_lite.tensor.encode %r : tensor<2x2xf32, #stream_lite.unknown> in !stream_lite.resource<*>{%sz} -> tensor<2x2xf32, #stream_lite.unknown> in !stream_lite.resource<*>{%sz}
  // CHECK: %[[E:.+]] = stream_lite.tensor.encode %arg0 : tensor<?x4xf32, #stream_lite.padding<[0, ?]>>
  %1 = stream_lite.tensor.encode %r : tensor<?x4xf32, #stream_lite.padding<[0, ?]>>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32, #stream_lite.padding<[0, ?]>>{%d} in !stream_lite.resource<*>{%sz}
  %2 = stream_lite.tensor.encode %r : tensor<?x4xf32, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [8]>>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [8]>>{%d} in !stream_lite.resource<*>{%sz}
  // CHECK: %[[T:.+]] = stream_lite.tensor.clone %arg0 : tensor<2x2xf32, #stream_lite.unknown> in !stream_lite.resource<*>{%arg2} -> tensor<2x2xf32, #stream_lite.unknown> in !stream_lite.resource<transient>{%arg2}
  %3 = stream_lite.tensor.encode %r : tensor<2x2xf32, #stream_lite.unknown> in !stream_lite.resource<*>{%sz} -> tensor<2x2xf32, #stream_lite.unknown> in !stream_lite.resource<transient>{%sz}
  // CHECK-NOT: stream_lite.tensor.encode
  // CHECK: return %arg0, %[[E]], %arg0, %[[T]]
  return %0, %1, %2, %3 : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<transient>
}

// -----

// Tests that encodes between different unrecognized or unresolved encodings
// are not folded.
// CHECK-LABEL: func.func @no_fold_different_types
func.func @no_fold_different_types(%r: !stream_lite.resource<*>, %d: index, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) {
  // CHECK: stream_lite.tensor.encode
  %0 = stream_lite.tensor.encode %r : tensor<2x2xf32, #stream_lite.unknown> in !stream_lite.resource<*>{%sz} -> tensor<2x2xf32> in !stream_lite.resource<*>{%sz}
  // CHECK: stream_lite.tensor.encode
  %1 = stream_lite.tensor.encode %r : tensor<?x4xf32, #stream_lite.padding<[0, ?]>>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32, #stream_lite.testing<>>{%d} in !stream_lite.resource<*>{%sz}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}

// -----

// Tests that a clone nobody writes in place folds to its source.
// CHECK-LABEL: func.func @fold_clone
func.func @fold_clone(%r: !stream_lite.resource<*>, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<staging>) {
  // CHECK-NOT: stream_lite.tensor.clone
  %0 = stream_lite.tensor.clone %r : tensor<2x2xf32> in !stream_lite.resource<*>{%sz} -> tensor<2x2xf32> in !stream_lite.resource<*>{%sz}
  %1 = stream_lite.tensor.clone %r : tensor<2x2xf32> in !stream_lite.resource<*>{%sz} -> tensor<2x2xf32> in !stream_lite.resource<*>{%sz}
  // CHECK: %[[T:.+]] = stream_lite.async.transfer %arg0
  %2 = stream_lite.async.transfer %1 : !stream_lite.resource<*>{%sz} -> !stream_lite.resource<staging>{%sz}
  // CHECK: return %arg0, %[[T]]
  return %0, %2 : !stream_lite.resource<*>, !stream_lite.resource<staging>
}

// -----

// Tests that a clone stays when its copy is written in place (fill, update,
// tied dispatch), when its source is written in place after it, and when it
// changes the lifetime.
// CHECK-LABEL: func.func @no_fold_clone
func.func @no_fold_clone(%r: !stream_lite.resource<*>, %x: !stream_lite.resource<external>, %sz: index, %v: f32) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: %[[A:.+]] = stream_lite.tensor.clone %arg0
  // CHECK: stream_lite.tensor.fill %{{.+}}, %[[A]]
  %a = stream_lite.tensor.clone %r : tensor<2x2xf32> in !stream_lite.resource<*>{%sz} -> tensor<2x2xf32> in !stream_lite.resource<*>{%sz}
  %fa = stream_lite.tensor.fill %v, %a[%c0, %c0 for %c1, %c1] : f32 -> tensor<2x2xf32> in %a as !stream_lite.resource<*>{%sz}
  // CHECK: %[[B:.+]] = stream_lite.tensor.clone %arg0
  // CHECK: stream_lite.tensor.update %{{.+}}, %[[B]]
  %b = stream_lite.tensor.clone %r : tensor<2x2xf32> in !stream_lite.resource<*>{%sz} -> tensor<2x2xf32> in !stream_lite.resource<*>{%sz}
  %ub = stream_lite.tensor.update %r, %b[%c0, %c0] : tensor<2x2xf32> in !stream_lite.resource<*>{%sz} -> tensor<2x2xf32> in %b as !stream_lite.resource<*>{%sz}
  // CHECK: %[[C:.+]] = stream_lite.tensor.clone %arg0
  // CHECK: stream_lite.tensor.dispatch @ex::@entry(%[[C]])
  %c = stream_lite.tensor.clone %r : tensor<2x2xf32> in !stream_lite.resource<*>{%sz} -> tensor<2x2xf32> in !stream_lite.resource<*>{%sz}
  %dc = stream_lite.tensor.dispatch @ex::@entry(%c) : (tensor<2x2xf32> in !stream_lite.resource<*>{%sz}) -> tensor<2x2xf32> in %c{%sz}
  // The source is written after the clone: the clone keeps the old value.
  // CHECK: %[[S:.+]] = stream_lite.tensor.clone %arg1
  // CHECK: stream_lite.tensor.fill %{{.+}}, %arg1
  %s = stream_lite.tensor.clone %x : tensor<2x2xf32> in !stream_lite.resource<external>{%sz} -> tensor<2x2xf32> in !stream_lite.resource<external>{%sz}
  %fs = stream_lite.tensor.fill %v, %x[%c0, %c0 for %c1, %c1] : f32 -> tensor<2x2xf32> in %x as !stream_lite.resource<external>{%sz}
  %s2 = stream_lite.async.transfer %s : !stream_lite.resource<external>{%sz} -> !stream_lite.resource<*>{%sz}
  %fs2 = stream_lite.async.transfer %fs : !stream_lite.resource<external>{%sz} -> !stream_lite.resource<*>{%sz}
  // CHECK: %[[L:.+]] = stream_lite.tensor.clone %arg1 : tensor<2x2xf32> in !stream_lite.resource<external>{%arg2} -> tensor<2x2xf32> in !stream_lite.resource<*>{%arg2}
  %l = stream_lite.tensor.clone %x : tensor<2x2xf32> in !stream_lite.resource<external>{%sz} -> tensor<2x2xf32> in !stream_lite.resource<*>{%sz}
  return %fa, %ub, %dc, %s2, %fs2, %l : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}

// -----

// Tests that export then import on the same affinity with the same size is
// the exported resource, and import then export of the same tensor is the
// host tensor.
// CHECK-LABEL: func.func @fold_round_trips
func.func @fold_round_trips(%r: !stream_lite.resource<external>, %t: tensor<?x5xf32>, %d: index) -> (!stream_lite.resource<external>, tensor<?x5xf32>) {
  %c20 = arith.constant 20 : index
  // CHECK-NOT: stream_lite.tensor.import
  // CHECK-NOT: stream_lite.tensor.export
  %0 = stream_lite.tensor.export %r : tensor<?x5xf32>{%d} in !stream_lite.resource<external>{%c20} -> tensor<?x5xf32>
  %1 = stream_lite.tensor.import %0 : tensor<?x5xf32> -> tensor<?x5xf32>{%d} in !stream_lite.resource<external>{%c20}
  %2 = stream_lite.tensor.import %t : tensor<?x5xf32> -> tensor<?x5xf32>{%d} in !stream_lite.resource<external>{%c20}
  %3 = stream_lite.tensor.export %2 : tensor<?x5xf32>{%d} in !stream_lite.resource<external>{%c20} -> tensor<?x5xf32>
  // CHECK: return %arg0, %arg1
  return %1, %3 : !stream_lite.resource<external>, tensor<?x5xf32>
}

// -----

// Tests that round trips stay across affinities, sizes, lifetimes and dims.
// CHECK-LABEL: func.func @no_fold_round_trips
func.func @no_fold_round_trips(%r: !stream_lite.resource<external>, %s: !stream_lite.resource<*>, %t: tensor<?x5xf32>, %d: index, %e: index, %sz: index) -> (!stream_lite.resource<external>, !stream_lite.resource<external>, !stream_lite.resource<external>, tensor<?x5xf32>) {
  %c20 = arith.constant 20 : index
  // CHECK: stream_lite.tensor.export on(#stream_lite.affinity<@a>) %arg0
  // CHECK: stream_lite.tensor.import on(#stream_lite.affinity<@b>)
  %0 = stream_lite.tensor.export on(#stream_lite.affinity<@a>) %r : tensor<?x5xf32>{%d} in !stream_lite.resource<external>{%c20} -> tensor<?x5xf32>
  %1 = stream_lite.tensor.import on(#stream_lite.affinity<@b>) %0 : tensor<?x5xf32> -> tensor<?x5xf32>{%d} in !stream_lite.resource<external>{%c20}
  // CHECK: %[[E:.+]] = stream_lite.tensor.export %arg0 : tensor<?x5xf32>{%arg3} in !stream_lite.resource<external>{%c20}
  // CHECK: stream_lite.tensor.import %[[E]] : tensor<?x5xf32> -> tensor<?x5xf32>{%arg3} in !stream_lite.resource<external>{%arg5}
  %2 = stream_lite.tensor.export %r : tensor<?x5xf32>{%d} in !stream_lite.resource<external>{%c20} -> tensor<?x5xf32>
  %3 = stream_lite.tensor.import %2 : tensor<?x5xf32> -> tensor<?x5xf32>{%d} in !stream_lite.resource<external>{%sz}
  // CHECK: %[[F:.+]] = stream_lite.tensor.export %arg1
  // CHECK: stream_lite.tensor.import %[[F]]
  %4 = stream_lite.tensor.export %s : tensor<?x5xf32>{%d} in !stream_lite.resource<*>{%c20} -> tensor<?x5xf32>
  %5 = stream_lite.tensor.import %4 : tensor<?x5xf32> -> tensor<?x5xf32>{%d} in !stream_lite.resource<external>{%c20}
  // CHECK: %[[I:.+]] = stream_lite.tensor.import %arg2 : tensor<?x5xf32> -> tensor<?x5xf32>{%arg3}
  // CHECK: stream_lite.tensor.export %[[I]] : tensor<?x5xf32>{%arg4}
  %6 = stream_lite.tensor.import %t : tensor<?x5xf32> -> tensor<?x5xf32>{%d} in !stream_lite.resource<external>{%c20}
  %7 = stream_lite.tensor.export %6 : tensor<?x5xf32>{%e} in !stream_lite.resource<external>{%c20} -> tensor<?x5xf32>
  return %1, %3, %5, %7 : !stream_lite.resource<external>, !stream_lite.resource<external>, !stream_lite.resource<external>, tensor<?x5xf32>
}
stream_lite.device @a targets([#stream_lite.target<"x">])
stream_lite.device @b targets([#stream_lite.target<"x">])

// -----

// Tests that an import or export equal to an earlier one in the block is
// that one, also across other ops.
// CHECK-LABEL: func.func @dedup_host_transfers
func.func @dedup_host_transfers(%t: tensor<?x5xf32>, %r: !stream_lite.resource<external>, %d: index) -> (!stream_lite.resource<external>, !stream_lite.resource<external>, tensor<?x5xf32>, tensor<?x5xf32>, index) {
  %c20 = arith.constant 20 : index
  %c10 = arith.constant 10 : index
  // CHECK: %[[I:.+]] = stream_lite.tensor.import %arg0
  // CHECK: %[[S:.+]] = arith.addi
  // CHECK: %[[E:.+]] = stream_lite.tensor.export %arg1
  // CHECK-NOT: stream_lite.tensor.import
  // CHECK-NOT: stream_lite.tensor.export
  // CHECK: return %[[I]], %[[I]], %[[E]], %[[E]], %[[S]]
  %0 = stream_lite.tensor.import %t : tensor<?x5xf32> -> tensor<?x5xf32>{%d} in !stream_lite.resource<external>{%c20}
  %sum = arith.addi %c10, %d : index
  %1 = stream_lite.tensor.import %t : tensor<?x5xf32> -> tensor<?x5xf32>{%d} in !stream_lite.resource<external>{%c20}
  %2 = stream_lite.tensor.export %r : tensor<?x5xf32>{%d} in !stream_lite.resource<external>{%c20} -> tensor<?x5xf32>
  %3 = stream_lite.tensor.export %r : tensor<?x5xf32>{%d} in !stream_lite.resource<external>{%c20} -> tensor<?x5xf32>
  return %0, %1, %2, %3, %sum : !stream_lite.resource<external>, !stream_lite.resource<external>, tensor<?x5xf32>, tensor<?x5xf32>, index
}

// -----

// Tests that imports and exports that differ in a type, a size or an
// affinity are all kept.
// CHECK-LABEL: func.func @no_dedup_host_transfers
func.func @no_dedup_host_transfers(%t: tensor<?x5xf32>, %r: !stream_lite.resource<external>, %d: index, %sz: index) -> (!stream_lite.resource<external>, !stream_lite.resource<external>, !stream_lite.resource<external>, tensor<?x5xf32>, tensor<?x5xf32>) {
  %c20 = arith.constant 20 : index
  // CHECK-COUNT-3: stream_lite.tensor.import
  %0 = stream_lite.tensor.import %t : tensor<?x5xf32> -> tensor<?x5xf32>{%d} in !stream_lite.resource<external>{%c20}
  %1 = stream_lite.tensor.import %t : tensor<?x5xf32> -> tensor<?x5xf32>{%d} in !stream_lite.resource<external>{%sz}
  %2 = stream_lite.tensor.import on(#stream_lite.affinity<@b>) %t : tensor<?x5xf32> -> tensor<?x5xf32>{%d} in !stream_lite.resource<external>{%c20}
  // CHECK-COUNT-2: stream_lite.tensor.export
  %3 = stream_lite.tensor.export %r : tensor<?x5xf32>{%d} in !stream_lite.resource<external>{%c20} -> tensor<?x5xf32>
  %4 = stream_lite.tensor.export %r : tensor<?x5xf32>{%d} in !stream_lite.resource<external>{%sz} -> tensor<?x5xf32>
  return %0, %1, %2, %3, %4 : !stream_lite.resource<external>, !stream_lite.resource<external>, !stream_lite.resource<external>, tensor<?x5xf32>, tensor<?x5xf32>
}
stream_lite.device @b targets([#stream_lite.target<"x">])

// -----

// Tests that constants without elements become empty tensors and constants
// whose elements are all equal become splats (also complex ones).
// CHECK-LABEL: func.func @constants
func.func @constants(%d: index) -> (!stream_lite.resource<constant>, !stream_lite.resource<constant>, !stream_lite.resource<constant>, !stream_lite.resource<*>) {
  %c0 = arith.constant 0 : index
  // CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
  // CHECK-DAG: %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
  // CHECK-DAG: %[[CPLX:.+]] = complex.constant [2.000000e+00 : f32, 3.000000e+00 : f32] : complex<f32>
  // CHECK-DAG: %[[SZ0:.+]] = stream_lite.tensor.sizeof tensor<2x0x?xf32>{%arg0} : index
  // CHECK-DAG: %[[E0:.+]] = stream_lite.tensor.empty : tensor<2x0x?xf32>{%arg0} in !stream_lite.resource<constant>{%[[SZ0]]}
  %0 = stream_lite.tensor.constant : tensor<2x0x?xf32>{%d} in !stream_lite.resource<constant> = dense<> : tensor<2x0x4xf32>
  // CHECK-DAG: %[[SZ1:.+]] = stream_lite.tensor.sizeof tensor<2x?xf32>{%[[C0]]} : index
  // CHECK-DAG: %[[E1:.+]] = stream_lite.tensor.empty : tensor<2x?xf32>{%[[C0]]} in !stream_lite.resource<constant>{%[[SZ1]]}
  %1 = stream_lite.tensor.constant : tensor<2x?xf32>{%c0} in !stream_lite.resource<constant> = dense<> : tensor<2x0xf32>
  // CHECK-DAG: %[[SZ2:.+]] = stream_lite.tensor.sizeof on(#stream_lite.affinity<@a>) tensor<2x2xf32, #stream_lite.padding<[0, 4]>> : index
  // CHECK-DAG: %[[S2:.+]] = stream_lite.tensor.splat on(#stream_lite.affinity<@a>) %[[ONE]] : f32 -> tensor<2x2xf32, #stream_lite.padding<[0, 4]>> in !stream_lite.resource<constant>{%[[SZ2]]}
  %2 = stream_lite.tensor.constant on(#stream_lite.affinity<@a>) : tensor<2x2xf32, #stream_lite.padding<[0, 4]>> in !stream_lite.resource<constant> = dense<1.000000e+00> : tensor<2x2xf32>
  // CHECK-DAG: %[[SZ3:.+]] = stream_lite.tensor.sizeof tensor<2x2xcomplex<f32>> : index
  // CHECK-DAG: %[[S3:.+]] = stream_lite.tensor.splat %[[CPLX]] : complex<f32> -> tensor<2x2xcomplex<f32>> in !stream_lite.resource<*>{%[[SZ3]]}
  %3 = stream_lite.tensor.constant : tensor<2x2xcomplex<f32>> in !stream_lite.resource<*> = dense<(2.000000e+00,3.000000e+00)> : tensor<2x2xcomplex<f32>>
  // CHECK: return %[[E0]], %[[E1]], %[[S2]], %[[S3]]
  return %0, %1, %2, %3 : !stream_lite.resource<constant>, !stream_lite.resource<constant>, !stream_lite.resource<constant>, !stream_lite.resource<*>
}
stream_lite.device @a targets([#stream_lite.target<"x">])

// -----

// Tests that constants with elements that differ, or a dynamic dim that is
// not a constant 0, stay constants.
// CHECK-LABEL: func.func @no_fold_constants
func.func @no_fold_constants(%d: index) -> (!stream_lite.resource<constant>, !stream_lite.resource<constant>) {
  // CHECK: stream_lite.tensor.constant : tensor<2xi32> in !stream_lite.resource<constant> = dense<[1, 2]> : tensor<2xi32>
  %0 = stream_lite.tensor.constant : tensor<2xi32> in !stream_lite.resource<constant> = dense<[1, 2]> : tensor<2xi32>
  // CHECK: stream_lite.tensor.constant : tensor<?x3xi8>{%arg0} in !stream_lite.resource<constant> = dense<{{\[\[}}1, 2, 3]]> : tensor<1x3xi8>
  %1 = stream_lite.tensor.constant : tensor<?x3xi8>{%d} in !stream_lite.resource<constant> = dense<[[1, 2, 3]]> : tensor<1x3xi8>
  return %0, %1 : !stream_lite.resource<constant>, !stream_lite.resource<constant>
}
