//===- SubByteSpans.cpp - DMA rule 8 for packed sub-byte types -----------===//
//
// Private to the transfer planner: a DMA range of packed sub-byte elements
// (i2, i4) must start on a byte boundary and end on one (or with the
// storage's last slot, where the rest of the byte is tail bits that may
// change); ranges that cut a byte become builtin dispatches
// (read-modify-write).
//===----------------------------------------------------------------------===//

#include "SymbolicRegionImage.h"
#include "StreamLite/IR/IndexArith.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace layoutopt::stream_lite::detail {

/// Rule 8: a span of packed sub-byte elements is bytes only when it starts
/// and ends on a byte boundary for every value of the dynamic dims, or where
/// `end` allows. Returns why not, or "".
std::string whyNotWholeBytes(const ByteSpan &span,
                                    const TensorRegion &region,
                                    ElementWidth width, SpanEnd end) {
  if (span.wholeStorage)
    return "";
  PhysicalLayoutAttrInterface layout = getPhysicalLayout(region.type);
  int64_t perByte = width.slotsPerByte();
  Type elementType = region.type.getElementType();
  int64_t count = 1;
  bool exactCount = !span.steps;
  if (span.steps) {
    SmallVector<OpFoldResult> index(
        region.dims.size(), Builder(region.type.getContext()).getIndexAttr(0));
    index[span.steps->dim] = Builder(region.type.getContext())
                                 .getIndexAttr(span.steps->stepElements);
    count = getKnownElementSlotDivisor(layout, region.dims, index);
  } else {
    for (OpFoldResult factor : span.elementFactors) {
      std::optional<int64_t> c = IndexArith::known(factor);
      if (c == 0)
        return ""; // Moves no byte.
      if (c)
        count *= *c;
      exactCount &= c.has_value();
    }
  }
  int64_t start = getKnownElementSlotDivisor(layout, region.dims, span.start);
  if (start % perByte != 0)
    return llvm::formatv("the region starts inside a byte ({0} elements "
                         "share a byte of {1})",
                         perByte, elementType);
  if (count % perByte == 0 || end == SpanEnd::Anywhere)
    return "";
  // A static span (whose start is then exact) that ends with the storage's
  // last slot: the rest of its last byte is tail bits, no element. (The
  // slot count is the storage size of one-byte slots.)
  SmallVector<int64_t> dims;
  for (OpFoldResult dim : region.dims)
    if (std::optional<int64_t> c = IndexArith::known(dim))
      dims.push_back(*c);
  bool isStatic = dims.size() == region.dims.size() &&
                  llvm::all_of(span.start, [](OpFoldResult v) {
                    return IndexArith::known(v).has_value();
                  });
  if (end == SpanEnd::WithLastSlot && isStatic && exactCount &&
      start + count ==
          layout.getStorageSizeInBytes(dims, ElementWidth::ofBytes(1)))
    return "";
  return llvm::formatv("the region ends inside a byte ({0} elements share "
                       "a byte of {1})",
                       perByte, elementType);
}

} // namespace layoutopt::stream_lite::detail
