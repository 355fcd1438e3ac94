// RUN: layout-run %s --input=2x4xf32=1,2,3,4,5,6,7,8 --input=index=3 --check-leaks --compare-to-reference | FileCheck %s
// RUN: layout-run %s --input=2x4xf32=1,2,3,4,5,6,7,8 --input=index=0 --check-leaks --compare-to-reference | FileCheck %s --check-prefix=ZERO
// RUN: layout-opt --stream-lite-to-llvm-pipeline --remarks-filter=stream-lite-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ELIDED
// RUN: %expect_exit 1 layout-run %s --function=leaky --input=index=24 --check-leaks | FileCheck %s --check-prefix=LEAKY
// RUN: layout-run %s --function=leaky --input=index=24 | FileCheck %s --check-prefix=UNCHECKED

// --check-leaks: after a run, every buffer the program allocated besides its
// results must have been freed (the pipeline's
// --stream-lite-deallocate-buffers frees them on their last use, also when
// created in a loop and carried through it); otherwise layout-run names the function and the
// leftover buffers and exits 1.

#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 4, n = 4, k = 2>>])

// Encodes the input to tiled, then `n` times clones it and fills row 0 of
// the clone with the trip number (each clone a new buffer carried through
// the loop), and encodes the last one back.
// The loop's clone of its carried buffer is elided (deallocate-buffers:
// the buffer dies at the copy, whose source is a view of all of it), so
// each fill writes the carried buffer in place; with no trip the input
// comes back.
// CHECK: {{^}}2x4xf32=2 2 2 2 5 6 7 8{{$}}
// ZERO: {{^}}2x4xf32=1 2 3 4 5 6 7 8{{$}}
// ELIDED: check-leaks.mlir:[[@LINE+1]]:1: remark: [Analysis] stream-lite-deallocate-buffers | Category:stream-lite-statistics | buffers-copied=0, buffers-freed=3, copies-elided=1
func.func @main(%arg: tensor<2x4xf32>, %n: index) -> tensor<2x4xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %sz = stream_lite.tensor.sizeof tensor<2x4xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<2x4xf32> -> tensor<2x4xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<2x4xf32, #lhs> : index
  %t = stream_lite.tensor.encode %i : tensor<2x4xf32> in !stream_lite.resource<external>{%sz} -> tensor<2x4xf32, #lhs> in !stream_lite.resource<*>{%tsz}
  %last = scf.for %k = %c0 to %n step %c1 iter_args(%cur = %t) -> (!stream_lite.resource<*>) {
    %c = stream_lite.tensor.clone %cur : tensor<2x4xf32, #lhs> in !stream_lite.resource<*>{%tsz} -> tensor<2x4xf32, #lhs> in !stream_lite.resource<*>{%tsz}
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    %f = stream_lite.tensor.fill %kf, %c[%c0, %c0 for %c1, %c4] : f32 -> tensor<2x4xf32, #lhs> in %c as !stream_lite.resource<*>{%tsz}
    scf.yield %f : !stream_lite.resource<*>
  }
  %d = stream_lite.tensor.encode %last : tensor<2x4xf32, #lhs> in !stream_lite.resource<*>{%tsz} -> tensor<2x4xf32> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<2x4xf32> in !stream_lite.resource<external>{%sz} -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// Calls malloc itself and never frees: nothing the pipeline can see.
// LEAKY: {{^}}index=24{{$}}
// LEAKY-NEXT: error: --check-leaks: @leaky left 1 buffer(s) (24 bytes) allocated besides its results
// UNCHECKED: {{^}}index=24{{$}}
llvm.func @malloc(i64) -> !llvm.ptr
func.func @leaky(%n: index) -> index {
  %bytes = arith.index_cast %n : index to i64
  %p = llvm.call @malloc(%bytes) : (i64) -> !llvm.ptr
  return %n : index
}
