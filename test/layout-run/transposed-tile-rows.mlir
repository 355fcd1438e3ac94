// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy.py wrap %t/a4.npy '|i1' 37,141 4
// RUN: %python %S/Inputs/npy.py wrap %t/a2.npy '|i1' 21,203 2
// RUN: %python %S/Inputs/npy.py iota %t/f32.npy '<f4' 17,13
// RUN: %python %S/Inputs/npy.py iota %t/f16.npy '<f2' 13,29
// RUN: %python %S/Inputs/npy.py iota %t/i16.npy '<i2' 19,70 -600
// RUN: %python %S/Inputs/npy.py wrap %t/i8.npy '|i1' 5,9,33 8
// Tiles with narrow rows (1, 2 or 4 bytes) move several at a time, their
// rows transposed in registers (docs/passes.md): i4 and i2 in 8x4 tiles,
// f32 and i16 in 8x1 tiles, f16 in 4x2 tiles, i8 in 3-d 2x4x4 tiles; odd
// shapes (tiles and groups cut at the edges), a dynamic dim, a slice and
// an update whose regions start mid-tile and mid-byte. Every run against
// the encoding-free reference, bit for bit, with the tiles' padding
// checked; then with non-temporal stores: the joined rows of whole lines
// (whole-lines), every walk (all: the groups' rows into rows too) and
// one-stream walks only (none). (threads-packed.mlir runs
// 8x4 i4 tiles of several MiB on two and three threads.)
// RUN: layout-run %s --function=i4 --input=@%t/a4.npy --input=index=37 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=I4
// RUN: layout-run %s --function=i2 --input=@%t/a2.npy --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=I2
// RUN: %python %S/Inputs/npy.py wrap %t/a2w.npy '|i1' 21,524 2
// RUN: layout-run %s --function=i2_wide --input=@%t/a2w.npy --input=index=21 --input=index=3 --input=index=5 --input=index=8 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=I2WIDE
// RUN: layout-run %s --non-temporal-store-bytes=1 --non-temporal-scattered-stores=whole-lines --function=i2_wide --input=@%t/a2w.npy --input=index=21 --input=index=3 --input=index=5 --input=index=8 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=I2WIDE
// RUN: layout-run %s --non-temporal-store-bytes=1 --non-temporal-scattered-stores=all --function=i2_wide --input=@%t/a2w.npy --input=index=21 --input=index=3 --input=index=5 --input=index=8 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=I2WIDE
// RUN: layout-run %s --function=narrow --input=@%t/f32.npy --input=@%t/f16.npy --input=@%t/i16.npy --input=index=19 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=NARROW
// RUN: layout-run %s --function=three_d --input=@%t/i8.npy --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=THREED
// RUN: layout-run %s --non-temporal-store-bytes=1 --non-temporal-scattered-stores=whole-lines --function=i4 --input=@%t/a4.npy --input=index=37 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=I4
// RUN: layout-run %s --non-temporal-store-bytes=1 --non-temporal-scattered-stores=all --function=i4 --input=@%t/a4.npy --input=index=37 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=I4
// RUN: layout-run %s --non-temporal-store-bytes=1 --non-temporal-scattered-stores=none --function=i4 --input=@%t/a4.npy --input=index=37 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=I4
// RUN: layout-run %s --non-temporal-store-bytes=1 --non-temporal-scattered-stores=whole-lines --function=i2 --input=@%t/a2.npy --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=I2
// RUN: layout-run %s --non-temporal-store-bytes=1 --non-temporal-scattered-stores=all --function=i2 --input=@%t/a2.npy --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=I2
// RUN: layout-run %s --non-temporal-store-bytes=1 --non-temporal-scattered-stores=whole-lines --function=narrow --input=@%t/f32.npy --input=@%t/f16.npy --input=@%t/i16.npy --input=index=19 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=NARROW
// RUN: layout-run %s --non-temporal-store-bytes=1 --non-temporal-scattered-stores=all --function=narrow --input=@%t/f32.npy --input=@%t/f16.npy --input=@%t/i16.npy --input=index=19 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=NARROW
// RUN: layout-run %s --non-temporal-store-bytes=1 --non-temporal-scattered-stores=none --function=narrow --input=@%t/f32.npy --input=@%t/f16.npy --input=@%t/i16.npy --input=index=19 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=NARROW
// RUN: layout-run %s --non-temporal-store-bytes=1 --non-temporal-scattered-stores=whole-lines --function=three_d --input=@%t/i8.npy --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=THREED
// RUN: layout-run %s --non-temporal-store-bytes=1 --non-temporal-scattered-stores=all --function=three_d --input=@%t/i8.npy --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=THREED
// RUN: layout-opt --stream-lite-layout-pipeline %s | FileCheck %s --check-prefix=IR

