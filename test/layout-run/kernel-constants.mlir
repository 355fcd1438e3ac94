// RUN: layout-run %s --function=bias_tiled --input=5x4xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19 --input=index=5 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=BIAS
// RUN: layout-run %s --function=bias_then_scale --input=5x4xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19 --input=index=5 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=BOTH

// User kernels with non-splat dense tensor constants (docs/language.md,
// Kernels): bufferization makes each a memref.global of the kernel's
// module, which goes along with the kernel into the program. The two
// executables' constants have the same type, so bufferization gives their
// globals the same name; @bias is also copied for other layouts.

#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
#pad = #stream_lite.padding<[0, ?]>

// 2x2 tiles: the last row of tiles is cut.
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 2, n = 3, k = 2>>])
// 8x4 tiles: one tile, cut to 5 rows.
stream_lite.device @gpu targets([#stream_lite.target<"rocm", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 4>>])
// Rows of 4 f32 (16 bytes) padded to 24 bytes: 2 pad elements.
stream_lite.device @pad targets([#stream_lite.target<"vmvx", resolver = #stream_lite.padding_resolver<cache_line_bytes = 8, cache_sets = 2>>])

// out = a + [1, 2, 3, 4] on every row.
stream_lite.executable private @bias {
  stream_lite.executable.export public @bias
  builtin.module {
    func.func @bias(%a: !stream_lite.binding, %o: !stream_lite.binding, %n: index) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?x4xf32, #lhs>>{%n}
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<?x4xf32, #lhs>>{%n}
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [%n, 4], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<?x4xf32, #lhs>>{%n} -> tensor<?x4xf32>
      %k = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
      %e = tensor.empty(%n) : tensor<?x4xf32>
      %b = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%k : tensor<4xf32>) outs(%e : tensor<?x4xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<?x4xf32>
      %e2 = tensor.empty(%n) : tensor<?x4xf32>
      %s = linalg.add ins(%x, %b : tensor<?x4xf32>, tensor<?x4xf32>) outs(%e2 : tensor<?x4xf32>) -> tensor<?x4xf32>
      stream_lite.dispatch.tensor.store %s, %ov, offsets = [0, 0], sizes = [%n, 4], strides = [1, 1] : tensor<?x4xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<?x4xf32, #lhs>>{%n}
      return
    }
  }
}

// out = a * [10, 20, 30, 40] on every row, both bindings padded.
stream_lite.executable private @scale {
  stream_lite.executable.export public @scale
  builtin.module {
    func.func @scale(%a: !stream_lite.binding, %o: !stream_lite.binding, %n: index) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?x4xf32, #pad>>{%n}
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<?x4xf32, #pad>>{%n}
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [%n, 4], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<?x4xf32, #pad>>{%n} -> tensor<?x4xf32>
      %k = arith.constant dense<[10.0, 20.0, 30.0, 40.0]> : tensor<4xf32>
      %e = tensor.empty(%n) : tensor<?x4xf32>
      %b = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%k : tensor<4xf32>) outs(%e : tensor<?x4xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<?x4xf32>
      %e2 = tensor.empty(%n) : tensor<?x4xf32>
      %s = linalg.mul ins(%x, %b : tensor<?x4xf32>, tensor<?x4xf32>) outs(%e2 : tensor<?x4xf32>) -> tensor<?x4xf32>
      stream_lite.dispatch.tensor.store %s, %ov, offsets = [0, 0], sizes = [%n, 4], strides = [1, 1] : tensor<?x4xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<?x4xf32, #pad>>{%n}
      return
    }
  }
}

// BIAS: {{^}}5x4xf32=1 3 5 7 5 7 9 11 9 11 13 15 13 15 17 19 17 19 21 23{{$}}
// BIAS-NOT: {{.}}
func.func @bias_tiled(%arg: tensor<?x4xf32>, %rows: index) -> tensor<?x4xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<?x4xf32>{%rows} : index
  %i = stream_lite.tensor.import %arg : tensor<?x4xf32> -> tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<?x4xf32, #lhs>{%rows} : index
  %t = stream_lite.tensor.encode %i : tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x4xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz}
  %o = stream_lite.tensor.dispatch @bias::@bias(%t, %rows) : (tensor<?x4xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz}, index) -> tensor<?x4xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %o : tensor<?x4xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

