// RUN: layout-opt --split-input-file %s | FileCheck %s
// RUN: layout-opt --split-input-file %s | layout-opt --split-input-file | FileCheck %s
// RUN: layout-opt --split-input-file --mlir-print-op-generic %s | layout-opt --split-input-file | FileCheck %s

// IREE's printed forms (docs/language.md, IREE's printed forms): each parses,
// prints in the form docs/language.md names canonical, and that form parses
// back to the same op.

// Tests that rank-0 load, store and fill take no `[...]` and print without
// it; the empty brackets parse too.
func.func @rank0(%st: !stream_lite.resource<staging>, %r: !stream_lite.resource<*>, %n: index, %v: f32) -> (f32, f32, !stream_lite.resource<staging>, !stream_lite.resource<*>, !stream_lite.resource<*>) {
  %a = stream_lite.tensor.load %st : tensor<f32> in !stream_lite.resource<staging>{%n} -> f32
  %b = stream_lite.tensor.load %st[] : tensor<f32> in !stream_lite.resource<staging>{%n} -> f32
  %w = stream_lite.tensor.store %v, %st : f32 -> tensor<f32> in %st as !stream_lite.resource<staging>{%n}
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %r : f32 -> tensor<f32> in %r as !stream_lite.resource<*>{%n}
  %g = stream_lite.tensor.fill %v, %f[ for ] : f32 -> tensor<f32> in %f as !stream_lite.resource<*>{%n}
  return %a, %b, %w, %f, %g : f32, f32, !stream_lite.resource<staging>, !stream_lite.resource<*>, !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @rank0
// CHECK-SAME: (%[[ST:[a-zA-Z0-9_]+]]: !stream_lite.resource<staging>, %[[R:[a-zA-Z0-9_]+]]: !stream_lite.resource<*>, %[[N:[a-zA-Z0-9_]+]]: index, %[[V:[a-zA-Z0-9_]+]]: f32)
// CHECK: %[[A:.+]] = stream_lite.tensor.load %[[ST]] : tensor<f32> in !stream_lite.resource<staging>{%[[N]]} -> f32{{$}}
// CHECK: %[[B:.+]] = stream_lite.tensor.load %[[ST]] : tensor<f32> in !stream_lite.resource<staging>{%[[N]]} -> f32{{$}}
// CHECK: %[[W:.+]] = stream_lite.tensor.store %[[V]], %[[ST]] : f32 -> tensor<f32> in %[[ST]] as !stream_lite.resource<staging>{%[[N]]}{{$}}
// CHECK: %[[F:.+]] = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %[[V]], %[[R]] : f32 -> tensor<f32> in %[[R]] as !stream_lite.resource<*>{%[[N]]}{{$}}
// CHECK: %[[G:.+]] = stream_lite.tensor.fill %[[V]], %[[F]] : f32 -> tensor<f32> in %[[F]] as !stream_lite.resource<*>{%[[N]]}{{$}}
stream_lite.device @cpu targets([#stream_lite.target<"x">])

// -----

// Tests that a tied dispatch result written as IREE prints it,
// `in %operand{%size}`, takes the operand's resource type and prints in the
// `in %operand as !stream_lite.resource<L>{%size}` form of fill, update and
// store.
func.func @tied_dispatch(%arg0: !stream_lite.resource<*>, %arg1: index, %arg2: index, %t: !stream_lite.resource<transient>, %tsz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<transient>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %0 = stream_lite.tensor.dispatch @executable::@dispatch[%c1](%arg0, %c4) : (tensor<4x?xf32>{%arg2} in !stream_lite.resource<*>{%arg1}, index) -> tensor<4x?xf32>{%arg2} in %arg0{%arg1}
  %1:2 = stream_lite.tensor.dispatch @executable::@dispatch(%arg0, %t) : (tensor<4x?xf32>{%arg2} in !stream_lite.resource<*>{%arg1}, tensor<8xi8> in !stream_lite.resource<transient>{%tsz}) -> (tensor<4x?xf32>{%arg2} in !stream_lite.resource<*>{%arg1}, tensor<8xi8> in %t{%tsz})
  return %0, %1#0, %1#1 : !stream_lite.resource<*>, !stream_lite.resource<*>, !stream_lite.resource<transient>
}
// CHECK-LABEL: func.func @tied_dispatch
// CHECK: stream_lite.tensor.dispatch @executable::@dispatch[%{{.+}}](%arg0, %{{.+}}) : (tensor<4x?xf32>{%arg2} in !stream_lite.resource<*>{%arg1}, index) -> tensor<4x?xf32>{%arg2} in %arg0 as !stream_lite.resource<*>{%arg1}{{$}}
// CHECK: stream_lite.tensor.dispatch @executable::@dispatch(%arg0, %arg3) : (tensor<4x?xf32>{%arg2} in !stream_lite.resource<*>{%arg1}, tensor<8xi8> in !stream_lite.resource<transient>{%arg4}) -> (tensor<4x?xf32>{%arg2} in !stream_lite.resource<*>{%arg1}, tensor<8xi8> in %arg3 as !stream_lite.resource<transient>{%arg4}){{$}}

// -----

// Tests that the async dispatch takes IREE's tied form too (`%operand{%size}`).
func.func @tied_async_dispatch(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %0 = stream_lite.async.dispatch @ex::@entry(%r[%c0 to %sz for %sz]) : (!stream_lite.resource<*>{%sz}) -> %r{%sz}
  return %0 : !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @tied_async_dispatch
// CHECK: stream_lite.async.dispatch @ex::@entry(%arg0[%{{.+}} to %arg1 for %arg1]) : (!stream_lite.resource<*>{%arg1}) -> %arg0 as !stream_lite.resource<*>{%arg1}{{$}}

// -----

// Tests that #stream_lite.specialized takes IREE's form without a type, and
// prints each form as written.
func.func @specialized(%d: index) -> (index, index) attributes {some.attr = [#stream_lite.specialized<123>, #stream_lite.testing<layouts = [#stream_lite.specialized<123>]>]} {
  %a = stream_lite.tensor.sizeof tensor<?x4xf32, #stream_lite.specialized<123>>{%d} : index
  %b = stream_lite.tensor.sizeof tensor<?x4xf32, #stream_lite.specialized<123, tensor<?x4xf32>>>{%d} : index
  return %a, %b : index, index
}
// CHECK-LABEL: func.func @specialized
// CHECK-SAME: attributes {some.attr = [#stream_lite.specialized<123>, #stream_lite.testing<layouts = [#stream_lite.specialized<123>]>]} {
// CHECK: stream_lite.tensor.sizeof tensor<?x4xf32, #stream_lite.specialized<123>>{%arg0} : index{{$}}
// CHECK: stream_lite.tensor.sizeof tensor<?x4xf32, #stream_lite.specialized<123, tensor<?x4xf32>>>{%arg0} : index{{$}}
