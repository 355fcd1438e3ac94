// RUN: layout-opt --split-input-file --verify-diagnostics --stream-lite-fuse-relayouts --remarks-filter=stream-lite-fuse-relayouts %s | FileCheck %s

// Relayouts fused into the user kernels that produce their data
// (docs/passes.md): the kernel's view of the result takes the relayout's
// layout, the dispatch's result type and size follow, and the encode is
// gone. Each fusion is a passed remark; each relayout left, a missed one.

#tiled = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 2, n = 3, k = 2>>])
stream_lite.device @host targets([#stream_lite.target<"vmvx">])

// CHECK-LABEL: stream_lite.executable private @ex
// CHECK: stream_lite.binding.subspan {{.+}} -> !stream_lite.dispatch.tensor<writeonly:tensor<3x5xf32>>
stream_lite.executable private @ex {
  stream_lite.executable.export public @produce
  builtin.module {
    func.func @produce(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<3x5xf32>>
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<3x5xf32, #tiled>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [3, 5], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<3x5xf32>> -> tensor<3x5xf32>
      stream_lite.dispatch.tensor.store %x, %ov, offsets = [0, 0], sizes = [3, 5], strides = [1, 1] : tensor<3x5xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<3x5xf32, #tiled>>
      return
    }
  }
}

// The relayout back to dense on the host, after a transfer: fused, and the
// transfer's sizes are the dense size.
// CHECK-LABEL: func.func @through_transfer
// CHECK: %[[SIZE:.+]] = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<3x5xf32> : index
// CHECK: %[[D:.+]] = stream_lite.tensor.dispatch on(#stream_lite.affinity<@cpu>) @ex::@produce(%{{.+}}) {stream_lite.fused_relayouts = array<i64: 0>} : (tensor<3x5xf32> in !stream_lite.resource<*>{%{{.+}}}) -> tensor<3x5xf32> in !stream_lite.resource<*>{%[[SIZE]]}
// CHECK: %[[T:.+]] = stream_lite.async.transfer %[[D]] : !stream_lite.resource<*>{%[[SIZE]]} from(#stream_lite.affinity<@cpu>) -> to(#stream_lite.affinity<@host>) !stream_lite.resource<external>{%[[SIZE]]}
// CHECK-NOT: stream_lite.tensor.encode
// CHECK: return %[[T]]
func.func @through_transfer(%in: !stream_lite.resource<*>) -> !stream_lite.resource<external> {
  %dsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@host>) tensor<3x5xf32> : index
  %tsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<3x5xf32, #tiled> : index
  // expected-remark @+1 {{[Passed] stream_lite.tensor.dispatch | Category:stream-lite-fuse-relayouts | Function=through_transfer | Remark="relayout of result #0 of @ex::@produce fused: the kernel writes dense row-major (no encoding) directly; 60 bytes no longer relayouted"}}
  %d = stream_lite.tensor.dispatch on(#stream_lite.affinity<@cpu>) @ex::@produce(%in) : (tensor<3x5xf32> in !stream_lite.resource<*>{%dsz}) -> tensor<3x5xf32, #tiled> in !stream_lite.resource<*>{%tsz}
  %t = stream_lite.async.transfer %d : !stream_lite.resource<*>{%tsz} from(#stream_lite.affinity<@cpu>) -> to(#stream_lite.affinity<@host>) !stream_lite.resource<*>{%tsz}
  %e = stream_lite.tensor.encode on(#stream_lite.affinity<@host>) %t : tensor<3x5xf32, #tiled> in !stream_lite.resource<*>{%tsz} -> tensor<3x5xf32> in !stream_lite.resource<external>{%dsz}
  return %e : !stream_lite.resource<external>
}

// -----

#tiled = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 2, n = 3, k = 2>>])

// An executable another dispatch still uses is duplicated, never changed in
// place: @ex keeps the tiled view, @ex_fused0 writes dense data.
// CHECK-LABEL: stream_lite.executable private @ex
// CHECK: !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>>>
// CHECK-LABEL: stream_lite.executable private @ex_fused0
// CHECK: !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32>>
stream_lite.executable private @ex {
  stream_lite.executable.export public @splat
  builtin.module {
    func.func @splat(%o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32, #tiled>>
      %e = tensor.empty() : tensor<4x4xf32>
      %f = linalg.fill ins(%one : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
      stream_lite.dispatch.tensor.store %f, %ov, offsets = [0, 0], sizes = [4, 4], strides = [1, 1] : tensor<4x4xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32, #tiled>>
      return
    }
  }
}

// CHECK-LABEL: func.func @shared
// CHECK: stream_lite.tensor.dispatch @ex_fused0::@splat() {stream_lite.fused_relayouts = array<i64: 0>} : () -> tensor<4x4xf32> in !stream_lite.resource<*>
// CHECK: stream_lite.tensor.dispatch @ex::@splat() : () -> tensor<4x4xf32, #stream_lite.layout
func.func @shared() -> (!stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %dsz = stream_lite.tensor.sizeof tensor<4x4xf32> : index
  %tsz = stream_lite.tensor.sizeof tensor<4x4xf32, #tiled> : index
  // expected-remark @+1 {{[Passed] stream_lite.tensor.dispatch | Category:stream-lite-fuse-relayouts | Function=shared | Remark="relayout of result #0 of @ex_fused0::@splat fused: the kernel writes dense row-major (no encoding) directly; 64 bytes no longer relayouted"}}
  %a = stream_lite.tensor.dispatch @ex::@splat() : () -> tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz}
  %e = stream_lite.tensor.encode %a : tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz} -> tensor<4x4xf32> in !stream_lite.resource<*>{%dsz}
  %b = stream_lite.tensor.dispatch @ex::@splat() : () -> tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz}
  return %e, %b : !stream_lite.resource<*>, !stream_lite.resource<*>
}

// -----

#tiled = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 2, n = 3, k = 2>>])

// The copy of an executable of several exports holds the fused dispatch's
// export and its kernel only; the original keeps both.
// CHECK-LABEL: stream_lite.executable private @two_exports {
// CHECK-NEXT:    stream_lite.executable.export public @splat
// CHECK-NEXT:    stream_lite.executable.export public @other
// CHECK:         func.func @splat(
// CHECK:         func.func @other(
// CHECK-LABEL: stream_lite.executable private @two_exports_fused0 {
// CHECK-NEXT:    stream_lite.executable.export public @splat
// CHECK-NEXT:    builtin.module {
// CHECK-NEXT:      func.func @splat(
// CHECK:           !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32>>
// CHECK-NOT:     func.func
// CHECK:       }
stream_lite.executable private @two_exports {
  stream_lite.executable.export public @splat
  stream_lite.executable.export public @other
  builtin.module {
    func.func @splat(%o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32, #tiled>>
      %e = tensor.empty() : tensor<4x4xf32>
      %f = linalg.fill ins(%one : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
      stream_lite.dispatch.tensor.store %f, %ov, offsets = [0, 0], sizes = [4, 4], strides = [1, 1] : tensor<4x4xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32, #tiled>>
      return
    }
    func.func @other(%o: !stream_lite.binding) {
      return
    }
  }
}

// CHECK-LABEL: func.func @shared_of_several
// CHECK: stream_lite.tensor.dispatch @two_exports_fused0::@splat() {stream_lite.fused_relayouts = array<i64: 0>}
// CHECK: stream_lite.tensor.dispatch @two_exports::@splat() : () -> tensor<4x4xf32, #stream_lite.layout
func.func @shared_of_several() -> (!stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %dsz = stream_lite.tensor.sizeof tensor<4x4xf32> : index
  %tsz = stream_lite.tensor.sizeof tensor<4x4xf32, #tiled> : index
  // expected-remark @+1 {{[Passed] stream_lite.tensor.dispatch | Category:stream-lite-fuse-relayouts | Function=shared_of_several | Remark="relayout of result #0 of @two_exports_fused0::@splat fused: the kernel writes dense row-major (no encoding) directly; 64 bytes no longer relayouted"}}
  %a = stream_lite.tensor.dispatch @two_exports::@splat() : () -> tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz}
  %e = stream_lite.tensor.encode %a : tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz} -> tensor<4x4xf32> in !stream_lite.resource<*>{%dsz}
  %b = stream_lite.tensor.dispatch @two_exports::@splat() : () -> tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz}
  return %e, %b : !stream_lite.resource<*>, !stream_lite.resource<*>
}

