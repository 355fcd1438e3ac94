// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy.py iota %t/f32.npy '<f4' 37,141
// RUN: %python %S/Inputs/npy.py iota %t/u.npy '<f4' 30,101 100000
// RUN: %python %S/Inputs/npy.py iota %t/f64.npy '<f8' 19,13
// RUN: %python %S/Inputs/npy.py wrap %t/i8.npy '|i1' 21,35 8
// Past the cache, the rows of a whole destination tile that make a cache
// line are joined in registers and written by one 64-byte store
// (docs/passes.md): 8x4 f32 tiles (four rows a line) from rows with a
// dynamic dim, 4x8 tiles from them (two rows a line, a walk that writes
// two destination tiles at once), a slice between tiles at run-time
// offsets (column 5: each chunk joined from two source tiles; column 8:
// chunks that line up), an update into the tiles at (5, 6) that cuts
// tiles, f64 8x2 tiles (16-byte rows) and i8 8x8 tiles (8-byte rows,
// eight a line). Each run against the encoding-free reference, bit for
// bit, with the tiles' padding checked: at the default threshold (in
// cache: no joined stores), from the first byte on 1 and 2 threads, and
// on every walk.
// RUN: layout-run %s --function=f32 --input=@%t/f32.npy --input=@%t/u.npy --input=index=37 --input=index=3 --input=index=5 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=F32
// RUN: layout-run %s --non-temporal-store-bytes=1 --non-temporal-scattered-stores=whole-lines --function=f32 --input=@%t/f32.npy --input=@%t/u.npy --input=index=37 --input=index=3 --input=index=5 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=F32
// RUN: layout-run %s --non-temporal-store-bytes=1 --non-temporal-scattered-stores=whole-lines --threads=2 --function=f32 --input=@%t/f32.npy --input=@%t/u.npy --input=index=37 --input=index=3 --input=index=5 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=F32
// RUN: layout-run %s --non-temporal-store-bytes=1 --non-temporal-scattered-stores=whole-lines --threads=2 --function=f32 --input=@%t/f32.npy --input=@%t/u.npy --input=index=37 --input=index=2 --input=index=8 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=F32
// RUN: layout-run %s --non-temporal-store-bytes=1 --non-temporal-scattered-stores=all --function=f32 --input=@%t/f32.npy --input=@%t/u.npy --input=index=37 --input=index=3 --input=index=5 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=F32
// RUN: layout-run %s --function=narrow --input=@%t/f64.npy --input=@%t/i8.npy --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=NARROW
// RUN: layout-run %s --non-temporal-store-bytes=1 --non-temporal-scattered-stores=whole-lines --threads=2 --function=narrow --input=@%t/f64.npy --input=@%t/i8.npy --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=NARROW
// RUN: layout-opt --stream-lite-materialize-builtins=non-temporal-store-bytes=1 %s | FileCheck %s --check-prefix=IR

// F32: {{^}}37x141xf32={{.*}}{{$}}
// F32-NEXT: {{^}}37x141xf32={{.*}}{{$}}
// F32-NEXT: {{^}}33x131xf32={{.*}}{{$}}
// F32-NEXT: {{^}}37x141xf32={{.*}}{{$}}
// F32-NOT: {{.}}
// NARROW: {{^}}19x13xf64={{.*}}{{$}}
// NARROW-NEXT: {{^}}21x35xi8={{.*}}{{$}}
// NARROW-NOT: {{.}}

