//===- StreamLiteResolvers.cpp - targets and encoding resolvers -----------===//
//
// What each built-in resolver makes of an unserialized encoding
// (docs/language.md, Resolvers).
//
//===----------------------------------------------------------------------===//

#include "StreamLite/IR/StreamLiteAttrs.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace layoutopt::stream_lite {

//===----------------------------------------------------------------------===//
// TargetAttr and resolvers
//===----------------------------------------------------------------------===//

LogicalResult TargetAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 StringAttr backend, Attribute resolver) {
  if (!backend || backend.getValue().empty())
    return emitError() << "target backend must be a non-empty string";
  if (resolver && !isa<EncodingResolverAttrInterface>(resolver))
    return emitError() << "target resolver " << resolver
                       << " is not an encoding resolver";
  return success();
}

EncodingResolverAttrInterface TargetAttr::getEffectiveResolver() const {
  if (getResolver())
    return cast<EncodingResolverAttrInterface>(getResolver());
  return IdentityResolverAttr::get(getContext());
}

/// Whether `encoding` is an unserialized intent a resolver must act on.
static bool isResolvable(Attribute encoding) {
  auto serializable = dyn_cast_if_present<SerializableEncodingAttrInterface>(encoding);
  return serializable && !serializable.isSerialized();
}

static FailureOr<Attribute> failResolve(function_ref<InFlightDiagnostic()> emitError,
                                        const Twine &reason) {
  if (emitError)
    emitError() << reason;
  return failure();
}

FailureOr<Attribute>
IdentityResolverAttr::getLayout(RankedTensorType type,
                                function_ref<InFlightDiagnostic()> emitError) const {
  if (!isResolvable(type.getEncoding()))
    return failResolve(emitError, "encoding is not an unserialized encoding");
  return Attribute(IdentityAttr::get(getContext()));
}

FailureOr<Attribute> UnsupportedResolverAttr::getLayout(
    RankedTensorType type, function_ref<InFlightDiagnostic()> emitError) const {
  return failResolve(emitError, "the target's resolver is unsupported_resolver");
}

FailureOr<Attribute> SpecializationResolverAttr::getLayout(
    RankedTensorType type, function_ref<InFlightDiagnostic()> emitError) const {
  if (!isResolvable(type.getEncoding()))
    return failResolve(emitError, "encoding is not an unserialized encoding");
  return Attribute(
      SpecializedAttr::get(getContext(), getSeed(), type.dropEncoding()));
}

LogicalResult
PaddingResolverAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                            int64_t cacheLineBytes, int64_t cacheSets) {
  if (cacheLineBytes <= 0 || cacheSets <= 0)
    return emitError() << "cache_line_bytes and cache_sets must be positive";
  return success();
}

std::optional<int64_t>
PaddingResolverAttr::getPadBytes(int64_t rowBytes) const {
  int64_t line = getCacheLineBytes();
  // A set span past int64 is longer than any row: no padding (and no
  // division by its wrapped value).
  std::optional<int64_t> setSpan = llvm::checkedMul(line, getCacheSets());
  if (!setSpan || rowBytes < *setSpan)
    return 0;
  std::optional<int64_t> padded =
      llvm::checkedMul(rowBytes / line + (rowBytes % line != 0), line);
  if (padded && *padded % *setSpan == 0)
    padded = llvm::checkedAdd(*padded, line);
  if (!padded)
    return std::nullopt;
  return *padded - rowBytes;
}

FailureOr<Attribute> PaddingResolverAttr::getLayout(
    RankedTensorType type, function_ref<InFlightDiagnostic()> emitError) const {
  auto request = dyn_cast_if_present<PaddingAttr>(type.getEncoding());
  if (!request || request.isStatic())
    return failResolve(emitError,
                       "padding_resolver only resolves padding<[0, ..., 0, ?]> requests");
  ArrayRef<int64_t> padding = request.getPadding();
  if (padding.empty() || !ShapedType::isDynamic(padding.back()) ||
      llvm::any_of(padding.drop_back(), [](int64_t p) { return p != 0; }))
    return failResolve(emitError,
                       "padding_resolver needs padding<[0, ..., 0, ?]> (zero leading entries)");
  if (type.getRank() == 0 || type.isDynamicDim(type.getRank() - 1))
    return failResolve(emitError, "padding request on a dynamic innermost dim");
  int64_t elementBytes = getElementByteWidth(type.getElementType());
  if (elementBytes == 0)
    return failResolve(emitError, "element type has no byte size");
  SmallVector<int64_t> resolved(padding.size(), 0);
  int64_t row = type.getShape().back();
  if (isPackedSubByteType(type.getElementType())) {
    // Packed elements: the rule applies to the row's bytes
    // R = ceil(d * w / 8), and the pad is returned in elements.
    int64_t bits = type.getElementType().getIntOrFloatBitWidth();
    int64_t rowBytes = llvm::divideCeil(row, 8 / bits);
    std::optional<int64_t> padBytes = getPadBytes(rowBytes);
    std::optional<int64_t> pad =
        padBytes ? llvm::checkedMul(*padBytes, int64_t(8 / bits))
                 : std::nullopt;
    if (!pad)
      return failResolve(emitError, "padding_resolver: a row of " +
                                        Twine(rowBytes) +
                                        " bytes padded overflows 64 bits");
    resolved.back() = *pad;
  } else {
    std::optional<int64_t> rowBytes = llvm::checkedMul(row, elementBytes);
    std::optional<int64_t> padBytes =
        rowBytes ? getPadBytes(*rowBytes) : std::nullopt;
    if (!padBytes)
      return failResolve(emitError, "padding_resolver: a row of " +
                                        Twine(row) + " elements of " +
                                        Twine(elementBytes) +
                                        " bytes padded overflows 64 bits");
    // Whole elements only: a pad that is not a multiple of the element size
    // (odd element widths) is rounded up.
    resolved.back() = llvm::divideCeil(*padBytes, elementBytes);
  }
  return Attribute(PaddingAttr::get(getContext(), resolved));
}

