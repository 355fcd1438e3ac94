// RUN: layout-opt --stream-lite-specialize-encodings %s | FileCheck %s
// Relayout at merges: where data created on @host (identity) and on @cpu
// (8x1 tiles) meets, one layout is chosen and every incoming path with the
// other gets a sizeof + encode on(...) the chosen layout's device, passing
// the new size where the path passed its own. The remarks are tested in
// stream-lite-specialize-encodings-merges-remarks.mlir; conflicts=error in
// stream-lite-specialize-encodings-conflicts-error.mlir.

#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])
stream_lite.device @host targets([#stream_lite.target<"vmvx">])

// scf.if: the fill on @cpu decides; the @host branch is relayouted and passes
// the new size where it passed its own.
// CHECK-LABEL: func.func @scf_if
// CHECK: scf.if
// CHECK:   %[[H:.+]] = stream_lite.tensor.splat on(#stream_lite.affinity<@host>) {{.*}}identity
// CHECK:   %[[SZ:.+]] = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, {{.*}}tiled
// CHECK:   %[[E:.+]] = stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>) %[[H]] : {{.*}}identity{{.*}} -> {{.*}}tiled{{.*}}{%[[SZ]]}
// CHECK:   scf.yield %[[E]], %[[SZ]]
// CHECK: } else {
// CHECK-NOT: stream_lite.tensor.encode
// CHECK:   scf.yield
// CHECK: stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) {{.*}}tiled
func.func @scf_if(%c: i1, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %hsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@host>) tensor<5x3xf32, #lhs> : index
  %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, #lhs> : index
  %r:2 = scf.if %c -> (!stream_lite.resource<*>, index) {
    %h = stream_lite.tensor.splat on(#stream_lite.affinity<@host>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%hsz}
    scf.yield %h, %hsz : !stream_lite.resource<*>, index
  } else {
    %t = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
    scf.yield %t, %csz : !stream_lite.resource<*>, index
  }
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %r#0[%c0, %c0 for %c1, %c1] : f32 -> tensor<5x3xf32, #lhs> in %r#0 as !stream_lite.resource<*>{%r#1}
  return
}

// arith.select (what canonicalization makes of an scf.if that only yields):
// the select of the resources and the select of their sizes become one
// scf.if, whose @host branch is relayouted as above, paying only when taken.
// CHECK-LABEL: func.func @select
// CHECK-NOT: arith.select
// CHECK: %[[R:.+]]:2 = scf.if %{{.+}} -> (index, !stream_lite.resource<*>) {
// CHECK:   %[[SZ:.+]] = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, {{.*}}tiled
// CHECK:   %[[E:.+]] = stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>) %{{.+}} : {{.*}}identity{{.*}} -> {{.*}}tiled{{.*}}{%[[SZ]]}
// CHECK:   scf.yield %[[SZ]], %[[E]]
// CHECK: } else {
// CHECK-NOT: stream_lite.tensor.encode
// CHECK:   scf.yield
// CHECK: stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) {{.*}}, %[[R]]#1{{.*}}tiled{{.*}}{%[[R]]#0}
func.func @select(%c: i1, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %hsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@host>) tensor<5x3xf32, #lhs> : index
  %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, #lhs> : index
  %h = stream_lite.tensor.splat on(#stream_lite.affinity<@host>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%hsz}
  %t = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
  %sz = arith.select %c, %hsz, %csz : index
  %r = arith.select %c, %h, %t : !stream_lite.resource<*>
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %r[%c0, %c0 for %c1, %c1] : f32 -> tensor<5x3xf32, #lhs> in %r as !stream_lite.resource<*>{%sz}
  return
}

// An scf.if of resources whose merged size is an arith.select on its
// condition, before or after it (what canonicalization makes of arms that
// yield sizes defined before the if): the select moves into the if, whose
// arms yield the sizes, so the @host arm's relayout passes its new size.
// CHECK-LABEL: func.func @size_selected
// CHECK-NOT: arith.select
// CHECK: %[[R:.+]]:3 = scf.if %{{.+}} -> (!stream_lite.resource<*>, index, index) {
// CHECK:   %[[SZ:.+]] = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, {{.*}}tiled
// CHECK:   %[[E:.+]] = stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>) %{{.+}} : {{.*}}identity{{.*}} -> {{.*}}tiled{{.*}}{%[[SZ]]}
// CHECK:   scf.yield %[[E]], %[[SZ]], %[[SZ]]
// CHECK: } else {
// CHECK-NOT: stream_lite.tensor.encode
// CHECK:   scf.yield
// CHECK: stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) {{.*}}, %[[R]]#0{{.*}}tiled{{.*}}{%[[R]]#1}
// CHECK: stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) {{.*}}, %{{.+}}{{.*}}tiled{{.*}}{%[[R]]#2}
func.func @size_selected(%c: i1, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %hsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@host>) tensor<5x3xf32, #lhs> : index
  %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, #lhs> : index
  %h = stream_lite.tensor.splat on(#stream_lite.affinity<@host>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%hsz}
  %t = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
  %before = arith.select %c, %hsz, %csz : index
  %r = scf.if %c -> !stream_lite.resource<*> {
    scf.yield %h : !stream_lite.resource<*>
  } else {
    scf.yield %t : !stream_lite.resource<*>
  }
  %after = arith.select %c, %hsz, %csz : index
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %r[%c0, %c0 for %c1, %c1] : f32 -> tensor<5x3xf32, #lhs> in %r as !stream_lite.resource<*>{%before}
  %g = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %f[%c0, %c0 for %c1, %c1] : f32 -> tensor<5x3xf32, #lhs> in %f as !stream_lite.resource<*>{%after}
  return
}

// The same with the size stated by a transfer of the merge, and a select of
// resources on the same condition before it: the size goes to its own
// merge, not into the scf.if the resource select becomes.
// CHECK-LABEL: func.func @size_selected_transferred
// CHECK: scf.if %{{.+}} -> (!stream_lite.resource<*>) {
// CHECK: %[[R:.+]]:2 = scf.if %{{.+}} -> (!stream_lite.resource<*>, index) {
// CHECK:   %[[SZ:.+]] = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, {{.*}}tiled
// CHECK:   %[[E:.+]] = stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>)
// CHECK:   scf.yield %[[E]], %[[SZ]]
// CHECK: stream_lite.async.transfer %[[R]]#0 : !stream_lite.resource<*>{%[[R]]#1}
func.func @size_selected_transferred(%c: i1, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %hsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@host>) tensor<5x3xf32, #lhs> : index
  %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, #lhs> : index
  %h = stream_lite.tensor.splat on(#stream_lite.affinity<@host>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%hsz}
  %t = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
  %u = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
  %s = arith.select %c, %t, %u : !stream_lite.resource<*>
  %sz = arith.select %c, %hsz, %csz : index
  %r = scf.if %c -> !stream_lite.resource<*> {
    scf.yield %h : !stream_lite.resource<*>
  } else {
    scf.yield %t : !stream_lite.resource<*>
  }
  %m = stream_lite.async.transfer %r : !stream_lite.resource<*>{%sz} from(#stream_lite.affinity<@cpu>) -> to(#stream_lite.affinity<@cpu>) !stream_lite.resource<*>{%sz}
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %m[%c0, %c0 for %c1, %c1] : f32 -> tensor<5x3xf32, #lhs> in %m as !stream_lite.resource<*>{%sz}
  %g = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %s[%c0, %c0 for %c1, %c1] : f32 -> tensor<5x3xf32, #lhs> in %s as !stream_lite.resource<*>{%csz}
  return
}

// A select of resources made in one layout stays a plain branch merge with
// nothing to relayout.
// CHECK-LABEL: func.func @select_same_layout
// CHECK: scf.if
// CHECK-NOT: stream_lite.tensor.encode
// CHECK: return
func.func @select_same_layout(%c: i1, %v: f32, %w: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, #lhs> : index
  %a = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
  %b = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %w : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
  %r = arith.select %c, %a, %b : !stream_lite.resource<*>
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@host>) %v, %r[%c0, %c0 for %c1, %c1] : f32 -> tensor<5x3xf32, #lhs> in %r as !stream_lite.resource<*>{%csz}
  return
}

// scf.for: created on @host, replaced on @cpu in the body; the @host fill
// after the loop decides, so the body's yield is relayouted.
// CHECK-LABEL: func.func @scf_for
// CHECK: %[[INIT:.+]] = stream_lite.tensor.splat on(#stream_lite.affinity<@host>)
// CHECK: scf.for {{.*}} iter_args(%{{.+}} = %[[INIT]], %{{.+}} = %{{.+}})
// CHECK:   %[[T:.+]] = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>)
// CHECK:   %[[SZ:.+]] = stream_lite.tensor.sizeof on(#stream_lite.affinity<@host>) {{.*}}identity
// CHECK:   %[[E:.+]] = stream_lite.tensor.encode on(#stream_lite.affinity<@host>) %[[T]] : {{.*}}tiled{{.*}} -> {{.*}}identity{{.*}}{%[[SZ]]}
// CHECK:   scf.yield %[[E]], %[[SZ]]
// CHECK: stream_lite.tensor.fill on(#stream_lite.affinity<@host>) {{.*}}identity
func.func @scf_for(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %hsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@host>) tensor<5x3xf32, #lhs> : index
  %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, #lhs> : index
  %h = stream_lite.tensor.splat on(#stream_lite.affinity<@host>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%hsz}
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %h, %asz = %hsz) -> (!stream_lite.resource<*>, index) {
    %t = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
    scf.yield %t, %csz : !stream_lite.resource<*>, index
  }
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@host>) %v, %r#0[%c0, %c0 for %c1, %c1] : f32 -> tensor<5x3xf32, #lhs> in %r#0 as !stream_lite.resource<*>{%r#1}
  return
}

