// RUN: layout-opt --stream-lite-to-llvm-pipeline %s | mlir-runner -e main -entry-point-result=void -shared-libs=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so | FileCheck %s
// RUN: layout-opt --stream-lite-to-llvm-pipeline %s | FileCheck %s --check-prefix=LLVM
// layout-opt reads its own output (it once lacked the llvm dialect):
// RUN: layout-opt --stream-lite-to-llvm-pipeline %s | layout-opt | FileCheck %s --check-prefix=LLVM
// RUN: layout-opt --stream-lite-to-llvm-pipeline %s | FileCheck %s --check-prefix=CHECKS
// RUN: layout-opt --stream-lite-to-llvm-pipeline %s | FileCheck %s --check-prefix=FREE
// RUN: layout-opt --stream-lite-to-llvm-pipeline=runtime-checks=false %s | FileCheck %s --check-prefix=NOCHECKS
// RUN: layout-opt --stream-lite-to-llvm-pipeline=runtime-checks=false %s | mlir-runner -e main -entry-point-result=void -shared-libs=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so | FileCheck %s
// Parallel kernels need the async runtime, and -O1 or more (mlir-runner's
// -O0 leaves the tasks' coroutines unsplit):
// RUN: layout-opt --stream-lite-to-llvm-pipeline=threads=2 %s | mlir-runner -O1 -e main -entry-point-result=void -shared-libs=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so,/usr/lib/llvm-22/lib/libmlir_async_runtime.so | FileCheck %s
// The output is canonical: a further canonicalizer finds nothing to fold or
// erase (convert-host-to-llvm's `fold` makes one sweep per function, which
// must reach its fixpoint, dead descriptor chains included):
// RUN: layout-opt --stream-lite-to-llvm-pipeline %s -o %t.lowered
// RUN: layout-opt %t.lowered --pass-pipeline='builtin.module(llvm.func(canonicalize{region-simplify=disabled}))' -o %t.again
// RUN: layout-opt %t.lowered -o %t.reprinted
// RUN: diff %t.reprinted %t.again
// What --dump-pass-pipeline prints of the pipeline runs as a --pass-pipeline
// (every upstream pass in it is registered) and gives the same output:
// RUN: layout-opt --stream-lite-to-llvm-pipeline=threads=2 --dump-pass-pipeline %s -o %t.expected 2> %t.dump
// RUN: %python %S/Inputs/run-dumped-pipeline.py layout-opt %t.dump %s > %t.actual
// RUN: diff %t.expected %t.actual
// lower-bindings runs on each executable, in the nest of the kernels'
// cleanup (so the pass manager verifies executables after it, not the
// whole program), before the program is converted:
// RUN: layout-opt --stream-lite-to-llvm-pipeline --mlir-disable-threading --mlir-timing %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEST
// NEST:      {{^ +[0-9.]+ \( *[0-9.]+%\)}}  Pipeline Collection : ['func.func', 'stream_lite.executable']
// NEST-NOT:  ConvertAsyncToMemRefPass
// NEST:      {{^ +[0-9.]+ \( *[0-9.]+%\)}}      LowerBindingsPass
// NEST:      {{^ +[0-9.]+ \( *[0-9.]+%\)}}  ConvertAsyncToMemRefPass

// --stream-lite-to-llvm-pipeline (docs/passes.md): the layout pipeline, then
// the lowering to the LLVM dialect with devices simulated on the host, run
// by upstream mlir-runner. On the CPU's tiled matmul layout (8x1 tiles, so a
// 4x4 tensor is one 8-row tile with 4 rows of zero padding): a constant is
// encoded to tiled (builtin dispatch); a 2x2 fill cuts the tiles (builtin
// dispatch, writing a copy of the encoded tensor because the slice still
// reads it: copy-on-write); a row slice of the encoded tensor cuts its tile
// (builtin dispatch); a 1x2 splat updates row 3 (builtin dispatch); and the
// result is encoded back to dense and moved to a staging resource on the GPU
// (devices share host memory: a transfer is a copy). The slice moves to
// staging too; both are printed element by element.
//
// Dense result, row-major:
//   [ 0   1   2   3]
//   [ 4 100 100   7]
//   [ 8 100 100  11]
//   [12  13   7   7]
// Slice of rows 1-2 of the encoded constant (before the fill):
//   [ 4   5   6   7]
//   [ 8   9  10  11]

// The loads' indices are loop variables, so their runtime checks stay (the
// others are on constants and fold away): one message per load and dim
// (stored as strings naming the op, by --stream-lite-convert-asserts-to-llvm);
// without checks nothing calls abort.
// CHECKS-COUNT-4: llvm.mlir.global private constant @assert_msg{{(_[0-9])?}}("{{.*}}'stream_lite.tensor.load' op index of dim {{[01]}} is out of the source's bounds\00")
// CHECKS-NOT: @assert_msg_4(
// CHECKS: llvm.call @abort()
// NOCHECKS-NOT: @abort
// NOCHECKS-NOT: assert_msg

