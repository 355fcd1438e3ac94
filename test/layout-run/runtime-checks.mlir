// Runtime checks (--stream-lite-insert-runtime-checks, run first by
// --stream-lite-to-llvm-pipeline): dims, regions and indices that arrive at
// run time and do not fit the program make layout-run print `error:` naming
// the op and exit 2 instead of reading or writing out of bounds, with
// encodings (tiled, so regions that cut tiles go through builtin kernels)
// and in the stripped reference alike. Inputs that fit run as usual.
//
// DEFINE: %{run} = %expect_exit 2 layout-run %s
//
// RUN: layout-run %s --input=4x4xf32=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16 --input=index=4 --input=index=1 --input=index=2 --compare-to-reference --check-padding | FileCheck %s --check-prefix=OK
// OK: {{^}}2x4xf32=5 6 7 8 9 10 11 12{{$}}
// OK-NEXT: {{^}}f32=11{{$}}
// OK-NOT: {{.}}
//
// The declared row count differs from the host tensor's (too many: the
// import would read past the input; too few: it would be silently cut).
// RUN: %{run} --input=4x4xf32=1 --input=index=9 --input=index=1 --input=index=2 | FileCheck %s --check-prefix=IMPORT
// RUN: %{run} --input=4x4xf32=1 --input=index=3 --input=index=1 --input=index=2 --compare-to-reference --check-leaks | FileCheck %s --check-prefix=IMPORT
// IMPORT: error: @main failed a runtime check: {{.*}}runtime-checks.mlir:{{[0-9]+}}:{{[0-9]+}}: 'stream_lite.tensor.import' op host tensor differs from the declared dims in dim 0
// IMPORT-NOT: {{.}}
//
// A negative row count is caught before anything is sized with it.
// RUN: %{run} --input=4x4xf32=1 --input=index=-1 --input=index=1 --input=index=2 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: error: @main failed a runtime check: {{.*}}'stream_lite.tensor.sizeof' op needs the dims of tensor<?x4xf32> to be non-negative and its storage size to be at most 2^63 - 1 bytes
//
// The slice of rows [offset, offset + 2) leaves the tensor (offset 3 of 4
// rows; a negative offset); the tiled slice goes through a builtin kernel.
// RUN: %{run} --input=4x4xf32=1 --input=index=4 --input=index=3 --input=index=2 | FileCheck %s --check-prefix=SLICE
// RUN: %{run} --input=4x4xf32=1 --input=index=4 --input=index=-1 --input=index=2 --compare-to-reference --check-leaks | FileCheck %s --check-prefix=SLICE
// SLICE: error: @main failed a runtime check: {{.*}}'stream_lite.tensor.slice' op region of dim 0 is out of the source's bounds
//
// The host-side load's column index is past the end.
// RUN: %{run} --input=4x4xf32=1 --input=index=4 --input=index=1 --input=index=4 | FileCheck %s --check-prefix=LOAD
// LOAD: error: @main failed a runtime check: {{.*}}'stream_lite.tensor.load' op index of dim 1 is out of the source's bounds
//
// Dims so large that the storage size would overflow an index.
// RUN: %{run} --function=huge --input=index=4611686018427387904 | FileCheck %s --check-prefix=HUGE
// HUGE: error: @huge failed a runtime check: {{.*}}'stream_lite.tensor.sizeof' op needs the dims of tensor<?x?x4xf32> to be non-negative and its storage size to be at most 2^63 - 1 bytes
//
// The check follows the layout, not only the dense size: 2^24 rows of 4
// bytes fit (64 MiB), but padded to 2^40 + 4 bytes a row they pass 2^63.
// RUN: %{run} --function=padded --input=index=16777216 | FileCheck %s --check-prefix=PADDED
// PADDED: error: @padded failed a runtime check: {{.*}}'stream_lite.tensor.sizeof' op needs the dims of tensor<?x4xi8, #stream_lite.padding<[0, 1099511627776]>> to be non-negative and its storage size to be at most 2^63 - 1 bytes
//
// Dims that fit an index but would need more memory than layout-run allows.
// RUN: %{run} --function=huge --input=index=262144 | FileCheck %s --check-prefix=ALLOC
// ALLOC: error: @huge asks for a buffer of 1099511627776 bytes, more than layout-run allows (64 GiB); check its dims and inputs
//
// An update placed past the end of the target, and a fill region too long.
// RUN: %{run} --function=update_fill --input=index=3 --input=index=1 | FileCheck %s --check-prefix=UPDATE
// UPDATE: error: @update_fill failed a runtime check: {{.*}}'stream_lite.tensor.update' op region of dim 1 is out of the target's bounds
// RUN: %{run} --function=update_fill --input=index=0 --input=index=5 | FileCheck %s --check-prefix=FILL
// FILL: error: @update_fill failed a runtime check: {{.*}}'stream_lite.tensor.fill' op region of dim 0 is out of the target's bounds
// RUN: layout-run %s --function=update_fill --input=index=2 --input=index=2 --compare-to-reference --check-padding | FileCheck %s --check-prefix=UPDATEOK
// UPDATEOK: {{^}}4x5xi32=9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 1 1 1{{$}}
//
// A resource smaller than its tensor's storage (the size of another type):
// a check, not a write past the allocation. With the dense size of the
// same shape, the padded layout's storage does not fit either.
// RUN: %{run} --function=small_resource --input=index=1 | FileCheck %s --check-prefix=SMALL
// SMALL: error: @small_resource failed a runtime check: {{.*}}'stream_lite.tensor.splat' op resource of the result is smaller than the storage of tensor<4x8xf32>
// RUN: %{run} --function=small_resource --input=index=2 | FileCheck %s --check-prefix=SMALLPAD
// SMALLPAD: error: @small_resource failed a runtime check: {{.*}}'stream_lite.tensor.fill' op resource of the target is smaller than the storage of tensor<4x8xf32, #stream_lite.padding<[0, 1]>>
// RUN: layout-run %s --function=small_resource --input=index=0 --compare-to-reference --check-leaks | FileCheck %s --check-prefix=SMALLOK
// SMALLOK: {{^}}i32=0{{$}}
//
// Hand-written async-phase ops get byte-range checks.
// RUN: layout-run %s --function=bytes --input=8xi8=1,2,3,4,5,6,7,8 --input=index=2 --compare-to-reference --check-leaks | FileCheck %s --check-prefix=BYTES
// BYTES: {{^}}4xi8=3 4 5 6{{$}}
// RUN: %{run} --function=bytes --input=8xi8=1 --input=index=5 | FileCheck %s --check-prefix=BYTESBAD
// BYTESBAD: error: @bytes failed a runtime check: {{.*}}'stream_lite.async.slice' op byte range is out of the source's bounds