// -----

#tiled = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>
#rows = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [4]>]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 2, n = 3, k = 2>>])

// Three dispatches of one executable fused with the same relayout: the
// first gets a copy that writes the new layout, made right after the
// original, and the other two share it; the original, dispatched by none
// of them any more, is erased. A fourth dispatch of the same kernel fused
// with a relayout into another layout gets a copy of its own (made from
// the original, then after the first copy).
// CHECK-NOT:   stream_lite.executable private @thrice {
// CHECK-LABEL: stream_lite.executable private @thrice_fused0 {
// CHECK:         !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32>>
// CHECK:       stream_lite.executable private @thrice_fused1 {
// CHECK:         !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [4]>]>>>
// CHECK-NOT:   @thrice_fused2
stream_lite.executable private @thrice {
  stream_lite.executable.export public @splat
  builtin.module {
    func.func @splat(%o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32, #tiled>>
      %e = tensor.empty() : tensor<4x4xf32>
      %f = linalg.fill ins(%one : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
      stream_lite.dispatch.tensor.store %f, %ov, offsets = [0, 0], sizes = [4, 4], strides = [1, 1] : tensor<4x4xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32, #tiled>>
      return
    }
  }
}

// CHECK-LABEL: func.func @fused_thrice
// CHECK: stream_lite.tensor.dispatch @thrice_fused0::@splat()
// CHECK: stream_lite.tensor.dispatch @thrice_fused1::@splat()
// CHECK: stream_lite.tensor.dispatch @thrice_fused0::@splat()
// CHECK: stream_lite.tensor.dispatch @thrice_fused0::@splat()
func.func @fused_thrice() -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %dsz = stream_lite.tensor.sizeof tensor<4x4xf32> : index
  %tsz = stream_lite.tensor.sizeof tensor<4x4xf32, #tiled> : index
  %rsz = stream_lite.tensor.sizeof tensor<4x4xf32, #rows> : index
  // expected-remark @+1 {{relayout of result #0 of @thrice_fused0::@splat fused}}
  %a = stream_lite.tensor.dispatch @thrice::@splat() : () -> tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz}
  %ea = stream_lite.tensor.encode %a : tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz} -> tensor<4x4xf32> in !stream_lite.resource<*>{%dsz}
  // expected-remark @+1 {{relayout of result #0 of @thrice_fused1::@splat fused: the kernel writes #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [4]>]> directly}}
  %r = stream_lite.tensor.dispatch @thrice::@splat() : () -> tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz}
  %er = stream_lite.tensor.encode %r : tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz} -> tensor<4x4xf32, #rows> in !stream_lite.resource<*>{%rsz}
  // expected-remark @+1 {{relayout of result #0 of @thrice_fused0::@splat fused}}
  %b = stream_lite.tensor.dispatch @thrice::@splat() : () -> tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz}
  %eb = stream_lite.tensor.encode %b : tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz} -> tensor<4x4xf32> in !stream_lite.resource<*>{%dsz}
  // expected-remark @+1 {{relayout of result #0 of @thrice_fused0::@splat fused}}
  %c = stream_lite.tensor.dispatch @thrice::@splat() : () -> tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz}
  %ec = stream_lite.tensor.encode %c : tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz} -> tensor<4x4xf32> in !stream_lite.resource<*>{%dsz}
  return %ea, %er, %eb, %ec : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}

