// RUN: layout-opt --split-input-file --stream-lite-bufferize-kernels %s | FileCheck %s

// One-shot bufferization of the kernels' tensor code (docs/passes.md), after
// the views became dense buffers: the value computed into tensor.empty is
// computed straight into the buffer the store moves to its binding
// (empty-tensor elimination, and no copy of that buffer onto itself), and
// the copies bufferization makes are linalg.copy.

// CHECK-LABEL: func.func @add
// CHECK: %[[IN:.+]] = memref.view {{.+}} : memref<?xi8> to memref<4xf32>
// CHECK: %[[OUT:.+]] = memref.view {{.+}} : memref<?xi8> to memref<4xf32>
// CHECK-NOT: tensor.empty
// CHECK-NOT: memref.alloc() : memref<4xf32>
// CHECK: linalg.add ins(%[[IN]], %[[IN]] : memref<4xf32>, memref<4xf32>) outs(%[[OUT]] : memref<4xf32>)
// CHECK-NOT: bufferization.
// CHECK-NOT: linalg.copy
// CHECK: return
stream_lite.executable private @ex {
  stream_lite.executable.export public @add
  builtin.module {
    func.func @add(%a: memref<?xi8>, %o: memref<?xi8>) {
      %c0 = arith.constant 0 : index
      %in = memref.view %a[%c0][] : memref<?xi8> to memref<4xf32>
      %x = bufferization.to_tensor %in restrict writable : memref<4xf32> to tensor<4xf32>
      %e = tensor.empty() : tensor<4xf32>
      %s = linalg.add ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
      %out = memref.view %o[%c0][] : memref<?xi8> to memref<4xf32>
      bufferization.materialize_in_destination %s in restrict writable %out : (tensor<4xf32>, memref<4xf32>) -> ()
      return
    }
  }
}

// -----

// A copy bufferization cannot avoid (the loaded tensor is written in place
// and still read afterwards) is a linalg.copy, never memref.copy.
// CHECK-LABEL: func.func @copies
// CHECK: linalg.copy
// CHECK-NOT: memref.copy
stream_lite.executable private @ex {
  stream_lite.executable.export public @copies
  builtin.module {
    func.func @copies(%a: memref<?xi8>, %o: memref<?xi8>, %p: memref<?xi8>) {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      %in = memref.view %a[%c0][] : memref<?xi8> to memref<4xf32>
      %x = bufferization.to_tensor %in restrict : memref<4xf32> to tensor<4xf32>
      %f = linalg.fill ins(%one : f32) outs(%x : tensor<4xf32>) -> tensor<4xf32>
      %out = memref.view %o[%c0][] : memref<?xi8> to memref<4xf32>
      bufferization.materialize_in_destination %f in restrict writable %out : (tensor<4xf32>, memref<4xf32>) -> ()
      %keep = memref.view %p[%c0][] : memref<?xi8> to memref<4xf32>
      bufferization.materialize_in_destination %x in restrict writable %keep : (tensor<4xf32>, memref<4xf32>) -> ()
      return
    }
  }
}

// -----

// Elementwise arith and math ops on tensors, which have no bufferization of
// their own, become linalg.generic first (upstream's conversion), an
// arith.select with a tensor of i1 as condition too.
// CHECK-LABEL: func.func @elementwise
// CHECK-NOT: tensor
// CHECK: linalg.generic
// CHECK: arith.addf {{.+}} : f32
// CHECK: linalg.generic
// CHECK: math.exp {{.+}} : f32
// CHECK: linalg.generic
// CHECK: arith.cmpf ogt, {{.+}} : f32
// CHECK: linalg.generic
// CHECK: arith.select {{.+}} : f32
// CHECK-NOT: tensor
// CHECK: return
stream_lite.executable private @ex {
  stream_lite.executable.export public @elementwise
  builtin.module {
    func.func @elementwise(%a: memref<?xi8>, %o: memref<?xi8>, %n: index) {
      %c0 = arith.constant 0 : index
      %in = memref.view %a[%c0][%n] : memref<?xi8> to memref<?x4xf32>
      %x = bufferization.to_tensor %in restrict writable : memref<?x4xf32> to tensor<?x4xf32>
      %s = arith.addf %x, %x : tensor<?x4xf32>
      %e = math.exp %s : tensor<?x4xf32>
      %c = arith.cmpf ogt, %e, %x : tensor<?x4xf32>
      %m = arith.select %c, %e, %x : tensor<?x4xi1>, tensor<?x4xf32>
      %out = memref.view %o[%c0][%n] : memref<?xi8> to memref<?x4xf32>
      bufferization.materialize_in_destination %m in restrict writable %out : (tensor<?x4xf32>, memref<?x4xf32>) -> ()
      return
    }
  }
}

// -----

// An aggregated linalg op (linalg.softmax) becomes the ops it stands for,
// which bufferize.
// CHECK-LABEL: func.func @softmax
// CHECK-NOT: linalg.softmax
// CHECK: math.exp
// CHECK: arith.divf
// CHECK-NOT: tensor<
// CHECK: return
stream_lite.executable private @ex {
  stream_lite.executable.export public @softmax
  builtin.module {
    func.func @softmax(%a: memref<?xi8>, %o: memref<?xi8>) {
      %c0 = arith.constant 0 : index
      %in = memref.view %a[%c0][] : memref<?xi8> to memref<4x6xf32>
      %x = bufferization.to_tensor %in restrict writable : memref<4x6xf32> to tensor<4x6xf32>
      %e = tensor.empty() : tensor<4x6xf32>
      %s = linalg.softmax dimension(1) ins(%x : tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
      %out = memref.view %o[%c0][] : memref<?xi8> to memref<4x6xf32>
      bufferization.materialize_in_destination %s in restrict writable %out : (tensor<4x6xf32>, memref<4x6xf32>) -> ()
      return
    }
  }
}

// -----

// Kernels without tensors (the builtins, kernels over bytes) are left as
// they are.
// CHECK-LABEL: func.func @bytes
// CHECK-NEXT: %[[C:.+]] = arith.constant 1 : i8
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: memref.store %[[C]], %{{.+}}[%[[C0]]] : memref<?xi8>
// CHECK-NEXT: return
stream_lite.executable private @ex {
  stream_lite.executable.export public @bytes
  builtin.module {
    func.func @bytes(%a: memref<?xi8>) {
      %c1 = arith.constant 1 : i8
      %c0 = arith.constant 0 : index
      memref.store %c1, %a[%c0] : memref<?xi8>
      return
    }
  }
}