#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
#lhsi = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [i32, i32, i32]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 3, n = 4, k = 2>>])

// Imports `rows` rows, encodes them to 3x2 tiles, slices rows
// [offset, offset + 2) (cutting tiles) and loads element (2, column).
func.func @main(%arg: tensor<?x4xf32>, %rows: index, %offset: index, %column: index) -> (tensor<2x4xf32>, f32) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %sz = stream_lite.tensor.sizeof tensor<?x4xf32>{%rows} : index
  %i = stream_lite.tensor.import %arg : tensor<?x4xf32> -> tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<?x4xf32, #lhs>{%rows} : index
  %t = stream_lite.tensor.encode %i : tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x4xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz}
  %ssz = stream_lite.tensor.sizeof tensor<2x4xf32, #lhs> : index
  %s = stream_lite.tensor.slice %t[%offset, %c0 for %c2, %c4] : tensor<?x4xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<2x4xf32, #lhs> in !stream_lite.resource<*>{%ssz}
  %dsz = stream_lite.tensor.sizeof tensor<2x4xf32> : index
  %d = stream_lite.tensor.encode %s : tensor<2x4xf32, #lhs> in !stream_lite.resource<*>{%ssz} -> tensor<2x4xf32> in !stream_lite.resource<external>{%dsz}
  %r = stream_lite.tensor.export %d : tensor<2x4xf32> in !stream_lite.resource<external>{%dsz} -> tensor<2x4xf32>
  %staged = stream_lite.async.transfer %t : !stream_lite.resource<*>{%tsz} -> !stream_lite.resource<staging>{%tsz}
  %v = stream_lite.tensor.load %staged[%c2, %column] : tensor<?x4xf32, #lhs>{%rows} in !stream_lite.resource<staging>{%tsz} -> f32
  return %r, %v : tensor<2x4xf32>, f32
}

