// RUN: layout-opt --stream-lite-materialize-builtins=non-temporal-store-bytes=4096 %s | FileCheck %s
// RUN: layout-opt --stream-lite-materialize-builtins %s | FileCheck %s --check-prefix=DEFAULT
// RUN: layout-opt --stream-lite-materialize-builtins=non-temporal-store-bytes=0 %s | FileCheck %s --check-prefix=NEVER
// RUN: layout-opt --stream-lite-materialize-builtins="parallel-kernels=true non-temporal-store-bytes=4096" %s | FileCheck %s --check-prefix=PARALLEL
// RUN: layout-opt --stream-lite-to-llvm-pipeline %s | FileCheck %s --check-prefix=LLVM
// RUN: layout-opt --stream-lite-materialize-builtins="non-temporal-store-bytes=4096 non-temporal-scattered-stores=all" %s | FileCheck %s --check-prefix=SCATTERED
// RUN: layout-opt --stream-lite-to-llvm-pipeline="non-temporal-scattered-stores=all non-temporal-store-bytes=4096" %s | FileCheck %s --check-prefix=SCATTERED-LLVM
// RUN: layout-opt --stream-lite-materialize-builtins="non-temporal-store-bytes=4096 non-temporal-scattered-stores=none" %s | FileCheck %s --check-prefix=NONE
// RUN: not layout-opt --stream-lite-materialize-builtins=non-temporal-scattered-stores=true %s 2>&1 | FileCheck %s --check-prefix=BAD-CHOICE
// BAD-CHOICE: for the --non-temporal-scattered-stores option: Cannot find option named 'true'!

// Non-temporal stores (materialize-builtins=non-temporal-store-bytes, 32 MiB
// by default): a kernel whose region writes at least that many bytes
// stores its vector moves of 8 bytes or more with `nontemporal = true`
// (decided when it is built, or at run time for a dynamic size), and a
// seq_cst llvm.fence orders them before the kernel returns (and before
// each parallel group ends).

