// RUN: not layout-opt --stream-lite-convert-async-to-memref --split-input-file %s 2>&1 | FileCheck %s --check-prefix=ERRORS
// RUN: not layout-opt --stream-lite-convert-async-to-memref --split-input-file --mlir-disable-threading %s 2>&1 | FileCheck %s --check-prefix=ERRORS
// RUN: not layout-opt --stream-lite-convert-async-to-memref --split-input-file %s 2>/dev/null > %t.threads
// RUN: not layout-opt --stream-lite-convert-async-to-memref --split-input-file --mlir-disable-threading %s 2>/dev/null > %t.serial
// RUN: diff %t.threads %t.serial
// RUN: not layout-opt --stream-lite-convert-async-to-memref --split-input-file %s 2>/dev/null | FileCheck %s

// --stream-lite-convert-async-to-memref converts one function at a time,
// functions in parallel when MLIR has threads, kernels before the program;
// with or without threads the output and the diagnostics are the same.

// Tests that every dispatch that does not match its kernel is reported, in
// module order, before any function is converted.
// ERRORS: :[[@LINE+19]]:8: error: 'stream_lite.async.dispatch' op does not match the kernel of entry point @ex::@two
// ERRORS: :[[@LINE+28]]:8: error: 'stream_lite.async.dispatch' op does not match the kernel of entry point @ex::@returns
// ERRORS-NOT: error:
stream_lite.executable private @ex {
  stream_lite.executable.export public @two
  stream_lite.executable.export public @returns
  builtin.module {
    func.func @two(%a: memref<?xi8>, %b: memref<?xi8>) {
      return
    }
    func.func @returns(%a: memref<?xi8>) -> index {
      %c0 = arith.constant 0 : index
      return %c0 : index
    }
  }
}
func.func @mismatch(%sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %0 = stream_lite.async.alloca : !stream_lite.resource<*>{%sz}
  %1 = stream_lite.async.dispatch @ex::@two(%0[%c0 to %sz for %sz]) : (!stream_lite.resource<*>{%sz}) -> %0 as !stream_lite.resource<*>{%sz}
  return %1 : !stream_lite.resource<*>
}
func.func @converted(%sz: index) -> !stream_lite.resource<*> {
  %0 = stream_lite.async.alloca : !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}
func.func @kernel_returns(%sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %0 = stream_lite.async.alloca : !stream_lite.resource<*>{%sz}
  %1 = stream_lite.async.dispatch @ex::@returns(%0[%c0 to %sz for %sz]) : (!stream_lite.resource<*>{%sz}) -> %0 as !stream_lite.resource<*>{%sz}
  return %1 : !stream_lite.resource<*>
}

// -----

// Tests that functions converted one after another on a thread each get
// their own constants at their own start (none is taken from a function
// converted before), and that the dispatch of a kernel placed after its
// caller becomes a call of it (kernels are converted before the program's
// functions, so no dispatch reads a kernel's signature while another
// thread converts it).
// CHECK-LABEL: func.func @fill_first(
// CHECK-NEXT:    arith.constant 2 : index
// CHECK-NEXT:    arith.constant 0 : index
// CHECK-NEXT:    arith.constant 1 : index
// CHECK:         memref.alloc
// CHECK-LABEL: func.func @fill_second(
// CHECK-NEXT:    arith.constant 2 : index
// CHECK-NEXT:    arith.constant 0 : index
// CHECK-NEXT:    arith.constant 1 : index
// CHECK:         memref.alloc
// CHECK-LABEL: func.func @dispatch_before_kernel(
// CHECK:         call @late__entry(
// CHECK-LABEL: func.func private @late__entry(%{{.+}}: memref<?xi8>)
func.func @fill_first(%sz: index, %v: i32) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %0 = stream_lite.async.alloca : !stream_lite.resource<*>{%sz}
  %1 = stream_lite.async.fill %v, %0[%c0 to %c8 for %c8] : i32 -> %0 as !stream_lite.resource<*>{%sz}
  return %1 : !stream_lite.resource<*>
}
func.func @fill_second(%sz: index, %v: i32) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %0 = stream_lite.async.alloca : !stream_lite.resource<*>{%sz}
  %1 = stream_lite.async.fill %v, %0[%c0 to %c8 for %c8] : i32 -> %0 as !stream_lite.resource<*>{%sz}
  return %1 : !stream_lite.resource<*>
}
func.func @dispatch_before_kernel(%sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %0 = stream_lite.async.alloca : !stream_lite.resource<*>{%sz}
  %1 = stream_lite.async.dispatch @late::@entry(%0[%c0 to %sz for %sz]) : (!stream_lite.resource<*>{%sz}) -> %0 as !stream_lite.resource<*>{%sz}
  return %1 : !stream_lite.resource<*>
}
stream_lite.executable private @late {
  stream_lite.executable.export public @entry
  builtin.module {
    func.func @entry(%a: memref<?xi8>) {
      return
    }
  }
}
