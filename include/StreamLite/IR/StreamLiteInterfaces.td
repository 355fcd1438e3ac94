//===- StreamLiteInterfaces.td - stream_lite interfaces ----*- tablegen -*-===//
//
// Encoding, resolver and physical-layout attribute interfaces, the affinity,
// tied, encoded-tensor and transfer op interfaces and the TensorPhaseOp and
// AsyncPhaseOp traits.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_INTERFACES_TD
#define STREAMLITE_INTERFACES_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

//===----------------------------------------------------------------------===//
// TensorPhaseOp
//===----------------------------------------------------------------------===//

def StreamLite_TensorPhaseOpTrait : NativeOpTrait<"TensorPhaseOp"> {
  let cppNamespace = "::layoutopt::stream_lite::OpTrait";
}

//===----------------------------------------------------------------------===//
// AsyncPhaseOp
//===----------------------------------------------------------------------===//

def StreamLite_AsyncPhaseOpTrait : NativeOpTrait<"AsyncPhaseOp"> {
  let cppNamespace = "::layoutopt::stream_lite::OpTrait";
}

//===----------------------------------------------------------------------===//
// AffinityOpInterface
//===----------------------------------------------------------------------===//

def StreamLite_AffinityOpInterface : OpInterface<"AffinityOpInterface"> {
  let cppNamespace = "::layoutopt::stream_lite";
  let description = [{
    An op that runs on (or places its result on) the devices named by an
    affinity. The affinity is printed as the optional `on(...)` prefix; an op
    without one inherits the nearest enclosing `stream_lite.affinity`
    attribute (see `getEffectiveAffinity`).
  }];
  let methods = [
    InterfaceMethod<
      "Returns the op's own affinity, or null when it has none.",
      "::layoutopt::stream_lite::AffinityAttr", "getAffinityAttr", (ins), [{}],
      [{
        return $_op->template getAttrOfType<::layoutopt::stream_lite::AffinityAttr>("affinity");
      }]>,
    InterfaceMethod<
      "Sets (or, with null, removes) the op's own affinity.",
      "void", "setAffinityAttr",
      (ins "::layoutopt::stream_lite::AffinityAttr":$value), [{}],
      [{
        if (value)
          $_op->setAttr("affinity", value);
        else
          $_op->removeAttr("affinity");
      }]>,
  ];
  let extraSharedClassDeclaration = [{
    /// The op's own affinity, else the nearest enclosing
    /// `stream_lite.affinity` attribute, else null.
    ::layoutopt::stream_lite::AffinityAttr getEffectiveAffinity() {
      return ::layoutopt::stream_lite::lookupAffinity($_op);
    }
  }];
}

//===----------------------------------------------------------------------===//
// TiedOpInterface
//===----------------------------------------------------------------------===//

