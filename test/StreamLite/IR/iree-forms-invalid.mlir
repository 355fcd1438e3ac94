// RUN: layout-opt --split-input-file --verify-diagnostics %s

// IREE's printed forms keep the verifier's checks: the forms without `[...]`
// only fit rank-0 tensors, and a tied dispatch result written
// `in %operand{%size}` must describe its operand.

func.func @load_without_indices_rank2(%st: !stream_lite.resource<staging>, %sz: index) -> f32 {
  // expected-error @+1 {{'stream_lite.tensor.load' op has 0 indices but the tensor has rank 2}}
  %v = stream_lite.tensor.load %st : tensor<2x2xf32> in !stream_lite.resource<staging>{%sz} -> f32
  return %v : f32
}

// -----

func.func @store_without_indices_rank1(%st: !stream_lite.resource<staging>, %sz: index, %v: f32) -> !stream_lite.resource<staging> {
  // expected-error @+1 {{'stream_lite.tensor.store' op has 0 indices but the tensor has rank 1}}
  %w = stream_lite.tensor.store %v, %st : f32 -> tensor<4xf32> in %st as !stream_lite.resource<staging>{%sz}
  return %w : !stream_lite.resource<staging>
}

// -----

func.func @fill_without_region_rank2(%r: !stream_lite.resource<*>, %sz: index, %v: f32) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.fill' op has 0 start indices but the target tensor has rank 2}}
  %f = stream_lite.tensor.fill %v, %r : f32 -> tensor<2x2xf32> in %r as !stream_lite.resource<*>{%sz}
  return %f : !stream_lite.resource<*>
}

// -----

func.func @load_indices_rank0(%st: !stream_lite.resource<staging>, %sz: index) -> f32 {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream_lite.tensor.load' op has 1 indices but the tensor has rank 0}}
  %v = stream_lite.tensor.load %st[%c0] : tensor<f32> in !stream_lite.resource<staging>{%sz} -> f32
  return %v : f32
}

// -----

// IREE's tensorDispatchMismatch: a tied result must have its operand's type.
func.func @tied_dispatch_type_mismatch(%arg0: !stream_lite.resource<*>, %arg1: index, %arg2: index) -> !stream_lite.resource<*> {
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'stream_lite.tensor.dispatch' op result 0 type 'tensor<?x4xf32>' differs from its tied operand type 'tensor<4x?xf32>'}}
  %0 = stream_lite.tensor.dispatch @executable::@dispatch(%arg0, %c4) : (tensor<4x?xf32>{%arg2} in !stream_lite.resource<*>{%arg1}, index) -> tensor<?x4xf32>{%arg2} in %arg0{%arg1}
  return %0 : !stream_lite.resource<*>
}

// -----

func.func @tied_dispatch_size_mismatch(%arg0: !stream_lite.resource<*>) -> !stream_lite.resource<*> {
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{'stream_lite.tensor.dispatch' op result 0 size 32 differs from its tied operand size 16}}
  %0 = stream_lite.tensor.dispatch @executable::@dispatch(%arg0) : (tensor<4xf32> in !stream_lite.resource<*>{%c16}) -> tensor<4xf32> in %arg0{%c32}
  return %0 : !stream_lite.resource<*>
}

// -----

func.func @tied_dispatch_scalar(%arg0: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{tied result names %c4, which is not a resource operand}}
  %0 = stream_lite.tensor.dispatch @executable::@dispatch(%arg0, %c4) : (tensor<4xf32> in !stream_lite.resource<*>{%sz}, index) -> tensor<4xf32> in %c4{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

func.func @tied_dispatch_not_an_operand(%arg0: !stream_lite.resource<*>, %other: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{tied result names %other, which is not an operand}}
  %0 = stream_lite.tensor.dispatch @executable::@dispatch(%arg0) : (tensor<4xf32> in !stream_lite.resource<*>{%sz}) -> tensor<4xf32> in %other{%sz}
  return %0 : !stream_lite.resource<*>
}
