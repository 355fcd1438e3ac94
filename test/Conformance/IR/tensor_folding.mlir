// RUN: layout-opt --split-input-file --canonicalize %s | FileCheck %s

// IREE's Stream IR test tensor_folding.mlir in stream_lite syntax
// (docs/conformance.md, IR tests).

// Host tensors are typed, so the export and import share one shape (IREE reshapes through an untyped !util.buffer).
// CHECK-LABEL: @FoldTensorImportOp
func.func private @FoldTensorImportOp(%arg0: !stream_lite.resource<external>, %arg1: index) -> !stream_lite.resource<external> {
  // CHECK-NOT: stream_lite.tensor.import
  // CHECK-NOT: stream_lite.tensor.export
  // CHECK: return %arg0 : !stream_lite.resource<external>
  %c20 = arith.constant 20 : index
  %0 = stream_lite.tensor.export %arg0 : tensor<?x5xf32>{%arg1} in !stream_lite.resource<external>{%c20} -> tensor<?x5xf32>
  %1 = stream_lite.tensor.import %0 : tensor<?x5xf32> -> tensor<?x5xf32>{%arg1} in !stream_lite.resource<external>{%c20}
  return %1 : !stream_lite.resource<external>
}

// -----

// CHECK-LABEL: @FoldTensorExportOp
func.func private @FoldTensorExportOp(%arg0: tensor<?x5xf32>, %arg1: index) -> tensor<?x5xf32> {
  // CHECK-NOT: stream_lite.tensor.import
  // CHECK-NOT: stream_lite.tensor.export
  // CHECK: return %arg0 : tensor<?x5xf32>
  %c20 = arith.constant 20 : index
  %0 = stream_lite.tensor.import %arg0 : tensor<?x5xf32> -> tensor<?x5xf32>{%arg1} in !stream_lite.resource<external>{%c20}
  %1 = stream_lite.tensor.export %0 : tensor<?x5xf32>{%arg1} in !stream_lite.resource<external>{%c20} -> tensor<?x5xf32>
  return %1 : tensor<?x5xf32>
}

// -----

// IREE's KeepTensorExportOpWithDifferingEncodings exports under another shape, which a typed host tensor cannot take; another dim value keeps both ops the same way.
// CHECK-LABEL: @KeepTensorExportOpWithDifferingEncodings
func.func private @KeepTensorExportOpWithDifferingEncodings(%arg0: tensor<?x5xf32>, %arg1: index, %arg2: index) -> tensor<?x5xf32> {
  // CHECK: %[[IMPORT:.+]] = stream_lite.tensor.import %arg0 : tensor<?x5xf32> -> tensor<?x5xf32>{%arg1} in !stream_lite.resource<external>{%c20}
  // CHECK: %[[EXPORT:.+]] = stream_lite.tensor.export %[[IMPORT]] : tensor<?x5xf32>{%arg2} in !stream_lite.resource<external>{%c20} -> tensor<?x5xf32>
  // CHECK: return %[[EXPORT]] : tensor<?x5xf32>
  %c20 = arith.constant 20 : index
  %0 = stream_lite.tensor.import %arg0 : tensor<?x5xf32> -> tensor<?x5xf32>{%arg1} in !stream_lite.resource<external>{%c20}
  %1 = stream_lite.tensor.export %0 : tensor<?x5xf32>{%arg2} in !stream_lite.resource<external>{%c20} -> tensor<?x5xf32>
  return %1 : tensor<?x5xf32>
}

// -----

// CHECK-LABEL: @TensorConstantToEmpty
func.func private @TensorConstantToEmpty(%arg0: index) -> !stream_lite.resource<constant> {
  // CHECK: %[[SIZE:.+]] = stream_lite.tensor.sizeof tensor<2x0x?xf32>{%arg0} : index
  // CHECK: %[[EMPTY:.+]] = stream_lite.tensor.empty : tensor<2x0x?xf32>{%arg0} in !stream_lite.resource<constant>{%[[SIZE]]}
  // CHECK: return %[[EMPTY]]
  // CHECK-NOT: stream_lite.tensor.constant
  %cst = stream_lite.tensor.constant : tensor<2x0x?xf32>{%arg0} in !stream_lite.resource<constant> = dense<> : tensor<2x0x4xf32>
  return %cst : !stream_lite.resource<constant>
}

