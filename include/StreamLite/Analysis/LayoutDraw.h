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

#include "mlir/IR/BuiltinOps.h"
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

/// Slots per tile of `image`: the product of the inner dims, which follow
/// the outer dims (one per logical dim); 0 when the layout has no tiles. A
/// swizzle's inner dims step by strides > 1 but still lie inside one tile,
/// so strides cannot tell outer from inner dims.
int64_t getTileSlots(const LayoutImage &image);

/// Writes what `layout-draw --describe` prints: the resolved layout, the
/// type that carries it and its storage (from `image` when the shape is
/// static): "layout: ...", "type: ...", "storage: ..." lines.
void describeLayout(const ResolvedLayout &resolved, const LayoutImage *image,
                    llvm::raw_ostream &os);

/// Writes, as Markdown, what each tensor type with a stream_lite encoding
/// that `op` produces or takes becomes on each device the op may run on
/// (its affinity's devices, or every device of `module` when it has none):
/// per device target the resolved layout and its storage bytes. A physical
/// layout is shown once, with its storage. Writes nothing (returns false)
/// when `op` has no such type. What layout-lsp-server shows on hover.
bool describeOpLayouts(mlir::Operation *op, mlir::ModuleOp module,
                       llvm::raw_ostream &os);

/// Writes the SVG picture of `image` (and of `region`, when given) to `os`.
void drawLayoutSvg(const LayoutImage &image,
                   const std::optional<DrawRegion> &region,
                   const DrawOptions &options, llvm::raw_ostream &os);

} // namespace layoutopt::stream_lite

#endif // STREAMLITE_ANALYSIS_LAYOUTDRAW_H
