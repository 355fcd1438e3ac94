// RUN: layout-run %s --function=padded --input=5x5xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24 --input=index=5 --input=index=1 --input=index=3 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=PADDED
// RUN: layout-run %s --function=tiled --input=10x6xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59 --input=index=10 --input=index=1 --input=index=1 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=TILED
// RUN: layout-run %s --function=tiled --input=10x6xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59 --input=index=10 --input=index=0 --input=index=2 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=TILED0
// RUN: layout-opt --stream-lite-specialize-encodings --stream-lite-materialize-builtins %s | FileCheck %s --check-prefix=DMA

// DMA with dynamic dims and offsets, executed against the encoding-free
// reference (docs/passes.md, DMA or dispatch): the byte ranges are computed
// at run time through the layouts, on odd shapes whose rows are padded or
// whose last tiles are partial, next to regions that cut tiles and padding
// (dispatches).

stream_lite.device @gpu targets([#stream_lite.target<"rocm", resolver = #stream_lite.padding_resolver<cache_line_bytes = 8, cache_sets = 2>>])
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 4, n = 4, k = 8>>])

// A 20-byte row of 5 f32 is padded by one element (24 bytes). Rows
// [%i, %i + %n) of a ?x5 tensor are sliced out, the same rows are filled
// with 9, and the slice is written back at row 0: three DMA ops.
// PADDED: {{^}}5x5xf32=5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 9 9 9 9 9 20 21 22 23 24{{$}}
// PADDED-NEXT: {{^}}3x5xf32=5 6 7 8 9 10 11 12 13 14 15 16 17 18 19{{$}}
// PADDED-NOT: {{.}}
// DMA-LABEL: func.func @padded
// DMA: stream_lite.tensor.dispatch @__builtin_encode
// DMA-NEXT: stream_lite.tensor.sizeof
// DMA-NEXT: stream_lite.tensor.slice
// DMA-NEXT: stream_lite.tensor.fill
// DMA-NEXT: stream_lite.tensor.update
func.func @padded(%arg: tensor<?x5xf32>, %rows: index, %i: index, %n: index) -> (tensor<?x5xf32>, tensor<?x5xf32>) attributes {stream_lite.affinity = #stream_lite.affinity<@gpu>} {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %nine = arith.constant 9.0 : f32
  %sz = stream_lite.tensor.sizeof tensor<?x5xf32>{%rows} : index
  %in = stream_lite.tensor.import %arg : tensor<?x5xf32> -> tensor<?x5xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %psz = stream_lite.tensor.sizeof tensor<?x5xf32, #stream_lite.padding<[0, ?]>>{%rows} : index
  %p = stream_lite.tensor.encode %in : tensor<?x5xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x5xf32, #stream_lite.padding<[0, ?]>>{%rows} in !stream_lite.resource<*>{%psz}
  %ssz = stream_lite.tensor.sizeof tensor<?x5xf32, #stream_lite.padding<[0, ?]>>{%n} : index
  %s = stream_lite.tensor.slice %p[%i, %c0 for %n, %c5] : tensor<?x5xf32, #stream_lite.padding<[0, ?]>>{%rows} in !stream_lite.resource<*>{%psz} -> tensor<?x5xf32, #stream_lite.padding<[0, ?]>>{%n} in !stream_lite.resource<*>{%ssz}
  %f = stream_lite.tensor.fill %nine, %p[%i, %c0 for %n, %c5] : f32 -> tensor<?x5xf32, #stream_lite.padding<[0, ?]>>{%rows} in %p as !stream_lite.resource<*>{%psz}
  %u = stream_lite.tensor.update %s, %f[%c0, %c0] : tensor<?x5xf32, #stream_lite.padding<[0, ?]>>{%n} in !stream_lite.resource<*>{%ssz} -> tensor<?x5xf32, #stream_lite.padding<[0, ?]>>{%rows} in %f as !stream_lite.resource<*>{%psz}
  %d = stream_lite.tensor.encode %u : tensor<?x5xf32, #stream_lite.padding<[0, ?]>>{%rows} in !stream_lite.resource<*>{%psz} -> tensor<?x5xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %dsz = stream_lite.tensor.sizeof tensor<?x5xf32>{%n} : index
  %ds = stream_lite.tensor.encode %s : tensor<?x5xf32, #stream_lite.padding<[0, ?]>>{%n} in !stream_lite.resource<*>{%ssz} -> tensor<?x5xf32>{%n} in !stream_lite.resource<external>{%dsz}
  %r0 = stream_lite.tensor.export %d : tensor<?x5xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x5xf32>
  %r1 = stream_lite.tensor.export %ds : tensor<?x5xf32>{%n} in !stream_lite.resource<external>{%dsz} -> tensor<?x5xf32>
  return %r0, %r1 : tensor<?x5xf32>, tensor<?x5xf32>
}

