//===- StreamLiteAttrs.cpp - stream_lite attributes -----------------------===//

#include "StreamLite/IR/StreamLiteAttrs.h"
#include "StreamLite/IR/StreamLiteDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace layoutopt::stream_lite;

#include "StreamLite/IR/StreamLiteAttrInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "StreamLite/IR/StreamLiteAttrs.cpp.inc"

namespace layoutopt::stream_lite {

void StreamLiteDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "StreamLite/IR/StreamLiteAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

int64_t getElementByteWidth(Type type) {
  if (auto complex = dyn_cast<ComplexType>(type))
    return 2 * getElementByteWidth(complex.getElementType());
  if (type.isIndex())
    return 8;
  if (type.isIntOrFloat())
    return llvm::divideCeil(type.getIntOrFloatBitWidth(), 8);
  return 0;
}

bool isPackedSubByteType(Type type) {
  auto integer = dyn_cast<IntegerType>(type);
  return integer && (integer.getWidth() == 2 || integer.getWidth() == 4);
}

ElementWidth ElementWidth::of(Type type) {
  if (isPackedSubByteType(type))
    return ElementWidth(type.getIntOrFloatBitWidth());
  return ElementWidth::ofBytes(getElementByteWidth(type));
}

Type getElementStorageType(Type type) {
  auto integer = dyn_cast<IntegerType>(type);
  if (!integer || integer.getWidth() % 8 == 0)
    return type;
  return IntegerType::get(type.getContext(), getElementByteWidth(type) * 8);
}

SerializableEncodingAttrInterface getSerializableEncoding(RankedTensorType type) {
  return dyn_cast_if_present<SerializableEncodingAttrInterface>(type.getEncoding());
}

PhysicalLayoutAttrInterface getPhysicalLayout(RankedTensorType type) {
  Attribute encoding = type.getEncoding();
  if (!encoding)
    return IdentityAttr::get(type.getContext());
  if (auto layout = dyn_cast<LayoutAttr>(encoding))
    return layout.getUniquePhysicalLayout();
  if (auto padding = dyn_cast<PaddingAttr>(encoding); padding && !padding.isStatic())
    return {};
  return dyn_cast<PhysicalLayoutAttrInterface>(encoding);
}

/// Parses `[a, b, ?]` where `?` is ShapedType::kDynamic.
static ParseResult parseDynamicIndexList(AsmParser &parser,
                                         SmallVectorImpl<int64_t> &values) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() {
    if (succeeded(parser.parseOptionalQuestion())) {
      values.push_back(ShapedType::kDynamic);
      return success();
    }
    int64_t value;
    if (parser.parseInteger(value))
      return failure();
    values.push_back(value);
    return success();
  });
}

static void printDynamicIndexList(AsmPrinter &printer, ArrayRef<int64_t> values) {
  printer << '[';
  llvm::interleaveComma(values, printer, [&](int64_t v) {
    if (ShapedType::isDynamic(v))
      printer << '?';
    else
      printer << v;
  });
  printer << ']';
}

static bool isPermutation(ArrayRef<int64_t> perm) {
  SmallVector<bool> seen(perm.size(), false);
  for (int64_t p : perm) {
    if (p < 0 || p >= static_cast<int64_t>(perm.size()) || seen[p])
      return false;
    seen[p] = true;
  }
  return true;
}

static bool isIdentityPermutation(ArrayRef<int64_t> perm) {
  for (auto [i, p] : llvm::enumerate(perm))
    if (p != static_cast<int64_t>(i))
      return false;
  return true;
}

SmallVector<OpFoldResult> getMixedDims(Builder &builder, RankedTensorType type,
                                       ValueRange dynamicDims) {
  SmallVector<OpFoldResult> dims;
  unsigned next = 0;
  auto *dialect = builder.getContext()->getLoadedDialect<StreamLiteDialect>();
  for (int64_t dim : type.getShape()) {
    if (ShapedType::isDynamic(dim))
      dims.push_back(dynamicDims[next++]);
    else
      dims.push_back(dialect ? dialect->getIndexAttr(dim)
                             : builder.getIndexAttr(dim));
  }
  return dims;
}

