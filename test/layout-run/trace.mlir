// RUN: rm -rf %t && mkdir -p %t
// RUN: layout-run %s --function=tiled --input=5x3xf32=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --input=index=5 --compare-to-reference --check-padding --trace=%t/tiled.json
// RUN: FileCheck %s --check-prefix=TILED < %t/tiled.json
// RUN: %python %S/Inputs/check_trace.py %t/tiled.json --all-match
// RUN: layout-run %s --function=packed --input=3x5xi4=0,1,2,3,4,5,6,7,-8,-7,-6,-5,-4,-3,-2 --compare-to-reference --trace=%t/packed.json
// RUN: FileCheck %s --check-prefix=PACKED < %t/packed.json
// RUN: %python %S/Inputs/check_trace.py %t/packed.json --all-match
// RUN: layout-run %s --function=tiled --input=5x3xf32=1 --input=index=5 --trace=- --trace-max-elements=2 | FileCheck %s --check-prefix=CUT
// RUN: not layout-run %s --function=tiled --input=5x3xf32=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --input=index=5 --compare-to-reference --test-plant-mismatch --trace=%t/planted.json 2>&1 | FileCheck %s --check-prefix=PLANTED
// RUN: FileCheck %s --check-prefix=PLANTED-JSON < %t/planted.json
// RUN: %python %S/Inputs/check_trace.py %t/planted.json
// RUN: not layout-run %s --function=tiled --input=5x3xf32=1 --input=index=5 --trace-max-elements=3 2>&1 | FileCheck %s --check-prefix=NEEDS-TRACE
// RUN: not layout-run %s --function=tiled --input=5x3xf32=1 --input=index=5 --trace= 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not layout-run %s --function=tiled --input=5x3xf32=1 --input=index=5 --trace=%t/missing/trace.json 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// RUN: not ls %t/missing

// layout-run --trace: every op that writes a tensor is recorded, decoded
// through the layout of the tensor it writes: logical values in row-major
// order, raw bytes, and the byte ranges that hold no element (padding).
// With --compare-to-reference each record is matched with the reference
// program's record of the same op.

#tiled = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 2]>]>

// 5x3 f32 in 4x2 tiles: 2x2 tiles of 32 bytes, 128 bytes. Tile (0, 1)
// holds column 2 of rows 0..3 and pads column 3: bytes 36..40, 44..48, ...
// TILED: "first_divergence": null,
// TILED: "records": [
// TILED-NEXT: {"record":0,"point":0,"op":"stream_lite.tensor.import",{{.*}}"type":"tensor<?x3xf32>","shape":[5,3],"element_type":"f32","storage_bytes":60,"values":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15],"padding":[],"nonzero_padding_bytes":0,"bytes":"0000803f00000040{{.*}}","truncated":false,"reference":{"record":0,"matches":true}},
// TILED-NEXT: {"record":1,"point":1,"op":"stream_lite.tensor.encode","location":"{{.*}}trace.mlir:[[@LINE+26]]:8",{{.*}}"shape":[5,3],"element_type":"f32","storage_bytes":128,"values":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15],"padding":{{\[\[}}36,40],[44,48],[52,56],[60,64],[72,96],[100,128]],"nonzero_padding_bytes":0,"bytes":"0000803f00000040000080400000a040{{.*}}","truncated":false,"reference":{"record":1,"matches":true}},
// The fill cuts tiles: rows 1..3, column 1..2.
// TILED-NEXT: {"record":2,"point":2,"op":"stream_lite.tensor.fill",{{.*}}"values":[1,2,3,4,0,0,7,0,0,10,0,0,13,14,15],{{.*}}"reference":{"record":2,"matches":true}},
// TILED-NEXT: {"record":3,"point":3,"op":"stream_lite.tensor.encode",{{.*}}"type":"tensor<?x3xf32>",{{.*}}"values":[1,2,3,4,0,0,7,0,0,10,0,0,13,14,15],"padding":[],{{.*}}"reference":{"record":3,"matches":true}}
// TILED-NEXT: {"record":4,"point":4,"op":"stream_lite.tensor.splat",{{.*}}"values":[7,7],{{.*}}"reference":{"record":4,"matches":true}}
// TILED-NEXT: ]}

