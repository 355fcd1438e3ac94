//===- StreamLiteAttrs.td - stream_lite attributes ---------*- tablegen -*-===//
//
// Affinities, targets, resolvers, encodings and layouts (docs/language.md).
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_ATTRS_TD
#define STREAMLITE_ATTRS_TD

include "StreamLite/IR/StreamLiteBase.td"
include "StreamLite/IR/StreamLiteInterfaces.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

class StreamLite_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<StreamLite_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

//===----------------------------------------------------------------------===//
// Devices and affinities
//===----------------------------------------------------------------------===//

def StreamLite_AffinityAttr : StreamLite_Attr<"Affinity", "affinity"> {
  let summary = "The devices an op may run on";
  let description = [{
    `#stream_lite.affinity<@cpu>` names one device;
    `#stream_lite.affinity<[@cpu, @gpu]>` means "any of these": layouts
    resolve for every target of every device named, and execution picks the
    first. A one-element list prints in the single-device form.
  }];
  let parameters = (ins
    ArrayRefParameter<"::mlir::FlatSymbolRefAttr", "devices">:$devices);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def StreamLite_TargetAttr : StreamLite_Attr<"Target", "target"> {
  let summary = "A compilation target of a device, with its encoding resolver";
  let description = [{
    `#stream_lite.target<"llvm-cpu", resolver = #stream_lite.tiling_resolver<m = 8, n = 4, k = 1>>`.
    A target without `resolver` uses `#stream_lite.identity_resolver`.
  }];
  let parameters = (ins
    "::mlir::StringAttr":$backend,
    OptionalParameter<"::mlir::Attribute">:$resolver);
  let assemblyFormat = "`<` $backend (`,` `resolver` `=` $resolver^)? `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The resolver, defaulting to `#stream_lite.identity_resolver`.
    EncodingResolverAttrInterface getEffectiveResolver() const;
  }];
}

//===----------------------------------------------------------------------===//
// Resolvers
//===----------------------------------------------------------------------===//

def StreamLite_IdentityResolverAttr
    : StreamLite_Attr<"IdentityResolver", "identity_resolver", [
        DeclareAttrInterfaceMethods<StreamLite_EncodingResolverAttrInterface>]> {
  let summary = "Resolves every encoding to `#stream_lite.identity`";
}

def StreamLite_UnsupportedResolverAttr
    : StreamLite_Attr<"UnsupportedResolver", "unsupported_resolver", [
        DeclareAttrInterfaceMethods<StreamLite_EncodingResolverAttrInterface>]> {
  let summary = "Fails to resolve any encoding (testing)";
}

def StreamLite_SpecializationResolverAttr
    : StreamLite_Attr<"SpecializationResolver", "specialization_resolver", [
        DeclareAttrInterfaceMethods<StreamLite_EncodingResolverAttrInterface>]> {
  let summary = "Resolves to `#stream_lite.specialized<seed, T>` (testing)";
  let parameters = (ins "int64_t":$seed);
  let assemblyFormat = "`<` $seed `>`";
}