/// Storage size over a list of serialized layouts: the maximum.
static std::optional<int64_t> maxStaticStorageSize(ArrayAttr layouts,
                                                   RankedTensorType type) {
  std::optional<int64_t> result;
  for (Attribute layout : layouts) {
    auto serializable = dyn_cast<SerializableEncodingAttrInterface>(layout);
    if (!serializable)
      return std::nullopt;
    std::optional<int64_t> size = serializable.getStaticStorageSizeInBytes(type);
    if (!size)
      return std::nullopt;
    result = result ? std::max(*result, *size) : *size;
  }
  return result;
}

static Value maxStorageSize(ArrayAttr layouts, OpBuilder &builder, Location loc,
                            RankedTensorType type, ValueRange dynamicDims) {
  Value result;
  for (Attribute layout : layouts) {
    auto serializable = dyn_cast<SerializableEncodingAttrInterface>(layout);
    if (!serializable)
      return {};
    Value size =
        serializable.buildStorageSizeInBytes(builder, loc, type, dynamicDims);
    if (!size)
      return {};
    result = result ? builder.createOrFold<arith::MaxUIOp>(loc, result, size)
                    : size;
  }
  return result;
}

static LogicalResult verifyLayoutList(ArrayAttr layouts, RankedTensorType type,
                                      function_ref<InFlightDiagnostic()> emitError) {
  for (Attribute layout : layouts)
    if (auto serializable = dyn_cast<SerializableEncodingAttrInterface>(layout))
      if (failed(serializable.verifyForType(type, emitError)))
        return failure();
  return success();
}

/// Shared by the physical layouts: static size when the shape is static.
static std::optional<int64_t>
physicalStaticSize(PhysicalLayoutAttrInterface layout, RankedTensorType type) {
  ElementWidth width = ElementWidth::of(type.getElementType());
  if (!type.hasStaticShape() || !width.hasStorage())
    return std::nullopt;
  return layout.getStorageSizeInBytes(type.getShape(), width);
}

static Value physicalSize(PhysicalLayoutAttrInterface layout, OpBuilder &builder,
                          Location loc, RankedTensorType type,
                          ValueRange dynamicDims) {
  ElementWidth width = ElementWidth::of(type.getElementType());
  if (!width.hasStorage())
    return {};
  OpFoldResult size = layout.buildStorageSizeInBytes(
      builder, loc, getMixedDims(builder, type, dynamicDims), width);
  return getValueOrCreateConstantIndexOp(builder, loc, size);
}

//===----------------------------------------------------------------------===//
// AffinityAttr
//===----------------------------------------------------------------------===//

Attribute AffinityAttr::parse(AsmParser &parser, Type) {
  SmallVector<FlatSymbolRefAttr> devices;
  auto parseDevice = [&]() -> ParseResult {
    FlatSymbolRefAttr device;
    if (parser.parseAttribute(device))
      return failure();
    devices.push_back(device);
    return success();
  };
  if (parser.parseLess())
    return {};
  if (succeeded(parser.parseOptionalLSquare())) {
    if (parser.parseCommaSeparatedList(parseDevice) || parser.parseRSquare())
      return {};
  } else if (parseDevice()) {
    return {};
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(), devices);
}

void AffinityAttr::print(AsmPrinter &printer) const {
  printer << '<';
  if (getDevices().size() == 1) {
    printer.printAttribute(getDevices().front());
  } else {
    printer << '[';
    llvm::interleaveComma(getDevices(), printer,
                          [&](FlatSymbolRefAttr d) { printer.printAttribute(d); });
    printer << ']';
  }
  printer << '>';
}

LogicalResult AffinityAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   ArrayRef<FlatSymbolRefAttr> devices) {
  if (devices.empty())
    return emitError() << "affinity must name at least one device";
  return success();
}

//===----------------------------------------------------------------------===//
// EncodingAttr
//===----------------------------------------------------------------------===//