// (a + 2 * [1, 2, 3, 4]) * [10, 20, 30, 40]: @bias on the 2x2 tiles of
// @cpu, then on the 8x4 tiles of @gpu (a copy of @bias for that layout),
// then @scale on the padded rows of @pad: every copy of a kernel has a
// global of its own.
// BOTH: {{^}}5x4xf32=20 100 240 440 60 180 360 600 100 260 480 760 140 340 600 920 180 420 720 1080{{$}}
// BOTH-NOT: {{.}}
func.func @bias_then_scale(%arg: tensor<?x4xf32>, %rows: index) -> tensor<?x4xf32> {
  %sz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<?x4xf32>{%rows} : index
  %i = stream_lite.tensor.import on(#stream_lite.affinity<@cpu>) %arg : tensor<?x4xf32> -> tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<?x4xf32, #lhs>{%rows} : index
  %t = stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>) %i : tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x4xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz}
  %o = stream_lite.tensor.dispatch on(#stream_lite.affinity<@cpu>) @bias::@bias(%t, %rows) : (tensor<?x4xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz}, index) -> tensor<?x4xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz}
  %od = stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>) %o : tensor<?x4xf32, #lhs>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x4xf32>{%rows} in !stream_lite.resource<*>{%sz}
  %g = stream_lite.async.transfer %od : !stream_lite.resource<*>{%sz} from(#stream_lite.affinity<@cpu>) -> to(#stream_lite.affinity<@gpu>) !stream_lite.resource<*>{%sz}
  %gsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<?x4xf32, #lhs>{%rows} : index
  %ge = stream_lite.tensor.encode on(#stream_lite.affinity<@gpu>) %g : tensor<?x4xf32>{%rows} in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32, #lhs>{%rows} in !stream_lite.resource<*>{%gsz}
  %go = stream_lite.tensor.dispatch on(#stream_lite.affinity<@gpu>) @bias::@bias(%ge, %rows) : (tensor<?x4xf32, #lhs>{%rows} in !stream_lite.resource<*>{%gsz}, index) -> tensor<?x4xf32, #lhs>{%rows} in !stream_lite.resource<*>{%gsz}
  %gd = stream_lite.tensor.encode on(#stream_lite.affinity<@gpu>) %go : tensor<?x4xf32, #lhs>{%rows} in !stream_lite.resource<*>{%gsz} -> tensor<?x4xf32>{%rows} in !stream_lite.resource<*>{%sz}
  %p = stream_lite.async.transfer %gd : !stream_lite.resource<*>{%sz} from(#stream_lite.affinity<@gpu>) -> to(#stream_lite.affinity<@pad>) !stream_lite.resource<*>{%sz}
  %psz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@pad>) tensor<?x4xf32, #pad>{%rows} : index
  %pe = stream_lite.tensor.encode on(#stream_lite.affinity<@pad>) %p : tensor<?x4xf32>{%rows} in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32, #pad>{%rows} in !stream_lite.resource<*>{%psz}
  %s = stream_lite.tensor.dispatch on(#stream_lite.affinity<@pad>) @scale::@scale(%pe, %rows) : (tensor<?x4xf32, #pad>{%rows} in !stream_lite.resource<*>{%psz}, index) -> tensor<?x4xf32, #pad>{%rows} in !stream_lite.resource<*>{%psz}
  %sd = stream_lite.tensor.encode on(#stream_lite.affinity<@pad>) %s : tensor<?x4xf32, #pad>{%rows} in !stream_lite.resource<*>{%psz} -> tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export on(#stream_lite.affinity<@pad>) %sd : tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}
