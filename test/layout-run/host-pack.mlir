// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy.py wrap %t/a4.npy '|i1' 7,37 4
// RUN: %python %S/Inputs/npy.py wrap %t/a2.npy '|i1' 5,53 2
// RUN: echo '@%t/a4.npy' > %t/round4.txt
// RUN: echo '@%t/a2.npy' > %t/round2.txt
// An import packs host elements of i4 and i2 (one per byte) 16 packed bytes
// at a time, then byte by byte, then the slots of a last partial byte; an
// export unpacks them the same way (docs/passes.md). 7x37 i4 is 259
// elements: 128 bytes by vectors, one byte, one slot; 5x53 i2 is 265: 64
// bytes by vectors, two bytes, one slot. Each is checked three ways: the
// round trip against the input file, the packed bytes against elements
// loaded one at a time (a host load reads its own slot of the byte), and
// the unpacked bytes against elements stored one at a time into a splat.
// RUN: layout-run %s --function=round_trip4 --input=@%t/a4.npy --expected-output=%t/round4.txt
// RUN: layout-run %s --function=round_trip2 --input=@%t/a2.npy --expected-output=%t/round2.txt
// RUN: layout-run %s --function=loads4 --input=@%t/a4.npy --compare-to-reference | FileCheck %s --check-prefix=LOADS4
// RUN: layout-run %s --function=loads2 --input=@%t/a2.npy --compare-to-reference | FileCheck %s --check-prefix=LOADS2
// RUN: layout-run %s --function=stores4 --compare-to-reference | FileCheck %s --check-prefix=STORES4
// RUN: layout-run %s --function=stores2 --compare-to-reference | FileCheck %s --check-prefix=STORES2
// A host value k of the input is (5k + k/1021) mod 2^bits, as signed.

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])

func.func @round_trip4(%arg: tensor<7x37xi4>) -> tensor<7x37xi4> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<7x37xi4> : index
  %i = stream_lite.tensor.import %arg : tensor<7x37xi4> -> tensor<7x37xi4> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %i : tensor<7x37xi4> in !stream_lite.resource<external>{%sz} -> tensor<7x37xi4>
  return %r : tensor<7x37xi4>
}

func.func @round_trip2(%arg: tensor<5x53xi2>) -> tensor<5x53xi2> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<5x53xi2> : index
  %i = stream_lite.tensor.import %arg : tensor<5x53xi2> -> tensor<5x53xi2> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %i : tensor<5x53xi2> in !stream_lite.resource<external>{%sz} -> tensor<5x53xi2>
  return %r : tensor<5x53xi2>
}

// Elements 1 and 79 (vector part), 257 (the byte after it), 258 (the last
// slot): 5, 395 mod 16 = 11 (-5), 1285 mod 16 = 5, 1290 mod 16 = 10 (-6).
// LOADS4: {{^}}i4=5{{$}}
// LOADS4-NEXT: {{^}}i4=-5{{$}}
// LOADS4-NEXT: {{^}}i4=5{{$}}
// LOADS4-NEXT: {{^}}i4=-6{{$}}
// LOADS4-NOT: {{.}}
func.func @loads4(%arg: tensor<7x37xi4>) -> (i4, i4, i4, i4) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c35 = arith.constant 35 : index
  %c36 = arith.constant 36 : index
  %sz = stream_lite.tensor.sizeof tensor<7x37xi4> : index
  %i = stream_lite.tensor.import %arg : tensor<7x37xi4> -> tensor<7x37xi4> in !stream_lite.resource<external>{%sz}
  %st = stream_lite.async.transfer %i : !stream_lite.resource<external>{%sz} -> !stream_lite.resource<staging>{%sz}
  %a = stream_lite.tensor.load %st[%c0, %c1] : tensor<7x37xi4> in !stream_lite.resource<staging>{%sz} -> i4
  %b = stream_lite.tensor.load %st[%c2, %c5] : tensor<7x37xi4> in !stream_lite.resource<staging>{%sz} -> i4
  %c = stream_lite.tensor.load %st[%c6, %c35] : tensor<7x37xi4> in !stream_lite.resource<staging>{%sz} -> i4
  %d = stream_lite.tensor.load %st[%c6, %c36] : tensor<7x37xi4> in !stream_lite.resource<staging>{%sz} -> i4
  return %a, %b, %c, %d : i4, i4, i4, i4
}