// I4: {{^}}37x141xi4={{.*}}{{$}}
// I4-NEXT: {{^}}33x131xi4={{.*}}{{$}}
// I4-NEXT: {{^}}37x141xi4={{.*}}{{$}}
// I4-NOT: {{.}}
// I2: {{^}}21x203xi2={{.*}}{{$}}
// I2-NOT: {{.}}
// I2WIDE: {{^}}21x524xi2={{.*}}{{$}}
// I2WIDE-NEXT: {{^}}17x401xi2={{.*}}{{$}}
// I2WIDE-NEXT: {{^}}17x400xi2={{.*}}{{$}}
// I2WIDE-NOT: {{.}}
// NARROW: {{^}}17x13xf32={{.*}}{{$}}
// NARROW-NEXT: {{^}}13x29xf16={{.*}}{{$}}
// NARROW-NEXT: {{^}}19x70xi16={{.*}}{{$}}
// NARROW-NOT: {{.}}
// THREED: {{^}}5x9x33xi8={{.*}}{{$}}
// THREED-NOT: {{.}}

// i4 8x4: two groups of eight tiles at a time, one in each 16-byte half of
// 32-byte vectors: eight 32-byte rows in, sixteen 16-byte tiles out (each
// half stored on its own); the unpack network's first round interleaves
// the 2-byte lanes of two rows within each half. Then, in a loop of their
// own, single groups (16-byte rows) for a row's last tiles: none here (36
// tiles a row: a pair, then four tiles, one by one); the update below has
// 26 (a pair, a single group, two tiles).
// IR-LABEL: func.func @__builtin_encode_Dx141xi4_to_Dx141xi4_tiled_p0_1_t8_4(
// IR-COUNT-8: memref.load %{{.*}}[] {alignment = 1 : i64} : memref<vector<16xi16>>
// IR: vector.shuffle %[[R0:.*]], %[[R1:.*]] [0, 16, 1, 17, 2, 18, 3, 19, 8, 24, 9, 25, 10, 26, 11, 27] : vector<16xi16>, vector<16xi16>
// IR-NEXT: vector.shuffle %[[R0]], %[[R1]] [4, 20, 5, 21, 6, 22, 7, 23, 12, 28, 13, 29, 14, 30, 15, 31] : vector<16xi16>, vector<16xi16>
// IR: %[[LO:.+]] = vector.shuffle %[[C:.+]], %[[C]] [0, 1, 2, 3, 4, 5, 6, 7] : vector<16xi16>, vector<16xi16>
// IR: memref.store %[[LO]], %{{.*}}[] {alignment = 1 : i64} : memref<vector<8xi16>>
// IR: %[[HI:.+]] = vector.shuffle %[[C]], %[[C]] [8, 9, 10, 11, 12, 13, 14, 15] : vector<16xi16>, vector<16xi16>
// IR: memref.store %[[HI]], %{{.*}}[] {alignment = 1 : i64} : memref<vector<8xi16>>
// IR-NOT: memref.load %{{.*}} : memref<vector<8xi16>>
// And back: a tile of each group per load, joined into one 32-byte vector,
// transposed within the halves, one 32-byte store per row.
// IR-LABEL: func.func @__builtin_encode_Dx141xi4_tiled_p0_1_t8_4_to_Dx141xi4(
// IR: %[[A4:.+]] = memref.load %{{.*}}[] {alignment = 1 : i64} : memref<vector<8xi16>>
// IR: %[[B4:.+]] = memref.load %{{.*}}[] {alignment = 1 : i64} : memref<vector<8xi16>>
// IR-NEXT: vector.shuffle %[[A4]], %[[B4]] [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] : vector<8xi16>, vector<8xi16>
// IR: vector.shuffle %{{.*}}, %{{.*}} [0, 16, 1, 17, 2, 18, 3, 19, 8, 24, 9, 25, 10, 26, 11, 27] : vector<16xi16>, vector<16xi16>
// IR: memref.store %{{.*}}, %{{.*}}[] {alignment = 1 : i64} : memref<vector<16xi16>>
// IR-LABEL: func.func @__builtin_update_Dx141xi4_tiled_p0_1_t8_4_to_26x101xi4(
// IR-COUNT-8: memref.load %{{.*}}[] {alignment = 1 : i64} : memref<vector<16xi16>>
// IR: vector.shuffle %{{.*}}, %{{.*}} [0, 16, 1, 17, 2, 18, 3, 19, 8, 24, 9, 25, 10, 26, 11, 27] : vector<16xi16>, vector<16xi16>
// IR-COUNT-8: memref.load %{{.*}}[] {alignment = 1 : i64} : memref<vector<8xi16>>
// IR: vector.shuffle %{{.*}}, %{{.*}} [0, 8, 1, 9, 2, 10, 3, 11] : vector<8xi16>, vector<8xi16>
// i2 8x4: 1-byte tile rows, two groups of sixteen tiles at a time.
// IR-LABEL: func.func @__builtin_encode_21x203xi2_to_21x203xi2_tiled_p0_1_t8_4(
// IR-COUNT-8: memref.load %{{.*}}[] {alignment = 1 : i64} : memref<vector<32xi8>>
// Its 8-byte tiles are adjacent: two at a time, sixteen 16-byte stores
// (each half of a 32-byte piece on its own).
// IR-COUNT-16: memref.store %{{.*}}, %{{.*}}[] {alignment = 1 : i64} : memref<vector<16xi8>>
// Then a single group (51 tiles a row: 32 in a pair, 16, then 3 tiles).
// IR-COUNT-8: memref.load %{{.*}}[] {alignment = 1 : i64} : memref<vector<16xi8>>
// IR-COUNT-8: memref.store %{{.*}}, %{{.*}}[] {alignment = 1 : i64} : memref<vector<16xi8>>
// IR-NOT: memref<vector<8xi8>>
// And back: two groups of sixteen tiles at a time, one in each 16-byte
// half of 32-byte vectors. Two 8-byte tiles a load, a load of each group
// joined, the lanes of each half grouped by tile row (one shuffle), then
// transposed as 2-byte lanes by shuffles that stay within their half; one
// 32-byte store per row.
// IR-LABEL: func.func @__builtin_encode_21x203xi2_tiled_p0_1_t8_4_to_21x203xi2_pad_1_3(
// IR: %[[A:.+]] = memref.load %{{.*}}[] {alignment = 1 : i64} : memref<vector<16xi8>>
// IR: %[[B:.+]] = memref.load %{{.*}}[] {alignment = 1 : i64} : memref<vector<16xi8>>
// IR-NEXT: %[[J:.+]] = vector.shuffle %[[A]], %[[B]] [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31] : vector<16xi8>, vector<16xi8>
// IR-NEXT: %[[G:.+]] = vector.shuffle %[[J]], %[[J]] [0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15, 16, 24, 17, 25, 18, 26, 19, 27, 20, 28, 21, 29, 22, 30, 23, 31] : vector<32xi8>, vector<32xi8>
// IR-NEXT: vector.bitcast %[[G]] : vector<32xi8> to vector<16xi16>
// IR-NOT: vector<8xi8>
// IR: vector.shuffle %{{.*}}, %{{.*}} [0, 16, 1, 17, 2, 18, 3, 19, 8, 24, 9, 25, 10, 26, 11, 27] : vector<16xi16>, vector<16xi16>
// IR-NOT: vector<8xi8>
// IR: vector.bitcast %{{.*}} : vector<16xi16> to vector<32xi8>
// IR-NOT: vector<8xi8>
// IR: memref.store %{{.*}}, %{{.*}}[] {alignment = 1 : i64} : memref<vector<32xi8>>
// IR-NOT: vector<8xi8>
// f32 8x1: each tile row is one element, four tiles at a time.
// IR-LABEL: func.func @__builtin_encode_17x13xf32_to_17x13xf32_tiled_p0_t8(
// IR-COUNT-8: memref.load %{{.*}}[] {alignment = 1 : i64} : memref<vector<4xi32>>
// And back: its 8-row tiles as two square blocks of 4 rows by 4 tiles,
// 16-byte loads only, each block a 4x4 transpose within 16-byte vectors.
// IR-LABEL: func.func @__builtin_encode_17x13xf32_tiled_p0_t8_to_17x13xf32(
// IR-NOT: vector<8xi32>
// IR-COUNT-4: memref.load %{{.*}}[] {alignment = 1 : i64} : memref<vector<4xi32>>
// IR-NEXT: vector.shuffle %{{.*}}, %{{.*}} [0, 4, 1, 5] : vector<4xi32>, vector<4xi32>
// IR-NOT: vector<8xi32>
// IR-COUNT-4: memref.load %{{.*}}[] {alignment = 1 : i64} : memref<vector<4xi32>>
// IR-NEXT: vector.shuffle %{{.*}}, %{{.*}} [0, 4, 1, 5] : vector<4xi32>, vector<4xi32>
// IR-NOT: vector<8xi32>
// IR-LABEL: func.func @__builtin_encode_13x29xf16_to_13x29xf16_tiled_p0_1_t4_2(
// IR-LABEL: func.func @__builtin_encode_5x9x33xi8_to_5x9x33xi8_tiled_p0_1_2_t2_4_4(
// IR: vector.shuffle %{{.*}}, %{{.*}} [0, 4, 1, 5] : vector<4xi32>, vector<4xi32>

