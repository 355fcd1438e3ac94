// RUN: layout-run %s --function=relayout --input=3x5xi4=0,1,2,3,4,5,6,7,-8,-7,-6,-5,-4,-3,-2 --input=index=3 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=RELAYOUT
// RUN: layout-run %s --function=padded --input=3x5xi2=0,1,-2,-1,0,1,-2,-1,0,1,-2,-1,0,1,-2 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=PADDED
// RUN: layout-run %s --function=staging --input=3x3xi4=1,2,3,4,5,6,7,-8,-1 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=STAGING
// RUN: layout-run %s --function=regions --input=4x7xi4=0,1,2,3,4,5,6,7,-8,-7,-6,-5,-4,-3,-2,-1,0,1,2,3,4,5,6,7,-8,-7,-6,-5 --input=index=1 --input=index=2 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=REGIONS
// RUN: layout-run %s --function=unsigned --input=2x3xui4=0,1,9,10,14,15 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=UNSIGNED
// RUN: layout-run %s --function=unsigned_fill --input=3x3xui4=1,2,3,4,5,6,7,8,9 --input=ui4=13 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=UFILL
// RUN: layout-run %s --function=signed_fill --input=3x3xsi2=1,-2,0,-1,1,-2,0,-1,1 --input=si2=-2 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=SFILL
// RUN: layout-run %s --function=last_byte --input=20xi2=-2,-1,0,1,-2,-1,0,1,-2,-1,0,1,-2,-1,0,1,1,1,-1,-2 --input=1xi2=-1 --input=3xi4=1,2,3 --input=7xi4=-1,-2,-3,-4,-5,-6,-7 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=LASTBYTE
// RUN: layout-run %s --function=fill_value --input=3x3xi4=0 --input=i4=-3 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=FILLVALUE

// RUN: layout-run %s --function=tails --input=4x6xi4=0,1,2,3,4,5,6,7,-8,-7,-6,-5,-4,-3,-2,-1,0,1,2,3,4,5,6,7 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=TAILS
// Packed sub-byte elements (i2, i4, ui4) through every transfer op, with odd
// shapes (tails inside bytes), dynamic dims, regions that cut bytes and
// tiles, and each layout kind; every run is compared with the reference
// program and checks that tile padding (tail bits included) stays zero.

#rhs = #stream_lite.encoding<operand_index = 1, op_type = matmul, element_types = [i4, i4, i32]>
#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [i4, i4, i32]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 2, n = 3, k = 2>>])

// The RHS layout tiled<[1, 0], [3, 2], outer_dims_perm = [1, 0]> pads both
// dims of ?x5 (3 rows): encode into it, fill rows 1..2 x columns 1..3
// (cutting tiles and bytes), update row 0 columns 3..4 with a splat, slice
// the middle row, clone it, and encode everything back.
// RELAYOUT: {{^}}3x5xi4=0 1 2 -1 -1 5 7 7 7 -7 -6 7 7 7 -2{{$}}
// RELAYOUT-NEXT: {{^}}1x5xi4=5 7 7 7 -7{{$}}
// RELAYOUT-NOT: {{.}}
func.func @relayout(%arg: tensor<?x5xi4>, %rows: index) -> (tensor<?x5xi4>, tensor<1x5xi4>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %seven = arith.constant 7 : i4
  %minus = arith.constant -1 : i4
  %sz = stream_lite.tensor.sizeof tensor<?x5xi4>{%rows} : index
  %i = stream_lite.tensor.import %arg : tensor<?x5xi4> -> tensor<?x5xi4>{%rows} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<?x5xi4, #rhs>{%rows} : index
  %t = stream_lite.tensor.encode %i : tensor<?x5xi4>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x5xi4, #rhs>{%rows} in !stream_lite.resource<*>{%tsz}
  %f = stream_lite.tensor.fill %seven, %t[%c1, %c1 for %c2, %c3] : i4 -> tensor<?x5xi4, #rhs>{%rows} in %t as !stream_lite.resource<*>{%tsz}
  %ssz = stream_lite.tensor.sizeof tensor<1x2xi4> : index
  %s = stream_lite.tensor.splat %minus : i4 -> tensor<1x2xi4> in !stream_lite.resource<*>{%ssz}
  %u = stream_lite.tensor.update %s, %f[%c0, %c3] : tensor<1x2xi4> in !stream_lite.resource<*>{%ssz} -> tensor<?x5xi4, #rhs>{%rows} in %f as !stream_lite.resource<*>{%tsz}
  %rsz = stream_lite.tensor.sizeof tensor<1x5xi4> : index
  %row = stream_lite.tensor.slice %u[%c1, %c0 for %c1, %c5] : tensor<?x5xi4, #rhs>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<1x5xi4> in !stream_lite.resource<*>{%rsz}
  %k = stream_lite.tensor.clone %row : tensor<1x5xi4> in !stream_lite.resource<*>{%rsz} -> tensor<1x5xi4> in !stream_lite.resource<*>{%rsz}
  %d = stream_lite.tensor.encode %u : tensor<?x5xi4, #rhs>{%rows} in !stream_lite.resource<*>{%tsz} -> tensor<?x5xi4>{%rows} in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<?x5xi4>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x5xi4>
  %ke = stream_lite.tensor.export %k : tensor<1x5xi4> in !stream_lite.resource<*>{%rsz} -> tensor<1x5xi4>
  return %r, %ke : tensor<?x5xi4>, tensor<1x5xi4>
}

