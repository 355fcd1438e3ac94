// RUN: layout-opt --stream-lite-materialize-builtins %s | FileCheck %s
// RUN: layout-opt --stream-lite-materialize-builtins --mlir-disable-threading %s | FileCheck %s
// RUN: layout-opt --stream-lite-materialize-builtins %s -o %t.threads
// RUN: layout-opt --stream-lite-materialize-builtins --mlir-disable-threading %s -o %t.serial
// RUN: diff %t.threads %t.serial
// RUN: layout-opt --stream-lite-materialize-builtins --remarks-filter=stream-lite-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: layout-opt --stream-lite-materialize-builtins --remarks-filter=stream-lite-statistics --mlir-disable-threading %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: not layout-opt --stream-lite-materialize-builtins %S/Inputs/materialize-builtins-threads-errors.mlir 2>&1 | FileCheck %S/Inputs/materialize-builtins-threads-errors.mlir
// RUN: not layout-opt --stream-lite-materialize-builtins --mlir-disable-threading %S/Inputs/materialize-builtins-threads-errors.mlir 2>&1 | FileCheck %S/Inputs/materialize-builtins-threads-errors.mlir

// --stream-lite-materialize-builtins materializes functions in parallel when
// MLIR has threads; a function only names the builtin executables it
// dispatches to, and they are created afterwards in module order, each
// right before the first function that needs it. The output is the same
// with and without threads. (With a remark engine, e.g. --remarks-filter,
// the pass runs serially: remarks are streamed in order. The merge of the
// threads' counts is unit-tested, MaterializationTest.cpp.)

stream_lite.device @dev targets([#stream_lite.target<"x">])
#tile44 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>
#tile84 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>

// Tests that each executable comes right before the first function that
// dispatches to it (two before the function that needs both first, in the
// order it needs them), and once.
// CHECK:       stream_lite.executable private @[[A:__builtin_encode_Dx6xf32_to_Dx6xf32_tiled_p0_1_t4_4]]
// CHECK-NOT:   func.func @needs
// CHECK:       stream_lite.executable private @[[B:__builtin_encode_Dx6xf32_to_Dx6xf32_tiled_p0_1_t8_4]]
// CHECK-NOT:   stream_lite.executable private
// CHECK-LABEL: func.func @needs_a_then_b
// CHECK:         stream_lite.tensor.dispatch @[[A]]::@[[A]]
// CHECK:         stream_lite.tensor.dispatch @[[B]]::@[[B]]
// CHECK-NOT:   stream_lite.executable private
// CHECK-LABEL: func.func @needs_b
// CHECK:         stream_lite.tensor.dispatch @[[B]]::@[[B]]
// CHECK:       stream_lite.executable private @[[C:__builtin_encode_Dx6xf32_tiled_p0_1_t4_4_to_Dx6xf32]]
// CHECK-LABEL: func.func @needs_c_and_a
// CHECK:         stream_lite.tensor.dispatch @[[C]]::@[[C]]
// CHECK:         stream_lite.tensor.dispatch @[[A]]::@[[A]]
// CHECK-NOT:   stream_lite.executable private
// Tests that the counts of the threads add up.
// STATS: remark: [Analysis] stream-lite-materialize-builtins | Category:stream-lite-statistics | builtin-executables=3, dma-kept=0, encodes-folded=0, fill-dispatches=0, relayout-dispatches=5, slice-dispatches=0, splat-dispatches=0, update-dispatches=0
func.func @needs_a_then_b(%r: !stream_lite.resource<*>, %d: index, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %0 = stream_lite.tensor.encode %r : tensor<?x6xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x6xf32, #tile44>{%d} in !stream_lite.resource<*>{%sz}
  %1 = stream_lite.tensor.encode %r : tensor<?x6xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x6xf32, #tile84>{%d} in !stream_lite.resource<*>{%sz}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}
func.func @needs_b(%r: !stream_lite.resource<*>, %d: index, %sz: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %0 = stream_lite.tensor.encode %r : tensor<?x6xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x6xf32, #tile84>{%d} in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
func.func @needs_c_and_a(%r: !stream_lite.resource<*>, %d: index, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %0 = stream_lite.tensor.encode %r : tensor<?x6xf32, #tile44>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x6xf32>{%d} in !stream_lite.resource<*>{%sz}
  %1 = stream_lite.tensor.encode %r : tensor<?x6xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x6xf32, #tile44>{%d} in !stream_lite.resource<*>{%sz}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}
