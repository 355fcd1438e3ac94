//===- StreamLiteOps.td - stream_lite ops ------------------*- tablegen -*-===//
//
// Devices, tensor-phase ops, async.transfer and executables (spec section 4).
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_OPS_TD
#define STREAMLITE_OPS_TD

include "StreamLite/IR/StreamLiteBase.td"
include "StreamLite/IR/StreamLiteInterfaces.td"
include "StreamLite/IR/StreamLiteAttrs.td"
include "StreamLite/IR/StreamLiteTypes.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class StreamLite_Op<string mnemonic, list<Trait> traits = []>
    : Op<StreamLite_Dialect, mnemonic, traits>;

class StreamLite_TensorOp<string mnemonic, list<Trait> traits = []>
    : StreamLite_Op<mnemonic, !listconcat([StreamLite_TensorPhaseOpTrait], traits)> {
  // Every tensor-phase op checks its tensor types in verify().
  let hasVerifier = 1;
}

def StreamLite_RankedTensorTypeAttr : TypeAttrOf<AnyRankedTensor>;
def StreamLite_OptAffinityAttr : OptionalAttr<StreamLite_AffinityAttr>;

//===----------------------------------------------------------------------===//
// Devices
//===----------------------------------------------------------------------===//

def StreamLite_DeviceOp : StreamLite_Op<"device", [
    Symbol, HasParent<"::mlir::ModuleOp">]> {
  let summary = "A device with one or more compilation targets";
  let description = [{
    ```mlir
    stream_lite.device @gpu targets([#stream_lite.target<"rocm", resolver = #stream_lite.padding_resolver<cache_line_bytes = 128, cache_sets = 4>>]) {native_fill_bits = [8, 16, 32]}
    ```
    `native_fill_bits` lists the fill pattern widths the device's DMA engine
    can memset (default `[8, 16, 32]`).
  }];
  let arguments = (ins
    SymbolNameAttr:$sym_name,
    TypedArrayAttrBase<StreamLite_TargetAttr, "target list">:$targets,
    OptionalAttr<I64ArrayAttr>:$native_fill_bits);
  let assemblyFormat = "$sym_name `targets` `(` $targets `)` attr-dict";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// native_fill_bits, or the default [8, 16, 32].
    ::llvm::SmallVector<int64_t> getNativeFillBitWidths();
  }];
}

//===----------------------------------------------------------------------===//
// Tensor-phase ops
//===----------------------------------------------------------------------===//

def StreamLite_TensorSizeOfOp : StreamLite_TensorOp<"tensor.sizeof", [
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>, Pure]> {
  let summary = "Storage size in bytes of a tensor type on a device";
  let arguments = (ins
    StreamLite_RankedTensorTypeAttr:$encoding,
    Variadic<StreamLite_Dim>:$encoding_dims,
    StreamLite_OptAffinityAttr:$affinity);
  let results = (outs StreamLite_Size:$storage_size);
  let assemblyFormat = [{
    (`on` `(` qualified($affinity)^ `)`)? custom<EncodedType>($encoding, $encoding_dims)
    attr-dict `:` type($storage_size)
  }];
}

def StreamLite_TensorEmptyOp : StreamLite_TensorOp<"tensor.empty", [
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>, Pure]> {
  let summary = "A tensor with undefined contents";
  let arguments = (ins
    StreamLite_RankedTensorTypeAttr:$result_encoding,
    Variadic<StreamLite_Dim>:$result_encoding_dims,
    StreamLite_Size:$result_size,
    StreamLite_OptAffinityAttr:$affinity);
  let results = (outs StreamLite_NonStagingResource:$result);
  let assemblyFormat = [{
    (`on` `(` qualified($affinity)^ `)`)? `:`
    custom<EncodedResource>($result_encoding, $result_encoding_dims, type($result), $result_size)
    attr-dict
  }];
}