// -----

#tiled = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 2, n = 3, k = 2>>])

stream_lite.executable private @bytes {
  stream_lite.executable.export public @bytes
  builtin.module {
    func.func @bytes(%o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %ob = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> tensor<4x4xf32, #tiled> in memref<?xi8>
      return
    }
  }
}
stream_lite.executable private @views {
  stream_lite.executable.export public @rw
  builtin.module {
    func.func @rw(%o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readwrite:tensor<4x4xf32, #tiled>>
      %x = stream_lite.dispatch.tensor.load %ov, offsets = [0, 0], sizes = [4, 4], strides = [1, 1] : !stream_lite.dispatch.tensor<readwrite:tensor<4x4xf32, #tiled>> -> tensor<4x4xf32>
      stream_lite.dispatch.tensor.store %x, %ov, offsets = [0, 0], sizes = [4, 4], strides = [1, 1] : tensor<4x4xf32> -> !stream_lite.dispatch.tensor<readwrite:tensor<4x4xf32, #tiled>>
      return
    }
  }
}

// A builtin kernel (known by its executable's stream_lite.builtin_kind, not
// its name) is generated for its layouts and is never rewritten.
stream_lite.executable private @generated attributes {stream_lite.builtin_kind = "splat"} {
  stream_lite.executable.export public @splat
  builtin.module {
    func.func @splat(%o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32, #tiled>>
      %e = tensor.empty() : tensor<4x4xf32>
      %f = linalg.fill ins(%one : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
      stream_lite.dispatch.tensor.store %f, %ov, offsets = [0, 0], sizes = [4, 4], strides = [1, 1] : tensor<4x4xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32, #tiled>>
      return
    }
  }
}

// Relayouts left, each with its reason.
// CHECK-LABEL: func.func @blocked
// CHECK-COUNT-5: stream_lite.tensor.encode
func.func @blocked(%r: !stream_lite.resource<*>, %s: !stream_lite.resource<*>) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %dsz = stream_lite.tensor.sizeof tensor<4x4xf32> : index
  %tsz = stream_lite.tensor.sizeof tensor<4x4xf32, #tiled> : index
  %a = stream_lite.tensor.dispatch @bytes::@bytes() : () -> tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz}
  // expected-remark @+1 {{[Missed] stream_lite.tensor.encode | Category:stream-lite-fuse-relayouts | Function=blocked | Remark="relayout not fused: the kernel views the result's binding as bytes"}}
  %ae = stream_lite.tensor.encode %a : tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz} -> tensor<4x4xf32> in !stream_lite.resource<*>{%dsz}
  %b = stream_lite.tensor.dispatch @bytes::@bytes() : () -> tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz}
  // expected-remark @+1 {{[Missed] stream_lite.tensor.encode | Category:stream-lite-fuse-relayouts | Function=blocked | Remark="relayout not fused: its source has another use"}}
  %be = stream_lite.tensor.encode %b : tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz} -> tensor<4x4xf32> in !stream_lite.resource<*>{%dsz}
  %c = stream_lite.tensor.dispatch @views::@rw(%r) : (tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz}) -> tensor<4x4xf32, #tiled> in %r as !stream_lite.resource<*>{%tsz}
  // expected-remark @+1 {{[Missed] stream_lite.tensor.encode | Category:stream-lite-fuse-relayouts | Function=blocked | Remark="relayout not fused: its source is a tied (readwrite) dispatch result, which keeps its operand's layout"}}
  %ce = stream_lite.tensor.encode %c : tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz} -> tensor<4x4xf32> in !stream_lite.resource<*>{%dsz}
  // expected-remark @+1 {{[Missed] stream_lite.tensor.encode | Category:stream-lite-fuse-relayouts | Function=blocked | Remark="relayout not fused: its source is not the result of a dispatch"}}
  %re = stream_lite.tensor.encode %s : tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz} -> tensor<4x4xf32> in !stream_lite.resource<*>{%dsz}
  %g = stream_lite.tensor.dispatch @generated::@splat() : () -> tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz}
  // expected-remark @+1 {{[Missed] stream_lite.tensor.encode | Category:stream-lite-fuse-relayouts | Function=blocked | Remark="relayout not fused: its source is a builtin dispatch"}}
  %ge = stream_lite.tensor.encode %g : tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz} -> tensor<4x4xf32> in !stream_lite.resource<*>{%dsz}
  return %ae, %be, %b, %ce, %re, %ge : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}

// -----

#tiled = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 2, n = 3, k = 2>>])

// IREE's form: the kernel stores a loaded tensor whose type repeats the
// old layout, to the fused view and to another one. That tensor's type
// loses the encoding (both forms mean the same): it cannot follow the
// fused view, since the view it is loaded from keeps the old layout.
// CHECK-LABEL: stream_lite.executable private @iree_form
// CHECK: %[[A:.+]] = stream_lite.binding.subspan {{.+}} -> !stream_lite.dispatch.tensor<readonly:tensor<?x5xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>>>{%{{.+}}}
// CHECK: %[[O:.+]] = stream_lite.binding.subspan {{.+}} -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xf32>>{%{{.+}}}
// CHECK: %[[P:.+]] = stream_lite.binding.subspan {{.+}} -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>>>{%{{.+}}}
// CHECK: %[[X:.+]] = stream_lite.dispatch.tensor.load %[[A]], {{.+}} -> tensor<?x5xf32>{{$}}
// CHECK: stream_lite.dispatch.tensor.store %[[X]], %[[O]], {{.+}} : tensor<?x5xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xf32>>{%{{.+}}}
// CHECK: stream_lite.dispatch.tensor.store %[[X]], %[[P]], {{.+}} : tensor<?x5xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xf32, #stream_lite.layout
stream_lite.executable private @iree_form {
  stream_lite.executable.export public @copy
  builtin.module {
    func.func @copy(%a: !stream_lite.binding, %o: !stream_lite.binding, %p: !stream_lite.binding, %n: index) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?x5xf32, #tiled>>{%n}
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xf32, #tiled>>{%n}
      %pv = stream_lite.binding.subspan %p[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xf32, #tiled>>{%n}
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [%n, 5], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<?x5xf32, #tiled>>{%n} -> tensor<?x5xf32, #tiled>
      stream_lite.dispatch.tensor.store %x, %ov, offsets = [0, 0], sizes = [%n, 5], strides = [1, 1] : tensor<?x5xf32, #tiled> -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xf32, #tiled>>{%n}
      stream_lite.dispatch.tensor.store %x, %pv, offsets = [0, 0], sizes = [%n, 5], strides = [1, 1] : tensor<?x5xf32, #tiled> -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xf32, #tiled>>{%n}
      return
    }
  }
}

