// The stream-lite reduction patterns, each with a test script that keeps a
// piece of text (Inputs/interesting-if-contains.sh), and each also where
// its rewrite would lose that text and so must not happen.
// RUN: layout-reduce %s '-reduction-tree=traversal-mode=0 test=%S/Inputs/interesting-if-contains.sh test-arg=stream_lite.device' 2>/dev/null | FileCheck %s --check-prefix=TARGET
// RUN: layout-reduce %s '-reduction-tree=traversal-mode=0 test=%S/Inputs/interesting-if-contains.sh test-arg=llvm-cpu-3' 2>/dev/null | FileCheck %s --check-prefix=LAST-TARGET
// RUN: layout-reduce %s '-reduction-tree=traversal-mode=0 test=%S/Inputs/interesting-if-contains.sh test-arg=tensor.export' 2>/dev/null | FileCheck %s --check-prefix=EMPTY
// RUN: layout-reduce %s '-reduction-tree=traversal-mode=0 test=%S/Inputs/interesting-if-contains.sh test-arg=tensor.encode' 2>/dev/null | FileCheck %s --check-prefix=KEEP-ENCODE
// RUN: layout-reduce %s '-reduction-tree=traversal-mode=0 test=%S/Inputs/interesting-if-contains.sh test-arg=tensor.splat' 2>/dev/null | FileCheck %s --check-prefix=SHRINK
// RUN: layout-reduce %s '-reduction-tree=traversal-mode=0 test=%S/Inputs/interesting-if-contains.sh test-arg=8x4xf32' 2>/dev/null | FileCheck %s --check-prefix=NO-SHRINK
// RUN: layout-reduce %s '-reduction-tree=traversal-mode=0 test=%S/Inputs/interesting-if-contains.sh test-arg=tensor.fill' 2>/dev/null | FileCheck %s --check-prefix=KEEP-FILL

// Drop a device target: the last of several, one at a time, while the
// program stays interesting; everything else goes.
// TARGET:      module {
// TARGET-NEXT:   stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])
// TARGET-NEXT: }
// The last target is what is interesting: it stays, and so do the others.
// LAST-TARGET: stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", {{.*}}>, #stream_lite.target<"llvm-cpu-2", {{.*}}>, #stream_lite.target<"llvm-cpu-3", {{.*}}>])

// A fresh tensor.empty replaces a resource (the splat's, then the
// encode's result, each op going with it); the export stays. (The dims
// shrink too, below.)
// EMPTY:      func.func @main(%arg0: f32) -> tensor<1x1xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
// EMPTY-NEXT:   %0 = stream_lite.tensor.sizeof tensor<1x1xf32> : index
// EMPTY-NEXT:   %1 = stream_lite.tensor.empty : tensor<1x1xf32> in !stream_lite.resource<*>{%0}
// EMPTY-NEXT:   %2 = stream_lite.tensor.export %1 : tensor<1x1xf32> in !stream_lite.resource<*>{%0} -> tensor<1x1xf32>
// EMPTY-NEXT:   return %2 : tensor<1x1xf32>
// Not when the op it would replace is what is interesting.
// KEEP-ENCODE: %[[FRESH:.*]] = stream_lite.tensor.empty
// KEEP-ENCODE: stream_lite.tensor.encode %[[FRESH]]

// Shrink a static dim: the largest dim of an op's tensors, halved in every
// type of the function (signature included), while interesting. The splat
// stays (what is interesting), unused once a tensor.empty took its place.
// SHRINK:      func.func @main(%arg0: f32) -> tensor<1x1xf32>
// SHRINK:        stream_lite.tensor.splat %arg0 : f32 -> tensor<1x1xf32, #stream_lite.encoding<{{.*}}>> in
// SHRINK-NOT:    8x4
// SHRINK-NOT:    4x4
// The shape is what is interesting: nothing shrinks.
// NO-SHRINK:     func.func @main(%arg0: f32) -> tensor<8x4xf32>
// NO-SHRINK-NOT: 4x4xf32
// NO-SHRINK-NOT: 8x2xf32

// Forward a source (reduce-planted-mismatch.test shows it on fills,
// updates, clones and transfers): not when the fill is what is
// interesting.
// KEEP-FILL: %[[FILL:.*]] = stream_lite.tensor.fill
// KEEP-FILL: stream_lite.tensor.export %[[FILL]]
#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>, #stream_lite.target<"llvm-cpu-2", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>, #stream_lite.target<"llvm-cpu-3", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])
func.func @main(%x: f32) -> tensor<8x4xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %lhs_size = stream_lite.tensor.sizeof tensor<8x4xf32, #lhs> : index
  %s = stream_lite.tensor.splat %x : f32 -> tensor<8x4xf32, #lhs> in !stream_lite.resource<*>{%lhs_size}
  %size = stream_lite.tensor.sizeof tensor<8x4xf32> : index
  %back = stream_lite.tensor.encode %s : tensor<8x4xf32, #lhs> in !stream_lite.resource<*>{%lhs_size} -> tensor<8x4xf32> in !stream_lite.resource<*>{%size}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = stream_lite.tensor.fill %x, %back[%c0, %c0 for %c1, %c1] : f32 -> tensor<8x4xf32> in %back as !stream_lite.resource<*>{%size}
  %r = stream_lite.tensor.export %f : tensor<8x4xf32> in !stream_lite.resource<*>{%size} -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}
