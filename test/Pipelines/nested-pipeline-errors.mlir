// The named pipelines run module passes (specialize-encodings and
// materialize-builtins look across functions): nested under another op
// they are an error from the pipeline parser, naming the pipeline and the
// op, never an abort. The same pipelines at module level run.
// RUN: not layout-opt %s --pass-pipeline='builtin.module(func.func(stream-lite-layout-pipeline))' 2>&1 | FileCheck %s --check-prefix=LAYOUT
// LAYOUT: error: 'stream-lite-layout-pipeline' runs on 'builtin.module', not nested in 'func.func'
// RUN: not layout-opt %s --pass-pipeline='builtin.module(func.func(stream-lite-to-llvm-pipeline{runtime-checks=false}))' 2>&1 | FileCheck %s --check-prefix=TOLLVM
// TOLLVM: error: 'stream-lite-to-llvm-pipeline' runs on 'builtin.module', not nested in 'func.func'
// RUN: not layout-opt %s --pass-pipeline='builtin.module(stream-lite-to-llvm-pipeline{no-such-option=1})' 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: no such option no-such-option
// RUN: layout-opt %s --pass-pipeline='builtin.module(stream-lite-layout-pipeline)' | FileCheck %s --check-prefix=MODULE
// MODULE: func.func @f
// RUN: layout-opt %s --pass-pipeline='builtin.module(stream-lite-to-llvm-pipeline{runtime-checks=false})' | FileCheck %s --check-prefix=LLVM
// LLVM: llvm.func @f
func.func @f() {
  return
}
