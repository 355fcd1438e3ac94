// RUN: layout-opt --split-input-file --verify-diagnostics %s

// IREE's Encoding IR test invalid.mlir, for the attributes stream_lite
// mirrors (docs/conformance.md, IR tests). The facts are IREE's; the
// messages are stream_lite's.

// expected-error @+1 {{expected 'operand_index'}}
#encoding = #stream_lite.encoding<>
func.func @illegal_encoding_attr_missing_operand_index(%arg0: tensor<?x?xf32, #encoding>) -> tensor<?x?xf32, #encoding> {
  return %arg0 : tensor<?x?xf32, #encoding>
}

// -----

// expected-error @+1 {{expected ','}}
#encoding = #stream_lite.encoding<operand_index = 0>
func.func @illegal_encoding_attr_missing_op_type(%arg0: tensor<?x?xf32, #encoding>) -> tensor<?x?xf32, #encoding> {
  return %arg0 : tensor<?x?xf32, #encoding>
}

// -----

// expected-error @+1 {{expected ','}}
#encoding = #stream_lite.encoding<operand_index = 0, op_type = matmul>
func.func @illegal_encoding_attr_missing_element_types(%arg0: tensor<?x?xf32, #encoding>) -> tensor<?x?xf32, #encoding> {
  return %arg0 : tensor<?x?xf32, #encoding>
}

// -----

// expected-error @+1 {{layout list must not be empty}}
#encoding = #stream_lite.layout<[]>
func.func @illegal_layout_encoding_without_any_layout(%arg0: tensor<?x?xf32, #encoding>) -> tensor<?x?xf32, #encoding> {
  return %arg0 : tensor<?x?xf32, #encoding>
}

// -----

// expected-error @+1 {{layout entries must be serialized layouts, got #stream_lite.unknown}}
#encoding = #stream_lite.layout<[#stream_lite.unknown]>
func.func @illegal_layout_encoding_with_invalid_layouts(%arg0: tensor<?x?xf32, #encoding>) -> tensor<?x?xf32, #encoding> {
  return %arg0 : tensor<?x?xf32, #encoding>
}

// -----

// expected-error @+1 {{padding entries must be non-negative or '?'}}
#encoding = #stream_lite.padding<[0, ?, -1]>
func.func @negative_layout_encoding(%arg0: tensor<?x?x?xf32, #encoding>) -> tensor<?x?x?xf32, #encoding> {
  return %arg0 : tensor<?x?x?xf32, #encoding>
}

// -----

// IREE's dynamic_layout_encoding puts the request padding<[0, ?, 64]> in a layout list; layout entries are serialized layouts and a padding with `?` is a request (contract, section 3.2).
// expected-error @+1 {{layout entries must be serialized layouts, got #stream_lite.padding<[0, ?, 64]>}}
#encoding = #stream_lite.layout<[#stream_lite.padding<[0, ?, 64]>]>
func.func @dynamic_layout_encoding(%arg0: tensor<?x?x?xf32, #encoding>) -> tensor<?x?x?xf32, #encoding> {
  return %arg0 : tensor<?x?x?xf32, #encoding>
}