// cf: two blocks create on different devices and branch to one.
// CHECK-LABEL: func.func @cf_branches
// CHECK: ^bb1:
// CHECK:   %[[H:.+]] = stream_lite.tensor.splat on(#stream_lite.affinity<@host>)
// CHECK:   %[[SZ:.+]] = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>)
// CHECK:   %[[E:.+]] = stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>) %[[H]]
// CHECK:   cf.br ^bb3(%[[E]], %[[SZ]] :
// CHECK: ^bb2:
// CHECK-NOT: stream_lite.tensor.encode
// CHECK: ^bb3(%[[M:.+]]: !stream_lite.resource<*>, %[[MSZ:.+]]: index):
// CHECK:   stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) {{.*}} %[[M]][{{.*}}tiled{{.*}}{%[[MSZ]]}
func.func @cf_branches(%c: i1, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %hsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@host>) tensor<5x3xf32, #lhs> : index
  %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, #lhs> : index
  cf.cond_br %c, ^host, ^cpu
^host:
  %h = stream_lite.tensor.splat on(#stream_lite.affinity<@host>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%hsz}
  cf.br ^merge(%h, %hsz : !stream_lite.resource<*>, index)
^cpu:
  %t = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
  cf.br ^merge(%t, %csz : !stream_lite.resource<*>, index)
^merge(%m: !stream_lite.resource<*>, %msz: index):
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %m[%c0, %c0 for %c1, %c1] : f32 -> tensor<5x3xf32, #lhs> in %m as !stream_lite.resource<*>{%msz}
  return
}

