// RUN: layout-opt --split-input-file --stream-lite-specialize-encodings %s | FileCheck %s

// Tests that every resolver (docs/language.md, Resolvers) resolves sizeof's encoding.

stream_lite.device @tiling targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 2>>])
stream_lite.device @padding targets([#stream_lite.target<"rocm", resolver = #stream_lite.padding_resolver<cache_line_bytes = 128, cache_sets = 4>>])
stream_lite.device @identity targets([#stream_lite.target<"vmvx", resolver = #stream_lite.identity_resolver>])
stream_lite.device @default targets([#stream_lite.target<"vmvx">])
stream_lite.device @special targets([#stream_lite.target<"test", resolver = #stream_lite.specialization_resolver<123>>])

// CHECK-LABEL: @resolvers
func.func @resolvers(%d: index) {
  // CHECK: tensor<?x4xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 2]>]>>{%{{.+}}}
  %0 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@tiling>) tensor<?x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>{%d} : index
  // CHECK: tensor<4x?xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [1, 0], inner_tiles = [4, 2], outer_dims_perm = [1, 0]>]>>{%{{.+}}}
  %1 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@tiling>) tensor<4x?xf32, #stream_lite.encoding<operand_index = 1, op_type = matmul, element_types = [f32, f32, f32]>>{%d} : index
  // CHECK: tensor<?x?xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>]>>{%{{.+}}, %{{.+}}}
  %2 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@tiling>) tensor<?x?xf32, #stream_lite.encoding<operand_index = 2, op_type = matmul, element_types = [f32, f32, f32]>>{%d, %d} : index
  // batch_matmul: the last two dims tile as a matmul's, the batch dim never.
  // CHECK: tensor<?x?x4xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [1, 2], inner_tiles = [8, 2]>]>>{%{{.+}}, %{{.+}}}
  %b0 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@tiling>) tensor<?x?x4xf32, #stream_lite.encoding<operand_index = 0, op_type = batch_matmul, element_types = [f32, f32, f32]>>{%d, %d} : index
  // CHECK: tensor<3x4x?xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [2, 1], inner_tiles = [4, 2], outer_dims_perm = [0, 2, 1]>]>>{%{{.+}}}
  %b1 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@tiling>) tensor<3x4x?xf32, #stream_lite.encoding<operand_index = 1, op_type = batch_matmul, element_types = [f32, f32, f32]>>{%d} : index
  // CHECK: tensor<3x?x?xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [1, 2], inner_tiles = [8, 4]>]>>{%{{.+}}, %{{.+}}}
  %b2 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@tiling>) tensor<3x?x?xf32, #stream_lite.encoding<operand_index = 2, op_type = batch_matmul, element_types = [f32, f32, f32]>>{%d, %d} : index
  // 2048 f16 = 4096 bytes, a multiple of 128 * 4: pad by one more line.
  // CHECK: tensor<?x2048xf16, #stream_lite.layout<[#stream_lite.padding<[0, 64]>]>>
  %3 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@padding>) tensor<?x2048xf16, #stream_lite.padding<[0, ?]>>{%d} : index
  // 16 f16 = 32 bytes < 512: no pad.
  // CHECK: tensor<?x16xf16, #stream_lite.layout<[#stream_lite.padding<[0, 0]>]>>
  %4 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@padding>) tensor<?x16xf16, #stream_lite.padding<[0, ?]>>{%d} : index
  // 1000 f32 = 4000 bytes -> 4096 (a multiple of 512) -> 4224: pad 224 bytes = 56 f32.
  // CHECK: tensor<8x1000xf32, #stream_lite.layout<[#stream_lite.padding<[0, 56]>]>>
  %5 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@padding>) tensor<8x1000xf32, #stream_lite.padding<[0, ?]>> : index
  // CHECK: tensor<4xf32, #stream_lite.layout<[#stream_lite.identity]>>
  %6 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@identity>) tensor<4xf32, #stream_lite.encoding<operand_index = 0, op_type = conv, element_types = [f32, f32, f32]>> : index
  // CHECK: tensor<4xf32, #stream_lite.layout<[#stream_lite.identity]>>
  %7 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@default>) tensor<4xf32, #stream_lite.padding<[?]>> : index
  // CHECK: tensor<?x4xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<123, tensor<?x4xf32>>]>>{%{{.+}}}
  %8 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@special>) tensor<?x4xf32, #stream_lite.testing<>>{%d} : index
  return
}