def StreamLite_TensorConstantOp : StreamLite_TensorOp<"tensor.constant", [
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>, Pure]> {
  let summary = "A tensor with constant contents";
  let arguments = (ins
    TypedAttrInterface:$value,
    StreamLite_RankedTensorTypeAttr:$result_encoding,
    Variadic<StreamLite_Dim>:$result_encoding_dims,
    StreamLite_OptAffinityAttr:$affinity);
  let results = (outs StreamLite_NonStagingResource:$result);
  let assemblyFormat = [{
    (`on` `(` qualified($affinity)^ `)`)? `:`
    custom<EncodedType>($result_encoding, $result_encoding_dims)
    `in` type($result) `=` $value attr-dict
  }];
}

def StreamLite_TensorSplatOp : StreamLite_TensorOp<"tensor.splat", [
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>, Pure]> {
  let summary = "A tensor with every element equal to a value";
  let arguments = (ins
    StreamLite_PrimitiveType:$value,
    StreamLite_RankedTensorTypeAttr:$result_encoding,
    Variadic<StreamLite_Dim>:$result_encoding_dims,
    StreamLite_Size:$result_size,
    StreamLite_OptAffinityAttr:$affinity);
  let results = (outs StreamLite_NonStagingResource:$result);
  let assemblyFormat = [{
    (`on` `(` qualified($affinity)^ `)`)? $value `:` type($value) `->`
    custom<EncodedResource>($result_encoding, $result_encoding_dims, type($result), $result_size)
    attr-dict
  }];
}

def StreamLite_TensorCloneOp : StreamLite_TensorOp<"tensor.clone", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>, Pure]> {
  let summary = "A copy of a whole tensor; never changes the layout";
  let arguments = (ins
    StreamLite_NonStagingResource:$source,
    StreamLite_RankedTensorTypeAttr:$source_encoding,
    Variadic<StreamLite_Dim>:$source_encoding_dims,
    StreamLite_Size:$source_size,
    StreamLite_RankedTensorTypeAttr:$result_encoding,
    Variadic<StreamLite_Dim>:$result_encoding_dims,
    StreamLite_Size:$result_size,
    StreamLite_OptAffinityAttr:$affinity);
  let results = (outs StreamLite_NonStagingResource:$result);
  let assemblyFormat = [{
    (`on` `(` qualified($affinity)^ `)`)? $source `:`
    custom<EncodedResource>($source_encoding, $source_encoding_dims, type($source), $source_size)
    `->`
    custom<EncodedResource>($result_encoding, $result_encoding_dims, type($result), $result_size)
    attr-dict
  }];
}

def StreamLite_TensorEncodeOp : StreamLite_TensorOp<"tensor.encode", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>, Pure]> {
  let summary = "The same logical tensor in another layout";
  let description = [{
    Changes only the layout. Canonicalization turns an encode between
    physically equal layouts (no encoding, identity, all-zero padding, tiles
    of 1 with the identity permutation) into a `stream_lite.tensor.clone` of
    the source type, so it never costs a dispatch.
  }];
  let hasCanonicalizeMethod = 1;
  let arguments = (ins
    StreamLite_NonStagingResource:$source,
    StreamLite_RankedTensorTypeAttr:$source_encoding,
    Variadic<StreamLite_Dim>:$source_encoding_dims,
    StreamLite_Size:$source_size,
    StreamLite_RankedTensorTypeAttr:$result_encoding,
    Variadic<StreamLite_Dim>:$result_encoding_dims,
    StreamLite_Size:$result_size,
    StreamLite_OptAffinityAttr:$affinity);
  let results = (outs StreamLite_NonStagingResource:$result);
  let assemblyFormat = [{
    (`on` `(` qualified($affinity)^ `)`)? $source `:`
    custom<EncodedResource>($source_encoding, $source_encoding_dims, type($source), $source_size)
    `->`
    custom<EncodedResource>($result_encoding, $result_encoding_dims, type($result), $result_size)
    attr-dict
  }];
}