// Elements 3, 254 and 255 (vector part), 257 (the bytes after it), 264
// (the last slot): 15 mod 4 = 3 (-1), 1270 mod 4 = 2 (-2), 1275 mod 4 = 3
// (-1), 1285 mod 4 = 1, 1320 mod 4 = 0.
// LOADS2: {{^}}i2=-1{{$}}
// LOADS2-NEXT: {{^}}i2=-2{{$}}
// LOADS2-NEXT: {{^}}i2=-1{{$}}
// LOADS2-NEXT: {{^}}i2=1{{$}}
// LOADS2-NEXT: {{^}}i2=0{{$}}
// LOADS2-NOT: {{.}}
func.func @loads2(%arg: tensor<5x53xi2>) -> (i2, i2, i2, i2, i2) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c42 = arith.constant 42 : index
  %c43 = arith.constant 43 : index
  %c45 = arith.constant 45 : index
  %c52 = arith.constant 52 : index
  %sz = stream_lite.tensor.sizeof tensor<5x53xi2> : index
  %i = stream_lite.tensor.import %arg : tensor<5x53xi2> -> tensor<5x53xi2> in !stream_lite.resource<external>{%sz}
  %st = stream_lite.async.transfer %i : !stream_lite.resource<external>{%sz} -> !stream_lite.resource<staging>{%sz}
  %a = stream_lite.tensor.load %st[%c0, %c3] : tensor<5x53xi2> in !stream_lite.resource<staging>{%sz} -> i2
  %b = stream_lite.tensor.load %st[%c4, %c42] : tensor<5x53xi2> in !stream_lite.resource<staging>{%sz} -> i2
  %c = stream_lite.tensor.load %st[%c4, %c43] : tensor<5x53xi2> in !stream_lite.resource<staging>{%sz} -> i2
  %d = stream_lite.tensor.load %st[%c4, %c45] : tensor<5x53xi2> in !stream_lite.resource<staging>{%sz} -> i2
  %e = stream_lite.tensor.load %st[%c4, %c52] : tensor<5x53xi2> in !stream_lite.resource<staging>{%sz} -> i2
  return %a, %b, %c, %d, %e : i2, i2, i2, i2, i2
}

// A splat of 5 with -3 stored at elements 0, 128 (vector part), 257 (the
// byte after it) and 258 (the last slot).
// STORES4: {{^7x37xi4=-3( 5){127} -3( 5){128} -3 -3$}}
// STORES4-NOT: {{.}}
func.func @stores4() -> tensor<7x37xi4> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %c17 = arith.constant 17 : index
  %c35 = arith.constant 35 : index
  %c36 = arith.constant 36 : index
  %five = arith.constant 5 : i4
  %v = arith.constant -3 : i4
  %sz = stream_lite.tensor.sizeof tensor<7x37xi4> : index
  %x = stream_lite.tensor.splat %five : i4 -> tensor<7x37xi4> in !stream_lite.resource<external>{%sz}
  %s = stream_lite.async.transfer %x : !stream_lite.resource<external>{%sz} -> !stream_lite.resource<staging>{%sz}
  %s1 = stream_lite.tensor.store %v, %s[%c0, %c0] : i4 -> tensor<7x37xi4> in %s as !stream_lite.resource<staging>{%sz}
  %s2 = stream_lite.tensor.store %v, %s1[%c3, %c17] : i4 -> tensor<7x37xi4> in %s1 as !stream_lite.resource<staging>{%sz}
  %s3 = stream_lite.tensor.store %v, %s2[%c6, %c35] : i4 -> tensor<7x37xi4> in %s2 as !stream_lite.resource<staging>{%sz}
  %s4 = stream_lite.tensor.store %v, %s3[%c6, %c36] : i4 -> tensor<7x37xi4> in %s3 as !stream_lite.resource<staging>{%sz}
  %e = stream_lite.async.transfer %s4 : !stream_lite.resource<staging>{%sz} -> !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %e : tensor<7x37xi4> in !stream_lite.resource<external>{%sz} -> tensor<7x37xi4>
  return %r : tensor<7x37xi4>
}

// A splat of 1 with -2 stored at elements 1, 255 (vector part), 262 (the
// bytes after it) and 264 (the last slot).
// STORES2: {{^5x53xi2=1 -2( 1){253} -2( 1){6} -2 1 -2$}}
// STORES2-NOT: {{.}}
func.func @stores2() -> tensor<5x53xi2> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c43 = arith.constant 43 : index
  %c50 = arith.constant 50 : index
  %c52 = arith.constant 52 : index
  %one = arith.constant 1 : i2
  %v = arith.constant -2 : i2
  %sz = stream_lite.tensor.sizeof tensor<5x53xi2> : index
  %x = stream_lite.tensor.splat %one : i2 -> tensor<5x53xi2> in !stream_lite.resource<external>{%sz}
  %s = stream_lite.async.transfer %x : !stream_lite.resource<external>{%sz} -> !stream_lite.resource<staging>{%sz}
  %s1 = stream_lite.tensor.store %v, %s[%c0, %c1] : i2 -> tensor<5x53xi2> in %s as !stream_lite.resource<staging>{%sz}
  %s2 = stream_lite.tensor.store %v, %s1[%c4, %c43] : i2 -> tensor<5x53xi2> in %s1 as !stream_lite.resource<staging>{%sz}
  %s3 = stream_lite.tensor.store %v, %s2[%c4, %c50] : i2 -> tensor<5x53xi2> in %s2 as !stream_lite.resource<staging>{%sz}
  %s4 = stream_lite.tensor.store %v, %s3[%c4, %c52] : i2 -> tensor<5x53xi2> in %s3 as !stream_lite.resource<staging>{%sz}
  %e = stream_lite.async.transfer %s4 : !stream_lite.resource<staging>{%sz} -> !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %e : tensor<5x53xi2> in !stream_lite.resource<external>{%sz} -> tensor<5x53xi2>
  return %r : tensor<5x53xi2>
}