// i2 in a padding layout (rows of 5 + 3 = 8 elements: two bytes each):
// whole rows move as bytes, a fill of column 4 and an update of one element
// read-modify-write bytes.
// PADDED: {{^}}3x5xi2=0 1 -2 -1 1 1 -2 -1 0 1 -2 -1 0 -2 1{{$}}
// PADDED-NEXT: {{^}}2x5xi2=1 -2 -1 0 1 -2 -1 0 -2 1{{$}}
// PADDED-NOT: {{.}}
func.func @padded(%arg: tensor<3x5xi2>) -> (tensor<3x5xi2>, tensor<2x5xi2>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %one = arith.constant 1 : i2
  %m2 = arith.constant -2 : i2
  %sz = stream_lite.tensor.sizeof tensor<3x5xi2> : index
  %i = stream_lite.tensor.import %arg : tensor<3x5xi2> -> tensor<3x5xi2> in !stream_lite.resource<external>{%sz}
  %psz = stream_lite.tensor.sizeof tensor<3x5xi2, #stream_lite.padding<[0, 3]>> : index
  %p = stream_lite.tensor.encode %i : tensor<3x5xi2> in !stream_lite.resource<external>{%sz} -> tensor<3x5xi2, #stream_lite.padding<[0, 3]>> in !stream_lite.resource<*>{%psz}
  %f = stream_lite.tensor.fill %one, %p[%c0, %c4 for %c1, %c1] : i2 -> tensor<3x5xi2, #stream_lite.padding<[0, 3]>> in %p as !stream_lite.resource<*>{%psz}
  %esz = stream_lite.tensor.sizeof tensor<1x2xi2> : index
  %e = stream_lite.tensor.splat %m2 : i2 -> tensor<1x2xi2> in !stream_lite.resource<*>{%esz}
  %e2 = stream_lite.tensor.fill %one, %e[%c0, %c1 for %c1, %c1] : i2 -> tensor<1x2xi2> in %e as !stream_lite.resource<*>{%esz}
  %u = stream_lite.tensor.update %e2, %f[%c2, %c3] : tensor<1x2xi2> in !stream_lite.resource<*>{%esz} -> tensor<3x5xi2, #stream_lite.padding<[0, 3]>> in %f as !stream_lite.resource<*>{%psz}
  %rsz = stream_lite.tensor.sizeof tensor<2x5xi2, #stream_lite.padding<[0, 3]>> : index
  %rows = stream_lite.tensor.slice %u[%c1, %c0 for %c2, %c5] : tensor<3x5xi2, #stream_lite.padding<[0, 3]>> in !stream_lite.resource<*>{%psz} -> tensor<2x5xi2, #stream_lite.padding<[0, 3]>> in !stream_lite.resource<*>{%rsz}
  %dsz = stream_lite.tensor.sizeof tensor<2x5xi2> : index
  %rd = stream_lite.tensor.encode %rows : tensor<2x5xi2, #stream_lite.padding<[0, 3]>> in !stream_lite.resource<*>{%rsz} -> tensor<2x5xi2> in !stream_lite.resource<external>{%dsz}
  %d = stream_lite.tensor.encode %u : tensor<3x5xi2, #stream_lite.padding<[0, 3]>> in !stream_lite.resource<*>{%psz} -> tensor<3x5xi2> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<3x5xi2> in !stream_lite.resource<external>{%sz} -> tensor<3x5xi2>
  %r2 = stream_lite.tensor.export %rd : tensor<2x5xi2> in !stream_lite.resource<external>{%dsz} -> tensor<2x5xi2>
  return %r, %r2 : tensor<3x5xi2>, tensor<2x5xi2>
}

