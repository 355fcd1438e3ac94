// RUN: layout-opt --split-input-file --stream-lite-layout-pipeline %s | FileCheck %s
// RUN: layout-opt --split-input-file --stream-lite-layout-pipeline %s | FileCheck %s --check-prefix=NO-TENSOR-OPS
// NO-TENSOR-OPS-NOT: stream_lite.tensor.

// Tests the whole layout flow on two devices: the CPU's matmul layout is
// resolved, relayouts and a fill that cuts tiles become builtin dispatches,
// sizes become layout arithmetic, and the GPU's row slice is one byte range.
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])
stream_lite.device @gpu targets([#stream_lite.target<"rocm">])

// CHECK: stream_lite.executable private @[[TO_TILED:__builtin_encode_Dx4xf32_to_Dx4xf32_tiled_p0_t8]]
// CHECK: stream_lite.executable private @[[FILL:__builtin_fill_Dx4xf32_tiled_p0_t8]]
// CHECK: stream_lite.executable private @[[TO_DENSE:__builtin_encode_Dx4xf32_tiled_p0_t8_to_Dx4xf32]]
// CHECK-LABEL: func.func @two_devices
func.func @two_devices(%input: tensor<?x4xf32>, %rows: index) -> tensor<2x4xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  // Dense size: rows * 16 bytes; tiled size: ceil(rows / 8) * 128 bytes.
  // CHECK: %[[DENSE:.+]] = arith.muli %arg1, %c16 : index
  // CHECK: %[[IN:.+]] = stream_lite.async.import %arg0 : tensor<?x4xf32> -> !stream_lite.resource<external>{%[[DENSE]]}
  // CHECK: %[[TILES:.+]] = arith.ceildivui %arg1, %c8 : index
  // CHECK: %[[TILED:.+]] = arith.muli %[[TILES]], %c128 : index
  %dense_size = stream_lite.tensor.sizeof tensor<?x4xf32>{%rows} : index
  %imported = stream_lite.tensor.import %input : tensor<?x4xf32> -> tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%dense_size}
  %lhs_size = stream_lite.tensor.sizeof tensor<?x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>{%rows} : index
  // CHECK: %[[LHS:.+]] = stream_lite.async.dispatch @[[TO_TILED]]::@[[TO_TILED]](%[[IN]][%c0 to %[[DENSE]] for %[[DENSE]]], %arg1, %arg1) : (!stream_lite.resource<external>{%[[DENSE]]}, index, index) -> !stream_lite.resource<*>{%[[TILED]]}
  %lhs = stream_lite.tensor.encode %imported : tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%dense_size} -> tensor<?x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>{%rows} in !stream_lite.resource<*>{%lhs_size}
  // CHECK: %[[FILLED:.+]] = stream_lite.async.dispatch @[[FILL]]::@[[FILL]](%[[LHS]][%c0 to %[[TILED]] for %[[TILED]]], %arg1, %c0, %c0, %c1, %c4, %cst) : {{.+}} -> %[[LHS]] as !stream_lite.resource<*>{%[[TILED]]}
  %filled = stream_lite.tensor.fill %zero, %lhs[%c0, %c0 for %c1, %c4] : f32 -> tensor<?x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>{%rows} in %lhs as !stream_lite.resource<*>{%lhs_size}
  // CHECK: %[[BACK:.+]] = stream_lite.async.dispatch @[[TO_DENSE]]::@[[TO_DENSE]](%[[FILLED]]
  %dense = stream_lite.tensor.encode %filled : tensor<?x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>{%rows} in !stream_lite.resource<*>{%lhs_size} -> tensor<?x4xf32>{%rows} in !stream_lite.resource<*>{%dense_size}
  // CHECK: %[[MOVED:.+]] = stream_lite.async.transfer %[[BACK]]
  %on_gpu = stream_lite.async.transfer %dense : !stream_lite.resource<*>{%dense_size} from(#stream_lite.affinity<@cpu>) -> to(#stream_lite.affinity<@gpu>) !stream_lite.resource<*>{%dense_size}
  %slice_size = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<2x4xf32> : index
  // CHECK: %[[SLICE:.+]] = stream_lite.async.slice on(#stream_lite.affinity<@gpu>) %[[MOVED]][%c0 to %c32] : !stream_lite.resource<*>{%[[DENSE]]} -> !stream_lite.resource<external>{%c32}
  %slice = stream_lite.tensor.slice on(#stream_lite.affinity<@gpu>) %on_gpu[%c0, %c0 for %c2, %c4] : tensor<?x4xf32>{%rows} in !stream_lite.resource<*>{%dense_size} -> tensor<2x4xf32> in !stream_lite.resource<external>{%slice_size}
  // CHECK: stream_lite.async.export on(#stream_lite.affinity<@gpu>) %[[SLICE]] : !stream_lite.resource<external>{%c32} -> tensor<2x4xf32>
  %result = stream_lite.tensor.export on(#stream_lite.affinity<@gpu>) %slice : tensor<2x4xf32> in !stream_lite.resource<external>{%slice_size} -> tensor<2x4xf32>
  return %result : tensor<2x4xf32>
}

// -----

// Tests that a program without tensor-phase ops goes through unchanged.
// CHECK-LABEL: func.func @negative_nothing_to_do
// CHECK-NEXT: return %arg0
func.func @negative_nothing_to_do(%x: index) -> index {
  return %x : index
}

// -----

// Tests that the pipeline's canonicalizer leaves out upstream's scf.if
// ConditionPropagation, which visits every use of the condition for every
// if on it (quadratic with one flag behind many ifs): the select on the
// if's own condition stays. (If the pattern's debug name changed, it would
// run again and fold the select, and this case would fail.)
// CHECK-LABEL: func.func @condition_not_propagated
// CHECK: scf.if %[[C:.+]] -> (i32) {
// CHECK-NEXT: arith.select %[[C]]
func.func @condition_not_propagated(%c: i1, %a: i32, %b: i32) -> i32 {
  %r = scf.if %c -> i32 {
    %s = arith.select %c, %a, %b : i32
    scf.yield %s : i32
  } else {
    scf.yield %b : i32
  }
  return %r : i32
}
