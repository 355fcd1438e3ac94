// RUN: layout-run %s --function=if_merge --input=5x3xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=0 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=IF0
// RUN: layout-run %s --function=if_merge --input=5x3xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=1 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=IF1
// RUN: layout-run %s --function=for_merge --input=5x3xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=0 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=LOOP0
// RUN: layout-run %s --function=for_merge --input=5x3xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=1 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=LOOP1
// RUN: layout-run %s --function=for_merge --input=5x3xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=3 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=LOOP3
// RUN: layout-run %s --function=while_merge --input=5x3xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=0 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=LOOP0
// RUN: layout-run %s --function=while_merge --input=5x3xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=1 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=LOOP1
// RUN: layout-run %s --function=while_merge --input=5x3xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=3 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=LOOP3
// RUN: layout-run %s --function=cf_loop_merge --input=5x3xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=0 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=LOOP0
// RUN: layout-run %s --function=cf_loop_merge --input=5x3xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=1 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=LOOP1
// RUN: layout-run %s --function=cf_loop_merge --input=5x3xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=3 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=LOOP3
// RUN: layout-run %s --function=cf_merge --input=5x3xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=0 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=IF0
// RUN: layout-run %s --function=cf_merge --input=5x3xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=1 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=IF1
// RUN: layout-run %s --function=call_merge --input=5x3xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=0 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=CALL0
// RUN: layout-run %s --function=call_merge --input=5x3xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=1 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=CALL1
// RUN: layout-run %s --function=returns_merge --input=5x3xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=0 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=IF0
// RUN: layout-run %s --function=returns_merge --input=5x3xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=1 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=IF1
// RUN: layout-run %s --function=nested_merge --input=5x3xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=0 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=IF0
// RUN: layout-run %s --function=nested_merge --input=5x3xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=1 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=IF1
// RUN: layout-run %s --function=nested_merge --input=5x3xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=2 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=IF1
// RUN: layout-run %s --function=dynamic_merge --input=5x3xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=5 --input=index=0 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=IF0
// RUN: layout-run %s --function=dynamic_merge --input=5x3xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=5 --input=index=1 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=IF1
// RUN: layout-run %s --function=select_merge --input=5x3xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=0 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=IF0
// RUN: layout-run %s --function=select_merge --input=5x3xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=1 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=IF1
// RUN: layout-run %s --function=select_plain --input=i1=1 --input=4xf32=1,2,3,4 --input=4xf32=5,6,7,8 --compare-to-reference --check-leaks | FileCheck %s --check-prefix=PLAIN1
// RUN: layout-run %s --function=select_plain --input=i1=0 --input=4xf32=1,2,3,4 --input=4xf32=5,6,7,8 --compare-to-reference --check-leaks | FileCheck %s --check-prefix=PLAIN0
// RUN: layout-run %s --function=irreducible_merge --input=5x3xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=0 --input=index=0 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=LOOP0
// RUN: layout-run %s --function=irreducible_merge --input=5x3xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=0 --input=index=3 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=ROW0
// RUN: layout-run %s --function=irreducible_merge --input=5x3xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=1 --input=index=0 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=ROW0
// RUN: layout-run %s --function=irreducible_merge --input=5x3xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 --input=index=1 --input=index=3 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=ROW0