def StreamLite_TensorSliceOp : StreamLite_TensorOp<"tensor.slice", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>, Pure]> {
  let summary = "A copy of a region of a tensor";
  let arguments = (ins
    StreamLite_NonStagingResource:$source,
    StreamLite_RankedTensorTypeAttr:$source_encoding,
    Variadic<StreamLite_Dim>:$source_encoding_dims,
    StreamLite_Size:$source_size,
    Variadic<StreamLite_Offset>:$start_indices,
    Variadic<StreamLite_Dim>:$lengths,
    StreamLite_RankedTensorTypeAttr:$result_encoding,
    Variadic<StreamLite_Dim>:$result_encoding_dims,
    StreamLite_Size:$result_size,
    StreamLite_OptAffinityAttr:$affinity);
  let results = (outs StreamLite_NonStagingResource:$result);
  let assemblyFormat = [{
    (`on` `(` qualified($affinity)^ `)`)? $source `[` $start_indices `for` $lengths `]` `:`
    custom<EncodedResource>($source_encoding, $source_encoding_dims, type($source), $source_size)
    `->`
    custom<EncodedResource>($result_encoding, $result_encoding_dims, type($result), $result_size)
    attr-dict
  }];
}

def StreamLite_TensorFillOp : StreamLite_TensorOp<"tensor.fill", [
    AttrSizedOperandSegments, AllTypesMatch<["target", "result"]>,
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>]> {
  let summary = "Writes a value into a region of a tensor";
  let arguments = (ins
    StreamLite_NonStagingResource:$target,
    StreamLite_RankedTensorTypeAttr:$target_encoding,
    Variadic<StreamLite_Dim>:$target_encoding_dims,
    StreamLite_Size:$target_size,
    Variadic<StreamLite_Offset>:$start_indices,
    Variadic<StreamLite_Dim>:$lengths,
    StreamLite_PrimitiveType:$value,
    StreamLite_OptAffinityAttr:$affinity);
  let results = (outs StreamLite_NonStagingResource:$result);
  let assemblyFormat = [{
    (`on` `(` qualified($affinity)^ `)`)? $value `,` $target `[` $start_indices `for` $lengths `]`
    `:` type($value) `->`
    custom<EncodedTiedResource>($target_encoding, $target_encoding_dims, ref($target), type($target), $target_size)
    attr-dict
  }];
}

def StreamLite_TensorUpdateOp : StreamLite_TensorOp<"tensor.update", [
    AttrSizedOperandSegments, AllTypesMatch<["target", "result"]>,
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>]> {
  let summary = "Copies a tensor into a region of another";
  let arguments = (ins
    StreamLite_NonStagingResource:$target,
    StreamLite_RankedTensorTypeAttr:$target_encoding,
    Variadic<StreamLite_Dim>:$target_encoding_dims,
    StreamLite_Size:$target_size,
    Variadic<StreamLite_Offset>:$start_indices,
    StreamLite_NonStagingResource:$update,
    StreamLite_RankedTensorTypeAttr:$update_encoding,
    Variadic<StreamLite_Dim>:$update_encoding_dims,
    StreamLite_Size:$update_size,
    StreamLite_OptAffinityAttr:$affinity);
  let results = (outs StreamLite_NonStagingResource:$result);
  let assemblyFormat = [{
    (`on` `(` qualified($affinity)^ `)`)? $update `,` $target `[` $start_indices `]` `:`
    custom<EncodedResource>($update_encoding, $update_encoding_dims, type($update), $update_size)
    `->`
    custom<EncodedTiedResource>($target_encoding, $target_encoding_dims, ref($target), type($target), $target_size)
    attr-dict
  }];
}