// Host load and store through staging bytes, in the identity layout and in
// the LHS layout tiled<[0, 1], [2, 2]> (3x3 pads both dims).
// STAGING: {{^}}3x3xi4=-1 2 3 4 5 6 7 -8 -1{{$}}
// STAGING-NEXT: {{^}}i4=-1{{$}}
// STAGING-NEXT: {{^}}3x3xi4=-1 2 5 4 5 6 7 -8 -1{{$}}
// STAGING-NEXT: {{^}}i4=5{{$}}
// STAGING-NOT: {{.}}
func.func @staging(%arg: tensor<3x3xi4>) -> (tensor<3x3xi4>, i4, tensor<3x3xi4>, i4) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %sz = stream_lite.tensor.sizeof tensor<3x3xi4> : index
  %i = stream_lite.tensor.import %arg : tensor<3x3xi4> -> tensor<3x3xi4> in !stream_lite.resource<external>{%sz}
  %st = stream_lite.async.transfer %i : !stream_lite.resource<external>{%sz} -> !stream_lite.resource<staging>{%sz}
  %v = stream_lite.tensor.load %st[%c2, %c2] : tensor<3x3xi4> in !stream_lite.resource<staging>{%sz} -> i4
  %st2 = stream_lite.tensor.store %v, %st[%c0, %c0] : i4 -> tensor<3x3xi4> in %st as !stream_lite.resource<staging>{%sz}
  %back = stream_lite.async.transfer %st2 : !stream_lite.resource<staging>{%sz} -> !stream_lite.resource<external>{%sz}
  %t = stream_lite.tensor.export %back : tensor<3x3xi4> in !stream_lite.resource<external>{%sz} -> tensor<3x3xi4>
  %tsz = stream_lite.tensor.sizeof tensor<3x3xi4, #lhs> : index
  %e = stream_lite.tensor.encode %back : tensor<3x3xi4> in !stream_lite.resource<external>{%sz} -> tensor<3x3xi4, #lhs> in !stream_lite.resource<*>{%tsz}
  %tst = stream_lite.async.transfer %e : !stream_lite.resource<*>{%tsz} -> !stream_lite.resource<staging>{%tsz}
  %w = stream_lite.tensor.load %tst[%c1, %c1] : tensor<3x3xi4, #lhs> in !stream_lite.resource<staging>{%tsz} -> i4
  %tst2 = stream_lite.tensor.store %w, %tst[%c0, %c2] : i4 -> tensor<3x3xi4, #lhs> in %tst as !stream_lite.resource<staging>{%tsz}
  %tback = stream_lite.async.transfer %tst2 : !stream_lite.resource<staging>{%tsz} -> !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %tback : tensor<3x3xi4, #lhs> in !stream_lite.resource<*>{%tsz} -> tensor<3x3xi4> in !stream_lite.resource<external>{%sz}
  %u = stream_lite.tensor.export %d : tensor<3x3xi4> in !stream_lite.resource<external>{%sz} -> tensor<3x3xi4>
  return %t, %v, %u, %w : tensor<3x3xi4>, i4, tensor<3x3xi4>, i4
}

