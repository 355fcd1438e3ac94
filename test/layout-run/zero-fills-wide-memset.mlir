// RUN: layout-run %s --input=4x4xi8=7 --input=3x3xi8=-5 --input=5x3xi8=9 --input=index=5 --input=3x3xi4=-3 --input=4x4xi2=1 --input=3x3xi8=6 --input=3x5xi4=5 --compare-to-reference --check-padding --check-leaks | FileCheck %s
// RUN: layout-opt %s --stream-lite-specialize-encodings --stream-lite-materialize-builtins --remarks-filter=stream-lite-materialize-builtins -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// Whole-tensor zero fills on a device whose DMA memsets 32-bit patterns
// only: each is a memset (of a 32-bit zero where its bytes are a multiple
// of 4, else of zero bytes), over data that was not zero, in dense, packed
// and tiled layouts (whose padding stays zero: --check-padding).

#lhs_i8 = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [i8, i8, i32]>
#lhs_i4 = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [i4, i4, i32]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 2, n = 2, k = 2>>]) {native_fill_bits = [32]}

// CHECK: {{^}}4x4xi8=0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0{{$}}
// CHECK-NEXT: {{^}}3x3xi8=0 0 0 0 0 0 0 0 0{{$}}
// CHECK-NEXT: {{^}}5x3xi8=0 0 0 0 0 0 0 0 0 0 0 0 0 0 0{{$}}
// CHECK-NEXT: {{^}}3x3xi4=0 0 0 0 0 0 0 0 0{{$}}
// CHECK-NEXT: {{^}}4x4xi2=0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0{{$}}
// CHECK-NEXT: {{^}}3x3xi8=0 0 0 0 0 0 0 0 0{{$}}
// CHECK-NEXT: {{^}}3x5xi4=0 0 0 0 0 0 0 0 0 0 0 0 0 0 0{{$}}
// CHECK-NOT: {{.}}
func.func @main(%a: tensor<4x4xi8>, %b: tensor<3x3xi8>, %c: tensor<?x3xi8>, %rows: index, %d: tensor<3x3xi4>, %e: tensor<4x4xi2>, %f: tensor<3x3xi8>, %g: tensor<3x5xi4>) -> (tensor<4x4xi8>, tensor<3x3xi8>, tensor<?x3xi8>, tensor<3x3xi4>, tensor<4x4xi2>, tensor<3x3xi8>, tensor<3x5xi4>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %zi = arith.constant 0 : i8
  %z4 = arith.constant 0 : i4
  %z2 = arith.constant 0 : i2

  // 16 bytes: 32-bit.
  // REMARK: zero-fills-wide-memset.mlir:[[@LINE+3]]:{{[0-9]+}}: remark: [Passed] stream_lite.tensor.fill | {{.*}} Remark="one 32-bit memset of 16 bytes
  %asz = stream_lite.tensor.sizeof tensor<4x4xi8> : index
  %ai = stream_lite.tensor.import %a : tensor<4x4xi8> -> tensor<4x4xi8> in !stream_lite.resource<external>{%asz}
  %af = stream_lite.tensor.fill %zi, %ai[%c0, %c0 for %c4, %c4] : i8 -> tensor<4x4xi8> in %ai as !stream_lite.resource<external>{%asz}
  %ar = stream_lite.tensor.export %af : tensor<4x4xi8> in !stream_lite.resource<external>{%asz} -> tensor<4x4xi8>

  // 9 bytes: zero bytes.
  // REMARK: zero-fills-wide-memset.mlir:[[@LINE+3]]:{{[0-9]+}}: remark: [Passed] stream_lite.tensor.fill | {{.*}} Remark="one 8-bit memset of 9 bytes
  %bsz = stream_lite.tensor.sizeof tensor<3x3xi8> : index
  %bi = stream_lite.tensor.import %b : tensor<3x3xi8> -> tensor<3x3xi8> in !stream_lite.resource<external>{%bsz}
  %bf = stream_lite.tensor.fill %zi, %bi[%c0, %c0 for %c3, %c3] : i8 -> tensor<3x3xi8> in %bi as !stream_lite.resource<external>{%bsz}
  %br = stream_lite.tensor.export %bf : tensor<3x3xi8> in !stream_lite.resource<external>{%bsz} -> tensor<3x3xi8>

  // Dynamic rows of 3 bytes: zero bytes.
  // REMARK: zero-fills-wide-memset.mlir:[[@LINE+3]]:{{[0-9]+}}: remark: [Passed] stream_lite.tensor.fill | {{.*}} Remark="one 8-bit memset of the whole storage
  %csz = stream_lite.tensor.sizeof tensor<?x3xi8>{%rows} : index
  %ci = stream_lite.tensor.import %c : tensor<?x3xi8> -> tensor<?x3xi8>{%rows} in !stream_lite.resource<external>{%csz}
  %cf = stream_lite.tensor.fill %zi, %ci[%c0, %c0 for %rows, %c3] : i8 -> tensor<?x3xi8>{%rows} in %ci as !stream_lite.resource<external>{%csz}
  %cr = stream_lite.tensor.export %cf : tensor<?x3xi8>{%rows} in !stream_lite.resource<external>{%csz} -> tensor<?x3xi8>

  // 9 i4 in 5 bytes: zero bytes, the tail bits included.
  // REMARK: zero-fills-wide-memset.mlir:[[@LINE+3]]:{{[0-9]+}}: remark: [Passed] stream_lite.tensor.fill | {{.*}} Remark="one 8-bit memset of 5 bytes
  %dsz = stream_lite.tensor.sizeof tensor<3x3xi4> : index
  %di = stream_lite.tensor.import %d : tensor<3x3xi4> -> tensor<3x3xi4> in !stream_lite.resource<external>{%dsz}
  %df = stream_lite.tensor.fill %z4, %di[%c0, %c0 for %c3, %c3] : i4 -> tensor<3x3xi4> in %di as !stream_lite.resource<external>{%dsz}
  %dr = stream_lite.tensor.export %df : tensor<3x3xi4> in !stream_lite.resource<external>{%dsz} -> tensor<3x3xi4>

  // 16 i2 in 4 bytes: 32-bit.
  // REMARK: zero-fills-wide-memset.mlir:[[@LINE+3]]:{{[0-9]+}}: remark: [Passed] stream_lite.tensor.fill | {{.*}} Remark="one 32-bit memset of 4 bytes
  %esz = stream_lite.tensor.sizeof tensor<4x4xi2> : index
  %ei = stream_lite.tensor.import %e : tensor<4x4xi2> -> tensor<4x4xi2> in !stream_lite.resource<external>{%esz}
  %ef = stream_lite.tensor.fill %z2, %ei[%c0, %c0 for %c4, %c4] : i2 -> tensor<4x4xi2> in %ei as !stream_lite.resource<external>{%esz}
  %er = stream_lite.tensor.export %ef : tensor<4x4xi2> in !stream_lite.resource<external>{%esz} -> tensor<4x4xi2>

  // 3x3 i8 in 2x2 tiles: 16 bytes with padding, 32-bit.
  // REMARK: zero-fills-wide-memset.mlir:[[@LINE+5]]:{{[0-9]+}}: remark: [Passed] stream_lite.tensor.fill | {{.*}} Remark="one 32-bit memset of 16 bytes
  %fsz = stream_lite.tensor.sizeof tensor<3x3xi8> : index
  %fi = stream_lite.tensor.import %f : tensor<3x3xi8> -> tensor<3x3xi8> in !stream_lite.resource<external>{%fsz}
  %ftsz = stream_lite.tensor.sizeof tensor<3x3xi8, #lhs_i8> : index
  %ft = stream_lite.tensor.encode %fi : tensor<3x3xi8> in !stream_lite.resource<external>{%fsz} -> tensor<3x3xi8, #lhs_i8> in !stream_lite.resource<*>{%ftsz}
  %ff = stream_lite.tensor.fill %zi, %ft[%c0, %c0 for %c3, %c3] : i8 -> tensor<3x3xi8, #lhs_i8> in %ft as !stream_lite.resource<*>{%ftsz}
  %fd = stream_lite.tensor.encode %ff : tensor<3x3xi8, #lhs_i8> in !stream_lite.resource<*>{%ftsz} -> tensor<3x3xi8> in !stream_lite.resource<external>{%fsz}
  %fr = stream_lite.tensor.export %fd : tensor<3x3xi8> in !stream_lite.resource<external>{%fsz} -> tensor<3x3xi8>

  // 3x5 i4 in 2x2 tiles: 4x6 slots, 12 bytes with padding, 32-bit.
  // REMARK: zero-fills-wide-memset.mlir:[[@LINE+5]]:{{[0-9]+}}: remark: [Passed] stream_lite.tensor.fill | {{.*}} Remark="one 32-bit memset of 12 bytes
  %gsz = stream_lite.tensor.sizeof tensor<3x5xi4> : index
  %gi = stream_lite.tensor.import %g : tensor<3x5xi4> -> tensor<3x5xi4> in !stream_lite.resource<external>{%gsz}
  %gtsz = stream_lite.tensor.sizeof tensor<3x5xi4, #lhs_i4> : index
  %gt = stream_lite.tensor.encode %gi : tensor<3x5xi4> in !stream_lite.resource<external>{%gsz} -> tensor<3x5xi4, #lhs_i4> in !stream_lite.resource<*>{%gtsz}
  %gf = stream_lite.tensor.fill %z4, %gt[%c0, %c0 for %c3, %c5] : i4 -> tensor<3x5xi4, #lhs_i4> in %gt as !stream_lite.resource<*>{%gtsz}
  %gd = stream_lite.tensor.encode %gf : tensor<3x5xi4, #lhs_i4> in !stream_lite.resource<*>{%gtsz} -> tensor<3x5xi4> in !stream_lite.resource<external>{%gsz}
  %gr = stream_lite.tensor.export %gd : tensor<3x5xi4> in !stream_lite.resource<external>{%gsz} -> tensor<3x5xi4>

  return %ar, %br, %cr, %dr, %er, %fr, %gr : tensor<4x4xi8>, tensor<3x3xi8>, tensor<?x3xi8>, tensor<3x3xi4>, tensor<4x4xi2>, tensor<3x3xi8>, tensor<3x5xi4>
}