// CHECK-LABEL: func.func @iree_store_form
// CHECK: stream_lite.tensor.dispatch @iree_form::@copy({{.+}}) {stream_lite.fused_relayouts = array<i64: 0>} : ({{.+}}) -> (tensor<?x5xf32>{%{{.+}}} in !stream_lite.resource<*>{%{{.+}}}, tensor<?x5xf32, #stream_lite.layout
// CHECK-NOT: stream_lite.tensor.encode
func.func @iree_store_form(%r: !stream_lite.resource<*>, %n: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %dsz = stream_lite.tensor.sizeof tensor<?x5xf32>{%n} : index
  %tsz = stream_lite.tensor.sizeof tensor<?x5xf32, #tiled>{%n} : index
  // expected-remark @+1 {{[Passed] stream_lite.tensor.dispatch | Category:stream-lite-fuse-relayouts | Function=iree_store_form | Remark="relayout of result #0 of @iree_form::@copy fused: the kernel writes dense row-major (no encoding) directly; a size computed at run time no longer relayouted"}}
  %d:2 = stream_lite.tensor.dispatch @iree_form::@copy(%r, %n) : (tensor<?x5xf32, #tiled>{%n} in !stream_lite.resource<*>{%tsz}, index) -> (tensor<?x5xf32, #tiled>{%n} in !stream_lite.resource<*>{%tsz}, tensor<?x5xf32, #tiled>{%n} in !stream_lite.resource<*>{%tsz})
  %e = stream_lite.tensor.encode %d#0 : tensor<?x5xf32, #tiled>{%n} in !stream_lite.resource<*>{%tsz} -> tensor<?x5xf32>{%n} in !stream_lite.resource<*>{%dsz}
  return %e, %d#1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}

// -----

#tiled = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 2, n = 3, k = 2>>])

// A stored tensor that repeats the old layout and that other ops compute
// on cannot lose its encoding here: the relayout stays (the lowering
// refuses such a kernel, with its own error).
// CHECK-LABEL: stream_lite.executable private @computes_on_encoded
// CHECK: !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32, #stream_lite.layout
stream_lite.executable private @computes_on_encoded {
  stream_lite.executable.export public @neg
  builtin.module {
    func.func @neg(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<4x4xf32, #tiled>>
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32, #tiled>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [4, 4], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<4x4xf32, #tiled>> -> tensor<4x4xf32, #tiled>
      %y = arith.negf %x : tensor<4x4xf32, #tiled>
      stream_lite.dispatch.tensor.store %y, %ov, offsets = [0, 0], sizes = [4, 4], strides = [1, 1] : tensor<4x4xf32, #tiled> -> !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32, #tiled>>
      return
    }
  }
}

// CHECK-LABEL: func.func @encoded_computation
// CHECK: stream_lite.tensor.encode
func.func @encoded_computation(%r: !stream_lite.resource<*>) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %dsz = stream_lite.tensor.sizeof tensor<4x4xf32> : index
  %tsz = stream_lite.tensor.sizeof tensor<4x4xf32, #tiled> : index
  %d = stream_lite.tensor.dispatch @computes_on_encoded::@neg(%r) : (tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz}) -> tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz}
  // expected-remark @+1 {{[Missed] stream_lite.tensor.encode | Category:stream-lite-fuse-relayouts | Function=encoded_computation | Remark="relayout not fused: the kernel stores a tensor that repeats the old layout and is not only stored (kernels compute on logical values)"}}
  %e = stream_lite.tensor.encode %d : tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz} -> tensor<4x4xf32> in !stream_lite.resource<*>{%dsz}
  return %e : !stream_lite.resource<*>
}

// -----

#tiled = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 2, n = 3, k = 2>>])