// -----

// CHECK-LABEL: @TensorConstantToEmptyDynamic
func.func private @TensorConstantToEmptyDynamic() -> !stream_lite.resource<constant> {
  // CHECK: %[[EMPTY:.+]] = stream_lite.tensor.empty : tensor<2x?xf32>{%c0} in !stream_lite.resource<constant>
  // CHECK: return %[[EMPTY]]
  // CHECK-NOT: stream_lite.tensor.constant
  %c0 = arith.constant 0 : index
  %cst = stream_lite.tensor.constant : tensor<2x?xf32>{%c0} in !stream_lite.resource<constant> = dense<> : tensor<2x0xf32>
  return %cst : !stream_lite.resource<constant>
}

// -----

// The splat takes the constant's lifetime directly; IREE splats into !stream.resource<*> and adds a transfer.
// CHECK-LABEL: @TensorConstantToSplat
func.func private @TensorConstantToSplat() -> !stream_lite.resource<constant> {
  // CHECK-DAG: %[[CST:.+]] = arith.constant 1.000000e+00 : f32
  // CHECK-DAG: %[[SIZE:.+]] = stream_lite.tensor.sizeof tensor<2x2xf32> : index
  // CHECK: = stream_lite.tensor.splat %[[CST]] : f32 -> tensor<2x2xf32> in !stream_lite.resource<constant>{%[[SIZE]]}
  %cst = stream_lite.tensor.constant : tensor<2x2xf32> in !stream_lite.resource<constant> = dense<1.000000e+00> : tensor<2x2xf32>
  return %cst : !stream_lite.resource<constant>
}

// -----

// CHECK-LABEL: @TensorComplexConstantToSplat
func.func private @TensorComplexConstantToSplat() -> !stream_lite.resource<constant> {
  // CHECK-DAG: %[[CST:.+]] = complex.constant [2.000000e+00 : f32, 3.000000e+00 : f32] : complex<f32>
  // CHECK-DAG: %[[SIZE:.+]] = stream_lite.tensor.sizeof tensor<2x2xcomplex<f32>> : index
  // CHECK: = stream_lite.tensor.splat %[[CST]] : complex<f32> -> tensor<2x2xcomplex<f32>> in !stream_lite.resource<constant>{%[[SIZE]]}
  %cst = stream_lite.tensor.constant : tensor<2x2xcomplex<f32>> in !stream_lite.resource<constant> = dense<(2.000000e+00,3.000000e+00)> : tensor<2x2xcomplex<f32>>
  return %cst : !stream_lite.resource<constant>
}

// -----

// IREE's NarrowSplatPattern* cases splat an i32/i64/bf16 pattern into an f32 tensor; a stream_lite splat value has the element type and materialize-builtins picks the fill width (contract, sections 4 and 6).
// CHECK-LABEL: @NarrowSplatPatternF32
func.func private @NarrowSplatPatternF32() -> !stream_lite.resource<*> {
  %c100 = arith.constant 100 : index
  %pattern = arith.constant 0.0 : f32
  // CHECK: stream_lite.tensor.splat %{{.+}} : f32 -> tensor<2x2xf32>
  %0 = stream_lite.tensor.splat %pattern : f32 -> tensor<2x2xf32> in !stream_lite.resource<*>{%c100}
  return %0 : !stream_lite.resource<*>
}

// -----

// CHECK-LABEL: @NoNarrowSplatPatternI1
func.func private @NoNarrowSplatPatternI1() -> !stream_lite.resource<*> {
  %c100 = arith.constant 100 : index
  %pattern = arith.constant true
  // CHECK: stream_lite.tensor.splat %true : i1
  %0 = stream_lite.tensor.splat %pattern : i1 -> tensor<2x2xi1> in !stream_lite.resource<*>{%c100}
  return %0 : !stream_lite.resource<*>
}

