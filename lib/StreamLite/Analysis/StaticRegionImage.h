//===- StaticRegionImage.h - regions with static values ---------*- C++ -*-===//
//
// Private to the transfer planner. Maps a region whose dims, offsets and
// lengths are all constants to one box of the layout's physical dims, or
// explains why it is not one byte range (docs/passes.md, DMA or dispatch).
// Regions with dynamic values: SymbolicRegionImage.h.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_ANALYSIS_STATICREGIONIMAGE_H
#define STREAMLITE_ANALYSIS_STATICREGIONIMAGE_H

#include "StreamLite/Analysis/TransferPlanner.h"

#include <optional>
#include <string>

namespace layoutopt::stream_lite::detail {

/// All dims, offsets and lengths as constants, if they are.
struct StaticRegion {
  llvm::SmallVector<int64_t> dims, offsets, lengths;
};
std::optional<StaticRegion> getStatic(const TensorRegion &region);

/// The image of a static region in a layout's physical dims: one box.
struct RegionImage {
  struct BoxDim {
    PhysicalDim dim;
    int64_t begin, extent;
    /// Steps from `begin` that hold region elements (the rest are pads).
    int64_t used;
  };
  llvm::SmallVector<BoxDim> box;
  int64_t slots = 1;
  int64_t elements = 1;
  PadContract contract = PadContract::NoPadding;
  /// The box dims of extent > 1, adjacent steps of one logical dim merged:
  /// two images with equal signatures hold the region's elements in the same
  /// order at the same relative positions.
  llvm::SmallVector<PhysicalDim> signature;

  bool hasPads() const { return slots > elements; }
};

/// Maps a static region to one contiguous box of the layout's physical dims,
/// or explains why it does not. With `trimTrailingPads`, the box ends with
/// the region's last element row instead of the pads that follow it.
mlir::FailureOr<RegionImage> mapStaticRegion(PhysicalLayoutAttrInterface layout,
                                             const StaticRegion &region,
                                             std::string &why,
                                             bool trimTrailingPads = false);

/// "rows 1..2 are contiguous", "region [0, 2) x [1, 3) is contiguous".
std::string describeRegion(const StaticRegion &region);

/// The slots a static range of packed elements moves: the image's, or,
/// when those end inside a byte and its last element ends a byte, through
/// that element (rule 8 judges the region's end, not its trailing pads).
int64_t packedRangeSlots(const RegionImage &image, ElementWidth width);

} // namespace layoutopt::stream_lite::detail

#endif // STREAMLITE_ANALYSIS_STATICREGIONIMAGE_H
