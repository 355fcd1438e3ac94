// A tensor.constant has no size operand: the fresh tensor.empty that
// replaces it takes a tensor.sizeof of its type.
// RUN: layout-reduce %s '-reduction-tree=traversal-mode=0 test=%S/Inputs/interesting-if-contains.sh test-arg=resource<constant>' 2>/dev/null | FileCheck %s
// A script that finds everything interesting reduces it without a crash.
// RUN: printf '#!/bin/sh\nexit 1\n' > %t.always.sh && chmod +x %t.always.sh
// RUN: layout-reduce %s -o %t.out.mlir '-reduction-tree=traversal-mode=0 test=%t.always.sh'
// RUN: layout-opt %t.out.mlir -o /dev/null

// CHECK:      func.func private @f() -> !stream_lite.resource<constant> {
// CHECK-NEXT:   %[[SIZE:.*]] = stream_lite.tensor.sizeof tensor<2xf32> : index
// CHECK-NEXT:   %[[EMPTY:.*]] = stream_lite.tensor.empty : tensor<2xf32> in !stream_lite.resource<constant>{%[[SIZE]]}
// CHECK-NEXT:   return %[[EMPTY]] : !stream_lite.resource<constant>
// CHECK-NOT:  tensor.constant
func.func private @f() -> !stream_lite.resource<constant> {
  %cst = stream_lite.tensor.constant : tensor<2xf32> in !stream_lite.resource<constant> = dense<1.0> : tensor<2xf32>
  return %cst : !stream_lite.resource<constant>
}
