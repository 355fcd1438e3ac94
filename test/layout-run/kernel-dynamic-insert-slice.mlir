// RUN: layout-run %s --function=main --input=4x4xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=REV
// RUN: layout-run %s --function=reverse_padded --input=5x4xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19 --input=index=5 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=PAD
// RUN: layout-run %s --threads=2 --function=reverse_padded --input=5x4xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19 --input=index=5 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=PAD
// RUN: layout-opt %s --stream-lite-to-llvm-pipeline | FileCheck %s --check-prefix=LLVM --implicit-check-not=affine.

// User kernels that move rows with tensor.extract_slice and
// tensor.insert_slice at offsets an scf.for computes from its induction
// variable: bufferized, each slice is a memref.subview at that offset,
// whose expansion computes the offset with affine.apply, and the to-llvm
// pipeline lowers it to arith (docs/language.md, Kernels).

#pad = #stream_lite.padding<[0, ?]>

stream_lite.device @d targets([#stream_lite.target<"llvm-cpu">])
// Rows of 4 f32 (16 bytes) padded to 24 bytes: 2 pad elements.
stream_lite.device @pad targets([#stream_lite.target<"vmvx", resolver = #stream_lite.padding_resolver<cache_line_bytes = 8, cache_sets = 2>>])

// LLVM: llvm.func @main

// out = a with its rows in reverse order.
stream_lite.executable private @ex {
  stream_lite.executable.export public @k
  builtin.module {
    func.func @k(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<4x4xf32>>
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [4, 4], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<4x4xf32>> -> tensor<4x4xf32>
      %e = tensor.empty() : tensor<4x4xf32>
      %y = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %e) -> tensor<4x4xf32> {
        %j = arith.subi %c4, %i : index
        %k = arith.subi %j, %c1 : index
        %row = tensor.extract_slice %x[%i, 0] [1, 4] [1, 1] : tensor<4x4xf32> to tensor<1x4xf32>
        %n = tensor.insert_slice %row into %t[%k, 0] [1, 4] [1, 1] : tensor<1x4xf32> into tensor<4x4xf32>
        scf.yield %n : tensor<4x4xf32>
      }
      stream_lite.dispatch.tensor.store %y, %ov, offsets = [0, 0], sizes = [4, 4], strides = [1, 1] : tensor<4x4xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<4x4xf32>>
      return
    }
  }
}

// REV: {{^}}4x4xf32=12 13 14 15 8 9 10 11 4 5 6 7 0 1 2 3{{$}}
// REV-NOT: {{.}}
func.func @main(%arg: tensor<4x4xf32>) -> tensor<4x4xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@d>} {
  %sz = stream_lite.tensor.sizeof tensor<4x4xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<4x4xf32> -> tensor<4x4xf32> in !stream_lite.resource<external>{%sz}
  %o = stream_lite.tensor.dispatch @ex::@k(%i) : (tensor<4x4xf32> in !stream_lite.resource<external>{%sz}) -> tensor<4x4xf32> in !stream_lite.resource<external>{%sz}
  %e = stream_lite.tensor.export %o : tensor<4x4xf32> in !stream_lite.resource<external>{%sz} -> tensor<4x4xf32>
  return %e : tensor<4x4xf32>
}

// The same with n rows (a kernel argument, the loop's bound) and both
// bindings padded.
stream_lite.executable private @rev {
  stream_lite.executable.export public @rev
  builtin.module {
    func.func @rev(%a: !stream_lite.binding, %o: !stream_lite.binding, %n: index) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?x4xf32, #pad>>{%n}
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<?x4xf32, #pad>>{%n}
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [%n, 4], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<?x4xf32, #pad>>{%n} -> tensor<?x4xf32>
      %e = tensor.empty(%n) : tensor<?x4xf32>
      %last = arith.subi %n, %c1 : index
      %y = scf.for %i = %c0 to %n step %c1 iter_args(%t = %e) -> tensor<?x4xf32> {
        %k = arith.subi %last, %i : index
        %row = tensor.extract_slice %x[%i, 0] [1, 4] [1, 1] : tensor<?x4xf32> to tensor<1x4xf32>
        %m = tensor.insert_slice %row into %t[%k, 0] [1, 4] [1, 1] : tensor<1x4xf32> into tensor<?x4xf32>
        scf.yield %m : tensor<?x4xf32>
      }
      stream_lite.dispatch.tensor.store %y, %ov, offsets = [0, 0], sizes = [%n, 4], strides = [1, 1] : tensor<?x4xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<?x4xf32, #pad>>{%n}
      return
    }
  }
}

// PAD: {{^}}5x4xf32=16 17 18 19 12 13 14 15 8 9 10 11 4 5 6 7 0 1 2 3{{$}}
// PAD-NOT: {{.}}
func.func @reverse_padded(%arg: tensor<?x4xf32>, %rows: index) -> tensor<?x4xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@pad>} {
  %sz = stream_lite.tensor.sizeof tensor<?x4xf32>{%rows} : index
  %i = stream_lite.tensor.import %arg : tensor<?x4xf32> -> tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %psz = stream_lite.tensor.sizeof tensor<?x4xf32, #pad>{%rows} : index
  %p = stream_lite.tensor.encode %i : tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x4xf32, #pad>{%rows} in !stream_lite.resource<*>{%psz}
  %o = stream_lite.tensor.dispatch @rev::@rev(%p, %rows) : (tensor<?x4xf32, #pad>{%rows} in !stream_lite.resource<*>{%psz}, index) -> tensor<?x4xf32, #pad>{%rows} in !stream_lite.resource<*>{%psz}
  %d = stream_lite.tensor.encode %o : tensor<?x4xf32, #pad>{%rows} in !stream_lite.resource<*>{%psz} -> tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}
