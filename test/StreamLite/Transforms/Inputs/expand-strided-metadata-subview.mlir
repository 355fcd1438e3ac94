// Input of stream-lite-expand-strided-metadata.mlir: a function with a
// subview and a reshape, and one with nothing to expand.
func.func @subview(%m: memref<?x?xf32>, %i: index, %n: index) -> memref<?x?xf32, strided<[?, 1], offset: ?>> {
  %s = memref.subview %m[%i, 0] [%n, 4] [1, 1] : memref<?x?xf32> to memref<?x4xf32, strided<[?, 1], offset: ?>>
  %c = memref.cast %s : memref<?x4xf32, strided<[?, 1], offset: ?>> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  return %c : memref<?x?xf32, strided<[?, 1], offset: ?>>
}

func.func @collapse(%m: memref<4x8xf32>) -> memref<32xf32> {
  %c = memref.collapse_shape %m [[0, 1]] : memref<4x8xf32> into memref<32xf32>
  return %c : memref<32xf32>
}

func.func @nothing_to_expand(%x: index) -> index {
  return %x : index
}
