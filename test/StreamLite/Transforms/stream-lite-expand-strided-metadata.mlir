// RUN: layout-opt --split-input-file %s \
// RUN:   --pass-pipeline='builtin.module(func.func(stream-lite-expand-strided-metadata))' \
// RUN:   | FileCheck %s
// Where a pattern applies, the output is upstream's pass's:
// RUN: layout-opt %S/Inputs/expand-strided-metadata-subview.mlir \
// RUN:   --pass-pipeline='builtin.module(func.func(stream-lite-expand-strided-metadata))' > %t.ours
// RUN: layout-opt %S/Inputs/expand-strided-metadata-subview.mlir \
// RUN:   --pass-pipeline='builtin.module(func.func(expand-strided-metadata))' > %t.upstream
// RUN: diff %t.ours %t.upstream

// Tests a subview: rewritten through its base buffer's metadata.
// CHECK-LABEL: func.func @subview
// CHECK: %[[BASE:.+]], %{{.+}}, %{{.+}}:2, %[[STRIDES:.+]]:2 = memref.extract_strided_metadata %arg0
// CHECK: memref.reinterpret_cast %[[BASE]]
// CHECK-NOT: memref.subview
func.func @subview(%m: memref<?x?xf32>, %i: index, %n: index) -> memref<?x4xf32, strided<[?, 1], offset: ?>> {
  %s = memref.subview %m[%i, 0] [%n, 4] [1, 1] : memref<?x?xf32> to memref<?x4xf32, strided<[?, 1], offset: ?>>
  return %s : memref<?x4xf32, strided<[?, 1], offset: ?>>
}

// -----

// Tests a function none of the patterns is rooted in: left exactly as it
// is. (Upstream's pass would also fold the addition of zero and erase the
// unused view; the pipelines run the canonicalizer right before.)
// CHECK-LABEL: func.func @negative_nothing_to_expand
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[Y:.+]] = arith.addi %arg0, %[[C0]] : index
// CHECK-NEXT: memref.view %arg1[%[[C0]]][%[[Y]]]
// CHECK-NEXT: return %[[Y]] : index
func.func @negative_nothing_to_expand(%x: index, %m: memref<?xi8>) -> index {
  %c0 = arith.constant 0 : index
  %y = arith.addi %x, %c0 : index
  %v = memref.view %m[%c0][%y] : memref<?xi8> to memref<?xf32>
  return %y : index
}