// A rows x rows x 4 tensor filled with zeros and exported.
func.func @huge(%rows: index) -> tensor<?x?x4xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %zero = arith.constant 0.0 : f32
  %sz = stream_lite.tensor.sizeof tensor<?x?x4xf32>{%rows, %rows} : index
  %s = stream_lite.tensor.splat %zero : f32 -> tensor<?x?x4xf32>{%rows, %rows} in !stream_lite.resource<*>{%sz}
  %r = stream_lite.tensor.export %s : tensor<?x?x4xf32>{%rows, %rows} in !stream_lite.resource<*>{%sz} -> tensor<?x?x4xf32>
  return %r : tensor<?x?x4xf32>
}

// A padded size that overflows only through its padding.
func.func @padded(%rows: index) -> index attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<?x4xi8, #stream_lite.padding<[0, 1099511627776]>>{%rows} : index
  return %sz : index
}

// A tiled 4x5 i32 splat of 9; a 1x3 update of ones at (3, column) and a
// fill of 9s over rows [row, row + 2) of column 0.
func.func @update_fill(%column: index, %row: index) -> tensor<4x5xi32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1 : i32
  %nine = arith.constant 9 : i32
  %tsz = stream_lite.tensor.sizeof tensor<4x5xi32, #lhsi> : index
  %t = stream_lite.tensor.splat %nine : i32 -> tensor<4x5xi32, #lhsi> in !stream_lite.resource<*>{%tsz}
  %usz = stream_lite.tensor.sizeof tensor<1x3xi32> : index
  %u = stream_lite.tensor.splat %one : i32 -> tensor<1x3xi32> in !stream_lite.resource<*>{%usz}
  %a = stream_lite.tensor.update %u, %t[%c3, %column] : tensor<1x3xi32> in !stream_lite.resource<*>{%usz} -> tensor<4x5xi32, #lhsi> in %t as !stream_lite.resource<*>{%tsz}
  %b = stream_lite.tensor.fill %nine, %a[%row, %c0 for %c2, %c1] : i32 -> tensor<4x5xi32, #lhsi> in %a as !stream_lite.resource<*>{%tsz}
  %dsz = stream_lite.tensor.sizeof tensor<4x5xi32> : index
  %d = stream_lite.tensor.encode %b : tensor<4x5xi32, #lhsi> in !stream_lite.resource<*>{%tsz} -> tensor<4x5xi32> in !stream_lite.resource<external>{%dsz}
  %r = stream_lite.tensor.export %d : tensor<4x5xi32> in !stream_lite.resource<external>{%dsz} -> tensor<4x5xi32>
  return %r : tensor<4x5xi32>
}

// Bytes [offset, offset + 4) of an 8-byte host tensor, with async ops.
func.func @bytes(%arg: tensor<8xi8>, %offset: index) -> tensor<4xi8> {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %r = stream_lite.async.import %arg : tensor<8xi8> -> !stream_lite.resource<external>{%c8}
  %end = arith.addi %offset, %c4 : index
  %s = stream_lite.async.slice %r[%offset to %end] : !stream_lite.resource<external>{%c8} -> !stream_lite.resource<external>{%c4}
  %o = stream_lite.async.export %s : !stream_lite.resource<external>{%c4} -> tensor<4xi8>
  return %o : tensor<4xi8>
}

// %which picks the resource that is too small: 1 the splat's, 2 the padded
// fill's (whose size is the dense one); 0 none.
func.func @small_resource(%which: index) -> i32 attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = arith.constant 1.0 : f32
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %ok = stream_lite.tensor.sizeof tensor<4x8xf32> : index
  %tiny = stream_lite.tensor.sizeof tensor<1x1xf32> : index
  %is1 = arith.cmpi eq, %which, %c1 : index
  %sz = arith.select %is1, %tiny, %ok : index
  %s = stream_lite.tensor.splat %v : f32 -> tensor<4x8xf32> in !stream_lite.resource<*>{%sz}
  %psz = stream_lite.tensor.sizeof tensor<4x8xf32, #stream_lite.padding<[0, 1]>> : index
  %is2 = arith.cmpi eq, %which, %c2 : index
  %fsz = arith.select %is2, %ok, %psz : index
  %p = stream_lite.tensor.splat %v : f32 -> tensor<4x8xf32, #stream_lite.padding<[0, 1]>> in !stream_lite.resource<*>{%psz}
  %f = stream_lite.tensor.fill %v, %p[%c0, %c0 for %c1, %c1] : f32 -> tensor<4x8xf32, #stream_lite.padding<[0, 1]>> in %p as !stream_lite.resource<*>{%fsz}
  return %zero : i32
}
