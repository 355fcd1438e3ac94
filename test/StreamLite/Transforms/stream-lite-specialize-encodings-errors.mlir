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

// A merge whose relayout cannot get its size: the merged size is a function
// argument (not passed along the paths), and the two layouts' sizes differ.
#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])
stream_lite.device @host targets([#stream_lite.target<"vmvx">])
func.func @size_not_passed(%c: i1, %sz: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.if %c -> !stream_lite.resource<*> {
    %h = stream_lite.tensor.splat on(#stream_lite.affinity<@host>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%sz}
    // expected-error @+1 {{'scf.yield' op cannot relayout operand #0 ('tensor<5x3xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>') from #stream_lite.layout<[#stream_lite.identity]> to #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 1]>]> for the merge it feeds: the merged size is not passed along this path (it is defined before the merge or not known), so it cannot become the size of the new layout, which is not provably the same (60 bytes before, 96 bytes after)}}
    scf.yield %h : !stream_lite.resource<*>
  } else {
    %t = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%sz}
    scf.yield %t : !stream_lite.resource<*>
  }
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %r[%c0, %c0 for %c1, %c1] : f32 -> tensor<5x3xf32, #lhs> in %r as !stream_lite.resource<*>{%sz}
  return
}

// -----

// The merged size is also the size of a resource that does not come from
// the merge: rewriting it on one path would change that resource's size.
#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])
stream_lite.device @host targets([#stream_lite.target<"vmvx">])
func.func @size_shared(%c: i1, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %hsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@host>) tensor<5x3xf32, #lhs> : index
  %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, #lhs> : index
  %r:2 = scf.if %c -> (!stream_lite.resource<*>, index) {
    %h = stream_lite.tensor.splat on(#stream_lite.affinity<@host>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%hsz}
    // expected-error @+1 {{'scf.yield' op cannot relayout operand #0 ('tensor<5x3xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>') from #stream_lite.layout<[#stream_lite.identity]> to #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 1]>]> for the merge it feeds: the merged size is also the size of a resource of 'stream_lite.tensor.empty' that does not come from this merge}}
    scf.yield %h, %hsz : !stream_lite.resource<*>, index
  } else {
    %t = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
    scf.yield %t, %csz : !stream_lite.resource<*>, index
  }
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %r#0[%c0, %c0 for %c1, %c1] : f32 -> tensor<5x3xf32, #lhs> in %r#0 as !stream_lite.resource<*>{%r#1}
  %other = stream_lite.tensor.empty on(#stream_lite.affinity<@host>) : tensor<15xf32> in !stream_lite.resource<*>{%r#1}
  return
}

// -----

// A callee reached with data from two devices returns those bytes: the
// caller states their size on its own, so the relayout cannot change it.
#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])
stream_lite.device @host targets([#stream_lite.target<"vmvx">])
func.func private @touch(%r: !stream_lite.resource<*>, %sz: index, %v: f32) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@host>) %v, %r[%c0, %c0 for %c1, %c1] : f32 -> tensor<5x3xf32, #lhs> in %r as !stream_lite.resource<*>{%sz}
  return %f : !stream_lite.resource<*>
}
func.func @returns_relayouted(%v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %hsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@host>) tensor<5x3xf32, #lhs> : index
  %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, #lhs> : index
  %h = stream_lite.tensor.splat on(#stream_lite.affinity<@host>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%hsz}
  %a = func.call @touch(%h, %hsz, %v) : (!stream_lite.resource<*>, index, f32) -> !stream_lite.resource<*>
  %t = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
  // expected-error @+1 {{'func.call' op cannot relayout operand #0 ('tensor<5x3xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>') from #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 1]>]> to #stream_lite.layout<[#stream_lite.identity]> for the merge it feeds: the callee returns the relayouted bytes, whose size the caller states on its own}}
  %b = func.call @touch(%t, %csz, %v) : (!stream_lite.resource<*>, index, f32) -> !stream_lite.resource<*>
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %b[%c0, %c0 for %c1, %c1] : f32 -> tensor<5x3xf32, #lhs> in %b as !stream_lite.resource<*>{%csz}
  return
}

// -----

// An op mentioning the merged value states its size with another value than
// the merged size.
#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])
stream_lite.device @host targets([#stream_lite.target<"vmvx">])
func.func @other_size(%c: i1, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %hsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@host>) tensor<5x3xf32, #lhs> : index
  %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, #lhs> : index
  %r:2 = scf.if %c -> (!stream_lite.resource<*>, index) {
    %h = stream_lite.tensor.splat on(#stream_lite.affinity<@host>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%hsz}
    // expected-error @+1 {{for the merge it feeds: 'stream_lite.tensor.fill' states the merged value's size with another value than the one passed along the merge}}
    scf.yield %h, %hsz : !stream_lite.resource<*>, index
  } else {
    %t = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
    scf.yield %t, %csz : !stream_lite.resource<*>, index
  }
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %r#0[%c0, %c0 for %c1, %c1] : f32 -> tensor<5x3xf32, #lhs> in %r#0 as !stream_lite.resource<*>{%r#1}
  %g = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %r#0[%c0, %c0 for %c1, %c1] : f32 -> tensor<5x3xf32, #lhs> in %r#0 as !stream_lite.resource<*>{%csz}
  return
}

// -----

// A resource whose size is known (a constant, or the sizeof of a static
// type) and smaller than the resolved storage of its tensor would fail its
// run-time size check on every run: an error once the layout is known.
// Sizes that fit, and sizes known only at run time, are fine.
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])
#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>

func.func @static_size_too_small(%n: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %dense = stream_lite.tensor.sizeof tensor<3x3xf32> : index
  %c100 = arith.constant 100 : index
  %fits = stream_lite.tensor.sizeof tensor<3x3xf32, #lhs> : index
  // 3x3 in 8x1 tiles: 8x3 elements, 96 bytes.
  // expected-error @+1 {{'stream_lite.tensor.empty' op resource of the result (36 bytes) is smaller than the storage of 'tensor<3x3xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 1]>]>>' (96 bytes)}}
  %a = stream_lite.tensor.empty : tensor<3x3xf32, #lhs> in !stream_lite.resource<*>{%dense}
  %b = stream_lite.tensor.empty : tensor<3x3xf32, #lhs> in !stream_lite.resource<*>{%c100}
  %c = stream_lite.tensor.empty : tensor<3x3xf32, #lhs> in !stream_lite.resource<*>{%fits}
  %d = stream_lite.tensor.empty : tensor<3x3xf32, #lhs> in !stream_lite.resource<*>{%n}
  return %a, %b, %c, %d : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<*>
}

// -----

// A row that fits, rounded up to a cache line that does not.
stream_lite.device @gpu targets([#stream_lite.target<"rocm", resolver = #stream_lite.padding_resolver<cache_line_bytes = 4611686018427387904, cache_sets = 1>>])
func.func @padding_padded_row_overflow() {
  // expected-error @+1 {{padding_resolver: a row of 4611686018427387905 elements of 1 bytes padded overflows 64 bits}}
  %0 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<1x4611686018427387905xi8, #stream_lite.padding<[0, ?]>> : index
  return
}

// -----

// The same for packed elements: the row's bytes fit, the pad in elements not.
stream_lite.device @gpu targets([#stream_lite.target<"rocm", resolver = #stream_lite.padding_resolver<cache_line_bytes = 2305843009213693953, cache_sets = 1>>])
func.func @padding_packed_pad_overflow() {
  // expected-error @+1 {{padding_resolver: a row of 2305843009213693954 bytes padded overflows 64 bits}}
  %0 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<1x4611686018427387908xi4, #stream_lite.padding<[0, ?]>> : index
  return
}

// -----

// Tests that a kernel viewing a tiled binding as a tensor of another shape
// is an error naming the view and both tensors: its loads would read other
// bytes than the elements they name (negative).
#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @d targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 4, n = 4, k = 4>>])
stream_lite.executable private @ex {
  stream_lite.executable.export public @k
  builtin.module {
    func.func @k(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      // expected-error @+1 {{'stream_lite.binding.subspan' op does not view the tensor its binding holds: the kernel views 'tensor<5x3xf32>' where the dispatch binds 'tensor<3x5xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>]>>': dim 0 differs; under a layout other than dense row-major a view must be that tensor (same rank, dims and element type, at byte offset 0)}}
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<5x3xf32>>
      return
    }
  }
}
func.func @view_of_another_shape(%t: !stream_lite.resource<*>, %tsz: index, %sz: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@d>} {
  // expected-note @+1 {{dispatched here}}
  %o = stream_lite.tensor.dispatch @ex::@k(%t) : (tensor<3x5xf32, #lhs> in !stream_lite.resource<*>{%tsz}) -> tensor<3x5xf32> in !stream_lite.resource<*>{%sz}
  return %o : !stream_lite.resource<*>
}

// -----

// Tests that another rank is an error too (negative).
#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @d targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 4, n = 4, k = 4>>])
stream_lite.executable private @ex {
  stream_lite.executable.export public @k
  builtin.module {
    func.func @k(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      // expected-error @+1 {{the kernel views 'tensor<15xf32>' where the dispatch binds 'tensor<3x5xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>]>>'; under a layout}}
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<15xf32>>
      return
    }
  }
}
func.func @view_of_another_rank(%t: !stream_lite.resource<*>, %tsz: index, %sz: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@d>} {
  // expected-note @+1 {{dispatched here}}
  %o = stream_lite.tensor.dispatch @ex::@k(%t) : (tensor<3x5xf32, #lhs> in !stream_lite.resource<*>{%tsz}) -> tensor<3x5xf32> in !stream_lite.resource<*>{%sz}
  return %o : !stream_lite.resource<*>
}

// -----

// Tests that a constant byte offset other than 0 into a tiled binding is an
// error (negative).
#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @d targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 4, n = 4, k = 4>>])
stream_lite.executable private @ex {
  stream_lite.executable.export public @k
  builtin.module {
    func.func @k(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c16 = arith.constant 16 : index
      // expected-error @+1 {{'stream_lite.binding.subspan' op does not view the tensor its binding holds: the kernel views its binding at byte offset 16, not at the tensor's start}}
      %av = stream_lite.binding.subspan %a[%c16] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<3x5xf32>>
      return
    }
  }
}
func.func @view_at_offset(%t: !stream_lite.resource<*>, %tsz: index, %sz: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@d>} {
  // expected-note @+1 {{dispatched here}}
  %o = stream_lite.tensor.dispatch @ex::@k(%t) : (tensor<3x5xf32, #lhs> in !stream_lite.resource<*>{%tsz}) -> tensor<3x5xf32> in !stream_lite.resource<*>{%sz}
  return %o : !stream_lite.resource<*>
}
