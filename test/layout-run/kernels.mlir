// RUN: layout-run %s --function=add_tiled --input=3x5xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=3 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=ADD
// RUN: layout-run %s --function=tied_strided --input=6x5xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=TIED
// RUN: layout-run %s --function=swizzled --input=6x7xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=SWIZZLE
// RUN: layout-run %s --function=packed_i4 --input=3x5xi4=-8,-7,-6,-5,-4,-3,-2,-1,0,1,2,3,4,5,6 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=I4
// RUN: layout-run %s --function=padded_partial --input=3x5xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=PAD
// RUN: layout-run %s --function=two_devices --input=3x5xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=TWO
// RUN: layout-run %s --function=dynamic_region --input=5x5xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24 --input=index=5 --input=index=3 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=DYN
// RUN: not layout-run %s --function=dynamic_region --input=5x5xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24 --input=index=5 --input=index=4 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: not layout-run %s --function=dynamic_region --input=5x5xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24 --input=index=5 --input=index=4 --compare-to-reference 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: layout-run %s --function=several_exports --input=3x5xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=SEVERAL
// The same runs with non-temporal stores wherever a kernel's region size
// is known (--non-temporal-store-bytes=1).
// RUN: layout-run %s --non-temporal-store-bytes=1 --non-temporal-scattered-stores=whole-lines --function=add_tiled --input=3x5xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=3 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=ADD
// RUN: layout-run %s --non-temporal-store-bytes=1 --non-temporal-scattered-stores=whole-lines --function=tied_strided --input=6x5xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=TIED
// RUN: layout-run %s --non-temporal-store-bytes=1 --non-temporal-scattered-stores=whole-lines --function=swizzled --input=6x7xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=SWIZZLE

// User kernels that see their bindings as logical tensors (docs/language.md,
// Kernels): each computes on logical values with linalg and arith, whatever
// layout its bindings have, and runs bit for bit against the encoding-free
// reference, which runs the same kernels on dense data.

#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
#lhs_i4 = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [i4, i4, i32]>
#pad = #stream_lite.padding<[0, ?]>
#id = affine_map<(i, j) -> (i, j)>