// A private function called with data from two devices: the callee's
// consumer (@host) decides; the @cpu caller relayouts before its call.
// CHECK-LABEL: func.func private @callee
// CHECK: stream_lite.tensor.fill on(#stream_lite.affinity<@host>) {{.*}}identity
// CHECK-LABEL: func.func @calls
// CHECK: %[[H:.+]] = stream_lite.tensor.splat on(#stream_lite.affinity<@host>)
// CHECK-NEXT: call @callee(%[[H]],
// CHECK: %[[T:.+]] = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>)
// CHECK-NEXT: %[[SZ:.+]] = stream_lite.tensor.sizeof on(#stream_lite.affinity<@host>)
// CHECK-NEXT: %[[E:.+]] = stream_lite.tensor.encode on(#stream_lite.affinity<@host>) %[[T]]
// CHECK-NEXT: call @callee(%[[E]], %[[SZ]],
func.func private @callee(%r: !stream_lite.resource<*>, %sz: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@host>) %v, %r[%c0, %c0 for %c1, %c1] : f32 -> tensor<5x3xf32, #lhs> in %r as !stream_lite.resource<*>{%sz}
  return
}
func.func @calls(%v: f32) {
  %hsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@host>) tensor<5x3xf32, #lhs> : index
  %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, #lhs> : index
  %h = stream_lite.tensor.splat on(#stream_lite.affinity<@host>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%hsz}
  func.call @callee(%h, %hsz, %v) : (!stream_lite.resource<*>, index, f32) -> ()
  %t = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
  func.call @callee(%t, %csz, %v) : (!stream_lite.resource<*>, index, f32) -> ()
  return
}