// Regions with dynamic offsets on identity 4x7 (rows of 7 nibbles: row r
// starts inside a byte when r is odd), %a = 1, %b = 2: slice rows
// %a..%a+1 and a 2x3 window at [%a, %b]; update the window into rows 2..3
// at column %b (in place, after the slices read it); fill a 3x2 block at
// [%a, %a + %b]; and a constant in the tiled LHS layout, encoded to dense.
// REGIONS: {{^}}2x7xi4=7 -8 -7 -6 -5 -4 -3 -2 -1 0 1 2 3 4{{$}}
// REGIONS-NEXT: {{^}}2x3xi4=-7 -6 -5 0 1 2{{$}}
// REGIONS-NEXT: {{^}}4x7xi4=0 1 2 3 4 5 6 7 -8 -7 -3 -3 -4 -3 -2 -1 -7 -3 -3 3 4 5 6 0 -3 -3 -6 -5{{$}}
// REGIONS-NEXT: {{^}}2x3xi4=1 -2 3 -4 5 -6{{$}}
// REGIONS-NOT: {{.}}
func.func @regions(%arg: tensor<4x7xi4>, %a: index, %b: index) -> (tensor<2x7xi4>, tensor<2x3xi4>, tensor<4x7xi4>, tensor<2x3xi4>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %m3 = arith.constant -3 : i4
  %sz = stream_lite.tensor.sizeof tensor<4x7xi4> : index
  %i = stream_lite.tensor.import %arg : tensor<4x7xi4> -> tensor<4x7xi4> in !stream_lite.resource<external>{%sz}
  %rsz = stream_lite.tensor.sizeof tensor<2x7xi4> : index
  %rows = stream_lite.tensor.slice %i[%a, %c0 for %c2, %c7] : tensor<4x7xi4> in !stream_lite.resource<external>{%sz} -> tensor<2x7xi4> in !stream_lite.resource<*>{%rsz}
  %wsz = stream_lite.tensor.sizeof tensor<2x3xi4> : index
  %win = stream_lite.tensor.slice %i[%a, %b for %c2, %c3] : tensor<4x7xi4> in !stream_lite.resource<external>{%sz} -> tensor<2x3xi4> in !stream_lite.resource<*>{%wsz}
  %u = stream_lite.tensor.update %win, %i[%c2, %b] : tensor<2x3xi4> in !stream_lite.resource<*>{%wsz} -> tensor<4x7xi4> in %i as !stream_lite.resource<external>{%sz}
  %b1 = arith.addi %b, %a : index
  %f = stream_lite.tensor.fill %m3, %u[%a, %b1 for %c3, %c2] : i4 -> tensor<4x7xi4> in %u as !stream_lite.resource<external>{%sz}
  %csz = stream_lite.tensor.sizeof tensor<2x3xi4, #lhs> : index
  %k = stream_lite.tensor.constant : tensor<2x3xi4, #lhs> in !stream_lite.resource<constant> = dense<[[1, -2, 3], [-4, 5, -6]]> : tensor<2x3xi4>
  %kd = stream_lite.tensor.encode %k : tensor<2x3xi4, #lhs> in !stream_lite.resource<constant>{%csz} -> tensor<2x3xi4> in !stream_lite.resource<*>{%wsz}
  %r1 = stream_lite.tensor.export %rows : tensor<2x7xi4> in !stream_lite.resource<*>{%rsz} -> tensor<2x7xi4>
  %r2 = stream_lite.tensor.export %win : tensor<2x3xi4> in !stream_lite.resource<*>{%wsz} -> tensor<2x3xi4>
  %r3 = stream_lite.tensor.export %f : tensor<4x7xi4> in !stream_lite.resource<external>{%sz} -> tensor<4x7xi4>
  %r4 = stream_lite.tensor.export %kd : tensor<2x3xi4> in !stream_lite.resource<*>{%wsz} -> tensor<2x3xi4>
  return %r1, %r2, %r3, %r4 : tensor<2x7xi4>, tensor<2x3xi4>, tensor<4x7xi4>, tensor<2x3xi4>
}

