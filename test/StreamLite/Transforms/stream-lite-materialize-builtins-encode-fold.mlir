// RUN: layout-opt --split-input-file --stream-lite-materialize-builtins %s | FileCheck %s
// RUN: layout-opt --split-input-file --verify-diagnostics --stream-lite-materialize-builtins --remarks-filter=stream-lite-materialize-builtins %s -o /dev/null

// Tests that an encode whose source and result types are equal folds to its
// source whatever the encoding, also one no pass recognizes (whose bytes
// could not be moved otherwise), and becomes a clone when the lifetime
// changes.
// CHECK-LABEL: func.func @equal_types
func.func @equal_types(%r: !stream_lite.resource<*>, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<transient>) {
  // expected-remark @+1 {{[Passed] stream_lite.tensor.encode | Category:stream-lite-materialize-builtins | Function=equal_types | Remark="folds away: the source and result types are equal"}}
  %0 = stream_lite.tensor.encode %r : tensor<2x2xf32, #stream_lite.unknown> in !stream_lite.resource<*>{%sz} -> tensor<2x2xf32, #stream_lite.unknown> in !stream_lite.resource<*>{%sz}
  // CHECK: %[[C:.+]] = stream_lite.tensor.clone %arg0 : tensor<2x2xf32, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [4]>> in !stream_lite.resource<*>{%arg1} -> tensor<2x2xf32, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [4]>> in !stream_lite.resource<transient>{%arg1}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.encode | Category:stream-lite-materialize-builtins | Function=equal_types | Remark="folds away: the source and result types are equal"}}
  %1 = stream_lite.tensor.encode %r : tensor<2x2xf32, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [4]>> in !stream_lite.resource<*>{%sz} -> tensor<2x2xf32, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [4]>> in !stream_lite.resource<transient>{%sz}
  // CHECK-NOT: stream_lite.tensor.encode
  // CHECK: return %arg0, %[[C]]
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<transient>
}
