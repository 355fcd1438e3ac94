// RUN: layout-opt --stream-lite-check-resource-sizes %s | FileCheck %s
// RUN: layout-opt --stream-lite-check-resource-sizes --stream-lite-encode-host-tensors --canonicalize %s | FileCheck %s --check-prefix=FOLD

// --stream-lite-check-resource-sizes: before each tensor-phase op, a
// cf.assert that every resource size it names holds the storage of its
// tensor (a tensor.sizeof of the resolved type, lowered like any sizeof).
// Sizes that suffice fold away once sizeof is arithmetic.

#pad = #stream_lite.padding<[0, 1]>

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])

// Tests a splat whose result size comes from another type's sizeof, and an
// export whose size is an argument: one check per tensor, with its name.
func.func @splat(%v: f32, %r: !stream_lite.resource<*>, %n: index) -> (!stream_lite.resource<*>, tensor<4x8xf32>) {
  %sz = stream_lite.tensor.sizeof tensor<1x1xf32> : index
  %s = stream_lite.tensor.splat %v : f32 -> tensor<4x8xf32> in !stream_lite.resource<*>{%sz}
  %e = stream_lite.tensor.export %r : tensor<4x8xf32> in !stream_lite.resource<*>{%n} -> tensor<4x8xf32>
  return %s, %e : !stream_lite.resource<*>, tensor<4x8xf32>
}
// CHECK-LABEL: func.func @splat
// CHECK-SAME: %[[N:[a-z0-9_]+]]: index)
// CHECK: %[[SZ:.+]] = stream_lite.tensor.sizeof tensor<1x1xf32> : index
// CHECK: %[[NEED:.+]] = stream_lite.tensor.sizeof tensor<4x8xf32> : index
// CHECK: %[[OK:.+]] = arith.cmpi ule, %[[NEED]], %[[SZ]] : index
// CHECK: cf.assert %[[OK]], "{{.*}}stream-lite-check-resource-sizes.mlir:17:8: 'stream_lite.tensor.splat' op resource of the result is smaller than the storage of tensor<4x8xf32>"
// CHECK-NEXT: stream_lite.tensor.splat
// CHECK: %[[NEED2:.+]] = stream_lite.tensor.sizeof tensor<4x8xf32> : index
// CHECK: %[[OK2:.+]] = arith.cmpi ule, %[[NEED2]], %[[N]] : index
// CHECK: cf.assert %[[OK2]], "{{.*}}:18:8: 'stream_lite.tensor.export' op resource of the source is smaller than the storage of tensor<4x8xf32>"
// CHECK-NEXT: stream_lite.tensor.export
// 4 bytes are not 128: the check stays, as an assert of false.
// FOLD-LABEL: func.func @splat
// FOLD: cf.assert %false, "{{.*}}'stream_lite.tensor.splat' op resource of the result is smaller
// FOLD: arith.cmpi uge, %{{.+}}, %c128 : index
// FOLD: cf.assert %{{.+}}, "{{.*}}'stream_lite.tensor.export' op resource of the source is smaller

// Tests a padded layout (rows of 9): the dense size of the same shape is
// too small, the padded sizeof is right (and needs no check); dynamic dims
// stay dynamic.
func.func @padded(%r: !stream_lite.resource<*>, %d: index, %v: f32) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %dense = stream_lite.tensor.sizeof tensor<?x8xf32>{%d} : index
  %f = stream_lite.tensor.fill %v, %r[%c0, %c0 for %c1, %c1] : f32 -> tensor<?x8xf32, #pad>{%d} in %r as !stream_lite.resource<*>{%dense}
  %padded = stream_lite.tensor.sizeof tensor<?x8xf32, #pad>{%d} : index
  %g = stream_lite.tensor.fill %v, %f[%c0, %c0 for %c1, %c1] : f32 -> tensor<?x8xf32, #pad>{%d} in %f as !stream_lite.resource<*>{%padded}
  return %g : !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @padded
// CHECK-SAME: %[[D:[a-z0-9_]+]]: index
// CHECK: stream_lite.tensor.sizeof tensor<?x8xf32, #stream_lite.padding<[0, 1]>>{%[[D]]} : index
// CHECK: cf.assert %{{.+}}, "{{.*}}:45:8: 'stream_lite.tensor.fill' op resource of the target is smaller than the storage of tensor<?x8xf32, #stream_lite.padding<[0, 1]>>"
// CHECK-NEXT: stream_lite.tensor.fill
// The size is the sizeof of the same type and dims: no check.
// CHECK-NEXT: stream_lite.tensor.sizeof
// CHECK-NEXT: stream_lite.tensor.fill
// FOLD-LABEL: func.func @padded
// FOLD: cf.assert %{{.+}}, "{{.*}}:45:8: 'stream_lite.tensor.fill' op resource of the target is smaller
// FOLD-NOT: cf.assert
// FOLD: return