Attribute EncodingAttr::parse(AsmParser &parser, Type) {
  int64_t operandIndex;
  ArrayAttr elementTypes;
  SmallVector<int64_t> iterationSizes;
  if (parser.parseLess() || parser.parseKeyword("operand_index") ||
      parser.parseEqual() || parser.parseInteger(operandIndex) ||
      parser.parseComma() || parser.parseKeyword("op_type") ||
      parser.parseEqual())
    return {};
  // The messages the generated format gave before iteration_sizes.
  SMLoc opTypeLoc = parser.getCurrentLocation();
  StringRef opTypeName;
  std::optional<EncodingOpType> opType;
  if (succeeded(parser.parseOptionalKeyword(&opTypeName)))
    opType = symbolizeEncodingOpType(opTypeName);
  if (!opType) {
    InFlightDiagnostic diag = parser.emitError(opTypeLoc);
    diag << "expected ::layoutopt::stream_lite::EncodingOpType to be one of: ";
    for (uint32_t v = 0; v <= getMaxEnumValForEncodingOpType(); ++v)
      if (std::optional<EncodingOpType> kind = symbolizeEncodingOpType(v))
        diag << (v ? ", " : "") << stringifyEncodingOpType(*kind);
    diag.report();
    parser.emitError(parser.getCurrentLocation(),
                     "failed to parse StreamLite_EncodingAttr parameter "
                     "'op_type' which is to be a "
                     "`::layoutopt::stream_lite::EncodingOpType`");
    return {};
  }
  if (parser.parseComma() || parser.parseKeyword("element_types") ||
      parser.parseEqual() || parser.parseAttribute(elementTypes))
    return {};
  if (succeeded(parser.parseOptionalComma())) {
    SMLoc sizesLoc = parser.getCurrentLocation();
    if (parser.parseKeyword("iteration_sizes") || parser.parseEqual() ||
        parseDynamicIndexList(parser, iterationSizes))
      return {};
    // An empty list would print as the absent parameter.
    if (iterationSizes.empty()) {
      parser.emitError(sizesLoc, "encoding iteration_sizes must be [M, N, K] "
                                 "(3 entries), got 0");
      return {};
    }
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(), operandIndex, *opType, elementTypes,
                    iterationSizes);
}

void EncodingAttr::print(AsmPrinter &printer) const {
  printer << "<operand_index = " << getOperandIndex()
          << ", op_type = " << stringifyEncodingOpType(getOpType())
          << ", element_types = " << getElementTypes();
  if (!getIterationSizes().empty()) {
    printer << ", iteration_sizes = ";
    printDynamicIndexList(printer, getIterationSizes());
  }
  printer << '>';
}

LogicalResult EncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   int64_t operandIndex, EncodingOpType opType,
                                   ArrayAttr elementTypes,
                                   ArrayRef<int64_t> iterationSizes) {
  if (!llvm::all_of(elementTypes, [](Attribute a) { return isa<TypeAttr>(a); }))
    return emitError() << "element_types must be a list of types";
  if ((opType == EncodingOpType::matmul ||
       opType == EncodingOpType::batch_matmul) &&
      elementTypes.size() != 3)
    return emitError() << stringifyEncodingOpType(opType)
                       << " encoding needs 3 element_types (LHS, RHS, "
                          "result), got "
                       << elementTypes.size();
  if (operandIndex < 0 || operandIndex >= static_cast<int64_t>(elementTypes.size()))
    return emitError() << "operand_index " << operandIndex
                       << " is out of range for " << elementTypes.size()
                       << " element_types";
  if (!iterationSizes.empty()) {
    if (iterationSizes.size() != 3)
      return emitError() << "encoding iteration_sizes must be [M, N, K] (3 "
                            "entries), got "
                         << iterationSizes.size();
    for (int64_t size : iterationSizes)
      // 0 is an empty matmul; IREE checks nothing here, but a negative
      // size describes no matmul.
      if (!ShapedType::isDynamic(size) && size < 0)
        return emitError() << "encoding iteration_sizes must be non-negative "
                              "or '?', got "
                           << size;
  }
  return success();
}

bool EncodingAttr::isSerialized() const { return false; }
bool EncodingAttr::isIdentityLayout() const { return false; }
Attribute EncodingAttr::cloneWithLayouts(ArrayRef<Attribute> layouts) const {
  return LayoutAttr::get(getContext(), ArrayAttr::get(getContext(), layouts));
}
std::optional<int64_t>
EncodingAttr::getStaticStorageSizeInBytes(RankedTensorType) const {
  return std::nullopt;
}
Value EncodingAttr::buildStorageSizeInBytes(OpBuilder &, Location,
                                            RankedTensorType, ValueRange) const {
  return {};
}
LogicalResult
EncodingAttr::verifyForType(RankedTensorType type,
                            function_ref<InFlightDiagnostic()> emitError) const {
  if (getOpType() == EncodingOpType::matmul && type.getRank() != 2)
    return emitError() << "matmul encoding on a rank-" << type.getRank()
                       << " tensor (expected rank 2)";
  if (getOpType() == EncodingOpType::batch_matmul && type.getRank() != 3)
    return emitError() << "batch_matmul encoding on a rank-" << type.getRank()
                       << " tensor (expected rank 3: batch, rows, columns)";
  return success();
}