// Views that are not provably the whole result keep their relayouts: the
// new layout would put their stores on other bytes than the elements they
// name. Another shape, rows at byte offsets, and a dynamic dim the kernel
// gets from another value than the result's dim. The last dispatch views
// its result with the result's own dim, passed as a scalar: fused.
// CHECK-LABEL: stream_lite.executable private @views
// CHECK: func.func @reshaped
// CHECK: -> !stream_lite.dispatch.tensor<writeonly:tensor<15xf32>>
// CHECK: func.func @rows
// CHECK: -> !stream_lite.dispatch.tensor<writeonly:tensor<1x5xf32>>
// CHECK: -> !stream_lite.dispatch.tensor<writeonly:tensor<2x5xf32>>
// CHECK: func.func @prefix
// CHECK: -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xf32>>{%{{.+}}}
// CHECK-LABEL: stream_lite.executable private @views_fused0
// CHECK: func.func @prefix
// CHECK: -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>>>{%{{.+}}}
stream_lite.executable private @views {
  stream_lite.executable.export public @reshaped
  stream_lite.executable.export public @rows
  stream_lite.executable.export public @prefix
  builtin.module {
    func.func @reshaped(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<15xf32>>
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<15xf32>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0], sizes = [15], strides = [1] : !stream_lite.dispatch.tensor<readonly:tensor<15xf32>> -> tensor<15xf32>
      stream_lite.dispatch.tensor.store %x, %ov, offsets = [0], sizes = [15], strides = [1] : tensor<15xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<15xf32>>
      return
    }
    func.func @rows(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %c20 = arith.constant 20 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<3x5xf32>>
      %o0 = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<1x5xf32>>
      %o1 = stream_lite.binding.subspan %o[%c20] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<2x5xf32>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [1, 5], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<3x5xf32>> -> tensor<1x5xf32>
      %y = stream_lite.dispatch.tensor.load %av, offsets = [1, 0], sizes = [2, 5], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<3x5xf32>> -> tensor<2x5xf32>
      stream_lite.dispatch.tensor.store %x, %o0, offsets = [0, 0], sizes = [1, 5], strides = [1, 1] : tensor<1x5xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<1x5xf32>>
      stream_lite.dispatch.tensor.store %y, %o1, offsets = [0, 0], sizes = [2, 5], strides = [1, 1] : tensor<2x5xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<2x5xf32>>
      return
    }
    func.func @prefix(%a: !stream_lite.binding, %o: !stream_lite.binding, %m: index) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?x5xf32>>{%m}
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xf32>>{%m}
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [%m, 5], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<?x5xf32>>{%m} -> tensor<?x5xf32>
      stream_lite.dispatch.tensor.store %x, %ov, offsets = [0, 0], sizes = [%m, 5], strides = [1, 1] : tensor<?x5xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xf32>>{%m}
      return
    }
  }
}
// CHECK-LABEL: func.func @views_not_the_result
// CHECK-COUNT-3: stream_lite.tensor.encode
// CHECK-NOT: stream_lite.tensor.encode
// CHECK: return
func.func @views_not_the_result(%in: !stream_lite.resource<*>, %n: index, %m: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %dsz = stream_lite.tensor.sizeof tensor<3x5xf32> : index
  %tsz = stream_lite.tensor.sizeof tensor<3x5xf32, #tiled> : index
  %d0 = stream_lite.tensor.dispatch @views::@reshaped(%in) : (tensor<3x5xf32> in !stream_lite.resource<*>{%dsz}) -> tensor<3x5xf32> in !stream_lite.resource<*>{%dsz}
  // expected-remark @+1 {{[Missed] stream_lite.tensor.encode | Category:stream-lite-fuse-relayouts | Function=views_not_the_result | Remark="relayout not fused: the kernel's view of the result is not provably the whole result (the kernel views 'tensor<15xf32>' where the dispatch binds 'tensor<3x5xf32>')"}}
  %e0 = stream_lite.tensor.encode %d0 : tensor<3x5xf32> in !stream_lite.resource<*>{%dsz} -> tensor<3x5xf32, #tiled> in !stream_lite.resource<*>{%tsz}
  %d1 = stream_lite.tensor.dispatch @views::@rows(%in) : (tensor<3x5xf32> in !stream_lite.resource<*>{%dsz}) -> tensor<3x5xf32> in !stream_lite.resource<*>{%dsz}
  // expected-remark @+1 {{[Missed] stream_lite.tensor.encode | Category:stream-lite-fuse-relayouts | Function=views_not_the_result | Remark="relayout not fused: the kernel's view of the result is not provably the whole result (the kernel views 'tensor<2x5xf32>' where the dispatch binds 'tensor<3x5xf32>': dim 0 differs)"}}
  %e1 = stream_lite.tensor.encode %d1 : tensor<3x5xf32> in !stream_lite.resource<*>{%dsz} -> tensor<3x5xf32, #tiled> in !stream_lite.resource<*>{%tsz}
  %nsz = stream_lite.tensor.sizeof tensor<?x5xf32>{%n} : index
  %ntsz = stream_lite.tensor.sizeof tensor<?x5xf32, #tiled>{%n} : index
  %d2 = stream_lite.tensor.dispatch @views::@prefix(%in, %m) : (tensor<?x5xf32>{%n} in !stream_lite.resource<*>{%nsz}, index) -> tensor<?x5xf32>{%n} in !stream_lite.resource<*>{%nsz}
  // expected-remark @+1 {{[Missed] stream_lite.tensor.encode | Category:stream-lite-fuse-relayouts | Function=views_not_the_result | Remark="relayout not fused: the kernel's view of the result is not provably the whole result (the kernel views 'tensor<?x5xf32>' where the dispatch binds 'tensor<?x5xf32>': dim 0 may differ)"}}
  %e2 = stream_lite.tensor.encode %d2 : tensor<?x5xf32>{%n} in !stream_lite.resource<*>{%nsz} -> tensor<?x5xf32, #tiled>{%n} in !stream_lite.resource<*>{%ntsz}
  // expected-remark @+1 {{[Passed] stream_lite.tensor.dispatch | Category:stream-lite-fuse-relayouts | Function=views_not_the_result | Remark="relayout of result #0 of @views_fused0::@prefix fused: the kernel writes #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]> directly; a size computed at run time no longer relayouted"}}
  %d3 = stream_lite.tensor.dispatch @views::@prefix(%in, %n) : (tensor<?x5xf32>{%n} in !stream_lite.resource<*>{%nsz}, index) -> tensor<?x5xf32>{%n} in !stream_lite.resource<*>{%nsz}
  %e3 = stream_lite.tensor.encode %d3 : tensor<?x5xf32>{%n} in !stream_lite.resource<*>{%nsz} -> tensor<?x5xf32, #tiled>{%n} in !stream_lite.resource<*>{%ntsz}
  return %e0, %e1, %e2, %e3 : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}

// -----