def StreamLite_TiedOpInterface : OpInterface<"TiedOpInterface"> {
  let cppNamespace = "::layoutopt::stream_lite";
  let description = [{
    An op some of whose results are one of its operands after the op wrote
    it in place (IREE's tied operands): `fill`, `update`, `store`, tied
    `dispatch` results, and their async-phase forms. The result holds the
    operand's bytes (so its layout), and a lowering that cannot prove the
    operand is not used elsewhere must copy it before writing.
  }];
  let methods = [
    InterfaceMethod<
      "The operand result `resultIndex` is tied to, or null when untied.",
      "::mlir::OpOperand *", "getTiedResultOpOperand",
      (ins "unsigned":$resultIndex)>,
  ];
  let extraSharedClassDeclaration = [{
    /// The operand value `result` (a result of this op) is tied to, or null.
    ::mlir::Value getTiedResultOperand(::mlir::OpResult result) {
      ::mlir::OpOperand *operand =
          $_op.getTiedResultOpOperand(result.getResultNumber());
      return operand ? operand->get() : ::mlir::Value();
    }
  }];
}

//===----------------------------------------------------------------------===//
// EncodedTensorOpInterface
//===----------------------------------------------------------------------===//

def StreamLite_EncodedTensorOpInterface
    : OpInterface<"EncodedTensorOpInterface"> {
  let cppNamespace = "::layoutopt::stream_lite";
  let description = [{
    An op that describes logical tensors by type (with its encoding), dims
    and byte size. It lists each such tensor with its role (see
    `EncodedTensor` and `TensorRole`): what the op does to the tensor's
    bytes. Passes read this list instead of knowing ops by name:

    - the creator analysis seeds `Allocates`/`Creates` results and follows
      `Copies` sources and `Writes` (tied) targets;
    - `--stream-lite-specialize-encodings` resolves `Describes`,
      `Allocates` and `Creates` types with the op's affinity and every other
      type with the affinity of the data's creators, then writes the resolved
      type back with `setEncodedTensorType`;
    - `--check-padding` instruments every written tensor.

    `async.transfer` implements it with no tensors: it only says (through
    `getLayoutSource`) that its result keeps its source's bytes.
  }];
  let methods = [
    InterfaceMethod<[{
        The op's tensors, in a fixed order (the index is what
        `setEncodedTensorType` takes).
      }],
      "::llvm::SmallVector<::layoutopt::stream_lite::EncodedTensor, 2>",
      "getEncodedTensors", (ins)>,
    InterfaceMethod<[{
        Replaces the type of tensor `index` of `getEncodedTensors()` (same
        shape and element type; only the encoding changes).
      }],
      "void", "setEncodedTensorType",
      (ins "unsigned":$index, "::mlir::TypeAttr":$type)>,
    InterfaceMethod<[{
        The operand whose bytes, and so layout, result `resultIndex` holds:
        its tied operand, or the source of a `Copies` tensor. Null when the op
        creates the result's bytes (or the result is not a resource).
      }],
      "::mlir::Value", "getLayoutSource", (ins "unsigned":$resultIndex),
      [{}], [{
        return ::layoutopt::stream_lite::detail::getDefaultLayoutSource(
            $_op.getOperation(), resultIndex);
      }]>,
  ];
  // Storage sizes past INT64_MAX would fold to wrong values (and address
  // bytes outside the allocation), so every static type must fit. Checked
  // after the op's own verifier, which makes getEncodedTensors safe to call
  // and checks each encoding against its type.
  let verifyWithRegions = 1;
  let verify = [{
    return ::layoutopt::stream_lite::detail::verifyEncodedTensorSizes(
        ::llvm::cast<ConcreteOp>($_op));
  }];
}

//===----------------------------------------------------------------------===//
// TransferOpInterface
//===----------------------------------------------------------------------===//

def StreamLite_TransferOpInterface : OpInterface<"TransferOpInterface"> {
  let cppNamespace = "::layoutopt::stream_lite";
  let description = [{
    A tensor-phase op that moves or writes elements of encoded tensors and
    that is either DMA (one memcpy or memset of a byte range per tensor) or
    a dispatch to a generated builtin kernel: `clone`, `encode`, `slice`,
    `update`, `fill` and `splat` (IREE's `AsyncAccessOpInterface` plays
    this role for its analyses). Passes read this interface instead of
    knowing the ops:

    - the transfer planner (`TransferPlanner::plan`) decides DMA or
      dispatch from the mode, the regions and the fill value;
    - `--stream-lite-materialize-builtins` turns the op into a dispatch
      with `getBuiltinSignature`;
    - `--stream-lite-encode-host-tensors` lowers a DMA plan to async ops
      on the source and target resources;
    - the layout report counts the bytes each transfer moves.

    docs/architecture.md lists what adding a transfer op takes.
  }];
  let methods = [
    InterfaceMethod<
      "What the op does with its bytes (how it is planned and lowered).",
      "::layoutopt::stream_lite::TransferMode", "getTransferMode", (ins)>,
    InterfaceMethod<[{
        The tensor the op reads and the region of it read; none when the op
        writes a value (a fill).
      }],
      "std::optional<::layoutopt::stream_lite::TransferTensor>",
      "getTransferSource", (ins)>,
    InterfaceMethod<[{
        The tensor the op writes and the region of it written: a result the
        op creates, or the operand it writes in place (`isTiedTransfer`).
      }],
      "::layoutopt::stream_lite::TransferTensor", "getTransferTarget", (ins)>,
    InterfaceMethod<[{
        The value written into every element of the target region (the
        fill pattern, once its bits are known); null for a copy.
      }],
      "::mlir::Value", "getFillValue", (ins), [{}], [{ return {}; }]>,
    InterfaceMethod<[{
        Whether the result is the target operand written in place (tied),
        rather than a new resource.
      }],
      "bool", "isTiedTransfer", (ins), [{}], [{ return false; }]>,
    InterfaceMethod<[{
        The op as a dispatch to a builtin kernel, or none when the op is
        always DMA.
      }],
      "std::optional<::layoutopt::stream_lite::BuiltinSignature>",
      "getBuiltinSignature", (ins)>,
    InterfaceMethod<[{
        Replaces the op, planned to fold to a clone (`Relayout` ops), by a
        clone of its source. Not called for other modes.
      }],
      "void", "replaceWithClone", (ins "::mlir::RewriterBase &":$rewriter),
      [{}], [{ llvm_unreachable("only relayouts fold to a clone"); }]>,
  ];
}