//===----------------------------------------------------------------------===//
// PaddingAttr
//===----------------------------------------------------------------------===//

Attribute PaddingAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> padding;
  if (parser.parseLess() || parseDynamicIndexList(parser, padding) ||
      parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(), padding);
}

void PaddingAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printDynamicIndexList(printer, getPadding());
  printer << '>';
}

LogicalResult PaddingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> padding) {
  for (int64_t p : padding)
    if (!ShapedType::isDynamic(p) && p < 0)
      return emitError() << "padding entries must be non-negative or '?'";
  return success();
}

bool PaddingAttr::isStatic() const {
  return llvm::none_of(getPadding(), ShapedType::isDynamic);
}
bool PaddingAttr::isSerialized() const { return isStatic(); }
bool PaddingAttr::isIdentityLayout() const {
  return isStatic() && getPadContract() == PadContract::NoPadding;
}
Attribute PaddingAttr::cloneWithLayouts(ArrayRef<Attribute> layouts) const {
  if (isStatic())
    return *this;
  return LayoutAttr::get(getContext(), ArrayAttr::get(getContext(), layouts));
}
std::optional<int64_t>
PaddingAttr::getStaticStorageSizeInBytes(RankedTensorType type) const {
  if (!isStatic())
    return std::nullopt;
  return physicalStaticSize(*this, type);
}
Value PaddingAttr::buildStorageSizeInBytes(OpBuilder &builder, Location loc,
                                           RankedTensorType type,
                                           ValueRange dynamicDims) const {
  if (!isStatic())
    return {};
  return physicalSize(*this, builder, loc, type, dynamicDims);
}
LogicalResult
PaddingAttr::verifyForType(RankedTensorType type,
                           function_ref<InFlightDiagnostic()> emitError) const {
  if (static_cast<int64_t>(getPadding().size()) != type.getRank())
    return emitError() << "padding has " << getPadding().size()
                       << " entries but the tensor has rank " << type.getRank();
  return success();
}

//===----------------------------------------------------------------------===//
// TestingAttr
//===----------------------------------------------------------------------===//

LogicalResult TestingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayAttr layouts) {
  if (!layouts)
    return success();
  for (Attribute layout : layouts) {
    auto serializable = dyn_cast<SerializableEncodingAttrInterface>(layout);
    if (!serializable || !serializable.isSerialized())
      return emitError() << "testing layouts must be serialized layouts, got "
                         << layout;
  }
  return success();
}

bool TestingAttr::isSerialized() const { return static_cast<bool>(getLayouts()); }
bool TestingAttr::isIdentityLayout() const {
  return getLayouts() && llvm::all_of(getLayouts(), [](Attribute a) {
           return cast<SerializableEncodingAttrInterface>(a).isIdentityLayout();
         });
}
Attribute TestingAttr::cloneWithLayouts(ArrayRef<Attribute> layouts) const {
  return TestingAttr::get(getContext(), ArrayAttr::get(getContext(), layouts));
}
std::optional<int64_t>
TestingAttr::getStaticStorageSizeInBytes(RankedTensorType type) const {
  if (!getLayouts())
    return std::nullopt;
  return maxStaticStorageSize(getLayouts(), type);
}
Value TestingAttr::buildStorageSizeInBytes(OpBuilder &builder, Location loc,
                                           RankedTensorType type,
                                           ValueRange dynamicDims) const {
  if (!getLayouts())
    return {};
  return maxStorageSize(getLayouts(), builder, loc, type, dynamicDims);
}
LogicalResult
TestingAttr::verifyForType(RankedTensorType type,
                           function_ref<InFlightDiagnostic()> emitError) const {
  if (!getLayouts())
    return success();
  return verifyLayoutList(getLayouts(), type, emitError);
}

//===----------------------------------------------------------------------===//
// LayoutAttr
//===----------------------------------------------------------------------===//

LogicalResult LayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayAttr layouts) {
  if (layouts.empty())
    return emitError() << "layout list must not be empty";
  for (Attribute layout : layouts) {
    auto serializable = dyn_cast<SerializableEncodingAttrInterface>(layout);
    if (!serializable || !serializable.isSerialized() || isa<LayoutAttr>(layout))
      return emitError() << "layout entries must be serialized layouts, got "
                         << layout;
  }
  return success();
}