// ui4 values (0..15) through a relayout and a slice.
// UNSIGNED: {{^}}2x3xui4=0 1 9 10 14 15{{$}}
// UNSIGNED-NEXT: {{^}}1x2xui4=14 15{{$}}
// UNSIGNED-NOT: {{.}}
func.func @unsigned(%arg: tensor<2x3xui4>) -> (tensor<2x3xui4>, tensor<1x2xui4>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %sz = stream_lite.tensor.sizeof tensor<2x3xui4> : index
  %i = stream_lite.tensor.import %arg : tensor<2x3xui4> -> tensor<2x3xui4> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<2x3xui4, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>> : index
  %t = stream_lite.tensor.encode %i : tensor<2x3xui4> in !stream_lite.resource<external>{%sz} -> tensor<2x3xui4, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>> in !stream_lite.resource<*>{%tsz}
  %ssz = stream_lite.tensor.sizeof tensor<1x2xui4> : index
  %s = stream_lite.tensor.slice %t[%c1, %c1 for %c1, %c2] : tensor<2x3xui4, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>> in !stream_lite.resource<*>{%tsz} -> tensor<1x2xui4> in !stream_lite.resource<*>{%ssz}
  %d = stream_lite.tensor.encode %t : tensor<2x3xui4, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>> in !stream_lite.resource<*>{%tsz} -> tensor<2x3xui4> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<2x3xui4> in !stream_lite.resource<external>{%sz} -> tensor<2x3xui4>
  %r2 = stream_lite.tensor.export %s : tensor<1x2xui4> in !stream_lite.resource<*>{%ssz} -> tensor<1x2xui4>
  return %r, %r2 : tensor<2x3xui4>, tensor<1x2xui4>
}

// A fill value known only at run time, replicated to a byte for whole rows
// (DMA) and written element by element where it cuts tiles.
// FILLVALUE: {{^}}3x3xi4=0 0 0 -3 -3 -3 -3 -3 -3{{$}}
// FILLVALUE-NEXT: {{^}}3x3xi4=0 0 0 0 -3 -3 0 -3 -3{{$}}
// FILLVALUE-NOT: {{.}}
func.func @fill_value(%arg: tensor<3x3xi4>, %v: i4) -> (tensor<3x3xi4>, tensor<3x3xi4>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %sz = stream_lite.tensor.sizeof tensor<3x3xi4> : index
  %i = stream_lite.tensor.import %arg : tensor<3x3xi4> -> tensor<3x3xi4> in !stream_lite.resource<external>{%sz}
  %k = stream_lite.tensor.clone %i : tensor<3x3xi4> in !stream_lite.resource<external>{%sz} -> tensor<3x3xi4> in !stream_lite.resource<external>{%sz}
  %f = stream_lite.tensor.fill %v, %k[%c1, %c0 for %c2, %c3] : i4 -> tensor<3x3xi4> in %k as !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<3x3xi4, #lhs> : index
  %t = stream_lite.tensor.encode %i : tensor<3x3xi4> in !stream_lite.resource<external>{%sz} -> tensor<3x3xi4, #lhs> in !stream_lite.resource<*>{%tsz}
  %g = stream_lite.tensor.fill %v, %t[%c1, %c1 for %c2, %c2] : i4 -> tensor<3x3xi4, #lhs> in %t as !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %g : tensor<3x3xi4, #lhs> in !stream_lite.resource<*>{%tsz} -> tensor<3x3xi4> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %f : tensor<3x3xi4> in !stream_lite.resource<external>{%sz} -> tensor<3x3xi4>
  %r2 = stream_lite.tensor.export %d : tensor<3x3xi4> in !stream_lite.resource<external>{%sz} -> tensor<3x3xi4>
  return %r, %r2 : tensor<3x3xi4>, tensor<3x3xi4>
}

