// RUN: layout-opt --split-input-file %s | layout-opt --split-input-file | FileCheck %s
// RUN: layout-opt --split-input-file --mlir-print-op-generic %s | layout-opt --split-input-file | FileCheck %s
// RUN: layout-opt --split-input-file --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// Round trip of every async-phase op (docs/language.md, Async-phase ops; printed
// forms in docs/design.md): custom form, and generic form parsed back. Each
// printed form is checked to the end of the line. The GENERIC lines check
// the generic form of the ops whose operands are grouped in segments.

// Tests that async.alloca round trips with and without an affinity, for
// several lifetimes, and with an attribute dictionary.
func.func @alloca(%sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<transient>, !stream_lite.resource<external>) {
  %0 = stream_lite.async.alloca on(#stream_lite.affinity<@cpu>) : !stream_lite.resource<*>{%sz}
  %1 = stream_lite.async.alloca : !stream_lite.resource<transient>{%sz}
  %2 = stream_lite.async.alloca on(#stream_lite.affinity<[@cpu, @gpu]>) : !stream_lite.resource<external>{%sz} {some.attr = 1 : i64}
  return %0, %1, %2 : !stream_lite.resource<*>, !stream_lite.resource<transient>, !stream_lite.resource<external>
}
// CHECK-LABEL: func.func @alloca
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index)
// CHECK: %[[A0:.+]] = stream_lite.async.alloca on(#stream_lite.affinity<@cpu>) : !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: %[[A1:.+]] = stream_lite.async.alloca : !stream_lite.resource<transient>{%[[SZ]]}{{$}}
// CHECK: %[[A2:.+]] = stream_lite.async.alloca on(#stream_lite.affinity<[@cpu, @gpu]>) : !stream_lite.resource<external>{%[[SZ]]} {some.attr = 1 : i64}{{$}}
// CHECK: return %[[A0]], %[[A1]], %[[A2]]
stream_lite.device @cpu targets([#stream_lite.target<"x">])
stream_lite.device @gpu targets([#stream_lite.target<"x">])

// -----

// Tests that async.constant round trips with and without an affinity, with a
// size larger than the value (a padded layout) and with an integer value.
func.func @constant(%sz: index) -> (!stream_lite.resource<constant>, !stream_lite.resource<*>, !stream_lite.resource<constant>) {
  %c64 = arith.constant 64 : index
  %0 = stream_lite.async.constant on(#stream_lite.affinity<@cpu>) : !stream_lite.resource<constant>{%sz} = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %1 = stream_lite.async.constant : !stream_lite.resource<*>{%c64} = dense<1.0> : tensor<2x4xf32>
  %2 = stream_lite.async.constant : !stream_lite.resource<constant>{%sz} = dense<7> : tensor<3xi8>
  return %0, %1, %2 : !stream_lite.resource<constant>, !stream_lite.resource<*>, !stream_lite.resource<constant>
}
// CHECK-LABEL: func.func @constant
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index)
// CHECK: %[[C64:.+]] = arith.constant 64 : index
// CHECK: %[[K0:.+]] = stream_lite.async.constant on(#stream_lite.affinity<@cpu>) : !stream_lite.resource<constant>{%[[SZ]]} = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>{{$}}
// CHECK: %[[K1:.+]] = stream_lite.async.constant : !stream_lite.resource<*>{%[[C64]]} = dense<1.000000e+00> : tensor<2x4xf32>{{$}}
// CHECK: %[[K2:.+]] = stream_lite.async.constant : !stream_lite.resource<constant>{%[[SZ]]} = dense<7> : tensor<3xi8>{{$}}
// CHECK: return %[[K0]], %[[K1]], %[[K2]]
stream_lite.device @cpu targets([#stream_lite.target<"x">])

// -----

// Tests that async.splat round trips for every pattern width, with and
// without an affinity, and with a constant size.
func.func @splat(%sz: index, %i8: i8, %i16: i16, %i32: i32, %i64: i64) -> (!stream_lite.resource<*>, !stream_lite.resource<transient>, !stream_lite.resource<*>, !stream_lite.resource<*>) {
  %c16 = arith.constant 16 : index
  %0 = stream_lite.async.splat on(#stream_lite.affinity<@cpu>) %i32 : i32 -> !stream_lite.resource<*>{%sz}
  %1 = stream_lite.async.splat %i8 : i8 -> !stream_lite.resource<transient>{%sz}
  %2 = stream_lite.async.splat on(#stream_lite.affinity<@gpu>) %i16 : i16 -> !stream_lite.resource<*>{%c16}
  %3 = stream_lite.async.splat %i64 : i64 -> !stream_lite.resource<*>{%c16}
  return %0, %1, %2, %3 : !stream_lite.resource<*>, !stream_lite.resource<transient>, !stream_lite.resource<*>, !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @splat
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index, %[[I8:[a-zA-Z0-9_]+]]: i8, %[[I16:[a-zA-Z0-9_]+]]: i16, %[[I32:[a-zA-Z0-9_]+]]: i32, %[[I64:[a-zA-Z0-9_]+]]: i64)
// CHECK: %[[C16:.+]] = arith.constant 16 : index
// CHECK: %[[S0:.+]] = stream_lite.async.splat on(#stream_lite.affinity<@cpu>) %[[I32]] : i32 -> !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: %[[S1:.+]] = stream_lite.async.splat %[[I8]] : i8 -> !stream_lite.resource<transient>{%[[SZ]]}{{$}}
// CHECK: %[[S2:.+]] = stream_lite.async.splat on(#stream_lite.affinity<@gpu>) %[[I16]] : i16 -> !stream_lite.resource<*>{%[[C16]]}{{$}}
// CHECK: %[[S3:.+]] = stream_lite.async.splat %[[I64]] : i64 -> !stream_lite.resource<*>{%[[C16]]}{{$}}
// CHECK: return %[[S0]], %[[S1]], %[[S2]], %[[S3]]
stream_lite.device @cpu targets([#stream_lite.target<"x">])
stream_lite.device @gpu targets([#stream_lite.target<"x">])

// -----

// Tests that async.clone round trips with and without an affinity and
// between lifetimes.
func.func @clone(%sz: index, %r: !stream_lite.resource<*>, %c: !stream_lite.resource<constant>) -> (!stream_lite.resource<*>, !stream_lite.resource<transient>) {
  %0 = stream_lite.async.clone on(#stream_lite.affinity<@cpu>) %r : !stream_lite.resource<*>{%sz} -> !stream_lite.resource<*>{%sz}
  %1 = stream_lite.async.clone %c : !stream_lite.resource<constant>{%sz} -> !stream_lite.resource<transient>{%sz}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<transient>
}
// CHECK-LABEL: func.func @clone
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index, %[[R:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>, %[[C:[a-zA-Z0-9_]+]]: !stream_lite.resource<constant>)
// CHECK: %[[K0:.+]] = stream_lite.async.clone on(#stream_lite.affinity<@cpu>) %[[R]] : !stream_lite.resource<*>{%[[SZ]]} -> !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: %[[K1:.+]] = stream_lite.async.clone %[[C]] : !stream_lite.resource<constant>{%[[SZ]]} -> !stream_lite.resource<transient>{%[[SZ]]}{{$}}
// CHECK: return %[[K0]], %[[K1]]
stream_lite.device @cpu targets([#stream_lite.target<"x">])

// -----

// Tests that async.slice round trips with dynamic and constant ranges, with
// and without an affinity.
func.func @slice(%sz: index, %off: index, %end: index, %len: index, %r: !stream_lite.resource<*>) -> (!stream_lite.resource<*>, !stream_lite.resource<transient>) {
  %c4 = arith.constant 4 : index
  %c12 = arith.constant 12 : index
  %c16 = arith.constant 16 : index
  %c8 = arith.constant 8 : index
  %0 = stream_lite.async.slice on(#stream_lite.affinity<@cpu>) %r[%off to %end] : !stream_lite.resource<*>{%sz} -> !stream_lite.resource<*>{%len}
  %1 = stream_lite.async.slice %r[%c4 to %c12] : !stream_lite.resource<*>{%c16} -> !stream_lite.resource<transient>{%c8}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<transient>
}
// CHECK-LABEL: func.func @slice
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index, %[[OFF:[a-zA-Z0-9_]+]]: index, %[[END:[a-zA-Z0-9_]+]]: index, %[[LEN:[a-zA-Z0-9_]+]]: index, %[[R:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>)
// CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
// CHECK-DAG: %[[C12:.+]] = arith.constant 12 : index
// CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
// CHECK-DAG: %[[C8:.+]] = arith.constant 8 : index
// CHECK: %[[L0:.+]] = stream_lite.async.slice on(#stream_lite.affinity<@cpu>) %[[R]][%[[OFF]] to %[[END]]] : !stream_lite.resource<*>{%[[SZ]]} -> !stream_lite.resource<*>{%[[LEN]]}{{$}}
// CHECK: %[[L1:.+]] = stream_lite.async.slice %[[R]][%[[C4]] to %[[C12]]] : !stream_lite.resource<*>{%[[C16]]} -> !stream_lite.resource<transient>{%[[C8]]}{{$}}
// CHECK: return %[[L0]], %[[L1]]
stream_lite.device @cpu targets([#stream_lite.target<"x">])

// -----

// Tests that async.fill round trips (the docs/language.md example), with a constant
// range, without an affinity and on another lifetime.
func.func @fill(%sz: index, %off: index, %end: index, %len: index, %r: !stream_lite.resource<*>, %t: !stream_lite.resource<transient>, %v: i32, %w: i64) -> (!stream_lite.resource<*>, !stream_lite.resource<transient>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %0 = stream_lite.async.fill on(#stream_lite.affinity<@cpu>) %v, %r[%off to %end for %len] : i32 -> %r as !stream_lite.resource<*>{%sz}
  %1 = stream_lite.async.fill %w, %t[%c0 to %c16 for %c16] : i64 -> %t as !stream_lite.resource<transient>{%c16}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<transient>
}
// CHECK-LABEL: func.func @fill
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index, %[[OFF:[a-zA-Z0-9_]+]]: index, %[[END:[a-zA-Z0-9_]+]]: index, %[[LEN:[a-zA-Z0-9_]+]]: index, %[[R:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>, %[[T:[a-zA-Z0-9_]+]]: !stream_lite.resource<transient>, %[[V:[a-zA-Z0-9_]+]]: i32, %[[W:[a-zA-Z0-9_]+]]: i64)
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
// CHECK: %[[F0:.+]] = stream_lite.async.fill on(#stream_lite.affinity<@cpu>) %[[V]], %[[R]][%[[OFF]] to %[[END]] for %[[LEN]]] : i32 -> %[[R]] as !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: %[[F1:.+]] = stream_lite.async.fill %[[W]], %[[T]][%[[C0]] to %[[C16]] for %[[C16]]] : i64 -> %[[T]] as !stream_lite.resource<transient>{%[[C16]]}{{$}}
// CHECK: return %[[F0]], %[[F1]]

// GENERIC-LABEL: "func.func"() <{function_type = (index, index, index, index, !stream_lite.resource<*>, !stream_lite.resource<transient>, i32, i64) -> (!stream_lite.resource<*>, !stream_lite.resource<transient>), sym_name = "fill"}>
// GENERIC: "stream_lite.async.fill"(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) <{affinity = #stream_lite.affinity<@cpu>}> : (!stream_lite.resource<*>, index, index, index, index, i32) -> !stream_lite.resource<*>{{$}}
// GENERIC: "stream_lite.async.fill"(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) : (!stream_lite.resource<transient>, index, index, index, index, i64) -> !stream_lite.resource<transient>{{$}}
stream_lite.device @cpu targets([#stream_lite.target<"x">])

// -----

// Tests that async.update round trips with dynamic and constant ranges, with
// and without an affinity, between lifetimes.
func.func @update(%sz: index, %usz: index, %off: index, %end: index, %r: !stream_lite.resource<*>, %u: !stream_lite.resource<*>, %c: !stream_lite.resource<constant>, %t: !stream_lite.resource<transient>) -> (!stream_lite.resource<*>, !stream_lite.resource<transient>) {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  %0 = stream_lite.async.update on(#stream_lite.affinity<@cpu>) %u, %r[%off to %end] : !stream_lite.resource<*>{%usz} -> %r as !stream_lite.resource<*>{%sz}
  %1 = stream_lite.async.update %c, %t[%c4 to %c12] : !stream_lite.resource<constant>{%c8} -> %t as !stream_lite.resource<transient>{%c12}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<transient>
}
// CHECK-LABEL: func.func @update
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index, %[[USZ:[a-zA-Z0-9_]+]]: index, %[[OFF:[a-zA-Z0-9_]+]]: index, %[[END:[a-zA-Z0-9_]+]]: index, %[[R:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>, %[[U:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>, %[[C:[a-zA-Z0-9_]+]]: !stream_lite.resource<constant>, %[[T:[a-zA-Z0-9_]+]]: !stream_lite.resource<transient>)
// CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
// CHECK-DAG: %[[C8:.+]] = arith.constant 8 : index
// CHECK-DAG: %[[C12:.+]] = arith.constant 12 : index
// CHECK: %[[U0:.+]] = stream_lite.async.update on(#stream_lite.affinity<@cpu>) %[[U]], %[[R]][%[[OFF]] to %[[END]]] : !stream_lite.resource<*>{%[[USZ]]} -> %[[R]] as !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: %[[U1:.+]] = stream_lite.async.update %[[C]], %[[T]][%[[C4]] to %[[C12]]] : !stream_lite.resource<constant>{%[[C8]]} -> %[[T]] as !stream_lite.resource<transient>{%[[C12]]}{{$}}
// CHECK: return %[[U0]], %[[U1]]
stream_lite.device @cpu targets([#stream_lite.target<"x">])

// -----

// Tests that async.copy round trips with dynamic ranges and an affinity, and
// with constant ranges within one resource that do not overlap.
func.func @copy(%ssz: index, %tsz: index, %so: index, %se: index, %to: index, %te: index, %len: index, %s: !stream_lite.resource<*>, %t: !stream_lite.resource<*>) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %0 = stream_lite.async.copy on(#stream_lite.affinity<@cpu>) %s[%so to %se], %t[%to to %te], %len : !stream_lite.resource<*>{%ssz} -> %t as !stream_lite.resource<*>{%tsz}
  %1 = stream_lite.async.copy %0[%c0 to %c8], %0[%c8 to %c16], %c8 : !stream_lite.resource<*>{%c16} -> %0 as !stream_lite.resource<*>{%c16}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @copy
// CHECK-SAME: (%[[SSZ:[a-zA-Z0-9_]+]]: index, %[[TSZ:[a-zA-Z0-9_]+]]: index, %[[SO:[a-zA-Z0-9_]+]]: index, %[[SE:[a-zA-Z0-9_]+]]: index, %[[TO:[a-zA-Z0-9_]+]]: index, %[[TE:[a-zA-Z0-9_]+]]: index, %[[LEN:[a-zA-Z0-9_]+]]: index, %[[S:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>, %[[T:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>)
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C8:.+]] = arith.constant 8 : index
// CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
// CHECK: %[[K0:.+]] = stream_lite.async.copy on(#stream_lite.affinity<@cpu>) %[[S]][%[[SO]] to %[[SE]]], %[[T]][%[[TO]] to %[[TE]]], %[[LEN]] : !stream_lite.resource<*>{%[[SSZ]]} -> %[[T]] as !stream_lite.resource<*>{%[[TSZ]]}{{$}}
// CHECK: %[[K1:.+]] = stream_lite.async.copy %[[K0]][%[[C0]] to %[[C8]]], %[[K0]][%[[C8]] to %[[C16]]], %[[C8]] : !stream_lite.resource<*>{%[[C16]]} -> %[[K0]] as !stream_lite.resource<*>{%[[C16]]}{{$}}
// CHECK: return %[[K0]], %[[K1]]
stream_lite.device @cpu targets([#stream_lite.target<"x">])

// -----

// Tests that async.load round trips for several result types, with dynamic
// and constant offsets.
func.func @load(%sz: index, %off: index, %st: !stream_lite.resource<staging>) -> (f32, i8, index, complex<f32>) {
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %0 = stream_lite.async.load %st[%off] : !stream_lite.resource<staging>{%sz} -> f32
  %1 = stream_lite.async.load %st[%c8] : !stream_lite.resource<staging>{%c16} -> i8
  %2 = stream_lite.async.load %st[%c8] : !stream_lite.resource<staging>{%c16} -> index
  %3 = stream_lite.async.load %st[%off] : !stream_lite.resource<staging>{%sz} -> complex<f32>
  return %0, %1, %2, %3 : f32, i8, index, complex<f32>
}
// CHECK-LABEL: func.func @load
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index, %[[OFF:[a-zA-Z0-9_]+]]: index, %[[ST:[a-zA-Z0-9_]+]]: !stream_lite.resource<staging>)
// CHECK-DAG: %[[C8:.+]] = arith.constant 8 : index
// CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
// CHECK: %[[L0:.+]] = stream_lite.async.load %[[ST]][%[[OFF]]] : !stream_lite.resource<staging>{%[[SZ]]} -> f32{{$}}
// CHECK: %[[L1:.+]] = stream_lite.async.load %[[ST]][%[[C8]]] : !stream_lite.resource<staging>{%[[C16]]} -> i8{{$}}
// CHECK: %[[L2:.+]] = stream_lite.async.load %[[ST]][%[[C8]]] : !stream_lite.resource<staging>{%[[C16]]} -> index{{$}}
// CHECK: %[[L3:.+]] = stream_lite.async.load %[[ST]][%[[OFF]]] : !stream_lite.resource<staging>{%[[SZ]]} -> complex<f32>{{$}}
// CHECK: return %[[L0]], %[[L1]], %[[L2]], %[[L3]]

// -----

// Tests that async.store round trips with dynamic and constant offsets, and
// chained on its own result.
func.func @store(%sz: index, %off: index, %st: !stream_lite.resource<staging>, %v: f32, %w: i16) -> !stream_lite.resource<staging> {
  %c14 = arith.constant 14 : index
  %c16 = arith.constant 16 : index
  %0 = stream_lite.async.store %v, %st[%off] : f32 -> %st as !stream_lite.resource<staging>{%sz}
  %1 = stream_lite.async.store %w, %0[%c14] : i16 -> %0 as !stream_lite.resource<staging>{%c16}
  return %1 : !stream_lite.resource<staging>
}
// CHECK-LABEL: func.func @store
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index, %[[OFF:[a-zA-Z0-9_]+]]: index, %[[ST:[a-zA-Z0-9_]+]]: !stream_lite.resource<staging>, %[[V:[a-zA-Z0-9_]+]]: f32, %[[W:[a-zA-Z0-9_]+]]: i16)
// CHECK-DAG: %[[C14:.+]] = arith.constant 14 : index
// CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
// CHECK: %[[S0:.+]] = stream_lite.async.store %[[V]], %[[ST]][%[[OFF]]] : f32 -> %[[ST]] as !stream_lite.resource<staging>{%[[SZ]]}{{$}}
// CHECK: %[[S1:.+]] = stream_lite.async.store %[[W]], %[[S0]][%[[C14]]] : i16 -> %[[S0]] as !stream_lite.resource<staging>{%[[C16]]}{{$}}
// CHECK: return %[[S1]]

// -----

// Tests that async.dispatch round trips as in the docs/language.md example: an
// affinity, a workload, a resource operand with its byte range, a scalar
// operand and one untied result.
func.func @dispatch(%sz: index, %o: index, %e: index, %l: index, %r: !stream_lite.resource<*>) -> !stream_lite.resource<*> {
  %c4 = arith.constant 4 : index
  %0 = stream_lite.async.dispatch on(#stream_lite.affinity<@cpu>) @ex::@entry[%c4](%r[%o to %e for %l], %c4) : (!stream_lite.resource<*>{%sz}, index) -> !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @dispatch
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index, %[[O:[a-zA-Z0-9_]+]]: index, %[[E:[a-zA-Z0-9_]+]]: index, %[[L:[a-zA-Z0-9_]+]]: index, %[[R:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>)
// CHECK: %[[C4:.+]] = arith.constant 4 : index
// CHECK: %[[D:.+]] = stream_lite.async.dispatch on(#stream_lite.affinity<@cpu>) @ex::@entry[%[[C4]]](%[[R]][%[[O]] to %[[E]] for %[[L]]], %[[C4]]) : (!stream_lite.resource<*>{%[[SZ]]}, index) -> !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: return %[[D]]

// GENERIC-LABEL: sym_name = "dispatch"
// GENERIC: "stream_lite.async.dispatch"(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) <{affinity = #stream_lite.affinity<@cpu>, entry_points = [@ex::@entry], operandSegmentSizes = array<i32: 1, 2, 1, 1, 1, 1, 1>}> : (index, !stream_lite.resource<*>, index, index, index, index, index, index) -> !stream_lite.resource<*>{{$}}
stream_lite.device @cpu targets([#stream_lite.target<"x">])

// -----

// Tests that async.dispatch round trips with several entry points, no
// workload, several resource and scalar operands, a tied result and an
// untied one, and an attribute dictionary.
func.func @dispatch_multi(%sz: index, %sz2: index, %c0: index, %r: !stream_lite.resource<*>, %t: !stream_lite.resource<transient>, %f: f32, %i: i32) -> (!stream_lite.resource<*>, !stream_lite.resource<transient>) {
  %0:2 = stream_lite.async.dispatch {@ex::@a, @ex2::@b}(%r[%c0 to %sz for %sz], %f, %t[%c0 to %sz2 for %sz2], %i) {some.attr = "x"} : (!stream_lite.resource<*>{%sz}, f32, !stream_lite.resource<transient>{%sz2}, i32) -> (%r as !stream_lite.resource<*>{%sz}, !stream_lite.resource<transient>{%sz2})
  return %0#0, %0#1 : !stream_lite.resource<*>, !stream_lite.resource<transient>
}
// CHECK-LABEL: func.func @dispatch_multi
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index, %[[SZ2:[a-zA-Z0-9_]+]]: index, %[[C0:[a-zA-Z0-9_]+]]: index, %[[R:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>, %[[T:[a-zA-Z0-9_]+]]: !stream_lite.resource<transient>, %[[F:[a-zA-Z0-9_]+]]: f32, %[[I:[a-zA-Z0-9_]+]]: i32)
// CHECK: %[[D:.+]]:2 = stream_lite.async.dispatch {@ex::@a, @ex2::@b}(%[[R]][%[[C0]] to %[[SZ]] for %[[SZ]]], %[[F]], %[[T]][%[[C0]] to %[[SZ2]] for %[[SZ2]]], %[[I]]) {some.attr = "x"} : (!stream_lite.resource<*>{%[[SZ]]}, f32, !stream_lite.resource<transient>{%[[SZ2]]}, i32) -> (%[[R]] as !stream_lite.resource<*>{%[[SZ]]}, !stream_lite.resource<transient>{%[[SZ2]]}){{$}}
// CHECK: return %[[D]]#0, %[[D]]#1

// GENERIC-LABEL: sym_name = "dispatch_multi"
// GENERIC: %{{[a-z0-9_]+}}:2 = "stream_lite.async.dispatch"(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) <{entry_points = [@ex::@a, @ex2::@b], operandSegmentSizes = array<i32: 0, 4, 2, 2, 2, 2, 2>, tied_operands = [0, -1]}> {some.attr = "x"} : (!stream_lite.resource<*>, f32, !stream_lite.resource<transient>, i32, index, index, index, index, index, index, index, index, index, index) -> (!stream_lite.resource<*>, !stream_lite.resource<transient>){{$}}

// -----

// Tests that async.dispatch round trips with several tied results (in
// another order than the operands), a multi-device affinity and a
// multi-value workload.
func.func @dispatch_tied(%sz: index, %a: !stream_lite.resource<*>, %b: !stream_lite.resource<*>) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %0:2 = stream_lite.async.dispatch on(#stream_lite.affinity<[@cpu, @gpu]>) @ex::@entry[%c1, %c2](%a[%c0 to %sz for %sz], %b[%c0 to %sz for %sz]) : (!stream_lite.resource<*>{%sz}, !stream_lite.resource<*>{%sz}) -> (%b as !stream_lite.resource<*>{%sz}, %a as !stream_lite.resource<*>{%sz})
  return %0#0, %0#1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @dispatch_tied
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index, %[[A:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>, %[[B:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>)
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
// CHECK: %[[D:.+]]:2 = stream_lite.async.dispatch on(#stream_lite.affinity<[@cpu, @gpu]>) @ex::@entry[%[[C1]], %[[C2]]](%[[A]][%[[C0]] to %[[SZ]] for %[[SZ]]], %[[B]][%[[C0]] to %[[SZ]] for %[[SZ]]]) : (!stream_lite.resource<*>{%[[SZ]]}, !stream_lite.resource<*>{%[[SZ]]}) -> (%[[B]] as !stream_lite.resource<*>{%[[SZ]]}, %[[A]] as !stream_lite.resource<*>{%[[SZ]]}){{$}}
// CHECK: return %[[D]]#0, %[[D]]#1
stream_lite.device @cpu targets([#stream_lite.target<"x">])
stream_lite.device @gpu targets([#stream_lite.target<"x">])

// -----

// Tests that async.dispatch round trips with no operands and no results, and
// with scalar operands only.
func.func @dispatch_empty(%sz: index, %i: index) -> !stream_lite.resource<*> {
  stream_lite.async.dispatch @ex::@entry() : () -> ()
  %0 = stream_lite.async.dispatch @ex::@entry[%i](%i, %i) : (index, index) -> !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @dispatch_empty
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index, %[[I:[a-zA-Z0-9_]+]]: index)
// CHECK: stream_lite.async.dispatch @ex::@entry() : () -> (){{$}}
// CHECK: %[[D:.+]] = stream_lite.async.dispatch @ex::@entry[%[[I]]](%[[I]], %[[I]]) : (index, index) -> !stream_lite.resource<*>{%[[SZ]]}{{$}}
// CHECK: return %[[D]]

// -----

// Tests that async ops under a function's stream_lite.affinity attribute
// inherit it and print no on(...) prefix.
func.func @inherited(%sz: index, %v: i8) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@gpu>} {
  %0 = stream_lite.async.splat %v : i8 -> !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @inherited
// CHECK-SAME: attributes {stream_lite.affinity = #stream_lite.affinity<@gpu>}
// CHECK: stream_lite.async.splat %{{.+}} : i8 -> !stream_lite.resource<*>{%{{.+}}}{{$}}
stream_lite.device @gpu targets([#stream_lite.target<"x">])

// -----

// Tests that async.import and async.export round trip with and without an
// affinity, with dynamic and static host tensors.
func.func @import_export(%sz: index, %d: index, %t: tensor<?x4xf32>) -> (tensor<?x4xf32>, tensor<2x3xi8>) {
  %c6 = arith.constant 6 : index
  %0 = stream_lite.async.import on(#stream_lite.affinity<@cpu>) %t : tensor<?x4xf32> -> !stream_lite.resource<external>{%sz}
  %1 = stream_lite.async.export on(#stream_lite.affinity<@cpu>) %0 : !stream_lite.resource<external>{%sz} -> tensor<?x4xf32>{%d}
  %2 = stream_lite.async.alloca : !stream_lite.resource<*>{%c6}
  %3 = stream_lite.async.export %2 : !stream_lite.resource<*>{%c6} -> tensor<2x3xi8>
  return %1, %3 : tensor<?x4xf32>, tensor<2x3xi8>
}
// CHECK-LABEL: func.func @import_export
// CHECK-SAME: (%[[SZ:[a-zA-Z0-9_]+]]: index, %[[D:[a-zA-Z0-9_]+]]: index, %[[T:[a-zA-Z0-9_]+]]: tensor<?x4xf32>)
// CHECK: %[[C6:.+]] = arith.constant 6 : index
// CHECK: %[[I:.+]] = stream_lite.async.import on(#stream_lite.affinity<@cpu>) %[[T]] : tensor<?x4xf32> -> !stream_lite.resource<external>{%[[SZ]]}{{$}}
// CHECK: %[[E:.+]] = stream_lite.async.export on(#stream_lite.affinity<@cpu>) %[[I]] : !stream_lite.resource<external>{%[[SZ]]} -> tensor<?x4xf32>{%[[D]]}{{$}}
// CHECK: %[[A:.+]] = stream_lite.async.alloca : !stream_lite.resource<*>{%[[C6]]}{{$}}
// CHECK: %[[E2:.+]] = stream_lite.async.export %[[A]] : !stream_lite.resource<*>{%[[C6]]} -> tensor<2x3xi8>{{$}}
// CHECK: return %[[E]], %[[E2]]
stream_lite.device @cpu targets([#stream_lite.target<"x">])