LogicalResult TilingResolverAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                         int64_t m, int64_t n, int64_t k,
                                         SwizzleAttr lhsSwizzle,
                                         SwizzleAttr rhsSwizzle,
                                         SwizzleAttr resultSwizzle) {
  if (m <= 0 || n <= 0 || k <= 0)
    return emitError() << "tiling_resolver tiles must be positive";
  std::pair<StringRef, SwizzleAttr> swizzles[] = {
      {"lhs_swizzle", lhsSwizzle},
      {"rhs_swizzle", rhsSwizzle},
      {"result_swizzle", resultSwizzle}};
  SmallVector<int64_t> tiles[] = {{m, k}, {n, k}, {m, n}};
  for (auto [named, operandTiles] : llvm::zip_equal(swizzles, tiles)) {
    if (!named.second)
      continue;
    std::string why = named.second.getTileMismatch(operandTiles);
    if (!why.empty())
      return emitError() << "tiling_resolver " << named.first << ": " << why;
  }
  return success();
}

/// The narrow tile for a static size below the configured `tile`: the
/// smallest power of two >= `size` (1 for an empty matmul's 0), or `tile`
/// itself when that power is larger (a tile need not be a power of two).
/// Unsigned, since the power of a size above 2^62 is 2^63, past int64_t.
static int64_t narrowTile(int64_t size, int64_t tile) {
  uint64_t power =
      llvm::PowerOf2Ceil(std::max<uint64_t>(static_cast<uint64_t>(size), 1));
  return power > static_cast<uint64_t>(tile) ? tile
                                              : static_cast<int64_t>(power);
}

FailureOr<Attribute> TilingResolverAttr::getLayout(
    RankedTensorType type, function_ref<InFlightDiagnostic()> emitError) const {
  auto encoding = dyn_cast_if_present<EncodingAttr>(type.getEncoding());
  if (!encoding || (encoding.getOpType() != EncodingOpType::matmul &&
                    encoding.getOpType() != EncodingOpType::batch_matmul))
    return failResolve(emitError,
                       "tiling_resolver only resolves matmul and batch_matmul "
                       "encodings");
  // A batch_matmul tiles its last two dims as a matmul: every position
  // shifts by the leading batch dim, which is never tiled.
  bool batch = encoding.getOpType() == EncodingOpType::batch_matmul;
  if (type.getRank() != (batch ? 3 : 2))
    return failResolve(emitError, batch ? "tiling_resolver needs a rank-3 "
                                          "batch_matmul operand"
                                        : "tiling_resolver needs a rank-2 "
                                          "matmul operand");
  // Narrow tiles: a small static M or N needs no more than the smallest
  // power of two that holds it. K never shrinks (the reduction reads whole
  // K tiles of both operands, which must agree).
  int64_t m = getM(), n = getN(), k = getK();
  ArrayRef<int64_t> sizes = encoding.getIterationSizes();
  bool narrowM = false, narrowN = false;
  if (!sizes.empty()) {
    if (!ShapedType::isDynamic(sizes[0]) && sizes[0] < m) {
      m = narrowTile(sizes[0], m);
      narrowM = m < getM();
    }
    if (!ShapedType::isDynamic(sizes[1]) && sizes[1] < n) {
      n = narrowTile(sizes[1], n);
      narrowN = n < getN();
    }
  }
  MLIRContext *ctx = getContext();
  int64_t b = batch ? 1 : 0;
  SmallVector<int64_t> rhsPerm = {1, 0};
  if (batch)
    rhsPerm = {0, 2, 1};
  // A swizzle is written for the full tiles; an operand whose tile shrank
  // gets none.
  switch (encoding.getOperandIndex()) {
  case 0:
    return Attribute(TiledAttr::get(ctx, {b, b + 1}, {m, k}, {},
                                    narrowM ? SwizzleAttr() : getLhsSwizzle()));
  case 1:
    return Attribute(TiledAttr::get(ctx, {b + 1, b}, {n, k}, rhsPerm,
                                    narrowN ? SwizzleAttr() : getRhsSwizzle()));
  case 2:
    return Attribute(TiledAttr::get(
        ctx, {b, b + 1}, {m, n}, {},
        narrowM || narrowN ? SwizzleAttr() : getResultSwizzle()));
  default:
    return failResolve(emitError, "matmul operand_index must be 0, 1 or 2");
  }
}

bool isResolvedLayout(Attribute layout) {
  auto serialized =
      dyn_cast_if_present<SerializableEncodingAttrInterface>(layout);
  return serialized && serialized.isSerialized() && !isa<LayoutAttr>(layout);
}

} // namespace layoutopt::stream_lite
