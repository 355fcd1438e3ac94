// RUN: layout-opt --stream-lite-encode-host-tensors=erase-dead-ops=true %s | FileCheck %s
// RUN: layout-opt --stream-lite-encode-host-tensors %s | FileCheck %s --check-prefix=KEEP

// --stream-lite-encode-host-tensors{erase-dead-ops} (docs/passes.md): unused
// side-effect-free ops go before lowering, users first, so whole chains and
// loops of unused values go; what has effects or is used stays. Without the
// option every op is lowered.

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])

// CHECK-LABEL: func.func @dead_chain
// CHECK-NOT:     stream_lite.
// CHECK:         return
// KEEP-LABEL:  func.func @dead_chain
// KEEP:          stream_lite.async.splat
// KEEP:          stream_lite.async.clone
// KEEP:          scf.for
func.func @dead_chain(%v: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %sz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<4x4xf32> : index
  %s = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %v : f32 -> tensor<4x4xf32> in !stream_lite.resource<*>{%sz}
  %c = stream_lite.tensor.clone on(#stream_lite.affinity<@cpu>) %s : tensor<4x4xf32> in !stream_lite.resource<*>{%sz} -> tensor<4x4xf32> in !stream_lite.resource<*>{%sz}
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> !stream_lite.resource<*> {
    %h = stream_lite.tensor.clone on(#stream_lite.affinity<@cpu>) %acc : tensor<4x4xf32> in !stream_lite.resource<*>{%sz} -> tensor<4x4xf32> in !stream_lite.resource<*>{%sz}
    scf.yield %h : !stream_lite.resource<*>
  }
  return
}

// A used value and its producers stay; a loop that only makes unused
// values goes whole; in a loop kept for its fill, the unused clone goes.
// CHECK-LABEL: func.func @live_result
// CHECK:         %[[S:.+]] = stream_lite.async.splat
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      arith.bitcast
// CHECK-NOT:       stream_lite.async.clone
// CHECK:           stream_lite.async.fill
// CHECK-NEXT:    {{^ *}$}}
// CHECK-NEXT:    return %[[S]]
// KEEP-LABEL:  func.func @live_result
// KEEP:          scf.for
// KEEP-NEXT:       stream_lite.async.clone
// KEEP:          scf.for
// KEEP-NEXT:       stream_lite.async.clone
func.func @live_result(%v: f32, %n: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %sz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<4x4xf32> : index
  %s = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %v : f32 -> tensor<4x4xf32> in !stream_lite.resource<*>{%sz}
  scf.for %i = %c0 to %n step %c1 {
    %h = stream_lite.tensor.clone on(#stream_lite.affinity<@cpu>) %s : tensor<4x4xf32> in !stream_lite.resource<*>{%sz} -> tensor<4x4xf32> in !stream_lite.resource<*>{%sz}
  }
  scf.for %i = %c0 to %n step %c1 {
    %h = stream_lite.tensor.clone on(#stream_lite.affinity<@cpu>) %s : tensor<4x4xf32> in !stream_lite.resource<*>{%sz} -> tensor<4x4xf32> in !stream_lite.resource<*>{%sz}
    %f = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %s[%c0, %c0 for %c1, %c1] : f32 -> tensor<4x4xf32> in %s as !stream_lite.resource<*>{%sz}
  }
  return %s : !stream_lite.resource<*>
}

// A fill writes its target in place: it stays, and so does what it uses.
// CHECK-LABEL: func.func @effects_stay
// CHECK:         stream_lite.async.splat
// CHECK:         stream_lite.async.fill
// KEEP-LABEL:  func.func @effects_stay
func.func @effects_stay(%v: f32) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %sz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<4xf32> : index
  %s = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %v : f32 -> tensor<4xf32> in !stream_lite.resource<*>{%sz}
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %s[%c0 for %c2] : f32 -> tensor<4xf32> in %s as !stream_lite.resource<*>{%sz}
  return
}