PhysicalLayoutAttrInterface LayoutAttr::getUniquePhysicalLayout() const {
  PhysicalLayoutAttrInterface common;
  for (Attribute entry : getLayouts()) {
    auto physical = dyn_cast<PhysicalLayoutAttrInterface>(entry);
    if (!physical)
      return {};
    if (!common)
      common = physical;
    else if (!arePhysicallyEqual(common, physical))
      return {};
    // Writers keep the stronger pad contract (a packed tail of zero bits
    // for tiles of 1), which satisfies readers of every entry.
    else if (physical.getPadContract() == PadContract::Zero)
      common = physical;
  }
  return common;
}

bool LayoutAttr::isSerialized() const { return true; }
bool LayoutAttr::isIdentityLayout() const {
  return llvm::all_of(getLayouts(), [](Attribute a) {
    return cast<SerializableEncodingAttrInterface>(a).isIdentityLayout();
  });
}
Attribute LayoutAttr::cloneWithLayouts(ArrayRef<Attribute> layouts) const {
  return LayoutAttr::get(getContext(), ArrayAttr::get(getContext(), layouts));
}
std::optional<int64_t>
LayoutAttr::getStaticStorageSizeInBytes(RankedTensorType type) const {
  return maxStaticStorageSize(getLayouts(), type);
}
Value LayoutAttr::buildStorageSizeInBytes(OpBuilder &builder, Location loc,
                                          RankedTensorType type,
                                          ValueRange dynamicDims) const {
  return maxStorageSize(getLayouts(), builder, loc, type, dynamicDims);
}
LogicalResult
LayoutAttr::verifyForType(RankedTensorType type,
                          function_ref<InFlightDiagnostic()> emitError) const {
  return verifyLayoutList(getLayouts(), type, emitError);
}

//===----------------------------------------------------------------------===//
// IdentityAttr
//===----------------------------------------------------------------------===//

bool IdentityAttr::isSerialized() const { return true; }
bool IdentityAttr::isIdentityLayout() const { return true; }
Attribute IdentityAttr::cloneWithLayouts(ArrayRef<Attribute>) const {
  return *this;
}
std::optional<int64_t>
IdentityAttr::getStaticStorageSizeInBytes(RankedTensorType type) const {
  return physicalStaticSize(*this, type);
}
Value IdentityAttr::buildStorageSizeInBytes(OpBuilder &builder, Location loc,
                                            RankedTensorType type,
                                            ValueRange dynamicDims) const {
  return physicalSize(*this, builder, loc, type, dynamicDims);
}
LogicalResult
IdentityAttr::verifyForType(RankedTensorType,
                            function_ref<InFlightDiagnostic()>) const {
  return success();
}

//===----------------------------------------------------------------------===//
// TiledAttr
//===----------------------------------------------------------------------===//

static ParseResult parseIntList(AsmParser &parser, StringRef keyword,
                                SmallVectorImpl<int64_t> &values) {
  if (parser.parseKeyword(keyword) || parser.parseEqual())
    return failure();
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() {
    return parser.parseInteger(values.emplace_back());
  });
}

Attribute TiledAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> innerDimsPos, innerTiles, outerDimsPerm;
  SwizzleAttr swizzle;
  if (parser.parseLess() ||
      parseIntList(parser, "inner_dims_pos", innerDimsPos) ||
      parser.parseComma() || parseIntList(parser, "inner_tiles", innerTiles))
    return {};
  while (succeeded(parser.parseOptionalComma())) {
    if (swizzle) {
      parser.emitError(parser.getCurrentLocation(),
                       "tiled swizzle must be the last parameter");
      return {};
    }
    if (succeeded(parser.parseOptionalKeyword("swizzle"))) {
      if (parser.parseEqual() || parser.parseAttribute(swizzle))
        return {};
      continue;
    }
    if (!outerDimsPerm.empty()) {
      parser.emitError(parser.getCurrentLocation(),
                       "expected 'swizzle' after outer_dims_perm");
      return {};
    }
    if (parseIntList(parser, "outer_dims_perm", outerDimsPerm))
      return {};
  }
  if (parser.parseGreater())
    return {};
  // The identity permutation is the default: drop it so that equal layouts
  // are equal attributes.
  if (isIdentityPermutation(outerDimsPerm))
    outerDimsPerm.clear();
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(), innerDimsPos, innerTiles, outerDimsPerm,
                    swizzle);
}