// Four 16-byte rows from the source, joined, one store per line.
// IR-LABEL: func.func @__builtin_encode_Dx141xf32_to_Dx141xf32_tiled_p0_1_t8_4(
// IR-COUNT-4: memref.load %{{.*}}[] {alignment = 1 : i64} : memref<vector<16xi8>>
// IR-NEXT: vector.shuffle %{{.*}}, %{{.*}} [0, 1, {{.*}}, 31] : vector<16xi8>, vector<16xi8>
// IR-NEXT: vector.shuffle %{{.*}}, %{{.*}} [0, 1, {{.*}}, 31] : vector<16xi8>, vector<16xi8>
// IR-NEXT: %[[LINE:.+]] = vector.shuffle %{{.*}}, %{{.*}} [0, 1, {{.*}}, 63] : vector<32xi8>, vector<32xi8>
// IR: memref.store %[[LINE]], %{{.*}}[] {alignment = 64 : i64, nontemporal = true} : memref<vector<64xi8>>
// Two destination tiles at once: only the whole lines past the cache.
// IR-LABEL: func.func @__builtin_encode_Dx141xf32_tiled_p0_1_t8_4_to_Dx141xf32_tiled_p0_1_t4_8(
// IR: memref.store %[[ROWS:.+]], %[[AT:.+]][] {alignment = 64 : i64, nontemporal = true} : memref<vector<64xi8>>
// IR-NEXT: } else {
// IR-NEXT: memref.store %[[ROWS]], %[[AT]][] {alignment = 1 : i64} : memref<vector<64xi8>>
// The shifted chunks (a select of two loads each) join too.
// IR-LABEL: func.func @__builtin_slice_Dx141xf32_tiled_p0_1_t8_4_to_33x131xf32_tiled_p0_1_t8_4(
// IR: scf.index_switch
// IR: arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<4xi1>, vector<4xi32>
// IR: vector.shuffle %{{.*}}, %{{.*}} [0, 1, {{.*}}, 15] : vector<8xi32>, vector<8xi32>
// IR: nontemporal = true} : memref<vector<16xi32>>
// IR-LABEL: func.func @__builtin_update_Dx141xf32_tiled_p0_1_t8_4_to_30x101xf32(
// IR: memref<vector<64xi8>>
// IR-LABEL: func.func @__builtin_encode_19x13xf64_to_19x13xf64_tiled_p0_1_t8_2(
// IR-COUNT-4: memref.load %{{.*}}[] {alignment = 1 : i64} : memref<vector<16xi8>>
// IR: memref<vector<64xi8>>
// IR-LABEL: func.func @__builtin_encode_21x35xi8_to_21x35xi8_tiled_p0_1_t8_8(
// IR-COUNT-8: memref.load %{{.*}}[] {alignment = 1 : i64} : memref<vector<8xi8>>
// IR: memref<vector<64xi8>>

#t84 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>
#t48 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 8]>
#t82 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 2]>
#t88 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 8]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])