// -----

// CHECK-LABEL: @FoldTensorCloneOp
func.func private @FoldTensorCloneOp(%arg0: !stream_lite.resource<*>, %arg1: index) -> !stream_lite.resource<*> {
  // CHECK-NOT: stream_lite.tensor.clone
  %0 = stream_lite.tensor.clone %arg0 : tensor<2x2xf32> in !stream_lite.resource<*>{%arg1} -> tensor<2x2xf32> in !stream_lite.resource<*>{%arg1}
  // CHECK: return %arg0
  return %0 : !stream_lite.resource<*>
}

// -----

// CHECK-LABEL: @NofoldTensorCloneOp
func.func private @NofoldTensorCloneOp(%arg0: !stream_lite.resource<external>, %arg1: index) -> !stream_lite.resource<*> {
  // CHECK: %[[CLONE:.+]] = stream_lite.tensor.clone
  %0 = stream_lite.tensor.clone %arg0 : tensor<2x2xf32> in !stream_lite.resource<external>{%arg1} -> tensor<2x2xf32> in !stream_lite.resource<*>{%arg1}
  // CHECK: return %[[CLONE]] : !stream_lite.resource<*>
  return %0 : !stream_lite.resource<*>
}

// -----

// CHECK-LABEL: @ElideUnneededTensorClones
func.func private @ElideUnneededTensorClones(%arg0: !stream_lite.resource<*>, %arg1: index) -> f32 {
  %c0 = arith.constant 0 : index
  // CHECK-NOT: stream_lite.tensor.clone
  %0 = stream_lite.tensor.clone %arg0 : tensor<2x2xf32> in !stream_lite.resource<*>{%arg1} -> tensor<2x2xf32> in !stream_lite.resource<*>{%arg1}
  // CHECK: %[[T0:.+]] = stream_lite.async.transfer %arg0 : !stream_lite.resource<*>{%arg1} -> !stream_lite.resource<staging>{%arg1}
  %1 = stream_lite.async.transfer %0 : !stream_lite.resource<*>{%arg1} -> !stream_lite.resource<staging>{%arg1}
  // CHECK: %[[T1:.+]] = stream_lite.tensor.load %[[T0]][%c0, %c0] : tensor<2x2xf32> in !stream_lite.resource<staging>{%arg1} -> f32
  %2 = stream_lite.tensor.load %1[%c0, %c0] : tensor<2x2xf32> in !stream_lite.resource<staging>{%arg1} -> f32
  // CHECK: return %[[T1]]
  return %2 : f32
}

// -----

#encoding = #stream_lite.padding<[0, 0]>
// CHECK-LABEL: @FoldTensorEncodeOpWithIdentitySource(
// CHECK-SAME:    %[[SRC:[a-zA-Z0-9]+]]
func.func private @FoldTensorEncodeOpWithIdentitySource(%arg0: !stream_lite.resource<*>, %arg1: index) -> !stream_lite.resource<*> {
  %0 = stream_lite.tensor.encode %arg0 : tensor<2x2xf32, #encoding> in !stream_lite.resource<*>{%arg1} -> tensor<2x2xf32> in !stream_lite.resource<*>{%arg1}
  // CHECK:         return %[[SRC]]
  return %0 : !stream_lite.resource<*>
}

// -----

#encoding = #stream_lite.padding<[0, 0]>
// CHECK-LABEL: @FoldTensorEncodeOpWithIdentityResult(
// CHECK-SAME:    %[[SRC:[a-zA-Z0-9]+]]
func.func private @FoldTensorEncodeOpWithIdentityResult(%arg0: !stream_lite.resource<*>, %arg1: index) -> !stream_lite.resource<*> {
  %0 = stream_lite.tensor.encode %arg0 : tensor<2x2xf32> in !stream_lite.resource<*>{%arg1} -> tensor<2x2xf32, #encoding> in !stream_lite.resource<*>{%arg1}
  // CHECK:         return %[[SRC]]
  return %0 : !stream_lite.resource<*>
}

// -----

