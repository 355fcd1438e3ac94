// RUN: layout-run %s --input=2x3xf32=1,2,3,4,5,6 --input=f32=0.5 | FileCheck %s
// RUN: layout-run %s --input="2x3xf32=1 2 3 4 5 6" --input=f32=0.5 --compare-to-reference --check-leaks | FileCheck %s
// RUN: layout-run %s --function=splat --input=2x2xf32=0.1 | FileCheck %s --check-prefix=SPLAT
// RUN: layout-run %s --function=splat --input=2x2xf32=0.1 --compare-to-reference --check-leaks | FileCheck %s --check-prefix=SPLAT
// RUN: layout-run %s --function=passthrough --input=2xf32=1,2 --input=1xi4=-3 --compare-to-reference --check-leaks | FileCheck %s --check-prefix=PASS

// Identity layouts (a device without a resolver), static dims: a fill of
// rows 0-1, columns 1-2 of the imported tensor, and a scalar result.

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])

// CHECK: {{^}}2x3xf32=1 0.5 0.5 4 0.5 0.5{{$}}
// CHECK-NEXT: {{^}}f32=0.5{{$}}
// CHECK-NOT: {{.}}
func.func @main(%arg: tensor<2x3xf32>, %v: f32) -> (tensor<2x3xf32>, f32) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %sz = stream_lite.tensor.sizeof tensor<2x3xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<2x3xf32> -> tensor<2x3xf32> in !stream_lite.resource<external>{%sz}
  %f = stream_lite.tensor.fill %v, %i[%c0, %c1 for %c2, %c2] : f32 -> tensor<2x3xf32> in %i as !stream_lite.resource<external>{%sz}
  %t = stream_lite.tensor.export %f : tensor<2x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<2x3xf32>
  return %t, %v : tensor<2x3xf32>, f32
}

// One value splats over the whole input; floats print in their shortest
// round-trip form.
// SPLAT: {{^}}2x2xf32=0.1 0.1 0.1 0.1{{$}}
// SPLAT-NEXT: {{^}}2x2xf32=2.5 0.1 0.1 2.5{{$}}
func.func @splat(%arg: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 2.5 : f32
  %sz = stream_lite.tensor.sizeof tensor<2x2xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<2x2xf32> -> tensor<2x2xf32> in !stream_lite.resource<external>{%sz}
  %k = stream_lite.tensor.clone %i : tensor<2x2xf32> in !stream_lite.resource<external>{%sz} -> tensor<2x2xf32> in !stream_lite.resource<external>{%sz}
  %f = stream_lite.tensor.fill %v, %k[%c0, %c0 for %c1, %c1] : f32 -> tensor<2x2xf32> in %k as !stream_lite.resource<external>{%sz}
  %g = stream_lite.tensor.fill %v, %f[%c1, %c1 for %c1, %c1] : f32 -> tensor<2x2xf32> in %f as !stream_lite.resource<external>{%sz}
  %t = stream_lite.tensor.export %i : tensor<2x2xf32> in !stream_lite.resource<external>{%sz} -> tensor<2x2xf32>
  %u = stream_lite.tensor.export %g : tensor<2x2xf32> in !stream_lite.resource<external>{%sz} -> tensor<2x2xf32>
  return %t, %u : tensor<2x2xf32>, tensor<2x2xf32>
}

// Arguments returned as they are (twice, one of them packed): each result
// is a fresh copy the caller owns (was an unlowered bufferization.clone).
// PASS: {{^}}2xf32=1 2{{$}}
// PASS-NEXT: {{^}}2xf32=1 2{{$}}
// PASS-NEXT: {{^}}1xi4=-3{{$}}
// PASS-NOT: {{.}}
func.func @passthrough(%a: tensor<2xf32>, %b: tensor<1xi4>) -> (tensor<2xf32>, tensor<2xf32>, tensor<1xi4>) {
  return %a, %a, %b : tensor<2xf32>, tensor<2xf32>, tensor<1xi4>
}
