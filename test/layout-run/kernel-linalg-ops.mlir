// RUN: layout-run %s --function=run_matmul --input=4x6xf32=0.0,0.5,1.0,1.5,2.0,2.5,3.0,3.5,4.0,4.5,5.0,5.5,6.0,6.5,7.0,7.5,8.0,8.5,9.0,9.5,10.0,10.5,11.0,11.5 --compare-to-reference --check-padding > %t.matmul
// RUN: %python %S/Inputs/check_linalg.py matmul %t.matmul
// RUN: layout-run %s --function=run_reduce --input=4x6xf32=0.0,0.5,1.0,1.5,2.0,2.5,3.0,3.5,4.0,4.5,5.0,5.5,6.0,6.5,7.0,7.5,8.0,8.5,9.0,9.5,10.0,10.5,11.0,11.5 --compare-to-reference --check-padding > %t.reduce
// RUN: %python %S/Inputs/check_linalg.py reduce %t.reduce
// RUN: layout-run %s --function=run_softmax --input=4x6xf32=0.0,0.5,1.0,1.5,2.0,2.5,3.0,3.5,4.0,4.5,5.0,5.5,6.0,6.5,7.0,7.5,8.0,8.5,9.0,9.5,10.0,10.5,11.0,11.5 --compare-to-reference --check-padding > %t.softmax
// RUN: %python %S/Inputs/check_linalg.py softmax %t.softmax
// RUN: layout-run %s --function=run_conv --input=4x6xf32=0.0,0.5,1.0,1.5,2.0,2.5,3.0,3.5,4.0,4.5,5.0,5.5,6.0,6.5,7.0,7.5,8.0,8.5,9.0,9.5,10.0,10.5,11.0,11.5 --compare-to-reference --check-padding > %t.conv
// RUN: %python %S/Inputs/check_linalg.py conv %t.conv
// RUN: layout-run %s --function=run_pad --input=4x6xf32=0.0,0.5,1.0,1.5,2.0,2.5,3.0,3.5,4.0,4.5,5.0,5.5,6.0,6.5,7.0,7.5,8.0,8.5,9.0,9.5,10.0,10.5,11.0,11.5 --compare-to-reference --check-padding > %t.pad
// RUN: %python %S/Inputs/check_linalg.py pad %t.pad
// RUN: layout-run %s --function=run_concat --input=4x6xf32=0.0,0.5,1.0,1.5,2.0,2.5,3.0,3.5,4.0,4.5,5.0,5.5,6.0,6.5,7.0,7.5,8.0,8.5,9.0,9.5,10.0,10.5,11.0,11.5 --compare-to-reference --check-padding > %t.concat
// RUN: %python %S/Inputs/check_linalg.py concat %t.concat
// RUN: layout-run %s --function=run_generate --input=4x6xf32=0.0,0.5,1.0,1.5,2.0,2.5,3.0,3.5,4.0,4.5,5.0,5.5,6.0,6.5,7.0,7.5,8.0,8.5,9.0,9.5,10.0,10.5,11.0,11.5 --compare-to-reference --check-padding > %t.generate
// RUN: %python %S/Inputs/check_linalg.py generate %t.generate

// User kernels with linalg's named ops (matmul on a transpose, reduce,
// softmax, which decomposes into the ops it stands for, conv_2d) and
// tensor's (pad, concat, generate) on an input in a tiled layout: each
// result matches its reference run and check_linalg.py's own computation
// of it (the input is 0, 0.5, ..., 11.5 row-major).

