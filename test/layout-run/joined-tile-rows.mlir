// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy.py iota %t/f32.npy '<f4' 37,141
// RUN: %python %S/Inputs/npy.py iota %t/f64.npy '<f8' 13,29
// RUN: %python %S/Inputs/npy.py wrap %t/i4.npy '|i1' 21,203 4
// Tile rows of 8, 16 or 32 bytes from tiles into rows: each tile row of a
// group of whole tiles is joined into one 64-byte store (docs/passes.md).
// f32 8x4 (four tiles a group) with a dynamic dim, groups and tiles cut at
// the row's end and the last tile row; a slice at run-time offsets that
// start mid-tile; rows updated by a tiled value at a column that starts
// no group; f32 8x8 (two tiles a group), f64 8x1 (eight), i4 8x16 into
// padded rows (8-byte tile rows). Every run against the encoding-free
// reference, bit for bit, with the tiles' padding checked; then with
// non-temporal stores from the first byte (the joined stores past the
// cache where they start a line, on 1 and 2 threads) and on every walk
// (the joined stores' other addresses too).
// RUN: layout-run %s --function=f32 --input=@%t/f32.npy --input=index=37 --input=index=3 --input=index=5 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=F32
// RUN: layout-run %s --non-temporal-store-bytes=1 --non-temporal-scattered-stores=all --function=f32 --input=@%t/f32.npy --input=index=37 --input=index=3 --input=index=5 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=F32
// RUN: layout-run %s --non-temporal-store-bytes=1 --non-temporal-scattered-stores=whole-lines --threads=2 --function=f32 --input=@%t/f32.npy --input=index=37 --input=index=3 --input=index=5 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=F32
// RUN: layout-run %s --threads=2 --function=f32 --input=@%t/f32.npy --input=index=37 --input=index=3 --input=index=5 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=F32
// RUN: layout-run %s --function=wide --input=@%t/f32.npy --input=@%t/f64.npy --input=@%t/i4.npy --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=WIDE
// RUN: layout-run %s --non-temporal-store-bytes=1 --non-temporal-scattered-stores=whole-lines --function=wide --input=@%t/f32.npy --input=@%t/f64.npy --input=@%t/i4.npy --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=WIDE
// RUN: layout-run %s --non-temporal-store-bytes=1 --non-temporal-scattered-stores=all --function=wide --input=@%t/f32.npy --input=@%t/f64.npy --input=@%t/i4.npy --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=WIDE
// RUN: layout-opt --stream-lite-layout-pipeline %s | FileCheck %s --check-prefix=IR

// F32: {{^}}37x141xf32={{.*}}{{$}}
// F32-NEXT: {{^}}33x131xf32={{.*}}{{$}}
// F32-NEXT: {{^}}37x141xf32={{.*}}{{$}}
// F32-NOT: {{.}}
// WIDE: {{^}}37x141xf32={{.*}}{{$}}
// WIDE-NEXT: {{^}}13x29xf64={{.*}}{{$}}
// WIDE-NEXT: {{^}}21x203xi4={{.*}}{{$}}
// WIDE-NOT: {{.}}

