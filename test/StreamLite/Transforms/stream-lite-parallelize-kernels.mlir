// RUN: layout-opt --stream-lite-parallelize-kernels=threads=2 %s | FileCheck %s
// RUN: layout-opt --stream-lite-parallelize-kernels=threads=2 %s | layout-opt | FileCheck %s

// --stream-lite-parallelize-kernels: the scf.parallel loops of builtin
// kernels (functions named __builtin_*) become upstream
// async-parallel-for's form, at most `threads` blocks per loop; the
// functions it outlines are renamed after their kernel so that layout-run
// optimizes them as kernel code. Other functions' loops stay as they are.

// CHECK-LABEL: func.func @__builtin_copy(
// CHECK-NOT: scf.parallel
// At most two blocks: the minimum block size is ceil(trips / 2).
// CHECK: arith.ceildivsi %{{.+}}, %c2
// CHECK: call @__builtin_copy_parallel_compute_fn(
// CHECK: call @__builtin_copy_async_dispatch_fn(
// CHECK: async.await_all
// CHECK: return
func.func @__builtin_copy(%src: memref<?xi8>, %dst: memref<?xi8>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %src[%i] : memref<?xi8>
    memref.store %v, %dst[%i] : memref<?xi8>
    scf.reduce
  }
  return
}

// A loop over groups that says how many make the least a task should
// move (stream_lite.min_task_groups, as materialize-builtins puts it when
// its groups are a fraction of that): blocks hold at least that many.
// CHECK-LABEL: func.func @__builtin_groups(
// CHECK-NOT: scf.parallel
// CHECK: %[[PER:.+]] = arith.ceildivsi %{{.+}}, %c2
// CHECK: arith.maxsi %[[PER]], %c8
// CHECK: call @__builtin_groups_async_dispatch_fn(
func.func @__builtin_groups(%src: memref<?xi8>, %dst: memref<?xi8>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %src[%i] : memref<?xi8>
    memref.store %v, %dst[%i] : memref<?xi8>
    scf.reduce
  } {stream_lite.min_task_groups = 8 : index}
  return
}

// CHECK-LABEL: func.func @user(
// CHECK: scf.parallel
// CHECK-NOT: async
// CHECK: return
func.func @user(%src: memref<?xi8>, %dst: memref<?xi8>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %src[%i] : memref<?xi8>
    memref.store %v, %dst[%i] : memref<?xi8>
    scf.reduce
  }
  return
}

// A kernel that calls a function whose name upstream gives what it
// outlines, in a program that already has the name the outlined function
// would be renamed to: the call still reaches the program's function, and
// the outlined one takes the next free name.
// CHECK-LABEL: func.func @__builtin_named(
// CHECK: call @__builtin_named_parallel_compute_fn_0(
// CHECK: call @__builtin_named_async_dispatch_fn(
// CHECK: return
func.func private @parallel_compute_fn(%v: i8) -> i8

func.func @__builtin_named(%src: memref<?xi8>, %dst: memref<?xi8>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %src[%i] : memref<?xi8>
    %w = func.call @parallel_compute_fn(%v) : (i8) -> i8
    memref.store %w, %dst[%i] : memref<?xi8>
    scf.reduce
  }
  return
}

// CHECK-LABEL: func.func private @__builtin_named_parallel_compute_fn()
func.func private @__builtin_named_parallel_compute_fn()

// A kernel that calls itself keeps that call, and keeps its name.
// CHECK-LABEL: func.func @__builtin_again(
// CHECK: call @__builtin_again_parallel_compute_fn(
// CHECK: call @__builtin_again(
func.func @__builtin_again(%src: memref<?xi8>, %dst: memref<?xi8>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %src[%i] : memref<?xi8>
    memref.store %v, %dst[%i] : memref<?xi8>
    scf.reduce
  }
  %more = arith.cmpi ugt, %n, %c1 : index
  scf.if %more {
    func.call @__builtin_again(%src, %dst, %c1) : (memref<?xi8>, memref<?xi8>, index) -> ()
  }
  return
}

// The outlined functions (the block's loop, the recursive dispatch), after
// the program's functions, kernel by kernel:
// CHECK: func.func private @__builtin_copy_parallel_compute_fn(
// CHECK: func.func private @__builtin_copy_async_dispatch_fn(
// CHECK: func.func private @__builtin_groups_parallel_compute_fn(
// CHECK: func.func private @__builtin_groups_async_dispatch_fn(
// CHECK: func.func private @__builtin_named_parallel_compute_fn_0(
// CHECK: call @parallel_compute_fn(
// CHECK: func.func private @__builtin_named_async_dispatch_fn(
// CHECK: call @__builtin_named_parallel_compute_fn_0(
// CHECK: func.func private @__builtin_again_parallel_compute_fn(
