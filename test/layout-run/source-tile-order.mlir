// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy.py iota %t/a.npy '<f4' 37,45
// RUN: %python %S/Inputs/npy.py iota %t/big.npy '<f4' 1027,1030
// Tiled destinations read from tiled sources whose tiles are larger along
// an outer dim walk their outer dims in runs covering one source tile
// (docs/passes.md): 8x4 tiles into 4x8 tiles and into column-only tiles,
// odd shapes and a dynamic dim (tiles cut at the edges), a slice whose
// region starts mid-tile, and 4 MiB on two threads (the parallel loop over
// runs of source bands) and with non-temporal stores (also in the split
// walks: --non-temporal-scattered-stores). Every run against
// the encoding-free reference, bit for bit, with the tiles' padding
// checked.
// RUN: layout-run %s --function=relayouts --input=@%t/a.npy --input=index=37 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=SMALL
// RUN: layout-run %s --function=relayouts --input=@%t/a.npy --input=index=37 --non-temporal-store-bytes=1 --non-temporal-scattered-stores=whole-lines --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=SMALL
// RUN: layout-run %s --function=relayouts --input=@%t/a.npy --input=index=37 --non-temporal-store-bytes=1 --non-temporal-scattered-stores=all --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=SMALL
// RUN: layout-run %s --function=relayouts --input=@%t/big.npy --input=index=1027 --threads=2 --compare-to-reference --check-padding --check-leaks --output=@%t/t2.npy > %t/t2.txt
// RUN: layout-run %s --function=relayouts --input=@%t/big.npy --input=index=1027 --threads=1 --compare-to-reference --check-padding --check-leaks --output=@%t/t1.npy > %t/t1.txt
// RUN: cmp %t/t1.npy %t/t2.npy
// RUN: cmp %t/t1.txt %t/t2.txt
// RUN: FileCheck %s --check-prefix=BIG < %t/t1.txt

// SMALL: {{^}}37x45xf32={{.*}}{{$}}
// SMALL-NEXT: {{^}}29x33xf32={{.*}}{{$}}
// SMALL-NOT: {{.}}
// BIG: {{^}}1027x1030xf32={{.*}}{{$}}
// BIG-NEXT: {{^}}29x33xf32={{.*}}{{$}}
// BIG-NOT: {{.}}

#t84 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>
#t48 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 8]>
#cols4 = #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [4]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])

// identity -> 8x4 -> 4x8 -> 8x4 -> column tiles -> identity, and a 29x33
// slice of the 8x4 tensor from (3, 6) into 4x8 tiles, back to identity.
func.func @relayouts(%arg: tensor<?x?xf32>, %rows: index) -> (tensor<?x?xf32>, tensor<29x33xf32>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %c29 = arith.constant 29 : index
  %c33 = arith.constant 33 : index
  %cols = tensor.dim %arg, %c1 : tensor<?x?xf32>
  %sz = stream_lite.tensor.sizeof tensor<?x?xf32>{%rows, %cols} : index
  %i = stream_lite.tensor.import %arg : tensor<?x?xf32> -> tensor<?x?xf32>{%rows, %cols} in !stream_lite.resource<external>{%sz}
  %asz = stream_lite.tensor.sizeof tensor<?x?xf32, #t84>{%rows, %cols} : index
  %a = stream_lite.tensor.encode %i : tensor<?x?xf32>{%rows, %cols} in !stream_lite.resource<external>{%sz} -> tensor<?x?xf32, #t84>{%rows, %cols} in !stream_lite.resource<*>{%asz}
  %bsz = stream_lite.tensor.sizeof tensor<?x?xf32, #t48>{%rows, %cols} : index
  %b = stream_lite.tensor.encode %a : tensor<?x?xf32, #t84>{%rows, %cols} in !stream_lite.resource<*>{%asz} -> tensor<?x?xf32, #t48>{%rows, %cols} in !stream_lite.resource<*>{%bsz}
  %c = stream_lite.tensor.encode %b : tensor<?x?xf32, #t48>{%rows, %cols} in !stream_lite.resource<*>{%bsz} -> tensor<?x?xf32, #t84>{%rows, %cols} in !stream_lite.resource<*>{%asz}
  %dsz = stream_lite.tensor.sizeof tensor<?x?xf32, #cols4>{%rows, %cols} : index
  %d = stream_lite.tensor.encode %c : tensor<?x?xf32, #t84>{%rows, %cols} in !stream_lite.resource<*>{%asz} -> tensor<?x?xf32, #cols4>{%rows, %cols} in !stream_lite.resource<*>{%dsz}
  %e = stream_lite.tensor.encode %d : tensor<?x?xf32, #cols4>{%rows, %cols} in !stream_lite.resource<*>{%dsz} -> tensor<?x?xf32>{%rows, %cols} in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %e : tensor<?x?xf32>{%rows, %cols} in !stream_lite.resource<external>{%sz} -> tensor<?x?xf32>
  %lsz = stream_lite.tensor.sizeof tensor<29x33xf32, #t48> : index
  %l = stream_lite.tensor.slice %a[%c3, %c6 for %c29, %c33] : tensor<?x?xf32, #t84>{%rows, %cols} in !stream_lite.resource<*>{%asz} -> tensor<29x33xf32, #t48> in !stream_lite.resource<*>{%lsz}
  %misz = stream_lite.tensor.sizeof tensor<29x33xf32> : index
  %m = stream_lite.tensor.encode %l : tensor<29x33xf32, #t48> in !stream_lite.resource<*>{%lsz} -> tensor<29x33xf32> in !stream_lite.resource<external>{%misz}
  %me = stream_lite.tensor.export %m : tensor<29x33xf32> in !stream_lite.resource<external>{%misz} -> tensor<29x33xf32>
  return %r, %me : tensor<?x?xf32>, tensor<29x33xf32>
}
