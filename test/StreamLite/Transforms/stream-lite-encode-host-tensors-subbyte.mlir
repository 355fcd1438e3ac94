// RUN: layout-opt --stream-lite-encode-host-tensors %s | FileCheck %s
// Packed sub-byte elements (i2, i4) in the host lowering: sizes, replicated
// fill patterns, bit extraction and insertion for load and store, and the
// byte image of constants.

stream_lite.device @dev targets([#stream_lite.target<"x">])

// Tests that a constant i4 fill is a memset of the value replicated to a
// byte (3 -> 0x33) over whole bytes 6..11 (rows 2..3 of 6 nibbles).
// CHECK-LABEL: func.func @fill_pattern
// CHECK: %[[P:.*]] = arith.constant 51 : i8
// CHECK: %[[FROM:.*]] = arith.constant 6 : index
// CHECK: %[[TO:.*]] = arith.constant 12 : index
// CHECK: %[[LEN:.*]] = arith.constant 6 : index
// CHECK: stream_lite.async.fill %[[P]], %{{.*}}[%[[FROM]] to %[[TO]] for %[[LEN]]] : i8
func.func @fill_pattern(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %three = arith.constant 3 : i4
  %0 = stream_lite.tensor.fill %three, %r[%c2, %c0 for %c2, %c6] : i4 -> tensor<4x6xi4> in %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// Tests that i2 1 replicates to 0x55 (four elements per byte).
// CHECK-LABEL: func.func @fill_i2
// CHECK: %[[P:.*]] = arith.constant 85 : i8
// CHECK: stream_lite.async.fill %[[P]]
func.func @fill_i2(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i2
  %0 = stream_lite.tensor.fill %one, %r[%c0, %c0 for %c1, %c8] : i2 -> tensor<4x8xi2> in %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// Tests that a value known at run time is replicated at run time.
// CHECK-LABEL: func.func @fill_dynamic_value
// CHECK: %[[E:.*]] = arith.extui %{{.*}} : i4 to i8
// CHECK: %[[S:.*]] = arith.shli %[[E]], %{{.*}} : i8
// CHECK: %[[P:.*]] = arith.ori %[[E]], %[[S]] : i8
// CHECK: stream_lite.async.fill %[[P]]
func.func @fill_dynamic_value(%r: !stream_lite.resource<*>, %sz: index, %v: i4) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@dev>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %0 = stream_lite.tensor.fill %v, %r[%c0, %c0 for %c2, %c6] : i4 -> tensor<4x6xi4> in %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// Tests that a packed size is ceil(slots / 2) bytes.
// CHECK-LABEL: func.func @sizeof
// CHECK: %[[N:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK: arith.ceildivui %[[N]], %{{.*}} : index
func.func @sizeof(%d: index) -> index {
  %0 = stream_lite.tensor.sizeof tensor<?x5xi4>{%d} : index
  return %0 : index
}

// Tests that a load reads the byte holding the element and shifts its bits
// down: slot i * 5 + 1, byte slot / 2, shift (slot % 2) * 4.
// CHECK-LABEL: func.func @load
// CHECK: %[[SLOT:.*]] = arith.addi
// CHECK: %[[BYTE:.*]] = arith.divui %[[SLOT]]
// CHECK: %[[REM:.*]] = arith.remui %[[SLOT]]
// CHECK: %[[BITS:.*]] = arith.muli %[[REM]]
// CHECK: %[[SHIFT:.*]] = arith.index_castui %[[BITS]] : index to i8
// CHECK: %[[V:.*]] = stream_lite.async.load %{{.*}}[%[[BYTE]]] {{.*}} -> i8
// CHECK: %[[D:.*]] = arith.shrui %[[V]], %[[SHIFT]] : i8
// CHECK: arith.trunci %[[D]] : i8 to i4
func.func @load(%r: !stream_lite.resource<staging>, %sz: index, %i: index) -> i4 {
  %c1 = arith.constant 1 : index
  %0 = stream_lite.tensor.load %r[%i, %c1] : tensor<3x5xi4> in !stream_lite.resource<staging>{%sz} -> i4
  return %0 : i4
}

// Tests that a store is a read-modify-write of the byte holding the element.
// CHECK-LABEL: func.func @store
// CHECK: %[[OLD:.*]] = stream_lite.async.load %{{.*}} -> i8
// CHECK: %[[MASK:.*]] = arith.shli %{{.*}}, %[[SHIFT:.*]] : i8
// CHECK: %[[KEEP:.*]] = arith.xori %[[MASK]], %{{.*}} : i8
// CHECK: %[[KEPT:.*]] = arith.andi %[[OLD]], %[[KEEP]] : i8
// CHECK: %[[NEW:.*]] = arith.shli %{{.*}}, %[[SHIFT]] : i8
// CHECK: %[[BYTE:.*]] = arith.ori %[[KEPT]], %[[NEW]] : i8
// CHECK: stream_lite.async.store %[[BYTE]], %{{.*}} : i8 ->
func.func @store(%r: !stream_lite.resource<staging>, %sz: index, %i: index, %v: i4) -> !stream_lite.resource<staging> {
  %c1 = arith.constant 1 : index
  %0 = stream_lite.tensor.store %v, %r[%i, %c1] : i4 -> tensor<3x5xi4> in %r as !stream_lite.resource<staging>{%sz}
  return %0 : !stream_lite.resource<staging>
}

// Tests that a packed constant becomes its byte image: [1, -2, 3] is
// 0xE1 0x03.
// CHECK-LABEL: func.func @constant
// CHECK: stream_lite.async.constant {{.*}} = dense<[-31, 3]> : tensor<2xi8>
func.func @constant() -> !stream_lite.resource<constant> {
  %sz = stream_lite.tensor.sizeof tensor<3xi4> : index
  %0 = stream_lite.tensor.constant : tensor<3xi4> in !stream_lite.resource<constant> = dense<[1, -2, 3]> : tensor<3xi4>
  return %0 : !stream_lite.resource<constant>
}