// Into tiles the walk is the tiles' own: no rows to join. (Past the
// cache, chosen at run time here, four rows of a tile join into one of
// its lines instead: joined-tile-lines.mlir.)
// IR-LABEL: func.func @__builtin_encode_Dx141xf32_to_Dx141xf32_tiled_p0_1_t8_4(
// IR: arith.cmpi uge
// IR: nontemporal = true} : memref<vector<64xi8>>
// IR: memref.copy %{{.*}}, %{{.*}} : memref<16xi8> to memref<16xi8>
// IR-NOT: vector<64xi8>
// IR: return
// f32 8x4 into rows: four 16-byte tile rows, joined pairwise, one 64-byte
// store per tile row of the group.
// IR-LABEL: func.func @__builtin_encode_Dx141xf32_tiled_p0_1_t8_4_to_Dx141xf32(
// IR-COUNT-4: memref.load %{{.*}}[] {alignment = 1 : i64} : memref<vector<16xi8>>
// IR-NEXT: vector.shuffle %{{.*}}, %{{.*}} [0, 1, {{.*}}, 31] : vector<16xi8>, vector<16xi8>
// IR-NEXT: vector.shuffle %{{.*}}, %{{.*}} [0, 1, {{.*}}, 31] : vector<16xi8>, vector<16xi8>
// IR-NEXT: %[[ROW:.+]] = vector.shuffle %{{.*}}, %{{.*}} [0, 1, {{.*}}, 63] : vector<32xi8>, vector<32xi8>
// IR: memref.store %[[ROW]], %{{.*}}[] {alignment = 1 : i64} : memref<vector<64xi8>>
// IR-LABEL: func.func @__builtin_slice_Dx141xf32_tiled_p0_1_t8_4_to_33x131xf32(
// IR: memref<vector<64xi8>>
// IR-LABEL: func.func @__builtin_update_Dx141xf32_to_30x101xf32_tiled_p0_1_t8_4(
// IR: memref<vector<64xi8>>
// f32 8x8: two 32-byte tile rows a store.
// IR-LABEL: func.func @__builtin_encode_37x141xf32_tiled_p0_1_t8_8_to_37x141xf32(
// IR: vector.shuffle %{{.*}}, %{{.*}} [0, 1, {{.*}}, 63] : vector<32xi8>, vector<32xi8>
// IR: memref<vector<64xi8>>
// f64 8x1: eight tiles of one element a row.
// IR-LABEL: func.func @__builtin_encode_13x29xf64_tiled_p0_t8_to_13x29xf64(
// IR-COUNT-8: memref.load %{{.*}}[] {alignment = 1 : i64} : memref<vector<8xi8>>
// IR: memref<vector<64xi8>>
// i4 8x16: 8-byte tile rows.
// IR-LABEL: func.func @__builtin_encode_21x203xi4_tiled_p0_1_t8_16_to_21x203xi4_pad_0_5(
// IR-COUNT-8: memref.load %{{.*}}[] {alignment = 1 : i64} : memref<vector<8xi8>>
// IR: memref<vector<64xi8>>

#t84 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>
#t88 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 8]>
#t81 = #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [8]>
#t816 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 16]>
#pad = #stream_lite.padding<[0, 5]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])

// identity -> tiled -> identity; a slice from (r0, c0) into rows; rows
// updated at (5, 6) by a tiled value.
func.func @f32(%arg: tensor<?x141xf32>, %rows: index, %r0: index, %c0: index) -> (tensor<?x141xf32>, tensor<33x131xf32>, tensor<?x141xf32>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c5 = arith.constant 5 : index
  %c30 = arith.constant 30 : index
  %c33 = arith.constant 33 : index
  %c101 = arith.constant 101 : index
  %c131 = arith.constant 131 : index
  %sz = stream_lite.tensor.sizeof tensor<?x141xf32>{%rows} : index
  %i = stream_lite.tensor.import %arg : tensor<?x141xf32> -> tensor<?x141xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<?x141xf32, #t84>{%rows} : index
  %t = stream_lite.tensor.encode %i : tensor<?x141xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x141xf32, #t84>{%rows} in !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %t : tensor<?x141xf32, #t84>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x141xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<?x141xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x141xf32>
  %lsz = stream_lite.tensor.sizeof tensor<33x131xf32> : index
  %l = stream_lite.tensor.slice %t[%r0, %c0 for %c33, %c131] : tensor<?x141xf32, #t84>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<33x131xf32> in !stream_lite.resource<external>{%lsz}
  %le = stream_lite.tensor.export %l : tensor<33x131xf32> in !stream_lite.resource<external>{%lsz} -> tensor<33x131xf32>
  // A 30x101 tiled value (sliced from the tiles at (1, 1)) into the rows.
  %vsz = stream_lite.tensor.sizeof tensor<30x101xf32, #t84> : index
  %v = stream_lite.tensor.slice %t[%c1, %c1 for %c30, %c101] : tensor<?x141xf32, #t84>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<30x101xf32, #t84> in !stream_lite.resource<*>{%vsz}
  %c = stream_lite.tensor.clone %i : tensor<?x141xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x141xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %u = stream_lite.tensor.update %v, %c[%c5, %c6] : tensor<30x101xf32, #t84> in !stream_lite.resource<*>{%vsz} -> tensor<?x141xf32>{%rows} in %c as !stream_lite.resource<external>{%sz}
  %ur = stream_lite.tensor.export %u : tensor<?x141xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x141xf32>
  return %r, %le, %ur : tensor<?x141xf32>, tensor<33x131xf32>, tensor<?x141xf32>
}

