// RUN: layout-opt --stream-lite-encode-host-tensors --canonicalize --cse %s | FileCheck %s

// IREE's encode_host_tensors_encoding.mlir, in stream-lite terms: storage
// sizes of serialized layouts. IREE's resolver layouts (encoding_info with
// innerDimsPos, innerTileSizes, outerDimsPerm) are written as the
// #stream_lite.tiled layouts with the same parameters. Not ported: the i1
// packed_storage cases (i1 takes a byte per element) and
// sizeof_scalable_layout (scalable tiles are outside the contract).

#lhs = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 16]>]>
#rhs = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [1, 0], inner_tiles = [8, 16], outer_dims_perm = [1, 0]>]>
#res = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 8]>]>
#bcast = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [16]>]>
#no_pad = #stream_lite.layout<[#stream_lite.padding<[0, 0]>]>
#pad_a = #stream_lite.layout<[#stream_lite.padding<[0, 64]>]>
#pad_b = #stream_lite.layout<[#stream_lite.padding<[64, 0]>]>
#multi = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 8]>, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 16]>, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [128, 16]>]>

// tensorSizeOfUnalignedPackedI4: seven i4 are ceil(7 * 4 / 8) = 4 bytes.
// IREE asks for packing with #iree_encoding.packed_storage; i4 is always
// packed here (contract section 3.4), so the type has no encoding.
// CHECK-LABEL: func.func @tensorSizeOfUnalignedPackedI4
// CHECK: %[[C4:.+]] = arith.constant 4 : index
// CHECK: return %[[C4]]
func.func @tensorSizeOfUnalignedPackedI4() -> index {
  %0 = stream_lite.tensor.sizeof tensor<7xi4> : index
  return %0 : index
}

// sizeof_lhs_encoding_dynamic_using_layouts: 4x16 tiles of ?x?xf32:
// ceil(d0/4) * ceil(d1/16) * 4 * 16 * 4 bytes.
// CHECK-LABEL: func.func @sizeof_lhs_encoding_dynamic_using_layouts
// CHECK-DAG: %[[C256:.+]] = arith.constant 256 : index
// CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
// CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
// CHECK: %[[T0:.+]] = arith.ceildivui %arg0, %[[C4]] : index
// CHECK: %[[T1:.+]] = arith.ceildivui %arg1, %[[C16]] : index
// CHECK: %[[T:.+]] = arith.muli %[[T0]], %[[T1]] : index
// CHECK: %[[S:.+]] = arith.muli %[[T]], %[[C256]] : index
// CHECK: return %[[S]]
func.func @sizeof_lhs_encoding_dynamic_using_layouts(%arg0: index, %arg1: index) -> index {
  %0 = stream_lite.tensor.sizeof tensor<?x?xf32, #lhs>{%arg0, %arg1} : index
  return %0 : index
}

// sizeof_lhs_encoding_partially_dynamic_using_layouts: 10 rows are 3 tiles
// of 4: 12 * 16 * 4 = 768 bytes per tile column.
// CHECK-LABEL: func.func @sizeof_lhs_encoding_partially_dynamic_using_layouts
// CHECK-DAG: %[[C768:.+]] = arith.constant 768 : index
// CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
// CHECK: %[[T1:.+]] = arith.ceildivui %arg0, %[[C16]] : index
// CHECK: %[[S:.+]] = arith.muli %[[T1]], %[[C768]] : index
// CHECK: return %[[S]]
func.func @sizeof_lhs_encoding_partially_dynamic_using_layouts(%arg0: index) -> index {
  %0 = stream_lite.tensor.sizeof tensor<10x?xf32, #lhs>{%arg0} : index
  return %0 : index
}