// Intermediate buffers are freed (upstream buffer deallocation).
// FREE: llvm.func @main()
// FREE: llvm.call @free

// No stream_lite op, type or attribute is left (check messages, between
// quotes, name ops).
// LLVM-NOT: {{^[^"]*stream_lite}}
// LLVM-NOT: memref.
// LLVM: llvm.func @main()
// LLVM-NOT: {{^[^"]*stream_lite}}
// LLVM-NOT: memref.

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])
stream_lite.device @gpu targets([#stream_lite.target<"rocm">])
func.func private @printF32(f32)
func.func private @printNewline()
func.func @main() attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %hundred = arith.constant 100.0 : f32
  %seven = arith.constant 7.0 : f32
  %dsz = stream_lite.tensor.sizeof tensor<4x4xf32> : index
  %cst = stream_lite.tensor.constant : tensor<4x4xf32> in !stream_lite.resource<constant> = dense<[[0.0,1.0,2.0,3.0],[4.0,5.0,6.0,7.0],[8.0,9.0,10.0,11.0],[12.0,13.0,14.0,15.0]]> : tensor<4x4xf32>
  %tsz = stream_lite.tensor.sizeof tensor<4x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>> : index
  %t = stream_lite.tensor.encode %cst : tensor<4x4xf32> in !stream_lite.resource<constant>{%dsz} -> tensor<4x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>> in !stream_lite.resource<*>{%tsz}
  %f = stream_lite.tensor.fill %hundred, %t[%c1, %c1 for %c2, %c2] : f32 -> tensor<4x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>> in %t as !stream_lite.resource<*>{%tsz}
  %ssz = stream_lite.tensor.sizeof tensor<2x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>> : index
  %s = stream_lite.tensor.slice %t[%c1, %c0 for %c2, %c4] : tensor<4x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>> in !stream_lite.resource<*>{%tsz} -> tensor<2x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>> in !stream_lite.resource<*>{%ssz}
  %psz = stream_lite.tensor.sizeof tensor<1x2xf32> : index
  %p = stream_lite.tensor.splat %seven : f32 -> tensor<1x2xf32> in !stream_lite.resource<*>{%psz}
  %u = stream_lite.tensor.update %p, %f[%c3, %c2] : tensor<1x2xf32> in !stream_lite.resource<*>{%psz} -> tensor<4x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>> in %f as !stream_lite.resource<*>{%tsz}
  %back = stream_lite.tensor.encode %u : tensor<4x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>> in !stream_lite.resource<*>{%tsz} -> tensor<4x4xf32> in !stream_lite.resource<*>{%dsz}
  %st = stream_lite.async.transfer %back : !stream_lite.resource<*>{%dsz} from(#stream_lite.affinity<@cpu>) -> to(#stream_lite.affinity<@gpu>) !stream_lite.resource<staging>{%dsz}
  %sst = stream_lite.async.transfer %s : !stream_lite.resource<*>{%ssz} -> !stream_lite.resource<staging>{%ssz}
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %v = stream_lite.tensor.load %st[%i, %j] : tensor<4x4xf32> in !stream_lite.resource<staging>{%dsz} -> f32
      func.call @printF32(%v) : (f32) -> ()
      func.call @printNewline() : () -> ()
    }
  }
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %v = stream_lite.tensor.load %sst[%i, %j] : tensor<2x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>> in !stream_lite.resource<staging>{%ssz} -> f32
      func.call @printF32(%v) : (f32) -> ()
      func.call @printNewline() : () -> ()
    }
  }
  return
}
// CHECK: {{^}}0{{$}}
// CHECK-NEXT: {{^}}1{{$}}
// CHECK-NEXT: {{^}}2{{$}}
// CHECK-NEXT: {{^}}3{{$}}
// CHECK-NEXT: {{^}}4{{$}}
// CHECK-NEXT: {{^}}100{{$}}
// CHECK-NEXT: {{^}}100{{$}}
// CHECK-NEXT: {{^}}7{{$}}
// CHECK-NEXT: {{^}}8{{$}}
// CHECK-NEXT: {{^}}100{{$}}
// CHECK-NEXT: {{^}}100{{$}}
// CHECK-NEXT: {{^}}11{{$}}
// CHECK-NEXT: {{^}}12{{$}}
// CHECK-NEXT: {{^}}13{{$}}
// CHECK-NEXT: {{^}}7{{$}}
// CHECK-NEXT: {{^}}7{{$}}
// CHECK-NEXT: {{^}}4{{$}}
// CHECK-NEXT: {{^}}5{{$}}
// CHECK-NEXT: {{^}}6{{$}}
// CHECK-NEXT: {{^}}7{{$}}
// CHECK-NEXT: {{^}}8{{$}}
// CHECK-NEXT: {{^}}9{{$}}
// CHECK-NEXT: {{^}}10{{$}}
// CHECK-NEXT: {{^}}11{{$}}
// CHECK-NOT: {{.}}