// 2x2 tiles: odd shapes cut the last tile of each dim.
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 2, n = 3, k = 2>>])
// 8x4 tiles, swizzled inside.
stream_lite.device @gpu targets([#stream_lite.target<"rocm", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 4, lhs_swizzle = #stream_lite.swizzle<expand_shape = [[2, 4], [2, 2]], permutation = [1, 3, 0, 2]>>>])
// Rows of 5 f32 (20 bytes) padded to 48 bytes: 7 pad elements.
stream_lite.device @pad targets([#stream_lite.target<"vmvx", resolver = #stream_lite.padding_resolver<cache_line_bytes = 16, cache_sets = 1>>])

// out = a + b, with IREE's argument order (every binding, then scalars).
stream_lite.executable private @ex {
  stream_lite.executable.export public @add
  builtin.module {
    func.func @add(%a: !stream_lite.binding, %b: !stream_lite.binding, %o: !stream_lite.binding, %n: index) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?x5xf32, #lhs>>{%n}
      %bv = stream_lite.binding.subspan %b[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?x5xf32>>{%n}
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xf32, #lhs>>{%n}
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [%n, 5], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<?x5xf32, #lhs>>{%n} -> tensor<?x5xf32>
      %y = stream_lite.dispatch.tensor.load %bv, offsets = [0, 0], sizes = [%n, 5], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<?x5xf32>>{%n} -> tensor<?x5xf32>
      %e = tensor.empty(%n) : tensor<?x5xf32>
      %s = linalg.add ins(%x, %y : tensor<?x5xf32>, tensor<?x5xf32>) outs(%e : tensor<?x5xf32>) -> tensor<?x5xf32>
      stream_lite.dispatch.tensor.store %s, %ov, offsets = [0, 0], sizes = [%n, 5], strides = [1, 1] : tensor<?x5xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xf32, #lhs>>{%n}
      return
    }
  }
}

// ADD: {{^}}3x5xf32=0 2 4 6 8 10 12 14 16 18 20 22 24 26 28{{$}}
// ADD-NOT: {{.}}
func.func @add_tiled(%arg: tensor<?x5xf32>, %rows: index) -> tensor<?x5xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<?x5xf32>{%rows} : index
  %i = stream_lite.tensor.import %arg : tensor<?x5xf32> -> tensor<?x5xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<?x5xf32, #lhs>{%rows} : index
  %t = stream_lite.tensor.encode %i : tensor<?x5xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x5xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz}
  %o = stream_lite.tensor.dispatch @ex::@add(%t, %i, %rows) : (tensor<?x5xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz}, tensor<?x5xf32>{%rows} in !stream_lite.resource<external>{%sz}, index) -> tensor<?x5xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %o : tensor<?x5xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x5xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<?x5xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

// The same kernel on two devices: its executable is duplicated, one copy
// per layout of its bindings (2x2 tiles, swizzled 8x4 tiles).
// TWO: {{^}}3x5xf32=0 4 8 12 16 20 24 28 32 36 40 44 48 52 56{{$}}
// TWO-NOT: {{.}}
func.func @two_devices(%arg: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %c3 = arith.constant 3 : index
  %sz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<3x5xf32> : index
  %i = stream_lite.tensor.import on(#stream_lite.affinity<@cpu>) %arg : tensor<3x5xf32> -> tensor<3x5xf32> in !stream_lite.resource<external>{%sz}
  %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<?x5xf32, #lhs>{%c3} : index
  %c = stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>) %i : tensor<3x5xf32> in !stream_lite.resource<external>{%sz} -> tensor<?x5xf32, #lhs>{%c3} in !stream_lite.resource<*>{%csz}
  %o = stream_lite.tensor.dispatch on(#stream_lite.affinity<@cpu>) @ex::@add(%c, %i, %c3) : (tensor<?x5xf32, #lhs>{%c3} in !stream_lite.resource<*>{%csz}, tensor<?x5xf32>{%c3} in !stream_lite.resource<external>{%sz}, index) -> tensor<?x5xf32, #lhs>{%c3} in !stream_lite.resource<*>{%csz}
  %od = stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>) %o : tensor<?x5xf32, #lhs>{%c3} in !stream_lite.resource<*>{%csz} -> tensor<3x5xf32> in !stream_lite.resource<*>{%sz}
  %g = stream_lite.async.transfer %od : !stream_lite.resource<*>{%sz} from(#stream_lite.affinity<@cpu>) -> to(#stream_lite.affinity<@gpu>) !stream_lite.resource<*>{%sz}
  %gsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<?x5xf32, #lhs>{%c3} : index
  %ge = stream_lite.tensor.encode on(#stream_lite.affinity<@gpu>) %g : tensor<3x5xf32> in !stream_lite.resource<*>{%sz} -> tensor<?x5xf32, #lhs>{%c3} in !stream_lite.resource<*>{%gsz}
  %go = stream_lite.tensor.dispatch on(#stream_lite.affinity<@gpu>) @ex::@add(%ge, %g, %c3) : (tensor<?x5xf32, #lhs>{%c3} in !stream_lite.resource<*>{%gsz}, tensor<?x5xf32>{%c3} in !stream_lite.resource<*>{%sz}, index) -> tensor<?x5xf32, #lhs>{%c3} in !stream_lite.resource<*>{%gsz}
  %gd = stream_lite.tensor.encode on(#stream_lite.affinity<@gpu>) %go : tensor<?x5xf32, #lhs>{%c3} in !stream_lite.resource<*>{%gsz} -> tensor<3x5xf32> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export on(#stream_lite.affinity<@gpu>) %gd : tensor<3x5xf32> in !stream_lite.resource<external>{%sz} -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// A tied (readwrite) kernel that scales a strided region in place: rows
// 1 and 4, columns 0, 2 and 4. Every other element, and the tiles' padding,
// keeps its bytes.
stream_lite.executable private @scale {
  stream_lite.executable.export public @scale
  builtin.module {
    func.func @scale(%t: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %ten = arith.constant 10.0 : f32
      %v = stream_lite.binding.subspan %t[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readwrite:tensor<6x5xf32, #lhs>>
      %x = stream_lite.dispatch.tensor.load %v, offsets = [1, 0], sizes = [2, 3], strides = [3, 2] : !stream_lite.dispatch.tensor<readwrite:tensor<6x5xf32, #lhs>> -> tensor<2x3xf32>
      %s = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%x : tensor<2x3xf32>) {
      ^bb0(%e: f32):
        %m = arith.mulf %e, %ten : f32
        linalg.yield %m : f32
      } -> tensor<2x3xf32>
      stream_lite.dispatch.tensor.store %s, %v, offsets = [1, 0], sizes = [2, 3], strides = [3, 2] : tensor<2x3xf32> -> !stream_lite.dispatch.tensor<readwrite:tensor<6x5xf32, #lhs>>
      return
    }
  }
}

// TIED: {{^}}6x5xf32=0 1 2 3 4 50 6 70 8 90 10 11 12 13 14 15 16 17 18 19 200 21 220 23 240 25 26 27 28 29{{$}}
// TIED-NOT: {{.}}
func.func @tied_strided(%arg: tensor<6x5xf32>) -> tensor<6x5xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<6x5xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<6x5xf32> -> tensor<6x5xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<6x5xf32, #lhs> : index
  %t = stream_lite.tensor.encode %i : tensor<6x5xf32> in !stream_lite.resource<external>{%sz} -> tensor<6x5xf32, #lhs> in !stream_lite.resource<*>{%tsz}
  %o = stream_lite.tensor.dispatch @scale::@scale(%t) : (tensor<6x5xf32, #lhs> in !stream_lite.resource<*>{%tsz}) -> tensor<6x5xf32, #lhs> in %t as !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %o : tensor<6x5xf32, #lhs> in !stream_lite.resource<*>{%tsz} -> tensor<6x5xf32> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<6x5xf32> in !stream_lite.resource<external>{%sz} -> tensor<6x5xf32>
  return %r : tensor<6x5xf32>
}

// out = 2x + 1 on swizzled 8x4 tiles whose last tile of each dim is cut.
stream_lite.executable private @affine {
  stream_lite.executable.export public @affine
  builtin.module {
    func.func @affine(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %two = arith.constant 2.0 : f32
      %one = arith.constant 1.0 : f32
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<6x7xf32, #lhs>>
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<6x7xf32, #lhs>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [6, 7], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<6x7xf32, #lhs>> -> tensor<6x7xf32>
      %e = tensor.empty() : tensor<6x7xf32>
      %s = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<6x7xf32>) outs(%e : tensor<6x7xf32>) {
      ^bb0(%in: f32, %out: f32):
        %m = math.fma %in, %two, %one : f32
        linalg.yield %m : f32
      } -> tensor<6x7xf32>
      stream_lite.dispatch.tensor.store %s, %ov, offsets = [0, 0], sizes = [6, 7], strides = [1, 1] : tensor<6x7xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<6x7xf32, #lhs>>
      return
    }
  }
}

// SWIZZLE: {{^}}6x7xf32=1 3 5 7 9 11 13 15 17 19 21 23 25 27 29 31 33 35 37 39 41 43 45 47 49 51 53 55 57 59 61 63 65 67 69 71 73 75 77 79 81 83{{$}}
// SWIZZLE-NOT: {{.}}
func.func @swizzled(%arg: tensor<6x7xf32>) -> tensor<6x7xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@gpu>} {
  %sz = stream_lite.tensor.sizeof tensor<6x7xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<6x7xf32> -> tensor<6x7xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<6x7xf32, #lhs> : index
  %t = stream_lite.tensor.encode %i : tensor<6x7xf32> in !stream_lite.resource<external>{%sz} -> tensor<6x7xf32, #lhs> in !stream_lite.resource<*>{%tsz}
  %o = stream_lite.tensor.dispatch @affine::@affine(%t) : (tensor<6x7xf32, #lhs> in !stream_lite.resource<*>{%tsz}) -> tensor<6x7xf32, #lhs> in !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %o : tensor<6x7xf32, #lhs> in !stream_lite.resource<*>{%tsz} -> tensor<6x7xf32> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<6x7xf32> in !stream_lite.resource<external>{%sz} -> tensor<6x7xf32>
  return %r : tensor<6x7xf32>
}

// Packed i4 in 2x2 tiles: out = x + 1 (wrapping), one nibble per element.
stream_lite.executable private @inc {
  stream_lite.executable.export public @inc
  builtin.module {
    func.func @inc(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1 : i4
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<3x5xi4, #lhs_i4>>
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<3x5xi4, #lhs_i4>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [3, 5], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<3x5xi4, #lhs_i4>> -> tensor<3x5xi4>
      %e = tensor.empty() : tensor<3x5xi4>
      %s = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<3x5xi4>) outs(%e : tensor<3x5xi4>) {
      ^bb0(%in: i4, %out: i4):
        %m = arith.addi %in, %one : i4
        linalg.yield %m : i4
      } -> tensor<3x5xi4>
      stream_lite.dispatch.tensor.store %s, %ov, offsets = [0, 0], sizes = [3, 5], strides = [1, 1] : tensor<3x5xi4> -> !stream_lite.dispatch.tensor<writeonly:tensor<3x5xi4, #lhs_i4>>
      return
    }
  }
}

// I4: {{^}}3x5xi4=-7 -6 -5 -4 -3 -2 -1 0 1 2 3 4 5 6 7{{$}}
// I4-NOT: {{.}}
func.func @packed_i4(%arg: tensor<3x5xi4>) -> tensor<3x5xi4> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<3x5xi4> : index
  %i = stream_lite.tensor.import %arg : tensor<3x5xi4> -> tensor<3x5xi4> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<3x5xi4, #lhs_i4> : index
  %t = stream_lite.tensor.encode %i : tensor<3x5xi4> in !stream_lite.resource<external>{%sz} -> tensor<3x5xi4, #lhs_i4> in !stream_lite.resource<*>{%tsz}
  %o = stream_lite.tensor.dispatch @inc::@inc(%t) : (tensor<3x5xi4, #lhs_i4> in !stream_lite.resource<*>{%tsz}) -> tensor<3x5xi4, #lhs_i4> in !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %o : tensor<3x5xi4, #lhs_i4> in !stream_lite.resource<*>{%tsz} -> tensor<3x5xi4> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<3x5xi4> in !stream_lite.resource<external>{%sz} -> tensor<3x5xi4>
  return %r : tensor<3x5xi4>
}

// A partial load from padded rows: columns [1, 4) of every row, into a
// dense result.
stream_lite.executable private @columns {
  stream_lite.executable.export public @columns
  builtin.module {
    func.func @columns(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<3x5xf32, #pad>>
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<3x3xf32>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 1], sizes = [3, 3], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<3x5xf32, #pad>> -> tensor<3x3xf32>
      stream_lite.dispatch.tensor.store %x, %ov, offsets = [0, 0], sizes = [3, 3], strides = [1, 1] : tensor<3x3xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<3x3xf32>>
      return
    }
  }
}

// PAD: {{^}}3x3xf32=1 2 3 6 7 8 11 12 13{{$}}
// PAD-NOT: {{.}}
func.func @padded_partial(%arg: tensor<3x5xf32>) -> tensor<3x3xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@pad>} {
  %sz = stream_lite.tensor.sizeof tensor<3x5xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<3x5xf32> -> tensor<3x5xf32> in !stream_lite.resource<external>{%sz}
  %psz = stream_lite.tensor.sizeof tensor<3x5xf32, #pad> : index
  %p = stream_lite.tensor.encode %i : tensor<3x5xf32> in !stream_lite.resource<external>{%sz} -> tensor<3x5xf32, #pad> in !stream_lite.resource<*>{%psz}
  %osz = stream_lite.tensor.sizeof tensor<3x3xf32> : index
  %o = stream_lite.tensor.dispatch @columns::@columns(%p) : (tensor<3x5xf32, #pad> in !stream_lite.resource<*>{%psz}) -> tensor<3x3xf32> in !stream_lite.resource<external>{%osz}
  %r = stream_lite.tensor.export %o : tensor<3x3xf32> in !stream_lite.resource<external>{%osz} -> tensor<3x3xf32>
  return %r : tensor<3x3xf32>
}

// Two rows from a dynamic offset of a tiled tensor with dynamic rows: the
// region is checked at run time (offset 4 with 2 rows is outside 5 rows).
stream_lite.executable private @rows {
  stream_lite.executable.export public @rows
  builtin.module {
    func.func @rows(%a: !stream_lite.binding, %o: !stream_lite.binding, %n: index, %off: index) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?x5xf32, #lhs>>{%n}
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<2x5xf32>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [%off, 0], sizes = [2, 5], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<?x5xf32, #lhs>>{%n} -> tensor<2x5xf32>
      stream_lite.dispatch.tensor.store %x, %ov, offsets = [0, 0], sizes = [2, 5], strides = [1, 1] : tensor<2x5xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<2x5xf32>>
      return
    }
  }
}

// DYN: {{^}}2x5xf32=15 16 17 18 19 20 21 22 23 24{{$}}
// DYN-NOT: {{.}}
// OOB: error: @dynamic_region failed a runtime check: {{.*}}kernels.mlir:[[@LINE-9]]:12: 'stream_lite.dispatch.tensor.load' op region of dim 0 is out of the view's bounds
func.func @dynamic_region(%arg: tensor<?x5xf32>, %rows: index, %off: index) -> tensor<2x5xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<?x5xf32>{%rows} : index
  %i = stream_lite.tensor.import %arg : tensor<?x5xf32> -> tensor<?x5xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<?x5xf32, #lhs>{%rows} : index
  %t = stream_lite.tensor.encode %i : tensor<?x5xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x5xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz}
  %osz = stream_lite.tensor.sizeof tensor<2x5xf32> : index
  %o = stream_lite.tensor.dispatch @rows::@rows(%t, %rows, %off) : (tensor<?x5xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz}, index, index) -> tensor<2x5xf32> in !stream_lite.resource<external>{%osz}
  %r = stream_lite.tensor.export %o : tensor<2x5xf32> in !stream_lite.resource<external>{%osz} -> tensor<2x5xf32>
  return %r : tensor<2x5xf32>
}