#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @d targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 4, n = 4, k = 4>>])
stream_lite.executable private @ex {
  stream_lite.executable.export public @matmul
  stream_lite.executable.export public @reduce
  stream_lite.executable.export public @softmax
  stream_lite.executable.export public @conv
  stream_lite.executable.export public @pad
  stream_lite.executable.export public @concat
  stream_lite.executable.export public @generate
  builtin.module {
    func.func @matmul(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<4x6xf32>>
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<6x4xf32>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [4, 6], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<4x6xf32>> -> tensor<4x6xf32>
      %e0 = tensor.empty() : tensor<6x4xf32>
      %t = linalg.transpose ins(%x : tensor<4x6xf32>) outs(%e0 : tensor<6x4xf32>) permutation = [1, 0]
      %z = arith.constant 0.0 : f32
      %e1 = tensor.empty() : tensor<6x6xf32>
      %f = linalg.fill ins(%z : f32) outs(%e1 : tensor<6x6xf32>) -> tensor<6x6xf32>
      %m = linalg.matmul ins(%t, %x : tensor<6x4xf32>, tensor<4x6xf32>) outs(%f : tensor<6x6xf32>) -> tensor<6x6xf32>
      %r = tensor.extract_slice %m[0, 0] [6, 4] [1, 1] : tensor<6x6xf32> to tensor<6x4xf32>
      stream_lite.dispatch.tensor.store %r, %ov, offsets = [0, 0], sizes = [6, 4], strides = [1, 1] : tensor<6x4xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<6x4xf32>>
      return
    }
    func.func @reduce(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<4x6xf32>>
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<4xf32>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [4, 6], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<4x6xf32>> -> tensor<4x6xf32>
      %z = arith.constant 0.0 : f32
      %e = tensor.empty() : tensor<4xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
      %r = linalg.reduce ins(%x : tensor<4x6xf32>) outs(%f : tensor<4xf32>) dimensions = [1]
        (%in: f32, %acc: f32) {
          %s = arith.addf %in, %acc : f32
          linalg.yield %s : f32
        }
      stream_lite.dispatch.tensor.store %r, %ov, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<4xf32>>
      return
    }
    func.func @softmax(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<4x6xf32>>
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<4x6xf32>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [4, 6], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<4x6xf32>> -> tensor<4x6xf32>
      %e = tensor.empty() : tensor<4x6xf32>
      %r = linalg.softmax dimension(1) ins(%x : tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
      stream_lite.dispatch.tensor.store %r, %ov, offsets = [0, 0], sizes = [4, 6], strides = [1, 1] : tensor<4x6xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<4x6xf32>>
      return
    }
    func.func @conv(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<4x6xf32>>
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<3x5xf32>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [4, 6], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<4x6xf32>> -> tensor<4x6xf32>
      %w = arith.constant dense<1.0> : tensor<2x2xf32>
      %z = arith.constant 0.0 : f32
      %e = tensor.empty() : tensor<3x5xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x5xf32>) -> tensor<3x5xf32>
      %r = linalg.conv_2d ins(%x, %w : tensor<4x6xf32>, tensor<2x2xf32>) outs(%f : tensor<3x5xf32>) -> tensor<3x5xf32>
      stream_lite.dispatch.tensor.store %r, %ov, offsets = [0, 0], sizes = [3, 5], strides = [1, 1] : tensor<3x5xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<3x5xf32>>
      return
    }
    func.func @pad(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<4x6xf32>>
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<6x8xf32>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [4, 6], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<4x6xf32>> -> tensor<4x6xf32>
      %z = arith.constant 7.0 : f32
      %r = tensor.pad %x low[1, 1] high[1, 1] {
      ^bb0(%i: index, %j: index):
        tensor.yield %z : f32
      } : tensor<4x6xf32> to tensor<6x8xf32>
      stream_lite.dispatch.tensor.store %r, %ov, offsets = [0, 0], sizes = [6, 8], strides = [1, 1] : tensor<6x8xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<6x8xf32>>
      return
    }
    func.func @concat(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<4x6xf32>>
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<8x6xf32>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [4, 6], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<4x6xf32>> -> tensor<4x6xf32>
      %r = tensor.concat dim(0) %x, %x : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>
      stream_lite.dispatch.tensor.store %r, %ov, offsets = [0, 0], sizes = [8, 6], strides = [1, 1] : tensor<8x6xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<8x6xf32>>
      return
    }
    func.func @generate(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<4x6xf32>>
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<4x6xf32>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [4, 6], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<4x6xf32>> -> tensor<4x6xf32>
      %r = tensor.generate {
      ^bb0(%i: index, %j: index):
        %v = tensor.extract %x[%i, %j] : tensor<4x6xf32>
        %ii = arith.index_cast %i : index to i32
        %fi = arith.sitofp %ii : i32 to f32
        %s = arith.addf %v, %fi : f32
        tensor.yield %s : f32
      } : tensor<4x6xf32>
      stream_lite.dispatch.tensor.store %r, %ov, offsets = [0, 0], sizes = [4, 6], strides = [1, 1] : tensor<4x6xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<4x6xf32>>
      return
    }
  }
}
func.func @run_matmul(%arg: tensor<4x6xf32>) -> tensor<6x4xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@d>} {
  %sz = stream_lite.tensor.sizeof tensor<4x6xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<4x6xf32> -> tensor<4x6xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<4x6xf32, #lhs> : index
  %t = stream_lite.tensor.encode %i : tensor<4x6xf32> in !stream_lite.resource<external>{%sz} -> tensor<4x6xf32, #lhs> in !stream_lite.resource<*>{%tsz}
  %osz = stream_lite.tensor.sizeof tensor<6x4xf32> : index
  %o = stream_lite.tensor.dispatch @ex::@matmul(%t) : (tensor<4x6xf32, #lhs> in !stream_lite.resource<*>{%tsz}) -> tensor<6x4xf32> in !stream_lite.resource<external>{%osz}
  %r = stream_lite.tensor.export %o : tensor<6x4xf32> in !stream_lite.resource<external>{%osz} -> tensor<6x4xf32>
  return %r : tensor<6x4xf32>
}
func.func @run_reduce(%arg: tensor<4x6xf32>) -> tensor<4xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@d>} {
  %sz = stream_lite.tensor.sizeof tensor<4x6xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<4x6xf32> -> tensor<4x6xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<4x6xf32, #lhs> : index
  %t = stream_lite.tensor.encode %i : tensor<4x6xf32> in !stream_lite.resource<external>{%sz} -> tensor<4x6xf32, #lhs> in !stream_lite.resource<*>{%tsz}
  %osz = stream_lite.tensor.sizeof tensor<4xf32> : index
  %o = stream_lite.tensor.dispatch @ex::@reduce(%t) : (tensor<4x6xf32, #lhs> in !stream_lite.resource<*>{%tsz}) -> tensor<4xf32> in !stream_lite.resource<external>{%osz}
  %r = stream_lite.tensor.export %o : tensor<4xf32> in !stream_lite.resource<external>{%osz} -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @run_softmax(%arg: tensor<4x6xf32>) -> tensor<4x6xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@d>} {
  %sz = stream_lite.tensor.sizeof tensor<4x6xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<4x6xf32> -> tensor<4x6xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<4x6xf32, #lhs> : index
  %t = stream_lite.tensor.encode %i : tensor<4x6xf32> in !stream_lite.resource<external>{%sz} -> tensor<4x6xf32, #lhs> in !stream_lite.resource<*>{%tsz}
  %osz = stream_lite.tensor.sizeof tensor<4x6xf32> : index
  %o = stream_lite.tensor.dispatch @ex::@softmax(%t) : (tensor<4x6xf32, #lhs> in !stream_lite.resource<*>{%tsz}) -> tensor<4x6xf32> in !stream_lite.resource<external>{%osz}
  %r = stream_lite.tensor.export %o : tensor<4x6xf32> in !stream_lite.resource<external>{%osz} -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}
func.func @run_conv(%arg: tensor<4x6xf32>) -> tensor<3x5xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@d>} {
  %sz = stream_lite.tensor.sizeof tensor<4x6xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<4x6xf32> -> tensor<4x6xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<4x6xf32, #lhs> : index
  %t = stream_lite.tensor.encode %i : tensor<4x6xf32> in !stream_lite.resource<external>{%sz} -> tensor<4x6xf32, #lhs> in !stream_lite.resource<*>{%tsz}
  %osz = stream_lite.tensor.sizeof tensor<3x5xf32> : index
  %o = stream_lite.tensor.dispatch @ex::@conv(%t) : (tensor<4x6xf32, #lhs> in !stream_lite.resource<*>{%tsz}) -> tensor<3x5xf32> in !stream_lite.resource<external>{%osz}
  %r = stream_lite.tensor.export %o : tensor<3x5xf32> in !stream_lite.resource<external>{%osz} -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}
func.func @run_pad(%arg: tensor<4x6xf32>) -> tensor<6x8xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@d>} {
  %sz = stream_lite.tensor.sizeof tensor<4x6xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<4x6xf32> -> tensor<4x6xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<4x6xf32, #lhs> : index
  %t = stream_lite.tensor.encode %i : tensor<4x6xf32> in !stream_lite.resource<external>{%sz} -> tensor<4x6xf32, #lhs> in !stream_lite.resource<*>{%tsz}
  %osz = stream_lite.tensor.sizeof tensor<6x8xf32> : index
  %o = stream_lite.tensor.dispatch @ex::@pad(%t) : (tensor<4x6xf32, #lhs> in !stream_lite.resource<*>{%tsz}) -> tensor<6x8xf32> in !stream_lite.resource<external>{%osz}
  %r = stream_lite.tensor.export %o : tensor<6x8xf32> in !stream_lite.resource<external>{%osz} -> tensor<6x8xf32>
  return %r : tensor<6x8xf32>
}
func.func @run_concat(%arg: tensor<4x6xf32>) -> tensor<8x6xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@d>} {
  %sz = stream_lite.tensor.sizeof tensor<4x6xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<4x6xf32> -> tensor<4x6xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<4x6xf32, #lhs> : index
  %t = stream_lite.tensor.encode %i : tensor<4x6xf32> in !stream_lite.resource<external>{%sz} -> tensor<4x6xf32, #lhs> in !stream_lite.resource<*>{%tsz}
  %osz = stream_lite.tensor.sizeof tensor<8x6xf32> : index
  %o = stream_lite.tensor.dispatch @ex::@concat(%t) : (tensor<4x6xf32, #lhs> in !stream_lite.resource<*>{%tsz}) -> tensor<8x6xf32> in !stream_lite.resource<external>{%osz}
  %r = stream_lite.tensor.export %o : tensor<8x6xf32> in !stream_lite.resource<external>{%osz} -> tensor<8x6xf32>
  return %r : tensor<8x6xf32>
}
func.func @run_generate(%arg: tensor<4x6xf32>) -> tensor<4x6xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@d>} {
  %sz = stream_lite.tensor.sizeof tensor<4x6xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<4x6xf32> -> tensor<4x6xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<4x6xf32, #lhs> : index
  %t = stream_lite.tensor.encode %i : tensor<4x6xf32> in !stream_lite.resource<external>{%sz} -> tensor<4x6xf32, #lhs> in !stream_lite.resource<*>{%tsz}
  %osz = stream_lite.tensor.sizeof tensor<4x6xf32> : index
  %o = stream_lite.tensor.dispatch @ex::@generate(%t) : (tensor<4x6xf32, #lhs> in !stream_lite.resource<*>{%tsz}) -> tensor<4x6xf32> in !stream_lite.resource<external>{%osz}
  %r = stream_lite.tensor.export %o : tensor<4x6xf32> in !stream_lite.resource<external>{%osz} -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}