#t84 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>
#t81 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 1]>
#t42 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 2]>
#t244 = #stream_lite.tiled<inner_dims_pos = [0, 1, 2], inner_tiles = [2, 4, 4]>
#pad = #stream_lite.padding<[1, 3]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])

func.func @i4(%arg: tensor<?x141xi4>, %rows: index) -> (tensor<?x141xi4>, tensor<33x131xi4>, tensor<?x141xi4>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c9 = arith.constant 9 : index
  %c26 = arith.constant 26 : index
  %c33 = arith.constant 33 : index
  %c101 = arith.constant 101 : index
  %c131 = arith.constant 131 : index
  %sz = stream_lite.tensor.sizeof tensor<?x141xi4>{%rows} : index
  %i = stream_lite.tensor.import %arg : tensor<?x141xi4> -> tensor<?x141xi4>{%rows} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<?x141xi4, #t84>{%rows} : index
  // identity -> tiled: groups of 8 whole tiles, the rest tile by tile.
  %t = stream_lite.tensor.encode %i : tensor<?x141xi4>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x141xi4, #t84>{%rows} in !stream_lite.resource<*>{%tsz}
  // tiled -> identity.
  %d = stream_lite.tensor.encode %t : tensor<?x141xi4, #t84>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x141xi4>{%rows} in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<?x141xi4>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x141xi4>
  // A slice from (3, 5), mid-tile and mid-byte: rows of 131 slots start a
  // byte every other row.
  %lsz = stream_lite.tensor.sizeof tensor<33x131xi4> : index
  %l = stream_lite.tensor.slice %t[%c3, %c5 for %c33, %c131] : tensor<?x141xi4, #t84>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<33x131xi4> in !stream_lite.resource<external>{%lsz}
  %le = stream_lite.tensor.export %l : tensor<33x131xi4> in !stream_lite.resource<external>{%lsz} -> tensor<33x131xi4>
  // An update of 26x101 elements at (9, 6), from a padded tensor.
  %psz = stream_lite.tensor.sizeof tensor<?x141xi4, #pad>{%rows} : index
  %p = stream_lite.tensor.encode %i : tensor<?x141xi4>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x141xi4, #pad>{%rows} in !stream_lite.resource<*>{%psz}
  %usz = stream_lite.tensor.sizeof tensor<26x101xi4> : index
  %s = stream_lite.tensor.slice %p[%c1, %c1 for %c26, %c101] : tensor<?x141xi4, #pad>{%rows} in !stream_lite.resource<*>{%psz} -> tensor<26x101xi4> in !stream_lite.resource<*>{%usz}
  %u = stream_lite.tensor.update %s, %t[%c9, %c6] : tensor<26x101xi4> in !stream_lite.resource<*>{%usz} -> tensor<?x141xi4, #t84>{%rows} in %t as !stream_lite.resource<*>{%tsz}
  %ud = stream_lite.tensor.encode %u : tensor<?x141xi4, #t84>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x141xi4>{%rows} in !stream_lite.resource<external>{%sz}
  %ur = stream_lite.tensor.export %ud : tensor<?x141xi4>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x141xi4>
  return %r, %le, %ur : tensor<?x141xi4>, tensor<33x131xi4>, tensor<?x141xi4>
}

