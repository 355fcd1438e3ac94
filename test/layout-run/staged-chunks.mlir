// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy.py iota %t/a.npy '<f4' 37,45
// RUN: %python %S/Inputs/npy.py iota %t/big.npy '<f4' 1027,1030
// Slices from 4x8 tiles into 8x4 tiles: the result's tile rows (4
// elements) start 2 or 3 elements into a source tile row whenever the
// column offset is not a multiple of 4, so each is joined from two
// source tile rows in a staging buffer. On two threads every parallel
// group has its own; on one thread (and with stores past the cache) the
// walk has one. Region lengths that cut tiles on every side, dynamic
// rows, offsets at run time (3, 6) and (5, 7); small and 4 MiB, against
// the encoding-free reference bit for bit with the tiles' padding
// checked, and the same bytes on one thread and on two.
// RUN: layout-run %s --function=slices --input=@%t/a.npy --input=index=37 --input=index=5 --input=index=7 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=SMALL
// RUN: layout-run %s --function=slices --input=@%t/a.npy --input=index=37 --input=index=5 --input=index=7 --non-temporal-store-bytes=1 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=SMALL
// RUN: layout-run %s --function=slices --input=@%t/big.npy --input=index=1027 --input=index=5 --input=index=7 --threads=2 --compare-to-reference --check-padding --check-leaks --output=@%t/t2.npy > %t/t2.txt
// RUN: layout-run %s --function=slices --input=@%t/big.npy --input=index=1027 --input=index=5 --input=index=7 --threads=1 --compare-to-reference --check-padding --check-leaks --output=@%t/t1.npy > %t/t1.txt
// RUN: cmp %t/t1.npy %t/t2.npy
// RUN: cmp %t/t1.txt %t/t2.txt
// RUN: FileCheck %s --check-prefix=BIG < %t/t1.txt

// SMALL: {{^}}29x36xf32={{.*}}{{$}}
// SMALL-NEXT: {{^}}29x36xf32={{.*}}{{$}}
// SMALL-NOT: {{.}}
// BIG: {{^}}1019x1021xf32={{.*}}{{$}}
// BIG-NEXT: {{^}}1019x1021xf32={{.*}}{{$}}
// BIG-NOT: {{.}}

#t84 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4]>
#t48 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 8]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])

// identity -> 4x8, then two slices of the region's length (all but 8
// rows and 9 columns of the input) into 8x4 tiles, each back to identity.
func.func @slices(%arg: tensor<?x?xf32>, %rows: index, %row: index, %col: index) -> (tensor<?x?xf32>, tensor<?x?xf32>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %cols = tensor.dim %arg, %c1 : tensor<?x?xf32>
  %lr = arith.subi %rows, %c8 : index
  %lc = arith.subi %cols, %c9 : index
  %sz = stream_lite.tensor.sizeof tensor<?x?xf32>{%rows, %cols} : index
  %i = stream_lite.tensor.import %arg : tensor<?x?xf32> -> tensor<?x?xf32>{%rows, %cols} in !stream_lite.resource<external>{%sz}
  %asz = stream_lite.tensor.sizeof tensor<?x?xf32, #t48>{%rows, %cols} : index
  %a = stream_lite.tensor.encode %i : tensor<?x?xf32>{%rows, %cols} in !stream_lite.resource<external>{%sz} -> tensor<?x?xf32, #t48>{%rows, %cols} in !stream_lite.resource<*>{%asz}
  %lsz = stream_lite.tensor.sizeof tensor<?x?xf32, #t84>{%lr, %lc} : index
  %l = stream_lite.tensor.slice %a[%c3, %c6 for %lr, %lc] : tensor<?x?xf32, #t48>{%rows, %cols} in !stream_lite.resource<*>{%asz} -> tensor<?x?xf32, #t84>{%lr, %lc} in !stream_lite.resource<*>{%lsz}
  %m = stream_lite.tensor.slice %a[%row, %col for %lr, %lc] : tensor<?x?xf32, #t48>{%rows, %cols} in !stream_lite.resource<*>{%asz} -> tensor<?x?xf32, #t84>{%lr, %lc} in !stream_lite.resource<*>{%lsz}
  %osz = stream_lite.tensor.sizeof tensor<?x?xf32>{%lr, %lc} : index
  %lo = stream_lite.tensor.encode %l : tensor<?x?xf32, #t84>{%lr, %lc} in !stream_lite.resource<*>{%lsz} -> tensor<?x?xf32>{%lr, %lc} in !stream_lite.resource<external>{%osz}
  %mo = stream_lite.tensor.encode %m : tensor<?x?xf32, #t84>{%lr, %lc} in !stream_lite.resource<*>{%lsz} -> tensor<?x?xf32>{%lr, %lc} in !stream_lite.resource<external>{%osz}
  %le = stream_lite.tensor.export %lo : tensor<?x?xf32>{%lr, %lc} in !stream_lite.resource<external>{%osz} -> tensor<?x?xf32>
  %me = stream_lite.tensor.export %mo : tensor<?x?xf32>{%lr, %lc} in !stream_lite.resource<external>{%osz} -> tensor<?x?xf32>
  return %le, %me : tensor<?x?xf32>, tensor<?x?xf32>
}
