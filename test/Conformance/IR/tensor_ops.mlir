// RUN: layout-opt --split-input-file %s --verify-diagnostics | FileCheck %s

// IREE's Stream IR test tensor_ops.mlir in stream_lite syntax (docs/conformance.md,
// IR tests). Each case parses, verifies and prints in stream_lite's form.

// Host data is a builtin tensor, not IREE's !hal.buffer_view (contract: import/export take builtin tensors).
// CHECK-LABEL: @tensorImport
func.func private @tensorImport(%arg0: tensor<?x5xf32>, %arg1: index) -> !stream_lite.resource<external> {
  %c20 = arith.constant 20 : index
  // CHECK: = stream_lite.tensor.import %arg0 : tensor<?x5xf32> -> tensor<?x5xf32>{%arg1} in !stream_lite.resource<external>{%c20}
  %0 = stream_lite.tensor.import %arg0 : tensor<?x5xf32> -> tensor<?x5xf32>{%arg1} in !stream_lite.resource<external>{%c20}
  return %0 : !stream_lite.resource<external>
}

// -----

// Host data is a builtin tensor, not IREE's !hal.buffer_view (contract: import/export take builtin tensors).
// CHECK-LABEL: @tensorExport
func.func private @tensorExport(%arg0: !stream_lite.resource<external>, %arg1: index) -> tensor<?x1x10xf32> {
  %c200 = arith.constant 200 : index
  // CHECK: = stream_lite.tensor.export %arg0 : tensor<?x1x10xf32>{%arg1} in !stream_lite.resource<external>{%c200} -> tensor<?x1x10xf32>
  %0 = stream_lite.tensor.export %arg0 : tensor<?x1x10xf32>{%arg1} in !stream_lite.resource<external>{%c200} -> tensor<?x1x10xf32>
  return %0 : tensor<?x1x10xf32>
}

// -----

// CHECK-LABEL: @tensorSizeOf
func.func private @tensorSizeOf(%arg0: index) -> index {
  // CHECK: = stream_lite.tensor.sizeof tensor<?x5xf32>{%arg0} : index
  %0 = stream_lite.tensor.sizeof tensor<?x5xf32>{%arg0} : index
  return %0 : index
}

// -----

// CHECK-LABEL: @tensorEmpty
func.func private @tensorEmpty(%arg0: index, %arg1: index) -> !stream_lite.resource<*> {
  // CHECK: = stream_lite.tensor.empty : tensor<?x0xf32>{%arg0} in !stream_lite.resource<*>{%arg1}
  %0 = stream_lite.tensor.empty : tensor<?x0xf32>{%arg0} in !stream_lite.resource<*>{%arg1}
  return %0 : !stream_lite.resource<*>
}

// -----

// CHECK-LABEL: @tensorConstant
func.func private @tensorConstant(%arg0: index) -> !stream_lite.resource<constant> {
  // CHECK: = stream_lite.tensor.constant : tensor<?x5x64xf32>{%arg0} in !stream_lite.resource<constant> = dense<0.000000e+00> : tensor<1x5x64xf32>
  %0 = stream_lite.tensor.constant : tensor<?x5x64xf32>{%arg0} in !stream_lite.resource<constant> = dense<0.000000e+00> : tensor<1x5x64xf32>
  return %0 : !stream_lite.resource<constant>
}

// -----

// CHECK-LABEL: @tensorSplat
func.func private @tensorSplat(%arg0: f32, %arg1: index, %arg2: index) -> !stream_lite.resource<*> {
  // CHECK: = stream_lite.tensor.splat %arg0 : f32 -> tensor<?x1x10xf32>{%arg1} in !stream_lite.resource<*>{%arg2}
  %0 = stream_lite.tensor.splat %arg0 : f32 -> tensor<?x1x10xf32>{%arg1} in !stream_lite.resource<*>{%arg2}
  return %0 : !stream_lite.resource<*>
}

// -----

// CHECK-LABEL: @tensorClone
func.func private @tensorClone(%arg0: !stream_lite.resource<*>, %arg1: index, %arg2: index) -> !stream_lite.resource<*> {
  // CHECK: = stream_lite.tensor.clone %arg0 : tensor<?x4xf32>{%arg1} in !stream_lite.resource<*>{%arg2} -> tensor<?x4xf32>{%arg1} in !stream_lite.resource<*>{%arg2}
  %0 = stream_lite.tensor.clone %arg0 : tensor<?x4xf32>{%arg1} in !stream_lite.resource<*>{%arg2} -> tensor<?x4xf32>{%arg1} in !stream_lite.resource<*>{%arg2}
  return %0 : !stream_lite.resource<*>
}

