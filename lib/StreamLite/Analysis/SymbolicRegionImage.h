//===- SymbolicRegionImage.h - regions with dynamic values ------*- C++ -*-===//
//
// Private to the transfer planner. Maps a region whose dims, offsets or
// lengths may be dynamic to one byte range that is contiguous for EVERY value
// of them, or explains why that cannot be proven (docs/passes.md, DMA or
// dispatch). Static regions are decided exactly in StaticRegionImage.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_ANALYSIS_SYMBOLICREGIONIMAGE_H
#define STREAMLITE_ANALYSIS_SYMBOLICREGIONIMAGE_H

#include "StreamLite/Analysis/TransferPlanner.h"

namespace layoutopt::stream_lite::detail {

/// Whether the in-tile dims of a layout's physical dims (those after the
/// `rank` outer ones) are not one stride-1 dim per tiled logical dim: a
/// swizzle split or reordered them, so a tile moves as bytes only whole (or
/// as one element).
bool isSwizzled(llvm::ArrayRef<PhysicalDim> dims, int64_t rank);

/// A size along a physical dim: a constant, or `count / divisor` (rounded
/// up when `roundUp`) plus `addend`, for every value of `count`.
struct Size {
  std::optional<int64_t> value;
  mlir::OpFoldResult count;
  int64_t divisor = 1;
  bool roundUp = false;
  int64_t addend = 0;

  static Size of(mlir::OpFoldResult count, int64_t divisor = 1,
                 bool roundUp = false, int64_t addend = 0);
  static Size constant(int64_t value) { return {value, {}, 1, false, 0}; }
  /// Provably equal for every value.
  bool operator==(const Size &other) const;
};

/// The byte range of a region, proven for every value of its dynamic parts.
struct SymbolicImage {
  /// The moved physical dims from the first one that is not provably a
  /// single step: logical dim, logical stride, size. Entries of size 1 are
  /// left out and adjacent steps of one logical dim merged, so two images
  /// with equal signatures hold the region's elements at the same relative
  /// byte positions.
  struct Entry {
    int64_t logicalDim, stride;
    Size size;
  };
  llvm::SmallVector<Entry> signature;
  ByteSpan span;
  /// Whether the range may hold pad slots (false: provably none), and
  /// whether it does for every value.
  bool mayHavePads = false, hasPads = false;
  PadContract contract = PadContract::NoPadding;
};

/// Maps `region` in `layout` to one byte range that is contiguous for every
/// value of its dynamic dims, offsets and lengths, keeping only the region's
/// elements and the pads between them. Fails with the reason in `why`.
mlir::FailureOr<SymbolicImage>
mapSymbolicRegion(PhysicalLayoutAttrInterface layout,
                  const TensorRegion &region, std::string &why);

/// Whether two images provably hold the region's elements at the same
/// relative byte positions.
bool haveSameSignature(const SymbolicImage &a, const SymbolicImage &b);

/// Whether `value` is provably a multiple of `factor` for every value of
/// its dynamic parts (IndexArith::knownDivisor: constants, sums, products
/// and selects of such in arith, loop induction variables).
bool isProvablyMultipleOf(mlir::OpFoldResult value, int64_t factor);

/// A region for remarks: `rows [2, 4)`, `rows [?, ? + 2)`, `region [0, ?) x [1, 3)`.
std::string describeSymbolicRegion(const TensorRegion &region);

/// Where a packed sub-byte span may end besides a byte boundary.
enum class SpanEnd {
  OnByte,
  /// With the last slot of a static storage (its tail bits may change).
  WithLastSlot,
  /// Anywhere (a source: the rest of its last byte is read, never written).
  Anywhere,
};

/// DMA rule 8 (SubByteSpans.cpp): why `span` of `region`, of packed
/// sub-byte elements of `width`, does not start on a byte boundary and end
/// on one (or where `end` allows) for every value of the dynamic dims; ""
/// when it does.
std::string whyNotWholeBytes(const ByteSpan &span, const TensorRegion &region,
                             ElementWidth width, SpanEnd end);

} // namespace layoutopt::stream_lite::detail

#endif // STREAMLITE_ANALYSIS_SYMBOLICREGIONIMAGE_H
