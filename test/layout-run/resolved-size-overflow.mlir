// A storage size computed through a layout that a resolver picked is
// checked at run time like one written in the program: a dynamic dim whose
// dense size fits but whose tiled or padded size passes 2^63 - 1 (or wraps
// past 2^64 back to a small number) fails a runtime check with `error:`
// and exit 2. A wrapped size must never size a buffer: the kernels would
// then write past it.
//
// DEFINE: %{run} = %expect_exit 2 layout-run %s
//
// 2^52 + 1 rows of 3 f32 are 54 PB dense; in 1024x1024 tiles they are
// 2^64 + 4 MiB, which wraps to 4 MiB: as a sizeof, and as the size of the
// splat's resource.
// RUN: %{run} --function=sizeof --input=index=4503599627370497 | FileCheck %s --check-prefix=SIZEOF
// SIZEOF: error: @sizeof failed a runtime check: {{.*}}resolved-size-overflow.mlir:{{[0-9]+}}:{{[0-9]+}}: 'stream_lite.tensor.sizeof' op needs the storage size of tensor<?x3xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [1024, 1024]>]>> to be at most 2^63 - 1 bytes
// SIZEOF-NOT: {{.}}
// RUN: %{run} --function=splat --input=index=4503599627370497 | FileCheck %s --check-prefix=SPLAT
// SPLAT: error: @splat failed a runtime check: {{.*}}'stream_lite.tensor.sizeof' op needs the storage size of tensor<?x3xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [1024, 1024]>]>> to be at most 2^63 - 1 bytes
// SPLAT-NOT: {{.}}
//
// The same splat in a resource sized for the dense data: the wrapped tiled
// size is smaller than it, so only the overflow check stands between the
// kernel and the small buffer.
// RUN: %{run} --function=splat_dense_size --input=index=4503599627370497 | FileCheck %s --check-prefix=DENSESIZE
// DENSESIZE: error: @splat_dense_size failed a runtime check: {{.*}}'stream_lite.tensor.splat' op needs the storage size of tensor<?x3xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [1024, 1024]>]>> to be at most 2^63 - 1 bytes
// DENSESIZE-NOT: {{.}}
//
// Both dims dynamic, each rounded up to its tile: 1 x (2^53 + 1) f32 are
// 2^55 + 4 bytes dense, 2^65 + 2^22 bytes in 1024x1024 tiles.
// RUN: %{run} --function=sizeof2 --input=index=1 --input=index=9007199254740993 | FileCheck %s --check-prefix=SIZEOF2
// SIZEOF2: error: @sizeof2 failed a runtime check: {{.*}}'stream_lite.tensor.sizeof' op needs the storage size of tensor<?x?xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [1024, 1024]>]>> to be at most 2^63 - 1 bytes
//
// A splat, an encode to another layout and a slice near the end of a
// tensor whose tiled size wraps: the first op sized through the layout
// fails, before any kernel runs.
// RUN: %{run} --function=encode_slice --input=index=4503599627370497 --input=index=4503599627370495 | FileCheck %s --check-prefix=ENCODE
// ENCODE: error: @encode_slice failed a runtime check: {{.*}}'stream_lite.tensor.sizeof' op needs the storage size of tensor<?x3xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [1024, 1024]>]>> to be at most 2^63 - 1 bytes
// ENCODE-NOT: {{.}}
//
// A padding the resolver picked: 2^50 + 1 rows of 4097 bytes fit in
// 2^63 - 1 bytes dense, padded to 12288 bytes a row they do not.
// RUN: %{run} --function=padded --input=index=1125899906842625 | FileCheck %s --check-prefix=PADDED
// PADDED: error: @padded failed a runtime check: {{.*}}'stream_lite.tensor.sizeof' op needs the storage size of tensor<?x4097xi8, #stream_lite.layout<[#stream_lite.padding<[0, 8191]>]>> to be at most 2^63 - 1 bytes
//
// Sizes that fit run as usual, the checks included.
// RUN: layout-run %s --function=sizeof --input=index=5 | FileCheck %s --check-prefix=SIZEOFOK
// SIZEOFOK: {{^}}index=4194304{{$}}
// RUN: layout-run %s --function=encode_slice --input=index=5 --input=index=3 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=ENCODEOK
// ENCODEOK: {{^}}2x3xf32=1 1 1 1 1 1{{$}}
// RUN: layout-run %s --function=padded --input=index=2 | FileCheck %s --check-prefix=PADDEDOK
// PADDEDOK: {{^}}index=24576{{$}}

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 1024, n = 4, k = 1024>>])
stream_lite.device @gpu targets([#stream_lite.target<"rocm", resolver = #stream_lite.padding_resolver<cache_line_bytes = 4096, cache_sets = 1>>])
#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
#rhs = #stream_lite.encoding<operand_index = 1, op_type = matmul, element_types = [f32, f32, f32]>

func.func @sizeof(%n: index) -> index attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %tsz = stream_lite.tensor.sizeof tensor<?x3xf32, #lhs>{%n} : index
  return %tsz : index
}

func.func @splat(%n: index) -> index attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %v = arith.constant 1.0 : f32
  %tsz = stream_lite.tensor.sizeof tensor<?x3xf32, #lhs>{%n} : index
  %t = stream_lite.tensor.splat %v : f32 -> tensor<?x3xf32, #lhs>{%n} in !stream_lite.resource<*>{%tsz}
  return %tsz : index
}

func.func @splat_dense_size(%n: index) -> index attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %v = arith.constant 1.0 : f32
  %dsz = stream_lite.tensor.sizeof tensor<?x3xf32>{%n} : index
  %t = stream_lite.tensor.splat %v : f32 -> tensor<?x3xf32, #lhs>{%n} in !stream_lite.resource<*>{%dsz}
  return %dsz : index
}

func.func @sizeof2(%m: index, %n: index) -> index attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %tsz = stream_lite.tensor.sizeof tensor<?x?xf32, #lhs>{%m, %n} : index
  return %tsz : index
}

func.func @encode_slice(%n: index, %offset: index) -> tensor<2x3xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant 1.0 : f32
  %tsz = stream_lite.tensor.sizeof tensor<?x3xf32, #lhs>{%n} : index
  %t = stream_lite.tensor.splat %v : f32 -> tensor<?x3xf32, #lhs>{%n} in !stream_lite.resource<*>{%tsz}
  %rsz = stream_lite.tensor.sizeof tensor<?x3xf32, #rhs>{%n} : index
  %e = stream_lite.tensor.encode %t : tensor<?x3xf32, #lhs>{%n} in !stream_lite.resource<*>{%tsz} -> tensor<?x3xf32, #rhs>{%n} in !stream_lite.resource<*>{%rsz}
  %ssz = stream_lite.tensor.sizeof tensor<2x3xf32> : index
  %s = stream_lite.tensor.slice %e[%offset, %c0 for %c2, %c3] : tensor<?x3xf32, #rhs>{%n} in !stream_lite.resource<*>{%rsz} -> tensor<2x3xf32> in !stream_lite.resource<external>{%ssz}
  %r = stream_lite.tensor.export %s : tensor<2x3xf32> in !stream_lite.resource<external>{%ssz} -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

func.func @padded(%n: index) -> index attributes {stream_lite.affinity = #stream_lite.affinity<@gpu>} {
  %sz = stream_lite.tensor.sizeof tensor<?x4097xi8, #stream_lite.padding<[0, ?]>>{%n} : index
  return %sz : index
}
