//===- StreamLiteOps.td - stream_lite ops ------------------*- tablegen -*-===//
//
// Devices, tensor-phase ops, async ops and executables (docs/language.md).
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
include "mlir/Interfaces/RuntimeVerifiableOpInterface.td"

class StreamLite_Op<string mnemonic, list<Trait> traits = []>
    : Op<StreamLite_Dialect, mnemonic, traits>;

class StreamLite_TensorOp<string mnemonic, list<Trait> traits = []>
    : StreamLite_Op<mnemonic, !listconcat([StreamLite_TensorPhaseOpTrait,
        DeclareOpInterfaceMethods<StreamLite_EncodedTensorOpInterface>], traits)> {
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
    DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>,
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
  let description = [{
    Canonicalization turns a constant without elements (a 0 dim, static or a
    constant dynamic dim) into `stream_lite.tensor.empty`, and a constant
    whose elements are all equal into `stream_lite.tensor.splat` of that
    element (an `arith.constant`, or a `complex.constant` for complex
    elements), each with a `stream_lite.tensor.sizeof` for the size.
  }];
  let hasCanonicalizer = 1;
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
    DeclareOpInterfaceMethods<StreamLite_TransferOpInterface, ["getFillValue"]>,
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
    DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>,
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<StreamLite_TransferOpInterface>,
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>, Pure]> {
  let summary = "A copy of a whole tensor; never changes the layout";
  let description = [{
    Canonicalization drops a clone that changes no type when neither its
    source (other than through the clone) nor its result is written in place
    by a tied op: the copy is then never observed.
  }];
  let hasCanonicalizer = 1;
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
    DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>,
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<StreamLite_TransferOpInterface, ["replaceWithClone"]>,
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>, Pure]> {
  let summary = "The same logical tensor in another layout";
  let description = [{
    Changes only the layout. Canonicalization turns an encode between
    physically equal layouts (no encoding, identity, all-zero padding, tiles
    of 1 with the identity permutation) into a `stream_lite.tensor.clone` of
    the source type, so it never costs a dispatch; packed elements into tiles
    of 1 from a layout whose tail bits are undefined stay an encode (the
    tiles' tail must become zero). An encode whose source and
    result types are equal (whatever the encoding, even one no pass
    recognizes) folds to its source.
  }];
  let hasCanonicalizeMethod = 1;
  let hasFolder = 1;
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
    DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>,
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<StreamLite_TransferOpInterface>,
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
    DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>,
    DeclareOpInterfaceMethods<StreamLite_TiedOpInterface>,
    AttrSizedOperandSegments, AllTypesMatch<["target", "result"]>,
    DeclareOpInterfaceMethods<StreamLite_TransferOpInterface, ["getFillValue", "isTiedTransfer"]>,
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>]> {
  let summary = "Writes a value into a region of a tensor";
  let description = [{
    ```mlir
    %f = stream_lite.tensor.fill on(#a) %v, %r[%c0, %c0 for %c1, %c1] : f32 -> tensor<?x4xf32>{%d} in %r as !stream_lite.resource<*>{%sz}
    %g = stream_lite.tensor.fill %v, %s : f32 -> tensor<f32> in %s as !stream_lite.resource<*>{%sz0}
    ```
    A rank-0 target has an empty region and prints without `[...]`, as IREE
    prints it (`[ for ]` parses too).
  }];
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
    (`on` `(` qualified($affinity)^ `)`)? $value `,` $target
    (`[` $start_indices^ `for` $lengths `]`)?
    `:` type($value) `->`
    custom<EncodedTiedResource>($target_encoding, $target_encoding_dims, ref($target), type($target), $target_size)
    attr-dict
  }];
}