// A kernel that calls helpers, in an executable of several exports,
// dispatched on two devices: the copy for the second layout holds that
// export, its kernel and the helpers it reaches (x * 1.5 * 2, twice).
// SEVERAL: {{^}}3x5xf32=0 9 18 27 36 45 54 63 72 81 90 99 108 117 126{{$}}
// SEVERAL-NOT: {{.}}
stream_lite.executable private @several {
  stream_lite.executable.export public @unused
  stream_lite.executable.export public @scale
  builtin.module {
    func.func @unused(%a: !stream_lite.binding) {
      return
    }
    func.func private @factor() -> f32 {
      %f = func.call @base() : () -> f32
      %s = arith.addf %f, %f : f32
      return %s : f32
    }
    func.func private @base() -> f32 {
      %c = arith.constant 1.5 : f32
      return %c : f32
    }
    func.func @scale(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<3x5xf32, #lhs>>
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<3x5xf32, #lhs>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [3, 5], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<3x5xf32, #lhs>> -> tensor<3x5xf32>
      %k = func.call @factor() : () -> f32
      %e = tensor.empty() : tensor<3x5xf32>
      %s = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<3x5xf32>) outs(%e : tensor<3x5xf32>) {
      ^bb0(%in: f32, %out: f32):
        %m = arith.mulf %in, %k : f32
        linalg.yield %m : f32
      } -> tensor<3x5xf32>
      stream_lite.dispatch.tensor.store %s, %ov, offsets = [0, 0], sizes = [3, 5], strides = [1, 1] : tensor<3x5xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<3x5xf32, #lhs>>
      return
    }
  }
}