// -----

// Tests that encodings that need no resolution are left alone: none,
// unrecognized (unknown, another dialect's), and already serialized.

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.unsupported_resolver>])

// CHECK-LABEL: @negative_nothing_to_resolve
func.func @negative_nothing_to_resolve(%sz: index) {
  // CHECK: tensor<4xf32> in
  %0 = stream_lite.tensor.empty on(#stream_lite.affinity<@cpu>) : tensor<4xf32> in !stream_lite.resource<*>{%sz}
  // CHECK: tensor<4xf32, #stream_lite.unknown> in
  %1 = stream_lite.tensor.empty on(#stream_lite.affinity<@cpu>) : tensor<4xf32, #stream_lite.unknown> in !stream_lite.resource<*>{%sz}
  // CHECK: tensor<4xf32, "foreign"> in
  %2 = stream_lite.tensor.empty on(#stream_lite.affinity<@cpu>) : tensor<4xf32, "foreign"> in !stream_lite.resource<*>{%sz}
  // CHECK: tensor<4x8xf32, #stream_lite.padding<[0, 4]>> in
  %3 = stream_lite.tensor.empty on(#stream_lite.affinity<@cpu>) : tensor<4x8xf32, #stream_lite.padding<[0, 4]>> in !stream_lite.resource<*>{%sz}
  // CHECK: tensor<4x8xf32, #stream_lite.layout<[#stream_lite.identity]>> in
  %4 = stream_lite.tensor.empty on(#stream_lite.affinity<@cpu>) : tensor<4x8xf32, #stream_lite.layout<[#stream_lite.identity]>> in !stream_lite.resource<*>{%sz}
  // CHECK: tensor<4xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<1, tensor<4xf32>>]>> in
  %5 = stream_lite.tensor.empty on(#stream_lite.affinity<@cpu>) : tensor<4xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<1, tensor<4xf32>>]>> in !stream_lite.resource<*>{%sz}
  return
}

// -----

// Tests that an affinity naming several devices with several targets gets one
// layout per target (equal layouts deduplicated, in order).

stream_lite.device @a targets([#stream_lite.target<"x", resolver = #stream_lite.specialization_resolver<1>>, #stream_lite.target<"y", resolver = #stream_lite.specialization_resolver<2>>])
stream_lite.device @b targets([#stream_lite.target<"z", resolver = #stream_lite.specialization_resolver<1>>, #stream_lite.target<"w">])

// CHECK-LABEL: @multi_target
func.func @multi_target(%sz: index) {
  // CHECK: tensor<4xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<1, tensor<4xf32>>, #stream_lite.specialized<2, tensor<4xf32>>, #stream_lite.identity]>>
  %0 = stream_lite.tensor.empty on(#stream_lite.affinity<[@a, @b]>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  return
}

// -----

// Tests that ops without on(...) inherit the nearest stream_lite.affinity
// (function over module), and that load/store (not affinity ops) use it too.

module attributes {stream_lite.affinity = #stream_lite.affinity<@m>} {
  stream_lite.device @m targets([#stream_lite.target<"x", resolver = #stream_lite.specialization_resolver<1>>])
  stream_lite.device @f targets([#stream_lite.target<"y", resolver = #stream_lite.specialization_resolver<2>>])

  // CHECK-LABEL: @inherit_module
  func.func @inherit_module(%sz: index) {
    // CHECK: specialized<1, tensor<4xf32>>
    %0 = stream_lite.tensor.empty : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
    return
  }

  // CHECK-LABEL: @inherit_function
  func.func @inherit_function(%st: !stream_lite.resource<staging>, %sz: index) -> f32 attributes {stream_lite.affinity = #stream_lite.affinity<@f>} {
    %c0 = arith.constant 0 : index
    // CHECK: specialized<2, tensor<4xf32>>
    %0 = stream_lite.tensor.empty : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
    // CHECK: stream_lite.tensor.load {{.+}} : tensor<4xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<2, tensor<4xf32>>]>>
    %1 = stream_lite.tensor.load %st[%c0] : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<staging>{%sz} -> f32
    return %1 : f32
  }
}

// -----

// Tests that layouts follow the data: data created on @a keeps @a's layout
// when a transfer moves it to @b and ops on @b fill, update, clone, slice,
// encode, export or dispatch it; what @b creates gets @b's layout.

stream_lite.device @a targets([#stream_lite.target<"x", resolver = #stream_lite.specialization_resolver<1>>])
stream_lite.device @b targets([#stream_lite.target<"y", resolver = #stream_lite.specialization_resolver<2>>])

// CHECK-LABEL: @follow_the_data
func.func @follow_the_data(%sz: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: %[[A:.+]] = stream_lite.tensor.splat on(#stream_lite.affinity<@a>) {{.+}}specialized<1,
  %a = stream_lite.tensor.splat on(#stream_lite.affinity<@a>) %v : f32 -> tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  %t = stream_lite.async.transfer %a : !stream_lite.resource<*>{%sz} from(#stream_lite.affinity<@a>) -> to(#stream_lite.affinity<@b>) !stream_lite.resource<*>{%sz}
  // CHECK: stream_lite.tensor.fill on(#stream_lite.affinity<@b>) {{.+}}specialized<1,
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@b>) %v, %t[%c0 for %c1] : f32 -> tensor<4xf32, #stream_lite.testing<>> in %t as !stream_lite.resource<*>{%sz}
  // CHECK: %[[U:.+]] = stream_lite.tensor.empty on(#stream_lite.affinity<@b>) {{.+}}specialized<2,
  %u = stream_lite.tensor.empty on(#stream_lite.affinity<@b>) : tensor<1xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  // CHECK: stream_lite.tensor.update on(#stream_lite.affinity<@b>) {{.+}} : tensor<1xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<2, tensor<1xf32>>]>> {{.+}} -> tensor<4xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<1, tensor<4xf32>>]>>
  %up = stream_lite.tensor.update on(#stream_lite.affinity<@b>) %u, %f[%c1] : tensor<1xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz} -> tensor<4xf32, #stream_lite.testing<>> in %f as !stream_lite.resource<*>{%sz}
  // A clone's result takes its source's layout.
  // CHECK: stream_lite.tensor.clone on(#stream_lite.affinity<@b>) {{.+}} : tensor<4xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<1, tensor<4xf32>>]>> {{.+}} -> tensor<4xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<1, tensor<4xf32>>]>>
  %k = stream_lite.tensor.clone on(#stream_lite.affinity<@b>) %up : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz} -> tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  // A slice creates its result on its own device.
  // CHECK: stream_lite.tensor.slice on(#stream_lite.affinity<@b>) {{.+}} : tensor<4xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<1, tensor<4xf32>>]>> {{.+}} -> tensor<2xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<2, tensor<2xf32>>]>>
  %c2 = arith.constant 2 : index
  %s = stream_lite.tensor.slice on(#stream_lite.affinity<@b>) %k[%c0 for %c2] : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz} -> tensor<2xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  // CHECK: stream_lite.tensor.encode on(#stream_lite.affinity<@b>) {{.+}} : tensor<4xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<1, tensor<4xf32>>]>> {{.+}} -> tensor<4xf32> in
  %e = stream_lite.tensor.encode on(#stream_lite.affinity<@b>) %k : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz} -> tensor<4xf32> in !stream_lite.resource<*>{%sz}
  return
}

// -----

// Tests that the creator is found through scf.if, scf.for and scf.while
// results and block arguments, cf branches and calls.

stream_lite.device @a targets([#stream_lite.target<"x", resolver = #stream_lite.specialization_resolver<1>>])
stream_lite.device @b targets([#stream_lite.target<"y", resolver = #stream_lite.specialization_resolver<2>>])

func.func private @produce(%sz: index) -> !stream_lite.resource<*> {
  %r = stream_lite.tensor.empty on(#stream_lite.affinity<@a>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  return %r : !stream_lite.resource<*>
}

// CHECK-LABEL: @control_flow
func.func @control_flow(%sz: index, %cond: i1, %n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = call @produce(%sz) : (index) -> !stream_lite.resource<*>
  %y = stream_lite.tensor.empty on(#stream_lite.affinity<@a>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  %if = scf.if %cond -> !stream_lite.resource<*> {
    scf.yield %x : !stream_lite.resource<*>
  } else {
    scf.yield %y : !stream_lite.resource<*>
  }
  // CHECK: scf.for
  // CHECK: stream_lite.tensor.fill on(#stream_lite.affinity<@b>) {{.+}}specialized<1,
  %for = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %if) -> !stream_lite.resource<*> {
    %f = stream_lite.tensor.fill on(#stream_lite.affinity<@b>) %v, %acc[%c0 for %c1] : f32 -> tensor<4xf32, #stream_lite.testing<>> in %acc as !stream_lite.resource<*>{%sz}
    scf.yield %f : !stream_lite.resource<*>
  }
  // CHECK: scf.while
  // CHECK: stream_lite.tensor.fill on(#stream_lite.affinity<@b>) {{.+}}specialized<1,
  %while = scf.while (%w = %for) : (!stream_lite.resource<*>) -> !stream_lite.resource<*> {
    scf.condition(%cond) %w : !stream_lite.resource<*>
  } do {
  ^bb0(%w2: !stream_lite.resource<*>):
    %f = stream_lite.tensor.fill on(#stream_lite.affinity<@b>) %v, %w2[%c0 for %c1] : f32 -> tensor<4xf32, #stream_lite.testing<>> in %w2 as !stream_lite.resource<*>{%sz}
    scf.yield %f : !stream_lite.resource<*>
  }
  cf.br ^bb1(%while : !stream_lite.resource<*>)
// CHECK: ^bb1
^bb1(%arg: !stream_lite.resource<*>):
  // CHECK: stream_lite.tensor.clone on(#stream_lite.affinity<@b>) {{.+}}specialized<1,
  %k = stream_lite.tensor.clone on(#stream_lite.affinity<@b>) %arg : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz} -> tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  return
}

// CHECK-LABEL: @public_argument
// A resource with no visible creator resolves with the mentioning op's affinity.
func.func @public_argument(%r: !stream_lite.resource<*>, %sz: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: stream_lite.tensor.fill on(#stream_lite.affinity<@b>) {{.+}}specialized<2,
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@b>) %v, %r[%c0 for %c1] : f32 -> tensor<4xf32, #stream_lite.testing<>> in %r as !stream_lite.resource<*>{%sz}
  return
}

// -----

// Tests that dispatches from devices with different layouts get their own
// executable copies with rewritten binding types, that devices with equal
// resolvers share one, and that operands keep their creator's layout.

stream_lite.device @a targets([#stream_lite.target<"x", resolver = #stream_lite.specialization_resolver<1>>])
stream_lite.device @a2 targets([#stream_lite.target<"x2", resolver = #stream_lite.specialization_resolver<1>>])
stream_lite.device @b targets([#stream_lite.target<"y", resolver = #stream_lite.specialization_resolver<2>>])

// CHECK: stream_lite.executable private @ex {
// CHECK: stream_lite.binding.subspan {{.+}} -> tensor<4xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<1, tensor<4xf32>>]>> in
// CHECK: stream_lite.binding.subspan {{.+}} -> tensor<4xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<1, tensor<4xf32>>]>> in
// CHECK: stream_lite.executable private @ex_dup0 {
// CHECK: stream_lite.binding.subspan {{.+}} -> tensor<4xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<1, tensor<4xf32>>]>> in
// CHECK: stream_lite.binding.subspan {{.+}} -> tensor<4xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<2, tensor<4xf32>>]>> in
// CHECK-NOT: @ex_dup1
stream_lite.executable private @ex {
  stream_lite.executable.export public @entry
  builtin.module {
    func.func @entry(%in: !stream_lite.binding, %n: index, %out: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %0 = stream_lite.binding.subspan %in[%c0] : !stream_lite.binding -> tensor<4xf32, #stream_lite.testing<>> in memref<?xi8>
      %1 = stream_lite.binding.subspan %out[%c0] : !stream_lite.binding -> tensor<4xf32, #stream_lite.testing<>> in memref<?xi8>
      return
    }
  }
}

// CHECK-LABEL: @dispatch_duplication
func.func @dispatch_duplication(%sz: index) {
  %c4 = arith.constant 4 : index
  %x = stream_lite.tensor.empty on(#stream_lite.affinity<@a>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  // CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@a>) @ex::@entry
  %0 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@a>) @ex::@entry(%x, %c4) : (tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}, index) -> tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  // CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@a2>) @ex::@entry
  %1 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@a2>) @ex::@entry(%x, %c4) : (tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}, index) -> tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  %t = stream_lite.async.transfer %x : !stream_lite.resource<*>{%sz} from(#stream_lite.affinity<@a>) -> to(#stream_lite.affinity<@b>) !stream_lite.resource<*>{%sz}
  // CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@b>) @ex_dup0::@entry({{.+}}) : (tensor<4xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<1, tensor<4xf32>>]>> {{.+}}, index) -> tensor<4xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<2, tensor<4xf32>>]>>
  %2 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@b>) @ex::@entry(%t, %c4) : (tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}, index) -> tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  return
}

// -----

// Tests that a dispatch whose bindings are all dense keeps an executable
// with dense views when another dispatch of the same export binds a
// layout, before it or after it: each list gets its own executable.

stream_lite.device @dense targets([#stream_lite.target<"llvm-cpu">])
stream_lite.device @tiles targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 4, n = 4, k = 4>>])

// CHECK-LABEL: stream_lite.executable private @dense_first {
// CHECK: stream_lite.binding.subspan {{.+}} -> !stream_lite.dispatch.tensor<readonly:tensor<8x4xf32>>
// CHECK-LABEL: stream_lite.executable private @dense_first_dup0 {
// CHECK: stream_lite.binding.subspan {{.+}} -> !stream_lite.dispatch.tensor<readonly:tensor<8x4xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>]>>>
stream_lite.executable private @dense_first {
  stream_lite.executable.export public @k
  builtin.module {
    func.func @k(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<8x4xf32>>
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<8x4xf32>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [8, 4], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<8x4xf32>> -> tensor<8x4xf32>
      stream_lite.dispatch.tensor.store %x, %ov, offsets = [0, 0], sizes = [8, 4], strides = [1, 1] : tensor<8x4xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<8x4xf32>>
      return
    }
  }
}

// The other order: the copy for the dense list is made before the
// executable takes the first list's layout, so its views stay dense.
// CHECK-LABEL: stream_lite.executable private @tiled_first {
// CHECK: stream_lite.binding.subspan {{.+}} -> !stream_lite.dispatch.tensor<readonly:tensor<8x4xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>]>>>
// CHECK-LABEL: stream_lite.executable private @tiled_first_dup0 {
// CHECK: stream_lite.binding.subspan {{.+}} -> !stream_lite.dispatch.tensor<readonly:tensor<8x4xf32>>
stream_lite.executable private @tiled_first {
  stream_lite.executable.export public @k
  builtin.module {
    func.func @k(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<8x4xf32>>
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<8x4xf32>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [8, 4], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<8x4xf32>> -> tensor<8x4xf32>
      stream_lite.dispatch.tensor.store %x, %ov, offsets = [0, 0], sizes = [8, 4], strides = [1, 1] : tensor<8x4xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<8x4xf32>>
      return
    }
  }
}

// CHECK-LABEL: @dense_then_tiled
// CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@dense>) @dense_first::@k
// CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@tiles>) @dense_first_dup0::@k
// CHECK-LABEL: @tiled_then_dense
// CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@tiles>) @tiled_first::@k
// CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@dense>) @tiled_first_dup0::@k
func.func @dense_then_tiled(%x: !stream_lite.resource<*>, %sz: index, %tsz: index) {
  %0 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@dense>) @dense_first::@k(%x) : (tensor<8x4xf32> in !stream_lite.resource<*>{%sz}) -> tensor<8x4xf32> in !stream_lite.resource<*>{%sz}
  %t = stream_lite.tensor.encode on(#stream_lite.affinity<@tiles>) %0 : tensor<8x4xf32> in !stream_lite.resource<*>{%sz} -> tensor<8x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>> in !stream_lite.resource<*>{%tsz}
  %1 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@tiles>) @dense_first::@k(%t) : (tensor<8x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>> in !stream_lite.resource<*>{%tsz}) -> tensor<8x4xf32> in !stream_lite.resource<*>{%sz}
  return
}
func.func @tiled_then_dense(%x: !stream_lite.resource<*>, %sz: index, %tsz: index) {
  %t = stream_lite.tensor.encode on(#stream_lite.affinity<@tiles>) %x : tensor<8x4xf32> in !stream_lite.resource<*>{%sz} -> tensor<8x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>> in !stream_lite.resource<*>{%tsz}
  %0 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@tiles>) @tiled_first::@k(%t) : (tensor<8x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>> in !stream_lite.resource<*>{%tsz}) -> tensor<8x4xf32> in !stream_lite.resource<*>{%sz}
  %1 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@dense>) @tiled_first::@k(%0) : (tensor<8x4xf32> in !stream_lite.resource<*>{%sz}) -> tensor<8x4xf32> in !stream_lite.resource<*>{%sz}
  return
}

// -----

// An executable of several exports: the copy made for one export's second
// layout list holds that export only, its kernel and what the kernel
// calls (transitively), and the inner module's other ops; the original
// keeps every export.

stream_lite.device @a targets([#stream_lite.target<"x", resolver = #stream_lite.specialization_resolver<1>>])
stream_lite.device @b targets([#stream_lite.target<"y", resolver = #stream_lite.specialization_resolver<2>>])

// CHECK-LABEL: stream_lite.executable private @multi {
// CHECK-NEXT:    stream_lite.executable.export public @first
// CHECK-NEXT:    stream_lite.executable.export public @second
// CHECK-NEXT:    stream_lite.executable.export public @renamed as(@first_kernel)
// CHECK:         func.func @first_kernel(
// CHECK:         func.func private @helper(
// CHECK:         func.func private @helper_of_helper(
// CHECK:         func.func @second(
// CHECK:         func.func @unrelated(
// CHECK-LABEL: stream_lite.executable private @multi_dup0 {
// CHECK-NEXT:    stream_lite.executable.export public @renamed as(@first_kernel)
// CHECK-NEXT:    builtin.module attributes {test.kept} {
// CHECK-NEXT:      memref.global "private" constant @table
// CHECK-NEXT:      func.func @first_kernel(
// CHECK:           specialized<2,
// CHECK:           call @helper()
// CHECK:         func.func private @helper(
// CHECK:           call @helper_of_helper()
// CHECK:         func.func private @helper_of_helper(
// CHECK-NOT:     func.func
// CHECK:       }
// CHECK-NOT:   @multi_dup1
stream_lite.executable private @multi {
  stream_lite.executable.export public @first
  stream_lite.executable.export public @second
  stream_lite.executable.export public @renamed as(@first_kernel)
  builtin.module attributes {test.kept} {
    memref.global "private" constant @table : memref<2xi32> = dense<[1, 2]>
    func.func @first_kernel(%in: !stream_lite.binding, %out: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %0 = stream_lite.binding.subspan %in[%c0] : !stream_lite.binding -> tensor<4xf32, #stream_lite.testing<>> in memref<?xi8>
      %1 = stream_lite.binding.subspan %out[%c0] : !stream_lite.binding -> tensor<4xf32, #stream_lite.testing<>> in memref<?xi8>
      func.call @helper() : () -> ()
      return
    }
    func.func private @helper() {
      func.call @helper_of_helper() : () -> ()
      return
    }
    func.func private @helper_of_helper() {
      return
    }
    func.func @second(%in: !stream_lite.binding, %out: !stream_lite.binding) {
      return
    }
    func.func @unrelated() {
      return
    }
  }
}

// CHECK-LABEL: @one_export_of_several
func.func @one_export_of_several(%sz: index) {
  %x = stream_lite.tensor.empty on(#stream_lite.affinity<@a>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  // CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@a>) @multi::@renamed(
  %0 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@a>) @multi::@renamed(%x) : (tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}) -> tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  // CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@b>) @multi_dup0::@renamed(
  %1 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@b>) @multi::@renamed(%x) : (tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}) -> tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  return
}

// -----

// Tests more paths to a creator: cf loops (a back edge feeds the block
// argument), recursive calls, a dispatch's tied result, and a call whose
// callee returns from several blocks.

stream_lite.device @a targets([#stream_lite.target<"x", resolver = #stream_lite.specialization_resolver<1>>])
stream_lite.device @b targets([#stream_lite.target<"y", resolver = #stream_lite.specialization_resolver<2>>])

// CHECK-LABEL: @cf_loop
func.func @cf_loop(%sz: index, %v: f32, %cond: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = stream_lite.tensor.empty on(#stream_lite.affinity<@a>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  cf.br ^loop(%x : !stream_lite.resource<*>)
^loop(%r: !stream_lite.resource<*>):
  // CHECK: stream_lite.tensor.fill on(#stream_lite.affinity<@b>) {{.+}}specialized<1,
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@b>) %v, %r[%c0 for %c1] : f32 -> tensor<4xf32, #stream_lite.testing<>> in %r as !stream_lite.resource<*>{%sz}
  cf.cond_br %cond, ^loop(%f : !stream_lite.resource<*>), ^exit(%f : !stream_lite.resource<*>)
^exit(%e: !stream_lite.resource<*>):
  // CHECK: stream_lite.tensor.clone on(#stream_lite.affinity<@b>) {{.+}}specialized<1,{{.+}}specialized<1,
  %k = stream_lite.tensor.clone on(#stream_lite.affinity<@b>) %e : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz} -> tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  return
}

// The data comes from @a through the recursion too.
// CHECK-LABEL: @recursive
func.func private @recursive(%r: !stream_lite.resource<*>, %sz: index, %v: f32, %cond: i1) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: stream_lite.tensor.fill on(#stream_lite.affinity<@b>) {{.+}}specialized<1,
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@b>) %v, %r[%c0 for %c1] : f32 -> tensor<4xf32, #stream_lite.testing<>> in %r as !stream_lite.resource<*>{%sz}
  %res = scf.if %cond -> !stream_lite.resource<*> {
    %inner = func.call @recursive(%f, %sz, %v, %cond) : (!stream_lite.resource<*>, index, f32, i1) -> !stream_lite.resource<*>
    scf.yield %inner : !stream_lite.resource<*>
  } else {
    scf.yield %f : !stream_lite.resource<*>
  }
  return %res : !stream_lite.resource<*>
}

// CHECK-LABEL: @call_recursive
func.func @call_recursive(%sz: index, %v: f32, %cond: i1) {
  %x = stream_lite.tensor.empty on(#stream_lite.affinity<@a>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  %y = func.call @recursive(%x, %sz, %v, %cond) : (!stream_lite.resource<*>, index, f32, i1) -> !stream_lite.resource<*>
  // CHECK: stream_lite.tensor.clone on(#stream_lite.affinity<@b>) {{.+}}specialized<1,
  %k = stream_lite.tensor.clone on(#stream_lite.affinity<@b>) %y : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz} -> tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  return
}

func.func private @returns_twice(%cond: i1, %sz: index) -> !stream_lite.resource<*> {
  cf.cond_br %cond, ^first, ^second
^first:
  %x = stream_lite.tensor.empty on(#stream_lite.affinity<@a>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  return %x : !stream_lite.resource<*>
^second:
  %v = arith.constant 1.0 : f32
  %y = stream_lite.tensor.splat on(#stream_lite.affinity<@a>) %v : f32 -> tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  return %y : !stream_lite.resource<*>
}

// CHECK-LABEL: @tied_dispatch_and_returns
func.func @tied_dispatch_and_returns(%cond: i1, %sz: index) {
  %c4 = arith.constant 4 : index
  %r = func.call @returns_twice(%cond, %sz) : (i1, index) -> !stream_lite.resource<*>
  // CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@b>) @ex::@entry({{.+}}) : (tensor<4xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<1, tensor<4xf32>>]>> {{.+}}) -> tensor<4xf32, #stream_lite.testing<layouts = [#stream_lite.specialized<1, tensor<4xf32>>]>> in
  %d = stream_lite.tensor.dispatch on(#stream_lite.affinity<@b>) @ex::@entry(%r, %c4) : (tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}, index) -> tensor<4xf32, #stream_lite.testing<>> in %r as !stream_lite.resource<*>{%sz}
  // CHECK: stream_lite.tensor.clone on(#stream_lite.affinity<@b>) {{.+}}specialized<1,
  %k = stream_lite.tensor.clone on(#stream_lite.affinity<@b>) %d : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz} -> tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  return
}

stream_lite.executable private @ex {
  stream_lite.executable.export public @entry
  builtin.module {
    func.func @entry(%in: !stream_lite.binding, %n: index) {
      return
    }
  }
}

// -----

// Tests resources without a visible creator: the result of an op the
// analysis does not know (async.alloca here), the argument of a public
// function even when a caller in the module passes data created elsewhere,
// and data created in code that never runs (a private function nobody
// calls, a block nothing branches to; the analysis skips dead code like
// MLIR's DeadCodeAnalysis): all resolve with the mentioning op's affinity.

stream_lite.device @a targets([#stream_lite.target<"x", resolver = #stream_lite.specialization_resolver<1>>])
stream_lite.device @b targets([#stream_lite.target<"y", resolver = #stream_lite.specialization_resolver<2>>])

// CHECK-LABEL: @unknown_op
func.func @unknown_op(%sz: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %u = stream_lite.async.alloca on(#stream_lite.affinity<@a>) : !stream_lite.resource<*>{%sz}
  // CHECK: stream_lite.tensor.fill on(#stream_lite.affinity<@b>) {{.+}}specialized<2,
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@b>) %v, %u[%c0 for %c1] : f32 -> tensor<4xf32, #stream_lite.testing<>> in %u as !stream_lite.resource<*>{%sz}
  return
}

// CHECK-LABEL: @public_callee
func.func @public_callee(%r: !stream_lite.resource<*>, %sz: index, %v: f32) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: stream_lite.tensor.fill on(#stream_lite.affinity<@b>) {{.+}}specialized<2,
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@b>) %v, %r[%c0 for %c1] : f32 -> tensor<4xf32, #stream_lite.testing<>> in %r as !stream_lite.resource<*>{%sz}
  %e = stream_lite.tensor.empty on(#stream_lite.affinity<@a>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  return %e : !stream_lite.resource<*>
}

// CHECK-LABEL: @call_public
func.func @call_public(%sz: index, %v: f32) {
  %x = stream_lite.tensor.empty on(#stream_lite.affinity<@a>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  // The results of a public function called here come from its returns.
  %y = func.call @public_callee(%x, %sz, %v) : (!stream_lite.resource<*>, index, f32) -> !stream_lite.resource<*>
  // CHECK: stream_lite.tensor.clone on(#stream_lite.affinity<@b>) {{.+}}specialized<1,
  %k = stream_lite.tensor.clone on(#stream_lite.affinity<@b>) %y : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz} -> tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  return
}

// A private function named other than by a call may be called from
// anywhere: its arguments have no visible creator either.
// CHECK-LABEL: @named_private
func.func private @named_private(%r: !stream_lite.resource<*>, %sz: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: stream_lite.tensor.fill on(#stream_lite.affinity<@b>) {{.+}}specialized<2,
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@b>) %v, %r[%c0 for %c1] : f32 -> tensor<4xf32, #stream_lite.testing<>> in %r as !stream_lite.resource<*>{%sz}
  return
}

// CHECK-LABEL: @names_private
func.func @names_private(%sz: index, %v: f32) attributes {test.callback = @named_private} {
  %x = stream_lite.tensor.empty on(#stream_lite.affinity<@a>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  func.call @named_private(%x, %sz, %v) : (!stream_lite.resource<*>, index, f32) -> ()
  return
}

// CHECK-LABEL: @never_called
func.func private @never_called(%sz: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: stream_lite.tensor.empty on(#stream_lite.affinity<@a>) {{.+}}specialized<1,
  %x = stream_lite.tensor.empty on(#stream_lite.affinity<@a>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  // CHECK: stream_lite.tensor.fill on(#stream_lite.affinity<@b>) {{.+}}specialized<2,
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@b>) %v, %x[%c0 for %c1] : f32 -> tensor<4xf32, #stream_lite.testing<>> in %x as !stream_lite.resource<*>{%sz}
  return
}

// CHECK-LABEL: @unreachable_block
func.func @unreachable_block(%sz: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = stream_lite.tensor.empty on(#stream_lite.affinity<@a>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  return
^dead:
  // Data created in live code keeps its creator's layout here.
  // CHECK: stream_lite.tensor.fill on(#stream_lite.affinity<@b>) {{.+}}specialized<1,
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@b>) %v, %x[%c0 for %c1] : f32 -> tensor<4xf32, #stream_lite.testing<>> in %x as !stream_lite.resource<*>{%sz}
  %y = stream_lite.tensor.empty on(#stream_lite.affinity<@a>) : tensor<4xf32, #stream_lite.testing<>> in !stream_lite.resource<*>{%sz}
  // CHECK: stream_lite.tensor.fill on(#stream_lite.affinity<@b>) {{.+}}specialized<2,
  %g = stream_lite.tensor.fill on(#stream_lite.affinity<@b>) %v, %y[%c0 for %c1] : f32 -> tensor<4xf32, #stream_lite.testing<>> in %y as !stream_lite.resource<*>{%sz}
  return
}

// -----

// A padding resolver whose set span (C * S) is past int64 pads no row.
stream_lite.device @huge_sets targets([#stream_lite.target<"rocm", resolver = #stream_lite.padding_resolver<cache_line_bytes = 4294967296, cache_sets = 4294967296>>])
// CHECK-LABEL: @padding_set_span_past_int64
func.func @padding_set_span_past_int64() -> index {
  // CHECK: stream_lite.tensor.sizeof on(#stream_lite.affinity<@huge_sets>) tensor<3x5xf32, #stream_lite.layout<[#stream_lite.padding<[0, 0]>]>>
  %sz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@huge_sets>) tensor<3x5xf32, #stream_lite.padding<[0, ?]>> : index
  return %sz : index
}
