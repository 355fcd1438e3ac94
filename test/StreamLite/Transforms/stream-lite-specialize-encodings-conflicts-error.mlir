// RUN: layout-opt --split-input-file --verify-diagnostics --stream-lite-specialize-encodings=conflicts=error %s
// Tests conflicts=error: a resource that may come from creators whose layouts
// differ (through scf/cf merges and calls) is an error naming the op that
// mentions it, with a note at each of two creators; nothing is relayouted.

stream_lite.device @a targets([#stream_lite.target<"x", resolver = #stream_lite.specialization_resolver<1>>])
stream_lite.device @b targets([#stream_lite.target<"y", resolver = #stream_lite.specialization_resolver<2>>])
func.func @conflicting_creators(%cond: i1, %sz: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-note @+1 {{creator with layout #stream_lite.testing<layouts = [#stream_lite.specialized<1, tensor<4xf32>>]>}}
  %x = stream_lite.tensor.empty on(#stream_lite.affinity<@a>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  // expected-note @+1 {{creator with layout #stream_lite.testing<layouts = [#stream_lite.specialized<2, tensor<4xf32>>]>}}
  %y = stream_lite.tensor.empty on(#stream_lite.affinity<@b>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  %s = scf.if %cond -> !stream_lite.resource<*> {
    scf.yield %x : !stream_lite.resource<*>
  } else {
    scf.yield %y : !stream_lite.resource<*>
  }
  // expected-error @+1 {{'stream_lite.tensor.fill' op target 'tensor<4xf32, #stream_lite.testing<>>' may come from creators with different layouts: #stream_lite.testing<layouts = [#stream_lite.specialized<1, tensor<4xf32>>]> and #stream_lite.testing<layouts = [#stream_lite.specialized<2, tensor<4xf32>>]>}}
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@a>) %v, %s[%c0 for %c1] : f32 -> tensor<4xf32, #stream_lite.testing<>> in %s as !stream_lite.resource<*>{%sz}
  return
}

// -----

stream_lite.device @a targets([#stream_lite.target<"x", resolver = #stream_lite.specialization_resolver<1>>])
stream_lite.device @b targets([#stream_lite.target<"y", resolver = #stream_lite.specialization_resolver<2>>])
func.func private @callee(%r: !stream_lite.resource<*>, %sz: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'stream_lite.tensor.fill' op target 'tensor<4xf32, #stream_lite.testing<>>' may come from creators with different layouts: #stream_lite.testing<layouts = [#stream_lite.specialized<1, tensor<4xf32>>]> and #stream_lite.testing<layouts = [#stream_lite.specialized<2, tensor<4xf32>>]>}}
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@a>) %v, %r[%c0 for %c1] : f32 -> tensor<4xf32, #stream_lite.testing<>> in %r as !stream_lite.resource<*>{%sz}
  return
}
func.func @calls_with_a(%sz: index, %v: f32) {
  // expected-note @+1 {{creator with layout #stream_lite.testing<layouts = [#stream_lite.specialized<1, tensor<4xf32>>]>}}
  %x = stream_lite.tensor.empty on(#stream_lite.affinity<@a>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  func.call @callee(%x, %sz, %v) : (!stream_lite.resource<*>, index, f32) -> ()
  return
}
func.func @calls_with_b(%sz: index, %v: f32) {
  // expected-note @+1 {{creator with layout #stream_lite.testing<layouts = [#stream_lite.specialized<2, tensor<4xf32>>]>}}
  %y = stream_lite.tensor.empty on(#stream_lite.affinity<@b>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  func.call @callee(%y, %sz, %v) : (!stream_lite.resource<*>, index, f32) -> ()
  return
}

// -----

stream_lite.device @a targets([#stream_lite.target<"x", resolver = #stream_lite.specialization_resolver<1>>])
stream_lite.device @b targets([#stream_lite.target<"y", resolver = #stream_lite.specialization_resolver<2>>])
func.func @loop_carried(%sz: index, %n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-note @+1 {{creator with layout #stream_lite.testing<layouts = [#stream_lite.specialized<1, tensor<4xf32>>]>}}
  %x = stream_lite.tensor.empty on(#stream_lite.affinity<@a>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> !stream_lite.resource<*> {
    // expected-note @+1 {{creator with layout #stream_lite.testing<layouts = [#stream_lite.specialized<2, tensor<4xf32>>]>}}
    %new = stream_lite.tensor.empty on(#stream_lite.affinity<@b>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
    scf.yield %new : !stream_lite.resource<*>
  }
  // expected-error @+1 {{'stream_lite.tensor.fill' op target 'tensor<4xf32, #stream_lite.testing<>>' may come from creators with different layouts}}
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@a>) %v, %r[%c0 for %c1] : f32 -> tensor<4xf32, #stream_lite.testing<>> in %r as !stream_lite.resource<*>{%sz}
  return
}

// -----

stream_lite.device @a targets([#stream_lite.target<"x", resolver = #stream_lite.specialization_resolver<1>>])
stream_lite.device @b targets([#stream_lite.target<"y", resolver = #stream_lite.specialization_resolver<2>>])
func.func private @returns_either(%cond: i1, %sz: index) -> !stream_lite.resource<*> {
  cf.cond_br %cond, ^first, ^second
^first:
  // expected-note @+1 {{creator with layout #stream_lite.testing<layouts = [#stream_lite.specialized<1, tensor<4xf32>>]>}}
  %x = stream_lite.tensor.empty on(#stream_lite.affinity<@a>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  return %x : !stream_lite.resource<*>
^second:
  // expected-note @+1 {{creator with layout #stream_lite.testing<layouts = [#stream_lite.specialized<2, tensor<4xf32>>]>}}
  %y = stream_lite.tensor.empty on(#stream_lite.affinity<@b>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  return %y : !stream_lite.resource<*>
}
func.func @call_either(%cond: i1, %sz: index) {
  %r = func.call @returns_either(%cond, %sz) : (i1, index) -> !stream_lite.resource<*>
  // expected-error @+1 {{'stream_lite.tensor.clone' op source 'tensor<4xf32, #stream_lite.testing<>>' may come from creators with different layouts: #stream_lite.testing<layouts = [#stream_lite.specialized<1, tensor<4xf32>>]> and #stream_lite.testing<layouts = [#stream_lite.specialized<2, tensor<4xf32>>]>}}
  %k = stream_lite.tensor.clone on(#stream_lite.affinity<@b>) %r : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz} -> tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  return
}

// -----

// A merge of a visible creator with data from outside (a public function's
// argument, resolved with the affinity of the op that mentions it) whose
// layouts differ is a conflict too.
stream_lite.device @a targets([#stream_lite.target<"x", resolver = #stream_lite.specialization_resolver<1>>])
stream_lite.device @b targets([#stream_lite.target<"y", resolver = #stream_lite.specialization_resolver<2>>])
func.func @creator_or_argument(%cond: i1, %arg: !stream_lite.resource<*>, %sz: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-note @+1 {{creator with layout #stream_lite.testing<layouts = [#stream_lite.specialized<1, tensor<4xf32>>]>}}
  %x = stream_lite.tensor.empty on(#stream_lite.affinity<@a>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  %s = scf.if %cond -> !stream_lite.resource<*> {
    scf.yield %x : !stream_lite.resource<*>
  } else {
    scf.yield %arg : !stream_lite.resource<*>
  }
  // expected-error @+2 {{'stream_lite.tensor.fill' op target 'tensor<4xf32, #stream_lite.testing<>>' may come from creators with different layouts: #stream_lite.testing<layouts = [#stream_lite.specialized<1, tensor<4xf32>>]> and #stream_lite.testing<layouts = [#stream_lite.specialized<2, tensor<4xf32>>]>}}
  // expected-note @+1 {{creator with layout #stream_lite.testing<layouts = [#stream_lite.specialized<2, tensor<4xf32>>]>}}
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@b>) %v, %s[%c0 for %c1] : f32 -> tensor<4xf32, #stream_lite.testing<>> in %s as !stream_lite.resource<*>{%sz}
  return
}

// -----

// An arith.select of resources merges like the scf.if it stands for.
stream_lite.device @a targets([#stream_lite.target<"x", resolver = #stream_lite.specialization_resolver<1>>])
stream_lite.device @b targets([#stream_lite.target<"y", resolver = #stream_lite.specialization_resolver<2>>])
func.func @select_of_creators(%cond: i1, %sz: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-note @+1 {{creator with layout #stream_lite.testing<layouts = [#stream_lite.specialized<1, tensor<4xf32>>]>}}
  %x = stream_lite.tensor.empty on(#stream_lite.affinity<@a>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  // expected-note @+1 {{creator with layout #stream_lite.testing<layouts = [#stream_lite.specialized<2, tensor<4xf32>>]>}}
  %y = stream_lite.tensor.empty on(#stream_lite.affinity<@b>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  %s = arith.select %cond, %x, %y : !stream_lite.resource<*>
  // expected-error @+1 {{'stream_lite.tensor.fill' op target 'tensor<4xf32, #stream_lite.testing<>>' may come from creators with different layouts}}
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@a>) %v, %s[%c0 for %c1] : f32 -> tensor<4xf32, #stream_lite.testing<>> in %s as !stream_lite.resource<*>{%sz}
  return
}
