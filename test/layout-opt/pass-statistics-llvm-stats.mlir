// REQUIRES: llvm-stats
// RUN: layout-opt --stream-lite-insert-runtime-checks --stream-lite-specialize-encodings --stream-lite-materialize-builtins --mlir-pass-statistics --mlir-pass-statistics-display=list %s -o /dev/null 2>&1 | FileCheck %s
// MLIR prints pass statistics only when LLVM is built with statistics
// (assertions or LLVM_FORCE_ENABLE_STATS); Debian's release LLVM is not, so
// lit marks this test unsupported there (feature `llvm-stats`, detected in
// lit.cfg.py). pass-statistics.mlir checks the same numbers on any LLVM.

// CHECK-LABEL: InsertRuntimeChecksPass
// CHECK-NEXT: (S) 0 checks-inserted
// CHECK-NEXT: (S) 0 ops-checked
// CHECK-LABEL: MaterializeBuiltinsPass
// CHECK-NEXT: (S) 2 builtin-executables
// CHECK-NEXT: (S) 1 dma-kept
// CHECK-NEXT: (S) 0 encodes-folded
// CHECK-NEXT: (S) 0 fill-dispatches
// CHECK-NEXT: (S) 2 relayout-dispatches
// CHECK-NEXT: (S) 0 slice-dispatches
// CHECK-NEXT: (S) 0 splat-dispatches
// CHECK-NEXT: (S) 0 update-dispatches
// CHECK-LABEL: SpecializeEncodingsPass
// CHECK-NEXT: (S) 0 executables-duplicated
// CHECK-NEXT: (S) 4 layouts-resolved

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>])
#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
func.func @main(%r: !stream_lite.resource<*>, %n: index, %sz: index, %sz2: index) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %e = stream_lite.tensor.encode %r : tensor<?x4xf32>{%n} in !stream_lite.resource<*>{%sz} -> tensor<?x4xf32, #lhs>{%n} in !stream_lite.resource<*>{%sz2}
  %k = stream_lite.tensor.clone %e : tensor<?x4xf32, #lhs>{%n} in !stream_lite.resource<*>{%sz2} -> tensor<?x4xf32, #lhs>{%n} in !stream_lite.resource<*>{%sz2}
  %d = stream_lite.tensor.encode %k : tensor<?x4xf32, #lhs>{%n} in !stream_lite.resource<*>{%sz2} -> tensor<?x4xf32>{%n} in !stream_lite.resource<*>{%sz}
  return
}
