// RUN: layout-opt --split-input-file --stream-lite-lower-scf-to-cf %s | FileCheck %s
// The output is upstream's convert-scf-to-cf's, block order included:
// RUN: layout-opt --split-input-file --stream-lite-lower-scf-to-cf %s -o %t.ours
// RUN: layout-opt --split-input-file --pass-pipeline='builtin.module(func.func(convert-scf-to-cf))' %s -o %t.upstream
// RUN: diff %t.ours %t.upstream

// Tests that consecutive structured ops in one block all lower (the pass
// hands the conversion the last one first).
// CHECK-LABEL: func.func @consecutive
// CHECK: cf.cond_br %{{.+}}, ^[[THEN1:.+]], ^[[JOIN1:.+]]
// CHECK: ^[[THEN1]]:
// CHECK: cf.br ^[[JOIN1]]
// CHECK: ^[[JOIN1]]:
// CHECK: cf.br ^[[HEADER:.+]](%{{.+}}, %{{.+}} : index, i32)
// CHECK: ^[[HEADER]](%{{.+}}: index, %{{.+}}: i32):
// CHECK: cf.cond_br
// CHECK: cf.cond_br
// CHECK: return
// CHECK-NOT: scf.
func.func @consecutive(%c: i1, %n: index, %v: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.if %c {
    func.call @use(%v) : (i32) -> ()
  }
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %v) -> i32 {
    %next = arith.addi %acc, %v : i32
    scf.yield %next : i32
  }
  %r = scf.if %c -> i32 {
    scf.yield %sum : i32
  } else {
    scf.yield %v : i32
  }
  return %r : i32
}
func.func private @use(i32)

// -----

// Tests that structured ops nested in one lower with it.
// CHECK-LABEL: func.func @nested
// CHECK-NOT: scf.
// CHECK: cf.cond_br
// CHECK: cf.cond_br
// CHECK: return
func.func @nested(%c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.if %c {
      func.call @tick() : () -> ()
    }
  }
  return
}
func.func private @tick()

// -----

// Tests that a function without structured ops is left as it is.
// CHECK-LABEL: func.func @flat
// CHECK-NEXT: %[[X:.+]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: return %[[X]] : i32
func.func @flat(%v: i32) -> i32 {
  %x = arith.addi %v, %v : i32
  return %x : i32
}