#t = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>
#wide = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 8]>
#sw = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4], swizzle = #stream_lite.swizzle<expand_shape = [[2, 4], [2, 2]], permutation = [1, 3, 0, 2]>>
stream_lite.device @dev targets([#stream_lite.target<"x">])

// 4096 bytes written, in 16-byte tile rows: at the threshold. Four rows
// of a tile make a cache line: loaded from the source row by row, joined,
// and written by one 64-byte store. Its address is tested where it runs
// (a binding may start at any byte): where it starts a line the store has
// alignment 64, else where it is a multiple of 16 alignment 16.
// CHECK-LABEL: stream_lite.executable private @__builtin_encode_32x32xf32_to_32x32xf32_tiled_p0_1_t8_4
// CHECK-NOT: memref.copy
// CHECK-COUNT-4: memref.load %{{.+}}[] {alignment = 1 : i64} : memref<vector<16xi8>>
// CHECK: %[[LINE:.+]] = vector.shuffle %{{.+}}, %{{.+}} [{{.+}}] : vector<32xi8>, vector<32xi8>
// CHECK: %[[TO:.+]] = memref.view %{{.+}}[%{{.+}}][] : memref<?xi8> to memref<vector<64xi8>>
// CHECK: %[[ADDRESS:.+]] = memref.extract_aligned_pointer_as_index %[[TO]]
// CHECK: %[[C63:.+]] = arith.constant 63 : index
// CHECK: %[[LOW:.+]] = arith.andi %[[ADDRESS]], %[[C63]] : index
// CHECK: %[[C0:.+]] = arith.constant 0 : index
// CHECK: %[[ALIGNED:.+]] = arith.cmpi eq, %[[LOW]], %[[C0]] : index
// CHECK: scf.if %[[ALIGNED]] {
// CHECK-NEXT: memref.store %[[LINE]], %[[TO]][] {alignment = 64 : i64, nontemporal = true} : memref<vector<64xi8>>
// CHECK-NEXT: } else {
// CHECK: arith.constant 15 : index
// CHECK: scf.if
// CHECK-NEXT: memref.store %[[LINE]], %[[TO]][] {alignment = 16 : i64, nontemporal = true} : memref<vector<64xi8>>
// CHECK-NEXT: } else {
// CHECK-NEXT: memref.store %[[LINE]], %[[TO]][] {alignment = 1 : i64, nontemporal = true} : memref<vector<64xi8>>
// CHECK-NOT: llvm.fence
// CHECK: llvm.fence seq_cst
// CHECK-NEXT: return
// DEFAULT-LABEL: stream_lite.executable private @__builtin_encode_32x32xf32_to_32x32xf32_tiled_p0_1_t8_4
// DEFAULT-NOT: nontemporal
// DEFAULT-NOT: llvm.fence
// DEFAULT: memref.copy
// DEFAULT-LABEL: func.func @at_threshold
// PARALLEL-LABEL: stream_lite.executable private @__builtin_encode_32x32xf32_to_32x32xf32_tiled_p0_1_t8_4
// PARALLEL: scf.parallel
// PARALLEL: nontemporal = true
// PARALLEL-NOT: llvm.fence
// PARALLEL: llvm.fence seq_cst
// PARALLEL-NEXT: scf.reduce
// PARALLEL: llvm.fence seq_cst
// PARALLEL-NEXT: return
func.func @at_threshold(%r: !stream_lite.resource<*>, %sz: index, %sz1: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %e = stream_lite.tensor.encode %r : tensor<32x32xf32> in !stream_lite.resource<*>{%sz} -> tensor<32x32xf32, #t> in !stream_lite.resource<*>{%sz1}
  return %e : !stream_lite.resource<*>
}

// 3968 bytes: below it.
// CHECK-LABEL: stream_lite.executable private @__builtin_encode_31x32xf32_to_31x32xf32_tiled_p0_1_t8_4
// CHECK-NOT: nontemporal
// CHECK-NOT: llvm.fence
// CHECK-LABEL: func.func @below_threshold
func.func @below_threshold(%r: !stream_lite.resource<*>, %sz: index, %sz1: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %e = stream_lite.tensor.encode %r : tensor<31x32xf32> in !stream_lite.resource<*>{%sz} -> tensor<31x32xf32, #t> in !stream_lite.resource<*>{%sz1}
  return %e : !stream_lite.resource<*>
}

// A dynamic dim: the kernel compares the region's elements with the
// threshold's (4096 / 4 bytes) once; each line of a whole tile then takes
// the joined non-temporal store, or its rows the memref.copy, on that.
// CHECK-LABEL: stream_lite.executable private @__builtin_encode_Dx32xf32_to_Dx32xf32_tiled_p0_1_t8_4
// CHECK: %[[BIG:.+]] = arith.cmpi uge, %{{.+}}, %c1024 : index
// CHECK: scf.if %[[BIG]] {
// CHECK: memref.store %{{.+}}, %{{.+}}[] {alignment = 64 : i64, nontemporal = true} : memref<vector<64xi8>>
// CHECK: memref.store %{{.+}}, %{{.+}}[] {alignment = 16 : i64, nontemporal = true} : memref<vector<64xi8>>
// CHECK-NEXT: } else {
// CHECK-NEXT: memref.store %{{.+}}, %{{.+}}[] {alignment = 1 : i64, nontemporal = true} : memref<vector<64xi8>>
// CHECK-NOT: memref.copy
// CHECK: } else {
// CHECK-NOT: nontemporal
// CHECK: memref.copy %{{.+}}, %{{.+}} : memref<16xi8> to memref<16xi8>
// CHECK: llvm.fence seq_cst
// CHECK-NEXT: return
// DEFAULT-LABEL: stream_lite.executable private @__builtin_encode_Dx32xf32_to_Dx32xf32_tiled_p0_1_t8_4
// DEFAULT: arith.cmpi uge, %{{.+}}, %c8388608 : index
// NEVER-LABEL: stream_lite.executable private @__builtin_encode_Dx32xf32_to_Dx32xf32_tiled_p0_1_t8_4
// NEVER-NOT: arith.cmpi uge
// NEVER-LABEL: func.func @dynamic
// CHECK-LABEL: func.func @dynamic
func.func @dynamic(%r: !stream_lite.resource<*>, %d: index, %sz: index, %sz1: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %e = stream_lite.tensor.encode %r : tensor<?x32xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x32xf32, #t>{%d} in !stream_lite.resource<*>{%sz1}
  return %e : !stream_lite.resource<*>
}

// 8x4 i4 tiles: 2-byte tile rows, narrower than 8 bytes, move 16 tiles at
// a time (two groups of 8, one in each half of 32-byte rows), transposed
// in registers: each tile is one 16-byte store. The single elements of
// tiles outside such groups are stored as before.
// CHECK-LABEL: stream_lite.executable private @__builtin_encode_64x128xi4_to_64x128xi4_tiled_p0_1_t8_4
// CHECK-COUNT-8: memref.load %{{.+}}[] {alignment = 1 : i64} : memref<vector<16xi16>>
// CHECK: vector.shuffle
// CHECK-COUNT-16: memref.store %{{.+}}, %{{.+}}[] {alignment = 1 : i64, nontemporal = true} : memref<vector<8xi16>>
// CHECK-NOT: nontemporal
// CHECK: llvm.fence seq_cst
// CHECK-NOT: llvm.fence
// CHECK-LABEL: func.func @packed
func.func @packed(%r: !stream_lite.resource<*>, %sz: index, %sz1: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %e = stream_lite.tensor.encode %r : tensor<64x128xi4> in !stream_lite.resource<*>{%sz} -> tensor<64x128xi4, #t> in !stream_lite.resource<*>{%sz1}
  return %e : !stream_lite.resource<*>
}

// Swizzled tiles by groups: each group is a non-temporal store into the
// swizzled destination, which the walk writes in its order.
// CHECK-LABEL: stream_lite.executable private @__builtin_encode_32x32xf32_to_32x32xf32_tiled_p0_1_t8_4_sw_g2_4_g2_2_q1_3_0_2
// CHECK: vector.shuffle
// CHECK: memref.store %{{.+}}, %{{.+}}[] {alignment = 1 : i64, nontemporal = true} : memref<vector<8xi32>>
// CHECK: llvm.fence seq_cst
// CHECK-LABEL: func.func @swizzled
func.func @swizzled(%r: !stream_lite.resource<*>, %sz: index, %sz1: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %e = stream_lite.tensor.encode %r : tensor<32x32xf32> in !stream_lite.resource<*>{%sz} -> tensor<32x32xf32, #sw> in !stream_lite.resource<*>{%sz1}
  return %e : !stream_lite.resource<*>
}

// Destinations written several rows at once keep ordinary stores at any
// size: a walk in a tiled source's order (a tile's rows go to 8
// destination rows), swizzled or not, and 4x8 tiles from 8x4 ones (each
// source tile fills two destination tile rows). Except whole lines: from
// 8x4 f32 tiles each row of four tiles is joined into one 64-byte store
// (gathered from the tiles loaded whole where swizzled), and into 4x8
// tiles each two rows of a tile, past the cache where the store's address
// starts a line, else ordinary.
// CHECK-LABEL: stream_lite.executable private @__builtin_encode_32x32xf32_tiled_p0_1_t8_4_sw_g2_4_g2_2_q1_3_0_2_to_32x32xf32
// CHECK-NOT: nontemporal
// CHECK: memref.store %[[GATHERED:.+]], %[[AT:.+]][] {alignment = 64 : i64, nontemporal = true} : memref<vector<16xi32>>
// CHECK-NEXT: } else {
// CHECK-NEXT: memref.store %[[GATHERED]], %[[AT]][] {alignment = 1 : i64} : memref<vector<16xi32>>
// CHECK: llvm.fence seq_cst
// CHECK-NEXT: return
// CHECK-LABEL: stream_lite.executable private @__builtin_encode_32x32xf32_tiled_p0_1_t8_4_to_32x32xf32
// CHECK: %[[LINE:.+]] = memref.view %{{.+}}[%{{.+}}][] : memref<?xi8> to memref<vector<64xi8>>
// CHECK: %[[ADDRESS:.+]] = memref.extract_aligned_pointer_as_index %[[LINE]]
// CHECK: %[[MISALIGNED:.+]] = arith.andi %[[ADDRESS]], %c63{{(_[0-9]+)?}} : index
// CHECK: %[[ALIGNED:.+]] = arith.cmpi eq, %[[MISALIGNED]], %{{.+}} : index
// CHECK: scf.if %[[ALIGNED]] {
// CHECK-NEXT: memref.store %[[ROW:.+]], %[[LINE]][] {alignment = 64 : i64, nontemporal = true} : memref<vector<64xi8>>
// CHECK-NEXT: } else {
// CHECK-NEXT: memref.store %[[ROW]], %[[LINE]][] {alignment = 1 : i64} : memref<vector<64xi8>>
// CHECK: llvm.fence seq_cst
// CHECK-NEXT: return
// 4x8 tiles from 8x4: two rows of a destination tile make a line, joined
// from four source tile rows; past the cache where it starts a line, else
// ordinary.
// CHECK-LABEL: stream_lite.executable private @__builtin_encode_32x32xf32_tiled_p0_1_t8_4_to_32x32xf32_tiled_p0_1_t4_8
// CHECK-NOT: nontemporal
// CHECK-COUNT-4: memref.load %{{.+}}[] {alignment = 1 : i64} : memref<vector<16xi8>>
// CHECK: memref.store %[[TILE_ROWS:.+]], %[[AT:.+]][] {alignment = 64 : i64, nontemporal = true} : memref<vector<64xi8>>
// CHECK-NEXT: } else {
// CHECK-NEXT: memref.store %[[TILE_ROWS]], %[[AT]][] {alignment = 1 : i64} : memref<vector<64xi8>>
// CHECK-NOT: nontemporal
// CHECK: llvm.fence seq_cst
// CHECK-NEXT: return
// CHECK-LABEL: func.func @scattered
// With non-temporal-scattered-stores they store past the cache from the
// same size on, each kernel ending with the fence.
// SCATTERED-LABEL: stream_lite.executable private @__builtin_encode_32x32xf32_tiled_p0_1_t8_4_sw_g2_4_g2_2_q1_3_0_2_to_32x32xf32
// SCATTERED: nontemporal = true
// SCATTERED: llvm.fence seq_cst
// SCATTERED-NEXT: return
// SCATTERED-LABEL: stream_lite.executable private @__builtin_encode_32x32xf32_tiled_p0_1_t8_4_to_32x32xf32
// SCATTERED: %[[ROW:.+]] = vector.shuffle %{{.+}}, %{{.+}} [{{.+}}] : vector<32xi8>, vector<32xi8>
// SCATTERED: memref.store %[[ROW]], %{{.+}}[] {alignment = 64 : i64, nontemporal = true} : memref<vector<64xi8>>
// SCATTERED: memref.store %[[ROW]], %{{.+}}[] {alignment = 16 : i64, nontemporal = true} : memref<vector<64xi8>>
// SCATTERED: memref.store %[[ROW]], %{{.+}}[] {alignment = 1 : i64, nontemporal = true} : memref<vector<64xi8>>
// SCATTERED: llvm.fence seq_cst
// SCATTERED-NEXT: return
// SCATTERED-LABEL: stream_lite.executable private @__builtin_encode_32x32xf32_tiled_p0_1_t8_4_to_32x32xf32_tiled_p0_1_t4_8
// SCATTERED: nontemporal = true
// SCATTERED: llvm.fence seq_cst
// SCATTERED-NEXT: return
// Below the size they stay ordinary.
// SCATTERED-LABEL: stream_lite.executable private @__builtin_encode_31x32xf32_tiled_p0_1_t8_4_to_31x32xf32
// SCATTERED-NOT: nontemporal
// SCATTERED-NOT: llvm.fence
// SCATTERED-LABEL: func.func @scattered
// With non-temporal-scattered-stores=none none of them does, not even
// the joined rows' whole lines (still joined: only the store's kind
// changes); one-stream walks keep theirs (below).
// NONE-LABEL: stream_lite.executable private @__builtin_encode_32x32xf32_tiled_p0_1_t8_4_sw_g2_4_g2_2_q1_3_0_2_to_32x32xf32
// NONE-NOT: nontemporal
// NONE-NOT: llvm.fence
// NONE-LABEL: stream_lite.executable private @__builtin_encode_32x32xf32_tiled_p0_1_t8_4_to_32x32xf32
// NONE: %[[ROW:.+]] = vector.shuffle %{{.+}}, %{{.+}} [{{.+}}] : vector<32xi8>, vector<32xi8>
// NONE-NOT: nontemporal
// NONE-NOT: llvm.fence
// NONE-LABEL: stream_lite.executable private @__builtin_encode_32x32xf32_tiled_p0_1_t8_4_to_32x32xf32_tiled_p0_1_t4_8
// NONE-NOT: nontemporal
// NONE-NOT: llvm.fence
// NONE-LABEL: func.func @scattered
// SCATTERED-LLVM-LABEL: llvm.func @__builtin_encode_32x32xf32_tiled_p0_1_t8_4_to_32x32xf32
// SCATTERED-LLVM: llvm.store %{{.+}}, %{{.+}} {alignment = 16 : i64, nontemporal} : vector<64xi8>, !llvm.ptr
// SCATTERED-LLVM: llvm.fence seq_cst
func.func @scattered(%r: !stream_lite.resource<*>, %s: !stream_lite.resource<*>, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %a = stream_lite.tensor.encode %r : tensor<32x32xf32, #sw> in !stream_lite.resource<*>{%sz} -> tensor<32x32xf32> in !stream_lite.resource<*>{%sz}
  %b = stream_lite.tensor.encode %s : tensor<32x32xf32, #t> in !stream_lite.resource<*>{%sz} -> tensor<32x32xf32> in !stream_lite.resource<*>{%sz}
  %c = stream_lite.tensor.encode %s : tensor<32x32xf32, #t> in !stream_lite.resource<*>{%sz} -> tensor<32x32xf32, #wide> in !stream_lite.resource<*>{%sz}
  return %a, %b, %c : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}
func.func @scattered_below(%s: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %b = stream_lite.tensor.encode %s : tensor<31x32xf32, #t> in !stream_lite.resource<*>{%sz} -> tensor<31x32xf32> in !stream_lite.resource<*>{%sz}
  return %b : !stream_lite.resource<*>
}

// 32 MiB: at the default threshold; never with 0. Lowered to LLVM, the
// stores carry `nontemporal` and the fence stays.
// CHECK-LABEL: stream_lite.executable private @__builtin_encode_4096x2048xf32_to_4096x2048xf32_tiled_p0_1_t8_4
// CHECK: nontemporal = true
// NONE-LABEL: stream_lite.executable private @__builtin_encode_4096x2048xf32_to_4096x2048xf32_tiled_p0_1_t8_4
// NONE: memref.store %{{.+}}, %{{.+}}[] {alignment = 64 : i64, nontemporal = true} : memref<vector<64xi8>>
// NONE: llvm.fence seq_cst
// DEFAULT-LABEL: stream_lite.executable private @__builtin_encode_4096x2048xf32_to_4096x2048xf32_tiled_p0_1_t8_4
// DEFAULT: memref.store %{{.+}}, %{{.+}}[] {alignment = 64 : i64, nontemporal = true} : memref<vector<64xi8>>
// DEFAULT: memref.store %{{.+}}, %{{.+}}[] {alignment = 16 : i64, nontemporal = true} : memref<vector<64xi8>>
// DEFAULT: memref.store %{{.+}}, %{{.+}}[] {alignment = 1 : i64, nontemporal = true} : memref<vector<64xi8>>
// DEFAULT: llvm.fence seq_cst
// NEVER-NOT: nontemporal
// NEVER-NOT: llvm.fence
// LLVM-LABEL: llvm.func @__builtin_encode_4096x2048xf32_to_4096x2048xf32_tiled_p0_1_t8_4
// LLVM: %[[ADDRESS:.+]] = llvm.ptrtoint %[[TO:.+]] : !llvm.ptr to i64
// LLVM: %[[LOW:.+]] = llvm.and %[[ADDRESS]], %{{.+}} : i64
// LLVM: llvm.icmp "eq" %[[LOW]], %{{.+}} : i64
// LLVM: llvm.store %{{.+}}, %[[TO]] {alignment = 64 : i64, nontemporal} : vector<64xi8>, !llvm.ptr
// LLVM: llvm.store %{{.+}}, %[[TO]] {alignment = 16 : i64, nontemporal} : vector<64xi8>, !llvm.ptr
// LLVM: llvm.store %{{.+}}, %[[TO]] {alignment = 1 : i64, nontemporal} : vector<64xi8>, !llvm.ptr
// LLVM: llvm.fence seq_cst
// LLVM-NEXT: llvm.return
func.func @large(%r: !stream_lite.resource<*>, %sz: index, %sz1: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %e = stream_lite.tensor.encode %r : tensor<4096x2048xf32> in !stream_lite.resource<*>{%sz} -> tensor<4096x2048xf32, #t> in !stream_lite.resource<*>{%sz1}
  return %e : !stream_lite.resource<*>
}

// 8 MiB, below the default threshold: ordinary stores (whole programs of
// such relayouts ran faster with their results left in the cache).
// DEFAULT-LABEL: stream_lite.executable private @__builtin_encode_2048x1024xf32_to_2048x1024xf32_tiled_p0_1_t8_4
// DEFAULT-NOT: nontemporal
// DEFAULT-NOT: llvm.fence
// DEFAULT: memref.copy
// DEFAULT-NOT: nontemporal
// DEFAULT-NOT: llvm.fence
// DEFAULT-LABEL: func.func @below_default
func.func @below_default(%r: !stream_lite.resource<*>, %sz: index, %sz1: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %e = stream_lite.tensor.encode %r : tensor<2048x1024xf32> in !stream_lite.resource<*>{%sz} -> tensor<2048x1024xf32, #t> in !stream_lite.resource<*>{%sz1}
  return %e : !stream_lite.resource<*>
}