// sizeof_rhs_encoding_dynamic_using_layouts: the RHS tiles are [8, 16] for
// dims [1, 0]: ceil(d1/8) * ceil(d0/16) * 8 * 16 * 4 bytes.
// CHECK-LABEL: func.func @sizeof_rhs_encoding_dynamic_using_layouts
// CHECK-DAG: %[[C512:.+]] = arith.constant 512 : index
// CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
// CHECK-DAG: %[[C8:.+]] = arith.constant 8 : index
// CHECK: %[[T1:.+]] = arith.ceildivui %arg1, %[[C8]] : index
// CHECK: %[[T0:.+]] = arith.ceildivui %arg0, %[[C16]] : index
// CHECK: %[[T:.+]] = arith.muli %[[T1]], %[[T0]] : index
// CHECK: %[[S:.+]] = arith.muli %[[T]], %[[C512]] : index
// CHECK: return %[[S]]
func.func @sizeof_rhs_encoding_dynamic_using_layouts(%arg0: index, %arg1: index) -> index {
  %0 = stream_lite.tensor.sizeof tensor<?x?xf32, #rhs>{%arg0, %arg1} : index
  return %0 : index
}

// sizeof_result_encoding_dynamic_using_layouts: 4x8 tiles.
// CHECK-LABEL: func.func @sizeof_result_encoding_dynamic_using_layouts
// CHECK-DAG: %[[C128:.+]] = arith.constant 128 : index
// CHECK-DAG: %[[C8:.+]] = arith.constant 8 : index
// CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
// CHECK: %[[T0:.+]] = arith.ceildivui %arg0, %[[C4]] : index
// CHECK: %[[T1:.+]] = arith.ceildivui %arg1, %[[C8]] : index
// CHECK: %[[T:.+]] = arith.muli %[[T0]], %[[T1]] : index
// CHECK: %[[S:.+]] = arith.muli %[[T]], %[[C128]] : index
// CHECK: return %[[S]]
func.func @sizeof_result_encoding_dynamic_using_layouts(%arg0: index, %arg1: index) -> index {
  %0 = stream_lite.tensor.sizeof tensor<?x?xf32, #res>{%arg0, %arg1} : index
  return %0 : index
}

// sizeof_lhs_encoding_with_bcast_across_m_dim_dynamic_using_layouts: only
// dim 1 is tiled (16): d0 * ceil(d1/16) * 16 * 4 bytes.
// CHECK-LABEL: func.func @sizeof_lhs_encoding_with_bcast_across_m_dim_dynamic_using_layouts
// CHECK-DAG: %[[C64:.+]] = arith.constant 64 : index
// CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
// CHECK: %[[T1:.+]] = arith.ceildivui %arg1, %[[C16]] : index
// CHECK: %[[T:.+]] = arith.muli %arg0, %[[T1]] : index
// CHECK: %[[S:.+]] = arith.muli %[[T]], %[[C64]] : index
// CHECK: return %[[S]]
func.func @sizeof_lhs_encoding_with_bcast_across_m_dim_dynamic_using_layouts(%arg0: index, %arg1: index) -> index {
  %0 = stream_lite.tensor.sizeof tensor<?x?xf32, #bcast>{%arg0, %arg1} : index
  return %0 : index
}

// sizeof_lhs_pad_encoding_static: (2048 + p0) * (4096 + p1) * 2 bytes.
// CHECK-LABEL: func.func @sizeof_lhs_pad_encoding_static
// CHECK-DAG: %[[NOPAD:.+]] = arith.constant 16777216 : index
// CHECK-DAG: %[[PADA:.+]] = arith.constant 17039360 : index
// CHECK-DAG: %[[PADB:.+]] = arith.constant 17301504 : index
// CHECK: return %[[NOPAD]], %[[PADA]], %[[PADB]]
func.func @sizeof_lhs_pad_encoding_static() -> (index, index, index) {
  %0 = stream_lite.tensor.sizeof tensor<2048x4096xf16, #no_pad> : index
  %1 = stream_lite.tensor.sizeof tensor<2048x4096xf16, #pad_a> : index
  %2 = stream_lite.tensor.sizeof tensor<2048x4096xf16, #pad_b> : index
  return %0, %1, %2 : index, index, index
}

