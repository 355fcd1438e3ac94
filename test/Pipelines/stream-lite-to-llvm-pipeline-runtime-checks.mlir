// RUN: layout-opt --stream-lite-to-llvm-pipeline %s | FileCheck %s
// RUN: layout-opt --stream-lite-to-llvm-pipeline %s | not --crash mlir-runner -e main -entry-point-result=void -shared-libs=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so
// RUN: layout-opt --stream-lite-to-llvm-pipeline=runtime-checks=false %s | FileCheck %s --check-prefix=NOCHECKS

// A failed runtime check under upstream mlir-runner: @slice_rows reads rows
// [3, 6) of a tensor whose dynamic row count is 4 (arguments, so nothing
// folds). The lowered program keeps the check; at run time it prints the
// message (through puts) and aborts, as a failed cf.assert does, instead of
// reading past the resource.

// CHECK: llvm.mlir.global private constant @assert_msg
// CHECK: llvm.func @slice_rows
// CHECK: llvm.cond_br
// CHECK: llvm.call @puts
// CHECK-NEXT: llvm.call @abort()
// NOCHECKS-NOT: @abort

func.func @slice_rows(%rows: index, %first: index) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %sz = stream_lite.tensor.sizeof tensor<?x4xf32>{%rows} : index
  %r = stream_lite.tensor.splat %one : f32 -> tensor<?x4xf32>{%rows} in !stream_lite.resource<*>{%sz}
  %ssz = stream_lite.tensor.sizeof tensor<3x4xf32> : index
  %s = stream_lite.tensor.slice %r[%first, %c0 for %c3, %c4] : tensor<?x4xf32>{%rows} in !stream_lite.resource<*>{%sz} -> tensor<3x4xf32> in !stream_lite.resource<*>{%ssz}
  return
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  func.call @slice_rows(%c4, %c3) : (index, index) -> ()
  return
}
