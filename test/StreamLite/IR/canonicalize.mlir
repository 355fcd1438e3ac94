// RUN: layout-opt --split-input-file --canonicalize %s | FileCheck %s

// Tests that encodes between physically equal layouts become clones of the
// source type.
// CHECK-LABEL: func.func @fold_equal_layouts
func.func @fold_equal_layouts(%r: !stream_lite.resource<*>, %d: index, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) {
  // CHECK: %[[A:.+]] = stream_lite.tensor.clone on(#stream_lite.affinity<@dev>) %arg0 : tensor<?x4xf32>{%arg1} in !stream_lite.resource<*>{%arg2} -> tensor<?x4xf32>{%arg1} in !stream_lite.resource<*>{%arg2}
  %0 = stream_lite.tensor.encode on(#stream_lite.affinity<@dev>) %r : tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32, #stream_lite.identity>{%d} in !stream_lite.resource<*>{%sz}
  // CHECK: %[[B:.+]] = stream_lite.tensor.clone %arg0 : tensor<?x4xf32, #stream_lite.padding<[0, 0]>>
  %1 = stream_lite.tensor.encode %r : tensor<?x4xf32, #stream_lite.padding<[0, 0]>>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [1, 1]>]>>{%d} in !stream_lite.resource<*>{%sz}
  // CHECK: %[[C:.+]] = stream_lite.tensor.clone %arg0 : tensor<?x4xf32, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [8]>>
  %2 = stream_lite.tensor.encode %r : tensor<?x4xf32, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [8]>>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 1]>>{%d} in !stream_lite.resource<*>{%sz}
  // CHECK: return %[[A]], %[[B]], %[[C]]
  return %0, %1, %2 : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}

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
