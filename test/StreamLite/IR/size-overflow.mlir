// RUN: layout-opt --split-input-file --verify-diagnostics %s

// Storage sizes past 2^63 - 1 bytes are verifier errors naming the op, the
// tensor and its type (docs/language.md, "Sizes"): they would otherwise fold
// to wrong values (2^62 x 4 x f32 once folded to 0) and address bytes
// outside their allocation.

// Tests that a dense size of 2^66 bytes is rejected on sizeof.
func.func @dense_overflow() -> index {
  // expected-error @+1 {{'stream_lite.tensor.sizeof' op type storage size of 'tensor<4611686018427387904x4xf32>' exceeds 2^63 - 1 bytes}}
  %0 = stream_lite.tensor.sizeof tensor<4611686018427387904x4xf32> : index
  return %0 : index
}

// -----

// Tests that the largest dense size that fits (2^63 - 1 bytes) is accepted:
// the check is exact, not a heuristic bound.
func.func @dense_fits() -> index {
  %0 = stream_lite.tensor.sizeof tensor<9223372036854775807xi8> : index
  return %0 : index
}

// -----

// Tests that a tile of INT64_MAX over a 7x5 tensor (which once folded to
// -20 bytes) is rejected, naming the layout.
func.func @tile_overflow() -> index {
  // expected-error @+1 {{'stream_lite.tensor.sizeof' op type storage size of 'tensor<7x5xf32, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [9223372036854775807]>>' in layout #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [9223372036854775807]> exceeds 2^63 - 1 bytes}}
  %0 = stream_lite.tensor.sizeof tensor<7x5xf32, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [9223372036854775807]>> : index
  return %0 : index
}

// -----

// Tests that a padding whose padded dim passes INT64_MAX is rejected on an
// op's result.
func.func @padding_overflow(%sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.empty' op result storage size of 'tensor<2x1xi8, #stream_lite.padding<[0, 9223372036854775807]>>' in layout #stream_lite.padding<[0, 9223372036854775807]> exceeds 2^63 - 1 bytes}}
  %0 = stream_lite.tensor.empty : tensor<2x1xi8, #stream_lite.padding<[0, 9223372036854775807]>> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a dynamic shape is checked with its dynamic dims at 1 (the
// smallest non-empty tensor): its static part alone already overflows.
func.func @dynamic_overflow(%d: index) -> index {
  // expected-error @+1 {{'stream_lite.tensor.sizeof' op type storage size of 'tensor<?x4611686018427387904x4xf32>' exceeds 2^63 - 1 bytes (with every dynamic dim 1)}}
  %0 = stream_lite.tensor.sizeof tensor<?x4611686018427387904x4xf32>{%d} : index
  return %0 : index
}

// -----

// Tests that every entry of a per-target layout list is checked, not only
// the first.
func.func @layout_list_overflow() -> index {
  // expected-error @+1 {{in layout #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [4611686018427387904]> exceeds 2^63 - 1 bytes}}
  %0 = stream_lite.tensor.sizeof tensor<3x2xi16, #stream_lite.layout<[#stream_lite.identity, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [4611686018427387904]>]>> : index
  return %0 : index
}

// -----

// Tests that an unserialized encoding is held to the dense size, a lower
// bound of every layout it may resolve to.
func.func @unserialized_overflow() -> index {
  // expected-error @+1 {{storage size of 'tensor<3x4611686018427387904xf32, #stream_lite.padding<[0, ?]>>' exceeds 2^63 - 1 bytes}}
  %0 = stream_lite.tensor.sizeof tensor<3x4611686018427387904xf32, #stream_lite.padding<[0, ?]>> : index
  return %0 : index
}

// -----

// Tests that operands are checked too (the update's source and target).
func.func @update_overflow(%src: !stream_lite.resource<*>, %dst: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream_lite.tensor.update' op target storage size of 'tensor<2x4611686018427387904xi16>' exceeds 2^63 - 1 bytes}}
  %0 = stream_lite.tensor.update %src, %dst[%c0, %c0] : tensor<1x1xi16> in !stream_lite.resource<*>{%sz} -> tensor<2x4611686018427387904xi16> in %dst as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a zero dim makes the size 0 even when the other dims' product
// would overflow on the way (2^32 x 2^31 x 0): exact, not a false alarm.
func.func @zero_dim_fits() -> index {
  %0 = stream_lite.tensor.sizeof tensor<4294967296x2147483648x0xf32, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [3]>> : index
  return %0 : index
}

// -----

// Tests that an overflow is diagnosed at every op that names the type: the
// verifier remembers per type only the checks that passed (the type that
// fits, first, is checked once; the one that overflows, every time).
func.func @fits_then_overflow() -> index {
  %0 = stream_lite.tensor.sizeof tensor<9223372036854775807xi8> : index
  %1 = stream_lite.tensor.sizeof tensor<9223372036854775807xi8> : index
  // expected-error @+1 {{'stream_lite.tensor.sizeof' op type storage size of 'tensor<4611686018427387904x4xf32>' exceeds 2^63 - 1 bytes}}
  %2 = stream_lite.tensor.sizeof tensor<4611686018427387904x4xf32> : index
  return %2 : index
}

func.func @overflow_again() -> index {
  // expected-error @+1 {{'stream_lite.tensor.sizeof' op type storage size of 'tensor<4611686018427387904x4xf32>' exceeds 2^63 - 1 bytes}}
  %0 = stream_lite.tensor.sizeof tensor<4611686018427387904x4xf32> : index
  return %0 : index
}
