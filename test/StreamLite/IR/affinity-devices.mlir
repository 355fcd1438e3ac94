// RUN: layout-opt --split-input-file --verify-diagnostics %s

// Every affinity names devices that exist: an op's on(...), a transfer's
// from(...) and to(...), and a function's stream_lite.affinity are checked
// by the verifier, each error once, naming the symbol.

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
func.func @transfer_to_missing(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  // expected-error @+1 {{'stream_lite.async.transfer' op affinity #stream_lite.affinity<@gpuu> names @gpuu, which is not a stream_lite.device}}
  %t = stream_lite.async.transfer %r : !stream_lite.resource<*>{%sz} -> to(#stream_lite.affinity<@gpuu>) !stream_lite.resource<*>{%sz}
  return %t : !stream_lite.resource<*>
}

// -----

// A transfer's from(...): its second affinity.
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
func.func @transfer_from_missing(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.async.transfer' op affinity #stream_lite.affinity<@gone> names @gone, which is not a stream_lite.device}}
  %t = stream_lite.async.transfer %r : !stream_lite.resource<*>{%sz} from(#stream_lite.affinity<@gone>) -> to(#stream_lite.affinity<@cpu>) !stream_lite.resource<*>{%sz}
  return %t : !stream_lite.resource<*>
}

// -----

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
#lhs = #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
func.func @encode_on_missing(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.tensor.encode' op affinity #stream_lite.affinity<@gpu> names @gpu, which is not a stream_lite.device}}
  %e = stream_lite.tensor.encode on(#stream_lite.affinity<@gpu>) %r : tensor<4x4xf32> in !stream_lite.resource<*>{%sz} -> tensor<4x4xf32, #lhs> in !stream_lite.resource<*>{%sz}
  return %e : !stream_lite.resource<*>
}

// -----

stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
// One missing device of two.
func.func @any_of(%sz: index) {
  // expected-error @+1 {{'stream_lite.tensor.empty' op affinity #stream_lite.affinity<[@cpu, @npu]> names @npu, which is not a stream_lite.device}}
  %0 = stream_lite.tensor.empty on(#stream_lite.affinity<[@cpu, @npu]>) : tensor<4xf32> in !stream_lite.resource<*>{%sz}
  return
}

// -----

// A function's default affinity.
// expected-error @+1 {{'func.func' op affinity #stream_lite.affinity<@nowhere> names @nowhere, which is not a stream_lite.device}}
func.func @function_default() attributes {stream_lite.affinity = #stream_lite.affinity<@nowhere>} {
  return
}

// -----

// A function's default affinity is a symbol use of its module: a device
// declared after the function is found, and a symbol that is not a device
// is rejected.
func.func @uses_a_later_device() attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  return
}
// expected-error @+1 {{'func.func' op affinity #stream_lite.affinity<[@cpu, @helper]> names @helper, which is not a stream_lite.device}}
func.func @default_names_a_function() attributes {stream_lite.affinity = #stream_lite.affinity<[@cpu, @helper]>} {
  return
}
func.func private @helper()
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])

// -----

// A module's default affinity names devices of the module itself.
// expected-error @+1 {{'builtin.module' op affinity #stream_lite.affinity<@gpu> names @gpu, which is not a stream_lite.device}}
module @defaults attributes {stream_lite.affinity = #stream_lite.affinity<@gpu>} {
  stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
}

// -----

// A function in a nested module finds only that module's devices.
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
module @inner_defaults {
  func.func @finds_inner() attributes {stream_lite.affinity = #stream_lite.affinity<@npu>} {
    return
  }
  // expected-error @+1 {{'func.func' op affinity #stream_lite.affinity<@cpu> names @cpu, which is not a stream_lite.device}}
  func.func @misses_outer() attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
    return
  }
  stream_lite.device @npu targets([#stream_lite.target<"llvm-cpu">])
}

// -----

// A symbol that is not a device.
func.func private @helper()
func.func @names_a_function(%sz: index) {
  // expected-error @+1 {{'stream_lite.tensor.empty' op affinity #stream_lite.affinity<@helper> names @helper, which is not a stream_lite.device}}
  %0 = stream_lite.tensor.empty on(#stream_lite.affinity<@helper>) : tensor<4xf32> in !stream_lite.resource<*>{%sz}
  return
}

// -----

// An affinity in any other attribute of an op is a symbol use too.
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
func.func @other_attribute(%sz: index) {
  // expected-error @+1 {{'stream_lite.tensor.empty' op affinity #stream_lite.affinity<@elsewhere> names @elsewhere, which is not a stream_lite.device}}
  %0 = stream_lite.tensor.empty on(#stream_lite.affinity<@cpu>) : tensor<4xf32> in !stream_lite.resource<*>{%sz} {note = #stream_lite.affinity<@elsewhere>}
  return
}

// -----

// An op in nested regions looks its devices up in the module that holds
// its function, past every region between.
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
func.func @nested_regions(%sz: index, %c: i1) {
  scf.if %c {
    %0 = stream_lite.tensor.empty on(#stream_lite.affinity<@cpu>) : tensor<4xf32> in !stream_lite.resource<*>{%sz}
    scf.if %c {
      // expected-error @+1 {{'stream_lite.tensor.empty' op affinity #stream_lite.affinity<@gpu> names @gpu, which is not a stream_lite.device}}
      %1 = stream_lite.tensor.empty on(#stream_lite.affinity<@gpu>) : tensor<4xf32> in !stream_lite.resource<*>{%sz}
    }
  }
  return
}

// -----

// A module nested in another is a symbol table of its own: an op in it
// finds only the devices it holds.
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
module @inner {
  stream_lite.device @npu targets([#stream_lite.target<"llvm-cpu">])
  func.func @in_inner(%sz: index) {
    %0 = stream_lite.tensor.empty on(#stream_lite.affinity<@npu>) : tensor<4xf32> in !stream_lite.resource<*>{%sz}
    // expected-error @+1 {{'stream_lite.tensor.empty' op affinity #stream_lite.affinity<@cpu> names @cpu, which is not a stream_lite.device}}
    %1 = stream_lite.tensor.empty on(#stream_lite.affinity<@cpu>) : tensor<4xf32> in !stream_lite.resource<*>{%sz}
    return
  }
}