// Nested merges are fixed from the inside out: the inner scf.if first (its
// consumer is the outer merge's consumer), then the outer one.
// CHECK-LABEL: func.func @nested
// CHECK: scf.if
// CHECK:   scf.if
// CHECK:     stream_lite.tensor.splat on(#stream_lite.affinity<@host>)
// CHECK:     stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>)
// CHECK:   } else {
// CHECK-NOT: stream_lite.tensor.encode
// CHECK:   }
// CHECK-NOT: stream_lite.tensor.encode
// CHECK:   scf.yield
// CHECK: } else {
// CHECK:   stream_lite.tensor.splat on(#stream_lite.affinity<@host>)
// CHECK:   stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>)
// CHECK: stream_lite.tensor.fill
func.func @nested(%c: i1, %d: i1, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %hsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@host>) tensor<5x3xf32, #lhs> : index
  %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, #lhs> : index
  %r:2 = scf.if %c -> (!stream_lite.resource<*>, index) {
    %in:2 = scf.if %d -> (!stream_lite.resource<*>, index) {
      %h = stream_lite.tensor.splat on(#stream_lite.affinity<@host>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%hsz}
      scf.yield %h, %hsz : !stream_lite.resource<*>, index
    } else {
      %t = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
      scf.yield %t, %csz : !stream_lite.resource<*>, index
    }
    scf.yield %in#0, %in#1 : !stream_lite.resource<*>, index
  } else {
    %h2 = stream_lite.tensor.splat on(#stream_lite.affinity<@host>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%hsz}
    scf.yield %h2, %hsz : !stream_lite.resource<*>, index
  }
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %r#0[%c0, %c0 for %c1, %c1] : f32 -> tensor<5x3xf32, #lhs> in %r#0 as !stream_lite.resource<*>{%r#1}
  return
}

// Consumers disagree: the fewest relayout bytes win (@host's 60 bytes over @cpu's 96).
// CHECK-LABEL: func.func @disagree
// CHECK: scf.if
// CHECK-NOT: stream_lite.tensor.encode
// CHECK: } else {
// CHECK:   stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>)
// CHECK:   stream_lite.tensor.encode on(#stream_lite.affinity<@host>) {{.*}}tiled{{.*}} -> {{.*}}identity
// CHECK: stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) {{.*}}identity
// CHECK: stream_lite.tensor.fill on(#stream_lite.affinity<@host>) {{.*}}identity
func.func @disagree(%c: i1, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %hsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@host>) tensor<5x3xf32, #lhs> : index
  %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, #lhs> : index
  %r:2 = scf.if %c -> (!stream_lite.resource<*>, index) {
    %h = stream_lite.tensor.splat on(#stream_lite.affinity<@host>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%hsz}
    scf.yield %h, %hsz : !stream_lite.resource<*>, index
  } else {
    %t = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
    scf.yield %t, %csz : !stream_lite.resource<*>, index
  }
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %r#0[%c0, %c0 for %c1, %c1] : f32 -> tensor<5x3xf32, #lhs> in %r#0 as !stream_lite.resource<*>{%r#1}
  %g = stream_lite.tensor.fill on(#stream_lite.affinity<@host>) %v, %f[%c0, %c0 for %c1, %c1] : f32 -> tensor<5x3xf32, #lhs> in %f as !stream_lite.resource<*>{%r#1}
  return
}

// No merge of differing layouts: nothing is inserted.
// CHECK-LABEL: func.func @agree
// CHECK-NOT: stream_lite.tensor.encode
// CHECK: return
func.func @agree(%c: i1, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, #lhs> : index
  %r = scf.if %c -> (!stream_lite.resource<*>) {
    %a = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
    scf.yield %a : !stream_lite.resource<*>
  } else {
    %b = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
    scf.yield %b : !stream_lite.resource<*>
  }
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@host>) %v, %r[%c0, %c0 for %c1, %c1] : f32 -> tensor<5x3xf32, #lhs> in %r as !stream_lite.resource<*>{%csz}
  return
}

// Data from outside (a public function's argument) takes the layout of its
// consumer: only the created path is relayouted.
// CHECK-LABEL: func.func @external
// CHECK: scf.for {{.*}} iter_args(%{{.+}} = %arg0, %{{.+}} = %arg1)
// CHECK:   stream_lite.tensor.encode on(#stream_lite.affinity<@host>) {{.*}}tiled{{.*}} -> {{.*}}identity
// CHECK: stream_lite.tensor.fill on(#stream_lite.affinity<@host>) {{.*}}identity
func.func @external(%arg: !stream_lite.resource<*>, %asz: index, %n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, #lhs> : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %arg, %s = %asz) -> (!stream_lite.resource<*>, index) {
    %t = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
    scf.yield %t, %csz : !stream_lite.resource<*>, index
  }
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@host>) %v, %r#0[%c0, %c0 for %c1, %c1] : f32 -> tensor<5x3xf32, #lhs> in %r#0 as !stream_lite.resource<*>{%r#1}
  return
}

