// Executed by ../encode_host_tensors_packing.mlir: IREE's packed i2/i4
// cases with their dynamic regions, run through stream-lite's pipeline
// against the encoding-free reference.

// A block of rows [%r, %r + %nr) x columns [%c, %c + %nc) of a ?x16xi4
// tensor filled with %v (denseTensorFillI4).
func.func @fill_i4_block(%arg: tensor<?x16xi4>, %rows: index, %r: index, %c: index, %nr: index, %nc: index, %v: i4) -> tensor<?x16xi4> {
  %sz = stream_lite.tensor.sizeof tensor<?x16xi4>{%rows} : index
  %t = stream_lite.tensor.import %arg : tensor<?x16xi4> -> tensor<?x16xi4>{%rows} in !stream_lite.resource<external>{%sz}
  %f = stream_lite.tensor.fill %v, %t[%r, %c for %nr, %nc] : i4 -> tensor<?x16xi4>{%rows} in %t as !stream_lite.resource<external>{%sz}
  %e = stream_lite.tensor.export %f : tensor<?x16xi4>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x16xi4>
  return %e : tensor<?x16xi4>
}

// Rows [%r, %r + %n) of columns [%c, %c + 2) of a ?x8xi2 tensor
// (denseTensorSliceI2).
func.func @slice_i2_columns(%arg: tensor<?x8xi2>, %rows: index, %r: index, %c: index, %n: index) -> tensor<?x2xi2> {
  %c2 = arith.constant 2 : index
  %sz = stream_lite.tensor.sizeof tensor<?x8xi2>{%rows} : index
  %t = stream_lite.tensor.import %arg : tensor<?x8xi2> -> tensor<?x8xi2>{%rows} in !stream_lite.resource<external>{%sz}
  %ssz = stream_lite.tensor.sizeof tensor<?x2xi2>{%n} : index
  %s = stream_lite.tensor.slice %t[%r, %c for %n, %c2] : tensor<?x8xi2>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x2xi2>{%n} in !stream_lite.resource<external>{%ssz}
  %e = stream_lite.tensor.export %s : tensor<?x2xi2>{%n} in !stream_lite.resource<external>{%ssz} -> tensor<?x2xi2>
  return %e : tensor<?x2xi2>
}

// An 8x4xi4 update written at [%r, %c] of a ?x4xi4 tensor, the column
// offset a run-time value (denseTensorUpdateI4).
func.func @update_i4_rows(%arg: tensor<?x4xi4>, %rows: index, %upd: tensor<8x4xi4>, %r: index, %c: index) -> tensor<?x4xi4> {
  %sz = stream_lite.tensor.sizeof tensor<?x4xi4>{%rows} : index
  %t = stream_lite.tensor.import %arg : tensor<?x4xi4> -> tensor<?x4xi4>{%rows} in !stream_lite.resource<external>{%sz}
  %usz = stream_lite.tensor.sizeof tensor<8x4xi4> : index
  %u = stream_lite.tensor.import %upd : tensor<8x4xi4> -> tensor<8x4xi4> in !stream_lite.resource<external>{%usz}
  %w = stream_lite.tensor.update %u, %t[%r, %c] : tensor<8x4xi4> in !stream_lite.resource<external>{%usz} -> tensor<?x4xi4>{%rows} in %t as !stream_lite.resource<external>{%sz}
  %e = stream_lite.tensor.export %w : tensor<?x4xi4>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x4xi4>
  return %e : tensor<?x4xi4>
}

// Element %i of a ?xi4 tensor read through staging bytes, and %v written
// at element 0 (denseTensorLoad, denseTensorStore).
func.func @load_store_i4(%arg: tensor<?xi4>, %n: index, %i: index, %v: i4) -> (i4, tensor<?xi4>) {
  %c0 = arith.constant 0 : index
  %sz = stream_lite.tensor.sizeof tensor<?xi4>{%n} : index
  %t = stream_lite.tensor.import %arg : tensor<?xi4> -> tensor<?xi4>{%n} in !stream_lite.resource<external>{%sz}
  %st = stream_lite.async.transfer %t : !stream_lite.resource<external>{%sz} -> !stream_lite.resource<staging>{%sz}
  %x = stream_lite.tensor.load %st[%i] : tensor<?xi4>{%n} in !stream_lite.resource<staging>{%sz} -> i4
  %st2 = stream_lite.tensor.store %v, %st[%c0] : i4 -> tensor<?xi4>{%n} in %st as !stream_lite.resource<staging>{%sz}
  %back = stream_lite.async.transfer %st2 : !stream_lite.resource<staging>{%sz} -> !stream_lite.resource<external>{%sz}
  %e = stream_lite.tensor.export %back : tensor<?xi4>{%n} in !stream_lite.resource<external>{%sz} -> tensor<?xi4>
  return %x, %e : i4, tensor<?xi4>
}
