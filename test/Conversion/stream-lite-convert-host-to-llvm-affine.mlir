// RUN: layout-opt --stream-lite-expand-strided-metadata %s | FileCheck %s --check-prefix=EXPANDED
// RUN: layout-opt --stream-lite-expand-strided-metadata --stream-lite-convert-host-to-llvm %s | FileCheck %s --check-prefix=NOFOLD --implicit-check-not=affine.
// RUN: layout-opt --stream-lite-expand-strided-metadata --stream-lite-convert-host-to-llvm=fold %s | FileCheck %s --implicit-check-not=affine.

// Tests that the affine.apply an expanded subview computes its run-time
// offset with (a kernel's slice at a kernel argument or a loop's induction
// variable, bufferized) becomes arith, then LLVM, in the same conversion:
// no affine op is left.

// EXPANDED-LABEL: func.func @row
// EXPANDED: affine.apply
// EXPANDED-LABEL: func.func @block
// EXPANDED: affine.apply

// NOFOLD-LABEL: llvm.func @row
// NOFOLD: llvm.mul
// NOFOLD-LABEL: llvm.func @block
// NOFOLD: llvm.mul

// With fold, as in the to-llvm pipeline, the descriptors fold away and
// the offset's arithmetic is plain:
// CHECK-LABEL: llvm.func @row
// CHECK-SAME: (%{{[^:]+}}: !llvm.ptr, %[[ALIGNED:[^:]+]]: !llvm.ptr, %{{[^:]+}}: i64, %{{[^:]+}}: i64, %{{[^:]+}}: i64, %{{[^:]+}}: i64, %{{[^:]+}}: i64, %[[R:[^:]+]]: i64)
// CHECK-DAG: %[[FOUR:[0-9]+]] = llvm.mlir.constant(4 : index) : i64
// CHECK: %[[OFF:[0-9]+]] = llvm.mul %[[R]], %[[FOUR]]
// CHECK: llvm.getelementptr %[[ALIGNED]][%[[OFF]]]
// CHECK: llvm.load
// CHECK: llvm.return
func.func @row(%m: memref<4x4xf32>, %r: index) -> f32 {
  %c0 = arith.constant 0 : index
  %s = memref.subview %m[%r, 0] [1, 4] [1, 1] : memref<4x4xf32> to memref<1x4xf32, strided<[4, 1], offset: ?>>
  %v = memref.load %s[%c0, %c0] : memref<1x4xf32, strided<[4, 1], offset: ?>>
  return %v : f32
}

// Every stride and the source's offset dynamic too: the offset is
// offset + r * stride0 + c * stride1.
// CHECK-LABEL: llvm.func @block
// CHECK-SAME: (%{{[^:]+}}: !llvm.ptr, %[[ALIGNED:[^:]+]]: !llvm.ptr, %[[OFF:[^:]+]]: i64, %{{[^:]+}}: i64, %{{[^:]+}}: i64, %[[S0:[^:]+]]: i64, %[[S1:[^:]+]]: i64, %[[R:[^:]+]]: i64, %[[C:[^:]+]]: i64)
// CHECK: %[[RS:[0-9]+]] = llvm.mul %[[R]], %[[S0]]
// CHECK: %[[A:[0-9]+]] = llvm.add %[[OFF]], %[[RS]]
// CHECK: %[[CS:[0-9]+]] = llvm.mul %[[C]], %[[S1]]
// CHECK: %[[SUM:[0-9]+]] = llvm.add %[[A]], %[[CS]]
// CHECK: llvm.getelementptr %[[ALIGNED]][%[[SUM]]]
// CHECK: llvm.load
// CHECK: llvm.return
func.func @block(%m: memref<?x?xf32, strided<[?, ?], offset: ?>>, %r: index, %c: index) -> f32 {
  %c0 = arith.constant 0 : index
  %s = memref.subview %m[%r, %c] [2, 2] [1, 1] : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<2x2xf32, strided<[?, ?], offset: ?>>
  %v = memref.load %s[%c0, %c0] : memref<2x2xf32, strided<[?, ?], offset: ?>>
  return %v : f32
}
