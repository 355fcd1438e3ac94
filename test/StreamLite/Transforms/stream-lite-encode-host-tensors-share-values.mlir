// RUN: layout-opt --stream-lite-encode-host-tensors=share-values=true %s | FileCheck %s
// RUN: layout-opt --stream-lite-encode-host-tensors %s | FileCheck %s --check-prefix=OWN
// Sharing only saves what canonicalize and cse would merge: with them after,
// the ops are the same with and without it, and so are the constants up to
// their order at the start of each function.
// RUN: layout-opt --stream-lite-encode-host-tensors=share-values=true --stream-lite-canonicalize-cse %s -o %t.shared
// RUN: layout-opt --stream-lite-encode-host-tensors --stream-lite-canonicalize-cse %s -o %t.own
// RUN: grep -v arith.constant %t.shared > %t.shared.ops
// RUN: grep -v arith.constant %t.own > %t.own.ops
// RUN: diff %t.shared.ops %t.own.ops
// RUN: grep arith.constant %t.shared | sort > %t.shared.constants
// RUN: grep arith.constant %t.own | sort > %t.own.constants
// RUN: diff %t.shared.constants %t.own.constants

// --stream-lite-encode-host-tensors{share-values} (docs/passes.md): each
// constant the lowerings need is made once per function, at its start (the
// one needed last first); a fill value's bitcast is made where
// it is first needed and reused by later ops it dominates (an op in a
// sibling region, or after the region that holds it, makes its own).

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
stream_lite.device @narrow targets([#stream_lite.target<"y">]) {native_fill_bits = [8]}

// CHECK-LABEL: func.func @two_fills
// CHECK-NEXT:    %[[C4:.+]] = arith.constant 4 : index
// CHECK-NEXT:    %[[C8:.+]] = arith.constant 8 : index
// CHECK-NEXT:    %[[C0:.+]] = arith.constant 0 : index
// CHECK:         %[[BITS:.+]] = arith.bitcast %arg1 : f32 to i32
// CHECK-NEXT:    %[[F0:.+]] = stream_lite.async.fill on({{.+}}) %[[BITS]], %arg0[%[[C0]] to %[[C8]] for %[[C8]]]
// CHECK-NOT:     arith.bitcast
// CHECK-NOT:     arith.constant 0 : index
// CHECK:         stream_lite.async.fill on({{.+}}) %[[BITS]], %[[F0]][%[[C0]] to %[[C4]] for %[[C4]]]
// OWN-LABEL:   func.func @two_fills
// OWN-COUNT-2:   arith.bitcast %arg1 : f32 to i32
func.func @two_fills(%r: !stream_lite.resource<*>, %v: f32) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %f0 = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %r[%c0, %c0 for %c1, %c2] : f32 -> tensor<4x4xf32> in %r as !stream_lite.resource<*>{%c64}
  %f1 = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %f0[%c0, %c0 for %c1, %c1] : f32 -> tensor<4x4xf32> in %f0 as !stream_lite.resource<*>{%c64}
  return %f1 : !stream_lite.resource<*>
}

// The constants, made at the function's start, serve the then-region, the
// else-region and what follows the scf.if; the bitcast made before the
// scf.if is visible in both regions and after it.
// CHECK-LABEL: func.func @regions
// CHECK-NEXT:    %[[C8:.+]] = arith.constant 8 : index
// CHECK-NEXT:    %[[C4:.+]] = arith.constant 4 : index
// CHECK-NEXT:    %[[C0:.+]] = arith.constant 0 : index
// CHECK:         %[[BITS:.+]] = arith.bitcast %arg1 : f32 to i32
// CHECK-NEXT:    stream_lite.async.fill on({{.+}}) %[[BITS]], %arg0[%[[C0]] to %[[C4]] for %[[C4]]]
// CHECK-NEXT:    scf.if
// CHECK-NEXT:      stream_lite.async.fill on({{.+}}) %[[BITS]], %{{.+}}[%[[C4]] to %[[C8]] for %[[C4]]]
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    } else {
// CHECK-NEXT:      stream_lite.async.fill on({{.+}}) %[[BITS]], %{{.+}}[%[[C4]] to %[[C8]] for %[[C4]]]
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    stream_lite.async.fill on({{.+}}) %[[BITS]], %{{.+}}[%[[C4]] to %[[C8]] for %[[C4]]]
func.func @regions(%r: !stream_lite.resource<*>, %v: f32, %cond: i1) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %f0 = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %r[%c0, %c0 for %c1, %c1] : f32 -> tensor<4x4xf32> in %r as !stream_lite.resource<*>{%c64}
  %i = scf.if %cond -> !stream_lite.resource<*> {
    %f1 = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %f0[%c0, %c1 for %c1, %c1] : f32 -> tensor<4x4xf32> in %f0 as !stream_lite.resource<*>{%c64}
    scf.yield %f1 : !stream_lite.resource<*>
  } else {
    %f2 = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %f0[%c0, %c1 for %c1, %c1] : f32 -> tensor<4x4xf32> in %f0 as !stream_lite.resource<*>{%c64}
    scf.yield %f2 : !stream_lite.resource<*>
  }
  %f3 = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %i[%c0, %c1 for %c1, %c1] : f32 -> tensor<4x4xf32> in %i as !stream_lite.resource<*>{%c64}
  return %f3 : !stream_lite.resource<*>
}