#tiled = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 2, n = 3, k = 2>>])
stream_lite.device @gpu targets([#stream_lite.target<"vmvx">])

// A relayout of a merge (scf.if) whose every incoming value is a dispatch
// result used once is fused into every one of those dispatches, and the
// merge carries the new layout; when one incoming value is not such a
// result, none is fused (a merge of two layouts would be neither).
// CHECK-LABEL: stream_lite.executable private @ex
// CHECK: -> !stream_lite.dispatch.tensor<writeonly:tensor<3x5xf32>>
// CHECK-LABEL: stream_lite.executable private @ex_fused0
// CHECK: -> !stream_lite.dispatch.tensor<writeonly:tensor<3x5xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>>>
// CHECK-NOT: @ex_fused1
stream_lite.executable private @ex {
  stream_lite.executable.export public @k
  builtin.module {
    func.func @k(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<3x5xf32>>
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<3x5xf32>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [3, 5], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<3x5xf32>> -> tensor<3x5xf32>
      stream_lite.dispatch.tensor.store %x, %ov, offsets = [0, 0], sizes = [3, 5], strides = [1, 1] : tensor<3x5xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<3x5xf32>>
      return
    }
  }
}
// CHECK-LABEL: func.func @merged
// CHECK: %[[M:.+]] = scf.if %{{.+}} -> (!stream_lite.resource<external>) {
// CHECK: stream_lite.tensor.dispatch @ex_fused0::@k({{.+}} -> tensor<3x5xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>> in !stream_lite.resource<external>
// CHECK: } else {
// CHECK: stream_lite.tensor.dispatch @ex_fused0::@k({{.+}} -> tensor<3x5xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>> in !stream_lite.resource<external>
// CHECK-NOT: stream_lite.tensor.encode
// CHECK: return %[[M]]
func.func @merged(%in: !stream_lite.resource<*>, %c: i1) -> !stream_lite.resource<external> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %dsz = stream_lite.tensor.sizeof tensor<3x5xf32> : index
  %tsz = stream_lite.tensor.sizeof tensor<3x5xf32, #tiled> : index
  %m = scf.if %c -> !stream_lite.resource<*> {
    // expected-remark @+1 {{[Passed] stream_lite.tensor.dispatch | Category:stream-lite-fuse-relayouts | Function=merged | Remark="relayout of result #0 of @ex_fused0::@k fused}}
    %o = stream_lite.tensor.dispatch @ex::@k(%in) : (tensor<3x5xf32> in !stream_lite.resource<*>{%dsz}) -> tensor<3x5xf32> in !stream_lite.resource<*>{%dsz}
    scf.yield %o : !stream_lite.resource<*>
  } else {
    // expected-remark @+1 {{[Passed] stream_lite.tensor.dispatch | Category:stream-lite-fuse-relayouts | Function=merged | Remark="relayout of result #0 of @ex_fused0::@k fused}}
    %o2 = stream_lite.tensor.dispatch @ex::@k(%in) : (tensor<3x5xf32> in !stream_lite.resource<*>{%dsz}) -> tensor<3x5xf32> in !stream_lite.resource<*>{%dsz}
    scf.yield %o2 : !stream_lite.resource<*>
  }
  %t = stream_lite.tensor.encode %m : tensor<3x5xf32> in !stream_lite.resource<*>{%dsz} -> tensor<3x5xf32, #tiled> in !stream_lite.resource<external>{%tsz}
  return %t : !stream_lite.resource<external>
}
// A relayout on another device, after the merge and a transfer: fused into
// both dispatches; the merge keeps its resource type, the transfer moves
// the relayout's size and takes its resource type.
// CHECK-LABEL: func.func @merged_then_transferred
// CHECK: %[[TSZ:.+]] = stream_lite.tensor.sizeof tensor<3x5xf32, #stream_lite.layout
// CHECK: %[[M:.+]] = scf.if %{{.+}} -> (!stream_lite.resource<*>) {
// CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@cpu>) @ex_fused0::@k({{.+}} -> tensor<3x5xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>> in !stream_lite.resource<*>
// CHECK: } else {
// CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@cpu>) @ex_fused0::@k({{.+}} -> tensor<3x5xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>> in !stream_lite.resource<*>
// CHECK: %[[T:.+]] = stream_lite.async.transfer %[[M]] : !stream_lite.resource<*>{%[[TSZ]]} from(#stream_lite.affinity<@cpu>) -> to(#stream_lite.affinity<@gpu>) !stream_lite.resource<external>{%[[TSZ]]}
// CHECK-NOT: stream_lite.tensor.encode
// CHECK: return %[[T]]
func.func @merged_then_transferred(%in: !stream_lite.resource<*>, %c: i1) -> !stream_lite.resource<external> {
  %dsz = stream_lite.tensor.sizeof tensor<3x5xf32> : index
  %tsz = stream_lite.tensor.sizeof tensor<3x5xf32, #tiled> : index
  %m = scf.if %c -> !stream_lite.resource<*> {
    // expected-remark @+1 {{[Passed] stream_lite.tensor.dispatch | Category:stream-lite-fuse-relayouts | Function=merged_then_transferred | Remark="relayout of result #0 of @ex_fused0::@k fused}}
    %o = stream_lite.tensor.dispatch on(#stream_lite.affinity<@cpu>) @ex::@k(%in) : (tensor<3x5xf32> in !stream_lite.resource<*>{%dsz}) -> tensor<3x5xf32> in !stream_lite.resource<*>{%dsz}
    scf.yield %o : !stream_lite.resource<*>
  } else {
    // expected-remark @+1 {{[Passed] stream_lite.tensor.dispatch | Category:stream-lite-fuse-relayouts | Function=merged_then_transferred | Remark="relayout of result #0 of @ex_fused0::@k fused}}
    %o2 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@cpu>) @ex::@k(%in) : (tensor<3x5xf32> in !stream_lite.resource<*>{%dsz}) -> tensor<3x5xf32> in !stream_lite.resource<*>{%dsz}
    scf.yield %o2 : !stream_lite.resource<*>
  }
  %t = stream_lite.async.transfer %m : !stream_lite.resource<*>{%dsz} from(#stream_lite.affinity<@cpu>) -> to(#stream_lite.affinity<@gpu>) !stream_lite.resource<*>{%dsz}
  %e = stream_lite.tensor.encode on(#stream_lite.affinity<@gpu>) %t : tensor<3x5xf32> in !stream_lite.resource<*>{%dsz} -> tensor<3x5xf32, #tiled> in !stream_lite.resource<external>{%tsz}
  return %e : !stream_lite.resource<external>
}
// A transfer after the merge whose relayout's size and dims are computed
// only after the transfer: left (the transfer could not move that size).
// CHECK-LABEL: func.func @merged_then_transferred_size_later
// CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@cpu>) @dyn::@k
// CHECK: stream_lite.tensor.encode
stream_lite.executable private @dyn {
  stream_lite.executable.export public @k
  builtin.module {
    func.func @k(%a: !stream_lite.binding, %n: index, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?x5xf32>>{%n}
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xf32>>{%n}
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [%n, 5], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<?x5xf32>>{%n} -> tensor<?x5xf32>
      stream_lite.dispatch.tensor.store %x, %ov, offsets = [0, 0], sizes = [%n, 5], strides = [1, 1] : tensor<?x5xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xf32>>{%n}
      return
    }
  }
}
func.func @merged_then_transferred_size_later(%in: !stream_lite.resource<*>, %c: i1, %n: index) -> !stream_lite.resource<external> {
  %dsz = stream_lite.tensor.sizeof tensor<?x5xf32>{%n} : index
  %m = scf.if %c -> !stream_lite.resource<*> {
    %o = stream_lite.tensor.dispatch on(#stream_lite.affinity<@cpu>) @dyn::@k(%in, %n) : (tensor<?x5xf32>{%n} in !stream_lite.resource<*>{%dsz}, index) -> tensor<?x5xf32>{%n} in !stream_lite.resource<*>{%dsz}
    scf.yield %o : !stream_lite.resource<*>
  } else {
    %o2 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@cpu>) @dyn::@k(%in, %n) : (tensor<?x5xf32>{%n} in !stream_lite.resource<*>{%dsz}, index) -> tensor<?x5xf32>{%n} in !stream_lite.resource<*>{%dsz}
    scf.yield %o2 : !stream_lite.resource<*>
  }
  %t = stream_lite.async.transfer %m : !stream_lite.resource<*>{%dsz} from(#stream_lite.affinity<@cpu>) -> to(#stream_lite.affinity<@gpu>) !stream_lite.resource<*>{%dsz}
  %c0 = arith.constant 0 : index
  %n2 = arith.addi %n, %c0 : index
  %tsz = stream_lite.tensor.sizeof tensor<?x5xf32, #tiled>{%n2} : index
  // expected-remark @+1 {{[Missed] stream_lite.tensor.encode | Category:stream-lite-fuse-relayouts | Function=merged_then_transferred_size_later | Remark="relayout not fused: the relayout's size is not known at the transfer after the merge"}}
  %e = stream_lite.tensor.encode on(#stream_lite.affinity<@gpu>) %t : tensor<?x5xf32>{%n} in !stream_lite.resource<*>{%dsz} -> tensor<?x5xf32, #tiled>{%n2} in !stream_lite.resource<external>{%tsz}
  return %e : !stream_lite.resource<external>
}
// CHECK-LABEL: func.func @merged_with_another
// CHECK: scf.if
// CHECK: stream_lite.tensor.dispatch @ex::@k({{.+}} -> tensor<3x5xf32> in
// CHECK: stream_lite.tensor.encode
func.func @merged_with_another(%in: !stream_lite.resource<*>, %c: i1) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %dsz = stream_lite.tensor.sizeof tensor<3x5xf32> : index
  %tsz = stream_lite.tensor.sizeof tensor<3x5xf32, #tiled> : index
  %m = scf.if %c -> !stream_lite.resource<*> {
    %o = stream_lite.tensor.dispatch @ex::@k(%in) : (tensor<3x5xf32> in !stream_lite.resource<*>{%dsz}) -> tensor<3x5xf32> in !stream_lite.resource<*>{%dsz}
    scf.yield %o : !stream_lite.resource<*>
  } else {
    scf.yield %in : !stream_lite.resource<*>
  }
  // expected-remark @+1 {{[Missed] stream_lite.tensor.encode | Category:stream-lite-fuse-relayouts | Function=merged_with_another | Remark="relayout not fused: its source has another use"}}
  %t = stream_lite.tensor.encode %m : tensor<3x5xf32> in !stream_lite.resource<*>{%dsz} -> tensor<3x5xf32, #tiled> in !stream_lite.resource<*>{%tsz}
  return %t : !stream_lite.resource<*>
}

// -----

#tiled = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 2, n = 3, k = 2>>])

stream_lite.executable private @ex {
  stream_lite.executable.export public @splat
  builtin.module {
    func.func @splat(%o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32, #tiled>>
      %e = tensor.empty() : tensor<4x4xf32>
      %f = linalg.fill ins(%one : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
      stream_lite.dispatch.tensor.store %f, %ov, offsets = [0, 0], sizes = [4, 4], strides = [1, 1] : tensor<4x4xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32, #tiled>>
      return
    }
  }
}

// Merges are region ops without loops: the blocks of an scf.execute_region
// yield dispatch results, and both kernels write the relayout's layout. A
// loop's result is not a merge (it also comes from its previous iteration):
// its relayout stays.
// CHECK-LABEL: func.func @region_merge
// CHECK: scf.execute_region
// CHECK: stream_lite.tensor.dispatch @ex_fused0::@splat() {stream_lite.fused_relayouts = array<i64: 0>} : () -> tensor<4x4xf32> in
// CHECK: stream_lite.tensor.dispatch @ex_fused0::@splat() {stream_lite.fused_relayouts = array<i64: 0>} : () -> tensor<4x4xf32> in
// CHECK-NOT: stream_lite.tensor.encode
// CHECK: return
func.func @region_merge(%c: i1) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %dsz = stream_lite.tensor.sizeof tensor<4x4xf32> : index
  %tsz = stream_lite.tensor.sizeof tensor<4x4xf32, #tiled> : index
  %m = scf.execute_region -> !stream_lite.resource<*> {
    cf.cond_br %c, ^a, ^b
  ^a:
    // expected-remark @+1 {{[Passed] stream_lite.tensor.dispatch | Category:stream-lite-fuse-relayouts | Function=region_merge | Remark="relayout of result #0 of @ex_fused0::@splat fused: the kernel writes dense row-major (no encoding) directly; 64 bytes no longer relayouted"}}
    %x = stream_lite.tensor.dispatch @ex::@splat() : () -> tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz}
    scf.yield %x : !stream_lite.resource<*>
  ^b:
    // expected-remark @+1 {{[Passed] stream_lite.tensor.dispatch | Category:stream-lite-fuse-relayouts | Function=region_merge | Remark="relayout of result #0 of @ex_fused0::@splat fused: the kernel writes dense row-major (no encoding) directly; 64 bytes no longer relayouted"}}
    %y = stream_lite.tensor.dispatch @ex::@splat() : () -> tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz}
    scf.yield %y : !stream_lite.resource<*>
  }
  %e = stream_lite.tensor.encode %m : tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz} -> tensor<4x4xf32> in !stream_lite.resource<*>{%dsz}
  return %e : !stream_lite.resource<*>
}

// CHECK-LABEL: func.func @loop_is_not_a_merge
// CHECK: scf.for
// CHECK: stream_lite.tensor.encode
func.func @loop_is_not_a_merge(%n: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %dsz = stream_lite.tensor.sizeof tensor<4x4xf32> : index
  %tsz = stream_lite.tensor.sizeof tensor<4x4xf32, #tiled> : index
  %first = stream_lite.tensor.dispatch @ex::@splat() : () -> tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz}
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %first) -> !stream_lite.resource<*> {
    %x = stream_lite.tensor.dispatch @ex::@splat() : () -> tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz}
    scf.yield %x : !stream_lite.resource<*>
  }
  // expected-remark @+1 {{[Missed] stream_lite.tensor.encode | Category:stream-lite-fuse-relayouts | Function=loop_is_not_a_merge | Remark="relayout not fused: its source is not the result of a dispatch"}}
  %e = stream_lite.tensor.encode %l : tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz} -> tensor<4x4xf32> in !stream_lite.resource<*>{%dsz}
  return %e : !stream_lite.resource<*>
}

