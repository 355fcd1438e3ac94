// RUN: layout-opt --split-input-file %s | layout-opt --split-input-file | FileCheck %s
// RUN: layout-opt --split-input-file --mlir-print-op-generic %s | layout-opt --split-input-file | FileCheck %s

// Round trip of every stream_lite op. The docs/language.md examples appear
// verbatim (with #a = #stream_lite.affinity<@cpu>, #b = #stream_lite.affinity<@gpu>
// and #enc = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>)
// and their printed form is checked to the end of the line.

// Tests that devices (docs/language.md) round trip, with and without
// resolvers and native_fill_bits, and with several targets.
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])
stream_lite.device @gpu targets([#stream_lite.target<"rocm", resolver = #stream_lite.padding_resolver<cache_line_bytes = 128, cache_sets = 4>>]) {native_fill_bits = [8, 16, 32]}
stream_lite.device @plain targets([#stream_lite.target<"vmvx">])
stream_lite.device @multi targets([#stream_lite.target<"vmvx">, #stream_lite.target<"llvm-cpu", resolver = #stream_lite.specialization_resolver<123>>]) {native_fill_bits = [8, 64]}

// CHECK-LABEL: stream_lite.device @cpu
// CHECK-SAME: targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>]){{$}}
// CHECK: stream_lite.device @gpu targets([#stream_lite.target<"rocm", resolver = #stream_lite.padding_resolver<cache_line_bytes = 128, cache_sets = 4>>]) {native_fill_bits = [8, 16, 32]}{{$}}
// CHECK: stream_lite.device @plain targets([#stream_lite.target<"vmvx">]){{$}}
// CHECK: stream_lite.device @multi targets([#stream_lite.target<"vmvx">, #stream_lite.target<"llvm-cpu", resolver = #stream_lite.specialization_resolver<123>>]) {native_fill_bits = [8, 64]}{{$}}

// -----

// Tests that tensor.sizeof round trips with an affinity and an encoding on a
// dynamic tensor (docs/language.md example), without an affinity on a static tensor, and
// with a multi-device affinity.
func.func @sizeof(%d: index) -> (index, index, index) {
  %sz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<?x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>{%d} : index
  %sz_static = stream_lite.tensor.sizeof tensor<2x4xf32> : index
  %sz_any = stream_lite.tensor.sizeof on(#stream_lite.affinity<[@cpu, @gpu]>) tensor<?x?xi8>{%d, %d} : index
  return %sz, %sz_static, %sz_any : index, index, index
}
// CHECK-LABEL: func.func @sizeof
// CHECK-SAME: (%[[D:[a-zA-Z0-9_]+]]: index)
// CHECK: %[[SZ:.+]] = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<?x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>{%[[D]]} : index{{$}}
// CHECK: %[[SZ_STATIC:.+]] = stream_lite.tensor.sizeof tensor<2x4xf32> : index{{$}}
// CHECK: %[[SZ_ANY:.+]] = stream_lite.tensor.sizeof on(#stream_lite.affinity<[@cpu, @gpu]>) tensor<?x?xi8>{%[[D]], %[[D]]} : index{{$}}
// CHECK: return %[[SZ]], %[[SZ_STATIC]], %[[SZ_ANY]]
stream_lite.device @cpu targets([#stream_lite.target<"x">])
stream_lite.device @gpu targets([#stream_lite.target<"x">])

// -----

// Tests that tensor.empty round trips with and without an affinity and with
// dynamic and static dims.
func.func @empty(%d: index, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<transient>) {
  %e  = stream_lite.tensor.empty on(#stream_lite.affinity<@cpu>) : tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz}
  %e2 = stream_lite.tensor.empty : tensor<2x4xf32, #stream_lite.padding<[0, 4]>> in !stream_lite.resource<transient>{%sz}
  return %e, %e2 : !stream_lite.resource<*>, !stream_lite.resource<transient>
}
// CHECK-LABEL: func.func @empty
// CHECK-SAME: (%[[D:[a-zA-Z0-9_]+]]: index, %[[SZ:[a-zA-Z0-9_]+]]: index)
// CHECK: %[[E:.+]] = stream_lite.tensor.empty on(#stream_lite.affinity<@cpu>) : tensor<?x4xf32>{%[[D]]} in !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: %[[E2:.+]] = stream_lite.tensor.empty : tensor<2x4xf32, #stream_lite.padding<[0, 4]>> in !stream_lite.resource<transient>{%[[SZ]]}{{$}}
// CHECK: return %[[E]], %[[E2]]
stream_lite.device @cpu targets([#stream_lite.target<"x">])

// -----

// Tests that tensor.constant round trips with and without an affinity and
// with a dynamic result dim.
func.func @constant(%d: index) -> (!stream_lite.resource<constant>, !stream_lite.resource<*>, !stream_lite.resource<constant>) {
  %c  = stream_lite.tensor.constant on(#stream_lite.affinity<@cpu>) : tensor<2x4xf32> in !stream_lite.resource<constant> = dense<1.0> : tensor<2x4xf32>
  %c2 = stream_lite.tensor.constant : tensor<3xi32, #stream_lite.identity> in !stream_lite.resource<*> = dense<[1, 2, 3]> : tensor<3xi32>
  %c3 = stream_lite.tensor.constant on(#stream_lite.affinity<@gpu>) : tensor<?x4xf32>{%d} in !stream_lite.resource<constant> = dense<2.5> : tensor<2x4xf32>
  return %c, %c2, %c3 : !stream_lite.resource<constant>, !stream_lite.resource<*>, !stream_lite.resource<constant>
}
// CHECK-LABEL: func.func @constant
// CHECK-SAME: (%[[D:[a-zA-Z0-9_]+]]: index)
// CHECK: %[[C:.+]] = stream_lite.tensor.constant on(#stream_lite.affinity<@cpu>) : tensor<2x4xf32> in !stream_lite.resource<constant> = dense<1.000000e+00> : tensor<2x4xf32>{{$}}
// CHECK: %[[C2:.+]] = stream_lite.tensor.constant : tensor<3xi32, #stream_lite.identity> in !stream_lite.resource<*> = dense<[1, 2, 3]> : tensor<3xi32>{{$}}
// CHECK: %[[C3:.+]] = stream_lite.tensor.constant on(#stream_lite.affinity<@gpu>) : tensor<?x4xf32>{%[[D]]} in !stream_lite.resource<constant> = dense<2.500000e+00> : tensor<2x4xf32>{{$}}
// CHECK: return %[[C]], %[[C2]], %[[C3]]
stream_lite.device @cpu targets([#stream_lite.target<"x">])
stream_lite.device @gpu targets([#stream_lite.target<"x">])

// -----

// Tests that tensor.splat round trips with and without an affinity.
func.func @splat(%d: index, %sz: index, %v: f32, %i: i8) -> (!stream_lite.resource<*>, !stream_lite.resource<transient>) {
  %s  = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %v : f32 -> tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz}
  %s2 = stream_lite.tensor.splat %i : i8 -> tensor<8x8xi8> in !stream_lite.resource<transient>{%sz}
  return %s, %s2 : !stream_lite.resource<*>, !stream_lite.resource<transient>
}
// CHECK-LABEL: func.func @splat
// CHECK-SAME: (%[[D:[a-zA-Z0-9_]+]]: index, %[[SZ:[a-zA-Z0-9_]+]]: index, %[[V:[a-zA-Z0-9_]+]]: f32, %[[I:[a-zA-Z0-9_]+]]: i8)
// CHECK: %[[S:.+]] = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %[[V]] : f32 -> tensor<?x4xf32>{%[[D]]} in !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: %[[S2:.+]] = stream_lite.tensor.splat %[[I]] : i8 -> tensor<8x8xi8> in !stream_lite.resource<transient>{%[[SZ]]}{{$}}
// CHECK: return %[[S]], %[[S2]]
stream_lite.device @cpu targets([#stream_lite.target<"x">])

// -----

// Tests that tensor.clone round trips with and without an affinity, with
// dynamic dims and with an encoding that it keeps.
func.func @clone(%d: index, %sz: index, %r: !stream_lite.resource<*>) -> (!stream_lite.resource<*>, !stream_lite.resource<transient>) {
  %k  = stream_lite.tensor.clone on(#stream_lite.affinity<@cpu>) %r : tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz}
  %k2 = stream_lite.tensor.clone %r : tensor<4x4xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>> in !stream_lite.resource<*>{%sz} -> tensor<4x4xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>> in !stream_lite.resource<transient>{%sz}
  return %k, %k2 : !stream_lite.resource<*>, !stream_lite.resource<transient>
}
// CHECK-LABEL: func.func @clone
// CHECK-SAME: (%[[D:[a-zA-Z0-9_]+]]: index, %[[SZ:[a-zA-Z0-9_]+]]: index, %[[R:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>)
// CHECK: %[[K:.+]] = stream_lite.tensor.clone on(#stream_lite.affinity<@cpu>) %[[R]] : tensor<?x4xf32>{%[[D]]} in !stream_lite.resource<*>{%[[SZ]]} -> tensor<?x4xf32>{%[[D]]} in !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: %[[K2:.+]] = stream_lite.tensor.clone %[[R]] : tensor<4x4xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>> in !stream_lite.resource<*>{%[[SZ]]} -> tensor<4x4xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>> in !stream_lite.resource<transient>{%[[SZ]]}{{$}}
// CHECK: return %[[K]], %[[K2]]
stream_lite.device @cpu targets([#stream_lite.target<"x">])

// -----

// Tests that tensor.encode round trips with and without an affinity, from no
// encoding to an encoding and between serialized layouts.
func.func @encode(%d: index, %sz: index, %sz2: index, %r: !stream_lite.resource<*>) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) {
  %n  = stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>) %r : tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>{%d} in !stream_lite.resource<*>{%sz2}
  %n2 = stream_lite.tensor.encode %r : tensor<4x4xf32, #stream_lite.padding<[0, 4]>> in !stream_lite.resource<*>{%sz} -> tensor<4x4xf32, #stream_lite.tiled<inner_dims_pos = [1, 0], inner_tiles = [4, 1], outer_dims_perm = [1, 0]>> in !stream_lite.resource<*>{%sz2}
  return %n, %n2 : !stream_lite.resource<*>, !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @encode
// CHECK-SAME: (%[[D:[a-zA-Z0-9_]+]]: index, %[[SZ:[a-zA-Z0-9_]+]]: index, %[[SZ2:[a-zA-Z0-9_]+]]: index, %[[R:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>)
// CHECK: %[[N:.+]] = stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>) %[[R]] : tensor<?x4xf32>{%[[D]]} in !stream_lite.resource<*>{%[[SZ]]} -> tensor<?x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>>{%[[D]]} in !stream_lite.resource<*>{%[[SZ2]]}{{$}}
// CHECK: %[[N2:.+]] = stream_lite.tensor.encode %[[R]] : tensor<4x4xf32, #stream_lite.padding<[0, 4]>> in !stream_lite.resource<*>{%[[SZ]]} -> tensor<4x4xf32, #stream_lite.tiled<inner_dims_pos = [1, 0], inner_tiles = [4, 1], outer_dims_perm = [1, 0]>> in !stream_lite.resource<*>{%[[SZ2]]}{{$}}
// CHECK: return %[[N]], %[[N2]]
stream_lite.device @cpu targets([#stream_lite.target<"x">])

// -----

// Tests that tensor.slice round trips with an affinity (docs/language.md example, dynamic
// source) and without one (static source, dynamic result).
func.func @slice(%d: index, %n: index, %sz: index, %sz3: index, %r: !stream_lite.resource<*>) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %l  = stream_lite.tensor.slice on(#stream_lite.affinity<@cpu>) %r[%c0, %c1 for %c2, %c3] : tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<2x3xf32> in !stream_lite.resource<*>{%sz3}
  %l2 = stream_lite.tensor.slice %r[%c1 for %n] : tensor<8xi32> in !stream_lite.resource<*>{%sz} -> tensor<?xi32>{%n} in !stream_lite.resource<*>{%sz3}
  return %l, %l2 : !stream_lite.resource<*>, !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @slice
// CHECK-SAME: (%[[D:[a-zA-Z0-9_]+]]: index, %[[N:[a-zA-Z0-9_]+]]: index, %[[SZ:[a-zA-Z0-9_]+]]: index, %[[SZ3:[a-zA-Z0-9_]+]]: index, %[[R:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>)
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.+]] = arith.constant 3 : index
// CHECK: %[[L:.+]] = stream_lite.tensor.slice on(#stream_lite.affinity<@cpu>) %[[R]][%[[C0]], %[[C1]] for %[[C2]], %[[C3]]] : tensor<?x4xf32>{%[[D]]} in !stream_lite.resource<*>{%[[SZ]]} -> tensor<2x3xf32> in !stream_lite.resource<*>{%[[SZ3]]}{{$}}
// CHECK: %[[L2:.+]] = stream_lite.tensor.slice %[[R]][%[[C1]] for %[[N]]] : tensor<8xi32> in !stream_lite.resource<*>{%[[SZ]]} -> tensor<?xi32>{%[[N]]} in !stream_lite.resource<*>{%[[SZ3]]}{{$}}
// CHECK: return %[[L]], %[[L2]]
stream_lite.device @cpu targets([#stream_lite.target<"x">])

// -----

// Tests that tensor.fill round trips with an affinity (docs/language.md example) and
// without one, with its result tied to the target.
func.func @fill(%d: index, %sz: index, %r: !stream_lite.resource<*>, %t: !stream_lite.resource<transient>, %v: f32, %h: f16) -> (!stream_lite.resource<*>, !stream_lite.resource<transient>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f  = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %r[%c0, %c0 for %c1, %c1] : f32 -> tensor<?x4xf32>{%d} in %r as !stream_lite.resource<*>{%sz}
  %f2 = stream_lite.tensor.fill %h, %t[%c0 for %c4] : f16 -> tensor<4xf16, #stream_lite.padding<[4]>> in %t as !stream_lite.resource<transient>{%sz}
  return %f, %f2 : !stream_lite.resource<*>, !stream_lite.resource<transient>
}
// CHECK-LABEL: func.func @fill
// CHECK-SAME: (%[[D:[a-zA-Z0-9_]+]]: index, %[[SZ:[a-zA-Z0-9_]+]]: index, %[[R:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>, %[[T:[a-zA-Z0-9_]+]]: !stream_lite.resource<transient>, %[[V:[a-zA-Z0-9_]+]]: f32, %[[H:[a-zA-Z0-9_]+]]: f16)
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
// CHECK: %[[F:.+]] = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %[[V]], %[[R]][%[[C0]], %[[C0]] for %[[C1]], %[[C1]]] : f32 -> tensor<?x4xf32>{%[[D]]} in %[[R]] as !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: %[[F2:.+]] = stream_lite.tensor.fill %[[H]], %[[T]][%[[C0]] for %[[C4]]] : f16 -> tensor<4xf16, #stream_lite.padding<[4]>> in %[[T]] as !stream_lite.resource<transient>{%[[SZ]]}{{$}}
// CHECK: return %[[F]], %[[F2]]
stream_lite.device @cpu targets([#stream_lite.target<"x">])

// -----

// Tests that tensor.update round trips with an affinity (docs/language.md example) and
// without one (dynamic update, static target).
func.func @update(%d: index, %n: index, %sz: index, %sz3: index, %r: !stream_lite.resource<*>, %x: !stream_lite.resource<*>) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %u  = stream_lite.tensor.update on(#stream_lite.affinity<@cpu>) %x, %r[%c0, %c1] : tensor<2x3xf32> in !stream_lite.resource<*>{%sz3} -> tensor<?x4xf32>{%d} in %r as !stream_lite.resource<*>{%sz}
  %u2 = stream_lite.tensor.update %x, %r[%c1] : tensor<?xi32>{%n} in !stream_lite.resource<*>{%sz3} -> tensor<16xi32> in %r as !stream_lite.resource<*>{%sz}
  return %u, %u2 : !stream_lite.resource<*>, !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @update
// CHECK-SAME: (%[[D:[a-zA-Z0-9_]+]]: index, %[[N:[a-zA-Z0-9_]+]]: index, %[[SZ:[a-zA-Z0-9_]+]]: index, %[[SZ3:[a-zA-Z0-9_]+]]: index, %[[R:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>, %[[X:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>)
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
// CHECK: %[[U:.+]] = stream_lite.tensor.update on(#stream_lite.affinity<@cpu>) %[[X]], %[[R]][%[[C0]], %[[C1]]] : tensor<2x3xf32> in !stream_lite.resource<*>{%[[SZ3]]} -> tensor<?x4xf32>{%[[D]]} in %[[R]] as !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: %[[U2:.+]] = stream_lite.tensor.update %[[X]], %[[R]][%[[C1]]] : tensor<?xi32>{%[[N]]} in !stream_lite.resource<*>{%[[SZ3]]} -> tensor<16xi32> in %[[R]] as !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: return %[[U]], %[[U2]]
stream_lite.device @cpu targets([#stream_lite.target<"x">])

// -----

// Tests that tensor.load round trips on dynamic (docs/language.md example) and static
// staging tensors, with and without an encoding.
func.func @load(%d: index, %sz: index, %st: !stream_lite.resource<staging>) -> (f32, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v2 = stream_lite.tensor.load %st[%c0, %c1] : tensor<?x4xf32>{%d} in !stream_lite.resource<staging>{%sz} -> f32
  %v3 = stream_lite.tensor.load %st[%c1] : tensor<2xi64, #stream_lite.identity> in !stream_lite.resource<staging>{%sz} -> i64
  return %v2, %v3 : f32, i64
}
// CHECK-LABEL: func.func @load
// CHECK-SAME: (%[[D:[a-zA-Z0-9_]+]]: index, %[[SZ:[a-zA-Z0-9_]+]]: index, %[[ST:[a-zA-Z0-9_]+]]: !stream_lite.resource<staging>)
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
// CHECK: %[[V2:.+]] = stream_lite.tensor.load %[[ST]][%[[C0]], %[[C1]]] : tensor<?x4xf32>{%[[D]]} in !stream_lite.resource<staging>{%[[SZ]]} -> f32{{$}}
// CHECK: %[[V3:.+]] = stream_lite.tensor.load %[[ST]][%[[C1]]] : tensor<2xi64, #stream_lite.identity> in !stream_lite.resource<staging>{%[[SZ]]} -> i64{{$}}
// CHECK: return %[[V2]], %[[V3]]

// -----

// Tests that tensor.store round trips on dynamic (docs/language.md example) and static
// staging tensors, with its result tied to the target.
func.func @store(%d: index, %sz: index, %st: !stream_lite.resource<staging>, %v: f32, %b: i8) -> (!stream_lite.resource<staging>, !stream_lite.resource<staging>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %w  = stream_lite.tensor.store %v, %st[%c0, %c1] : f32 -> tensor<?x4xf32>{%d} in %st as !stream_lite.resource<staging>{%sz}
  %w2 = stream_lite.tensor.store %b, %w[%c1] : i8 -> tensor<3xi8> in %w as !stream_lite.resource<staging>{%sz}
  return %w, %w2 : !stream_lite.resource<staging>, !stream_lite.resource<staging>
}
// CHECK-LABEL: func.func @store
// CHECK-SAME: (%[[D:[a-zA-Z0-9_]+]]: index, %[[SZ:[a-zA-Z0-9_]+]]: index, %[[ST:[a-zA-Z0-9_]+]]: !stream_lite.resource<staging>, %[[V:[a-zA-Z0-9_]+]]: f32, %[[B:[a-zA-Z0-9_]+]]: i8)
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
// CHECK: %[[W:.+]] = stream_lite.tensor.store %[[V]], %[[ST]][%[[C0]], %[[C1]]] : f32 -> tensor<?x4xf32>{%[[D]]} in %[[ST]] as !stream_lite.resource<staging>{%[[SZ]]}{{$}}
// CHECK: %[[W2:.+]] = stream_lite.tensor.store %[[B]], %[[W]][%[[C1]]] : i8 -> tensor<3xi8> in %[[W]] as !stream_lite.resource<staging>{%[[SZ]]}{{$}}
// CHECK: return %[[W]], %[[W2]]

// -----

// Tests that tensor.dispatch round trips as in the docs/language.md example: an affinity,
// a workload, a resource operand with a dynamic dim and a scalar operand.
func.func @dispatch(%d: index, %sz: index, %r: !stream_lite.resource<*>) -> !stream_lite.resource<*> {
  %c4 = arith.constant 4 : index
  %o  = stream_lite.tensor.dispatch on(#stream_lite.affinity<@cpu>) @ex::@entry[%c4](%r, %c4) : (tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz}, index) -> tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz}
  return %o : !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @dispatch
// CHECK-SAME: (%[[D:[a-zA-Z0-9_]+]]: index, %[[SZ:[a-zA-Z0-9_]+]]: index, %[[R:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>)
// CHECK: %[[C4:.+]] = arith.constant 4 : index
// CHECK: %[[O:.+]] = stream_lite.tensor.dispatch on(#stream_lite.affinity<@cpu>) @ex::@entry[%[[C4]]](%[[R]], %[[C4]]) : (tensor<?x4xf32>{%[[D]]} in !stream_lite.resource<*>{%[[SZ]]}, index) -> tensor<?x4xf32>{%[[D]]} in !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: return %[[O]]
stream_lite.device @cpu targets([#stream_lite.target<"x">])

// -----

// Tests that tensor.dispatch round trips with several entry points, no
// workload, no affinity, several results (one tied to an operand), several
// scalar operands and static and dynamic tensors.
func.func @dispatch_multi(%d: index, %sz: index, %sz2: index, %r: !stream_lite.resource<*>, %t: !stream_lite.resource<transient>, %f: f32, %i: i32) -> (!stream_lite.resource<*>, !stream_lite.resource<transient>) {
  %o:2 = stream_lite.tensor.dispatch {@ex::@a, @ex2::@b}(%r, %f, %t, %i) : (tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz}, f32, tensor<4x8xi8, #stream_lite.identity> in !stream_lite.resource<transient>{%sz2}, i32) -> (tensor<?x4xf32>{%d} in %r as !stream_lite.resource<*>{%sz}, tensor<2x?xf16>{%d} in !stream_lite.resource<transient>{%sz2})
  return %o#0, %o#1 : !stream_lite.resource<*>, !stream_lite.resource<transient>
}
// CHECK-LABEL: func.func @dispatch_multi
// CHECK-SAME: (%[[D:[a-zA-Z0-9_]+]]: index, %[[SZ:[a-zA-Z0-9_]+]]: index, %[[SZ2:[a-zA-Z0-9_]+]]: index, %[[R:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>, %[[T:[a-zA-Z0-9_]+]]: !stream_lite.resource<transient>, %[[F:[a-zA-Z0-9_]+]]: f32, %[[I:[a-zA-Z0-9_]+]]: i32)
// CHECK: %[[O:.+]]:2 = stream_lite.tensor.dispatch {@ex::@a, @ex2::@b}(%[[R]], %[[F]], %[[T]], %[[I]]) : (tensor<?x4xf32>{%[[D]]} in !stream_lite.resource<*>{%[[SZ]]}, f32, tensor<4x8xi8, #stream_lite.identity> in !stream_lite.resource<transient>{%[[SZ2]]}, i32) -> (tensor<?x4xf32>{%[[D]]} in %[[R]] as !stream_lite.resource<*>{%[[SZ]]}, tensor<2x?xf16>{%[[D]]} in !stream_lite.resource<transient>{%[[SZ2]]}){{$}}
// CHECK: return %[[O]]#0, %[[O]]#1

// -----

// Tests that tensor.dispatch round trips with several tied results, a
// multi-dim workload and a multi-device affinity.
func.func @dispatch_tied(%sz: index, %a: !stream_lite.resource<*>, %b: !stream_lite.resource<*>) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %o:2 = stream_lite.tensor.dispatch on(#stream_lite.affinity<[@cpu, @gpu]>) @ex::@entry[%c1, %c2](%a, %b) : (tensor<4xf32> in !stream_lite.resource<*>{%sz}, tensor<4xf32> in !stream_lite.resource<*>{%sz}) -> (tensor<4xf32> in %b as !stream_lite.resource<*>{%sz}, tensor<4xf32> in %a as !stream_lite.resource<*>{%sz})
  return %o#0, %o#1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @dispatch_tied
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index, %[[A:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>, %[[B:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>)
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
// CHECK: %[[O:.+]]:2 = stream_lite.tensor.dispatch on(#stream_lite.affinity<[@cpu, @gpu]>) @ex::@entry[%[[C1]], %[[C2]]](%[[A]], %[[B]]) : (tensor<4xf32> in !stream_lite.resource<*>{%[[SZ]]}, tensor<4xf32> in !stream_lite.resource<*>{%[[SZ]]}) -> (tensor<4xf32> in %[[B]] as !stream_lite.resource<*>{%[[SZ]]}, tensor<4xf32> in %[[A]] as !stream_lite.resource<*>{%[[SZ]]}){{$}}
// CHECK: return %[[O]]#0, %[[O]]#1
stream_lite.device @cpu targets([#stream_lite.target<"x">])
stream_lite.device @gpu targets([#stream_lite.target<"x">])

// -----

// Tests that tensor.dispatch round trips with no operands and no results,
// and with only scalar operands and a single static result.
func.func @dispatch_empty(%sz: index, %i: index) -> !stream_lite.resource<*> {
  stream_lite.tensor.dispatch @ex::@entry() : () -> ()
  %o = stream_lite.tensor.dispatch @ex::@entry[%i](%i, %i) : (index, index) -> tensor<8xi32> in !stream_lite.resource<*>{%sz}
  return %o : !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @dispatch_empty
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index, %[[I:[a-zA-Z0-9_]+]]: index)
// CHECK: stream_lite.tensor.dispatch @ex::@entry() : () -> (){{$}}
// CHECK: %[[O:.+]] = stream_lite.tensor.dispatch @ex::@entry[%[[I]]](%[[I]], %[[I]]) : (index, index) -> tensor<8xi32> in !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: return %[[O]]

// -----

// Tests that tensor.import round trips with an affinity and dynamic dims
// (docs/language.md example) and without an affinity on a static tensor.
func.func @import(%d: index, %sz: index, %arg: tensor<?x4xf32>, %arg2: tensor<2x3xi32>) -> (!stream_lite.resource<external>, !stream_lite.resource<*>) {
  %i  = stream_lite.tensor.import on(#stream_lite.affinity<@cpu>) %arg : tensor<?x4xf32> -> tensor<?x4xf32>{%d} in !stream_lite.resource<external>{%sz}
  %i2 = stream_lite.tensor.import %arg2 : tensor<2x3xi32> -> tensor<2x3xi32> in !stream_lite.resource<*>{%sz}
  return %i, %i2 : !stream_lite.resource<external>, !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @import
// CHECK-SAME: (%[[D:[a-zA-Z0-9_]+]]: index, %[[SZ:[a-zA-Z0-9_]+]]: index, %[[ARG:[a-zA-Z0-9_]+]]: tensor<?x4xf32>, %[[ARG2:[a-zA-Z0-9_]+]]: tensor<2x3xi32>)
// CHECK: %[[I:.+]] = stream_lite.tensor.import on(#stream_lite.affinity<@cpu>) %[[ARG]] : tensor<?x4xf32> -> tensor<?x4xf32>{%[[D]]} in !stream_lite.resource<external>{%[[SZ]]}{{$}}
// CHECK: %[[I2:.+]] = stream_lite.tensor.import %[[ARG2]] : tensor<2x3xi32> -> tensor<2x3xi32> in !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: return %[[I]], %[[I2]]
stream_lite.device @cpu targets([#stream_lite.target<"x">])

// -----

// Tests that tensor.export round trips with an affinity and dynamic dims
// (docs/language.md example) and without an affinity on a static tensor.
func.func @export(%d: index, %sz: index, %r: !stream_lite.resource<external>, %r2: !stream_lite.resource<*>) -> (tensor<?x4xf32>, tensor<2x3xi32>) {
  %t  = stream_lite.tensor.export on(#stream_lite.affinity<@cpu>) %r : tensor<?x4xf32>{%d} in !stream_lite.resource<external>{%sz} -> tensor<?x4xf32>
  %t2 = stream_lite.tensor.export %r2 : tensor<2x3xi32> in !stream_lite.resource<*>{%sz} -> tensor<2x3xi32>
  return %t, %t2 : tensor<?x4xf32>, tensor<2x3xi32>
}
// CHECK-LABEL: func.func @export
// CHECK-SAME: (%[[D:[a-zA-Z0-9_]+]]: index, %[[SZ:[a-zA-Z0-9_]+]]: index, %[[R:[a-zA-Z0-9_]+]]: !stream_lite.resource<external>, %[[R2:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>)
// CHECK: %[[T:.+]] = stream_lite.tensor.export on(#stream_lite.affinity<@cpu>) %[[R]] : tensor<?x4xf32>{%[[D]]} in !stream_lite.resource<external>{%[[SZ]]} -> tensor<?x4xf32>{{$}}
// CHECK: %[[T2:.+]] = stream_lite.tensor.export %[[R2]] : tensor<2x3xi32> in !stream_lite.resource<*>{%[[SZ]]} -> tensor<2x3xi32>{{$}}
// CHECK: return %[[T]], %[[T2]]
stream_lite.device @cpu targets([#stream_lite.target<"x">])

// -----

// Tests that async.transfer round trips with both affinities (docs/language.md example),
// with only one of them, and with none.
func.func @transfer(%sz: index, %r: !stream_lite.resource<*>) -> (!stream_lite.resource<staging>, !stream_lite.resource<*>, !stream_lite.resource<transient>, !stream_lite.resource<external>) {
  %x2 = stream_lite.async.transfer %r : !stream_lite.resource<*>{%sz} from(#stream_lite.affinity<@cpu>) -> to(#stream_lite.affinity<@gpu>) !stream_lite.resource<staging>{%sz}
  %x3 = stream_lite.async.transfer %r : !stream_lite.resource<*>{%sz} from(#stream_lite.affinity<[@cpu, @gpu]>) -> !stream_lite.resource<*>{%sz}
  %x4 = stream_lite.async.transfer %r : !stream_lite.resource<*>{%sz} -> to(#stream_lite.affinity<@gpu>) !stream_lite.resource<transient>{%sz}
  %x5 = stream_lite.async.transfer %x2 : !stream_lite.resource<staging>{%sz} -> !stream_lite.resource<external>{%sz}
  return %x2, %x3, %x4, %x5 : !stream_lite.resource<staging>, !stream_lite.resource<*>, !stream_lite.resource<transient>, !stream_lite.resource<external>
}
// CHECK-LABEL: func.func @transfer
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index, %[[R:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>)
// CHECK: %[[X2:.+]] = stream_lite.async.transfer %[[R]] : !stream_lite.resource<*>{%[[SZ]]} from(#stream_lite.affinity<@cpu>) -> to(#stream_lite.affinity<@gpu>) !stream_lite.resource<staging>{%[[SZ]]}{{$}}
// CHECK: %[[X3:.+]] = stream_lite.async.transfer %[[R]] : !stream_lite.resource<*>{%[[SZ]]} from(#stream_lite.affinity<[@cpu, @gpu]>) -> !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: %[[X4:.+]] = stream_lite.async.transfer %[[R]] : !stream_lite.resource<*>{%[[SZ]]} -> to(#stream_lite.affinity<@gpu>) !stream_lite.resource<transient>{%[[SZ]]}{{$}}
// CHECK: %[[X5:.+]] = stream_lite.async.transfer %[[X2]] : !stream_lite.resource<staging>{%[[SZ]]} -> !stream_lite.resource<external>{%[[SZ]]}{{$}}
// CHECK: return %[[X2]], %[[X3]], %[[X4]], %[[X5]]
stream_lite.device @cpu targets([#stream_lite.target<"x">])
stream_lite.device @gpu targets([#stream_lite.target<"x">])

// -----

// Tests that a function's stream_lite.affinity attribute round trips and that
// an op under it that inherits the affinity prints no on(...) prefix.
func.func @inherited(%sz: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@gpu>} {
  %e = stream_lite.tensor.empty : tensor<4xf32> in !stream_lite.resource<*>{%sz}
  return %e : !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @inherited
// CHECK-SAME: attributes {stream_lite.affinity = #stream_lite.affinity<@gpu>}
// CHECK: stream_lite.tensor.empty : tensor<4xf32> in !stream_lite.resource<*>{%{{.+}}}{{$}}
stream_lite.device @gpu targets([#stream_lite.target<"x">])

// -----

// Tests that an executable with exports, a module and binding.subspan ops
// round trips (docs/language.md, Executables).
stream_lite.executable private @ex {
  stream_lite.executable.export public @entry
  stream_lite.executable.export @entry2 as(@impl) {workgroup_size = [64, 1, 1]}
  builtin.module {
    func.func @entry(%arg0: !stream_lite.binding, %arg1: !stream_lite.binding, %d: index) {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %in = stream_lite.binding.subspan %arg0[%c0] : !stream_lite.binding -> tensor<?x4xf32, #stream_lite.padding<[0, 4]>>{%d} in memref<?xi8>
      %out = stream_lite.binding.subspan %arg1[%c64] : !stream_lite.binding -> tensor<2x4xf32> in memref<32xi8>
      return
    }
    func.func @impl() {
      return
    }
  }
}
// CHECK-LABEL: stream_lite.executable private @ex {
// CHECK-NEXT: stream_lite.executable.export public @entry{{$}}
// CHECK-NEXT: stream_lite.executable.export @entry2 as(@impl) {workgroup_size = [64, 1, 1]}{{$}}
// CHECK-NEXT: builtin.module {
// CHECK-NEXT: func.func @entry(%[[B0:[a-zA-Z0-9_]+]]: !stream_lite.binding, %[[B1:[a-zA-Z0-9_]+]]: !stream_lite.binding, %[[D:[a-zA-Z0-9_]+]]: index)
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C64:.+]] = arith.constant 64 : index
// CHECK: %{{.+}} = stream_lite.binding.subspan %[[B0]][%[[C0]]] : !stream_lite.binding -> tensor<?x4xf32, #stream_lite.padding<[0, 4]>>{%[[D]]} in memref<?xi8>{{$}}
// CHECK: %{{.+}} = stream_lite.binding.subspan %[[B1]][%[[C64]]] : !stream_lite.binding -> tensor<2x4xf32> in memref<32xi8>{{$}}
// CHECK: func.func @impl()

// -----

// Tests that executables round trip without a visibility, with attributes,
// and empty.
stream_lite.executable @ex_attrs attributes {some.attr = 1 : i64} {
  stream_lite.executable.export private @only
}
stream_lite.executable nested @ex_empty {
}
// CHECK-LABEL: stream_lite.executable @ex_attrs attributes {some.attr = 1 : i64} {
// CHECK-NEXT: stream_lite.executable.export private @only{{$}}
// CHECK-NEXT: }
// CHECK: stream_lite.executable nested @ex_empty {