def StreamLite_PaddingResolverAttr
    : StreamLite_Attr<"PaddingResolver", "padding_resolver", [
        DeclareAttrInterfaceMethods<StreamLite_EncodingResolverAttrInterface>]> {
  let summary = "Pads the innermost dim away from cache-set aliasing";
  let description = [{
    For `padding<[0, ..., 0, ?]>` with a static innermost dim of R bytes: pad
    0 when R < C*S; else pad R up to a multiple of C, then add one more C if
    that is a multiple of C*S.
  }];
  let parameters = (ins "int64_t":$cache_line_bytes, "int64_t":$cache_sets);
  let assemblyFormat = [{
    `<` `cache_line_bytes` `=` $cache_line_bytes `,` `cache_sets` `=` $cache_sets `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Bytes to append to an innermost row of `rowBytes` bytes; none
    /// where the padded row would not fit in int64.
    std::optional<int64_t> getPadBytes(int64_t rowBytes) const;
  }];
}

// A swizzle printed in full (`#stream_lite.swizzle<...>`), as a value of
// an attribute parameter, not in the stripped form struct() would use.
def StreamLite_OptionalSwizzleParameter
    : OptionalParameter<"SwizzleAttr", "a tile swizzle"> {
  let parser = [{ [&]() -> ::mlir::FailureOr<SwizzleAttr> {
    SwizzleAttr swizzle;
    if (::mlir::failed($_parser.parseAttribute(swizzle)))
      return ::mlir::failure();
    return swizzle;
  }() }];
  let printer = [{ $_printer.printAttribute($_self) }];
}

def StreamLite_TilingResolverAttr
    : StreamLite_Attr<"TilingResolver", "tiling_resolver", [
        DeclareAttrInterfaceMethods<StreamLite_EncodingResolverAttrInterface>]> {
  let summary = "Data-tiles matmul operands with M x N x K tiles";
  let description = [{
    `matmul` operands: LHS `tiled<inner_dims_pos = [0, 1], inner_tiles = [m, k]>`,
    RHS `tiled<inner_dims_pos = [1, 0], inner_tiles = [n, k], outer_dims_perm = [1, 0]>`,
    result `tiled<inner_dims_pos = [0, 1], inner_tiles = [m, n]>`.
    `batch_matmul` operands tile their last two dims the same way, every
    position shifted by one (LHS `[1, 2]`, RHS `[2, 1]` with
    `outer_dims_perm = [0, 2, 1]`, result `[1, 2]`); the batch dim is never
    tiled.

    Optional `lhs_swizzle`, `rhs_swizzle` and `result_swizzle` (printed when
    present) give that operand's tiled layout a swizzle; its `expand_shape`
    follows the operand's inner tiles (LHS [m, k], RHS [n, k], result
    [m, n]). An encoding with `iteration_sizes` whose M (or N) is static and
    smaller than `m` (or `n`) gets narrow tiles: the smallest power of two
    that holds it. K tiles never shrink, and an operand whose tile shrank
    gets no swizzle (its expand_shape no longer fits).
  }];
  let parameters = (ins "int64_t":$m, "int64_t":$n, "int64_t":$k,
    StreamLite_OptionalSwizzleParameter:$lhs_swizzle,
    StreamLite_OptionalSwizzleParameter:$rhs_swizzle,
    StreamLite_OptionalSwizzleParameter:$result_swizzle);
  // struct(): `m = 8, n = 4, k = 1`, then each swizzle that is present.
  let assemblyFormat = "`<` struct(params) `>`";
  let builders = [
    AttrBuilder<(ins "int64_t":$m, "int64_t":$n, "int64_t":$k), [{
      return $_get($_ctxt, m, n, k, SwizzleAttr(), SwizzleAttr(),
                   SwizzleAttr());
    }]>
  ];
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Unserialized encodings
//===----------------------------------------------------------------------===//

def StreamLite_EncodingAttr : StreamLite_Attr<"Encoding", "encoding", [
    DeclareAttrInterfaceMethods<StreamLite_SerializableEncodingAttrInterface>]> {
  let summary = "Data-tiling intent of a matmul operand";
  let description = [{
    `#stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>`:
    operand_index 0 = LHS (MxK), 1 = RHS (KxN), 2 = result (MxN), on rank-2
    tensors. `op_type = batch_matmul` is the same on rank-3 tensors with a
    leading batch dim: [B, M, K], [B, K, N], [B, M, N].
    Optional last parameter `iteration_sizes = [M, N, K]` (non-negative integers or `?`,
    printed only when present): the matmul's sizes, which let a resolver
    pick narrow tiles.
  }];
  let parameters = (ins
    "int64_t":$operand_index,
    EnumParameter<StreamLite_EncodingOpType>:$op_type,
    "::mlir::ArrayAttr":$element_types,
    OptionalArrayRefParameter<"int64_t", "iteration_sizes">:$iteration_sizes);
  let hasCustomAssemblyFormat = 1;
  let builders = [
    AttrBuilder<(ins "int64_t":$operand_index, "EncodingOpType":$op_type,
                     "::mlir::ArrayAttr":$element_types), [{
      return $_get($_ctxt, operand_index, op_type, element_types,
                   ::llvm::ArrayRef<int64_t>());
    }]>
  ];
  let genVerifyDecl = 1;
}

def StreamLite_PaddingAttr : StreamLite_Attr<"Padding", "padding", [
    DeclareAttrInterfaceMethods<StreamLite_SerializableEncodingAttrInterface>,
    DeclareAttrInterfaceMethods<StreamLite_PhysicalLayoutAttrInterface>]> {
  let summary = "Per-dim padding (a request while any entry is `?`)";
  let description = [{
    `#stream_lite.padding<[0, ?]>` is a request whose `?` entries a resolver
    fills in; `#stream_lite.padding<[0, 16]>` (all static) is a serialized
    layout: row-major over dims `d_i + p_i`. Bytes that hold no element are
    undefined and never observed.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t", "padding">:$padding);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// True when no entry is `?`.
    bool isStatic() const;
  }];
}

def StreamLite_TestingAttr : StreamLite_Attr<"Testing", "testing", [
    DeclareAttrInterfaceMethods<StreamLite_SerializableEncodingAttrInterface>]> {
  let summary = "Testing encoding; serialized once it carries layouts";
  let parameters = (ins OptionalParameter<"::mlir::ArrayAttr">:$layouts);
  let assemblyFormat = "`<` (`layouts` `=` $layouts^)? `>`";
  let genVerifyDecl = 1;
}

def StreamLite_UnknownAttr : StreamLite_Attr<"Unknown", "unknown"> {
  let summary = "An encoding no pass recognizes (left alone)";
}

//===----------------------------------------------------------------------===//
// Serialized layouts
//===----------------------------------------------------------------------===//

def StreamLite_LayoutAttr : StreamLite_Attr<"Layout", "layout", [
    DeclareAttrInterfaceMethods<StreamLite_SerializableEncodingAttrInterface>]> {
  let summary = "One resolved layout per possible target";
  let description = [{
    `#stream_lite.layout<[L0, L1, ...]>`. Storage size is the maximum over the
    entries. When the entries are not physically equal the layout is picked at
    run time by the executing target, and ops that address the bytes reject
    it (see `getUniquePhysicalLayout`).
  }];
  let parameters = (ins "::mlir::ArrayAttr":$layouts);
  let assemblyFormat = "`<` $layouts `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The physical layout shared by every entry, or null when the entries
    /// are not all physical or not physically equal. Of equal entries, one
    /// with the zero pad contract: what it writes satisfies every entry.
    PhysicalLayoutAttrInterface getUniquePhysicalLayout() const;
  }];
}

def StreamLite_IdentityAttr : StreamLite_Attr<"Identity", "identity", [
    DeclareAttrInterfaceMethods<StreamLite_SerializableEncodingAttrInterface>,
    DeclareAttrInterfaceMethods<StreamLite_PhysicalLayoutAttrInterface>]> {
  let summary = "Dense row-major: the same bytes as no encoding";
}

def StreamLite_TiledAttr : StreamLite_Attr<"Tiled", "tiled", [
    DeclareAttrInterfaceMethods<StreamLite_SerializableEncodingAttrInterface>,
    DeclareAttrInterfaceMethods<StreamLite_PhysicalLayoutAttrInterface>]> {
  let summary = "The byte image of `linalg.pack`";
  let description = [{
    `#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 4], outer_dims_perm = [1, 0]>`:
    each tiled dim is rounded up to a multiple of its tile; the outer dims
    (permuted by `outer_dims_perm`) come first, then the tile dims in
    `inner_dims_pos` order. Bytes that hold no element are zero.
    `outer_dims_perm` defaults to the identity and is printed only when it is
    not the identity (an identity permutation is dropped when parsed).
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t", "inner_dims_pos">:$inner_dims_pos,
    ArrayRefParameter<"int64_t", "inner_tiles">:$inner_tiles,
    OptionalArrayRefParameter<"int64_t", "outer_dims_perm">:$outer_dims_perm,
    OptionalParameter<"SwizzleAttr">:$swizzle);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let builders = [
    AttrBuilder<(ins "::llvm::ArrayRef<int64_t>":$inner_dims_pos,
                     "::llvm::ArrayRef<int64_t>":$inner_tiles,
                     "::llvm::ArrayRef<int64_t>":$outer_dims_perm), [{
      return $_get($_ctxt, inner_dims_pos, inner_tiles, outer_dims_perm,
                   SwizzleAttr());
    }]>
  ];
  let extraClassDeclaration = [{
    /// outer_dims_perm, or the identity permutation of `rank`.
    ::llvm::SmallVector<int64_t> getOuterDimsPermOrIdentity(int64_t rank) const;
  }];
}

def StreamLite_SwizzleAttr : StreamLite_Attr<"Swizzle", "swizzle"> {
  let summary = "The order of elements inside each tile (a GPU tile swizzle)";
  let description = [{
    `#stream_lite.swizzle<expand_shape = [[4, 4], [4]], permutation = [1, 0, 2]>`,
    IREE's TileSwizzle: inside each inner tile of a `tiled` layout (shape =
    its inner tiles, in inner_dims_pos order), each tile dim is split
    row-major into its `expand_shape` factors (outer factor first), the
    expanded dims are transposed so that physical dim j is expanded dim
    `permutation[j]`, and the result is stored row-major. `expand_shape` has
    one non-empty list of positive factors per inner tile dim; `permutation`
    permutes all expanded dims. That the products match the tiles is checked
    by the `tiled` layout that carries the swizzle.
  }];
  let parameters = (ins
    ArrayRefParameter<"::mlir::DenseI64ArrayAttr", "expand_shape">:$expand_shape,
    ArrayRefParameter<"int64_t", "permutation">:$permutation);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Every expanded dim in order: the tile dim it splits, its size, and
    /// its stride in elements of that tile dim.
    struct ExpandedDim { int64_t tileDim, size, stride; };
    ::llvm::SmallVector<ExpandedDim> getExpandedDims() const;
    /// Why this swizzle cannot reorder tiles of `tiles` (in inner_dims_pos
    /// order): the list count or a product does not match. Empty when it
    /// can. The one check shared by `tiled` and the tiling resolver.
    std::string getTileMismatch(::llvm::ArrayRef<int64_t> tiles) const;
  }];
}

def StreamLite_SpecializedAttr : StreamLite_Attr<"Specialized", "specialized", [
    DeclareAttrInterfaceMethods<StreamLite_SerializableEncodingAttrInterface>]> {
  let summary = "Testing layout produced by `specialization_resolver`";
  let description = [{
    `#stream_lite.specialized<123, tensor<?x4xf32>>` is what
    `specialization_resolver<123>` returns for that tensor type;
    `#stream_lite.specialized<123>` (no type, as IREE writes it) is accepted
    and printed as written. Sized like the dense tensor; not executable.
  }];
  let parameters = (ins "int64_t":$seed,
                        OptionalParameter<"::mlir::Type">:$type);
  let assemblyFormat = "`<` $seed (`,` $type^)? `>`";
}

#endif // STREAMLITE_ATTRS_TD
