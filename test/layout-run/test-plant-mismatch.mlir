// RUN: layout-run %s --input=f32=3 --compare-to-reference | FileCheck %s --check-prefix=CLEAN
// RUN: not layout-run %s --input=f32=3 --compare-to-reference --test-plant-mismatch 2>&1 | FileCheck %s --check-prefix=PLANTED
// RUN: layout-run %s --input=f32=3 --test-plant-mismatch | FileCheck %s --check-prefix=RUN-ONLY
// RUN: layout-run --help | FileCheck %s --check-prefix=HELP

// --test-plant-mismatch (test only, for layout-reduce): the program, not
// its reference, is lowered with --stream-lite-materialize-builtins=
// test-plant-mismatch, so every splat stores its value plus one. Hidden
// from --help.

// CLEAN: {{^}}2x2xf32=3 3 3 3{{$}}
// PLANTED: {{^}}2x2xf32=4 4 4 4{{$}}
// PLANTED: error: result 0 differs from the reference at index [0, 0]: 4 vs 3
// RUN-ONLY: {{^}}2x2xf32=4 4 4 4{{$}}
// HELP-NOT: test-plant-mismatch
// HELP: --zero-buffers
// HELP-NOT: test-plant-mismatch
func.func @main(%x: f32) -> tensor<2x2xf32> {
  %size = stream_lite.tensor.sizeof tensor<2x2xf32> : index
  %s = stream_lite.tensor.splat %x : f32 -> tensor<2x2xf32> in !stream_lite.resource<*>{%size}
  %r = stream_lite.tensor.export %s : tensor<2x2xf32> in !stream_lite.resource<*>{%size} -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}
