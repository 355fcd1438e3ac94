// A stream-lite program with no arguments that prints its result, for
// upstream mlir-runner (whose -e entry takes no arguments):
//
//   build/bin/layout-opt --stream-lite-to-llvm-pipeline examples/print-tiled.mlir | \
//     /usr/lib/llvm-22/bin/mlir-runner -e main -entry-point-result=void \
//       -shared-libs=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so
//
// A 4x4 constant is encoded into the CPU's 8x1 matmul tiles (one tile, four
// rows of zero padding), a 2x2 block is filled with 100 (the fill cuts the
// tiles: a builtin dispatch), and the result, encoded back to dense, moves
// to the GPU, where it is printed one row a line:
//
//   0, 1, 2, 3
//   4, 100, 100, 7
//   8, 100, 100, 11
//   12, 13, 14, 15

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])
stream_lite.device @gpu targets([#stream_lite.target<"rocm">])

// From mlir-runner's libmlir_c_runner_utils.so.
func.func private @printF32(f32)
func.func private @printComma()
func.func private @printNewline()

func.func @main() attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %hundred = arith.constant 100.0 : f32
  %dense_size = stream_lite.tensor.sizeof tensor<4x4xf32> : index
  %cst = stream_lite.tensor.constant : tensor<4x4xf32> in !stream_lite.resource<constant> = dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0]]> : tensor<4x4xf32>
  %tiled_size = stream_lite.tensor.sizeof tensor<4x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>> : index
  %tiled = stream_lite.tensor.encode %cst : tensor<4x4xf32> in !stream_lite.resource<constant>{%dense_size} -> tensor<4x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>> in !stream_lite.resource<*>{%tiled_size}
  %filled = stream_lite.tensor.fill %hundred, %tiled[%c1, %c1 for %c2, %c2] : f32 -> tensor<4x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>> in %tiled as !stream_lite.resource<*>{%tiled_size}
  %dense = stream_lite.tensor.encode %filled : tensor<4x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>> in !stream_lite.resource<*>{%tiled_size} -> tensor<4x4xf32> in !stream_lite.resource<*>{%dense_size}
  %on_gpu = stream_lite.async.transfer %dense : !stream_lite.resource<*>{%dense_size} from(#stream_lite.affinity<@cpu>) -> to(#stream_lite.affinity<@gpu>) !stream_lite.resource<staging>{%dense_size}
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %v = stream_lite.tensor.load %on_gpu[%i, %j] : tensor<4x4xf32> in !stream_lite.resource<staging>{%dense_size} -> f32
      func.call @printF32(%v) : (f32) -> ()
      %last = arith.cmpi eq, %j, %c3 : index
      scf.if %last {
        func.call @printNewline() : () -> ()
      } else {
        func.call @printComma() : () -> ()
      }
    }
  }
  return
}
