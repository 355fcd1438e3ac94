// RUN: layout-opt --split-input-file --verify-diagnostics '--stream-lite-layout-report=max-layout-growth=1.5' %s -o /dev/null
// RUN: not layout-opt --split-input-file '--stream-lite-layout-report=max-layout-growth=-1' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not layout-opt --split-input-file '--stream-lite-layout-report=json=%t.missing/report.json' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// The errors of --stream-lite-layout-report.

// NEGATIVE: error: max-layout-growth must not be negative, got -1
// UNWRITABLE: error: --stream-lite-layout-report: cannot write '{{.*}}.missing/report.json': {{.+}}

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
#t44 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>
#pad = #stream_lite.padding<[0, 28]>

// 3x5xf32 in 4x4 tiles: 128 bytes for 60 (2.13x) fails; 8x100xf16 padded
// to 128 columns (1.28x) and the dense tensor pass.
func.func @growth(%sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  // expected-error @+1 {{'stream_lite.tensor.empty' op result 0 takes 128 bytes for 60 logical bytes of 'tensor<3x5xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>>' (growth 2.13), more than max-layout-growth=1.5}}
  %a = stream_lite.tensor.empty : tensor<3x5xf32, #t44> in !stream_lite.resource<*>{%sz}
  %b = stream_lite.tensor.empty : tensor<8x100xf16, #pad> in !stream_lite.resource<*>{%sz}
  %c = stream_lite.tensor.empty : tensor<8x100xf16> in !stream_lite.resource<*>{%sz}
  return %a, %b, %c : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}

// -----

// Every resource over the limit is named, including a transfer's copy on
// another device; a dynamic size is never over it.
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
stream_lite.device @gpu targets([#stream_lite.target<"rocm">])
#t44 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>

func.func @transfer(%sz: index, %n: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  // expected-error @+1 {{'stream_lite.tensor.empty' op result 0 takes 64 bytes for 4 logical bytes}}
  %a = stream_lite.tensor.empty : tensor<1x1xf32, #t44> in !stream_lite.resource<*>{%sz}
  // expected-error @+1 {{'stream_lite.async.transfer' op result 0 takes 64 bytes for 4 logical bytes}}
  %t = stream_lite.async.transfer %a : !stream_lite.resource<*>{%sz} from(#stream_lite.affinity<@cpu>) -> to(#stream_lite.affinity<@gpu>) !stream_lite.resource<*>{%sz}
  %d = stream_lite.tensor.empty : tensor<?x1xf32, #t44>{%n} in !stream_lite.resource<*>{%sz}
  return %t, %d : !stream_lite.resource<*>, !stream_lite.resource<*>
}

// -----

// An encoding no target resolved yet has no size: one warning, on the first
// such resource, says so and names the pass to run first. A resolved one
// after it gets none.
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])
#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>

func.func @unresolved(%sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  // expected-warning @+1 {{the encoding of 2 resource(s) is not resolved, so their sizes are unknown ('?' in the table, null in JSON): run --stream-lite-specialize-encodings before the report}}
  %a = stream_lite.tensor.empty : tensor<4x4xf32, #lhs> in !stream_lite.resource<*>{%sz}
  %b = stream_lite.tensor.empty : tensor<4x4xf32> in !stream_lite.resource<*>{%sz}
  %c = stream_lite.tensor.empty : tensor<8x4xf32, #lhs> in !stream_lite.resource<*>{%sz}
  return %a, %b, %c : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}
