// RUN: layout-opt --split-input-file --verify-diagnostics %s

// Every diagnostic of the kernels' logical views (docs/language.md): one bad
// op per chunk, each with the exact message.

// Tests that an unknown access is a parse error listing the valid ones.
// expected-error @+1 {{unknown dispatch tensor access 'readmostly' (expected readonly, writeonly or readwrite)}}
func.func @bad_access(%v: !stream_lite.dispatch.tensor<readmostly:tensor<4xf32>>) {
  return
}

// -----

// Tests that a view binds a ranked tensor type.
// expected-error @+1 {{expected a ranked tensor type, got 'memref<4xf32>'}}
func.func @bad_bound(%v: !stream_lite.dispatch.tensor<readonly:memref<4xf32>>) {
  return
}

// -----

// Tests that a view's dynamic dims are all attached.
func.func @subspan_dims(%b: !stream_lite.binding) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream_lite.binding.subspan' op tensor type 'tensor<?x4xf32>' has 1 dynamic dims but 0 dim values are attached}}
  %v = stream_lite.binding.subspan %b[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?x4xf32>>
  return
}

// -----

// Tests that a view and the recorded tensor type agree (generic form).
func.func @subspan_mismatch(%b: !stream_lite.binding) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream_lite.binding.subspan' op views '!stream_lite.dispatch.tensor<readonly:tensor<4xf32>>' but records tensor type 'tensor<8xf32>'}}
  %v = "stream_lite.binding.subspan"(%b, %c0) <{tensor_type = tensor<8xf32>}> : (!stream_lite.binding, index) -> !stream_lite.dispatch.tensor<readonly:tensor<4xf32>>
  return
}

// -----

// Tests that a load reads a readable view.
func.func @load_writeonly(%v: !stream_lite.dispatch.tensor<writeonly:tensor<4xf32>>) {
  // expected-error @+1 {{'stream_lite.dispatch.tensor.load' op cannot load from a writeonly view}}
  %x = stream_lite.dispatch.tensor.load %v, offsets = [0], sizes = [4], strides = [1] : !stream_lite.dispatch.tensor<writeonly:tensor<4xf32>> -> tensor<4xf32>
  return
}

// -----

// Tests that a store writes a writable view.
func.func @store_readonly(%v: !stream_lite.dispatch.tensor<readonly:tensor<4xf32>>, %x: tensor<4xf32>) {
  // expected-error @+1 {{'stream_lite.dispatch.tensor.store' op cannot store to a readonly view}}
  stream_lite.dispatch.tensor.store %x, %v, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !stream_lite.dispatch.tensor<readonly:tensor<4xf32>>
  return
}

// -----

// Tests that a region has one offset per dim.
func.func @offset_count(%v: !stream_lite.dispatch.tensor<readonly:tensor<4x4xf32>>) {
  // expected-error @+1 {{'stream_lite.dispatch.tensor.load' op has 1 offsets but the view has rank 2}}
  %x = stream_lite.dispatch.tensor.load %v, offsets = [0], sizes = [4, 4], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<4x4xf32>> -> tensor<4x4xf32>
  return
}

// -----

// Tests that a region has one size per dim.
func.func @size_count(%v: !stream_lite.dispatch.tensor<readonly:tensor<4x4xf32>>) {
  // expected-error @+1 {{'stream_lite.dispatch.tensor.load' op has 3 sizes but the view has rank 2}}
  %x = stream_lite.dispatch.tensor.load %v, offsets = [0, 0], sizes = [4, 4, 1], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<4x4xf32>> -> tensor<4x4xf32>
  return
}

// -----

// Tests that a region has one stride per dim.
func.func @stride_count(%v: !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32>>, %x: tensor<4x4xf32>) {
  // expected-error @+1 {{'stream_lite.dispatch.tensor.store' op has 1 strides but the view has rank 2}}
  stream_lite.dispatch.tensor.store %x, %v, offsets = [0, 0], sizes = [4, 4], strides = [1] : tensor<4x4xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32>>
  return
}

// -----

// Tests that the loaded tensor has the view's rank.
func.func @load_rank(%v: !stream_lite.dispatch.tensor<readonly:tensor<4x4xf32>>) {
  // expected-error @+1 {{'stream_lite.dispatch.tensor.load' op result type 'tensor<16xf32>' has rank 1 but the view has rank 2}}
  %x = stream_lite.dispatch.tensor.load %v, offsets = [0, 0], sizes = [4, 4], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<4x4xf32>> -> tensor<16xf32>
  return
}

// -----

// Tests that the stored tensor has the view's element type.
func.func @store_element(%v: !stream_lite.dispatch.tensor<writeonly:tensor<4xf32>>, %x: tensor<4xf16>) {
  // expected-error @+1 {{'stream_lite.dispatch.tensor.store' op value element type 'f16' differs from the view's 'f32'}}
  stream_lite.dispatch.tensor.store %x, %v, offsets = [0], sizes = [4], strides = [1] : tensor<4xf16> -> !stream_lite.dispatch.tensor<writeonly:tensor<4xf32>>
  return
}