// Layouts that merge (--stream-lite-specialize-encodings inserts relayouts):
// data encoded on @cpu (8x1 tiles) and on @gpu (4x2 tiles; a 5x3 tensor has
// pads in both dims) meets at an scf.if, scf.for, scf.while, cf branches, a
// cf loop, a private callee's arguments and a call's results. Each program
// runs with inputs that take every path (both branches; zero, one and three
// loop trips) and agrees bit for bit with its encoding-free reference, with
// every tile pad checked.
//
// Expected: made on @cpu (IF0), rows 3-4 are then filled with 7; made on
// @gpu (IF1), [1, 3) x [1, 3) is also 9. Trip k of a loop fills row k with k
// (LOOP0/1/3). The callee fills row 0 with 5 on @gpu, whichever device made
// the data (CALL0/1).
// IF0: {{^}}5x3xf32=0 1 2 3 4 5 6 7 8 7 7 7 7 7 7{{$}}
// IF1: {{^}}5x3xf32=0 1 2 3 9 9 6 9 9 7 7 7 7 7 7{{$}}
// LOOP0: {{^}}5x3xf32=0 1 2 3 4 5 6 7 8 9 10 11 12 13 14{{$}}
// LOOP1: {{^}}5x3xf32=0 0 0 3 4 5 6 7 8 9 10 11 12 13 14{{$}}
// LOOP3: {{^}}5x3xf32=0 0 0 1 1 1 2 2 2 9 10 11 12 13 14{{$}}
// CALL0: {{^}}5x3xf32=5 5 5 3 4 5 6 7 8 9 10 11 12 13 14{{$}}
// CALL1: {{^}}5x3xf32=5 5 5 3 9 9 6 9 9 9 10 11 12 13 14{{$}}

#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])
stream_lite.device @gpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 4, n = 4, k = 2>>])

// The input on @cpu (sel = 0) or on @gpu with [1, 3) x [1, 3) filled with 9.
func.func private @make(%arg: tensor<5x3xf32>, %sel: index) -> (!stream_lite.resource<*>, index) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %nine = arith.constant 9.0 : f32
  %sz = stream_lite.tensor.sizeof tensor<5x3xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<5x3xf32> -> tensor<5x3xf32> in !stream_lite.resource<external>{%sz}
  %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, #lhs> : index
  %gsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<5x3xf32, #lhs> : index
  %cond = arith.cmpi eq, %sel, %c0 : index
  %r:2 = scf.if %cond -> (!stream_lite.resource<*>, index) {
    %a = stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>) %i : tensor<5x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
    scf.yield %a, %csz : !stream_lite.resource<*>, index
  } else {
    %b = stream_lite.tensor.encode on(#stream_lite.affinity<@gpu>) %i : tensor<5x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%gsz}
    %bf = stream_lite.tensor.fill on(#stream_lite.affinity<@gpu>) %nine, %b[%c1, %c1 for %c2, %c2] : f32 -> tensor<5x3xf32, #lhs> in %b as !stream_lite.resource<*>{%gsz}
    scf.yield %bf, %gsz : !stream_lite.resource<*>, index
  }
  return %r#0, %r#1 : !stream_lite.resource<*>, index
}

// Back to dense on @cpu.
func.func private @finish(%r: !stream_lite.resource<*>, %rsz: index) -> tensor<5x3xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<5x3xf32> : index
  %d = stream_lite.tensor.encode %r : tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%rsz} -> tensor<5x3xf32> in !stream_lite.resource<external>{%sz}
  %o = stream_lite.tensor.export %d : tensor<5x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<5x3xf32>
  return %o : tensor<5x3xf32>
}

func.func @if_merge(%arg: tensor<5x3xf32>, %sel: index) -> tensor<5x3xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %seven = arith.constant 7.0 : f32
  %r:2 = func.call @make(%arg, %sel) : (tensor<5x3xf32>, index) -> (!stream_lite.resource<*>, index)
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@gpu>) %seven, %r#0[%c3, %c0 for %c2, %c3] : f32 -> tensor<5x3xf32, #lhs> in %r#0 as !stream_lite.resource<*>{%r#1}
  %o = func.call @finish(%f, %r#1) : (!stream_lite.resource<*>, index) -> tensor<5x3xf32>
  return %o : tensor<5x3xf32>
}