// -----

#tiled = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 2, n = 3, k = 2>>])

// A copy made for one relayout is not reused once the executable it was
// made from changes in place: the first dispatch's result #0 gets a copy;
// the second dispatch, alone on the original by then, changes it in place
// for result #1 and then for result #0, so that its kernel writes both
// results in the new layout (the copy has result #1 in the old one).
// CHECK-LABEL: stream_lite.executable private @pair {
// CHECK-COUNT-2: !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32>>
// CHECK-LABEL: stream_lite.executable private @pair_fused0 {
// CHECK: !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32>>
// CHECK: !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32, #stream_lite.layout
stream_lite.executable private @pair {
  stream_lite.executable.export public @splat
  builtin.module {
    func.func @splat(%o: !stream_lite.binding, %p: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32, #tiled>>
      %pv = stream_lite.binding.subspan %p[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32, #tiled>>
      %e = tensor.empty() : tensor<4x4xf32>
      %f = linalg.fill ins(%one : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
      stream_lite.dispatch.tensor.store %f, %ov, offsets = [0, 0], sizes = [4, 4], strides = [1, 1] : tensor<4x4xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32, #tiled>>
      stream_lite.dispatch.tensor.store %f, %pv, offsets = [0, 0], sizes = [4, 4], strides = [1, 1] : tensor<4x4xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32, #tiled>>
      return
    }
  }
}

// CHECK-LABEL: func.func @copy_then_in_place
// CHECK: stream_lite.tensor.dispatch @pair_fused0::@splat() {stream_lite.fused_relayouts = array<i64: 0>} : () -> (tensor<4x4xf32> in
// CHECK: stream_lite.tensor.dispatch @pair::@splat() {stream_lite.fused_relayouts = array<i64: 1, 0>} : () -> (tensor<4x4xf32> in {{.+}}, tensor<4x4xf32> in
// CHECK-NOT: stream_lite.tensor.encode
func.func @copy_then_in_place() -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %dsz = stream_lite.tensor.sizeof tensor<4x4xf32> : index
  %tsz = stream_lite.tensor.sizeof tensor<4x4xf32, #tiled> : index
  // expected-remark @+1 {{relayout of result #0 of @pair_fused0::@splat fused}}
  %a:2 = stream_lite.tensor.dispatch @pair::@splat() : () -> (tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz}, tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz})
  %ea = stream_lite.tensor.encode %a#0 : tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz} -> tensor<4x4xf32> in !stream_lite.resource<*>{%dsz}
  // expected-remark @+2 {{relayout of result #1 of @pair::@splat fused}}
  // expected-remark @+1 {{relayout of result #0 of @pair::@splat fused}}
  %b:2 = stream_lite.tensor.dispatch @pair::@splat() : () -> (tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz}, tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz})
  %eb1 = stream_lite.tensor.encode %b#1 : tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz} -> tensor<4x4xf32> in !stream_lite.resource<*>{%dsz}
  %eb0 = stream_lite.tensor.encode %b#0 : tensor<4x4xf32, #tiled> in !stream_lite.resource<*>{%tsz} -> tensor<4x4xf32> in !stream_lite.resource<*>{%dsz}
  return %ea, %a#1, %eb1, %eb0 : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}
