// RUN: layout-opt --split-input-file --stream-lite-specialize-encodings --remarks-filter=stream-lite-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPEC
// RUN: layout-opt --split-input-file --stream-lite-materialize-builtins --remarks-filter=stream-lite-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MAT
// RUN: layout-opt --split-input-file --stream-lite-insert-runtime-checks --remarks-filter=stream-lite-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHECKS
// RUN: layout-opt --split-input-file --stream-lite-instrument-padding-checks --remarks-filter=stream-lite-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PAD
// The statistics of each pass on known inputs, through the remark every
// pass reports them in. The same numbers are the TableGen statistics, which
// --mlir-pass-statistics prints when LLVM is built with statistics (see
// pass-statistics-llvm-stats.mlir).

// Case 1: resolution and executable duplication. Resolved: the empty (1)
// and the operand and result type of each of the three dispatches (6): 7.
// @a and @a2 resolve alike and share @ex; on @b the operand keeps @a's
// layout (its creator's) and the result gets @b's, a different binding
// list: one copy, @ex_dup0.
// SPEC: remark: [Analysis] stream-lite-specialize-encodings | Category:stream-lite-statistics | executables-duplicated=1, layouts-resolved=7, relayouts-inserted=0
// MAT: remark: [Analysis] stream-lite-materialize-builtins | Category:stream-lite-statistics | builtin-executables=0, dma-kept=0, encodes-folded=0, fill-dispatches=0, relayout-dispatches=0, slice-dispatches=0, splat-dispatches=0, update-dispatches=0
// CHECKS: remark: [Analysis] stream-lite-insert-runtime-checks | Category:stream-lite-statistics | checks-inserted=0, ops-checked=0
// PAD: remark: [Analysis] stream-lite-instrument-padding-checks | Category:stream-lite-statistics | checks-inserted=0

stream_lite.device @a targets([#stream_lite.target<"x", resolver = #stream_lite.specialization_resolver<1>>])
stream_lite.device @a2 targets([#stream_lite.target<"x2", resolver = #stream_lite.specialization_resolver<1>>])
stream_lite.device @b targets([#stream_lite.target<"y", resolver = #stream_lite.specialization_resolver<2>>])

stream_lite.executable private @ex {
  stream_lite.executable.export public @entry
  builtin.module {
    func.func @entry(%in: !stream_lite.binding, %n: index, %out: !stream_lite.binding) {
      return
    }
  }
}

func.func @dispatch_duplication(%sz: index) {
  %c4 = arith.constant 4 : index
  %x = stream_lite.tensor.empty on(#stream_lite.affinity<@a>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  %0 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@a>) @ex::@entry(%x, %c4) : (tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}, index) -> tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  %1 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@a2>) @ex::@entry(%x, %c4) : (tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}, index) -> tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  %t = stream_lite.async.transfer %x : !stream_lite.resource<*>{%sz} from(#stream_lite.affinity<@a>) -> to(#stream_lite.affinity<@b>) !stream_lite.resource<*>{%sz}
  %2 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@b>) @ex::@entry(%t, %c4) : (tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}, index) -> tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  return
}

// -----

// Case 2: every decision of materialize-builtins on serialized layouts.
// DMA kept: the clone, the whole-row slice of tiles, the zero splat (3).
// Folded: the encode between physically equal layouts (1). Dispatches: two
// relayouts of one signature (one executable), a slice that cuts tiles, an
// update that cuts tiles, a non-zero fill that cuts tiles, a non-zero
// splat into tiles: 6 dispatches, 5 executables.
// Runtime checks: only the ops with dynamic values need checks; the slice
// with a dynamic offset gets one. Padding checks: every op here writes a
// tiled tensor (10; tiles of 1 are still `tiled`, whose pads must be zero).
// SPEC: remark: [Analysis] stream-lite-specialize-encodings | Category:stream-lite-statistics | executables-duplicated=0, layouts-resolved=0, relayouts-inserted=0
// MAT: remark: [Analysis] stream-lite-materialize-builtins | Category:stream-lite-statistics | builtin-executables=5, dma-kept=3, encodes-folded=1, fill-dispatches=1, relayout-dispatches=2, slice-dispatches=1, splat-dispatches=1, update-dispatches=1
// CHECKS: remark: [Analysis] stream-lite-insert-runtime-checks | Category:stream-lite-statistics | checks-inserted=1, ops-checked=1
// PAD: remark: [Analysis] stream-lite-instrument-padding-checks | Category:stream-lite-statistics | checks-inserted=10

#t44 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>
#t11 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [1, 1]>
stream_lite.device @dev targets([#stream_lite.target<"x">])

func.func @decisions(%r: !stream_lite.resource<*>, %u: !stream_lite.resource<*>, %sz: index, %i: index, %v: f32) attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %k = stream_lite.tensor.clone %r : tensor<8x8xf32, #t44> in !stream_lite.resource<*>{%sz} -> tensor<8x8xf32, #t44> in !stream_lite.resource<*>{%sz}
  %s1 = stream_lite.tensor.slice %r[%c4, %c0 for %c4, %c8] : tensor<8x8xf32, #t44> in !stream_lite.resource<*>{%sz} -> tensor<4x8xf32, #t44> in !stream_lite.resource<*>{%sz}
  %z = stream_lite.tensor.splat %zero : f32 -> tensor<8x8xf32, #t44> in !stream_lite.resource<*>{%sz}
  %f0 = stream_lite.tensor.encode %r : tensor<8x8xf32> in !stream_lite.resource<*>{%sz} -> tensor<8x8xf32, #t11> in !stream_lite.resource<*>{%sz}
  %e1 = stream_lite.tensor.encode %r : tensor<8x8xf32> in !stream_lite.resource<*>{%sz} -> tensor<8x8xf32, #t44> in !stream_lite.resource<*>{%sz}
  %e2 = stream_lite.tensor.encode %k : tensor<8x8xf32> in !stream_lite.resource<*>{%sz} -> tensor<8x8xf32, #t44> in !stream_lite.resource<*>{%sz}
  %s2 = stream_lite.tensor.slice %r[%i, %c0 for %c2, %c8] : tensor<8x8xf32, #t44> in !stream_lite.resource<*>{%sz} -> tensor<2x8xf32, #t44> in !stream_lite.resource<*>{%sz}
  %up = stream_lite.tensor.update %u, %e1[%c1, %c0] : tensor<2x8xf32, #t44> in !stream_lite.resource<*>{%sz} -> tensor<8x8xf32, #t44> in %e1 as !stream_lite.resource<*>{%sz}
  %fl = stream_lite.tensor.fill %one, %e2[%c0, %c0 for %c2, %c2] : f32 -> tensor<8x8xf32, #t44> in %e2 as !stream_lite.resource<*>{%sz}
  %sp = stream_lite.tensor.splat %one : f32 -> tensor<6x6xf32, #t44> in !stream_lite.resource<*>{%sz}
  return
}

