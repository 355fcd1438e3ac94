// RUN: layout-run %s --input=2x4xf32=1,2,3,4,5,6,7,8 --input=index=0 --compare-to-reference --check-leaks --check-padding | FileCheck %s --check-prefix=N0
// RUN: layout-run %s --input=2x4xf32=1,2,3,4,5,6,7,8 --input=index=1 --compare-to-reference --check-leaks --check-padding | FileCheck %s --check-prefix=N1
// RUN: layout-run %s --input=2x4xf32=1,2,3,4,5,6,7,8 --input=index=3 --compare-to-reference --check-leaks --check-padding | FileCheck %s --check-prefix=N3

// Resources through unstructured control flow (a cf loop), a call, an
// scf.while and an scf.if, on a tiled layout: the program runs, agrees with
// its reference, and frees every intermediate buffer (the to-llvm pipeline
// lifts cf to scf so that --stream-lite-deallocate-buffers accepts the
// loop; the value lift-cf-to-scf leaves undefined on the loop's exit path,
// a poison buffer, is an empty allocation).
// The loop runs @step `n` times; step k clones its input and fills row 1
// with k; for n > 1 the result is cloned once more.
// N0: {{^}}2x4xf32=1 2 3 4 5 6 7 8{{$}}
// N1: {{^}}2x4xf32=1 2 3 4 0 0 0 0{{$}}
// N3: {{^}}2x4xf32=1 2 3 4 2 2 2 2{{$}}

#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 4, n = 4, k = 2>>])
func.func private @step(%r: !stream_lite.resource<*>, %sz: index, %v: f32) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c = stream_lite.tensor.clone %r : tensor<2x4xf32, #lhs> in !stream_lite.resource<*>{%sz} -> tensor<2x4xf32, #lhs> in !stream_lite.resource<*>{%sz}
  %f = stream_lite.tensor.fill %v, %c[%c1, %c0 for %c1, %c4] : f32 -> tensor<2x4xf32, #lhs> in %c as !stream_lite.resource<*>{%sz}
  return %f : !stream_lite.resource<*>
}
func.func @main(%arg: tensor<2x4xf32>, %n: index) -> tensor<2x4xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %sz = stream_lite.tensor.sizeof tensor<2x4xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<2x4xf32> -> tensor<2x4xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<2x4xf32, #lhs> : index
  %t = stream_lite.tensor.encode %i : tensor<2x4xf32> in !stream_lite.resource<external>{%sz} -> tensor<2x4xf32, #lhs> in !stream_lite.resource<*>{%tsz}
  cf.br ^loop(%c0, %t : index, !stream_lite.resource<*>)
^loop(%k: index, %cur: !stream_lite.resource<*>):
  %done = arith.cmpi uge, %k, %n : index
  cf.cond_br %done, ^exit(%cur : !stream_lite.resource<*>), ^body
^body:
  %ki = arith.index_cast %k : index to i32
  %kf = arith.sitofp %ki : i32 to f32
  %nx = func.call @step(%cur, %tsz, %kf) : (!stream_lite.resource<*>, index, f32) -> !stream_lite.resource<*>
  %k1 = arith.addi %k, %c1 : index
  cf.br ^loop(%k1, %nx : index, !stream_lite.resource<*>)
^exit(%last: !stream_lite.resource<*>):
  %w = scf.while (%x = %last) : (!stream_lite.resource<*>) -> (!stream_lite.resource<*>) {
    %false = arith.constant false
    scf.condition(%false) %x : !stream_lite.resource<*>
  } do {
  ^bb0(%y: !stream_lite.resource<*>):
    scf.yield %y : !stream_lite.resource<*>
  }
  %cond = arith.cmpi ugt, %n, %c1 : index
  %sel = scf.if %cond -> !stream_lite.resource<*> {
    %cl = stream_lite.tensor.clone %w : tensor<2x4xf32, #lhs> in !stream_lite.resource<*>{%tsz} -> tensor<2x4xf32, #lhs> in !stream_lite.resource<*>{%tsz}
    scf.yield %cl : !stream_lite.resource<*>
  } else {
    scf.yield %w : !stream_lite.resource<*>
  }
  %d = stream_lite.tensor.encode %sel : tensor<2x4xf32, #lhs> in !stream_lite.resource<*>{%tsz} -> tensor<2x4xf32> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<2x4xf32> in !stream_lite.resource<external>{%sz} -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