def StreamLite_TensorUpdateOp : StreamLite_TensorOp<"tensor.update", [
    DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>,
    DeclareOpInterfaceMethods<StreamLite_TiedOpInterface>,
    AttrSizedOperandSegments, AllTypesMatch<["target", "result"]>,
    DeclareOpInterfaceMethods<StreamLite_TransferOpInterface, ["isTiedTransfer"]>,
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
    DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>,
    AttrSizedOperandSegments, Pure]> {
  let summary = "Host read of one element of a staging tensor";
  let description = [{
    ```mlir
    %v = stream_lite.tensor.load %st[%c0, %c1] : tensor<?x4xf32>{%d} in !stream_lite.resource<staging>{%sz} -> f32
    %w = stream_lite.tensor.load %st0 : tensor<f32> in !stream_lite.resource<staging>{%n} -> f32
    ```
    A rank-0 source takes no indices and prints without `[...]`, as IREE
    prints it (`[]` parses too).
  }];
  let arguments = (ins
    StreamLite_StagingResource:$source,
    StreamLite_RankedTensorTypeAttr:$source_encoding,
    Variadic<StreamLite_Dim>:$source_encoding_dims,
    StreamLite_Size:$source_size,
    Variadic<StreamLite_Offset>:$indices);
  let results = (outs StreamLite_PrimitiveType:$result);
  let assemblyFormat = [{
    $source (`[` $indices^ `]`)? `:`
    custom<EncodedResource>($source_encoding, $source_encoding_dims, type($source), $source_size)
    `->` type($result) attr-dict
  }];
}

def StreamLite_TensorStoreOp : StreamLite_TensorOp<"tensor.store", [
    DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>,
    DeclareOpInterfaceMethods<StreamLite_TiedOpInterface>,
    AttrSizedOperandSegments, AllTypesMatch<["target", "result"]>]> {
  let summary = "Host write of one element of a staging tensor";
  let description = [{
    ```mlir
    %w = stream_lite.tensor.store %v, %st[%c0, %c1] : f32 -> tensor<?x4xf32>{%d} in %st as !stream_lite.resource<staging>{%sz}
    %x = stream_lite.tensor.store %v, %st0 : f32 -> tensor<f32> in %st0 as !stream_lite.resource<staging>{%n}
    ```
    A rank-0 target takes no indices and prints without `[...]`, as IREE
    prints it (`[]` parses too).
  }];
  let arguments = (ins
    StreamLite_StagingResource:$target,
    StreamLite_RankedTensorTypeAttr:$target_encoding,
    Variadic<StreamLite_Dim>:$target_encoding_dims,
    StreamLite_Size:$target_size,
    Variadic<StreamLite_Offset>:$indices,
    StreamLite_PrimitiveType:$value);
  let results = (outs StreamLite_StagingResource:$result);
  let assemblyFormat = [{
    $value `,` $target (`[` $indices^ `]`)? `:` type($value) `->`
    custom<EncodedTiedResource>($target_encoding, $target_encoding_dims, ref($target), type($target), $target_size)
    attr-dict
  }];
}