// sizeof_rhs_pad_encoding_dynamic: the same with dynamic dims:
// d * 4096, d * 8320 (= (4096 + 64) * 2), (d + 64) * 8192 and
// (d0 + 64) * d1 * 2 bytes.
// CHECK-LABEL: func.func @sizeof_rhs_pad_encoding_dynamic
// CHECK-DAG: %[[C8192:.+]] = arith.constant 8192 : index
// CHECK-DAG: %[[C8320:.+]] = arith.constant 8320 : index
// CHECK-DAG: %[[C64:.+]] = arith.constant 64 : index
// CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG: %[[C4096:.+]] = arith.constant 4096 : index
// CHECK: %[[S0:.+]] = arith.muli %arg0, %[[C4096]] : index
// CHECK: %[[S1:.+]] = arith.muli %arg0, %[[C8320]] : index
// CHECK: %[[D0:.+]] = arith.addi %arg0, %[[C64]] : index
// CHECK: %[[S2:.+]] = arith.muli %[[D0]], %[[C8192]] : index
// CHECK: %[[E:.+]] = arith.muli %[[D0]], %arg1 : index
// CHECK: %[[S3:.+]] = arith.muli %[[E]], %[[C2]] : index
// CHECK: return %[[S0]], %[[S1]], %[[S2]], %[[S3]]
func.func @sizeof_rhs_pad_encoding_dynamic(%arg0 : index, %arg1 : index) -> (index, index, index, index) {
  %0 = stream_lite.tensor.sizeof tensor<2048x?xf16, #no_pad>{%arg0} : index
  %1 = stream_lite.tensor.sizeof tensor<?x4096xf16, #pad_a>{%arg0} : index
  %2 = stream_lite.tensor.sizeof tensor<?x4096xf16, #pad_b>{%arg0} : index
  %3 = stream_lite.tensor.sizeof tensor<?x?xf16, #pad_b>{%arg0, %arg1} : index
  return %0, %1, %2, %3 : index, index, index, index
}

// sizeof_multi_encoding_layouts: one layout per target (4x8, 2x16 and
// 128x16 tiles); the storage size is the maximum of the three.
// CHECK-LABEL: func.func @sizeof_multi_encoding_layouts
// CHECK: %[[A0:.+]] = arith.ceildivui %arg0, %{{.+}} : index
// CHECK: %[[A1:.+]] = arith.ceildivui %arg1, %{{.+}} : index
// CHECK: %[[A:.+]] = arith.muli %[[A0]], %[[A1]] : index
// CHECK: %[[SA:.+]] = arith.muli %[[A]], %{{.+}} : index
// CHECK: %[[B0:.+]] = arith.ceildivui %arg0, %{{.+}} : index
// CHECK: %[[B1:.+]] = arith.ceildivui %arg1, %{{.+}} : index
// CHECK: %[[B:.+]] = arith.muli %[[B0]], %[[B1]] : index
// CHECK: %[[SB:.+]] = arith.muli %[[B]], %{{.+}} : index
// CHECK: %[[MAB:.+]] = arith.maxui %[[SA]], %[[SB]] : index
// CHECK: %[[C0:.+]] = arith.ceildivui %arg0, %{{.+}} : index
// CHECK: %[[C:.+]] = arith.muli %[[C0]], %[[B1]] : index
// CHECK: %[[SC:.+]] = arith.muli %[[C]], %{{.+}} : index
// CHECK: %[[M:.+]] = arith.maxui %[[MAB]], %[[SC]] : index
// CHECK: return %[[M]]
func.func @sizeof_multi_encoding_layouts(%arg0: index, %arg1: index) -> index {
  %0 = stream_lite.tensor.sizeof tensor<?x?xf32, #multi>{%arg0, %arg1} : index
  return %0 : index
}
