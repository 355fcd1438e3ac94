// Ops of dialects the tool does not know (--allow-unregistered-dialect)
// have no dialect object. The passes that ask which dialect an op belongs
// to pass such ops through, or fail with a diagnostic where they cannot
// lower them; none crashes.

// RUN: layout-opt --allow-unregistered-dialect --split-input-file \
// RUN:   --stream-lite-convert-async-to-memref %s \
// RUN:   | FileCheck %s --check-prefix=MEMREF
// RUN: layout-opt --allow-unregistered-dialect --split-input-file \
// RUN:   --pass-pipeline='builtin.module(func.func(stream-lite-insert-runtime-checks{kernel-memrefs}))' %s \
// RUN:   | FileCheck %s --check-prefix=CHECKS
// RUN: layout-opt --allow-unregistered-dialect \
// RUN:   --stream-lite-instrument-trace %S/Inputs/unregistered-region.mlir \
// RUN:   | FileCheck %s --check-prefix=TRACE
// RUN: layout-opt --allow-unregistered-dialect \
// RUN:   --stream-lite-instrument-padding-checks \
// RUN:   %S/Inputs/unregistered-region.mlir \
// RUN:   | FileCheck %s --check-prefix=PADDING
// RUN: rm -f %t
// RUN: not layout-opt --allow-unregistered-dialect \
// RUN:   --stream-lite-to-llvm-pipeline %S/Inputs/unregistered-resource.mlir \
// RUN:   -o %t 2>&1 | FileCheck %s --check-prefix=TOLLVM
// RUN: not ls %t

// An unknown op in a kernel and in a program function: both kept.
// MEMREF-LABEL: func.func private @ex__k(
// MEMREF: "test.kernel_op"
// MEMREF-LABEL: func.func @host(
// MEMREF: "test.host_op"
// CHECKS-LABEL: func.func @host(
// CHECKS: "test.host_op"
stream_lite.executable @ex {
  builtin.module {
    func.func @k(%m: memref<4xi8>) {
      "test.kernel_op"(%m) : (memref<4xi8>) -> ()
      return
    }
  }
}
func.func @host() {
  "test.host_op"() : () -> ()
  return
}

// -----

// Kernel memref checks: the unknown op is kept unchecked, the load beside
// it is checked.
// CHECKS-LABEL: func.func @kernel(
// CHECKS: "test.kernel_op"
// CHECKS: cf.assert
// CHECKS: memref.load
func.func @kernel(%m: memref<4xi8>, %i: index) -> i8 {
  "test.kernel_op"(%m) : (memref<4xi8>) -> ()
  %v = memref.load %m[%i] : memref<4xi8>
  return %v : i8
}

// A resource made by an unknown op cannot become a buffer: an error on the
// value's use, exit 1, no output file.
// TOLLVM: unregistered-resource.mlir:4:3: error: failed to legalize unresolved materialization from ('!stream_lite.resource<variable>') to ('memref<?xi8>')

// A tensor written inside an unknown op's region is neither traced nor
// checked: what the op does with its region is unknown, and the calls
// could not name the module's callbacks from inside it (it may be a symbol
// table of its own). The writes outside it are traced.
// TRACE: layout_runtime.trace_points = [{{{.*}}op = "stream_lite.tensor.import"{{.*}}}, {{{.*}}op = "stream_lite.tensor.encode"{{.*}}}]
// TRACE: "test.wrap"
// TRACE-NOT: call
// TRACE: "test.yield"
// TRACE: stream_lite.tensor.encode
// TRACE: call @__layout_run_trace(
// PADDING-NOT: layout_runtime.padding_checks
// PADDING-NOT: call