// identity -> tiled -> padding -> identity.
func.func @i2(%arg: tensor<21x203xi2>) -> tensor<21x203xi2> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<21x203xi2> : index
  %i = stream_lite.tensor.import %arg : tensor<21x203xi2> -> tensor<21x203xi2> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<21x203xi2, #t84> : index
  %t = stream_lite.tensor.encode %i : tensor<21x203xi2> in !stream_lite.resource<external>{%sz} -> tensor<21x203xi2, #t84> in !stream_lite.resource<*>{%tsz}
  %psz = stream_lite.tensor.sizeof tensor<21x203xi2, #pad> : index
  %p = stream_lite.tensor.encode %t : tensor<21x203xi2, #t84> in !stream_lite.resource<*>{%tsz} -> tensor<21x203xi2, #pad> in !stream_lite.resource<*>{%psz}
  %d = stream_lite.tensor.encode %p : tensor<21x203xi2, #pad> in !stream_lite.resource<*>{%psz} -> tensor<21x203xi2> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<21x203xi2> in !stream_lite.resource<external>{%sz} -> tensor<21x203xi2>
  return %r : tensor<21x203xi2>
}

// i2 rows of 131 tiles (131 bytes: four whole pairs of 16-tile groups
// into rows, then three tiles one by one), with dynamic rows; a slice at
// run-time offsets (3, 5), mid-tile and mid-byte, whose rows of 401 slots
// start a byte every fourth row (tile by tile); and one at (3, 8), whose
// rows of 400 slots and whole middle band move by groups.
func.func @i2_wide(%arg: tensor<?x524xi2>, %rows: index, %r0: index, %c0: index, %c1: index) -> (tensor<?x524xi2>, tensor<17x401xi2>, tensor<17x400xi2>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c17 = arith.constant 17 : index
  %c400 = arith.constant 400 : index
  %c401 = arith.constant 401 : index
  %sz = stream_lite.tensor.sizeof tensor<?x524xi2>{%rows} : index
  %i = stream_lite.tensor.import %arg : tensor<?x524xi2> -> tensor<?x524xi2>{%rows} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<?x524xi2, #t84>{%rows} : index
  %t = stream_lite.tensor.encode %i : tensor<?x524xi2>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x524xi2, #t84>{%rows} in !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %t : tensor<?x524xi2, #t84>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x524xi2>{%rows} in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<?x524xi2>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x524xi2>
  %lsz = stream_lite.tensor.sizeof tensor<17x401xi2> : index
  %l = stream_lite.tensor.slice %t[%r0, %c0 for %c17, %c401] : tensor<?x524xi2, #t84>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<17x401xi2> in !stream_lite.resource<external>{%lsz}
  %le = stream_lite.tensor.export %l : tensor<17x401xi2> in !stream_lite.resource<external>{%lsz} -> tensor<17x401xi2>
  %msz = stream_lite.tensor.sizeof tensor<17x400xi2> : index
  %m = stream_lite.tensor.slice %t[%r0, %c1 for %c17, %c400] : tensor<?x524xi2, #t84>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<17x400xi2> in !stream_lite.resource<external>{%msz}
  %me = stream_lite.tensor.export %m : tensor<17x400xi2> in !stream_lite.resource<external>{%msz} -> tensor<17x400xi2>
  return %r, %le, %me : tensor<?x524xi2>, tensor<17x401xi2>, tensor<17x400xi2>
}

