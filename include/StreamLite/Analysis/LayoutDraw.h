//===- LayoutDraw.h - SVG pictures of layouts and transfers -----*- C++ -*-===//
//
// What layout-draw (docs/tools.md) writes: the byte image of a static
// tensor type as an SVG, one box per element slot, coloured by the logical
// row and column of the element it holds; padding slots hatched; tile
// borders drawn. With a region it also draws which slots a slice, update or
// fill of that region touches, and the transfer planner's answer: whether
// they are one DMA run (and which bytes it moves) or need a dispatch.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_ANALYSIS_LAYOUTDRAW_H
#define STREAMLITE_ANALYSIS_LAYOUTDRAW_H

#include "StreamLite/Analysis/LayoutImage.h"

#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace layoutopt::stream_lite {

/// A transfer on a region of the drawn tensor.
struct DrawRegion {
  enum class Kind { Slice, Update, Fill };
  Kind kind = Kind::Slice;
  llvm::SmallVector<int64_t> offsets;
  llvm::SmallVector<int64_t> lengths;
  /// Fill: the element value's bits, when constant (else the planner sees
  /// a value unknown at compile time).
  std::optional<uint64_t> fillBits;
};

struct DrawOptions {
  /// Element slots per row of the picture; 0 picks one from the layout's
  /// physical dims (whole inner rows or tiles, at most 16 slots).
  int64_t slotsPerRow = 0;
};

/// Parses `OFFSETS:LENGTHS` (`1,0:2,3`) for a region of `kind` (`slice`,
/// `update` or `fill`) and checks it against `image`'s shape.
mlir::FailureOr<DrawRegion>
parseDrawRegion(llvm::StringRef kind, llvm::StringRef text,
                const LayoutImage &image,
                llvm::function_ref<mlir::InFlightDiagnostic()> emitError);

/// Writes the SVG picture of `image` (and of `region`, when given) to `os`.
void drawLayoutSvg(const LayoutImage &image,
                   const std::optional<DrawRegion> &region,
                   const DrawOptions &options, llvm::raw_ostream &os);

} // namespace layoutopt::stream_lite

#endif // STREAMLITE_ANALYSIS_LAYOUTDRAW_H