// Dynamic dims reach the relayout from the consumer's dims (defined before
// the merge); the size is passed along the path.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME: (%{{.+}}: i1, %[[D:.+]]: index,
// CHECK: scf.if
// CHECK:   %[[SZ:.+]] = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<?x3xf32, {{.*}}tiled{{.*}}{%[[D]]}
// CHECK:   %[[E:.+]] = stream_lite.tensor.encode on(#stream_lite.affinity<@cpu>) {{.*}}{%[[D]]}{{.*}}{%[[D]]} in !stream_lite.resource<*>{%[[SZ]]}
// CHECK:   scf.yield %[[E]], %[[SZ]]
func.func @dynamic(%c: i1, %d: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.if %c -> (!stream_lite.resource<*>, index) {
    %hsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@host>) tensor<?x3xf32, #lhs>{%d} : index
    %h = stream_lite.tensor.splat on(#stream_lite.affinity<@host>) %v : f32 -> tensor<?x3xf32, #lhs>{%d} in !stream_lite.resource<*>{%hsz}
    scf.yield %h, %hsz : !stream_lite.resource<*>, index
  } else {
    %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<?x3xf32, #lhs>{%d} : index
    %t = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %v : f32 -> tensor<?x3xf32, #lhs>{%d} in !stream_lite.resource<*>{%csz}
    scf.yield %t, %csz : !stream_lite.resource<*>, index
  }
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@cpu>) %v, %r#0[%c0, %c0 for %c1, %c1] : f32 -> tensor<?x3xf32, #lhs>{%d} in %r#0 as !stream_lite.resource<*>{%r#1}
  return
}