// Loops: trip k re-encodes the carried data on @gpu and fills row k with k;
// the data enters on @cpu.
func.func @for_merge(%arg: tensor<5x3xf32>, %n: index) -> tensor<5x3xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %gsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<5x3xf32, #lhs> : index
  %r:2 = func.call @make(%arg, %c0) : (tensor<5x3xf32>, index) -> (!stream_lite.resource<*>, index)
  %l:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %r#0, %asz = %r#1) -> (!stream_lite.resource<*>, index) {
    %kf = func.call @to_f32(%k) : (index) -> f32
    %g = stream_lite.tensor.encode on(#stream_lite.affinity<@gpu>) %acc : tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%asz} -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%gsz}
    %gf = stream_lite.tensor.fill on(#stream_lite.affinity<@gpu>) %kf, %g[%k, %c0 for %c1, %c3] : f32 -> tensor<5x3xf32, #lhs> in %g as !stream_lite.resource<*>{%gsz}
    scf.yield %gf, %gsz : !stream_lite.resource<*>, index
  }
  %o = func.call @finish(%l#0, %l#1) : (!stream_lite.resource<*>, index) -> tensor<5x3xf32>
  return %o : tensor<5x3xf32>
}

func.func private @to_f32(%k: index) -> f32 {
  %ki = arith.index_cast %k : index to i32
  %kf = arith.sitofp %ki : i32 to f32
  return %kf : f32
}

func.func @while_merge(%arg: tensor<5x3xf32>, %n: index) -> tensor<5x3xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %gsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<5x3xf32, #lhs> : index
  %r:2 = func.call @make(%arg, %c0) : (tensor<5x3xf32>, index) -> (!stream_lite.resource<*>, index)
  %w:3 = scf.while (%x = %r#0, %xs = %r#1, %k = %c0) : (!stream_lite.resource<*>, index, index) -> (!stream_lite.resource<*>, index, index) {
    %more = arith.cmpi ult, %k, %n : index
    scf.condition(%more) %x, %xs, %k : !stream_lite.resource<*>, index, index
  } do {
  ^bb0(%y: !stream_lite.resource<*>, %ys: index, %kk: index):
    %kf = func.call @to_f32(%kk) : (index) -> f32
    %g = stream_lite.tensor.encode on(#stream_lite.affinity<@gpu>) %y : tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%ys} -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%gsz}
    %gf = stream_lite.tensor.fill on(#stream_lite.affinity<@gpu>) %kf, %g[%kk, %c0 for %c1, %c3] : f32 -> tensor<5x3xf32, #lhs> in %g as !stream_lite.resource<*>{%gsz}
    %next = arith.addi %kk, %c1 : index
    scf.yield %gf, %gsz, %next : !stream_lite.resource<*>, index, index
  }
  %o = func.call @finish(%w#0, %w#1) : (!stream_lite.resource<*>, index) -> tensor<5x3xf32>
  return %o : tensor<5x3xf32>
}

func.func @cf_loop_merge(%arg: tensor<5x3xf32>, %n: index) -> tensor<5x3xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %gsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<5x3xf32, #lhs> : index
  %r:2 = func.call @make(%arg, %c0) : (tensor<5x3xf32>, index) -> (!stream_lite.resource<*>, index)
  cf.br ^loop(%c0, %r#0, %r#1 : index, !stream_lite.resource<*>, index)
^loop(%k: index, %cur: !stream_lite.resource<*>, %cursz: index):
  %done = arith.cmpi uge, %k, %n : index
  cf.cond_br %done, ^exit, ^body
^body:
  %kf = func.call @to_f32(%k) : (index) -> f32
  %g = stream_lite.tensor.encode on(#stream_lite.affinity<@gpu>) %cur : tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%cursz} -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%gsz}
  %gf = stream_lite.tensor.fill on(#stream_lite.affinity<@gpu>) %kf, %g[%k, %c0 for %c1, %c3] : f32 -> tensor<5x3xf32, #lhs> in %g as !stream_lite.resource<*>{%gsz}
  %k1 = arith.addi %k, %c1 : index
  cf.br ^loop(%k1, %gf, %gsz : index, !stream_lite.resource<*>, index)
^exit:
  %o = func.call @finish(%cur, %cursz) : (!stream_lite.resource<*>, index) -> tensor<5x3xf32>
  return %o : tensor<5x3xf32>
}

// cf branches: each block makes the data on its device.
func.func @cf_merge(%arg: tensor<5x3xf32>, %sel: index) -> tensor<5x3xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %seven = arith.constant 7.0 : f32
  %nine = arith.constant 9.0 : f32
  %sz = stream_lite.tensor.sizeof tensor<5x3xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<5x3xf32> -> tensor<5x3xf32> in !stream_lite.resource<external>{%sz}
  %cond = arith.cmpi eq, %sel, %c0 : index
  cf.cond_br %cond, ^cpu, ^gpu
^cpu:
  %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, #lhs> : index
  %a = stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>) %i : tensor<5x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
  cf.br ^merge(%a, %csz : !stream_lite.resource<*>, index)
^gpu:
  %gsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<5x3xf32, #lhs> : index
  %b = stream_lite.tensor.encode on(#stream_lite.affinity<@gpu>) %i : tensor<5x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%gsz}
  %bf = stream_lite.tensor.fill on(#stream_lite.affinity<@gpu>) %nine, %b[%c1, %c1 for %c2, %c2] : f32 -> tensor<5x3xf32, #lhs> in %b as !stream_lite.resource<*>{%gsz}
  cf.br ^merge(%bf, %gsz : !stream_lite.resource<*>, index)
^merge(%m: !stream_lite.resource<*>, %msz: index):
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %seven, %m[%c3, %c0 for %c2, %c3] : f32 -> tensor<5x3xf32, #lhs> in %m as !stream_lite.resource<*>{%msz}
  %o = func.call @finish(%f, %msz) : (!stream_lite.resource<*>, index) -> tensor<5x3xf32>
  return %o : tensor<5x3xf32>
}

// A private callee reached with data from both devices: it works on @gpu
// and returns a dense copy.
func.func private @touch(%r: !stream_lite.resource<*>, %rsz: index) -> (!stream_lite.resource<external>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %five = arith.constant 5.0 : f32
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@gpu>) %five, %r[%c0, %c0 for %c1, %c3] : f32 -> tensor<5x3xf32, #lhs> in %r as !stream_lite.resource<*>{%rsz}
  %sz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32> : index
  %d = stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>) %f : tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%rsz} -> tensor<5x3xf32> in !stream_lite.resource<external>{%sz}
  return %d, %sz : !stream_lite.resource<external>, index
}
func.func @call_merge(%arg: tensor<5x3xf32>, %sel: index) -> tensor<5x3xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %nine = arith.constant 9.0 : f32
  %sz = stream_lite.tensor.sizeof tensor<5x3xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<5x3xf32> -> tensor<5x3xf32> in !stream_lite.resource<external>{%sz}
  %cond = arith.cmpi eq, %sel, %c0 : index
  %r:2 = scf.if %cond -> (!stream_lite.resource<external>, index) {
    %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, #lhs> : index
    %a = stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>) %i : tensor<5x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
    %t:2 = func.call @touch(%a, %csz) : (!stream_lite.resource<*>, index) -> (!stream_lite.resource<external>, index)
    scf.yield %t#0, %t#1 : !stream_lite.resource<external>, index
  } else {
    %gsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<5x3xf32, #lhs> : index
    %b = stream_lite.tensor.encode on(#stream_lite.affinity<@gpu>) %i : tensor<5x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%gsz}
    %bf = stream_lite.tensor.fill on(#stream_lite.affinity<@gpu>) %nine, %b[%c1, %c1 for %c2, %c2] : f32 -> tensor<5x3xf32, #lhs> in %b as !stream_lite.resource<*>{%gsz}
    %t:2 = func.call @touch(%bf, %gsz) : (!stream_lite.resource<*>, index) -> (!stream_lite.resource<external>, index)
    scf.yield %t#0, %t#1 : !stream_lite.resource<external>, index
  }
  %o = stream_lite.tensor.export %r#0 : tensor<5x3xf32> in !stream_lite.resource<external>{%r#1} -> tensor<5x3xf32>
  return %o : tensor<5x3xf32>
}

// A call whose callee returns data from either device.
func.func private @either(%arg: tensor<5x3xf32>, %sel: index) -> (!stream_lite.resource<*>, index) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %nine = arith.constant 9.0 : f32
  %sz = stream_lite.tensor.sizeof tensor<5x3xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<5x3xf32> -> tensor<5x3xf32> in !stream_lite.resource<external>{%sz}
  %cond = arith.cmpi eq, %sel, %c0 : index
  cf.cond_br %cond, ^cpu, ^gpu
^cpu:
  %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, #lhs> : index
  %a = stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>) %i : tensor<5x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
  return %a, %csz : !stream_lite.resource<*>, index
^gpu:
  %gsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<5x3xf32, #lhs> : index
  %b = stream_lite.tensor.encode on(#stream_lite.affinity<@gpu>) %i : tensor<5x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%gsz}
  %bf = stream_lite.tensor.fill on(#stream_lite.affinity<@gpu>) %nine, %b[%c1, %c1 for %c2, %c2] : f32 -> tensor<5x3xf32, #lhs> in %b as !stream_lite.resource<*>{%gsz}
  return %bf, %gsz : !stream_lite.resource<*>, index
}
func.func @returns_merge(%arg: tensor<5x3xf32>, %sel: index) -> tensor<5x3xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %seven = arith.constant 7.0 : f32
  %r:2 = func.call @either(%arg, %sel) : (tensor<5x3xf32>, index) -> (!stream_lite.resource<*>, index)
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %seven, %r#0[%c3, %c0 for %c2, %c3] : f32 -> tensor<5x3xf32, #lhs> in %r#0 as !stream_lite.resource<*>{%r#1}
  %o = func.call @finish(%f, %r#1) : (!stream_lite.resource<*>, index) -> tensor<5x3xf32>
  return %o : tensor<5x3xf32>
}

// Nested merges (sel = 0: @cpu; 1: @gpu inside; 2: @gpu in the outer
// branch): the inner merge is fixed first.
func.func @nested_merge(%arg: tensor<5x3xf32>, %sel: index) -> tensor<5x3xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %seven = arith.constant 7.0 : f32
  %nine = arith.constant 9.0 : f32
  %sz = stream_lite.tensor.sizeof tensor<5x3xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<5x3xf32> -> tensor<5x3xf32> in !stream_lite.resource<external>{%sz}
  %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, #lhs> : index
  %gsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<5x3xf32, #lhs> : index
  %outer = arith.cmpi ult, %sel, %c2 : index
  %inner = arith.cmpi eq, %sel, %c0 : index
  %r:2 = scf.if %outer -> (!stream_lite.resource<*>, index) {
    %m:2 = scf.if %inner -> (!stream_lite.resource<*>, index) {
      %a = stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>) %i : tensor<5x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
      scf.yield %a, %csz : !stream_lite.resource<*>, index
    } else {
      %b = stream_lite.tensor.encode on(#stream_lite.affinity<@gpu>) %i : tensor<5x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%gsz}
      %bf = stream_lite.tensor.fill on(#stream_lite.affinity<@gpu>) %nine, %b[%c1, %c1 for %c2, %c2] : f32 -> tensor<5x3xf32, #lhs> in %b as !stream_lite.resource<*>{%gsz}
      scf.yield %bf, %gsz : !stream_lite.resource<*>, index
    }
    scf.yield %m#0, %m#1 : !stream_lite.resource<*>, index
  } else {
    %b = stream_lite.tensor.encode on(#stream_lite.affinity<@gpu>) %i : tensor<5x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%gsz}
    %bf = stream_lite.tensor.fill on(#stream_lite.affinity<@gpu>) %nine, %b[%c1, %c1 for %c2, %c2] : f32 -> tensor<5x3xf32, #lhs> in %b as !stream_lite.resource<*>{%gsz}
    scf.yield %bf, %gsz : !stream_lite.resource<*>, index
  }
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %seven, %r#0[%c3, %c0 for %c2, %c3] : f32 -> tensor<5x3xf32, #lhs> in %r#0 as !stream_lite.resource<*>{%r#1}
  %o = func.call @finish(%f, %r#1) : (!stream_lite.resource<*>, index) -> tensor<5x3xf32>
  return %o : tensor<5x3xf32>
}

// Dynamic dims: the row count and the sizes travel through the merge.
func.func @dynamic_merge(%arg: tensor<5x3xf32>, %rows: index, %sel: index) -> tensor<5x3xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %seven = arith.constant 7.0 : f32
  %nine = arith.constant 9.0 : f32
  %sz = stream_lite.tensor.sizeof tensor<5x3xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<5x3xf32> -> tensor<5x3xf32> in !stream_lite.resource<external>{%sz}
  %cond = arith.cmpi eq, %sel, %c0 : index
  %r:2 = scf.if %cond -> (!stream_lite.resource<*>, index) {
    %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<?x3xf32, #lhs>{%rows} : index
    %a = stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>) %i : tensor<?x3xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x3xf32, #lhs>{%rows} in !stream_lite.resource<*>{%csz}
    scf.yield %a, %csz : !stream_lite.resource<*>, index
  } else {
    %gsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<?x3xf32, #lhs>{%rows} : index
    %b = stream_lite.tensor.encode on(#stream_lite.affinity<@gpu>) %i : tensor<?x3xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x3xf32, #lhs>{%rows} in !stream_lite.resource<*>{%gsz}
    %bf = stream_lite.tensor.fill on(#stream_lite.affinity<@gpu>) %nine, %b[%c1, %c1 for %c2, %c2] : f32 -> tensor<?x3xf32, #lhs>{%rows} in %b as !stream_lite.resource<*>{%gsz}
    scf.yield %bf, %gsz : !stream_lite.resource<*>, index
  }
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %seven, %r#0[%c3, %c0 for %c2, %c3] : f32 -> tensor<?x3xf32, #lhs>{%rows} in %r#0 as !stream_lite.resource<*>{%r#1}
  %d = stream_lite.tensor.encode %f : tensor<?x3xf32, #lhs>{%rows} in !stream_lite.resource<*>{%r#1} -> tensor<?x3xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %o = stream_lite.tensor.export %d : tensor<?x3xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<5x3xf32>
  return %o : tensor<5x3xf32>
}

// arith.select of the data and of its size (an scf.if that only yields,
// canonicalized): the same merge as @if_merge, without a call.
func.func @select_merge(%arg: tensor<5x3xf32>, %sel: index) -> tensor<5x3xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %nine = arith.constant 9.0 : f32
  %seven = arith.constant 7.0 : f32
  %sz = stream_lite.tensor.sizeof tensor<5x3xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<5x3xf32> -> tensor<5x3xf32> in !stream_lite.resource<external>{%sz}
  %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, #lhs> : index
  %gsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<5x3xf32, #lhs> : index
  %a = stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>) %i : tensor<5x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
  %b = stream_lite.tensor.encode on(#stream_lite.affinity<@gpu>) %i : tensor<5x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%gsz}
  %bf = stream_lite.tensor.fill on(#stream_lite.affinity<@gpu>) %nine, %b[%c1, %c1 for %c2, %c2] : f32 -> tensor<5x3xf32, #lhs> in %b as !stream_lite.resource<*>{%gsz}
  %cond = arith.cmpi eq, %sel, %c0 : index
  %r = arith.select %cond, %a, %bf : !stream_lite.resource<*>
  %rsz = arith.select %cond, %csz, %gsz : index
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@gpu>) %seven, %r[%c3, %c0 for %c2, %c3] : f32 -> tensor<5x3xf32, #lhs> in %r as !stream_lite.resource<*>{%rsz}
  %o = func.call @finish(%f, %rsz) : (!stream_lite.resource<*>, index) -> tensor<5x3xf32>
  return %o : tensor<5x3xf32>
}

// No encodings: an scf.if choosing one of two imported resources (the
// layout pipeline canonicalizes it to arith.select) lowers to a select of
// buffers, in the program and in its reference.
// PLAIN1: {{^}}4xf32=1 2 3 4{{$}}
// PLAIN0: {{^}}4xf32=5 6 7 8{{$}}
func.func @select_plain(%sel: i1, %x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<4xf32> : index
  %a = stream_lite.tensor.import %x : tensor<4xf32> -> tensor<4xf32> in !stream_lite.resource<external>{%sz}
  %b = stream_lite.tensor.import %y : tensor<4xf32> -> tensor<4xf32> in !stream_lite.resource<external>{%sz}
  %s = scf.if %sel -> !stream_lite.resource<external> {
    scf.yield %a : !stream_lite.resource<external>
  } else {
    scf.yield %b : !stream_lite.resource<external>
  }
  %r = stream_lite.tensor.export %s : tensor<4xf32> in !stream_lite.resource<external>{%sz} -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// An irreducible loop: two blocks that branch to each other, entered at
// either with data made on another device. ^left only passes its argument
// on; the size it passes along is the size of the bytes relayouted on its
// way to ^right. Each trip through ^right fills row 0 with 9.
// ROW0: {{^}}5x3xf32=9 9 9 3 4 5 6 7 8 9 10 11 12 13 14{{$}}
func.func @irreducible_merge(%arg: tensor<5x3xf32>, %sel: index, %n: index) -> tensor<5x3xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %nine = arith.constant 9.0 : f32
  %sz = stream_lite.tensor.sizeof tensor<5x3xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<5x3xf32> -> tensor<5x3xf32> in !stream_lite.resource<external>{%sz}
  %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, #lhs> : index
  %gsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<5x3xf32, #lhs> : index
  %a = stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>) %i : tensor<5x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
  %b = stream_lite.tensor.encode on(#stream_lite.affinity<@gpu>) %i : tensor<5x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%gsz}
  %first = arith.cmpi eq, %sel, %c0 : index
  cf.cond_br %first, ^left(%c0, %a, %csz : index, !stream_lite.resource<*>, index), ^right(%c0, %b, %gsz : index, !stream_lite.resource<*>, index)
^left(%k: index, %l: !stream_lite.resource<*>, %lsz: index):
  %ldone = arith.cmpi uge, %k, %n : index
  %k1 = arith.addi %k, %c1 : index
  cf.cond_br %ldone, ^exit(%l, %lsz : !stream_lite.resource<*>, index), ^right(%k1, %l, %lsz : index, !stream_lite.resource<*>, index)
^right(%j: index, %r: !stream_lite.resource<*>, %rsz: index):
  %rf = stream_lite.tensor.fill on(#stream_lite.affinity<@gpu>) %nine, %r[%c0, %c0 for %c1, %c3] : f32 -> tensor<5x3xf32, #lhs> in %r as !stream_lite.resource<*>{%rsz}
  %rdone = arith.cmpi uge, %j, %n : index
  %j1 = arith.addi %j, %c1 : index
  cf.cond_br %rdone, ^exit(%rf, %rsz : !stream_lite.resource<*>, index), ^left(%j1, %rf, %rsz : index, !stream_lite.resource<*>, index)
^exit(%o: !stream_lite.resource<*>, %osz: index):
  %res = func.call @finish(%o, %osz) : (!stream_lite.resource<*>, index) -> tensor<5x3xf32>
  return %res : tensor<5x3xf32>
}
