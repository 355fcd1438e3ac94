// RUN: layout-opt --stream-lite-specialize-encodings --remarks-filter=stream-lite-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPEC
// RUN: not layout-opt --stream-lite-specialize-encodings=conflicts=error --remarks-filter=stream-lite-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR
// The relayouts-inserted statistic of --stream-lite-specialize-encodings
// (see pass-statistics.mlir for the others).
// ERR: error: 'stream_lite.tensor.fill' op target
// ERR-NOT: relayouts-inserted

// A merge of data from two devices whose layouts differ: one
// relayout on the @b arm. Resolved: the two empties, the relayout's source,
// result and sizeof, and the fill (6).
// SPEC: remark: [Analysis] stream-lite-specialize-encodings | Category:stream-lite-statistics | executables-duplicated=0, layouts-resolved=6, relayouts-inserted=1

stream_lite.device @a targets([#stream_lite.target<"x", resolver = #stream_lite.specialization_resolver<1>>])
stream_lite.device @b targets([#stream_lite.target<"y", resolver = #stream_lite.specialization_resolver<2>>])
func.func @merge(%cond: i1, %sz: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = stream_lite.tensor.empty on(#stream_lite.affinity<@a>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  %y = stream_lite.tensor.empty on(#stream_lite.affinity<@b>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  %s = scf.if %cond -> !stream_lite.resource<*> {
    scf.yield %x : !stream_lite.resource<*>
  } else {
    scf.yield %y : !stream_lite.resource<*>
  }
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@a>) %v, %s[%c0 for %c1] : f32 -> tensor<4xf32, #stream_lite.testing<>> in %s as !stream_lite.resource<*>{%sz}
  return
}
