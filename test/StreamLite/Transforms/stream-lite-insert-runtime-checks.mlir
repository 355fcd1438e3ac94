// RUN: layout-opt --stream-lite-insert-runtime-checks %s | FileCheck %s
// RUN: layout-opt --stream-lite-insert-runtime-checks --canonicalize %s | FileCheck %s --check-prefix=FOLD

// --stream-lite-insert-runtime-checks: a cf.assert before each tensor-phase
// op for the logical facts it assumes (regions and indices inside the dims,
// equal dims, sizeable dims), with a message naming the location and the op.
// Checks on constants that hold are not emitted.

#a = #stream_lite.affinity<@cpu>
#tile = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 2]>

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])

// Tests that a slice checks offset <= dim and length <= dim - offset per
// dynamic dim (unsigned, so negative values fail), and that its dynamic
// result dim equals the length; the static dim 1 needs no check.
func.func @slice(%r: !stream_lite.resource<*>, %sz: index, %d: index, %i: index, %n: index, %m: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %0 = stream_lite.tensor.slice on(#a) %r[%i, %c0 for %n, %c4] : tensor<?x4xf32, #tile>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32, #tile>{%m} in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @slice
// CHECK-SAME: (%{{.+}}: !stream_lite.resource<*>, %{{.+}}: index, %[[D:[a-z0-9_]+]]: index, %[[I:[a-z0-9_]+]]: index, %[[N:[a-z0-9_]+]]: index, %[[M:[a-z0-9_]+]]: index)
// CHECK: %[[OFF:.+]] = arith.cmpi ule, %[[I]], %[[D]] : index
// CHECK: %[[REST:.+]] = arith.subi %[[D]], %[[I]] : index
// CHECK: %[[LEN:.+]] = arith.cmpi ule, %[[N]], %[[REST]] : index
// CHECK: %[[OK:.+]] = arith.andi %[[OFF]], %[[LEN]] : i1
// CHECK: cf.assert %[[OK]], "{{.*}}stream-lite-insert-runtime-checks.mlir:20:8: 'stream_lite.tensor.slice' op region of dim 0 is out of the source's bounds"
// CHECK-NOT: dim 1
// CHECK: %[[EQ:.+]] = arith.cmpi eq, %[[N]], %[[M]] : index
// CHECK: cf.assert %[[EQ]], "{{.*}}:20:8: 'stream_lite.tensor.slice' op result differs from the region's lengths in dim 0"
// CHECK-NEXT: stream_lite.tensor.slice

// Tests that a fill checks its region against the target's dims.
func.func @fill(%r: !stream_lite.resource<*>, %sz: index, %d: index, %j: index) -> !stream_lite.resource<*> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f = arith.constant 1.0 : f32
  %0 = stream_lite.tensor.fill on(#a) %f, %r[%c1, %j for %c1, %c2] : f32 -> tensor<3x?xf32>{%d} in %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @fill
// CHECK-SAME: %[[D:[a-z0-9_]+]]: index, %[[J:[a-z0-9_]+]]: index)
// CHECK-NOT: dim 0
// CHECK: arith.cmpi ule, %[[J]], %[[D]] : index
// CHECK: cf.assert %{{.+}}, "{{.*}}'stream_lite.tensor.fill' op region of dim 1 is out of the target's bounds"
// CHECK-NEXT: stream_lite.tensor.fill

// Tests that an update checks the update's dims at its start indices.
func.func @update(%r: !stream_lite.resource<*>, %u: !stream_lite.resource<*>, %sz: index, %d: index, %i: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %0 = stream_lite.tensor.update on(#a) %u, %r[%i, %c0] : tensor<2x4xf32> in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32>{%d} in %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @update
// CHECK-SAME: %[[D:[a-z0-9_]+]]: index, %[[I:[a-z0-9_]+]]: index)
// CHECK: arith.cmpi ule, %[[I]], %[[D]] : index
// CHECK: %[[REST:.+]] = arith.subi %[[D]], %[[I]] : index
// CHECK: arith.cmpi ule, %{{.+}}, %[[REST]] : index
// CHECK: cf.assert %{{.+}}, "{{.*}}'stream_lite.tensor.update' op region of dim 0 is out of the target's bounds"
// CHECK-NEXT: stream_lite.tensor.update

// Tests that load and store check 0 <= index < dim; the constant index of a
// static dim that holds needs no check.
func.func @load_store(%st: !stream_lite.resource<staging>, %sz: index, %d: index, %i: index, %v: f32) -> f32 {
  %c1 = arith.constant 1 : index
  %0 = stream_lite.tensor.load %st[%i, %c1] : tensor<?x4xf32>{%d} in !stream_lite.resource<staging>{%sz} -> f32
  %1 = stream_lite.tensor.store %v, %st[%c1, %i] : f32 -> tensor<?x4xf32>{%d} in %st as !stream_lite.resource<staging>{%sz}
  return %0 : f32
}
// CHECK-LABEL: func.func @load_store
// CHECK-SAME: (%{{[a-z0-9_]+}}: !stream_lite.resource<staging>, %{{[a-z0-9_]+}}: index, %[[D:[a-z0-9_]+]]: index, %[[I:[a-z0-9_]+]]: index, %{{[a-z0-9_]+}}: f32)
// CHECK: %[[L:.+]] = arith.cmpi ult, %[[I]], %[[D]] : index
// CHECK: cf.assert %[[L]], "{{.*}}'stream_lite.tensor.load' op index of dim 0 is out of the source's bounds"
// CHECK-NOT: cf.assert
// CHECK: stream_lite.tensor.load
// CHECK: %[[S0:.+]] = arith.cmpi ult, %{{.+}}, %[[D]] : index
// CHECK: cf.assert %[[S0]], "{{.*}}'stream_lite.tensor.store' op index of dim 0 is out of the target's bounds"
// CHECK: %[[S1:.+]] = arith.cmpi ult, %[[I]], %{{.+}} : index
// CHECK: cf.assert %[[S1]], "{{.*}}'stream_lite.tensor.store' op index of dim 1 is out of the target's bounds"
// CHECK-NEXT: stream_lite.tensor.store

// Tests that import compares the host tensor's dims with the declared ones
// and export the source's dims with the result type's static dims.
func.func @import_export(%h: tensor<?x4xf32>, %d: index, %sz: index) -> tensor<2x4xf32> {
  %0 = stream_lite.tensor.import on(#a) %h : tensor<?x4xf32> -> tensor<?x4xf32>{%d} in !stream_lite.resource<external>{%sz}
  %1 = stream_lite.tensor.export on(#a) %0 : tensor<?x4xf32>{%d} in !stream_lite.resource<external>{%sz} -> tensor<2x4xf32>
  return %1 : tensor<2x4xf32>
}
// CHECK-LABEL: func.func @import_export
// CHECK-SAME: (%[[H:[a-z0-9_]+]]: tensor<?x4xf32>, %[[D:[a-z0-9_]+]]: index
// CHECK: %[[HD:.+]] = tensor.dim %[[H]], %{{.+}} : tensor<?x4xf32>
// CHECK: %[[EQ:.+]] = arith.cmpi eq, %[[D]], %[[HD]] : index
// CHECK: cf.assert %[[EQ]], "{{.*}}'stream_lite.tensor.import' op host tensor differs from the declared dims in dim 0"
// CHECK-NEXT: stream_lite.tensor.import
// CHECK: %[[C2:.+]] = arith.constant 2 : index
// CHECK: %[[EQ2:.+]] = arith.cmpi eq, %[[D]], %[[C2]] : index
// CHECK: cf.assert %[[EQ2]], "{{.*}}'stream_lite.tensor.export' op source differs from the result type in dim 0"
// CHECK-NEXT: stream_lite.tensor.export

// Tests that clone and encode check that the result's dims equal the
// source's where they are different values.
func.func @clone_encode(%r: !stream_lite.resource<*>, %sz: index, %d: index, %e: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) {
  %0 = stream_lite.tensor.clone on(#a) %r : tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz}
  %1 = stream_lite.tensor.encode on(#a) %r : tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32, #tile>{%e} in !stream_lite.resource<*>{%sz}
  return %0, %1 : !stream_lite.resource<*>, !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @clone_encode
// CHECK-SAME: %[[D:[a-z0-9_]+]]: index, %[[E:[a-z0-9_]+]]: index)
// CHECK-NOT: cf.assert
// CHECK: stream_lite.tensor.clone
// CHECK: %[[EQ:.+]] = arith.cmpi eq, %[[D]], %[[E]] : index
// CHECK: cf.assert %[[EQ]], "{{.*}}'stream_lite.tensor.encode' op result differs from the source in dim 0"
// CHECK-NEXT: stream_lite.tensor.encode

// Tests that sizeof checks each step of the storage-size formula for
// overflow (exactly: a product a * b overflows iff a > (2^63 - 1) / b) and
// that dims are non-negative, in one assert; a shape with a static zero
// still checks its dims are not negative; a static shape needs nothing
// (the verifier checked it).
func.func @sizeof(%d0: index, %d2: index) -> (index, index, index) {
  %0 = stream_lite.tensor.sizeof on(#a) tensor<?x3x?xf32>{%d0, %d2} : index
  %1 = stream_lite.tensor.sizeof on(#a) tensor<0x?xf32>{%d0} : index
  %2 = stream_lite.tensor.sizeof on(#a) tensor<7x3xf32, #tile> : index
  return %0, %1, %2 : index, index, index
}
// CHECK-LABEL: func.func @sizeof
// CHECK-SAME: (%[[D0:[a-z0-9_]+]]: index, %[[D2:[a-z0-9_]+]]: index)
// CHECK: %[[LIM0:.+]] = arith.constant 3074457345618258602 : index
// CHECK: %[[OV0:.+]] = arith.cmpi ugt, %[[D0]], %[[LIM0]] : index
// CHECK: %[[P:.+]] = arith.muli %{{.+}}, %[[D0]] : index
// CHECK: %[[DIV:.+]] = arith.maxui %[[D2]], %{{.+}} : index
// CHECK: %[[LIM1:.+]] = arith.divui %{{.+}}, %[[DIV]] : index
// CHECK: %[[OV1:.+]] = arith.cmpi ugt, %[[P]], %[[LIM1]] : index
// CHECK: %[[P2:.+]] = arith.muli %[[P]], %[[D2]] : index
// CHECK: %[[OV2:.+]] = arith.cmpi ugt, %[[P2]], %{{.+}} : index
// CHECK: %[[NEG0:.+]] = arith.cmpi slt, %[[D0]], %{{.+}} : index
// CHECK: %[[NEG2:.+]] = arith.cmpi slt, %[[D2]], %{{.+}} : index
// CHECK: %[[BAD:.+]] = arith.ori %{{.+}}, %[[NEG2]] : i1
// CHECK: %[[OK:.+]] = arith.xori %[[BAD]], %{{.+}} : i1
// CHECK: cf.assert %[[OK]], "{{.*}}'stream_lite.tensor.sizeof' op needs the dims of tensor<?x3x?xf32> to be non-negative and its storage size to be at most 2^63 - 1 bytes"
// CHECK: stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<?x3x?xf32>
// CHECK: %[[NEGZ:.+]] = arith.cmpi slt, %[[D0]], %{{.+}} : index
// CHECK: %[[OKZ:.+]] = arith.xori %[[NEGZ]], %{{.+}} : i1
// CHECK: cf.assert %[[OKZ]], "{{.*}}needs the dims of tensor<0x?xf32> to be
// CHECK-NEXT: stream_lite.tensor.sizeof
// CHECK-NOT: cf.assert
// CHECK: stream_lite.tensor.sizeof
// CHECK: return

// Tests that ops whose dims and regions are all constants and in bounds get
// no check at all, and that checks on constants that hold... are never
// built, so nothing is left for the canonicalizer either.
func.func @static_in_bounds(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f = arith.constant 0.0 : f32
  %0 = stream_lite.tensor.slice on(#a) %r[%c1, %c1 for %c1, %c2] : tensor<2x4xf32> in !stream_lite.resource<*>{%sz} -> tensor<1x2xf32> in !stream_lite.resource<*>{%sz}
  %1 = stream_lite.tensor.fill on(#a) %f, %0[%c1, %c1 for %c1, %c1] : f32 -> tensor<2x4xf32> in %0 as !stream_lite.resource<*>{%sz}
  return %1 : !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @static_in_bounds
// CHECK-NOT: cf.assert
// CHECK: return

// Tests that a check on a dynamic value whose producer is a constant still
// folds: the canonicalizer erases the `cf.assert true`.
func.func @folded(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %0 = stream_lite.tensor.clone on(#a) %r : tensor<?x4xf32>{%c2} in !stream_lite.resource<*>{%sz} -> tensor<2x?xf32>{%c4} in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
// FOLD-LABEL: func.func @folded
// FOLD-NOT: cf.assert
// FOLD: return

// Tests that a statically out-of-bounds region keeps its check: the
// canonicalizer cannot fold a false assert away, so the program fails when
// it runs.
func.func @static_out_of_bounds(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %0 = stream_lite.tensor.slice on(#a) %r[%c3, %c0 for %c3, %c3] : tensor<?x4xf32>{%c4} in !stream_lite.resource<*>{%sz} -> tensor<3x3xf32> in !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
// FOLD-LABEL: func.func @static_out_of_bounds
// FOLD: cf.assert %false, "{{.*}}'stream_lite.tensor.slice' op region of dim 0 is out of the source's bounds"
// FOLD: return

// Tests that async-phase ops written by hand get byte-range checks: what
// their lowering reads and writes lies inside the resources.
func.func @async_copy(%s: !stream_lite.resource<*>, %t: !stream_lite.resource<*>, %ssz: index, %tsz: index, %so: index, %se: index, %to: index, %te: index, %len: index) -> !stream_lite.resource<*> {
  %0 = stream_lite.async.copy %s[%so to %se], %t[%to to %te], %len : !stream_lite.resource<*>{%ssz} -> %t as !stream_lite.resource<*>{%tsz}
  return %0 : !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @async_copy
// CHECK-SAME: %[[SSZ:[a-z0-9_]+]]: index, %[[TSZ:[a-z0-9_]+]]: index, %[[SO:[a-z0-9_]+]]: index, %{{[a-z0-9_]+}}: index, %[[TO:[a-z0-9_]+]]: index, %{{[a-z0-9_]+}}: index, %[[LEN:[a-z0-9_]+]]: index)
// CHECK: arith.cmpi ule, %[[SO]], %[[SSZ]] : index
// CHECK: %[[SREST:.+]] = arith.subi %[[SSZ]], %[[SO]] : index
// CHECK: arith.cmpi ule, %[[LEN]], %[[SREST]] : index
// CHECK: cf.assert %{{.+}}, "{{.*}}'stream_lite.async.copy' op source byte range is out of the source's bounds"
// CHECK: arith.cmpi ule, %[[TO]], %[[TSZ]] : index
// CHECK: cf.assert %{{.+}}, "{{.*}}'stream_lite.async.copy' op target byte range is out of the target's bounds"
// CHECK-NEXT: stream_lite.async.copy

// Tests that load and store check their scalar's bytes (i1 is one byte,
// f64 eight), that a dispatch checks each resource operand's range, and
// that a transfer or clone whose result size is its source size (the same
// value) needs no check.
func.func @async_scalars(%st: !stream_lite.resource<staging>, %r: !stream_lite.resource<*>, %sz: index, %off: index, %l: index) -> (i1, !stream_lite.resource<*>) {
  %v = stream_lite.async.load %st[%off] : !stream_lite.resource<staging>{%sz} -> i1
  %d = arith.constant 1.0 : f64
  %0 = stream_lite.async.store %d, %st[%off] : f64 -> %st as !stream_lite.resource<staging>{%sz}
  %1 = stream_lite.async.transfer %r : !stream_lite.resource<*>{%sz} -> !stream_lite.resource<*>{%sz}
  %2 = stream_lite.async.dispatch @ex::@f(%1[%off to %sz for %l]) : (!stream_lite.resource<*>{%sz}) -> %1 as !stream_lite.resource<*>{%sz}
  return %v, %2 : i1, !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @async_scalars
// CHECK: %[[C1:.+]] = arith.constant 1 : index
// CHECK: arith.cmpi ule, %[[C1]], %{{.+}} : index
// CHECK: cf.assert %{{.+}}, "{{.*}}'stream_lite.async.load' op byte offset is out of the source's bounds"
// CHECK: %[[C8:.+]] = arith.constant 8 : index
// CHECK: arith.cmpi ule, %[[C8]], %{{.+}} : index
// CHECK: cf.assert %{{.+}}, "{{.*}}'stream_lite.async.store' op byte offset is out of the target's bounds"
// CHECK-NOT: cf.assert
// CHECK: stream_lite.async.transfer
// CHECK: cf.assert %{{.+}}, "{{.*}}'stream_lite.async.dispatch' op byte range of resource operand 0 is out of its bounds"
// CHECK-NEXT: stream_lite.async.dispatch

// Tests that import checks the host tensor's dense bytes (rows x 4
// columns x 4 bytes, the identity layout's size) against the resource and
// export the result's dense bytes against the source.
func.func @async_host(%h: tensor<?x4xf32>, %sz: index, %d: index) -> tensor<?x4xf32> {
  %0 = stream_lite.async.import %h : tensor<?x4xf32> -> !stream_lite.resource<external>{%sz}
  %1 = stream_lite.async.export %0 : !stream_lite.resource<external>{%sz} -> tensor<?x4xf32>{%d}
  return %1 : tensor<?x4xf32>
}
// CHECK-LABEL: func.func @async_host
// CHECK-SAME: (%[[H:[a-z0-9_]+]]: tensor<?x4xf32>, %[[SZ:[a-z0-9_]+]]: index, %[[D:[a-z0-9_]+]]: index)
// CHECK: %[[HD:.+]] = tensor.dim %[[H]], %{{.+}} : tensor<?x4xf32>
// CHECK: %[[HR:.+]] = arith.muli %[[HD]], %{{.+}} : index
// CHECK: %[[HB:.+]] = arith.muli %[[HR]], %{{.+}} : index
// CHECK: arith.cmpi ule, %[[HB]], %[[SZ]] : index
// CHECK: cf.assert %{{.+}}, "{{.*}}'stream_lite.async.import' op host tensor is larger than the resource"
// CHECK-NEXT: stream_lite.async.import
// CHECK: %[[ER:.+]] = arith.muli %[[D]], %{{.+}} : index
// CHECK: %[[EB:.+]] = arith.muli %[[ER]], %{{.+}} : index
// CHECK: arith.cmpi ule, %[[EB]], %[[SZ]] : index
// CHECK: cf.assert %{{.+}}, "{{.*}}'stream_lite.async.export' op result is larger than the source"
// CHECK-NEXT: stream_lite.async.export

// Tests that executables are left alone.
stream_lite.executable private @ex {
  stream_lite.executable.export public @f
  builtin.module {
    func.func @f(%b: !stream_lite.binding, %n: index) {
      %c0 = arith.constant 0 : index
      %0 = stream_lite.binding.subspan %b[%c0] : !stream_lite.binding -> tensor<?xf32>{%n} in memref<?xi8>
      return
    }
  }
}
// CHECK-LABEL: stream_lite.executable private @ex
// CHECK-NOT: cf.assert
// CHECK: stream_lite.binding.subspan

// Tests that upstream ops are left alone: tensor promises
// RuntimeVerifiableOpInterface without layout-opt registering its models,
// and asking tensor.dim for it aborted in builds with assertions (found by
// layout-fuzz-passes).
func.func @upstream_ops(%t: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %t, %c0 : tensor<?xf32>
  return %d : index
}
// CHECK-LABEL: func.func @upstream_ops
// CHECK-NOT: cf.assert
// CHECK: tensor.dim

// (At the end of the file: the CHECK lines above name line numbers.)
// Nested on each function (as the to-llvm pipeline runs it, threaded): the
// same checks, and executables are not functions of the module, so they are
// left alone too.
// RUN: layout-opt --pass-pipeline='builtin.module(func.func(stream-lite-insert-runtime-checks))' %s | FileCheck %s
// RUN: layout-opt --mlir-disable-threading --pass-pipeline='builtin.module(func.func(stream-lite-insert-runtime-checks))' %s | FileCheck %s