// The matmul LHS of a 4x8 tiling: tiled<[0, 1], [4, 8]>. A 10x6 tensor has a
// partial last tile row (rows 8-9) and 2 pad columns in every tile. Rows
// [%x * 4, + %y * 4) are whole outer rows of tiles for every %x and %y: the
// slice, the zero fill and the update at row 0 are DMA. A fill of 1 into the
// same rows would write the pad columns (dispatch), and rows 2-5 cut tiles
// (dispatch).
// TILED: {{^}}10x6xf32=24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 48 49 50 51 52 53 54 55 56 57 58 59{{$}}
// TILED-NEXT: {{^}}4x6xf32=12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35{{$}}
// TILED-NEXT: {{^}}4x6xf32=24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47{{$}}
// TILED-NOT: {{.}}
// TILED0: {{^}}10x6xf32=1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 48 49 50 51 52 53 54 55 56 57 58 59{{$}}
// TILED0-NEXT: {{^}}4x6xf32=12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35{{$}}
// TILED0-NEXT: {{^}}8x6xf32=0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47{{$}}
// DMA-LABEL: func.func @tiled
// DMA: stream_lite.tensor.slice %{{.+}} : tensor<?x6xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 8]>]>>{%{{.+}}} in {{.+}} -> tensor<?x6xf32,
// DMA-NEXT: stream_lite.tensor.fill %{{.+}} : f32 -> tensor<?x6xf32,
// DMA-NEXT: stream_lite.tensor.update
// DMA: stream_lite.tensor.dispatch @__builtin_fill
// DMA: stream_lite.tensor.dispatch @__builtin_slice
#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
func.func @tiled(%arg: tensor<?x6xf32>, %rows: index, %x: index, %y: index) -> (tensor<?x6xf32>, tensor<4x6xf32>, tensor<?x6xf32>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %a = arith.muli %x, %c4 : index
  %m = arith.muli %y, %c4 : index
  %sz = stream_lite.tensor.sizeof tensor<?x6xf32>{%rows} : index
  %in = stream_lite.tensor.import %arg : tensor<?x6xf32> -> tensor<?x6xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<?x6xf32, #lhs>{%rows} : index
  %t = stream_lite.tensor.encode %in : tensor<?x6xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x6xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz}
  %ssz = stream_lite.tensor.sizeof tensor<?x6xf32, #lhs>{%m} : index
  %s = stream_lite.tensor.slice %t[%a, %c0 for %m, %c6] : tensor<?x6xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x6xf32, #lhs>{%m} in !stream_lite.resource<*>{%ssz}
  %z = stream_lite.tensor.fill %zero, %t[%a, %c0 for %m, %c6] : f32 -> tensor<?x6xf32, #lhs>{%rows} in %t as !stream_lite.resource<*>{%tsz}
  %u = stream_lite.tensor.update %s, %z[%c0, %c0] : tensor<?x6xf32, #lhs>{%m} in !stream_lite.resource<*>{%ssz} -> tensor<?x6xf32, #lhs>{%rows} in %z as !stream_lite.resource<*>{%tsz}
  %w = stream_lite.tensor.fill %one, %u[%a, %c0 for %m, %c6] : f32 -> tensor<?x6xf32, #lhs>{%rows} in %u as !stream_lite.resource<*>{%tsz}
  %csz = stream_lite.tensor.sizeof tensor<4x6xf32, #lhs> : index
  %c = stream_lite.tensor.slice %t[%c2, %c0 for %c4, %c6] : tensor<?x6xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<4x6xf32, #lhs> in !stream_lite.resource<*>{%csz}
  %d0 = stream_lite.tensor.encode %w : tensor<?x6xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x6xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %c2sz = stream_lite.tensor.sizeof tensor<4x6xf32> : index
  %d1 = stream_lite.tensor.encode %c : tensor<4x6xf32, #lhs> in !stream_lite.resource<*>{%csz} -> tensor<4x6xf32> in !stream_lite.resource<external>{%c2sz}
  %msz = stream_lite.tensor.sizeof tensor<?x6xf32>{%m} : index
  %d2 = stream_lite.tensor.encode %s : tensor<?x6xf32, #lhs>{%m} in !stream_lite.resource<*>{%ssz} -> tensor<?x6xf32>{%m} in !stream_lite.resource<external>{%msz}
  %r0 = stream_lite.tensor.export %d0 : tensor<?x6xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x6xf32>
  %r1 = stream_lite.tensor.export %d1 : tensor<4x6xf32> in !stream_lite.resource<external>{%c2sz} -> tensor<4x6xf32>
  %r2 = stream_lite.tensor.export %d2 : tensor<?x6xf32>{%m} in !stream_lite.resource<external>{%msz} -> tensor<?x6xf32>
  return %r0, %r1, %r2 : tensor<?x6xf32>, tensor<4x6xf32>, tensor<?x6xf32>
}