//===----------------------------------------------------------------------===//
// Encoding resolvers
//===----------------------------------------------------------------------===//

def StreamLite_EncodingResolverAttrInterface
    : AttrInterface<"EncodingResolverAttrInterface"> {
  let cppNamespace = "::layoutopt::stream_lite";
  let description = [{
    Target-side knowledge of how to turn an unserialized encoding intent into
    a concrete (serialized) layout for that target.
  }];
  let methods = [
    InterfaceMethod<[{
        Returns the serialized layout of `type` for this target, or failure.
        On failure, when `emitError` is set, emits the reason.
      }],
      "::mlir::FailureOr<::mlir::Attribute>", "getLayout",
      (ins "::mlir::RankedTensorType":$type,
           "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError)>,
  ];
}

//===----------------------------------------------------------------------===//
// Serializable encodings
//===----------------------------------------------------------------------===//

def StreamLite_SerializableEncodingAttrInterface
    : AttrInterface<"SerializableEncodingAttrInterface"> {
  let cppNamespace = "::layoutopt::stream_lite";
  let description = [{
    An encoding this project understands: either an intent to be resolved per
    target (unserialized) or a concrete layout (serialized). Encodings that do
    not implement this interface are "not recognized" and left alone.
  }];
  let methods = [
    InterfaceMethod<"Whether the encoding is concrete (resolved).",
      "bool", "isSerialized", (ins)>,
    InterfaceMethod<[{
        Whether the bytes are exactly those of the dense row-major tensor
        (true only for serialized encodings).
      }],
      "bool", "isIdentityLayout", (ins)>,
    InterfaceMethod<[{
        Returns the serialized form of this encoding given one resolved layout
        per target (e.g. `encoding<...>` -> `layout<[...]>`).
      }],
      "::mlir::Attribute", "cloneWithLayouts",
      (ins "::llvm::ArrayRef<::mlir::Attribute>":$layouts)>,
    InterfaceMethod<[{
        Returns the storage size in bytes of a tensor of static shape `type`,
        or nullopt when unknown (unserialized encoding).
      }],
      "std::optional<int64_t>", "getStaticStorageSizeInBytes",
      (ins "::mlir::RankedTensorType":$type)>,
    InterfaceMethod<[{
        Builds IR computing the storage size in bytes of `type` whose dynamic
        dims are `dynamicDims`; returns null when unknown.
      }],
      "::mlir::Value", "buildStorageSizeInBytes",
      (ins "::mlir::OpBuilder &":$builder, "::mlir::Location":$loc,
           "::mlir::RankedTensorType":$type,
           "::mlir::ValueRange":$dynamicDims)>,
    InterfaceMethod<[{
        Checks that this encoding fits `type` (rank, dims, element type).
      }],
      "::llvm::LogicalResult", "verifyForType",
      (ins "::mlir::RankedTensorType":$type,
           "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError)>,
  ];
}

//===----------------------------------------------------------------------===//
// Physical layouts
//===----------------------------------------------------------------------===//

def StreamLite_PhysicalLayoutAttrInterface
    : AttrInterface<"PhysicalLayoutAttrInterface"> {
  let cppNamespace = "::layoutopt::stream_lite";
  let description = [{
    The byte image of a tensor: the single home of layout math. Storage sizes,
    element slots and element byte offsets are available both as constants (static shapes)
    and as IR (dynamic dims); `getPadContract` says what bytes that hold no
    element contain. Implemented by `identity`, `padding` (static) and
    `tiled`; `layout<[...]>` forwards to its entries when they agree.
  }];
  let methods = [
    InterfaceMethod<[{
        Storage size in bytes for a static logical shape, or nullopt when it
        (or any step computing it) exceeds INT64_MAX. Every static size goes
        through this one overflow-checked computation.
      }],
      "std::optional<int64_t>", "getCheckedStorageSizeInBytes",
      (ins "::llvm::ArrayRef<int64_t>":$shape, "::layoutopt::stream_lite::ElementWidth":$width)>,
    InterfaceMethod<[{
        Storage size in bytes for a static logical shape whose size is known
        to fit (a verified type: see `verifyStorageSizeFits`).
      }],
      "int64_t", "getStorageSizeInBytes",
      (ins "::llvm::ArrayRef<int64_t>":$shape, "::layoutopt::stream_lite::ElementWidth":$width)>,
    InterfaceMethod<[{
        Builds an i1 that is true when computing the storage size of `dims`
        overflows INT64_MAX at run time (dims must be non-negative); null
        when it provably does not. The run-time form of
        `getCheckedStorageSizeInBytes`, from the same formula.
      }],
      "::mlir::Value", "buildStorageSizeOverflow",
      (ins "::mlir::OpBuilder &":$builder, "::mlir::Location":$loc,
           "::llvm::ArrayRef<::mlir::OpFoldResult>":$dims,
           "::layoutopt::stream_lite::ElementWidth":$width)>,
    InterfaceMethod<[{
        The element slot of logical element `indices` (static): its position
        in the row-major order of the layout's physical image. Whole-byte
        elements start at byte slot * bytes; packed ones occupy bits
        [slot * bits, (slot + 1) * bits).
      }],
      "int64_t", "getElementSlot",
      (ins "::llvm::ArrayRef<int64_t>":$shape,
           "::llvm::ArrayRef<int64_t>":$indices)>,
    InterfaceMethod<[{
        Builds IR for the element slot of `indices`. `flags` go on its adds
        and muls: nuw|nsw where `indices` are in bounds (at most one past
        the last element of each dim), whose slot then lies below the slot
        count, which fits.
      }],
      "::mlir::OpFoldResult", "buildElementSlot",
      (ins "::mlir::OpBuilder &":$builder, "::mlir::Location":$loc,
           "::llvm::ArrayRef<::mlir::OpFoldResult>":$dims,
           "::llvm::ArrayRef<::mlir::OpFoldResult>":$indices,
           "::mlir::arith::IntegerOverflowFlags":$flags)>,
    InterfaceMethod<[{
        Byte offset of logical element `indices` (static): the byte holding
        its first bit (for packed elements, the byte its slot lies in).
      }],
      "int64_t", "getElementByteOffset",
      (ins "::llvm::ArrayRef<int64_t>":$shape, "::layoutopt::stream_lite::ElementWidth":$width,
           "::llvm::ArrayRef<int64_t>":$indices)>,
    InterfaceMethod<[{
        Builds IR for the storage size in bytes; `dims` holds every logical
        dim (constants fold).
      }],
      "::mlir::OpFoldResult", "buildStorageSizeInBytes",
      (ins "::mlir::OpBuilder &":$builder, "::mlir::Location":$loc,
           "::llvm::ArrayRef<::mlir::OpFoldResult>":$dims,
           "::layoutopt::stream_lite::ElementWidth":$width)>,
    InterfaceMethod<[{
        Builds IR for the byte offset of element `indices` (the byte holding
        its first bit); `flags` as for buildElementSlot.
      }],
      "::mlir::OpFoldResult", "buildElementByteOffset",
      (ins "::mlir::OpBuilder &":$builder, "::mlir::Location":$loc,
           "::llvm::ArrayRef<::mlir::OpFoldResult>":$dims,
           "::layoutopt::stream_lite::ElementWidth":$width,
           "::llvm::ArrayRef<::mlir::OpFoldResult>":$indices,
           "::mlir::arith::IntegerOverflowFlags":$flags)>,
    InterfaceMethod<[{
        The dims of the byte image in row-major order for a static logical
        shape: which logical dim each one steps, by how many logical
        elements per step (the tile for the outer dim of a tiled dim, else
        1), and its extent (pads included). Tiles of 1 add no dim.
      }],
      "::llvm::SmallVector<::layoutopt::stream_lite::PhysicalDim>",
      "getPhysicalDims", (ins "::llvm::ArrayRef<int64_t>":$shape)>,
    InterfaceMethod<"What bytes that hold no element contain.",
      "::layoutopt::stream_lite::PadContract", "getPadContract", (ins)>,
    InterfaceMethod<[{
        The canonical layout with the same byte image for every shape
        (all-zero padding and all-ones tiles with identity permutation
        canonicalize to `identity`). Two layouts are physically equal iff
        their canonical forms are equal.
      }],
      "::layoutopt::stream_lite::PhysicalLayoutAttrInterface",
      "getCanonicalLayout", (ins)>,
  ];
}

#endif // STREAMLITE_INTERFACES_TD
