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