// ui4 and si2 values from arguments (no arith constant has these types):
// a fill that cuts 2x2 tiles, a splat, a host load and a store, through
// casts to signless integers.
// UFILL: {{^}}3x3xui4=13 2 3 4 13 13 7 13 13{{$}}
// UFILL-NEXT: {{^}}ui4=13{{$}}
// UFILL-NOT: {{.}}
func.func @unsigned_fill(%arg: tensor<3x3xui4>, %v: ui4) -> (tensor<3x3xui4>, ui4) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %sz = stream_lite.tensor.sizeof tensor<3x3xui4> : index
  %i = stream_lite.tensor.import %arg : tensor<3x3xui4> -> tensor<3x3xui4> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<3x3xui4, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>> : index
  %t = stream_lite.tensor.encode %i : tensor<3x3xui4> in !stream_lite.resource<external>{%sz} -> tensor<3x3xui4, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>> in !stream_lite.resource<*>{%tsz}
  %g = stream_lite.tensor.fill %v, %t[%c1, %c1 for %c2, %c2] : ui4 -> tensor<3x3xui4, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>> in %t as !stream_lite.resource<*>{%tsz}
  %s = stream_lite.tensor.splat %v : ui4 -> tensor<3x3xui4, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>> in !stream_lite.resource<*>{%tsz}
  %st = stream_lite.async.transfer %g : !stream_lite.resource<*>{%tsz} -> !stream_lite.resource<staging>{%tsz}
  %w = stream_lite.tensor.load %st[%c2, %c2] : tensor<3x3xui4, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>> in !stream_lite.resource<staging>{%tsz} -> ui4
  %st2 = stream_lite.tensor.store %w, %st[%c0, %c0] : ui4 -> tensor<3x3xui4, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>> in %st as !stream_lite.resource<staging>{%tsz}
  %back = stream_lite.async.transfer %st2 : !stream_lite.resource<staging>{%tsz} -> !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %back : tensor<3x3xui4, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>> in !stream_lite.resource<*>{%tsz} -> tensor<3x3xui4> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<3x3xui4> in !stream_lite.resource<external>{%sz} -> tensor<3x3xui4>
  return %r, %w : tensor<3x3xui4>, ui4
}

// SFILL: {{^}}3x3xsi2=-2 -2 0 -1 -2 -2 0 -2 -2{{$}}
// SFILL-NEXT: {{^}}si2=-2{{$}}
// SFILL-NOT: {{.}}
func.func @signed_fill(%arg: tensor<3x3xsi2>, %v: si2) -> (tensor<3x3xsi2>, si2) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %sz = stream_lite.tensor.sizeof tensor<3x3xsi2> : index
  %i = stream_lite.tensor.import %arg : tensor<3x3xsi2> -> tensor<3x3xsi2> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<3x3xsi2, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>> : index
  %t = stream_lite.tensor.encode %i : tensor<3x3xsi2> in !stream_lite.resource<external>{%sz} -> tensor<3x3xsi2, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>> in !stream_lite.resource<*>{%tsz}
  %g = stream_lite.tensor.fill %v, %t[%c1, %c1 for %c2, %c2] : si2 -> tensor<3x3xsi2, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>> in %t as !stream_lite.resource<*>{%tsz}
  %s = stream_lite.tensor.splat %v : si2 -> tensor<3x3xsi2, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>> in !stream_lite.resource<*>{%tsz}
  %st = stream_lite.async.transfer %g : !stream_lite.resource<*>{%tsz} -> !stream_lite.resource<staging>{%tsz}
  %w = stream_lite.tensor.load %st[%c2, %c2] : tensor<3x3xsi2, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>> in !stream_lite.resource<staging>{%tsz} -> si2
  %st2 = stream_lite.tensor.store %w, %st[%c0, %c0] : si2 -> tensor<3x3xsi2, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>> in %st as !stream_lite.resource<staging>{%tsz}
  %back = stream_lite.async.transfer %st2 : !stream_lite.resource<staging>{%tsz} -> !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %back : tensor<3x3xsi2, #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [2, 2]>> in !stream_lite.resource<*>{%tsz} -> tensor<3x3xsi2> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<3x3xsi2> in !stream_lite.resource<external>{%sz} -> tensor<3x3xsi2>
  return %r, %w : tensor<3x3xsi2>, si2
}

