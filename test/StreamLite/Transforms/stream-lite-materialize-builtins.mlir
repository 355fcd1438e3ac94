// RUN: layout-opt --stream-lite-materialize-builtins %s | FileCheck %s
// RUN: layout-opt --stream-lite-materialize-builtins %s | layout-opt --stream-lite-materialize-builtins | FileCheck %s --check-prefix=IDEMPOTENT
// A second run finds nothing more to do: every executable appears once.
// IDEMPOTENT-COUNT-10: stream_lite.executable private @__builtin_
// IDEMPOTENT-NOT: stream_lite.executable private

// Every generated kernel goes through the upstream lowering to LLVM.
// RUN: layout-opt --stream-lite-materialize-builtins --stream-lite-lower-bindings %s \
// RUN:   | layout-opt --pass-pipeline='builtin.module(stream_lite.executable(builtin.module(convert-scf-to-cf,expand-strided-metadata,finalize-memref-to-llvm,convert-arith-to-llvm,convert-index-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)))' \
// RUN:   | FileCheck %s --check-prefix=LLVM
// LLVM-COUNT-10: llvm.func @__builtin_
// LLVM-NOT: memref.
// LLVM-NOT: scf.

stream_lite.device @dev targets([#stream_lite.target<"x">])
stream_lite.device @narrow targets([#stream_lite.target<"y">]) {native_fill_bits = [8]}

#tile84 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>
#tile44 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>
#pad16 = #stream_lite.padding<[0, 16]>


// Tests that a clone with equal types stays a DMA clone whatever the layout.
// CHECK-LABEL: func.func @clone_tiled
// CHECK: stream_lite.tensor.clone
// CHECK-NOT: stream_lite.tensor.dispatch
func.func @clone_tiled(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %0 = stream_lite.tensor.clone %r : tensor<5x6xf32, #tile44> in !stream_lite.resource<*>{%sz} -> tensor<5x6xf32, #tile44> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// CHECK-LABEL: func.func @clone_dynamic
// CHECK: stream_lite.tensor.clone
func.func @clone_dynamic(%r: !stream_lite.resource<*>, %d: index, %sz: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %0 = stream_lite.tensor.clone %r : tensor<?x6xf32, #tile44>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x6xf32, #tile44>{%d} in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// Tests that encodes between physically equal layouts fold to clones.
// CHECK-LABEL: func.func @encode_equal
// CHECK: stream_lite.tensor.clone %{{.+}} : tensor<?x6xf32>{%{{.+}}} in !stream_lite.resource<*>{%{{.+}}} -> tensor<?x6xf32>{%{{.+}}} in
// CHECK: stream_lite.tensor.clone
// CHECK-NOT: stream_lite.tensor.encode
func.func @encode_equal(%r: !stream_lite.resource<*>, %d: index, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %0 = stream_lite.tensor.encode %r : tensor<?x6xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x6xf32, #stream_lite.layout<[#stream_lite.padding<[0, 0]>]>>{%d} in !stream_lite.resource<*>{%sz}
  %1 = stream_lite.tensor.encode %r : tensor<?x6xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x6xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [1, 1]>>{%d} in !stream_lite.resource<*>{%sz}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}

// Tests that layouts equal on this shape (tiles that divide the dim) fold too.
// CHECK-LABEL: func.func @encode_same_image
// CHECK: stream_lite.tensor.clone
func.func @encode_same_image(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %0 = stream_lite.tensor.encode %r : tensor<8x4xf32> in !stream_lite.resource<*>{%sz} -> tensor<8x4xf32, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [4]>> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// Tests that a relayout becomes a dispatch to a generated executable.
// CHECK: stream_lite.executable private @[[ENCODE:__builtin_encode_Dx6xf32_to_Dx6xf32_tiled_p0_1_t4_4]] attributes {stream_lite.builtin_kind = "encode"} {
// CHECK-NEXT: stream_lite.executable.export public @[[ENCODE]]
// CHECK: func.func @[[ENCODE]](%{{.+}}: !stream_lite.binding, %{{.+}}: index, %{{.+}}: index, %{{.+}}: !stream_lite.binding)
// CHECK-LABEL: func.func @encode_relayout
// CHECK: stream_lite.tensor.dispatch @[[ENCODE]]::@[[ENCODE]](%arg0, %arg1, %arg1) : (tensor<?x6xf32>{%arg1} in !stream_lite.resource<*>{%arg2}, index, index) -> tensor<?x6xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>>{%arg1} in !stream_lite.resource<*>{%arg2}
func.func @encode_relayout(%r: !stream_lite.resource<*>, %d: index, %sz: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %0 = stream_lite.tensor.encode %r : tensor<?x6xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x6xf32, #tile44>{%d} in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// Tests that whole-row slices stay DMA on identity, padding and tiled layouts.
// CHECK-LABEL: func.func @slice_rows
// CHECK-COUNT-3: stream_lite.tensor.slice
// CHECK-NOT: stream_lite.tensor.dispatch
// CHECK: return
func.func @slice_rows(%r: !stream_lite.resource<*>, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %0 = stream_lite.tensor.slice %r[%c2, %c0 for %c2, %c32] : tensor<8x32xf32> in !stream_lite.resource<*>{%sz} -> tensor<2x32xf32> in !stream_lite.resource<*>{%sz}
  %1 = stream_lite.tensor.slice %r[%c2, %c0 for %c2, %c32] : tensor<8x32xf32, #pad16> in !stream_lite.resource<*>{%sz} -> tensor<2x32xf32, #pad16> in !stream_lite.resource<*>{%sz}
  %2 = stream_lite.tensor.slice %r[%c8, %c0 for %c8, %c16] : tensor<16x16xf32, #tile84> in !stream_lite.resource<*>{%sz} -> tensor<8x16xf32, #tile84> in !stream_lite.resource<*>{%sz}
  return %0, %1, %2 : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}

// Tests that slices that are no single byte range, or whose byte order
// differs between the tensors, become dispatches.
// CHECK: stream_lite.executable private @__builtin_slice_8x32xf32_to_2x3xf32 attributes {stream_lite.builtin_kind = "slice"} {
// CHECK: stream_lite.executable private @__builtin_slice_8x32xf32_pad_0_16_to_2x32xf32 attributes {stream_lite.builtin_kind = "slice"} {
// CHECK: stream_lite.executable private @__builtin_slice_16x16xf32_tiled_p0_1_t8_4_to_16x3xf32_tiled_p0_1_t8_4 attributes {stream_lite.builtin_kind = "slice"} {
// CHECK-LABEL: func.func @slice_dispatch
// CHECK: stream_lite.tensor.dispatch @__builtin_slice_8x32xf32_to_2x3xf32::@__builtin_slice_8x32xf32_to_2x3xf32(%arg0, %c0, %c1) : (tensor<8x32xf32> in !stream_lite.resource<*>{%arg1}, index, index) -> tensor<2x3xf32> in !stream_lite.resource<*>{%arg1}
// CHECK: stream_lite.tensor.dispatch @__builtin_slice_8x32xf32_pad_0_16_to_2x32xf32
// CHECK: stream_lite.tensor.dispatch @__builtin_slice_16x16xf32_tiled_p0_1_t8_4_to_16x3xf32_tiled_p0_1_t8_4
// CHECK-NOT: stream_lite.tensor.slice
func.func @slice_dispatch(%r: !stream_lite.resource<*>, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %0 = stream_lite.tensor.slice %r[%c0, %c1 for %c2, %c3] : tensor<8x32xf32> in !stream_lite.resource<*>{%sz} -> tensor<2x3xf32> in !stream_lite.resource<*>{%sz}
  %1 = stream_lite.tensor.slice %r[%c2, %c0 for %c2, %c32] : tensor<8x32xf32, #pad16> in !stream_lite.resource<*>{%sz} -> tensor<2x32xf32> in !stream_lite.resource<*>{%sz}
  %2 = stream_lite.tensor.slice %r[%c0, %c1 for %c16, %c3] : tensor<16x16xf32, #tile84> in !stream_lite.resource<*>{%sz} -> tensor<16x3xf32, #tile84> in !stream_lite.resource<*>{%sz}
  return %0, %1, %2 : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}

// Tests dynamic regions: row-major identity rows stay DMA; tiled rows at an
// offset not provably tile-aligned dispatch (dims, offsets and result dims
// are operands). More in stream-lite-materialize-builtins-dynamic.mlir.
// CHECK-LABEL: func.func @slice_dynamic
// CHECK: stream_lite.tensor.slice %arg0[%arg2, %c0 for %arg3, %c16]
// CHECK: stream_lite.tensor.dispatch @__builtin_slice_Dx16xf32_tiled_p0_1_t8_4_to_Dx16xf32_tiled_p0_1_t8_4::@__builtin_slice_Dx16xf32_tiled_p0_1_t8_4_to_Dx16xf32_tiled_p0_1_t8_4(%arg0, %arg1, %arg2, %c0, %arg3)
func.func @slice_dynamic(%r: !stream_lite.resource<*>, %d: index, %o: index, %n: index, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %0 = stream_lite.tensor.slice %r[%o, %c0 for %n, %c16] : tensor<?x16xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x16xf32>{%n} in !stream_lite.resource<*>{%sz}
  %1 = stream_lite.tensor.slice %r[%o, %c0 for %n, %c16] : tensor<?x16xf32, #tile84>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x16xf32, #tile84>{%n} in !stream_lite.resource<*>{%sz}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}

// Tests updates: whole rows of an identity target are DMA; rows that cut
// 8-row tiles dispatch with the result tied to the target.
// CHECK-LABEL: func.func @update
// CHECK: stream_lite.tensor.update %arg1, %arg0[%c4, %c0]
// CHECK: stream_lite.tensor.dispatch @__builtin_update_8x16xf32_tiled_p0_1_t8_4_to_2x16xf32_tiled_p0_1_t8_4::@__builtin_update_8x16xf32_tiled_p0_1_t8_4_to_2x16xf32_tiled_p0_1_t8_4(%arg0, %arg1, %c1, %c0) : ({{.+}}) -> tensor<8x16xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>> in %arg0 as !stream_lite.resource<*>{%arg2}
func.func @update(%t: !stream_lite.resource<*>, %u: !stream_lite.resource<*>, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %0 = stream_lite.tensor.update %u, %t[%c4, %c0] : tensor<2x16xf32> in !stream_lite.resource<*>{%sz} -> tensor<8x16xf32> in %t as !stream_lite.resource<*>{%sz}
  %1 = stream_lite.tensor.update %u, %t[%c1, %c0] : tensor<2x16xf32, #tile84> in !stream_lite.resource<*>{%sz} -> tensor<8x16xf32, #tile84> in %t as !stream_lite.resource<*>{%sz}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}

// Tests fills: zero into tiled padding, non-zero over tiles without padding,
// any pattern on padding layouts, i64 with equal halves and a zero pattern
// on an 8-bit device are DMA; non-zero into tile padding, i64 with unequal
// halves and f32 1.0 on an 8-bit device dispatch.
// CHECK-LABEL: func.func @fill
// CHECK: %[[F0:.+]] = stream_lite.tensor.fill %cst, %arg0
// CHECK: %[[F1:.+]] = stream_lite.tensor.dispatch @__builtin_fill_5x6xf32_tiled_p0_1_t4_4::@__builtin_fill_5x6xf32_tiled_p0_1_t4_4(%[[F0]], %c0, %c0, %c5, %c6, %cst_0)
// CHECK: %[[F2:.+]] = stream_lite.tensor.fill %cst_0, %[[F1]]
// CHECK: %[[F3:.+]] = stream_lite.tensor.fill %arg2, %[[F2]]
// CHECK: %[[F4:.+]] = stream_lite.tensor.fill %c21474836485_i64, %[[F3]]
// CHECK: %[[F5:.+]] = stream_lite.tensor.dispatch @__builtin_fill_8xi64::@__builtin_fill_8xi64(%[[F4]], %c0, %c5, %c21474836486_i64) : (tensor<8xi64> in !stream_lite.resource<*>{%arg1}, index, index, i64) -> tensor<8xi64> in %[[F4]] as !stream_lite.resource<*>{%arg1}
// CHECK: %[[F6:.+]] = stream_lite.tensor.dispatch on(#stream_lite.affinity<@narrow>) @__builtin_fill_8xf32::@__builtin_fill_8xf32(%[[F5]]
// CHECK: stream_lite.tensor.fill on(#stream_lite.affinity<@narrow>) %cst, %[[F6]]
func.func @fill(%t: !stream_lite.resource<*>, %sz: index, %v: f32) -> (!stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %i64e = arith.constant 0x0000000500000005 : i64
  %i64u = arith.constant 0x0000000500000006 : i64
  %0 = stream_lite.tensor.fill %zero, %t[%c0, %c0 for %c5, %c6] : f32 -> tensor<5x6xf32, #tile44> in %t as !stream_lite.resource<*>{%sz}
  %1 = stream_lite.tensor.fill %one, %0[%c0, %c0 for %c5, %c6] : f32 -> tensor<5x6xf32, #tile44> in %0 as !stream_lite.resource<*>{%sz}
  %2 = stream_lite.tensor.fill %one, %1[%c0, %c0 for %c8, %c8] : f32 -> tensor<8x8xf32, #tile44> in %1 as !stream_lite.resource<*>{%sz}
  %3 = stream_lite.tensor.fill %v, %2[%c0, %c0 for %c5, %c6] : f32 -> tensor<5x6xf32, #stream_lite.padding<[0, 3]>> in %2 as !stream_lite.resource<*>{%sz}
  %4 = stream_lite.tensor.fill %i64e, %3[%c0 for %c5] : i64 -> tensor<8xi64> in %3 as !stream_lite.resource<*>{%sz}
  %5 = stream_lite.tensor.fill %i64u, %4[%c0 for %c5] : i64 -> tensor<8xi64> in %4 as !stream_lite.resource<*>{%sz}
  %6 = stream_lite.tensor.fill on(#stream_lite.affinity<@narrow>) %one, %5[%c0 for %c5] : f32 -> tensor<8xf32> in %5 as !stream_lite.resource<*>{%sz}
  %7 = stream_lite.tensor.fill on(#stream_lite.affinity<@narrow>) %zero, %6[%c0 for %c5] : f32 -> tensor<8xf32> in %6 as !stream_lite.resource<*>{%sz}
  return %7 : !stream_lite.resource<*>
}

// Tests splats: identity and zero patterns memset; a non-zero tiled splat
// dispatches (the kernel keeps tile padding zero).
// CHECK-LABEL: func.func @splat
// CHECK: stream_lite.tensor.splat %arg1 : f32 -> tensor<?x6xf32>
// CHECK: stream_lite.tensor.dispatch @__builtin_splat_Dx6xf32_tiled_p0_1_t4_4::@__builtin_splat_Dx6xf32_tiled_p0_1_t4_4(%arg2, %arg1) : (index, f32) -> tensor<?x6xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>>{%arg2} in !stream_lite.resource<*>{%arg0}
// CHECK: stream_lite.tensor.splat %cst : f32 -> tensor<?x6xf32, #stream_lite.tiled
func.func @splat(%sz: index, %v: f32, %d: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %zero = arith.constant 0.0 : f32
  %0 = stream_lite.tensor.splat %v : f32 -> tensor<?x6xf32>{%d} in !stream_lite.resource<*>{%sz}
  %1 = stream_lite.tensor.splat %v : f32 -> tensor<?x6xf32, #tile44>{%d} in !stream_lite.resource<*>{%sz}
  %2 = stream_lite.tensor.splat %zero : f32 -> tensor<?x6xf32, #tile44>{%d} in !stream_lite.resource<*>{%sz}
  return %0, %1, %2 : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}

// Tests that the same signature in another function reuses one executable.
// CHECK-LABEL: func.func @dedup
// CHECK: stream_lite.tensor.dispatch @__builtin_encode_Dx6xf32_to_Dx6xf32_tiled_p0_1_t4_4::
func.func @dedup(%r: !stream_lite.resource<*>, %d: index, %sz: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %0 = stream_lite.tensor.encode %r : tensor<?x6xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x6xf32, #tile44>{%d} in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// Tests that ops that move no bytes of their own (dispatches, loads, sizeof)
// and ops inside executables are left alone.
// CHECK-LABEL: func.func @negative_not_transfers
// CHECK-NEXT: stream_lite.tensor.sizeof
// CHECK-NEXT: stream_lite.tensor.empty
// CHECK-NEXT: return
func.func @negative_not_transfers(%d: index) -> !stream_lite.resource<*> {
  %sz = stream_lite.tensor.sizeof tensor<?x6xf32, #tile44>{%d} : index
  %e = stream_lite.tensor.empty : tensor<?x6xf32, #tile44>{%d} in !stream_lite.resource<*>{%sz}
  return %e : !stream_lite.resource<*>
}
