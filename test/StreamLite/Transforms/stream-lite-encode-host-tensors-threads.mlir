// RUN: not layout-opt --stream-lite-encode-host-tensors --split-input-file %s 2>&1 | FileCheck %s
// RUN: not layout-opt --stream-lite-encode-host-tensors --split-input-file --mlir-disable-threading %s 2>&1 | FileCheck %s
// RUN: not layout-opt --stream-lite-encode-host-tensors=share-values=true --split-input-file %s 2>/dev/null | FileCheck %s --check-prefix=LOWERED
// RUN: not layout-opt --stream-lite-encode-host-tensors=share-values=true --split-input-file --mlir-disable-threading %s 2>/dev/null | FileCheck %s --check-prefix=LOWERED

// --stream-lite-encode-host-tensors lowers one function at a time, functions
// in parallel when MLIR has threads; with or without threads the result and
// the diagnostics are the same.

// Tests that every function is lowered, also after one that fails: the
// errors of the functions come in module order, and then the first op left
// over fails the pass.
// CHECK: error: 'stream_lite.tensor.fill' op needs a builtin dispatch
// CHECK: error: 'stream_lite.tensor.sizeof' op tensor type 'tensor<?x4xf32, #stream_lite.padding<[0, ?]>>' has an unresolved encoding
// CHECK: error: 'stream_lite.tensor.fill' op is still a tensor-phase op after encode-host-tensors
// CHECK-NOT: error:

#tile = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 2]>
func.func @fill_cuts_tiles(%sz: index, %r: !stream_lite.resource<*>, %v: f32) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %0 = stream_lite.tensor.fill %v, %r[%c0, %c0 for %c1, %c4] : f32 -> tensor<8x4xf32, #tile> in %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
func.func @sizeof_unresolved(%d: index) -> index {
  %0 = stream_lite.tensor.sizeof tensor<?x4xf32, #stream_lite.padding<[0, ?]>>{%d} : index
  return %0 : index
}

// -----

// Tests that functions lowered by one thread after another each get their
// own shared constants and bitcasts, at their own start: none is reused
// from a function lowered before.
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])

// LOWERED-LABEL: func.func @fill_first
// LOWERED-NEXT:    %[[C8:.+]] = arith.constant 8 : index
// LOWERED-NEXT:    %[[C0:.+]] = arith.constant 0 : index
// LOWERED:         %[[BITS:.+]] = arith.bitcast %arg1 : f32 to i32
// LOWERED-NEXT:    stream_lite.async.fill on({{.+}}) %[[BITS]], %arg0[%[[C0]] to %[[C8]] for %[[C8]]]
// LOWERED-LABEL: func.func @fill_second
// LOWERED-NEXT:    %[[C8:.+]] = arith.constant 8 : index
// LOWERED-NEXT:    %[[C0:.+]] = arith.constant 0 : index
// LOWERED:         %[[BITS:.+]] = arith.bitcast %arg1 : f32 to i32
// LOWERED-NEXT:    stream_lite.async.fill on({{.+}}) %[[BITS]], %arg0[%[[C0]] to %[[C8]] for %[[C8]]]
// LOWERED-LABEL: func.func @fill_third
// LOWERED-NEXT:    %[[C8:.+]] = arith.constant 8 : index
// LOWERED-NEXT:    %[[C0:.+]] = arith.constant 0 : index
// LOWERED:         %[[BITS:.+]] = arith.bitcast %arg1 : f32 to i32
// LOWERED-NEXT:    stream_lite.async.fill on({{.+}}) %[[BITS]], %arg0[%[[C0]] to %[[C8]] for %[[C8]]]
func.func @fill_first(%r: !stream_lite.resource<*>, %v: f32) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %r[%c0, %c0 for %c1, %c2] : f32 -> tensor<4x4xf32> in %r as !stream_lite.resource<*>{%c64}
  return %f : !stream_lite.resource<*>
}
func.func @fill_second(%r: !stream_lite.resource<*>, %v: f32) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %r[%c0, %c0 for %c1, %c2] : f32 -> tensor<4x4xf32> in %r as !stream_lite.resource<*>{%c64}
  return %f : !stream_lite.resource<*>
}
func.func @fill_third(%r: !stream_lite.resource<*>, %v: f32) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %r[%c0, %c0 for %c1, %c2] : f32 -> tensor<4x4xf32> in %r as !stream_lite.resource<*>{%c64}
  return %f : !stream_lite.resource<*>
}