// Into tiles and back: f32 8x8, f64 8x1, and i4 8x16 into padded rows.
func.func @wide(%a: tensor<37x141xf32>, %b: tensor<13x29xf64>, %c: tensor<21x203xi4>) -> (tensor<37x141xf32>, tensor<13x29xf64>, tensor<21x203xi4>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %asz = stream_lite.tensor.sizeof tensor<37x141xf32> : index
  %ai = stream_lite.tensor.import %a : tensor<37x141xf32> -> tensor<37x141xf32> in !stream_lite.resource<external>{%asz}
  %atsz = stream_lite.tensor.sizeof tensor<37x141xf32, #t88> : index
  %at = stream_lite.tensor.encode %ai : tensor<37x141xf32> in !stream_lite.resource<external>{%asz} -> tensor<37x141xf32, #t88> in !stream_lite.resource<*>{%atsz}
  %ad = stream_lite.tensor.encode %at : tensor<37x141xf32, #t88> in !stream_lite.resource<*>{%atsz} -> tensor<37x141xf32> in !stream_lite.resource<external>{%asz}
  %ar = stream_lite.tensor.export %ad : tensor<37x141xf32> in !stream_lite.resource<external>{%asz} -> tensor<37x141xf32>
  %bsz = stream_lite.tensor.sizeof tensor<13x29xf64> : index
  %bi = stream_lite.tensor.import %b : tensor<13x29xf64> -> tensor<13x29xf64> in !stream_lite.resource<external>{%bsz}
  %btsz = stream_lite.tensor.sizeof tensor<13x29xf64, #t81> : index
  %bt = stream_lite.tensor.encode %bi : tensor<13x29xf64> in !stream_lite.resource<external>{%bsz} -> tensor<13x29xf64, #t81> in !stream_lite.resource<*>{%btsz}
  %bd = stream_lite.tensor.encode %bt : tensor<13x29xf64, #t81> in !stream_lite.resource<*>{%btsz} -> tensor<13x29xf64> in !stream_lite.resource<external>{%bsz}
  %br = stream_lite.tensor.export %bd : tensor<13x29xf64> in !stream_lite.resource<external>{%bsz} -> tensor<13x29xf64>
  %csz = stream_lite.tensor.sizeof tensor<21x203xi4> : index
  %ci = stream_lite.tensor.import %c : tensor<21x203xi4> -> tensor<21x203xi4> in !stream_lite.resource<external>{%csz}
  %ctsz = stream_lite.tensor.sizeof tensor<21x203xi4, #t816> : index
  %ct = stream_lite.tensor.encode %ci : tensor<21x203xi4> in !stream_lite.resource<external>{%csz} -> tensor<21x203xi4, #t816> in !stream_lite.resource<*>{%ctsz}
  %cpsz = stream_lite.tensor.sizeof tensor<21x203xi4, #pad> : index
  %cp = stream_lite.tensor.encode %ct : tensor<21x203xi4, #t816> in !stream_lite.resource<*>{%ctsz} -> tensor<21x203xi4, #pad> in !stream_lite.resource<*>{%cpsz}
  %cd = stream_lite.tensor.encode %cp : tensor<21x203xi4, #pad> in !stream_lite.resource<*>{%cpsz} -> tensor<21x203xi4> in !stream_lite.resource<external>{%csz}
  %cr = stream_lite.tensor.export %cd : tensor<21x203xi4> in !stream_lite.resource<external>{%csz} -> tensor<21x203xi4>
  return %ar, %br, %cr : tensor<37x141xf32>, tensor<13x29xf64>, tensor<21x203xi4>
}