// Round trips through 8x1 f32, 4x2 f16 and (dynamic rows) 8x1 i16 tiles.
func.func @narrow(%a: tensor<17x13xf32>, %b: tensor<13x29xf16>, %c: tensor<?x70xi16>, %rows: index) -> (tensor<17x13xf32>, tensor<13x29xf16>, tensor<?x70xi16>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %asz = stream_lite.tensor.sizeof tensor<17x13xf32> : index
  %ai = stream_lite.tensor.import %a : tensor<17x13xf32> -> tensor<17x13xf32> in !stream_lite.resource<external>{%asz}
  %atsz = stream_lite.tensor.sizeof tensor<17x13xf32, #t81> : index
  %at = stream_lite.tensor.encode %ai : tensor<17x13xf32> in !stream_lite.resource<external>{%asz} -> tensor<17x13xf32, #t81> in !stream_lite.resource<*>{%atsz}
  %ad = stream_lite.tensor.encode %at : tensor<17x13xf32, #t81> in !stream_lite.resource<*>{%atsz} -> tensor<17x13xf32> in !stream_lite.resource<external>{%asz}
  %ar = stream_lite.tensor.export %ad : tensor<17x13xf32> in !stream_lite.resource<external>{%asz} -> tensor<17x13xf32>
  %bsz = stream_lite.tensor.sizeof tensor<13x29xf16> : index
  %bi = stream_lite.tensor.import %b : tensor<13x29xf16> -> tensor<13x29xf16> in !stream_lite.resource<external>{%bsz}
  %btsz = stream_lite.tensor.sizeof tensor<13x29xf16, #t42> : index
  %bt = stream_lite.tensor.encode %bi : tensor<13x29xf16> in !stream_lite.resource<external>{%bsz} -> tensor<13x29xf16, #t42> in !stream_lite.resource<*>{%btsz}
  %bd = stream_lite.tensor.encode %bt : tensor<13x29xf16, #t42> in !stream_lite.resource<*>{%btsz} -> tensor<13x29xf16> in !stream_lite.resource<external>{%bsz}
  %br = stream_lite.tensor.export %bd : tensor<13x29xf16> in !stream_lite.resource<external>{%bsz} -> tensor<13x29xf16>
  %csz = stream_lite.tensor.sizeof tensor<?x70xi16>{%rows} : index
  %ci = stream_lite.tensor.import %c : tensor<?x70xi16> -> tensor<?x70xi16>{%rows} in !stream_lite.resource<external>{%csz}
  %ctsz = stream_lite.tensor.sizeof tensor<?x70xi16, #t81>{%rows} : index
  %ct = stream_lite.tensor.encode %ci : tensor<?x70xi16>{%rows} in !stream_lite.resource<external>{%csz} -> tensor<?x70xi16, #t81>{%rows} in !stream_lite.resource<*>{%ctsz}
  %cd = stream_lite.tensor.encode %ct : tensor<?x70xi16, #t81>{%rows} in !stream_lite.resource<*>{%ctsz} -> tensor<?x70xi16>{%rows} in !stream_lite.resource<external>{%csz}
  %cr = stream_lite.tensor.export %cd : tensor<?x70xi16>{%rows} in !stream_lite.resource<external>{%csz} -> tensor<?x70xi16>
  return %ar, %br, %cr : tensor<17x13xf32>, tensor<13x29xf16>, tensor<?x70xi16>
}

// 2x4x4 i8 tiles: each tile's 8 rows span two dims.
func.func @three_d(%arg: tensor<5x9x33xi8>) -> tensor<5x9x33xi8> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<5x9x33xi8> : index
  %i = stream_lite.tensor.import %arg : tensor<5x9x33xi8> -> tensor<5x9x33xi8> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<5x9x33xi8, #t244> : index
  %t = stream_lite.tensor.encode %i : tensor<5x9x33xi8> in !stream_lite.resource<external>{%sz} -> tensor<5x9x33xi8, #t244> in !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %t : tensor<5x9x33xi8, #t244> in !stream_lite.resource<*>{%tsz} -> tensor<5x9x33xi8> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<5x9x33xi8> in !stream_lite.resource<external>{%sz} -> tensor<5x9x33xi8>
  return %r : tensor<5x9x33xi8>
}
