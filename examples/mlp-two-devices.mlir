// A two-layer perceptron, y = relu(x @ w1) @ w2, whose layers run on two
// devices with different layouts. The first layer runs on a CPU that
// data-tiles matmul operands (8x1 LHS tiles, 4x1 RHS tiles, 8x4 result
// tiles); the hidden activations move to an accelerator that pads rows to
// its cache lines, where the second layer runs.
//
// The kernels compute on logical tensors (linalg.matmul, a ReLU) and never
// see a layout: each binding is a !stream_lite.dispatch.tensor view, and
// its loads and stores go through whatever layout the binding resolves to.
// The relayout of the hidden activations from the CPU's result tiles to the
// accelerator's padded rows is fused into the first layer's kernel, which
// writes the padded rows directly.
//
//   layout-run examples/mlp-two-devices.mlir --input=@x.npy --input=@w1.npy \
//     --input=@w2.npy --compare-to-reference
//
// runs it (the batch size comes from x) and checks it bit for bit against
// the same program without layouts;
//
//   layout-opt examples/mlp-two-devices.mlir --stream-lite-layout-pipeline \
//     --remarks-filter=stream-lite-fuse-relayouts -o /dev/null
//
// shows the fusion.

#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
#rhs = #stream_lite.encoding<operand_index = 1, op_type = matmul, element_types = [f32, f32, f32]>
#res = #stream_lite.encoding<operand_index = 2, op_type = matmul, element_types = [f32, f32, f32]>
#rows = #stream_lite.padding<[0, ?]>
#map = affine_map<(i, j) -> (i, j)>

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])
stream_lite.device @accel targets([#stream_lite.target<"rocm", resolver = #stream_lite.padding_resolver<cache_line_bytes = 16, cache_sets = 1>>])

stream_lite.executable private @mlp {
  // h = relu(x @ w1): x is a matmul LHS, w1 a RHS, h a result.
  stream_lite.executable.export public @layer1
  // y = h @ w2 on padded rows.
  stream_lite.executable.export public @layer2
  builtin.module {
    func.func @layer1(%x: !stream_lite.binding, %w: !stream_lite.binding, %h: !stream_lite.binding, %n: index) {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0.0 : f32
      %xv = stream_lite.binding.subspan %x[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?x6xf32, #lhs>>{%n}
      %wv = stream_lite.binding.subspan %w[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<6x5xf32, #rhs>>
      %hv = stream_lite.binding.subspan %h[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xf32, #res>>{%n}
      %xt = stream_lite.dispatch.tensor.load %xv, offsets = [0, 0], sizes = [%n, 6], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<?x6xf32, #lhs>>{%n} -> tensor<?x6xf32>
      %wt = stream_lite.dispatch.tensor.load %wv, offsets = [0, 0], sizes = [6, 5], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<6x5xf32, #rhs>> -> tensor<6x5xf32>
      %empty = tensor.empty(%n) : tensor<?x5xf32>
      %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x5xf32>) -> tensor<?x5xf32>
      %mm = linalg.matmul ins(%xt, %wt : tensor<?x6xf32>, tensor<6x5xf32>) outs(%acc : tensor<?x5xf32>) -> tensor<?x5xf32>
      %relu = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%mm : tensor<?x5xf32>) {
      ^bb0(%v: f32):
        %r = arith.maximumf %v, %zero : f32
        linalg.yield %r : f32
      } -> tensor<?x5xf32>
      stream_lite.dispatch.tensor.store %relu, %hv, offsets = [0, 0], sizes = [%n, 5], strides = [1, 1] : tensor<?x5xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xf32, #res>>{%n}
      return
    }
    func.func @layer2(%h: !stream_lite.binding, %w: !stream_lite.binding, %y: !stream_lite.binding, %n: index) {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0.0 : f32
      %hv = stream_lite.binding.subspan %h[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?x5xf32, #rows>>{%n}
      %wv = stream_lite.binding.subspan %w[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<5x3xf32, #rows>>
      %yv = stream_lite.binding.subspan %y[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<?x3xf32>>{%n}
      %ht = stream_lite.dispatch.tensor.load %hv, offsets = [0, 0], sizes = [%n, 5], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<?x5xf32, #rows>>{%n} -> tensor<?x5xf32>
      %wt = stream_lite.dispatch.tensor.load %wv, offsets = [0, 0], sizes = [5, 3], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<5x3xf32, #rows>> -> tensor<5x3xf32>
      %empty = tensor.empty(%n) : tensor<?x3xf32>
      %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x3xf32>) -> tensor<?x3xf32>
      %mm = linalg.matmul ins(%ht, %wt : tensor<?x5xf32>, tensor<5x3xf32>) outs(%acc : tensor<?x3xf32>) -> tensor<?x3xf32>
      stream_lite.dispatch.tensor.store %mm, %yv, offsets = [0, 0], sizes = [%n, 3], strides = [1, 1] : tensor<?x3xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<?x3xf32>>{%n}
      return
    }
  }
}

func.func @main(%x: tensor<?x6xf32>, %w1: tensor<6x5xf32>, %w2: tensor<5x3xf32>) -> tensor<?x3xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x6xf32>

  // Layer 1 on the CPU: operands imported and data-tiled.
  %x_size = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<?x6xf32>{%n} : index
  %x_host = stream_lite.tensor.import on(#stream_lite.affinity<@cpu>) %x : tensor<?x6xf32> -> tensor<?x6xf32>{%n} in !stream_lite.resource<external>{%x_size}
  %x_tiled_size = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<?x6xf32, #lhs>{%n} : index
  %x_tiled = stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>) %x_host : tensor<?x6xf32>{%n} in !stream_lite.resource<external>{%x_size} -> tensor<?x6xf32, #lhs>{%n} in !stream_lite.resource<*>{%x_tiled_size}
  %w1_size = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<6x5xf32> : index
  %w1_host = stream_lite.tensor.import on(#stream_lite.affinity<@cpu>) %w1 : tensor<6x5xf32> -> tensor<6x5xf32> in !stream_lite.resource<external>{%w1_size}
  %w1_tiled_size = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<6x5xf32, #rhs> : index
  %w1_tiled = stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>) %w1_host : tensor<6x5xf32> in !stream_lite.resource<external>{%w1_size} -> tensor<6x5xf32, #rhs> in !stream_lite.resource<*>{%w1_tiled_size}
  %h_size = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<?x5xf32, #res>{%n} : index
  %h = stream_lite.tensor.dispatch on(#stream_lite.affinity<@cpu>) @mlp::@layer1(%x_tiled, %w1_tiled, %n) : (tensor<?x6xf32, #lhs>{%n} in !stream_lite.resource<*>{%x_tiled_size}, tensor<6x5xf32, #rhs> in !stream_lite.resource<*>{%w1_tiled_size}, index) -> tensor<?x5xf32, #res>{%n} in !stream_lite.resource<*>{%h_size}

  // The hidden layer moves to the accelerator, which wants padded rows.
  %h_moved = stream_lite.async.transfer %h : !stream_lite.resource<*>{%h_size} from(#stream_lite.affinity<@cpu>) -> to(#stream_lite.affinity<@accel>) !stream_lite.resource<*>{%h_size}
  %h_rows_size = stream_lite.tensor.sizeof on(#stream_lite.affinity<@accel>) tensor<?x5xf32, #rows>{%n} : index
  %h_rows = stream_lite.tensor.encode on(#stream_lite.affinity<@accel>) %h_moved : tensor<?x5xf32, #res>{%n} in !stream_lite.resource<*>{%h_size} -> tensor<?x5xf32, #rows>{%n} in !stream_lite.resource<*>{%h_rows_size}

  // Layer 2 on the accelerator.
  %w2_size = stream_lite.tensor.sizeof on(#stream_lite.affinity<@accel>) tensor<5x3xf32> : index
  %w2_host = stream_lite.tensor.import on(#stream_lite.affinity<@accel>) %w2 : tensor<5x3xf32> -> tensor<5x3xf32> in !stream_lite.resource<external>{%w2_size}
  %w2_rows_size = stream_lite.tensor.sizeof on(#stream_lite.affinity<@accel>) tensor<5x3xf32, #rows> : index
  %w2_rows = stream_lite.tensor.encode on(#stream_lite.affinity<@accel>) %w2_host : tensor<5x3xf32> in !stream_lite.resource<external>{%w2_size} -> tensor<5x3xf32, #rows> in !stream_lite.resource<*>{%w2_rows_size}
  %y_size = stream_lite.tensor.sizeof on(#stream_lite.affinity<@accel>) tensor<?x3xf32>{%n} : index
  %y = stream_lite.tensor.dispatch on(#stream_lite.affinity<@accel>) @mlp::@layer2(%h_rows, %w2_rows, %n) : (tensor<?x5xf32, #rows>{%n} in !stream_lite.resource<*>{%h_rows_size}, tensor<5x3xf32, #rows> in !stream_lite.resource<*>{%w2_rows_size}, index) -> tensor<?x3xf32>{%n} in !stream_lite.resource<external>{%y_size}
  %result = stream_lite.tensor.export on(#stream_lite.affinity<@accel>) %y : tensor<?x3xf32>{%n} in !stream_lite.resource<external>{%y_size} -> tensor<?x3xf32>
  return %result : tensor<?x3xf32>
}