void TiledAttr::print(AsmPrinter &printer) const {
  auto printList = [&](StringRef name, ArrayRef<int64_t> values) {
    printer << name << " = [";
    llvm::interleaveComma(values, printer);
    printer << ']';
  };
  printer << '<';
  printList("inner_dims_pos", getInnerDimsPos());
  printer << ", ";
  printList("inner_tiles", getInnerTiles());
  if (!getOuterDimsPerm().empty() && !isIdentityPermutation(getOuterDimsPerm())) {
    printer << ", ";
    printList("outer_dims_perm", getOuterDimsPerm());
  }
  if (getSwizzle())
    printer << ", swizzle = " << getSwizzle();
  printer << '>';
}

LogicalResult TiledAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                ArrayRef<int64_t> innerDimsPos,
                                ArrayRef<int64_t> innerTiles,
                                ArrayRef<int64_t> outerDimsPerm,
                                SwizzleAttr swizzle) {
  if (innerDimsPos.size() != innerTiles.size())
    return emitError() << "inner_dims_pos has " << innerDimsPos.size()
                       << " entries but inner_tiles has " << innerTiles.size();
  llvm::SmallSet<int64_t, 4> seen;
  for (int64_t pos : innerDimsPos)
    if (pos < 0 || !seen.insert(pos).second)
      return emitError() << "inner_dims_pos entries must be distinct and "
                            "non-negative";
  for (int64_t tile : innerTiles)
    if (tile <= 0)
      return emitError() << "inner_tiles must be positive, got " << tile;
  if (!isPermutation(outerDimsPerm))
    return emitError() << "outer_dims_perm must be a permutation";
  if (swizzle) {
    std::string why = swizzle.getTileMismatch(innerTiles);
    if (!why.empty())
      return emitError() << "tiled " << why;
  }
  return success();
}

SmallVector<int64_t> TiledAttr::getOuterDimsPermOrIdentity(int64_t rank) const {
  if (!getOuterDimsPerm().empty())
    return llvm::to_vector(getOuterDimsPerm());
  return llvm::to_vector(llvm::seq<int64_t>(0, rank));
}

bool TiledAttr::isSerialized() const { return true; }
bool TiledAttr::isIdentityLayout() const {
  return isa<IdentityAttr>(getCanonicalLayout());
}
Attribute TiledAttr::cloneWithLayouts(ArrayRef<Attribute>) const { return *this; }
std::optional<int64_t>
TiledAttr::getStaticStorageSizeInBytes(RankedTensorType type) const {
  return physicalStaticSize(*this, type);
}
Value TiledAttr::buildStorageSizeInBytes(OpBuilder &builder, Location loc,
                                         RankedTensorType type,
                                         ValueRange dynamicDims) const {
  return physicalSize(*this, builder, loc, type, dynamicDims);
}
LogicalResult
TiledAttr::verifyForType(RankedTensorType type,
                         function_ref<InFlightDiagnostic()> emitError) const {
  int64_t rank = type.getRank();
  for (int64_t pos : getInnerDimsPos())
    if (pos >= rank)
      return emitError() << "tiled inner_dims_pos " << pos
                         << " is out of range for a rank-" << rank << " tensor";
  if (!getOuterDimsPerm().empty() &&
      static_cast<int64_t>(getOuterDimsPerm().size()) != rank)
    return emitError() << "tiled outer_dims_perm has " << getOuterDimsPerm().size()
                       << " entries but the tensor has rank " << rank;
  return success();
}

//===----------------------------------------------------------------------===//
// SwizzleAttr
//===----------------------------------------------------------------------===//

Attribute SwizzleAttr::parse(AsmParser &parser, Type) {
  SmallVector<DenseI64ArrayAttr> expandShape;
  SmallVector<int64_t> permutation;
  if (parser.parseLess() || parser.parseKeyword("expand_shape") ||
      parser.parseEqual() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() {
        SmallVector<int64_t> factors;
        if (parser.parseCommaSeparatedList(
                AsmParser::Delimiter::Square,
                [&]() { return parser.parseInteger(factors.emplace_back()); }))
          return failure();
        expandShape.push_back(
            DenseI64ArrayAttr::get(parser.getContext(), factors));
        return success();
      }) ||
      parser.parseComma() ||
      parseIntList(parser, "permutation", permutation) || parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(), expandShape, permutation);
}

