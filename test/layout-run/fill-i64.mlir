// RUN: layout-run %s --input=2x3xi64=-1 | FileCheck %s
// RUN: layout-run %s --input=2x3xi64=-1 --compare-to-reference --check-leaks | FileCheck %s

// 64-bit fills: a pattern whose 32-bit halves differ (4294967298 =
// 0x0000000100000002, a builtin dispatch) over row 0 and one whose halves are
// equal (-1 is 0xffffffffffffffff, filled as 32-bit) over a tiled tensor that
// the fill's column cuts.

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 2, n = 2, k = 2>>])

// CHECK: {{^}}2x3xi64=4294967298 4294967298 4294967298 -1 -1 -1{{$}}
// CHECK-NEXT: {{^}}2x3xi64=0 -1 0 0 -1 0{{$}}
// CHECK-NOT: {{.}}
func.func @main(%arg: tensor<2x3xi64>) -> (tensor<2x3xi64>, tensor<2x3xi64>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %wide = arith.constant 4294967298 : i64
  %zero = arith.constant 0 : i64
  %ones = arith.constant -1 : i64
  %sz = stream_lite.tensor.sizeof tensor<2x3xi64> : index
  %i = stream_lite.tensor.import %arg : tensor<2x3xi64> -> tensor<2x3xi64> in !stream_lite.resource<external>{%sz}
  %f = stream_lite.tensor.fill %wide, %i[%c0, %c0 for %c1, %c3] : i64 -> tensor<2x3xi64> in %i as !stream_lite.resource<external>{%sz}
  %t = stream_lite.tensor.export %f : tensor<2x3xi64> in !stream_lite.resource<external>{%sz} -> tensor<2x3xi64>
  %tsz = stream_lite.tensor.sizeof tensor<2x3xi64, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [i64, i64, i64]>> : index
  %z = stream_lite.tensor.splat %zero : i64 -> tensor<2x3xi64, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [i64, i64, i64]>> in !stream_lite.resource<*>{%tsz}
  %g = stream_lite.tensor.fill %ones, %z[%c0, %c1 for %c2, %c1] : i64 -> tensor<2x3xi64, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [i64, i64, i64]>> in %z as !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %g : tensor<2x3xi64, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [i64, i64, i64]>> in !stream_lite.resource<*>{%tsz} -> tensor<2x3xi64> in !stream_lite.resource<external>{%sz}
  %u = stream_lite.tensor.export %d : tensor<2x3xi64> in !stream_lite.resource<external>{%sz} -> tensor<2x3xi64>
  return %t, %u : tensor<2x3xi64>, tensor<2x3xi64>
}
