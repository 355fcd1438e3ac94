// RUN: rm -rf %t && mkdir -p %t
// RUN: layout-run %s --input=6xf16=10,100,0.5,65504,0.1,-6e-8 --input=6xbf16=10,100,0.5,10000,0.1,1e10 --input=6xf32=10,100,0.5,65504,0.1,-6e-8 --input=f16=1000 | FileCheck %s
// RUN: layout-run %s --input=6xf16=10,100,0.5,65504,0.1,-6e-8 --input=6xbf16=10,100,0.5,10000,0.1,1e10 --input=6xf32=10,100,0.5,65504,0.1,-6e-8 --input=f16=1000 > %t/printed.txt
// The printed values read back as the same bits.
// RUN: layout-run %s --input=6xf16=10,100,0.5,65504,0.1,-6e-8 --input=6xbf16=10,100,0.5,10000,0.1,1e10 --input=6xf32=10,100,0.5,65504,0.1,-6e-8 --input=f16=1000 --expected-output=%t/printed.txt

// f16 and bf16 results print as f32 ones do: the shortest decimal that
// reads back as the same bits (of their own type), fixed or with an
// exponent, whichever is shorter, an integer with its exact digits. bf16
// holds 9984 for 10000 and 9999220736 for 1e10; f16 holds 2^-24 for 6e-8.

// CHECK: {{^}}6xf16=10 100 0.5 65504 0.1 -6e-08{{$}}
// CHECK-NEXT: {{^}}6xbf16=10 100 0.5 9984 0.1 1e+10{{$}}
// CHECK-NEXT: {{^}}6xf32=10 100 0.5 65504 0.1 -6e-08{{$}}
// CHECK-NEXT: {{^}}f16=1000{{$}}
// CHECK-NOT: {{.}}
func.func @main(%a: tensor<6xf16>, %b: tensor<6xbf16>, %c: tensor<6xf32>, %d: f16) -> (tensor<6xf16>, tensor<6xbf16>, tensor<6xf32>, f16) {
  return %a, %b, %c, %d : tensor<6xf16>, tensor<6xbf16>, tensor<6xf32>, f16
}
