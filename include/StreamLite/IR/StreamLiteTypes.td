//===- StreamLiteTypes.td - stream_lite types --------------*- tablegen -*-===//

#ifndef STREAMLITE_TYPES_TD
#define STREAMLITE_TYPES_TD

include "StreamLite/IR/StreamLiteBase.td"

class StreamLite_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<StreamLite_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def StreamLite_ResourceType : StreamLite_Type<"Resource", "resource"> {
  let summary = "Bytes with no element type, with a lifetime";
  let description = [{
    `!stream_lite.resource<L>`, L one of `*` (unknown), `external`, `staging`,
    `transient`, `variable`, `constant`.
  }];
  let parameters = (ins EnumParameter<StreamLite_Lifetime>:$lifetime);
  let hasCustomAssemblyFormat = 1;
}

def StreamLite_BindingType : StreamLite_Type<"Binding", "binding"> {
  let summary = "A resource as seen inside an executable";
}

def StreamLite_DispatchTensorType
    : StreamLite_Type<"DispatchTensor", "dispatch.tensor"> {
  let summary = "A binding seen by a kernel as one logical tensor";
  let description = [{
    `!stream_lite.dispatch.tensor<ACCESS:TENSOR>`, ACCESS one of `readonly`,
    `writeonly`, `readwrite`. The tensor type's encoding (or resolved
    layout) is the binding's storage format; kernels read and write regions
    of it with `stream_lite.dispatch.tensor.load` and
    `stream_lite.dispatch.tensor.store`, which hand out tensors without a
    layout. Its dynamic dims are operands of the ops that name it
    (`{%d0, ...}` after the type).
  }];
  let parameters = (ins EnumParameter<StreamLite_TensorAccess>:$access,
                        "::mlir::RankedTensorType":$boundType);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    bool isReadable() const {
      return getAccess() != ::layoutopt::stream_lite::TensorAccess::WriteOnly;
    }
    bool isWritable() const {
      return getAccess() != ::layoutopt::stream_lite::TensorAccess::ReadOnly;
    }
    /// The same view of `tensor` (another layout, or none).
    DispatchTensorType withBoundType(::mlir::RankedTensorType tensor) const {
      return get(getContext(), getAccess(), tensor);
    }
  }];
}

def StreamLite_AnyResource : Type<
    CPred<"::llvm::isa<::layoutopt::stream_lite::ResourceType>($_self)">,
    "resource", "::mlir::Type">;

def StreamLite_StagingResource : Type<
    And<[StreamLite_AnyResource.predicate,
         CPred<"::llvm::cast<::layoutopt::stream_lite::ResourceType>($_self).getLifetime() == ::layoutopt::stream_lite::Lifetime::Staging">]>,
    "staging resource", "::mlir::Type">;

def StreamLite_NonStagingResource : Type<
    And<[StreamLite_AnyResource.predicate,
         CPred<"::llvm::cast<::layoutopt::stream_lite::ResourceType>($_self).getLifetime() != ::layoutopt::stream_lite::Lifetime::Staging">]>,
    "non-staging resource", "::mlir::Type">;

def StreamLite_Dim : TypeAlias<Index>;
def StreamLite_Size : TypeAlias<Index>;
def StreamLite_Offset : TypeAlias<Index>;

def StreamLite_PrimitiveType : AnyTypeOf<[Index, AnyInteger, AnyFloat, AnyComplex]>;

#endif // STREAMLITE_TYPES_TD
