// Executed by ../encode_host_tensors.mlir: the regions IREE lowers with
// dense offsets as if they were one byte range, run through stream-lite's
// pipeline against the encoding-free reference.

// The fill of element [0, 0] of a ?x4 tensor changes that element only.
func.func @fill_one_element(%arg: tensor<?x4xf32>, %rows: index) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 9.0 : f32
  %sz = stream_lite.tensor.sizeof tensor<?x4xf32>{%rows} : index
  %r = stream_lite.tensor.import %arg : tensor<?x4xf32> -> tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %f = stream_lite.tensor.fill %v, %r[%c0, %c0 for %c1, %c1] : f32 -> tensor<?x4xf32>{%rows} in %r as !stream_lite.resource<external>{%sz}
  %t = stream_lite.tensor.export %f : tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x4xf32>
  return %t : tensor<?x4xf32>
}

// Column 1 of every row of a ?x4 tensor.
func.func @slice_column(%arg: tensor<?x4xf32>, %rows: index) -> tensor<?x1xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %sz = stream_lite.tensor.sizeof tensor<?x4xf32>{%rows} : index
  %r = stream_lite.tensor.import %arg : tensor<?x4xf32> -> tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %csz = stream_lite.tensor.sizeof tensor<?x1xf32>{%rows} : index
  %s = stream_lite.tensor.slice %r[%c0, %c1 for %rows, %c1] : tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x1xf32>{%rows} in !stream_lite.resource<external>{%csz}
  %t = stream_lite.tensor.export %s : tensor<?x1xf32>{%rows} in !stream_lite.resource<external>{%csz} -> tensor<?x1xf32>
  return %t : tensor<?x1xf32>
}

// A 2x2 block of -1 written at [0, 0] of a ?x4 tensor.
func.func @update_block(%arg: tensor<?x4xf32>, %rows: index) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %v = arith.constant -1.0 : f32
  %sz = stream_lite.tensor.sizeof tensor<?x4xf32>{%rows} : index
  %r = stream_lite.tensor.import %arg : tensor<?x4xf32> -> tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz}
  %bsz = stream_lite.tensor.sizeof tensor<2x2xf32> : index
  %b = stream_lite.tensor.splat %v : f32 -> tensor<2x2xf32> in !stream_lite.resource<*>{%bsz}
  %u = stream_lite.tensor.update %b, %r[%c0, %c0] : tensor<2x2xf32> in !stream_lite.resource<*>{%bsz} -> tensor<?x4xf32>{%rows} in %r as !stream_lite.resource<external>{%sz}
  %t = stream_lite.tensor.export %u : tensor<?x4xf32>{%rows} in !stream_lite.resource<external>{%sz} -> tensor<?x4xf32>
  return %t : tensor<?x4xf32>
}
