//===- StreamLiteBase.td - stream_lite dialect base --------*- tablegen -*-===//
//
// The dialect, its enums and the type constraints shared by ops.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_BASE_TD
#define STREAMLITE_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def StreamLite_Dialect : Dialect {
  let name = "stream_lite";
  let cppNamespace = "::layoutopt::stream_lite";
  let summary = "A self-contained mirror of IREE's tensor-phase Stream ops.";
  let description = [{
    `stream_lite` models tensors that live in untyped byte resources on
    devices. Each logical tensor on an op is a resource value, a tensor type
    (carrying an encoding: the data layout), its dynamic dims and its byte
    size. Encodings are resolved per device (`stream-lite-specialize-encodings`),
    transfers are planned as DMA or builtin dispatches, and everything lowers
    to byte-level async ops and LLVM. See `docs/` and the project README.
  }];
  // The ops' runtime verification (RuntimeVerifiableOpInterface) builds
  // arith compares, cf.assert and tensor.dim, also when run by upstream's
  // --generate-runtime-verification, which loads no dialect of its own.
  // Canonicalization turns complex splat constants into complex.constant.
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::complex::ComplexDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::tensor::TensorDialect",
  ];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Name of the discardable attribute that gives the affinity inherited by
    /// ops nested under a function or module.
    static constexpr ::llvm::StringLiteral kAffinityAttrName = "stream_lite.affinity";

    /// Name of the discardable attribute `--stream-lite-fuse-relayouts`
    /// puts on a dispatch: the indices of the results whose relayout it
    /// fused into the kernel (the layout report counts their bytes).
    static constexpr ::llvm::StringLiteral kFusedRelayoutsAttrName =
        "stream_lite.fused_relayouts";

    /// Name of the discardable attribute `--stream-lite-materialize-builtins`
    /// puts on each builtin executable it generates: the kind of its
    /// kernel (a name of BuiltinKinds.def, e.g. "fill"), which the layout
    /// report reads instead of parsing symbol names.
    static constexpr ::llvm::StringLiteral kBuiltinKindAttrName =
        "stream_lite.builtin_kind";

    /// Name of the discardable attribute `--stream-lite-materialize-builtins`
    /// puts on a parallel kernel's `scf.parallel` over groups of iterations
    /// when the groups are a fraction of the least a task should move (a
    /// positive integer: how many groups make it);
    /// `--stream-lite-parallelize-kernels` gives each task at least that
    /// many groups.
    static constexpr ::llvm::StringLiteral kMinTaskGroupsAttrName =
        "stream_lite.min_task_groups";

    /// Per-type facts an op verifier established once. A tensor type is
    /// immortal in its context and these checks are pure functions of it,
    /// so each verification of each op that names the type need not redo
    /// the layout math (the pass manager verifies after every pass).
    enum class VerifiedTypeFact : uint8_t {
      EncodingFitsType = 1, // verifyEncodingForType
      StorageSizeFits = 2,  // verifyStorageSizeFits
      // The element type has a byte size and the encoding fits the type
      // (an op verifier's check of each tensor type it names).
      ElementAndEncoding = 4,
    };
    /// Whether `fact` was recorded for `type`.
    bool hasVerifiedTypeFact(::mlir::Type type, VerifiedTypeFact fact);
    void recordVerifiedTypeFact(::mlir::Type type, VerifiedTypeFact fact);

    /// The index-typed IntegerAttr of `value`. Layout math asks for the same
    /// few small constants tens of thousands of times per module, and
    /// uniquing each costs far more than the math, so those come from a
    /// table filled once per context (callers: IndexArith, getIndexAttr).
    ::mlir::IntegerAttr getIndexAttr(int64_t value);

    /// `memref<?xi8>`, what a resource lowers to, made once per context:
    /// the memref lowering asks for it for every buffer and view, and
    /// uniquing it builds its identity layout map each time.
    ::mlir::MemRefType getByteBufferType();
  private:
    struct IndexAttrTable;
    std::unique_ptr<IndexAttrTable> indexAttrs;
    /// Shared by every thread (verification runs on many at once).
    struct TypeFactTable;
    std::unique_ptr<TypeFactTable> verifiedTypeFacts;
    std::atomic<const void *> byteBufferType{nullptr};
    void registerAttributes();
    void registerTypes();
  public:
  }];
}

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def StreamLite_Lifetime : I32EnumAttr<"Lifetime", "resource lifetime", [
  I32EnumAttrCase<"Unknown", 0, "*">,
  I32EnumAttrCase<"External", 1, "external">,
  I32EnumAttrCase<"Staging", 2, "staging">,
  I32EnumAttrCase<"Transient", 3, "transient">,
  I32EnumAttrCase<"Variable", 4, "variable">,
  I32EnumAttrCase<"Constant", 5, "constant">,
]> {
  let cppNamespace = "::layoutopt::stream_lite";
  let genSpecializedAttr = 0;
}

def StreamLite_EncodingOpType : I32EnumAttr<"EncodingOpType",
    "kind of operation an encoding's operand belongs to", [
  I32EnumAttrCase<"matmul", 0>,
  I32EnumAttrCase<"conv", 1>,
  I32EnumAttrCase<"batch_matmul", 2>,
]> {
  let cppNamespace = "::layoutopt::stream_lite";
  let genSpecializedAttr = 0;
}

def StreamLite_TensorAccess : I32EnumAttr<"TensorAccess",
    "how a kernel may access a dispatch tensor view", [
  I32EnumAttrCase<"ReadOnly", 0, "readonly">,
  I32EnumAttrCase<"WriteOnly", 1, "writeonly">,
  I32EnumAttrCase<"ReadWrite", 2, "readwrite">,
]> {
  let cppNamespace = "::layoutopt::stream_lite";
  let genSpecializedAttr = 0;
}

def StreamLite_EncodingOpTypeAttr :
    EnumAttr<StreamLite_Dialect, StreamLite_EncodingOpType, "op_type">;

#endif // STREAMLITE_BASE_TD