// identity -> 8x4 -> identity; 8x4 -> 4x8 -> identity; a 33x131 slice of
// the 8x4 tiles from (r0, c0) into 8x4 tiles, back to rows; a 30x101
// value updated into the 8x4 tiles at (5, 6), back to rows.
func.func @f32(%arg: tensor<?x141xf32>, %uarg: tensor<30x101xf32>, %rows: index, %r0: index, %c0: index) -> (tensor<?x141xf32>, tensor<?x141xf32>, tensor<33x131xf32>, tensor<?x141xf32>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c33 = arith.constant 33 : index
  %c131 = arith.constant 131 : index
  %sz = stream_lite.tensor.sizeof tensor<?x141xf32>{%rows} : index
  %i = stream_lite.tensor.import %arg : tensor<?x141xf32> -> tensor<?x141xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<?x141xf32, #t84>{%rows} : index
  %t = stream_lite.tensor.encode %i : tensor<?x141xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x141xf32, #t84>{%rows} in !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %t : tensor<?x141xf32, #t84>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x141xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<?x141xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x141xf32>
  %wsz = stream_lite.tensor.sizeof tensor<?x141xf32, #t48>{%rows} : index
  %w = stream_lite.tensor.encode %t : tensor<?x141xf32, #t84>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x141xf32, #t48>{%rows} in !stream_lite.resource<*>{%wsz}
  %wd = stream_lite.tensor.encode %w : tensor<?x141xf32, #t48>{%rows} in !stream_lite.resource<*>{%wsz} -> tensor<?x141xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %wr = stream_lite.tensor.export %wd : tensor<?x141xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x141xf32>
  %lsz = stream_lite.tensor.sizeof tensor<33x131xf32, #t84> : index
  %l = stream_lite.tensor.slice %t[%r0, %c0 for %c33, %c131] : tensor<?x141xf32, #t84>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<33x131xf32, #t84> in !stream_lite.resource<*>{%lsz}
  %ldsz = stream_lite.tensor.sizeof tensor<33x131xf32> : index
  %ld = stream_lite.tensor.encode %l : tensor<33x131xf32, #t84> in !stream_lite.resource<*>{%lsz} -> tensor<33x131xf32> in !stream_lite.resource<external>{%ldsz}
  %lr = stream_lite.tensor.export %ld : tensor<33x131xf32> in !stream_lite.resource<external>{%ldsz} -> tensor<33x131xf32>
  %usz = stream_lite.tensor.sizeof tensor<30x101xf32> : index
  %u = stream_lite.tensor.import %uarg : tensor<30x101xf32> -> tensor<30x101xf32> in !stream_lite.resource<external>{%usz}
  %c = stream_lite.tensor.clone %t : tensor<?x141xf32, #t84>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x141xf32, #t84>{%rows} in !stream_lite.resource<*>{%tsz}
  %up = stream_lite.tensor.update %u, %c[%c5, %c6] : tensor<30x101xf32> in !stream_lite.resource<external>{%usz} -> tensor<?x141xf32, #t84>{%rows} in %c as !stream_lite.resource<*>{%tsz}
  %ud = stream_lite.tensor.encode %up : tensor<?x141xf32, #t84>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x141xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %ur = stream_lite.tensor.export %ud : tensor<?x141xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x141xf32>
  return %r, %wr, %lr, %ur : tensor<?x141xf32>, tensor<?x141xf32>, tensor<33x131xf32>, tensor<?x141xf32>
}

// Into f64 8x2 and i8 8x8 tiles and back.
func.func @narrow(%a: tensor<19x13xf64>, %b: tensor<21x35xi8>) -> (tensor<19x13xf64>, tensor<21x35xi8>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %asz = stream_lite.tensor.sizeof tensor<19x13xf64> : index
  %ai = stream_lite.tensor.import %a : tensor<19x13xf64> -> tensor<19x13xf64> in !stream_lite.resource<external>{%asz}
  %atsz = stream_lite.tensor.sizeof tensor<19x13xf64, #t82> : index
  %at = stream_lite.tensor.encode %ai : tensor<19x13xf64> in !stream_lite.resource<external>{%asz} -> tensor<19x13xf64, #t82> in !stream_lite.resource<*>{%atsz}
  %ad = stream_lite.tensor.encode %at : tensor<19x13xf64, #t82> in !stream_lite.resource<*>{%atsz} -> tensor<19x13xf64> in !stream_lite.resource<external>{%asz}
  %ar = stream_lite.tensor.export %ad : tensor<19x13xf64> in !stream_lite.resource<external>{%asz} -> tensor<19x13xf64>
  %bsz = stream_lite.tensor.sizeof tensor<21x35xi8> : index
  %bi = stream_lite.tensor.import %b : tensor<21x35xi8> -> tensor<21x35xi8> in !stream_lite.resource<external>{%bsz}
  %btsz = stream_lite.tensor.sizeof tensor<21x35xi8, #t88> : index
  %bt = stream_lite.tensor.encode %bi : tensor<21x35xi8> in !stream_lite.resource<external>{%bsz} -> tensor<21x35xi8, #t88> in !stream_lite.resource<*>{%btsz}
  %bd = stream_lite.tensor.encode %bt : tensor<21x35xi8, #t88> in !stream_lite.resource<*>{%btsz} -> tensor<21x35xi8> in !stream_lite.resource<external>{%bsz}
  %br = stream_lite.tensor.export %bd : tensor<21x35xi8> in !stream_lite.resource<external>{%bsz} -> tensor<21x35xi8>
  return %ar, %br : tensor<19x13xf64>, tensor<21x35xi8>
}