func.func @several_exports(%arg: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %sz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<3x5xf32> : index
  %i = stream_lite.tensor.import on(#stream_lite.affinity<@cpu>) %arg : tensor<3x5xf32> -> tensor<3x5xf32> in !stream_lite.resource<external>{%sz}
  %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<3x5xf32, #lhs> : index
  %c = stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>) %i : tensor<3x5xf32> in !stream_lite.resource<external>{%sz} -> tensor<3x5xf32, #lhs> in !stream_lite.resource<*>{%csz}
  %o = stream_lite.tensor.dispatch on(#stream_lite.affinity<@cpu>) @several::@scale(%c) : (tensor<3x5xf32, #lhs> in !stream_lite.resource<*>{%csz}) -> tensor<3x5xf32, #lhs> in !stream_lite.resource<*>{%csz}
  %od = stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>) %o : tensor<3x5xf32, #lhs> in !stream_lite.resource<*>{%csz} -> tensor<3x5xf32> in !stream_lite.resource<*>{%sz}
  %g = stream_lite.async.transfer %od : !stream_lite.resource<*>{%sz} from(#stream_lite.affinity<@cpu>) -> to(#stream_lite.affinity<@gpu>) !stream_lite.resource<*>{%sz}
  %gsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<3x5xf32, #lhs> : index
  %ge = stream_lite.tensor.encode on(#stream_lite.affinity<@gpu>) %g : tensor<3x5xf32> in !stream_lite.resource<*>{%sz} -> tensor<3x5xf32, #lhs> in !stream_lite.resource<*>{%gsz}
  %go = stream_lite.tensor.dispatch on(#stream_lite.affinity<@gpu>) @several::@scale(%ge) : (tensor<3x5xf32, #lhs> in !stream_lite.resource<*>{%gsz}) -> tensor<3x5xf32, #lhs> in !stream_lite.resource<*>{%gsz}
  %gd = stream_lite.tensor.encode on(#stream_lite.affinity<@gpu>) %go : tensor<3x5xf32, #lhs> in !stream_lite.resource<*>{%gsz} -> tensor<3x5xf32> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export on(#stream_lite.affinity<@gpu>) %gd : tensor<3x5xf32> in !stream_lite.resource<external>{%sz} -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}
