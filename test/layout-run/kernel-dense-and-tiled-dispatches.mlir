// RUN: layout-run %s --input=3x5xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=3 --compare-to-reference --check-padding | FileCheck %s
// RUN: layout-run %s --input=5x5xf32=1 --input=index=5 --compare-to-reference --check-padding | FileCheck %s --check-prefix=FIVE
// RUN: layout-run %s --function=tiled_first --input=3x5xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=3 --compare-to-reference --check-padding | FileCheck %s

// One kernel dispatched twice: on a device without layouts (its input
// dense) and, after a relayout, on a device that tiles (its input tiled),
// in that order (@main) or the other (@tiled_first). Each dispatch runs a
// copy of the kernel that reads its own input's layout.
// CHECK: 3x5xf32=0 4 8 12 16 20 24 28 32 36 40 44 48 52 56
// FIVE: 5x5xf32=4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4
#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @a targets([#stream_lite.target<"llvm-cpu">])
stream_lite.device @b targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 4, n = 4, k = 4>>])
stream_lite.executable private @ex {
  stream_lite.executable.export public @k
  builtin.module {
    func.func @k(%a: !stream_lite.binding, %n: index, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?x5xf32>>{%n}
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xf32>>{%n}
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [%n, 5], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<?x5xf32>>{%n} -> tensor<?x5xf32>
      %y = arith.addf %x, %x : tensor<?x5xf32>
      stream_lite.dispatch.tensor.store %y, %ov, offsets = [0, 0], sizes = [%n, 5], strides = [1, 1] : tensor<?x5xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xf32>>{%n}
      return
    }
  }
}
func.func @main(%arg: tensor<?x5xf32>, %n: index) -> tensor<?x5xf32> {
  %sz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@a>) tensor<?x5xf32>{%n} : index
  %i = stream_lite.tensor.import on(#stream_lite.affinity<@a>) %arg : tensor<?x5xf32> -> tensor<?x5xf32>{%n} in !stream_lite.resource<external>{%sz}
  %o = stream_lite.tensor.dispatch on(#stream_lite.affinity<@a>) @ex::@k(%i, %n) : (tensor<?x5xf32>{%n} in !stream_lite.resource<external>{%sz}, index) -> tensor<?x5xf32>{%n} in !stream_lite.resource<*>{%sz}
  %t = stream_lite.async.transfer %o : !stream_lite.resource<*>{%sz} from(#stream_lite.affinity<@a>) -> to(#stream_lite.affinity<@b>) !stream_lite.resource<*>{%sz}
  %tsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@b>) tensor<?x5xf32, #lhs>{%n} : index
  %e = stream_lite.tensor.encode on(#stream_lite.affinity<@b>) %t : tensor<?x5xf32>{%n} in !stream_lite.resource<*>{%sz} -> tensor<?x5xf32, #lhs>{%n} in !stream_lite.resource<*>{%tsz}
  %u = stream_lite.tensor.dispatch on(#stream_lite.affinity<@b>) @ex::@k(%e, %n) : (tensor<?x5xf32, #lhs>{%n} in !stream_lite.resource<*>{%tsz}, index) -> tensor<?x5xf32>{%n} in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export on(#stream_lite.affinity<@b>) %u : tensor<?x5xf32>{%n} in !stream_lite.resource<external>{%sz} -> tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}
func.func @tiled_first(%arg: tensor<?x5xf32>, %n: index) -> tensor<?x5xf32> {
  %sz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@b>) tensor<?x5xf32>{%n} : index
  %i = stream_lite.tensor.import on(#stream_lite.affinity<@b>) %arg : tensor<?x5xf32> -> tensor<?x5xf32>{%n} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@b>) tensor<?x5xf32, #lhs>{%n} : index
  %e = stream_lite.tensor.encode on(#stream_lite.affinity<@b>) %i : tensor<?x5xf32>{%n} in !stream_lite.resource<external>{%sz} -> tensor<?x5xf32, #lhs>{%n} in !stream_lite.resource<*>{%tsz}
  %u = stream_lite.tensor.dispatch on(#stream_lite.affinity<@b>) @ex::@k(%e, %n) : (tensor<?x5xf32, #lhs>{%n} in !stream_lite.resource<*>{%tsz}, index) -> tensor<?x5xf32>{%n} in !stream_lite.resource<*>{%sz}
  %t = stream_lite.async.transfer %u : !stream_lite.resource<*>{%sz} from(#stream_lite.affinity<@b>) -> to(#stream_lite.affinity<@a>) !stream_lite.resource<*>{%sz}
  %o = stream_lite.tensor.dispatch on(#stream_lite.affinity<@a>) @ex::@k(%t, %n) : (tensor<?x5xf32>{%n} in !stream_lite.resource<*>{%sz}, index) -> tensor<?x5xf32>{%n} in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export on(#stream_lite.affinity<@a>) %o : tensor<?x5xf32>{%n} in !stream_lite.resource<external>{%sz} -> tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}
