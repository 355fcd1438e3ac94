// RUN: layout-opt --stream-lite-materialize-builtins %s | FileCheck %s --check-prefix=MAT
// RUN: layout-opt --stream-lite-to-llvm-pipeline %s | FileCheck %s --check-prefix=LLVM
// RUN: layout-opt --stream-lite-to-llvm-pipeline %s | %python %S/Inputs/max-lines.py 4000
// RUN: layout-run %s --function=tiled --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=TILED
// RUN: layout-run %s --function=tiled_splat --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=TSPLAT
// RUN: layout-run %s --function=huge_splat --compare-to-reference --check-leaks | FileCheck %s --check-prefix=HSPLAT

// Constants whose byte image would grow with a tile or a shape rather than
// with their value (spec section 8). Before, a constant in a layout was
// lowered to its whole byte image (here 60 MB of i8 per constant, built in
// the compiler) and a splat constant to a memref.global of every element
// (50 MB in the JIT-compiled module). Now a constant whose image exceeds its
// value by more than 4 KiB is a constant in the identity layout encoded into
// the layout (a builtin dispatch), a splat constant in a layout is a splat,
// and a splat constant in the identity layout fills its buffer.

#big = #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [10000000]>
stream_lite.device @dev targets([#stream_lite.target<"x">])

// MAT-LABEL: func.func @tiled
// MAT: %[[C:.+]] = stream_lite.tensor.constant : tensor<2x3xi8> in !stream_lite.resource<constant> = dense<{{\[\[}}1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>
// MAT: stream_lite.tensor.dispatch @__builtin_encode_2x3xi8_to_2x3xi8_tiled_p1_t10000000::{{.+}}(%[[C]])
// TILED: {{^}}2x3xi8=1 2 3 4 5 6{{$}}
func.func @tiled() -> tensor<2x3xi8> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %s0 = stream_lite.tensor.sizeof tensor<2x3xi8> : index
  %s1 = stream_lite.tensor.sizeof tensor<2x3xi8, #big> : index
  %c = stream_lite.tensor.constant : tensor<2x3xi8, #big> in !stream_lite.resource<constant> = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>
  %d = stream_lite.tensor.encode %c : tensor<2x3xi8, #big> in !stream_lite.resource<constant>{%s1} -> tensor<2x3xi8> in !stream_lite.resource<external>{%s0}
  %r = stream_lite.tensor.export %d : tensor<2x3xi8> in !stream_lite.resource<external>{%s0} -> tensor<2x3xi8>
  return %r : tensor<2x3xi8>
}

// MAT-LABEL: func.func @tiled_splat
// MAT: %[[V:.+]] = arith.constant 7 : i16
// MAT: stream_lite.tensor.dispatch @__builtin_splat_2x3xi16_tiled_p1_t10000000::{{.+}}(%[[V]])
// TSPLAT: {{^}}2x3xi16=7 7 7 7 7 7{{$}}
func.func @tiled_splat() -> tensor<2x3xi16> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %s0 = stream_lite.tensor.sizeof tensor<2x3xi16> : index
  %s1 = stream_lite.tensor.sizeof tensor<2x3xi16, #big> : index
  %c = stream_lite.tensor.constant : tensor<2x3xi16, #big> in !stream_lite.resource<constant> = dense<7> : tensor<2x3xi16>
  %d = stream_lite.tensor.encode %c : tensor<2x3xi16, #big> in !stream_lite.resource<constant>{%s1} -> tensor<2x3xi16> in !stream_lite.resource<external>{%s0}
  %r = stream_lite.tensor.export %d : tensor<2x3xi16> in !stream_lite.resource<external>{%s0} -> tensor<2x3xi16>
  return %r : tensor<2x3xi16>
}

// No global holds the 50,000,000 elements; the buffer is filled with 9.
// LLVM-NOT: llvm.mlir.global {{.*}}50000000
// HSPLAT: {{^}}2xi8=9 9{{$}}
func.func @huge_splat() -> tensor<2xi8> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c49999998 = arith.constant 49999998 : index
  %sz = stream_lite.tensor.sizeof tensor<50000000xi8> : index
  %big = stream_lite.tensor.constant : tensor<50000000xi8> in !stream_lite.resource<constant> = dense<9> : tensor<50000000xi8>
  %s1 = stream_lite.tensor.sizeof tensor<2xi8> : index
  %two = stream_lite.tensor.slice %big[%c49999998 for %c2] : tensor<50000000xi8> in !stream_lite.resource<constant>{%sz} -> tensor<2xi8> in !stream_lite.resource<external>{%s1}
  %r = stream_lite.tensor.export %two : tensor<2xi8> in !stream_lite.resource<external>{%s1} -> tensor<2xi8>
  return %r : tensor<2xi8>
}