def StreamLite_TensorDispatchOp : StreamLite_TensorOp<"tensor.dispatch", [
    DeclareOpInterfaceMethods<StreamLite_TiedOpInterface>,
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>]> {
  let summary = "Runs an executable entry point on tensors";
  let description = [{
    ```mlir
    %o = stream_lite.tensor.dispatch on(#a) @ex::@entry[%c4](%r, %c4) : (tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz}, index) -> tensor<?x4xf32>{%d} in !stream_lite.resource<*>{%sz}
    ```
    Operands are resources (with their tensor type, dims and size) or
    scalars. Several results print as `-> (r0, r1)`. A result tied to a
    resource operand prints as `tensor<...>{...} in %operand as !stream_lite.resource<*>{%size}`;
    IREE's `tensor<...>{...} in %operand{%size}` (the operand's resource
    type implied) parses too. A tied result's size may not be a constant
    other than its operand's.
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
    DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>,
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>]> {
  let summary = "Imports dense row-major host data as a resource";
  let description = [{
    Folds `import(export(%r))` to `%r` when both run on the same affinity and
    the sizes are the same value; canonicalization replaces an import equal
    to an earlier one in the block (same operands and attributes) by it.
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
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
    DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>,
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>]> {
  let summary = "Exports a resource as dense row-major host data";
  let description = [{
    Folds `export(import(%t))` to `%t` when the import described the same
    tensor (type, dims, size, affinity); canonicalization replaces an export
    equal to an earlier one in the block by it.
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
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

def StreamLite_AsyncTransferOp : StreamLite_Op<"async.transfer", [Pure,
    DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>,
    DeclareOpInterfaceMethods<StreamLite_EncodedTensorOpInterface,
                              ["getLayoutSource"]>]> {
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
// Async-phase ops
//===----------------------------------------------------------------------===//
//
// The byte-level target of `stream-lite-encode-host-tensors`, mirroring
// IREE's `stream.async.*` ops: untyped resources, byte sizes, and byte ranges
// printed as `[%offset to %end]` (plus `for %length` where IREE has one). A
// result tied to an operand prints as `%operand as !stream_lite.resource<L>{%size}`.
// The verifiers check local facts only: constant sizes are not negative,
// constant ranges satisfy `0 <= offset <= end <= size` and
// `end - offset == length`, tied results have their target's type, fill and
// splat patterns are 8/16/32/64-bit integers.

class StreamLite_AsyncOp<string mnemonic, list<Trait> traits = []>
    : StreamLite_Op<mnemonic, !listconcat([StreamLite_AsyncPhaseOpTrait], traits)> {
  let hasVerifier = 1;
}

// The value of a fill or splat: the pattern repeated over the byte range.
// Its width (8, 16, 32 or 64 bits) is checked by the op verifiers.
def StreamLite_FillPatternType : TypeAlias<AnySignlessInteger, "fill pattern (signless integer)">;

def StreamLite_AsyncAllocaOp : StreamLite_AsyncOp<"async.alloca", [
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>,
    AlwaysSpeculatable]> {
  let summary = "A resource with undefined contents";
  let description = [{
    ```mlir
    %0 = stream_lite.async.alloca on(#a) : !stream_lite.resource<*>{%size}
    ```
    Each alloca is a distinct allocation (never CSE'd); an unused one is dead.
  }];
  let arguments = (ins
    StreamLite_Size:$storage_size,
    StreamLite_OptAffinityAttr:$affinity);
  let results = (outs Res<StreamLite_NonStagingResource, "", [MemAlloc]>:$result);
  let assemblyFormat = [{
    (`on` `(` qualified($affinity)^ `)`)? `:` type($result) `{` $storage_size `}`
    attr-dict
  }];
}

def StreamLite_AsyncConstantOp : StreamLite_AsyncOp<"async.constant", [
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>, Pure]> {
  let summary = "A resource holding the bytes of a constant";
  let description = [{
    ```mlir
    %0 = stream_lite.async.constant on(#a) : !stream_lite.resource<constant>{%size} = dense<1.0> : tensor<4xf32>
    ```
    The value is not re-laid-out; `result_size` may exceed its dense size.
  }];
  let arguments = (ins
    TypedAttrInterface:$value,
    StreamLite_Size:$result_size,
    StreamLite_OptAffinityAttr:$affinity);
  let results = (outs StreamLite_NonStagingResource:$result);
  let assemblyFormat = [{
    (`on` `(` qualified($affinity)^ `)`)? `:` type($result) `{` $result_size `}`
    `=` $value attr-dict
  }];
}

def StreamLite_AsyncSplatOp : StreamLite_AsyncOp<"async.splat", [
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>, Pure]> {
  let summary = "A resource filled with a repeated pattern";
  let description = [{
    ```mlir
    %0 = stream_lite.async.splat on(#a) %value : i32 -> !stream_lite.resource<*>{%size}
    ```
    The pattern is the value's type (i8, i16, i32 or i64); a constant size
    must be a multiple of its byte width.
  }];
  let arguments = (ins
    StreamLite_FillPatternType:$value,
    StreamLite_Size:$result_size,
    StreamLite_OptAffinityAttr:$affinity);
  let results = (outs StreamLite_NonStagingResource:$result);
  let assemblyFormat = [{
    (`on` `(` qualified($affinity)^ `)`)? $value `:` type($value) `->`
    type($result) `{` $result_size `}` attr-dict
  }];
}

def StreamLite_AsyncCloneOp : StreamLite_AsyncOp<"async.clone", [
    DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>,
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>, Pure]> {
  let summary = "A copy of a whole resource";
  let description = [{
    ```mlir
    %0 = stream_lite.async.clone on(#a) %src : !stream_lite.resource<*>{%size} -> !stream_lite.resource<*>{%size}
    ```
  }];
  let arguments = (ins
    StreamLite_NonStagingResource:$source,
    StreamLite_Size:$source_size,
    StreamLite_Size:$result_size,
    StreamLite_OptAffinityAttr:$affinity);
  let results = (outs StreamLite_NonStagingResource:$result);
  let assemblyFormat = [{
    (`on` `(` qualified($affinity)^ `)`)? $source `:`
    type($source) `{` $source_size `}` `->` type($result) `{` $result_size `}`
    attr-dict
  }];
}

def StreamLite_AsyncSliceOp : StreamLite_AsyncOp<"async.slice", [
    DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>,
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>, Pure]> {
  let summary = "A copy of a byte range of a resource";
  let description = [{
    ```mlir
    %0 = stream_lite.async.slice on(#a) %src[%offset to %end] : !stream_lite.resource<*>{%size} -> !stream_lite.resource<*>{%length}
    ```
    The result size is the length of the range.
  }];
  let arguments = (ins
    StreamLite_NonStagingResource:$source,
    StreamLite_Size:$source_size,
    StreamLite_Offset:$source_offset,
    StreamLite_Offset:$source_end,
    StreamLite_Size:$result_size,
    StreamLite_OptAffinityAttr:$affinity);
  let results = (outs StreamLite_NonStagingResource:$result);
  let assemblyFormat = [{
    (`on` `(` qualified($affinity)^ `)`)?
    $source `[` $source_offset `to` $source_end `]` `:`
    type($source) `{` $source_size `}` `->` type($result) `{` $result_size `}`
    attr-dict
  }];
}

def StreamLite_AsyncFillOp : StreamLite_AsyncOp<"async.fill", [
    DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>,
    DeclareOpInterfaceMethods<StreamLite_TiedOpInterface>,
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>]> {
  let summary = "Writes a repeated pattern into a byte range of a resource";
  let description = [{
    ```mlir
    %0 = stream_lite.async.fill on(#a) %value, %target[%offset to %end for %length] : i32 -> %target as !stream_lite.resource<*>{%size}
    ```
    The result is the updated target. A constant length must be a multiple
    of the pattern's byte width.
  }];
  let arguments = (ins
    StreamLite_NonStagingResource:$target,
    StreamLite_Size:$target_size,
    StreamLite_Offset:$target_offset,
    StreamLite_Offset:$target_end,
    StreamLite_Size:$target_length,
    StreamLite_FillPatternType:$value,
    StreamLite_OptAffinityAttr:$affinity);
  let results = (outs StreamLite_NonStagingResource:$result);
  let assemblyFormat = [{
    (`on` `(` qualified($affinity)^ `)`)? $value `,`
    $target `[` $target_offset `to` $target_end `for` $target_length `]` `:`
    type($value) `->`
    custom<TiedResource>(ref($target), type($target), type($result), $target_size)
    attr-dict
  }];
}

def StreamLite_AsyncUpdateOp : StreamLite_AsyncOp<"async.update", [
    DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>,
    DeclareOpInterfaceMethods<StreamLite_TiedOpInterface>,
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>]> {
  let summary = "Copies a whole resource into a byte range of another";
  let description = [{
    ```mlir
    %0 = stream_lite.async.update on(#a) %update, %target[%offset to %end] : !stream_lite.resource<*>{%usize} -> %target as !stream_lite.resource<*>{%tsize}
    ```
    The range length is the update size; the result is the updated target.
  }];
  let arguments = (ins
    StreamLite_NonStagingResource:$target,
    StreamLite_Size:$target_size,
    StreamLite_Offset:$target_offset,
    StreamLite_Offset:$target_end,
    StreamLite_NonStagingResource:$update,
    StreamLite_Size:$update_size,
    StreamLite_OptAffinityAttr:$affinity);
  let results = (outs StreamLite_NonStagingResource:$result);
  let assemblyFormat = [{
    (`on` `(` qualified($affinity)^ `)`)? $update `,`
    $target `[` $target_offset `to` $target_end `]` `:`
    type($update) `{` $update_size `}` `->`
    custom<TiedResource>(ref($target), type($target), type($result), $target_size)
    attr-dict
  }];
}

def StreamLite_AsyncCopyOp : StreamLite_AsyncOp<"async.copy", [
    DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>,
    DeclareOpInterfaceMethods<StreamLite_TiedOpInterface>,
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>]> {
  let summary = "Copies a byte range of a resource into a byte range of another";
  let description = [{
    ```mlir
    %0 = stream_lite.async.copy on(#a) %src[%so to %send], %target[%to to %tend], %length : !stream_lite.resource<*>{%ssize} -> %target as !stream_lite.resource<*>{%tsize}
    ```
    Both ranges are `length` bytes long; as with memcpy they must not
    overlap when source and target are the same resource. The result is the
    updated target.
  }];
  let arguments = (ins
    StreamLite_NonStagingResource:$target,
    StreamLite_Size:$target_size,
    StreamLite_Offset:$target_offset,
    StreamLite_Offset:$target_end,
    StreamLite_NonStagingResource:$source,
    StreamLite_Size:$source_size,
    StreamLite_Offset:$source_offset,
    StreamLite_Offset:$source_end,
    StreamLite_Size:$length,
    StreamLite_OptAffinityAttr:$affinity);
  let results = (outs StreamLite_NonStagingResource:$result);
  let assemblyFormat = [{
    (`on` `(` qualified($affinity)^ `)`)?
    $source `[` $source_offset `to` $source_end `]` `,`
    $target `[` $target_offset `to` $target_end `]` `,`
    $length `:` type($source) `{` $source_size `}` `->`
    custom<TiedResource>(ref($target), type($target), type($result), $target_size)
    attr-dict
  }];
}

def StreamLite_AsyncLoadOp : StreamLite_AsyncOp<"async.load", [
    DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>,Pure]> {
  let summary = "Host read of a value at a byte offset of a staging resource";
  let description = [{
    ```mlir
    %0 = stream_lite.async.load %src[%offset] : !stream_lite.resource<staging>{%size} -> f32
    ```
  }];
  let arguments = (ins
    StreamLite_StagingResource:$source,
    StreamLite_Size:$source_size,
    StreamLite_Offset:$source_offset);
  let results = (outs StreamLite_PrimitiveType:$result);
  let assemblyFormat = [{
    $source `[` $source_offset `]` `:` type($source) `{` $source_size `}`
    `->` type($result) attr-dict
  }];
}

def StreamLite_AsyncStoreOp : StreamLite_AsyncOp<"async.store", [
    DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>,DeclareOpInterfaceMethods<StreamLite_TiedOpInterface>]> {
  let summary = "Host write of a value at a byte offset of a staging resource";
  let description = [{
    ```mlir
    %0 = stream_lite.async.store %value, %target[%offset] : f32 -> %target as !stream_lite.resource<staging>{%size}
    ```
    The result is the updated target.
  }];
  let arguments = (ins
    StreamLite_StagingResource:$target,
    StreamLite_Size:$target_size,
    StreamLite_Offset:$target_offset,
    StreamLite_PrimitiveType:$value);
  let results = (outs StreamLite_StagingResource:$result);
  let assemblyFormat = [{
    $value `,` $target `[` $target_offset `]` `:` type($value) `->`
    custom<TiedResource>(ref($target), type($target), type($result), $target_size)
    attr-dict
  }];
}

def StreamLite_AsyncDispatchOp : StreamLite_AsyncOp<"async.dispatch", [
    DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>,
    DeclareOpInterfaceMethods<StreamLite_TiedOpInterface>,
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>]> {
  let summary = "Runs an executable entry point on byte ranges of resources";
  let description = [{
    ```mlir
    %0 = stream_lite.async.dispatch on(#a) @ex::@entry[%w](%arg0[%o to %e for %l], %c4) : (!stream_lite.resource<*>{%size}, index) -> !stream_lite.resource<*>{%size}
    ```
    Every resource operand takes a byte range `[offset to end for length]`
    and its size in the type list; scalar operands take neither. Several
    results print as `-> (r0, r1)`, none as `-> ()`. A result tied to a
    resource operand prints as `%operand as !stream_lite.resource<*>{%size}`
    (as in `tensor.dispatch`; IREE prints `%operand{%size}`). Several entry
    points print as `{@ex::@a, @ex2::@b}`; the workload `[...]` is omitted
    when empty.
  }];
  let arguments = (ins
    Variadic<Index>:$workload,
    SymbolRefArrayAttr:$entry_points,
    Variadic<AnyTypeOf<[StreamLite_AnyResource, StreamLite_PrimitiveType]>>:$resource_operands,
    Variadic<StreamLite_Size>:$resource_operand_sizes,
    Variadic<StreamLite_Offset>:$resource_operand_offsets,
    Variadic<StreamLite_Offset>:$resource_operand_ends,
    Variadic<StreamLite_Size>:$resource_operand_lengths,
    Variadic<StreamLite_Size>:$result_sizes,
    OptionalAttr<I64ArrayAttr>:$tied_operands,
    StreamLite_OptAffinityAttr:$affinity);
  let results = (outs Variadic<StreamLite_NonStagingResource>:$results);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// Index into resource_operands that result `resultIndex` is tied to, if
    /// any.
    std::optional<int64_t> getTiedResultOperandIndex(unsigned resultIndex);
  }];
}

def StreamLite_AsyncImportOp : StreamLite_AsyncOp<"async.import", [
    DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>,
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>]> {
  let summary = "Imports the bytes of dense row-major host data as a resource";
  let description = [{
    ```mlir
    %0 = stream_lite.async.import on(#a) %tensor : tensor<?x4xf32> -> !stream_lite.resource<external>{%size}
    ```
    The resource holds the host tensor's bytes, dense and row-major.
  }];
  let arguments = (ins
    AnyRankedTensor:$source,
    StreamLite_Size:$result_size,
    StreamLite_OptAffinityAttr:$affinity);
  let results = (outs StreamLite_NonStagingResource:$result);
  let assemblyFormat = [{
    (`on` `(` qualified($affinity)^ `)`)? $source `:` type($source) `->`
    type($result) `{` $result_size `}` attr-dict
  }];
}

def StreamLite_AsyncExportOp : StreamLite_AsyncOp<"async.export", [
    DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>,
    DeclareOpInterfaceMethods<StreamLite_AffinityOpInterface>]> {
  let summary = "Exports the bytes of a resource as dense row-major host data";
  let description = [{
    ```mlir
    %0 = stream_lite.async.export on(#a) %r : !stream_lite.resource<external>{%size} -> tensor<?x4xf32>{%d}
    ```
    The resource's bytes are read as the dense row-major host tensor, whose
    dynamic dims (one per `?`, omitted when none) are `result_dims`.
  }];
  let arguments = (ins
    StreamLite_NonStagingResource:$source,
    StreamLite_Size:$source_size,
    Variadic<Index>:$result_dims,
    StreamLite_OptAffinityAttr:$affinity);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    (`on` `(` qualified($affinity)^ `)`)? $source `:`
    type($source) `{` $source_size `}` `->` type($result)
    (`{` $result_dims^ `}`)? attr-dict
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
    /// A detached copy (as clone() makes) that holds only the export
    /// `exportName` and, of the inner module's functions, those its
    /// function reaches through symbol uses; every other op of the inner
    /// module is copied. What a pass makes to give one export a layout of
    /// its own: a whole copy per export would be quadratic in an
    /// executable's exports. Lookups go through `cache`, so that N copies
    /// of one executable cost what they copy, not N scans of it.
    ExecutableOp cloneForExport(::mlir::StringAttr exportName,
                                ::layoutopt::stream_lite::ExportCopyCache &cache);
    /// The kind of builtin kernel this executable holds (its
    /// `stream_lite.builtin_kind` attribute), or none for a user
    /// executable.
    std::optional<::layoutopt::stream_lite::BuiltinKind> getBuiltinKind();
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
  let extraClassDeclaration = [{
    /// The inner module's function this entry point runs: `function_ref`
    /// (`as(@f)`), else the export's own name.
    ::mlir::StringAttr getFunctionName() {
      if (::mlir::FlatSymbolRefAttr function = getFunctionRefAttr())
        return function.getAttr();
      return getSymNameAttr();
    }
  }];
}

def StreamLite_BindingSubspanOp : StreamLite_Op<"binding.subspan", [Pure]> {
  let summary = "Views a binding as a logical tensor or as its bytes";
  let description = [{
    ```mlir
    %t = stream_lite.binding.subspan %arg0[%offset] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?x4xf32, #enc>>{%d}
    %b = stream_lite.binding.subspan %arg0[%offset] : !stream_lite.binding -> tensor<?x4xf32, #enc>{%d} in memref<?xi8>
    ```
    The first form views the binding as one logical tensor, read and
    written through `stream_lite.dispatch.tensor.load` and
    `stream_lite.dispatch.tensor.store` whatever its layout. The second gives
    the binding's bytes (any memref) to kernels that address them
    themselves, such as the builtins. Either way the tensor type records the
    logical tensor and its layout, which specialization rewrites when an
    executable is duplicated per binding layout.
  }];
  let arguments = (ins
    StreamLite_BindingType:$binding,
    StreamLite_Offset:$byte_offset,
    StreamLite_RankedTensorTypeAttr:$tensor_type,
    Variadic<StreamLite_Dim>:$tensor_dims);
  let results = (outs AnyTypeOf<[AnyMemRef, StreamLite_DispatchTensorType]>:$result);
  let assemblyFormat = [{
    $binding `[` $byte_offset `]` `:` type($binding) `->`
    custom<SubspanResult>($tensor_type, $tensor_dims, type($result)) attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The logical view this subspan gives, or null for a byte view.
    DispatchTensorType getDispatchTensorType() {
      return ::llvm::dyn_cast<DispatchTensorType>(getResult().getType());
    }
    /// Sets the viewed tensor type (and the view's, for a logical view).
    void setBoundTensorType(::mlir::RankedTensorType type);
  }];
}

//===----------------------------------------------------------------------===//
// Logical views of bindings inside kernels
//===----------------------------------------------------------------------===//

def StreamLite_DispatchTensorLoadOp : StreamLite_Op<"dispatch.tensor.load", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>,
    MemoryEffects<[MemRead]>]> {
  let summary = "Reads a strided logical region of a dispatch tensor view";
  let description = [{
    ```mlir
    %x = stream_lite.dispatch.tensor.load %v, offsets = [0, %i], sizes = [%n, 4], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<?x8xf32, #enc>>{%n} -> tensor<?x4xf32>
    ```
    Each entry of `offsets`, `sizes` and `strides` is a constant or an index
    value, as for `tensor.extract_slice`. The result is the region's logical
    elements as a tensor of shape `sizes` with no layout (IREE's form, whose
    result repeats the view's encoding, is accepted and means the same): the
    kernel computes on logical values whatever the binding's layout.
  }];
  let arguments = (ins
    StreamLite_DispatchTensorType:$source,
    Variadic<StreamLite_Dim>:$source_dims,
    Variadic<Index>:$offsets,
    Variadic<Index>:$sizes,
    Variadic<Index>:$strides,
    DenseI64ArrayAttr:$static_offsets,
    DenseI64ArrayAttr:$static_sizes,
    DenseI64ArrayAttr:$static_strides);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $source
    `,` `offsets` `=` custom<DynamicIndexList>($offsets, $static_offsets)
    `,` `sizes` `=` custom<DynamicIndexList>($sizes, $static_sizes)
    `,` `strides` `=` custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` qualified(type($source)) (`{` $source_dims^ `}`)? `->` type($result)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    DispatchTensorType getSourceType() {
      return ::llvm::cast<DispatchTensorType>(getSource().getType());
    }
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedOffsets();
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedSizes();
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedStrides();
  }];
}

def StreamLite_DispatchTensorStoreOp : StreamLite_Op<"dispatch.tensor.store", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>,
    MemoryEffects<[MemWrite]>]> {
  let summary = "Writes a tensor into a strided logical region of a view";
  let description = [{
    ```mlir
    stream_lite.dispatch.tensor.store %x, %v, offsets = [0, 0], sizes = [%n, 4], strides = [1, 1] : tensor<?x4xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<?x4xf32, #enc>>{%n}
    ```
    The value's logical elements go to the region through the binding's
    layout; elements and padding the store does not cover keep their bytes
    (IREE's form, whose value type repeats the view's encoding, is accepted).
  }];
  let arguments = (ins
    AnyRankedTensor:$value,
    StreamLite_DispatchTensorType:$target,
    Variadic<StreamLite_Dim>:$target_dims,
    Variadic<Index>:$offsets,
    Variadic<Index>:$sizes,
    Variadic<Index>:$strides,
    DenseI64ArrayAttr:$static_offsets,
    DenseI64ArrayAttr:$static_sizes,
    DenseI64ArrayAttr:$static_strides);
  let assemblyFormat = [{
    $value `,` $target
    `,` `offsets` `=` custom<DynamicIndexList>($offsets, $static_offsets)
    `,` `sizes` `=` custom<DynamicIndexList>($sizes, $static_sizes)
    `,` `strides` `=` custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` type($value) `->` qualified(type($target)) (`{` $target_dims^ `}`)?
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    DispatchTensorType getTargetType() {
      return ::llvm::cast<DispatchTensorType>(getTarget().getType());
    }
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedOffsets();
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedSizes();
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedStrides();
  }];
}

#endif // STREAMLITE_OPS_TD