// Updates into the last byte of a storage: one i2 at [16] of 20 must keep
// elements 17..19, which share its byte (a dispatch); three i4 at [4] of 7
// end with the last slot, so the copy may write the tail nibble (DMA).
// LASTBYTE: {{^}}20xi2=-2 -1 0 1 -2 -1 0 1 -2 -1 0 1 -2 -1 0 1 -1 1 -1 -2{{$}}
// LASTBYTE-NEXT: {{^}}7xi4=-1 -2 -3 -4 1 2 3{{$}}
// LASTBYTE-NOT: {{.}}
func.func @last_byte(%a: tensor<20xi2>, %b: tensor<1xi2>, %c: tensor<3xi4>, %d: tensor<7xi4>) -> (tensor<20xi2>, tensor<7xi4>) {
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %asz = stream_lite.tensor.sizeof tensor<20xi2> : index
  %bsz = stream_lite.tensor.sizeof tensor<1xi2> : index
  %csz = stream_lite.tensor.sizeof tensor<3xi4> : index
  %dsz = stream_lite.tensor.sizeof tensor<7xi4> : index
  %ai = stream_lite.tensor.import %a : tensor<20xi2> -> tensor<20xi2> in !stream_lite.resource<external>{%asz}
  %bi = stream_lite.tensor.import %b : tensor<1xi2> -> tensor<1xi2> in !stream_lite.resource<external>{%bsz}
  %ci = stream_lite.tensor.import %c : tensor<3xi4> -> tensor<3xi4> in !stream_lite.resource<external>{%csz}
  %di = stream_lite.tensor.import %d : tensor<7xi4> -> tensor<7xi4> in !stream_lite.resource<external>{%dsz}
  %u1 = stream_lite.tensor.update %bi, %ai[%c16] : tensor<1xi2> in !stream_lite.resource<external>{%bsz} -> tensor<20xi2> in %ai as !stream_lite.resource<external>{%asz}
  %u2 = stream_lite.tensor.update %ci, %di[%c4] : tensor<3xi4> in !stream_lite.resource<external>{%csz} -> tensor<7xi4> in %di as !stream_lite.resource<external>{%dsz}
  %r1 = stream_lite.tensor.export %u1 : tensor<20xi2> in !stream_lite.resource<external>{%asz} -> tensor<20xi2>
  %r2 = stream_lite.tensor.export %u2 : tensor<7xi4> in !stream_lite.resource<external>{%dsz} -> tensor<7xi4>
  return %r1, %r2 : tensor<20xi2>, tensor<7xi4>
}