// scf.while: the data enters on @host; the body remakes it on @cpu; the
// @host fill after the loop decides, so the body's yield is relayouted (its
// value reaches the before region's arguments and, through scf.condition,
// the results).
// CHECK-LABEL: func.func @scf_while
// CHECK: scf.while
// CHECK:   scf.condition
// CHECK: } do {
// CHECK:   %[[T:.+]] = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>)
// CHECK:   %[[SZ:.+]] = stream_lite.tensor.sizeof on(#stream_lite.affinity<@host>)
// CHECK:   %[[E:.+]] = stream_lite.tensor.encode on(#stream_lite.affinity<@host>) %[[T]] : {{.*}}tiled{{.*}} -> {{.*}}identity{{.*}}{%[[SZ]]}
// CHECK:   scf.yield %[[E]], %[[SZ]], %{{.+}} :
// CHECK: stream_lite.tensor.fill on(#stream_lite.affinity<@host>) {{.*}}identity
func.func @scf_while(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %hsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@host>) tensor<5x3xf32, #lhs> : index
  %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, #lhs> : index
  %h = stream_lite.tensor.splat on(#stream_lite.affinity<@host>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%hsz}
  %w:3 = scf.while (%x = %h, %xs = %hsz, %k = %c0) : (!stream_lite.resource<*>, index, index) -> (!stream_lite.resource<*>, index, index) {
    %more = arith.cmpi ult, %k, %n : index
    scf.condition(%more) %x, %xs, %k : !stream_lite.resource<*>, index, index
  } do {
  ^bb0(%y: !stream_lite.resource<*>, %ys: index, %kk: index):
    %t = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
    %next = arith.addi %kk, %c1 : index
    scf.yield %t, %csz, %next : !stream_lite.resource<*>, index, index
  }
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@host>) %v, %w#0[%c0, %c0 for %c1, %c1] : f32 -> tensor<5x3xf32, #lhs> in %w#0 as !stream_lite.resource<*>{%w#1}
  return
}

