// RUN: layout-run %s --function=add_tiled --input=5x4xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19 --input=index=5 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=ADD
// RUN: layout-run %s --function=exp_padded --input=5x4xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19 --input=index=5 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=EXP
// RUN: layout-run %s --function=max_tiled --input=5x4xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19 --input=5x4xf32=19,18,17,16,15,14,13,12,11,10,9,8,7,6,5,4,3,2,1,0 --input=index=5 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=MAX

// User kernels that compute with elementwise arith and math ops on whole
// tensors (docs/language.md, Kernels), on bindings of every kind of layout,
// with 5 dynamic rows: the to-llvm pipeline makes each op a linalg.generic
// before it bufferizes the kernel.

#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
#pad = #stream_lite.padding<[0, ?]>

// 2x2 tiles: the last row of tiles is cut.
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 2, n = 3, k = 2>>])
// Rows of 4 f32 (16 bytes) padded to 24 bytes: 2 pad elements.
stream_lite.device @pad targets([#stream_lite.target<"vmvx", resolver = #stream_lite.padding_resolver<cache_line_bytes = 8, cache_sets = 2>>])

// out = a + b with arith.addf on tensors (spec section 11's kernel).
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
      %s = arith.addf %x, %y : tensor<?x4xf32>
      stream_lite.dispatch.tensor.store %s, %ov, offsets = [0, 0], sizes = [%n, 4], strides = [1, 1] : tensor<?x4xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<?x4xf32, #lhs>>{%n}
      return
    }
  }
}

// ADD: {{^}}5x4xf32=0 2 4 6 8 10 12 14 16 18 20 22 24 26 28 30 32 34 36 38{{$}}
// ADD-NOT: {{.}}
func.func @add_tiled(%arg: tensor<?x4xf32>, %rows: index) -> tensor<?x4xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<?x4xf32>{%rows} : index
  %i = stream_lite.tensor.import %arg : tensor<?x4xf32> -> tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<?x4xf32, #lhs>{%rows} : index
  %t = stream_lite.tensor.encode %i : tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x4xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz}
  %o = stream_lite.tensor.dispatch @ex::@add(%t, %i, %rows) : (tensor<?x4xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz}, tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz}, index) -> tensor<?x4xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %o : tensor<?x4xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

// out = exp(a) with math.exp on a tensor, both bindings padded.
stream_lite.executable private @exp {
  stream_lite.executable.export public @exp
  builtin.module {
    func.func @exp(%a: !stream_lite.binding, %o: !stream_lite.binding, %n: index) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?x4xf32, #pad>>{%n}
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<?x4xf32, #pad>>{%n}
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [%n, 4], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<?x4xf32, #pad>>{%n} -> tensor<?x4xf32>
      %s = math.exp %x : tensor<?x4xf32>
      stream_lite.dispatch.tensor.store %s, %ov, offsets = [0, 0], sizes = [%n, 4], strides = [1, 1] : tensor<?x4xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<?x4xf32, #pad>>{%n}
      return
    }
  }
}

// EXP: {{^}}5x4xf32=1 2.71828{{[0-9]*}} 7.38905{{[0-9]*}} 20.0855{{[0-9]*}} {{.*}} 17848{{[0-9]+}}{{$}}
// EXP-NOT: {{.}}
func.func @exp_padded(%arg: tensor<?x4xf32>, %rows: index) -> tensor<?x4xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@pad>} {
  %sz = stream_lite.tensor.sizeof tensor<?x4xf32>{%rows} : index
  %i = stream_lite.tensor.import %arg : tensor<?x4xf32> -> tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %psz = stream_lite.tensor.sizeof tensor<?x4xf32, #pad>{%rows} : index
  %p = stream_lite.tensor.encode %i : tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x4xf32, #pad>{%rows} in !stream_lite.resource<*>{%psz}
  %o = stream_lite.tensor.dispatch @exp::@exp(%p, %rows) : (tensor<?x4xf32, #pad>{%rows} in !stream_lite.resource<*>{%psz}, index) -> tensor<?x4xf32, #pad>{%rows} in !stream_lite.resource<*>{%psz}
  %d = stream_lite.tensor.encode %o : tensor<?x4xf32, #pad>{%rows} in !stream_lite.resource<*>{%psz} -> tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

// out = max(a, b) with arith.cmpf and an arith.select whose condition is a
// tensor of i1.
stream_lite.executable private @max {
  stream_lite.executable.export public @max
  builtin.module {
    func.func @max(%a: !stream_lite.binding, %b: !stream_lite.binding, %o: !stream_lite.binding, %n: index) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?x4xf32, #lhs>>{%n}
      %bv = stream_lite.binding.subspan %b[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?x4xf32>>{%n}
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<?x4xf32, #lhs>>{%n}
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [%n, 4], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<?x4xf32, #lhs>>{%n} -> tensor<?x4xf32>
      %y = stream_lite.dispatch.tensor.load %bv, offsets = [0, 0], sizes = [%n, 4], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<?x4xf32>>{%n} -> tensor<?x4xf32>
      %c = arith.cmpf ogt, %x, %y : tensor<?x4xf32>
      %s = arith.select %c, %x, %y : tensor<?x4xi1>, tensor<?x4xf32>
      stream_lite.dispatch.tensor.store %s, %ov, offsets = [0, 0], sizes = [%n, 4], strides = [1, 1] : tensor<?x4xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<?x4xf32, #lhs>>{%n}
      return
    }
  }
}

// MAX: {{^}}5x4xf32=19 18 17 16 15 14 13 12 11 10 10 11 12 13 14 15 16 17 18 19{{$}}
// MAX-NOT: {{.}}
func.func @max_tiled(%arg: tensor<?x4xf32>, %other: tensor<?x4xf32>, %rows: index) -> tensor<?x4xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<?x4xf32>{%rows} : index
  %i = stream_lite.tensor.import %arg : tensor<?x4xf32> -> tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %j = stream_lite.tensor.import %other : tensor<?x4xf32> -> tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<?x4xf32, #lhs>{%rows} : index
  %t = stream_lite.tensor.encode %i : tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x4xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz}
  %o = stream_lite.tensor.dispatch @max::@max(%t, %j, %rows) : (tensor<?x4xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz}, tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz}, index) -> tensor<?x4xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %o : tensor<?x4xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}