#encoding = #stream_lite.unknown
// CHECK-LABEL: @FoldTensorEncodeOpWithSameSourceResultEncodings(
// CHECK-SAME:    %[[SRC:[a-zA-Z0-9]+]]
func.func private @FoldTensorEncodeOpWithSameSourceResultEncodings(%arg0: !stream_lite.resource<*>, %arg1: index) -> !stream_lite.resource<*> {
  %0 = stream_lite.tensor.encode %arg0 : tensor<2x2xf32, #encoding> in !stream_lite.resource<*>{%arg1} -> tensor<2x2xf32, #encoding> in !stream_lite.resource<*>{%arg1}
  // CHECK:         return %[[SRC]]
  return %0 : !stream_lite.resource<*>
}

// -----

#encoding = #stream_lite.unknown
// CHECK-LABEL:  @NofoldTensorEncodingOpWithUnknownSourceEncoding
func.func public @NofoldTensorEncodingOpWithUnknownSourceEncoding(%arg0: !stream_lite.resource<*>, %arg1: index, %arg2: index, %arg3: index) -> !stream_lite.resource<*> {
  // CHECK: %[[RESULT:.+]] = stream_lite.tensor.encode
  // CHECK: return %[[RESULT]]
  %0 = stream_lite.tensor.encode on(#stream_lite.affinity<@device_a>)
    %arg0 : tensor<?x?xf32, #encoding>{%arg2, %arg3} in !stream_lite.resource<*>{%arg1}
    -> tensor<?x?xf32>{%arg2, %arg3} in !stream_lite.resource<*>{%arg1}
  return %0 : !stream_lite.resource<*>
}
stream_lite.device @device_a targets([#stream_lite.target<"x">])

// -----

#encoding = #stream_lite.unknown
// CHECK-LABEL:  @NofoldTensorEncodingOpWithUnknownResultEncoding
func.func public @NofoldTensorEncodingOpWithUnknownResultEncoding(%arg0: !stream_lite.resource<*>, %arg1: index, %arg2: index, %arg3: index) -> !stream_lite.resource<*> {
  // CHECK: %[[RESULT:.+]] = stream_lite.tensor.encode
  // CHECK: return %[[RESULT]]
  %0 = stream_lite.tensor.encode on(#stream_lite.affinity<@device_a>)
    %arg0 : tensor<?x?xf32>{%arg2, %arg3} in !stream_lite.resource<*>{%arg1}
    -> tensor<?x?xf32, #encoding>{%arg2, %arg3} in !stream_lite.resource<*>{%arg1}
  return %0 : !stream_lite.resource<*>
}
stream_lite.device @device_a targets([#stream_lite.target<"x">])

// -----

// CHECK-LABEL: @DeduplicateTensorImportSameOperand
func.func private @DeduplicateTensorImportSameOperand(%arg0: tensor<?x5xf32>, %arg1: index) -> (!stream_lite.resource<external>, !stream_lite.resource<external>) {
  %c20 = arith.constant 20 : index
  // CHECK: %[[IMPORT:.+]] = stream_lite.tensor.import %arg0 : tensor<?x5xf32> -> tensor<?x5xf32>{%arg1} in !stream_lite.resource<external>{%c20}
  // CHECK-NOT: stream_lite.tensor.import
  // CHECK: return %[[IMPORT]], %[[IMPORT]]
  %0 = stream_lite.tensor.import %arg0 : tensor<?x5xf32> -> tensor<?x5xf32>{%arg1} in !stream_lite.resource<external>{%c20}
  %1 = stream_lite.tensor.import %arg0 : tensor<?x5xf32> -> tensor<?x5xf32>{%arg1} in !stream_lite.resource<external>{%c20}
  return %0, %1 : !stream_lite.resource<external>, !stream_lite.resource<external>
}

// -----

// IREE's NofoldTensorImportDifferentEncoding imports under two shapes, which a typed host tensor cannot take; two sizes keep both imports the same way.
// CHECK-LABEL: @NofoldTensorImportDifferentEncoding
func.func private @NofoldTensorImportDifferentEncoding(%arg0: tensor<?x5xf32>, %arg1: index, %arg2: index) -> (!stream_lite.resource<external>, !stream_lite.resource<external>) {
  %c20 = arith.constant 20 : index
  // CHECK: stream_lite.tensor.import %arg0 : tensor<?x5xf32> -> tensor<?x5xf32>{%arg1} in !stream_lite.resource<external>{%c20}
  // CHECK: stream_lite.tensor.import %arg0 : tensor<?x5xf32> -> tensor<?x5xf32>{%arg1} in !stream_lite.resource<external>{%arg2}
  %0 = stream_lite.tensor.import %arg0 : tensor<?x5xf32> -> tensor<?x5xf32>{%arg1} in !stream_lite.resource<external>{%c20}
  %1 = stream_lite.tensor.import %arg0 : tensor<?x5xf32> -> tensor<?x5xf32>{%arg1} in !stream_lite.resource<external>{%arg2}
  return %0, %1 : !stream_lite.resource<external>, !stream_lite.resource<external>
}

// -----

// CHECK-LABEL: @DeduplicateTensorExportSameOperand
func.func private @DeduplicateTensorExportSameOperand(%arg0: !stream_lite.resource<external>, %arg1: index) -> (tensor<?x5xf32>, tensor<?x5xf32>) {
  %c20 = arith.constant 20 : index
  // CHECK: %[[EXPORT:.+]] = stream_lite.tensor.export %arg0 : tensor<?x5xf32>{%arg1} in !stream_lite.resource<external>{%c20} -> tensor<?x5xf32>
  // CHECK-NOT: stream_lite.tensor.export
  // CHECK: return %[[EXPORT]], %[[EXPORT]]
  %0 = stream_lite.tensor.export %arg0 : tensor<?x5xf32>{%arg1} in !stream_lite.resource<external>{%c20} -> tensor<?x5xf32>
  %1 = stream_lite.tensor.export %arg0 : tensor<?x5xf32>{%arg1} in !stream_lite.resource<external>{%c20} -> tensor<?x5xf32>
  return %0, %1 : tensor<?x5xf32>, tensor<?x5xf32>
}

// -----

// CHECK-LABEL: @NofoldTensorExportDifferentSize
func.func private @NofoldTensorExportDifferentSize(%arg0: !stream_lite.resource<external>, %arg1: index, %arg2: index) -> (tensor<?x5xf32>, tensor<?x5xf32>) {
  // CHECK-COUNT-2: stream_lite.tensor.export
  %0 = stream_lite.tensor.export %arg0 : tensor<?x5xf32>{%arg1} in !stream_lite.resource<external>{%arg1} -> tensor<?x5xf32>
  %1 = stream_lite.tensor.export %arg0 : tensor<?x5xf32>{%arg1} in !stream_lite.resource<external>{%arg2} -> tensor<?x5xf32>
  return %0, %1 : tensor<?x5xf32>, tensor<?x5xf32>
}

// -----

// CHECK-LABEL: @DeduplicateTensorImportWithIntermediateOp
func.func private @DeduplicateTensorImportWithIntermediateOp(%arg0: tensor<?x5xf32>, %arg1: index) -> (!stream_lite.resource<external>, !stream_lite.resource<external>, index) {
  %c20 = arith.constant 20 : index
  %c10 = arith.constant 10 : index
  // CHECK: %[[IMPORT:.+]] = stream_lite.tensor.import %arg0
  // CHECK: %[[SUM:.+]] = arith.addi
  // CHECK-NOT: stream_lite.tensor.import
  // CHECK: return %[[IMPORT]], %[[IMPORT]], %[[SUM]]
  %0 = stream_lite.tensor.import %arg0 : tensor<?x5xf32> -> tensor<?x5xf32>{%arg1} in !stream_lite.resource<external>{%c20}
  %1 = arith.addi %c10, %arg1 : index
  %2 = stream_lite.tensor.import %arg0 : tensor<?x5xf32> -> tensor<?x5xf32>{%arg1} in !stream_lite.resource<external>{%c20}
  return %0, %2, %1 : !stream_lite.resource<external>, !stream_lite.resource<external>, index
}