// DMA whose last byte holds more than the region: three rows of a padding
// layout whose box ends with a pad nibble (the copy stops after the last
// element, on a byte boundary), a tiled tensor with a tail nibble copied
// into another (the tail comes from a zero tail), and a zero splat that
// zeroes a tiled tail; then a read-modify-write update into it. And an
// identity splat, whose memset fills the tail nibble too, encoded into the
// physically equal tiled layout: not a clone, its tail must become zero.
// TAILS: {{^}}3x6xi4=0 1 2 3 4 5 6 7 -8 -7 -6 -5 -4 -3 -2 -1 0 1{{$}}
// TAILS-NEXT: {{^}}1x3xi4=-8 -7 -6{{$}}
// TAILS-NEXT: {{^}}1x3xi4=0 5 0{{$}}
// TAILS-NEXT: {{^}}1x3xi4=3 3 3{{$}}
// TAILS-NOT: {{.}}
#pad11 = #stream_lite.padding<[1, 1]>
#flat = #stream_lite.tiled<inner_dims_pos = [], inner_tiles = []>
#tile3 = #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [3]>
func.func @tails(%arg: tensor<4x6xi4>) -> (tensor<3x6xi4>, tensor<1x3xi4>, tensor<1x3xi4>, tensor<1x3xi4>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %zero = arith.constant 0 : i4
  %five = arith.constant 5 : i4
  %sz = stream_lite.tensor.sizeof tensor<4x6xi4> : index
  %i = stream_lite.tensor.import %arg : tensor<4x6xi4> -> tensor<4x6xi4> in !stream_lite.resource<external>{%sz}
  %psz = stream_lite.tensor.sizeof tensor<4x6xi4, #pad11> : index
  %p = stream_lite.tensor.encode %i : tensor<4x6xi4> in !stream_lite.resource<external>{%sz} -> tensor<4x6xi4, #pad11> in !stream_lite.resource<*>{%psz}
  %qsz = stream_lite.tensor.sizeof tensor<3x6xi4, #pad11> : index
  %q = stream_lite.tensor.slice %p[%c0, %c0 for %c3, %c6] : tensor<4x6xi4, #pad11> in !stream_lite.resource<*>{%psz} -> tensor<3x6xi4, #pad11> in !stream_lite.resource<*>{%qsz}
  %qisz = stream_lite.tensor.sizeof tensor<3x6xi4> : index
  %qi = stream_lite.tensor.encode %q : tensor<3x6xi4, #pad11> in !stream_lite.resource<*>{%qsz} -> tensor<3x6xi4> in !stream_lite.resource<external>{%qisz}
  %r0 = stream_lite.tensor.export %qi : tensor<3x6xi4> in !stream_lite.resource<external>{%qisz} -> tensor<3x6xi4>
  %tsz = stream_lite.tensor.sizeof tensor<1x3xi4, #flat> : index
  %t = stream_lite.tensor.slice %p[%c1, %c2 for %c1, %c3] : tensor<4x6xi4, #pad11> in !stream_lite.resource<*>{%psz} -> tensor<1x3xi4, #flat> in !stream_lite.resource<*>{%tsz}
  %t2 = stream_lite.tensor.slice %t[%c0, %c0 for %c1, %c3] : tensor<1x3xi4, #flat> in !stream_lite.resource<*>{%tsz} -> tensor<1x3xi4, #flat> in !stream_lite.resource<*>{%tsz}
  %isz = stream_lite.tensor.sizeof tensor<1x3xi4> : index
  %t2i = stream_lite.tensor.encode %t2 : tensor<1x3xi4, #flat> in !stream_lite.resource<*>{%tsz} -> tensor<1x3xi4> in !stream_lite.resource<external>{%isz}
  %r1 = stream_lite.tensor.export %t2i : tensor<1x3xi4> in !stream_lite.resource<external>{%isz} -> tensor<1x3xi4>
  %zsz = stream_lite.tensor.sizeof tensor<1x3xi4, #tile3> : index
  %z = stream_lite.tensor.splat %zero : i4 -> tensor<1x3xi4, #tile3> in !stream_lite.resource<*>{%zsz}
  %osz = stream_lite.tensor.sizeof tensor<1x1xi4> : index
  %o = stream_lite.tensor.splat %five : i4 -> tensor<1x1xi4> in !stream_lite.resource<*>{%osz}
  %zu = stream_lite.tensor.update %o, %z[%c0, %c1] : tensor<1x1xi4> in !stream_lite.resource<*>{%osz} -> tensor<1x3xi4, #tile3> in %z as !stream_lite.resource<*>{%zsz}
  %zi = stream_lite.tensor.encode %zu : tensor<1x3xi4, #tile3> in !stream_lite.resource<*>{%zsz} -> tensor<1x3xi4> in !stream_lite.resource<external>{%isz}
  %r2 = stream_lite.tensor.export %zi : tensor<1x3xi4> in !stream_lite.resource<external>{%isz} -> tensor<1x3xi4>
  %three = arith.constant 3 : i4
  %s = stream_lite.tensor.splat %three : i4 -> tensor<1x3xi4> in !stream_lite.resource<*>{%isz}
  %sf = stream_lite.tensor.encode %s : tensor<1x3xi4> in !stream_lite.resource<*>{%isz} -> tensor<1x3xi4, #flat> in !stream_lite.resource<*>{%tsz}
  %sb = stream_lite.tensor.encode %sf : tensor<1x3xi4, #flat> in !stream_lite.resource<*>{%tsz} -> tensor<1x3xi4> in !stream_lite.resource<external>{%isz}
  %r3 = stream_lite.tensor.export %sb : tensor<1x3xi4> in !stream_lite.resource<external>{%isz} -> tensor<1x3xi4>
  return %r0, %r1, %r2, %r3 : tensor<3x6xi4>, tensor<1x3xi4>, tensor<1x3xi4>, tensor<1x3xi4>
}
