// RUN: layout-opt --split-input-file --verify-diagnostics --stream-lite-specialize-encodings --remarks-filter=stream-lite-specialize-encodings %s -o /dev/null
// Every merge gets an analysis remark with the relayout bytes of each
// candidate layout and the rule that chose; every inserted relayout gets a
// passed remark with the two layouts and the bytes it writes.

#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])
stream_lite.device @host targets([#stream_lite.target<"vmvx">])
func.func @consumers_decide(%c: i1, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %hsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@host>) tensor<5x3xf32, #lhs> : index
  %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, #lhs> : index
  // expected-remark @+1 {{[Analysis] merge | Category:stream-lite-specialize-encodings | Function=consumers_decide | Remark="merge of 2 paths of tensor<5x3xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>: to #stream_lite.layout<[#stream_lite.identity]> relayouts 60 bytes; to #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 1]>]> relayouts 96 bytes; chose #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 1]>]> (the layout its consumers resolve)"}}
  %r:2 = scf.if %c -> (!stream_lite.resource<*>, index) {
    %h = stream_lite.tensor.splat on(#stream_lite.affinity<@host>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%hsz}
    // expected-remark @+1 {{[Passed] stream_lite.tensor.encode | Category:stream-lite-specialize-encodings | Function=consumers_decide | Remark="relayout of operand #0 (tensor<5x3xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>) from #stream_lite.layout<[#stream_lite.identity]> to #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 1]>]>: writes 96 bytes"}}
    scf.yield %h, %hsz : !stream_lite.resource<*>, index
  } else {
    %t = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
    scf.yield %t, %csz : !stream_lite.resource<*>, index
  }
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %r#0[%c0, %c0 for %c1, %c1] : f32 -> tensor<5x3xf32, #lhs> in %r#0 as !stream_lite.resource<*>{%r#1}
  return
}

// -----

#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])
stream_lite.device @host targets([#stream_lite.target<"vmvx">])
// expected-remark @+1 {{[Analysis] merge | Category:stream-lite-specialize-encodings | Function=callee | Remark="merge of 2 paths of tensor<5x3xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>: to #stream_lite.layout<[#stream_lite.identity]> relayouts 60 bytes; to #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 1]>]> relayouts 96 bytes; chose #stream_lite.layout<[#stream_lite.identity]> (the fewest relayout bytes)"}}
func.func private @callee(%r: !stream_lite.resource<*>, %sz: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %r[%c0, %c0 for %c1, %c1] : f32 -> tensor<5x3xf32, #lhs> in %r as !stream_lite.resource<*>{%sz}
  %g = stream_lite.tensor.fill on(#stream_lite.affinity<@host>) %v, %f[%c0, %c0 for %c1, %c1] : f32 -> tensor<5x3xf32, #lhs> in %f as !stream_lite.resource<*>{%sz}
  return
}
// The callee's consumers disagree: the fewest relayout bytes win.
func.func @consumers_disagree(%v: f32) {
  %hsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@host>) tensor<5x3xf32, #lhs> : index
  %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, #lhs> : index
  %h = stream_lite.tensor.splat on(#stream_lite.affinity<@host>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%hsz}
  func.call @callee(%h, %hsz, %v) : (!stream_lite.resource<*>, index, f32) -> ()
  %t = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.encode | Category:stream-lite-specialize-encodings | Function=consumers_disagree | Remark="relayout of operand #0 (tensor<5x3xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>) from #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 1]>]> to #stream_lite.layout<[#stream_lite.identity]>: writes 60 bytes"}}
  func.call @callee(%t, %csz, %v) : (!stream_lite.resource<*>, index, f32) -> ()
  return
}