void SwizzleAttr::print(AsmPrinter &printer) const {
  printer << "<expand_shape = [";
  llvm::interleaveComma(getExpandShape(), printer, [&](DenseI64ArrayAttr list) {
    printer << '[';
    llvm::interleaveComma(list.asArrayRef(), printer);
    printer << ']';
  });
  printer << "], permutation = [";
  llvm::interleaveComma(getPermutation(), printer);
  printer << "]>";
}

LogicalResult SwizzleAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<DenseI64ArrayAttr> expandShape,
                                  ArrayRef<int64_t> permutation) {
  if (expandShape.empty())
    return emitError() << "swizzle expand_shape must have one list per inner "
                          "tile dim, got none";
  size_t expanded = 0;
  for (auto [j, list] : llvm::enumerate(expandShape)) {
    if (!list || list.empty())
      return emitError() << "swizzle expand_shape list " << j
                         << " is empty";
    for (int64_t factor : list.asArrayRef())
      if (factor <= 0)
        return emitError() << "swizzle expand_shape factors must be positive, "
                              "got "
                           << factor;
    expanded += list.size();
  }
  if (permutation.size() != expanded || !isPermutation(permutation))
    return emitError() << "swizzle permutation must be a permutation of the "
                       << expanded << " expanded dims";
  return success();
}

std::string SwizzleAttr::getTileMismatch(ArrayRef<int64_t> tiles) const {
  ArrayRef<DenseI64ArrayAttr> lists = getExpandShape();
  if (lists.size() != tiles.size())
    return llvm::formatv("swizzle expand_shape has {0} lists but there are "
                         "{1} inner tiles",
                         lists.size(), tiles.size());
  for (auto [j, list, tile] : llvm::enumerate(lists, tiles)) {
    // Factors are positive and their product is checked step by step, so a
    // huge list cannot overflow into a match.
    std::optional<int64_t> product = 1;
    for (int64_t factor : list.asArrayRef()) {
      product = llvm::checkedMul(*product, factor);
      if (!product)
        return llvm::formatv("swizzle expand_shape list {0} has a product "
                             "larger than its inner tile {1}",
                             j, tile);
    }
    if (*product != tile)
      return llvm::formatv("swizzle expand_shape list {0} has product {1} but "
                           "its inner tile is {2}",
                           j, *product, tile);
  }
  return {};
}

SmallVector<SwizzleAttr::ExpandedDim> SwizzleAttr::getExpandedDims() const {
  SmallVector<ExpandedDim> dims;
  for (auto [j, list] : llvm::enumerate(getExpandShape())) {
    // Row-major split: the last factor steps by 1, each earlier one by the
    // product of those after it (fits: the product is a verified tile).
    size_t first = dims.size();
    int64_t stride = 1;
    for (int64_t factor : llvm::reverse(list.asArrayRef())) {
      dims.push_back({static_cast<int64_t>(j), factor, stride});
      stride *= factor;
    }
    std::reverse(dims.begin() + first, dims.end());
  }
  return dims;
}

//===----------------------------------------------------------------------===//
// SpecializedAttr
//===----------------------------------------------------------------------===//

bool SpecializedAttr::isSerialized() const { return true; }
bool SpecializedAttr::isIdentityLayout() const { return false; }
Attribute SpecializedAttr::cloneWithLayouts(ArrayRef<Attribute>) const {
  return *this;
}
// A testing layout: sized like the dense tensor so that sizeof works.
std::optional<int64_t>
SpecializedAttr::getStaticStorageSizeInBytes(RankedTensorType type) const {
  return physicalStaticSize(IdentityAttr::get(getContext()), type);
}
Value SpecializedAttr::buildStorageSizeInBytes(OpBuilder &builder, Location loc,
                                               RankedTensorType type,
                                               ValueRange dynamicDims) const {
  return physicalSize(IdentityAttr::get(getContext()), builder, loc, type,
                      dynamicDims);
}
LogicalResult
SpecializedAttr::verifyForType(RankedTensorType,
                               function_ref<InFlightDiagnostic()>) const {
  return success();
}

} // namespace layoutopt::stream_lite
