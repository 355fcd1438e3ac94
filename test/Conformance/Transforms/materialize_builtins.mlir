// RUN: layout-opt --split-input-file --stream-lite-materialize-builtins %s | FileCheck %s

// IREE's materialize_builtins.mlir, in stream-lite terms: IREE rewrites
// async-phase splats and fills; stream-lite decides on the tensor-phase ops
// (docs/passes.md, DMA or dispatch), so each case starts one phase earlier.
// A device's memset widths are its native_fill_bits; IREE's memset
// emulation flag is a device that memsets 8 bits only.

stream_lite.device @dev targets([#stream_lite.target<"x">])
stream_lite.device @narrow targets([#stream_lite.target<"y">]) {native_fill_bits = [8]}

// splatI32: a 32-bit splat of a dynamic value stays a memset on a device that
// memsets 32 bits (NATIVE), and becomes a builtin dispatch on one that
// memsets 8 bits only (EMULATED).
// CHECK-LABEL: func.func @splatI32
// CHECK: stream_lite.tensor.splat %arg1 : i32
// CHECK-NOT: stream_lite.tensor.dispatch
// CHECK: return
func.func @splatI32(%sz: index, %v: i32, %d: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %0 = stream_lite.tensor.splat %v : i32 -> tensor<?xi32>{%d} in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
// CHECK-LABEL: stream_lite.executable private @__builtin_splat_Dxi32
// CHECK-LABEL: func.func @splatI32Emulated
// CHECK: stream_lite.tensor.dispatch @__builtin_splat_Dxi32::@__builtin_splat_Dxi32(%arg2, %arg1) : (index, i32) -> tensor<?xi32>{%arg2} in !stream_lite.resource<*>{%arg0}
func.func @splatI32Emulated(%sz: index, %v: i32, %d: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@narrow>} {
  %0 = stream_lite.tensor.splat %v : i32 -> tensor<?xi32>{%d} in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

stream_lite.device @dev targets([#stream_lite.target<"x">])

// builtinSplatI64: a 64-bit splat of a dynamic value (its halves may differ)
// becomes a builtin dispatch.
// CHECK-LABEL: stream_lite.executable private @__builtin_splat_Dxi64
// CHECK-LABEL: func.func @builtinSplatI64
// CHECK: %[[RET:.+]] = stream_lite.tensor.dispatch @__builtin_splat_Dxi64::@__builtin_splat_Dxi64(%arg2, %arg1) : (index, i64) -> tensor<?xi64>{%arg2} in !stream_lite.resource<*>{%arg0}
// CHECK: return %[[RET]]
func.func @builtinSplatI64(%sz: index, %v: i64, %d: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %0 = stream_lite.tensor.splat %v : i64 -> tensor<?xi64>{%d} in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

stream_lite.device @dev targets([#stream_lite.target<"x">])

// builtinFillI64: a 64-bit fill of a dynamic value over a dynamic range
// becomes a builtin dispatch whose result is the target, written in place.
// CHECK-LABEL: stream_lite.executable private @__builtin_fill_Dxi64
// CHECK-LABEL: func.func @builtinFillI64
// CHECK-SAME: (%[[RES:[a-z0-9]+]]: !stream_lite.resource<*>, %[[SIZE:[a-z0-9]+]]: index, %[[VALUE:[a-z0-9]+]]: i64, %[[D:[a-z0-9]+]]: index, %[[OFFSET:[a-z0-9]+]]: index, %[[LENGTH:[a-z0-9]+]]: index)
// CHECK: %[[RET:.+]] = stream_lite.tensor.dispatch @__builtin_fill_Dxi64::@__builtin_fill_Dxi64(%[[RES]], %[[D]], %[[OFFSET]], %[[LENGTH]], %[[VALUE]]) : (tensor<?xi64>{%[[D]]} in !stream_lite.resource<*>{%[[SIZE]]}, index, index, index, i64) -> tensor<?xi64>{%[[D]]} in %[[RES]] as !stream_lite.resource<*>{%[[SIZE]]}
// CHECK: return %[[RET]]
func.func @builtinFillI64(%r: !stream_lite.resource<*>, %sz: index, %v: i64, %d: index, %o: index, %n: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %0 = stream_lite.tensor.fill %v, %r[%o for %n] : i64 -> tensor<?xi64>{%d} in %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

stream_lite.device @dev targets([#stream_lite.target<"x">])

// builtinSplatI64 (shared by several functions): two functions splatting
// 64-bit constants with unequal halves share one builtin executable. (IREE
// splats 0 and 1 as i64 with emulation; stream-lite memsets those as 8- and
// 32-bit patterns, so the values here have unequal halves.)
// CHECK-LABEL: stream_lite.executable private @__builtin_splat_Dxi64
// CHECK-LABEL: func.func @firstUser
// CHECK: stream_lite.tensor.dispatch @__builtin_splat_Dxi64::@__builtin_splat_Dxi64
// CHECK-LABEL: func.func @otherUser
// CHECK: stream_lite.tensor.dispatch @__builtin_splat_Dxi64::@__builtin_splat_Dxi64
// CHECK-NOT: stream_lite.executable private @__builtin_splat_Dxi64
func.func @firstUser(%sz: index, %d: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %v = arith.constant 4294967298 : i64
  %0 = stream_lite.tensor.splat %v : i64 -> tensor<?xi64>{%d} in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
func.func @otherUser(%sz: index, %d: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %v = arith.constant 8589934593 : i64
  %0 = stream_lite.tensor.splat %v : i64 -> tensor<?xi64>{%d} in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