def StreamLite_TensorLoadOp : StreamLite_TensorOp<"tensor.load", [
    AttrSizedOperandSegments, Pure]> {
  let summary = "Host read of one element of a staging tensor";
  let arguments = (ins
    StreamLite_StagingResource:$source,
    StreamLite_RankedTensorTypeAttr:$source_encoding,
    Variadic<StreamLite_Dim>:$source_encoding_dims,
    StreamLite_Size:$source_size,
    Variadic<StreamLite_Offset>:$indices);
  let results = (outs StreamLite_PrimitiveType:$result);
  let assemblyFormat = [{
    $source `[` $indices `]` `:`
    custom<EncodedResource>($source_encoding, $source_encoding_dims, type($source), $source_size)
    `->` type($result) attr-dict
  }];
}

def StreamLite_TensorStoreOp : StreamLite_TensorOp<"tensor.store", [
    AttrSizedOperandSegments, AllTypesMatch<["target", "result"]>]> {
  let summary = "Host write of one element of a staging tensor";
  let arguments = (ins
    StreamLite_StagingResource:$target,
    StreamLite_RankedTensorTypeAttr:$target_encoding,
    Variadic<StreamLite_Dim>:$target_encoding_dims,
    StreamLite_Size:$target_size,
    Variadic<StreamLite_Offset>:$indices,
    StreamLite_PrimitiveType:$value);
  let results = (outs StreamLite_StagingResource:$result);
  let assemblyFormat = [{
    $value `,` $target `[` $indices `]` `:` type($value) `->`
    custom<EncodedTiedResource>($target_encoding, $target_encoding_dims, ref($target), type($target), $target_size)
    attr-dict
  }];
}

def StreamLite_TensorDispatchOp : StreamLite_TensorOp<"tensor.dispatch", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>]> {
  let summary = "Runs an executable entry point on tensors";
  let description = [{
    ```mlir
    %o = stream_lite.tensor.dispatch on(#a) @ex::@entry[%c4](%r, %c4) : (tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz}, index) -> tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz}
    ```
    Operands are resources (with their tensor type, dims and size) or
    scalars. Several results print as `-> (r0, r1)`. A result tied to a
    resource operand prints as `tensor<...>{...} in %operand as !stream_lite.resource<*>{%size}`.
    The workload `[...]` is omitted when empty.
  }];
  let arguments = (ins
    Variadic<Index>:$workload,
    SymbolRefArrayAttr:$entry_points,
    Variadic<AnyType>:$mixed_operands,
    Variadic<StreamLite_Size>:$operand_sizes,
    TypeArrayAttr:$operand_encodings,
    Variadic<StreamLite_Dim>:$operand_encoding_dims,
    Variadic<StreamLite_Size>:$result_sizes,
    TypeArrayAttr:$result_encodings,
    Variadic<StreamLite_Dim>:$result_encoding_dims,
    OptionalAttr<I64ArrayAttr>:$tied_operands,
    StreamLite_OptAffinityAttr:$affinity);
  let results = (outs Variadic<StreamLite_NonStagingResource>:$results);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// Index into mixed_operands that result `resultIndex` is tied to, if any.
    std::optional<int64_t> getTiedResultOperandIndex(unsigned resultIndex);
  }];
}

def StreamLite_TensorImportOp : StreamLite_TensorOp<"tensor.import", [
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>]> {
  let summary = "Imports dense row-major host data as a resource";
  let arguments = (ins
    AnyRankedTensor:$source,
    StreamLite_RankedTensorTypeAttr:$result_encoding,
    Variadic<StreamLite_Dim>:$result_encoding_dims,
    StreamLite_Size:$result_size,
    StreamLite_OptAffinityAttr:$affinity);
  let results = (outs StreamLite_NonStagingResource:$result);
  let assemblyFormat = [{
    (`on` `(` qualified($affinity)^ `)`)? $source `:` type($source) `->`
    custom<EncodedResource>($result_encoding, $result_encoding_dims, type($result), $result_size)
    attr-dict
  }];
}

