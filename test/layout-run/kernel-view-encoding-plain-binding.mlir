// RUN: layout-run %s --input=3x4xf32=0,1,2,3,4,5,6,7,8,9,10,11 --input=3x4xf32=1,1,1,1,1,1,1,1,1,1,1,1 --input=index=3 --compare-to-reference --check-padding | FileCheck %s
// RUN: layout-opt %s --stream-lite-specialize-encodings | FileCheck %s --check-prefix=VIEWS

// The kernel of the contract's example names `#lhs` in its views of %a and
// %o. Dispatched on @tiles with `#lhs` tensors, its views take the tiled
// layout; dispatched on @plain with plain tensors (no encoding), its copy's
// views are plain rows. Both results match the reference.
// CHECK: 3x4xf32=1 2 3 4 5 6 7 8 9 10 11 12
// VIEWS-LABEL: stream_lite.executable private @ex {
// VIEWS: readonly:tensor<?x4xf32, #stream_lite.layout<[#stream_lite.tiled
// VIEWS-LABEL: stream_lite.executable private @ex_dup0 {
// VIEWS: readonly:tensor<?x4xf32>>
// VIEWS: readonly:tensor<?x4xf32>>
// VIEWS: writeonly:tensor<?x4xf32>>

#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @tiles targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 4, n = 4, k = 4>>])
stream_lite.device @plain targets([#stream_lite.target<"llvm-cpu">])
stream_lite.executable private @ex {
  stream_lite.executable.export public @add
  builtin.module {
    func.func @add(%a: !stream_lite.binding, %b: !stream_lite.binding, %o: !stream_lite.binding, %n: index) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?x4xf32, #lhs>>{%n}
      %bv = stream_lite.binding.subspan %b[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?x4xf32>>{%n}
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<?x4xf32, #lhs>>{%n}
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [%n, 4], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<?x4xf32, #lhs>>{%n} -> tensor<?x4xf32>
      %y = stream_lite.dispatch.tensor.load %bv, offsets = [0, 0], sizes = [%n, 4], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<?x4xf32>>{%n} -> tensor<?x4xf32>
      %e = tensor.empty(%n) : tensor<?x4xf32>
      %s = linalg.add ins(%x, %y : tensor<?x4xf32>, tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
      stream_lite.dispatch.tensor.store %s, %ov, offsets = [0, 0], sizes = [%n, 4], strides = [1, 1] : tensor<?x4xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<?x4xf32, #lhs>>{%n}
      return
    }
  }
}
func.func @main(%x: tensor<?x4xf32>, %y: tensor<?x4xf32>, %n: index) -> tensor<?x4xf32> {
  %sz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@tiles>) tensor<?x4xf32>{%n} : index
  %xi = stream_lite.tensor.import on(#stream_lite.affinity<@tiles>) %x : tensor<?x4xf32> -> tensor<?x4xf32>{%n} in !stream_lite.resource<external>{%sz}
  %yi = stream_lite.tensor.import on(#stream_lite.affinity<@tiles>) %y : tensor<?x4xf32> -> tensor<?x4xf32>{%n} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@tiles>) tensor<?x4xf32, #lhs>{%n} : index
  %xt = stream_lite.tensor.encode on(#stream_lite.affinity<@tiles>) %xi : tensor<?x4xf32>{%n} in !stream_lite.resource<external>{%sz} -> tensor<?x4xf32, #lhs>{%n} in !stream_lite.resource<*>{%tsz}
  %s = stream_lite.tensor.dispatch on(#stream_lite.affinity<@tiles>) @ex::@add(%xt, %yi, %n) : (tensor<?x4xf32, #lhs>{%n} in !stream_lite.resource<*>{%tsz}, tensor<?x4xf32>{%n} in !stream_lite.resource<external>{%sz}, index) -> tensor<?x4xf32, #lhs>{%n} in !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode on(#stream_lite.affinity<@tiles>) %s : tensor<?x4xf32, #lhs>{%n} in !stream_lite.resource<*>{%tsz} -> tensor<?x4xf32>{%n} in !stream_lite.resource<*>{%sz}
  %t = stream_lite.async.transfer %d : !stream_lite.resource<*>{%sz} from(#stream_lite.affinity<@tiles>) -> to(#stream_lite.affinity<@plain>) !stream_lite.resource<*>{%sz}
  %c0f = arith.constant 0.0 : f32
  %zero = stream_lite.tensor.sizeof on(#stream_lite.affinity<@plain>) tensor<?x4xf32>{%n} : index
  %z = stream_lite.tensor.splat on(#stream_lite.affinity<@plain>) %c0f : f32 -> tensor<?x4xf32>{%n} in !stream_lite.resource<*>{%zero}
  %r = stream_lite.tensor.dispatch on(#stream_lite.affinity<@plain>) @ex::@add(%t, %z, %n) : (tensor<?x4xf32>{%n} in !stream_lite.resource<*>{%sz}, tensor<?x4xf32>{%n} in !stream_lite.resource<*>{%zero}, index) -> tensor<?x4xf32>{%n} in !stream_lite.resource<external>{%sz}
  %out = stream_lite.tensor.export on(#stream_lite.affinity<@plain>) %r : tensor<?x4xf32>{%n} in !stream_lite.resource<external>{%sz} -> tensor<?x4xf32>
  return %out : tensor<?x4xf32>
}
