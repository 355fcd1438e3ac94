// The plugin gives Debian's unmodified mlir-opt the stream_lite dialect
// (--load-dialect-plugin) and the stream-lite passes and pipelines
// (--load-pass-plugin), the same registration layout-opt uses.
//
// A sanitizer build links the plugin against the ASan runtime, which refuses
// to start inside the uninstrumented Debian mlir-opt ("ASan runtime does not
// come first in initial library list"), so the plugin cannot load there.
// UNSUPPORTED: sanitizers
//
// RUN: mlir-opt --load-dialect-plugin=%layout_opt_plugin \
// RUN:   --load-pass-plugin=%layout_opt_plugin \
// RUN:   --pass-pipeline='builtin.module(stream-lite-layout-pipeline)' %s \
// RUN:   | FileCheck %s
// RUN: mlir-opt --load-dialect-plugin=%layout_opt_plugin \
// RUN:   --load-pass-plugin=%layout_opt_plugin \
// RUN:   --pass-pipeline='builtin.module(stream-lite-specialize-encodings)' %s \
// RUN:   | FileCheck %s --check-prefix=SPECIALIZE
// Passes come only through --pass-pipeline: mlir-opt builds its --<pass>
// flags before it loads the plugin.
// A pipeline of module passes nested under func.func is an error, not an
// abort.
// RUN: not mlir-opt --load-dialect-plugin=%layout_opt_plugin \
// RUN:   --load-pass-plugin=%layout_opt_plugin \
// RUN:   --pass-pipeline='builtin.module(func.func(stream-lite-layout-pipeline))' %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NESTED
// NESTED: error: 'stream-lite-layout-pipeline' runs on 'builtin.module', not nested in 'func.func'
// Without the plugin mlir-opt does not know the dialect.
// RUN: not mlir-opt %s 2>&1 | FileCheck %s --check-prefix=NOPLUGIN
// NOPLUGIN: error: Dialect `stream_lite' not found for custom op 'stream_lite.device'

// A 1000-float row (4000 bytes) is padded to 4224 bytes, 56 floats.
stream_lite.device @gpu targets([#stream_lite.target<"rocm", resolver = #stream_lite.padding_resolver<cache_line_bytes = 128, cache_sets = 4>>])

// SPECIALIZE: stream_lite.tensor.sizeof tensor<8x1000xf32, #stream_lite.layout<[#stream_lite.padding<[0, 56]>]>> : index

// CHECK: stream_lite.executable private @[[TO_PADDED:__builtin_encode_8x1000xf32_to_8x1000xf32_pad_0_56]]
// CHECK: stream_lite.binding.subspan {{.+}} -> tensor<8x1000xf32, #stream_lite.layout<[#stream_lite.padding<[0, 56]>]>> in memref<?xi8>
// CHECK: stream_lite.executable private @[[TO_DENSE:__builtin_encode_8x1000xf32_pad_0_56_to_8x1000xf32]]
// CHECK-LABEL: func.func @pad
// CHECK-DAG: %[[DENSE:.+]] = arith.constant 32000 : index
// CHECK-DAG: %[[PADDED:.+]] = arith.constant 33792 : index
// CHECK: %[[IN:.+]] = stream_lite.async.import %arg0 : tensor<8x1000xf32> -> !stream_lite.resource<external>{%[[DENSE]]}
// CHECK: %[[PAD:.+]] = stream_lite.async.dispatch @[[TO_PADDED]]::@[[TO_PADDED]](%[[IN]]{{.+}} -> !stream_lite.resource<*>{%[[PADDED]]}
// CHECK: %[[OUT:.+]] = stream_lite.async.dispatch @[[TO_DENSE]]::@[[TO_DENSE]](%[[PAD]]{{.+}} -> !stream_lite.resource<external>{%[[DENSE]]}
// CHECK: stream_lite.async.export %[[OUT]] : !stream_lite.resource<external>{%[[DENSE]]} -> tensor<8x1000xf32>
func.func @pad(%input: tensor<8x1000xf32>) -> tensor<8x1000xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@gpu>} {
  %dense_size = stream_lite.tensor.sizeof tensor<8x1000xf32> : index
  %imported = stream_lite.tensor.import %input : tensor<8x1000xf32> -> tensor<8x1000xf32> in !stream_lite.resource<external>{%dense_size}
  %padded_size = stream_lite.tensor.sizeof tensor<8x1000xf32, #stream_lite.padding<[0, ?]>> : index
  %padded = stream_lite.tensor.encode %imported : tensor<8x1000xf32> in !stream_lite.resource<external>{%dense_size} -> tensor<8x1000xf32, #stream_lite.padding<[0, ?]>> in !stream_lite.resource<*>{%padded_size}
  %dense = stream_lite.tensor.encode %padded : tensor<8x1000xf32, #stream_lite.padding<[0, ?]>> in !stream_lite.resource<*>{%padded_size} -> tensor<8x1000xf32> in !stream_lite.resource<external>{%dense_size}
  %result = stream_lite.tensor.export %dense : tensor<8x1000xf32> in !stream_lite.resource<external>{%dense_size} -> tensor<8x1000xf32>
  return %result : tensor<8x1000xf32>
}
