// RUN: layout-opt --split-input-file --verify-diagnostics --stream-lite-specialize-encodings %s
// Tests every error of --stream-lite-specialize-encodings: each names the op,
// the tensor type and the reason.

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.unsupported_resolver>])
func.func @unsupported(%sz: index) {
  // expected-error @+1 {{'stream_lite.tensor.empty' op cannot resolve the encoding of result 'tensor<4xf32, #stream_lite.testing<>>' for target "llvm-cpu" of @cpu: the target's resolver is unsupported_resolver}}
  %0 = stream_lite.tensor.empty on(#stream_lite.affinity<@cpu>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  return
}

// -----

stream_lite.device @gpu targets([#stream_lite.target<"rocm", resolver = #stream_lite.padding_resolver<cache_line_bytes = 128, cache_sets = 4>>])
func.func @padding_dynamic_innermost(%d: index) {
  // expected-error @+1 {{'stream_lite.tensor.sizeof' op cannot resolve the encoding of type 'tensor<4x?xf16, #stream_lite.padding<[0, ?]>>' for target "rocm" of @gpu: padding request on a dynamic innermost dim}}
  %0 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<4x?xf16, #stream_lite.padding<[0, ?]>>{%d} : index
  return
}

// -----

stream_lite.device @gpu targets([#stream_lite.target<"rocm", resolver = #stream_lite.padding_resolver<cache_line_bytes = 128, cache_sets = 4>>])
func.func @padding_leading_entry() {
  // expected-error @+1 {{padding_resolver needs padding<[0, ..., 0, ?]> (zero leading entries)}}
  %0 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<4x2048xf16, #stream_lite.padding<[64, ?]>> : index
  return
}

// -----

stream_lite.device @gpu targets([#stream_lite.target<"rocm", resolver = #stream_lite.padding_resolver<cache_line_bytes = 128, cache_sets = 4>>])
func.func @padding_on_matmul_encoding() {
  // expected-error @+1 {{padding_resolver only resolves padding<[0, ..., 0, ?]> requests}}
  %0 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<4x8xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>> : index
  return
}

// -----

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])
func.func @tiling_non_matmul() {
  // expected-error @+1 {{'stream_lite.tensor.sizeof' op cannot resolve the encoding of type 'tensor<4x8xf32, #stream_lite.encoding<operand_index = 0, op_type = conv, element_types = [f32, f32, f32]>>' for target "llvm-cpu" of @cpu: tiling_resolver only resolves matmul and batch_matmul encodings}}
  %0 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<4x8xf32, #stream_lite.encoding<operand_index = 0, op_type = conv, element_types = [f32, f32, f32]>> : index
  return
}

// -----

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])
func.func @tiling_padding_request() {
  // expected-error @+1 {{tiling_resolver only resolves matmul and batch_matmul encodings}}
  %0 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<4x8xf32, #stream_lite.padding<[0, ?]>> : index
  return
}

// -----

func.func @affinity_names_no_device(%sz: index) {
  // expected-error @+1 {{'stream_lite.tensor.empty' op affinity #stream_lite.affinity<@missing> names @missing, which is not a stream_lite.device}}
  %0 = stream_lite.tensor.empty on(#stream_lite.affinity<@missing>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  return
}

// -----

func.func @not_a_device() {
  return
}
func.func @affinity_names_a_function(%sz: index) {
  // expected-error @+1 {{names @not_a_device, which is not a stream_lite.device}}
  %0 = stream_lite.tensor.empty on(#stream_lite.affinity<@not_a_device>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  return
}

// -----

func.func @no_affinity(%sz: index) {
  // expected-error @+1 {{'stream_lite.tensor.empty' op has no affinity to resolve the encoding of result 'tensor<4xf32, #stream_lite.testing<>>' (no on(...) and no enclosing stream_lite.affinity)}}
  %0 = stream_lite.tensor.empty : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  return
}

// -----

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