// Tests that a size, type and dims checked before an op that dominates
// this one are not checked again (the first check would have aborted),
// also inside a region; a check in one branch does not cover its sibling,
// and another type in the same resource is checked.
func.func @dominated(%r: !stream_lite.resource<*>, %n: index, %c: i1) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<8x8xf32>) {
  %a = stream_lite.tensor.export %r : tensor<4x8xf32> in !stream_lite.resource<*>{%n} -> tensor<4x8xf32>
  %b = stream_lite.tensor.export %r : tensor<4x8xf32> in !stream_lite.resource<*>{%n} -> tensor<4x8xf32>
  %i = scf.if %c -> tensor<4x8xf32> {
    %t = stream_lite.tensor.export %r : tensor<4x8xf32> in !stream_lite.resource<*>{%n} -> tensor<4x8xf32>
    scf.yield %t : tensor<4x8xf32>
  } else {
    %e = stream_lite.tensor.export %r : tensor<4x8xf32> in !stream_lite.resource<*>{%n} -> tensor<4x8xf32>
    scf.yield %e : tensor<4x8xf32>
  }
  %w = stream_lite.tensor.export %r : tensor<8x8xf32> in !stream_lite.resource<*>{%n} -> tensor<8x8xf32>
  return %a, %b, %i, %w : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<8x8xf32>
}
// CHECK-LABEL: func.func @dominated
// CHECK: cf.assert %{{.+}}, "{{.*}}:68:8: 'stream_lite.tensor.export' op resource of the source is smaller than the storage of tensor<4x8xf32>"
// CHECK-NEXT: %{{.+}} = stream_lite.tensor.export
// CHECK-NEXT: %{{.+}} = stream_lite.tensor.export
// CHECK-NEXT: scf.if
// CHECK-NEXT: %{{.+}} = stream_lite.tensor.export
// CHECK: } else {
// CHECK-NEXT: %{{.+}} = stream_lite.tensor.export
// CHECK: cf.assert %{{.+}}, "{{.*}}:77:8: 'stream_lite.tensor.export' op resource of the source is smaller than the storage of tensor<8x8xf32>"
// CHECK-NEXT: %{{.+}} = stream_lite.tensor.export

// Tests that checks in sibling branches are both made: neither dominates
// the other.
func.func @siblings(%r: !stream_lite.resource<*>, %n: index, %c: i1) -> tensor<4x8xf32> {
  %i = scf.if %c -> tensor<4x8xf32> {
    %t = stream_lite.tensor.export %r : tensor<4x8xf32> in !stream_lite.resource<*>{%n} -> tensor<4x8xf32>
    scf.yield %t : tensor<4x8xf32>
  } else {
    %e = stream_lite.tensor.export %r : tensor<4x8xf32> in !stream_lite.resource<*>{%n} -> tensor<4x8xf32>
    scf.yield %e : tensor<4x8xf32>
  }
  return %i : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @siblings
// CHECK: scf.if
// CHECK: cf.assert
// CHECK-NEXT: %{{.+}} = stream_lite.tensor.export
// CHECK: } else {
// CHECK: cf.assert
// CHECK-NEXT: %{{.+}} = stream_lite.tensor.export

// Negative: sizeof describes a type and names no resource; an unresolved
// encoding has no size yet (the pass runs after specialization); kernels
// in executables are generated for their bindings.
#enc = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
func.func @unchecked(%r: !stream_lite.resource<*>, %sz: index) -> (index, !stream_lite.resource<*>) {
  %n = stream_lite.tensor.sizeof tensor<4xf32> : index
  %c = stream_lite.tensor.clone %r : tensor<4x4xf32, #enc> in !stream_lite.resource<*>{%sz} -> tensor<4x4xf32, #enc> in !stream_lite.resource<*>{%sz}
  return %n, %c : index, !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @unchecked
// CHECK-NOT: cf.assert
// CHECK: return

// Tests a resolved layout with a dynamic dim: its storage size may pass
// 2^63 - 1 bytes where the dense size does not (rows rounded up to 1024),
// so the first op naming the type and dims (here a sizeof) asserts that it
// fits; the splats after it, on the same type and dims, are not checked
// again.
#tiled = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [1024, 1024]>]>
func.func @resolved_dynamic(%n: index) -> index {
  %v = arith.constant 0.0 : f32
  %sz = stream_lite.tensor.sizeof tensor<?x3xf32, #tiled>{%n} : index
  %s = stream_lite.tensor.splat %v : f32 -> tensor<?x3xf32, #tiled>{%n} in !stream_lite.resource<*>{%sz}
  %t = stream_lite.tensor.splat %v : f32 -> tensor<?x3xf32, #tiled>{%n} in !stream_lite.resource<*>{%sz}
  return %sz : index
}
// CHECK-LABEL: func.func @resolved_dynamic
// CHECK: arith.ceildivui
// CHECK: %[[TRUE:.+]] = arith.constant true
// CHECK-NEXT: %[[FITS:.+]] = arith.xori %{{.+}}, %[[TRUE]] : i1
// CHECK-NEXT: cf.assert %[[FITS]], "{{.*}}'stream_lite.tensor.sizeof' op needs the storage size of tensor<?x3xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [1024, 1024]>]>> to be at most 2^63 - 1 bytes"
// CHECK-NEXT: stream_lite.tensor.sizeof
// CHECK-NEXT: stream_lite.tensor.splat
// CHECK-NEXT: stream_lite.tensor.splat
// CHECK-NEXT: return