// The planted mismatch makes every splat store its value plus one: the
// transfers before it match the reference, the splat is the first record
// that differs, and layout-run names it.
// PLANTED: error: result 1 differs from the reference at index [0]: 8 vs 7
// PLANTED-NEXT: note: --trace: record 4 is the first whose values differ from the reference's (at [0]: 8 vs 7): {{.*}}trace.mlir:[[@LINE+20]]:8: {{.*}}stream_lite.tensor.splat
// PLANTED-JSON: "first_divergence": 4,
// PLANTED-JSON: {"record":4,{{.*}}"op":"stream_lite.tensor.splat",{{.*}}"reference":{"record":4,"matches":false,"difference":"[0]: 8 vs 7"}}

// CUT: {"record":1,{{.*}}"values":[1,1],"padding":[],{{.*}}"truncated":true}
func.func @tiled(%arg: tensor<?x3xf32>, %rows: index) -> (tensor<?x3xf32>, tensor<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  %seven = arith.constant 7.0 : f32
  %sz = stream_lite.tensor.sizeof tensor<?x3xf32>{%rows} : index
  %i = stream_lite.tensor.import %arg : tensor<?x3xf32> -> tensor<?x3xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<?x3xf32, #tiled>{%rows} : index
  %e = stream_lite.tensor.encode %i : tensor<?x3xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x3xf32, #tiled>{%rows} in !stream_lite.resource<*>{%tsz}
  %f = stream_lite.tensor.fill %zero, %e[%c1, %c1 for %c3, %c2] : f32 -> tensor<?x3xf32, #tiled>{%rows} in %e as !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %f : tensor<?x3xf32, #tiled>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x3xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<?x3xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x3xf32>
  %ssz = stream_lite.tensor.sizeof tensor<2xf32> : index
  %s = stream_lite.tensor.splat %seven : f32 -> tensor<2xf32> in !stream_lite.resource<external>{%ssz}
  %sr = stream_lite.tensor.export %s : tensor<2xf32> in !stream_lite.resource<external>{%ssz} -> tensor<2xf32>
  return %r, %sr : tensor<?x3xf32>, tensor<2xf32>
}

// Packed i4 in 2x2 tiles: two elements per byte, each tile two bytes; the
// values come back sign-extended.
// PACKED: {"record":1,"point":1,"op":"stream_lite.tensor.encode",{{.*}}"shape":[3,5],"element_type":"i4","storage_bytes":12,"values":[0,1,2,3,4,5,6,7,-8,-7,-6,-5,-4,-3,-2],{{.*}}"reference":{"record":1,"matches":true}},
#packed = #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>]>
func.func @packed(%arg: tensor<3x5xi4>) -> tensor<3x5xi4> {
  %sz = stream_lite.tensor.sizeof tensor<3x5xi4> : index
  %i = stream_lite.tensor.import %arg : tensor<3x5xi4> -> tensor<3x5xi4> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<3x5xi4, #packed> : index
  %e = stream_lite.tensor.encode %i : tensor<3x5xi4> in !stream_lite.resource<external>{%sz} -> tensor<3x5xi4, #packed> in !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %e : tensor<3x5xi4, #packed> in !stream_lite.resource<*>{%tsz} -> tensor<3x5xi4> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<3x5xi4> in !stream_lite.resource<external>{%sz} -> tensor<3x5xi4>
  return %r : tensor<3x5xi4>
}

// NEEDS-TRACE: error: --trace-max-elements needs --trace
// EMPTY: error: --trace expects a file name (- for stdout)
// UNWRITABLE: error: cannot write '{{.*}}missing/trace.json': {{.*}}
