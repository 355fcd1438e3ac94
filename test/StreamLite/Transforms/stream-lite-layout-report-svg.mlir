// RUN: rm -rf %t.dir
// RUN: layout-opt '--stream-lite-layout-report=svg-dir=%t.dir' %s -o /dev/null
// RUN: FileCheck %s --check-prefix=INDEX < %t.dir/index.txt
// RUN: ls %t.dir | FileCheck %s --check-prefix=FILES
// RUN: FileCheck %s --check-prefix=TILED < %t.dir/layout-0.svg
// RUN: FileCheck %s --check-prefix=PADDED < %t.dir/layout-1.svg
// svg-dir writes layout-draw's picture of every distinct resource type of
// the report, in order of first appearance, and an index; a type without a
// static image is listed with the reason.

// INDEX: layout-0.svg tensor<5x7xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>>
// INDEX-NEXT: layout-1.svg tensor<3x5xi4, #stream_lite.padding<[0, 3]>>
// INDEX-NEXT: not drawn: tensor<?x4xf32>: the layout image of 'tensor<?x4xf32>' needs a static shape
// INDEX-NOT: {{.}}
// FILES: index.txt
// FILES-NEXT: layout-0.svg
// FILES-NEXT: layout-1.svg
// FILES-NOT: {{.}}
// TILED: 256 bytes of storage: 35 elements of 4 bytes, 116 padding bytes (hatched); tiles of 16 slots
// PADDED: 12 bytes of storage: 15 elements of 4 bits (2 a byte), 36 padding bits

// With assume-dynamic-dim the dynamic type is drawn at that size.
// RUN: rm -rf %t.assume
// RUN: layout-opt '--stream-lite-layout-report=svg-dir=%t.assume assume-dynamic-dim=2' %s -o /dev/null
// RUN: FileCheck %s --check-prefix=ASSUME < %t.assume/index.txt
// ASSUME: layout-2.svg tensor<2x4xf32>

// A directory that cannot be made is an error naming it.
// RUN: touch %t.file
// RUN: not layout-opt '--stream-lite-layout-report=svg-dir=%t.file/sub' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERROR
// ERROR: error: --stream-lite-layout-report: cannot create directory '{{.*}}.file/sub'

// The report's files are all or none: a picture that cannot be written (its
// path is a directory) leaves neither the JSON, the other pictures, a
// temporary file nor the directory made for them. The error names the pass
// and the file, at the module's location, without printing the module.
// RUN: rm -rf %t.partial && mkdir -p %t.partial/svg/layout-1.svg
// RUN: not layout-opt '--stream-lite-layout-report=json=%t.partial/r.json svg-dir=%t.partial/svg' %s -o %t.partial/out.mlir 2>&1 | FileCheck %s --check-prefix=PARTIAL --implicit-check-not=note:
// PARTIAL: stream-lite-layout-report-svg.mlir:0:0: error: --stream-lite-layout-report: cannot write '{{.*}}layout-1.svg': Is a directory
// RUN: ls -A %t.partial | FileCheck %s --check-prefix=PARTIAL-TOP --implicit-check-not={{.}}
// PARTIAL-TOP: {{^}}svg{{$}}
// RUN: ls -A %t.partial/svg | FileCheck %s --check-prefix=PARTIAL-SVG --implicit-check-not={{.}}
// PARTIAL-SVG: {{^}}layout-1.svg{{$}}
// RUN: rm -rf %t.nodir
// RUN: not layout-opt '--stream-lite-layout-report=json=%t.nodir-missing/r.json svg-dir=%t.nodir' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOJSON
// NOJSON: error: --stream-lite-layout-report: cannot write '{{.*}}nodir-missing/r.json': {{.+}}
// RUN: not test -e %t.nodir

// A report over max-layout-growth writes no file either.
// RUN: rm -rf %t.growth && mkdir %t.growth
// RUN: not layout-opt '--stream-lite-layout-report=json=%t.growth/r.json svg-dir=%t.growth/svg max-layout-growth=1.01' %s -o /dev/null 2>/dev/null
// RUN: ls -A %t.growth | count 0

stream_lite.device @gpu targets([#stream_lite.target<"rocm">])
func.func @f(%sz: index, %n: index) attributes {stream_lite.affinity = #stream_lite.affinity<@gpu>} {
  %a = stream_lite.tensor.empty : tensor<5x7xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>> in !stream_lite.resource<*>{%sz}
  %b = stream_lite.tensor.empty : tensor<3x5xi4, #stream_lite.padding<[0, 3]>> in !stream_lite.resource<*>{%sz}
  %c = stream_lite.tensor.empty : tensor<5x7xf32, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>> in !stream_lite.resource<*>{%sz}
  %d = stream_lite.tensor.empty : tensor<?x4xf32>{%n} in !stream_lite.resource<*>{%sz}
  return
}