def StreamLite_TensorExportOp : StreamLite_TensorOp<"tensor.export", [
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>]> {
  let summary = "Exports a resource as dense row-major host data";
  let arguments = (ins
    StreamLite_NonStagingResource:$source,
    StreamLite_RankedTensorTypeAttr:$source_encoding,
    Variadic<StreamLite_Dim>:$source_encoding_dims,
    StreamLite_Size:$source_size,
    StreamLite_OptAffinityAttr:$affinity);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    (`on` `(` qualified($affinity)^ `)`)? $source `:`
    custom<EncodedResource>($source_encoding, $source_encoding_dims, type($source), $source_size)
    `->` type($result) attr-dict
  }];
}

//===----------------------------------------------------------------------===//
// Async ops
//===----------------------------------------------------------------------===//

def StreamLite_AsyncTransferOp : StreamLite_Op<"async.transfer", [Pure]> {
  let summary = "Moves a resource between devices (or lifetimes)";
  let description = [{
    ```mlir
    %x2 = stream_lite.async.transfer %r : !stream_lite.resource<*>{%sz} from(#a) -> to(#b) !stream_lite.resource<staging>{%sz}
    ```
    The bytes, and so the layout, are kept.
  }];
  let arguments = (ins
    StreamLite_AnyResource:$source,
    StreamLite_Size:$source_size,
    StreamLite_OptAffinityAttr:$source_affinity,
    StreamLite_Size:$result_size,
    StreamLite_OptAffinityAttr:$result_affinity);
  let results = (outs StreamLite_AnyResource:$result);
  let assemblyFormat = [{
    $source `:` type($source) `{` $source_size `}`
    (`from` `(` qualified($source_affinity)^ `)`)? `->`
    (`to` `(` qualified($result_affinity)^ `)`)?
    type($result) `{` $result_size `}` attr-dict
  }];
}

//===----------------------------------------------------------------------===//
// Executables
//===----------------------------------------------------------------------===//

def StreamLite_ExecutableOp : StreamLite_Op<"executable", [
    Symbol, SymbolTable, IsolatedFromAbove, SingleBlock, NoTerminator,
    HasParent<"::mlir::ModuleOp">]> {
  let summary = "A set of entry points and the module that implements them";
  let description = [{
    ```mlir
    stream_lite.executable private @ex {
      stream_lite.executable.export public @entry
      builtin.module {
        func.func @entry(%arg0: !stream_lite.binding) { ... }
      }
    }
    ```
  }];
  let arguments = (ins
    OptionalAttr<StrAttr>:$sym_visibility,
    SymbolNameAttr:$sym_name);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// The inner builtin.module, or null.
    ::mlir::ModuleOp getInnerModule();
  }];
  let hasVerifier = 1;
}

def StreamLite_ExecutableExportOp : StreamLite_Op<"executable.export", [
    Symbol, HasParent<"::layoutopt::stream_lite::ExecutableOp">]> {
  let summary = "An entry point of an executable";
  let arguments = (ins
    OptionalAttr<StrAttr>:$sym_visibility,
    SymbolNameAttr:$sym_name,
    OptionalAttr<FlatSymbolRefAttr>:$function_ref);
  let hasCustomAssemblyFormat = 1;
}

def StreamLite_BindingSubspanOp : StreamLite_Op<"binding.subspan", [Pure]> {
  let summary = "Views a binding as the bytes of a tensor";
  let description = [{
    ```mlir
    %v = stream_lite.binding.subspan %arg0[%offset] : !stream_lite.binding -> tensor<?x4xf32, #enc>{%d} in memref<?xi8>
    ```
    The result is a byte buffer (any memref); the tensor type records the
    logical tensor and its layout, which specialization rewrites when an
    executable is duplicated per binding layout.
  }];
  let arguments = (ins
    StreamLite_BindingType:$binding,
    StreamLite_Offset:$byte_offset,
    StreamLite_RankedTensorTypeAttr:$tensor_type,
    Variadic<StreamLite_Dim>:$tensor_dims);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = [{
    $binding `[` $byte_offset `]` `:` type($binding) `->`
    custom<EncodedType>($tensor_type, $tensor_dims) `in` type($result) attr-dict
  }];
  let hasVerifier = 1;
}

#endif // STREAMLITE_OPS_TD