// A cf loop: the back edge carries data remade on @cpu; the @host fill at
// the exit decides, so the back edge is relayouted, not the entry.
// CHECK-LABEL: func.func @cf_loop
// CHECK: cf.br ^bb1(%{{.+}}, %{{.+}}, %{{.+}} :
// CHECK: ^bb2:
// CHECK:   %[[T:.+]] = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>)
// CHECK:   %[[SZ:.+]] = stream_lite.tensor.sizeof on(#stream_lite.affinity<@host>)
// CHECK:   %[[E:.+]] = stream_lite.tensor.encode on(#stream_lite.affinity<@host>) %[[T]]
// CHECK:   cf.br ^bb1(%{{.+}}, %[[E]], %[[SZ]] :
// CHECK: ^bb3:
// CHECK:   stream_lite.tensor.fill on(#stream_lite.affinity<@host>) {{.*}}identity
func.func @cf_loop(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %hsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@host>) tensor<5x3xf32, #lhs> : index
  %csz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@cpu>) tensor<5x3xf32, #lhs> : index
  %h = stream_lite.tensor.splat on(#stream_lite.affinity<@host>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%hsz}
  cf.br ^loop(%c0, %h, %hsz : index, !stream_lite.resource<*>, index)
^loop(%k: index, %cur: !stream_lite.resource<*>, %cursz: index):
  %done = arith.cmpi uge, %k, %n : index
  cf.cond_br %done, ^exit, ^body
^body:
  %t = stream_lite.tensor.splat on(#stream_lite.affinity<@cpu>) %v : f32 -> tensor<5x3xf32, #lhs> in !stream_lite.resource<*>{%csz}
  %k1 = arith.addi %k, %c1 : index
  cf.br ^loop(%k1, %t, %csz : index, !stream_lite.resource<*>, index)
^exit:
  %f = stream_lite.tensor.fill on(#stream_lite.affinity<@host>) %v, %cur[%c0, %c0 for %c1, %c1] : f32 -> tensor<5x3xf32, #lhs> in %cur as !stream_lite.resource<*>{%cursz}
  return
}

// Tests a merge whose value reaches a callee (which returns a clone of it)
// and whose call result is read with the merged size: the relayout of the
// @gpu arm passes its new size along the yield. (An scf.yield was once
// taken for the callee's return, which tied the call result to the yield
// and lost the size.)
stream_lite.device @plain targets([#stream_lite.target<"plain">])
stream_lite.device @gpu targets([#stream_lite.target<"gpu", resolver = #stream_lite.padding_resolver<cache_line_bytes = 4, cache_sets = 1>>])
func.func private @step(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@plain>} {
  %c = stream_lite.tensor.clone %r : tensor<3x4xi64, #stream_lite.padding<[0, ?]>> in !stream_lite.resource<*>{%sz} -> tensor<3x4xi64, #stream_lite.padding<[0, ?]>> in !stream_lite.resource<*>{%sz}
  return %c : !stream_lite.resource<*>
}
// CHECK-LABEL: func.func @call_after_merge
func.func @call_after_merge(%a: !stream_lite.resource<external>, %cond: i1) -> !stream_lite.resource<external> attributes {stream_lite.affinity = #stream_lite.affinity<@plain>} {
  %sz = stream_lite.tensor.sizeof tensor<3x4xi64> : index
  %m:2 = scf.if %cond -> (!stream_lite.resource<*>, index) {
    %s0 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@plain>) tensor<3x4xi64, #stream_lite.padding<[0, ?]>> : index
    %e0 = stream_lite.tensor.encode on(#stream_lite.affinity<@plain>) %a : tensor<3x4xi64> in !stream_lite.resource<external>{%sz} -> tensor<3x4xi64, #stream_lite.padding<[0, ?]>> in !stream_lite.resource<*>{%s0}
    scf.yield %e0, %s0 : !stream_lite.resource<*>, index
  } else {
    %s1 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<3x4xi64, #stream_lite.padding<[0, ?]>> : index
    %e1 = stream_lite.tensor.encode on(#stream_lite.affinity<@gpu>) %a : tensor<3x4xi64> in !stream_lite.resource<external>{%sz} -> tensor<3x4xi64, #stream_lite.padding<[0, ?]>> in !stream_lite.resource<*>{%s1}
    // CHECK: } else {
    // CHECK: %[[GSZ:.+]] = stream_lite.tensor.sizeof on(#stream_lite.affinity<@gpu>) tensor<3x4xi64, #stream_lite.layout<[#stream_lite.padding<[0, 1]>]>>
    // CHECK: %[[G:.+]] = stream_lite.tensor.encode on(#stream_lite.affinity<@gpu>)
    // CHECK: %[[NSZ:.+]] = stream_lite.tensor.sizeof on(#stream_lite.affinity<@plain>) tensor<3x4xi64, #stream_lite.layout<[#stream_lite.identity]>>
    // CHECK: %[[R:.+]] = stream_lite.tensor.encode on(#stream_lite.affinity<@plain>) %[[G]] : tensor<3x4xi64, #stream_lite.layout<[#stream_lite.padding<[0, 1]>]>> in !stream_lite.resource<*>{%[[GSZ]]} -> tensor<3x4xi64, #stream_lite.layout<[#stream_lite.identity]>> in !stream_lite.resource<*>{%[[NSZ]]}
    // CHECK: scf.yield %[[R]], %[[NSZ]]
    scf.yield %e1, %s1 : !stream_lite.resource<*>, index
  }
  %c = func.call @step(%m#0, %m#1) : (!stream_lite.resource<*>, index) -> !stream_lite.resource<*>
  %back = stream_lite.tensor.encode %c : tensor<3x4xi64, #stream_lite.padding<[0, ?]>> in !stream_lite.resource<*>{%m#1} -> tensor<3x4xi64> in !stream_lite.resource<external>{%sz}
  return %back : !stream_lite.resource<external>
}