// -----

// Tests that the loaded tensor has the region's sizes.
func.func @load_shape(%v: !stream_lite.dispatch.tensor<readonly:tensor<4x4xf32>>) {
  // expected-error @+1 {{'stream_lite.dispatch.tensor.load' op result type 'tensor<2x4xf32>' does not have the region's sizes (dim 0: 3)}}
  %x = stream_lite.dispatch.tensor.load %v, offsets = [0, 0], sizes = [3, 4], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<4x4xf32>> -> tensor<2x4xf32>
  return
}

// -----

// Tests that a dynamic size gives a dynamic dim.
func.func @load_dynamic_size(%v: !stream_lite.dispatch.tensor<readonly:tensor<4x4xf32>>, %n: index) {
  // expected-error @+1 {{'stream_lite.dispatch.tensor.load' op result type 'tensor<2x4xf32>' does not have the region's sizes (dim 0: ?)}}
  %x = stream_lite.dispatch.tensor.load %v, offsets = [0, 0], sizes = [%n, 4], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<4x4xf32>> -> tensor<2x4xf32>
  return
}

// -----

// Tests that a static region lies inside a static dim.
func.func @load_outside(%v: !stream_lite.dispatch.tensor<readonly:tensor<4x4xf32>>) {
  // expected-error @+1 {{'stream_lite.dispatch.tensor.load' op region [3 for 2 step 1] of dim 1 is outside its size 4}}
  %x = stream_lite.dispatch.tensor.load %v, offsets = [0, 3], sizes = [4, 2], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<4x4xf32>> -> tensor<4x2xf32>
  return
}

// -----

// Tests that a strided region's last element lies inside the dim.
func.func @store_outside_strided(%v: !stream_lite.dispatch.tensor<readwrite:tensor<8xf32>>, %x: tensor<3xf32>) {
  // expected-error @+1 {{'stream_lite.dispatch.tensor.store' op region [1 for 3 step 4] of dim 0 is outside its size 8}}
  stream_lite.dispatch.tensor.store %x, %v, offsets = [1], sizes = [3], strides = [4] : tensor<3xf32> -> !stream_lite.dispatch.tensor<readwrite:tensor<8xf32>>
  return
}

// -----

// Tests that strides are at least 1.
func.func @zero_stride(%v: !stream_lite.dispatch.tensor<readonly:tensor<8xf32>>) {
  // expected-error @+1 {{'stream_lite.dispatch.tensor.load' op stride 0 of dim 0 is not at least 1}}
  %x = stream_lite.dispatch.tensor.load %v, offsets = [0], sizes = [2], strides = [0] : !stream_lite.dispatch.tensor<readonly:tensor<8xf32>> -> tensor<2xf32>
  return
}

// -----

// Tests that offsets are not negative.
func.func @negative_offset(%v: !stream_lite.dispatch.tensor<readonly:tensor<8xf32>>) {
  // expected-error @+1 {{'stream_lite.dispatch.tensor.load' op offset -1 of dim 0 is negative}}
  %x = stream_lite.dispatch.tensor.load %v, offsets = [-1], sizes = [2], strides = [1] : !stream_lite.dispatch.tensor<readonly:tensor<8xf32>> -> tensor<2xf32>
  return
}

// -----

// Tests that the view's dims are attached to a load.
func.func @load_view_dims(%v: !stream_lite.dispatch.tensor<readonly:tensor<?xf32>>) {
  // expected-error @+1 {{'stream_lite.dispatch.tensor.load' op view type '!stream_lite.dispatch.tensor<readonly:tensor<?xf32>>' has 1 dynamic dims but 0 dim values are attached}}
  %x = stream_lite.dispatch.tensor.load %v, offsets = [0], sizes = [2], strides = [1] : !stream_lite.dispatch.tensor<readonly:tensor<?xf32>> -> tensor<2xf32>
  return
}

// -----

// Tests that IREE's form may only repeat the view's own encoding.
func.func @other_encoding(%v: !stream_lite.dispatch.tensor<readonly:tensor<4xf32>>) {
  // expected-error @+1 {{'stream_lite.dispatch.tensor.load' op result type 'tensor<4xf32, #stream_lite.identity>' has an encoding other than the view's}}
  %x = stream_lite.dispatch.tensor.load %v, offsets = [0], sizes = [4], strides = [1] : !stream_lite.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<4xf32, #stream_lite.identity>
  return
}

// -----

// Tests that the fused-relayouts marker is a list of result indices on a dispatch.
// expected-error @+1 {{'func.func' op 'stream_lite.fused_relayouts' must be an array<i64> of result indices on a stream_lite.tensor.dispatch}}
func.func @fused_marker() attributes {stream_lite.fused_relayouts = array<i64: 0>} {
  return
}
