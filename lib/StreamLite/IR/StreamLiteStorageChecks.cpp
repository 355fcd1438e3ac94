//===- StreamLiteStorageChecks.cpp - per-type encoding and size checks ----===//
//
// The checks op verifiers make of each tensor type they name: its encoding
// fits it, and every storage size it can have fits in int64. Both are pure
// functions of the type, so each holds once per type and thread
// (StreamLiteDialect::VerifiedTypeFact); and the run-time form of the size
// check.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/IR/StreamLiteAttrs.h"
#include "StreamLite/IR/StreamLiteDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;

namespace layoutopt::stream_lite {

/// The dialect whose cache holds the facts of `type`: its encoding's, found
/// without the context's lookup by name when the encoding is ours.
static StreamLiteDialect *getFactCache(RankedTensorType type) {
  if (Attribute encoding = type.getEncoding()) {
    Dialect &dialect = encoding.getDialect();
    if (dialect.getTypeID() == TypeID::get<StreamLiteDialect>())
      return static_cast<StreamLiteDialect *>(&dialect);
  }
  return type.getContext()->getLoadedDialect<StreamLiteDialect>();
}

/// Runs `check` for `type` unless `fact` is already recorded for it, and
/// records it when the check passes (a failure is re-diagnosed each time).
static LogicalResult
checkOncePerType(RankedTensorType type,
                 StreamLiteDialect::VerifiedTypeFact fact,
                 function_ref<LogicalResult()> check) {
  StreamLiteDialect *dialect = getFactCache(type);
  if (dialect && dialect->hasVerifiedTypeFact(type, fact))
    return success();
  if (failed(check()))
    return failure();
  if (dialect)
    dialect->recordVerifiedTypeFact(type, fact);
  return success();
}

LogicalResult verifyEncodingForType(RankedTensorType type,
                                    function_ref<InFlightDiagnostic()> emitError) {
  auto encoding = getSerializableEncoding(type);
  if (!encoding)
    return success();
  return checkOncePerType(
      type, StreamLiteDialect::VerifiedTypeFact::EncodingFitsType,
      [&] { return encoding.verifyForType(type, emitError); });
}

/// Every physical layout a storage size of `type` may be computed with:
/// dense (identity) always, since every layout holds at least the dense
/// bytes, plus each static physical layout its encoding names.
static SmallVector<PhysicalLayoutAttrInterface>
getPossibleLayouts(RankedTensorType type) {
  SmallVector<PhysicalLayoutAttrInterface> layouts{
      IdentityAttr::get(type.getContext())};
  auto addIfStatic = [&](Attribute attr) {
    if (auto padding = dyn_cast<PaddingAttr>(attr); padding && !padding.isStatic())
      return;
    if (auto physical = dyn_cast<PhysicalLayoutAttrInterface>(attr))
      layouts.push_back(physical);
  };
  Attribute encoding = type.getEncoding();
  if (auto list = dyn_cast_if_present<LayoutAttr>(encoding))
    llvm::for_each(list.getLayouts(), addIfStatic);
  else if (auto testing = dyn_cast_if_present<TestingAttr>(encoding);
           testing && testing.getLayouts())
    llvm::for_each(testing.getLayouts(), addIfStatic);
  else if (encoding)
    addIfStatic(encoding);
  return layouts;
}

static LogicalResult
verifyStorageSizeFitsUncached(RankedTensorType type,
                              function_ref<InFlightDiagnostic()> emitError) {
  ElementWidth width = ElementWidth::of(type.getElementType());
  if (!width.hasStorage())
    return success();
  SmallVector<int64_t> shape(type.getShape());
  for (int64_t &dim : shape)
    if (ShapedType::isDynamic(dim))
      dim = 1;
  for (PhysicalLayoutAttrInterface layout : getPossibleLayouts(type)) {
    if (layout.getCheckedStorageSizeInBytes(shape, width))
      continue;
    InFlightDiagnostic diag = emitError();
    diag << "storage size of " << type;
    if (layout != IdentityAttr::get(type.getContext()))
      diag << " in layout " << Attribute(layout);
    diag << " exceeds 2^63 - 1 bytes";
    if (!type.hasStaticShape())
      diag << " (with every dynamic dim 1)";
    return failure();
  }
  return success();
}

LogicalResult
verifyStorageSizeFits(RankedTensorType type,
                      function_ref<InFlightDiagnostic()> emitError) {
  return checkOncePerType(
      type, StreamLiteDialect::VerifiedTypeFact::StorageSizeFits,
      [&] { return verifyStorageSizeFitsUncached(type, emitError); });
}

Value buildStorageSizeOverflow(OpBuilder &builder, Location loc,
                               RankedTensorType type, ValueRange dynamicDims) {
  ElementWidth width = ElementWidth::of(type.getElementType());
  if (!width.hasStorage())
    return {};
  SmallVector<OpFoldResult> dims = getMixedDims(builder, type, dynamicDims);
  Value result;
  for (PhysicalLayoutAttrInterface layout : getPossibleLayouts(type)) {
    Value overflow =
        layout.buildStorageSizeOverflow(builder, loc, dims, width);
    if (!overflow)
      continue;
    result = result ? arith::OrIOp::create(builder, loc, result, overflow)
                          .getResult()
                    : overflow;
  }
  return result;
}

} // namespace layoutopt::stream_lite