// -----

// IREE's tensorCloneWithEncoding clones between two encodings; a clone never changes the layout (contract, section 4), so it is an error here.
#unserialized_encoding = #stream_lite.testing<>
#serialized_encoding = #stream_lite.testing<layouts = [#stream_lite.specialized<123>]>
func.func private @tensorCloneWithEncoding(%arg0: !stream_lite.resource<*>, %arg1: index, %arg2: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{clone changes the encoding from #stream_lite.testing<> to #stream_lite.testing<layouts = [#stream_lite.specialized<123>]>; use stream_lite.tensor.encode}}
  %0 = stream_lite.tensor.clone %arg0 : tensor<?x4xf32, #unserialized_encoding>{%arg1} in !stream_lite.resource<*>{%arg2} -> tensor<?x4xf32, #serialized_encoding>{%arg1} in !stream_lite.resource<*>{%arg2}
  return %0 : !stream_lite.resource<*>
}

// -----

#encoding = #stream_lite.testing<>
// CHECK-LABEL: @tensorEncode
func.func private @tensorEncode(%arg0: !stream_lite.resource<*>, %arg1: index, %arg2: index, %arg3: index, %arg4: index) -> !stream_lite.resource<*> {
  // CHECK: = stream_lite.tensor.encode %arg0 : tensor<?x4xf32>{%arg1} in !stream_lite.resource<*>{%arg2} -> tensor<?x4xf32, #stream_lite.testing<>>{%arg3} in !stream_lite.resource<*>{%arg4}
  %0 = stream_lite.tensor.encode %arg0 : tensor<?x4xf32>{%arg1} in !stream_lite.resource<*>{%arg2} -> tensor<?x4xf32, #encoding>{%arg3} in !stream_lite.resource<*>{%arg4}
  return %0 : !stream_lite.resource<*>
}

// -----

// CHECK-LABEL: @tensorSlice
func.func private @tensorSlice(%arg0: !stream_lite.resource<*>, %arg1: index, %arg2: index, %arg3: index, %arg4: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: = stream_lite.tensor.slice %arg0[%c0, %c1 for %arg3, %c1] : tensor<?x4xf32>{%arg1} in !stream_lite.resource<*>{%arg2} -> tensor<?x1xf32>{%arg3} in !stream_lite.resource<*>{%arg4}
  %0 = stream_lite.tensor.slice %arg0[%c0, %c1 for %arg3, %c1] : tensor<?x4xf32>{%arg1} in !stream_lite.resource<*>{%arg2} -> tensor<?x1xf32>{%arg3} in !stream_lite.resource<*>{%arg4}
  return %0 : !stream_lite.resource<*>
}

// -----

// CHECK-LABEL: @tensorFill
func.func private @tensorFill(%arg0: f32, %arg1: !stream_lite.resource<*>, %arg2: index, %arg3: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: = stream_lite.tensor.fill %arg0, %arg1[%c0, %c0 for %c1, %c1] : f32 -> tensor<?x4xf32>{%arg2} in %arg1 as !stream_lite.resource<*>{%arg3}
  %0 = stream_lite.tensor.fill %arg0, %arg1[%c0, %c0 for %c1, %c1] : f32 -> tensor<?x4xf32>{%arg2} in %arg1 as !stream_lite.resource<*>{%arg3}
  return %0 : !stream_lite.resource<*>
}

// -----

// CHECK-LABEL: @tensorUpdate
func.func private @tensorUpdate(%arg0: !stream_lite.resource<*>, %arg1: index, %arg2: !stream_lite.resource<*>, %arg3: index, %arg4: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: = stream_lite.tensor.update %arg0, %arg2[%c0, %c0] : tensor<2x2xf32> in !stream_lite.resource<*>{%arg1} -> tensor<?x4xf32>{%arg3} in %arg2 as !stream_lite.resource<*>{%arg4}
  %0 = stream_lite.tensor.update %arg0, %arg2[%c0, %c0] : tensor<2x2xf32> in !stream_lite.resource<*>{%arg1} -> tensor<?x4xf32>{%arg3} in %arg2 as !stream_lite.resource<*>{%arg4}
  return %0 : !stream_lite.resource<*>
}

// -----

// CHECK-LABEL: @tensorLoad
func.func private @tensorLoad(%arg0: !stream_lite.resource<staging>, %arg1: index, %arg2: index) -> f32 {
  %c0 = arith.constant 0 : index
  // CHECK: = stream_lite.tensor.load %arg0[%c0] : tensor<?xf32>{%arg1} in !stream_lite.resource<staging>{%arg2} -> f32
  %0 = stream_lite.tensor.load %arg0[%c0] : tensor<?xf32>{%arg1} in !stream_lite.resource<staging>{%arg2} -> f32
  return %0 : f32
}

// -----

// CHECK-LABEL: @tensorLoadRank0
func.func private @tensorLoadRank0(%arg0: !stream_lite.resource<staging>, %arg1: index) -> f32 {
  // CHECK: = stream_lite.tensor.load %arg0 : tensor<f32> in !stream_lite.resource<staging>{%arg1} -> f32
  %0 = stream_lite.tensor.load %arg0 : tensor<f32> in !stream_lite.resource<staging>{%arg1} -> f32
  return %0 : f32
}

// -----

// CHECK-LABEL: @tensorStore
func.func private @tensorStore(%arg0: !stream_lite.resource<staging>, %arg1: index, %arg2: index, %arg3: f32) -> !stream_lite.resource<staging> {
  %c0 = arith.constant 0 : index
  // CHECK: = stream_lite.tensor.store %arg3, %arg0[%c0] : f32 -> tensor<?xf32>{%arg1} in %arg0 as !stream_lite.resource<staging>{%arg2}
  %0 = stream_lite.tensor.store %arg3, %arg0[%c0] : f32 -> tensor<?xf32>{%arg1} in %arg0 as !stream_lite.resource<staging>{%arg2}
  return %0 : !stream_lite.resource<staging>
}

// -----

// CHECK-LABEL: @tensorStoreRank0
func.func private @tensorStoreRank0(%arg0: !stream_lite.resource<staging>, %arg1: index, %arg2: f32) -> !stream_lite.resource<staging> {
  // CHECK: = stream_lite.tensor.store %arg2, %arg0 : f32 -> tensor<f32> in %arg0 as !stream_lite.resource<staging>{%arg1}
  %0 = stream_lite.tensor.store %arg2, %arg0 : f32 -> tensor<f32> in %arg0 as !stream_lite.resource<staging>{%arg1}
  return %0 : !stream_lite.resource<staging>
}

// -----

// IREE's tied result `in %arg0{%arg1}` parses; it prints in the `in %arg0 as !stream_lite.resource<*>{...}` form of every tied result (docs/language.md).
// CHECK-LABEL: @tensorDispatch
func.func private @tensorDispatch(%arg0: !stream_lite.resource<*>, %arg1: index, %arg2: index) -> !stream_lite.resource<*> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  // CHECK: = stream_lite.tensor.dispatch @executable::@dispatch[%c1, %c2, %c3](%arg0, %c4) :
  // CHECK-SAME: (tensor<4x?xf32>{%arg2} in !stream_lite.resource<*>{%arg1}, index) -> tensor<4x?xf32>{%arg2} in %arg0 as !stream_lite.resource<*>{%arg1}
  %0 = stream_lite.tensor.dispatch @executable::@dispatch[%c1, %c2, %c3](%arg0, %c4) : (tensor<4x?xf32>{%arg2} in !stream_lite.resource<*>{%arg1}, index) -> tensor<4x?xf32>{%arg2} in %arg0{%arg1}
  return %0 : !stream_lite.resource<*>
}

// -----

func.func private @tensorDispatchMismatch(%arg0: !stream_lite.resource<*>, %arg1: index, %arg2: index) -> !stream_lite.resource<*> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{result 0 type 'tensor<?x4xf32>' differs from its tied operand type 'tensor<4x?xf32>'}}
  %0 = stream_lite.tensor.dispatch @executable::@dispatch[%c1, %c2, %c3](%arg0, %c4) : (tensor<4x?xf32>{%arg2} in !stream_lite.resource<*>{%arg1}, index) -> tensor<?x4xf32>{%arg2} in %arg0{%arg1}
  return %0 : !stream_lite.resource<*>
}
