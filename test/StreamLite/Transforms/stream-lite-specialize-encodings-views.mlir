// RUN: layout-opt --stream-lite-specialize-encodings %s | FileCheck %s
// RUN: layout-opt --stream-lite-strip-encodings %s | FileCheck %s --check-prefix=STRIP

// Logical views of bindings follow their dispatches' layouts as byte views
// do: one executable per binding-layout list, each view (and a loaded type
// that repeats the view's encoding, IREE's form) rewritten. Kernels may take
// their bindings first and scalars after them (IREE's order) or in the
// dispatch's operand order. strip-encodings drops every view's encoding.

#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 2, n = 3, k = 2>>])
stream_lite.device @gpu targets([#stream_lite.target<"rocm", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 4>>])

// CHECK-LABEL: stream_lite.executable private @ex
// CHECK: func.func @copy(%{{.+}}: !stream_lite.binding, %{{.+}}: !stream_lite.binding, %[[N:.+]]: index)
// CHECK: stream_lite.binding.subspan {{.+}} -> !stream_lite.dispatch.tensor<readonly:tensor<?x5xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>>>{%[[N]]}
// CHECK: stream_lite.binding.subspan {{.+}} -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>>>{%[[N]]}
// CHECK: stream_lite.dispatch.tensor.load {{.+}} -> tensor<?x5xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>>
// CHECK-LABEL: stream_lite.executable private @ex_dup0
// CHECK: stream_lite.binding.subspan {{.+}} -> !stream_lite.dispatch.tensor<readonly:tensor<?x5xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>]>>>{%{{.+}}}
// CHECK: stream_lite.dispatch.tensor.load {{.+}} -> tensor<?x5xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>]>>
// STRIP-LABEL: stream_lite.executable private @ex
// STRIP: stream_lite.binding.subspan {{.+}} -> !stream_lite.dispatch.tensor<readonly:tensor<?x5xf32>>{%{{.+}}}
// STRIP: stream_lite.dispatch.tensor.load {{.+}} -> tensor<?x5xf32>
// STRIP: stream_lite.dispatch.tensor.store {{.+}} : tensor<?x5xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xf32>>{%{{.+}}}
// STRIP-NOT: #stream_lite.encoding
stream_lite.executable private @ex {
  stream_lite.executable.export public @copy
  builtin.module {
    func.func @copy(%a: !stream_lite.binding, %o: !stream_lite.binding, %n: index) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?x5xf32, #lhs>>{%n}
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xf32, #lhs>>{%n}
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [%n, 5], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<?x5xf32, #lhs>>{%n} -> tensor<?x5xf32, #lhs>
      stream_lite.dispatch.tensor.store %x, %ov, offsets = [0, 0], sizes = [%n, 5], strides = [1, 1] : tensor<?x5xf32, #lhs> -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xf32, #lhs>>{%n}
      return
    }
  }
}

// CHECK-LABEL: func.func @main
// CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@cpu>) @ex::@copy
// CHECK: stream_lite.tensor.dispatch on(#stream_lite.affinity<@gpu>) @ex_dup0::@copy
func.func @main(%c: !stream_lite.resource<*>, %g: !stream_lite.resource<*>, %n: index, %cs: index, %gs: index, %ds: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) {
  %0 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@cpu>) @ex::@copy(%c, %n) : (tensor<?x5xf32, #lhs>{%n} in !stream_lite.resource<*>{%cs}, index) -> tensor<?x5xf32, #lhs>{%n} in !stream_lite.resource<*>{%ds}
  %1 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@gpu>) @ex::@copy(%g, %n) : (tensor<?x5xf32, #lhs>{%n} in !stream_lite.resource<*>{%gs}, index) -> tensor<?x5xf32, #lhs>{%n} in !stream_lite.resource<*>{%ds}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}
