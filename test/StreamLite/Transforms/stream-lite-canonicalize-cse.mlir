// RUN: layout-opt --split-input-file --stream-lite-canonicalize-cse %s | FileCheck %s
// The same output as --canonicalize then --cse, with their defaults:
// RUN: layout-opt --split-input-file --canonicalize --cse %s > %t.two-passes
// RUN: layout-opt --split-input-file --stream-lite-canonicalize-cse %s > %t.one-pass
// RUN: diff %t.two-passes %t.one-pass
// One sweep on each function (the pipelines' setting: region
// simplification then runs once after it, in full only where a region
// branches) matches upstream's one sweep:
// RUN: layout-opt --split-input-file %s \
// RUN:   --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=1},cse))' \
// RUN:   > %t.two-passes-one-sweep
// RUN: layout-opt --split-input-file %s \
// RUN:   --pass-pipeline='builtin.module(func.func(stream-lite-canonicalize-cse{max-iterations=1}))' \
// RUN:   > %t.one-pass-one-sweep
// RUN: diff %t.two-passes-one-sweep %t.one-pass-one-sweep
// RUN: FileCheck %s --check-prefix=ONE-SWEEP < %t.one-pass-one-sweep
// RUN: layout-opt --split-input-file %s \
// RUN:   --pass-pipeline='builtin.module(func.func(stream-lite-canonicalize-cse{max-iterations=1 region-simplify=disabled}))' \
// RUN:   | FileCheck %s --check-prefix=SWEEP-ONLY
// Options are --canonicalize's:
// RUN: layout-opt --split-input-file %s \
// RUN:   --stream-lite-canonicalize-cse=region-simplify=disabled \
// RUN:   | FileCheck %s --check-prefix=NO-REGIONS
// RUN: layout-opt --split-input-file %s \
// RUN:   '--stream-lite-canonicalize-cse=disable-patterns="(anonymous namespace)::ConditionPropagation"' \
// RUN:   | FileCheck %s --check-prefix=NO-PROPAGATION
// RUN: not layout-opt %s --stream-lite-canonicalize-cse=region-simplify=sometimes 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD-OPTION

// BAD-OPTION: Cannot find option named 'sometimes'

// Tests that cse runs after canonicalization: folding `%x + 0` makes the two
// products equal, and cse then keeps one (cse first would keep both).
// CHECK-LABEL: func.func @cse_after_canonicalize
// CHECK-SAME: (%[[X:.+]]: index, %[[Y:.+]]: index)
// CHECK-NEXT: %[[P:.+]] = arith.muli %[[X]], %[[Y]] : index
// CHECK-NEXT: return %[[P]], %[[P]] : index, index
func.func @cse_after_canonicalize(%x: index, %y: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %sum = arith.addi %x, %c0 : index
  %a = arith.muli %sum, %y : index
  %b = arith.muli %x, %y : index
  return %a, %b : index, index
}

// -----

// Tests duplicate constants and an unused value: one constant, one product.
// CHECK-LABEL: func.func @constants_and_dead_values
// CHECK-NEXT: %[[C4:.+]] = arith.constant 4 : index
// CHECK-NEXT: %[[P:.+]] = arith.muli %{{.+}}, %[[C4]] : index
// CHECK-NEXT: return %[[P]], %[[P]] : index, index
func.func @constants_and_dead_values(%n: index) -> (index, index) {
  %c4 = arith.constant 4 : index
  %c4_0 = arith.constant 4 : index
  %a = arith.muli %n, %c4 : index
  %b = arith.muli %n, %c4_0 : index
  %unused = arith.addi %a, %b : index
  return %a, %b : index, index
}

// -----

// Tests region simplification (`normal` by default): the block argument
// nothing uses is erased, and the branch no longer passes it.
// CHECK-LABEL: func.func @block_arguments
// CHECK: cf.cond_br %{{.+}}, ^bb1, ^bb2
// CHECK: ^bb1:
// NO-REGIONS-LABEL: func.func @block_arguments
// NO-REGIONS: cf.cond_br %{{.+}}, ^bb1(%{{.+}} : index), ^bb2
// NO-REGIONS: ^bb1(%{{.+}}: index):
func.func @block_arguments(%x: index, %c: i1) -> index {
  cf.cond_br %c, ^bb1(%x : index), ^bb2
^bb1(%unused: index):
  return %x : index
^bb2:
  %y = arith.addi %x, %x : index
  return %y : index
}

// -----

// Tests dead code the sweep leaves behind: the views' sizes fold into
// their types and the copies of nothing go, but the views, now unused, are
// not visited again. Region simplification's dead-code removal erases them
// and their offset, in a function without branches too.
// CHECK-LABEL: func.func @dead_after_rewrite
// CHECK-NOT: memref.view
// ONE-SWEEP-LABEL: func.func @dead_after_rewrite
// ONE-SWEEP-NOT: arith.constant
// ONE-SWEEP-NOT: memref.view
// ONE-SWEEP: return
// SWEEP-ONLY-LABEL: func.func @dead_after_rewrite
// SWEEP-ONLY: memref.view
func.func private @fill(memref<?xi8>)
func.func @dead_after_rewrite() {
  %c96 = arith.constant 96 : index
  %c0 = arith.constant 0 : index
  %src = memref.alloc(%c96) : memref<?xi8>
  call @fill(%src) : (memref<?xi8>) -> ()
  %tmp = memref.alloc(%c0) : memref<?xi8>
  %v = memref.view %src[%c96][%c0] : memref<?xi8> to memref<?xi8>
  memref.copy %v, %tmp : memref<?xi8> to memref<?xi8>
  %w = memref.view %src[%c96][%c0] : memref<?xi8> to memref<?xi8>
  memref.copy %tmp, %w : memref<?xi8> to memref<?xi8>
  memref.dealloc %tmp : memref<?xi8>
  call @fill(%src) : (memref<?xi8>) -> ()
  memref.dealloc %src : memref<?xi8>
  return
}

// -----

// Tests that `disable-patterns` leaves a pattern out: ConditionPropagation
// knows the if's condition is true inside its then-region, so the extension
// of it folds to 1; without the pattern the extension stays.
// CHECK-LABEL: func.func @disabled_pattern
// CHECK: %[[ONE:.+]] = arith.constant 1 : i32
// CHECK-NOT: arith.extui
// CHECK: memref.store %[[ONE]]
// NO-PROPAGATION-LABEL: func.func @disabled_pattern
// NO-PROPAGATION: %[[E:.+]] = arith.extui
// NO-PROPAGATION-NEXT: memref.store %[[E]]
func.func @disabled_pattern(%c: i1, %m: memref<i32>) {
  scf.if %c {
    %e = arith.extui %c : i1 to i32
    memref.store %e, %m[] : memref<i32>
  }
  return
}

// -----

// Tests a function with nothing to simplify: unchanged.
// CHECK-LABEL: func.func @negative_nothing_to_do
// CHECK-NEXT: %[[S:.+]] = arith.addi %arg0, %arg1 : index
// CHECK-NEXT: return %[[S]] : index
func.func @negative_nothing_to_do(%x: index, %y: index) -> index {
  %s = arith.addi %x, %y : index
  return %s : index
}
