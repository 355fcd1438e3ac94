// RUN: layout-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(stream-lite-remove-redundant-asserts))' %s | FileCheck %s

// Tests that an assert of a condition the same block already asserted is
// erased, and that asserts of other conditions stay.
// CHECK-LABEL: func.func @same_block
// CHECK-SAME: (%[[A:.+]]: i1, %[[B:.+]]: i1)
// CHECK-NEXT: cf.assert %[[A]], "first a"
// CHECK-NEXT: cf.assert %[[B]], "first b"
// CHECK-NEXT: return
func.func @same_block(%a: i1, %b: i1) {
  cf.assert %a, "first a"
  cf.assert %b, "first b"
  cf.assert %a, "second a"
  cf.assert %b, "second b"
  return
}

// -----

// Tests that an assert inside a nested region is erased when an assert of
// its condition comes before the region's op.
// CHECK-LABEL: func.func @nested_after_outer
// CHECK-SAME: (%[[A:.+]]: i1, %[[C:.+]]: i1)
// CHECK: cf.assert %[[A]], "outer"
// CHECK-NEXT: scf.if %[[C]] {
// CHECK-NEXT: }
// CHECK-NEXT: scf.for
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @nested_after_outer(%a: i1, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  cf.assert %a, "outer"
  scf.if %c {
    cf.assert %a, "in the if"
  }
  scf.for %i = %c0 to %c4 step %c1 {
    cf.assert %a, "in the loop"
  }
  return
}

// -----

// Tests that an assert inside a region does not make a later assert of the
// parent block redundant (the region may not run), nor one in a sibling
// region: all three stay.
// CHECK-LABEL: func.func @nested_before_outer
// CHECK-SAME: (%[[A:.+]]: i1, %[[C:.+]]: i1)
// CHECK: scf.if %[[C]] {
// CHECK-NEXT: cf.assert %[[A]], "then"
// CHECK-NEXT: } else {
// CHECK-NEXT: cf.assert %[[A]], "else"
// CHECK-NEXT: }
// CHECK-NEXT: cf.assert %[[A]], "after"
func.func @nested_before_outer(%a: i1, %c: i1) {
  scf.if %c {
    cf.assert %a, "then"
  } else {
    cf.assert %a, "else"
  }
  cf.assert %a, "after"
  return
}

// -----

// Tests blocks of a CFG: the entry block dominates both branches and the
// join, so their asserts of %a go; neither branch dominates the join, so the
// join keeps its assert of %b.
// CHECK-LABEL: func.func @cfg
// CHECK-SAME: (%[[A:.+]]: i1, %[[B:.+]]: i1, %[[C:.+]]: i1)
// CHECK: cf.assert %[[A]], "entry"
// CHECK-NEXT: cf.cond_br %[[C]], ^[[T:bb[0-9]+]], ^[[E:bb[0-9]+]]
// CHECK: ^[[T]]:
// CHECK-NEXT: cf.assert %[[B]], "then b"
// CHECK-NEXT: cf.br ^[[J:bb[0-9]+]]
// CHECK: ^[[E]]:
// CHECK-NEXT: cf.br ^[[J]]
// CHECK: ^[[J]]:
// CHECK-NEXT: cf.assert %[[B]], "join b"
// CHECK-NEXT: return
func.func @cfg(%a: i1, %b: i1, %c: i1) {
  cf.assert %a, "entry"
  cf.cond_br %c, ^then, ^else
^then:
  cf.assert %a, "then a"
  cf.assert %b, "then b"
  cf.br ^join
^else:
  cf.assert %a, "else a"
  cf.br ^join
^join:
  cf.assert %a, "join a"
  cf.assert %b, "join b"
  return
}

// -----

// Tests that equal conditions that are different values are not merged
// (the pass compares values; cse makes equal comparisons one value first).
// CHECK-LABEL: func.func @equal_not_same
// CHECK: cf.assert %{{.+}}, "first"
// CHECK-NEXT: arith.cmpi
// CHECK-NEXT: cf.assert %{{.+}}, "second"
func.func @equal_not_same(%x: index, %y: index) {
  %0 = arith.cmpi ule, %x, %y : index
  cf.assert %0, "first"
  %1 = arith.cmpi ule, %x, %y : index
  cf.assert %1, "second"
  return
}

// -----

// Tests that a loop body's assert of a value defined in the body is kept
// once per iteration: only the second of the same body goes.
// CHECK-LABEL: func.func @loop_defined
// CHECK: scf.for
// CHECK-NEXT: arith.cmpi
// CHECK-NEXT: cf.assert %{{.+}}, "first"
// CHECK-NEXT: }
func.func @loop_defined(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %ok = arith.cmpi ult, %i, %n : index
    cf.assert %ok, "first"
    cf.assert %ok, "second"
  }
  return
}