// Another function makes its own.
// CHECK-LABEL: func.func @other_function
// CHECK-NEXT:    arith.constant 4 : index
// CHECK-NEXT:    arith.constant 0 : index
// CHECK:         arith.bitcast %arg1 : f32 to i32
func.func @other_function(%r: !stream_lite.resource<*>, %v: f32) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %f0 = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %r[%c0, %c0 for %c1, %c1] : f32 -> tensor<4x4xf32> in %r as !stream_lite.resource<*>{%c64}
  return %f0 : !stream_lite.resource<*>
}

// Fills of one static region share their plan (FillPlanCache) only when
// the value and the device's fill widths match: the f32 value fills 32
// bits at a time, the zero 8 bits at a time on either device.
// CHECK-LABEL: func.func @static_fill_plans
// CHECK-NEXT:    %[[Z:.+]] = arith.constant 0 : i8
// CHECK-NEXT:    %[[C8:.+]] = arith.constant 8 : index
// CHECK-NEXT:    %[[C0:.+]] = arith.constant 0 : index
// CHECK:         %[[BITS:.+]] = arith.bitcast %arg1 : f32 to i32
// CHECK:         %[[F0:.+]] = stream_lite.async.fill on(#stream_lite.affinity<@cpu>) %[[BITS]], %arg0[%[[C0]] to %[[C8]] for %[[C8]]] : i32
// CHECK:         %[[F1:.+]] = stream_lite.async.fill on(#stream_lite.affinity<@narrow>) %[[Z]], %[[F0]][%[[C0]] to %[[C8]] for %[[C8]]] : i8
// CHECK:         stream_lite.async.fill on(#stream_lite.affinity<@cpu>) %[[Z]], %[[F1]][%[[C0]] to %[[C8]] for %[[C8]]] : i8
func.func @static_fill_plans(%r: !stream_lite.resource<*>, %v: f32) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %f0 = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %r[%c0, %c0 for %c1, %c2] : f32 -> tensor<4x4xf32> in %r as !stream_lite.resource<*>{%c64}
  %f1 = stream_lite.tensor.fill on(#stream_lite.affinity<@narrow>) %zero, %f0[%c0, %c0 for %c1, %c2] : f32 -> tensor<4x4xf32> in %f0 as !stream_lite.resource<*>{%c64}
  %f2 = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %zero, %f1[%c0, %c0 for %c1, %c2] : f32 -> tensor<4x4xf32> in %f1 as !stream_lite.resource<*>{%c64}
  return %f2 : !stream_lite.resource<*>
}
