//===- LayoutDraw.cpp - SVG pictures of layouts and transfers -------------===//
//
// The picture is a grid of element slots in storage order, `slotsPerRow` to
// a row. Every shape is a <rect> with a class naming what it is, so tests
// (and readers) can count them: `slot` (an element), `pad` (padding),
// `tile` (one tile's border), `touched` (an element of the region), `dma`
// (the planner's DMA run). A tile or run that is not whole picture rows gets
// one rect per row it spans.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Analysis/LayoutDraw.h"

#include "StreamLite/Analysis/TransferPlanner.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace layoutopt::stream_lite {

namespace {

constexpr int64_t kSlotWidth = 44, kSlotHeight = 28;
constexpr int64_t kLeft = 90, kTop = 86, kRight = 20, kBottom = 20;

std::string escape(llvm::StringRef text) {
  std::string out;
  for (char c : text) {
    switch (c) {
    case '&': out += "&amp;"; break;
    case '<': out += "&lt;"; break;
    case '>': out += "&gt;"; break;
    case '"': out += "&quot;"; break;
    default: out += c;
    }
  }
  return out;
}

std::string join(llvm::ArrayRef<int64_t> values) {
  return "[" + llvm::join(llvm::map_range(values, [](int64_t v) {
           return std::to_string(v);
         }), ", ") + "]";
}

/// Row-major multi-index of element `linear`.
SmallVector<int64_t> delinearize(int64_t linear, llvm::ArrayRef<int64_t> shape) {
  SmallVector<int64_t> index(shape.size());
  for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
    index[d] = shape[d] ? linear % shape[d] : 0;
    linear = shape[d] ? linear / shape[d] : 0;
  }
  return index;
}

int64_t pickSlotsPerRow(const LayoutImage &image) {
  llvm::ArrayRef<PhysicalDim> dims = image.physicalDims;
  if (dims.empty())
    return 1;
  int64_t perRow = dims.back().extent;
  if (perRow > 32)
    return 16;
  for (int64_t d = int64_t(dims.size()) - 2; d >= 0; --d) {
    if (perRow * dims[d].extent > 16)
      break;
    perRow *= dims[d].extent;
  }
  return std::max<int64_t>(perRow, 1);
}

/// Slots per tile: the inner dims after the last outer dim of a tiled dim
/// (stride > 1); 0 when the layout has no tiles.
int64_t getTileSlots(const LayoutImage &image) {
  llvm::ArrayRef<PhysicalDim> dims = image.physicalDims;
  int64_t tile = 0;
  for (size_t d = 0; d < dims.size(); ++d) {
    if (dims[d].stride <= 1)
      continue;
    tile = 1;
    for (size_t e = d + 1; e < dims.size(); ++e)
      tile *= dims[e].extent;
  }
  return tile;
}

struct Painter {
  llvm::raw_ostream &os;
  int64_t perRow;

  /// Rects covering slots [begin, end): one for a block of whole picture
  /// rows, one for each part of a row.
  void spans(int64_t begin, int64_t end, llvm::StringRef cls,
             llvm::StringRef style, int64_t inset) {
    for (int64_t s = begin; s < end;) {
      int64_t row = s / perRow, rows = 1, next;
      if (s % perRow == 0 && end - s >= perRow) {
        rows = (end - s) / perRow;
        next = s + rows * perRow;
      } else {
        next = std::min(end, (row + 1) * perRow);
      }
      int64_t x = kLeft + (s % perRow) * kSlotWidth + inset;
      int64_t y = kTop + row * kSlotHeight + inset;
      int64_t slots = rows > 1 ? perRow : next - s;
      os << llvm::formatv("<rect class=\"{0}\" x=\"{1}\" y=\"{2}\" "
                          "width=\"{3}\" height=\"{4}\" {5}/>\n",
                          cls, x, y, slots * kSlotWidth - 2 * inset,
                          rows * kSlotHeight - 2 * inset, style);
      s = next;
    }
  }
};

/// The planner's answer for `region` of `image`, and the DMA run's slots
/// [begin, end) when it is one.
struct PlannedRegion {
  std::string caption;
  std::optional<std::pair<int64_t, int64_t>> run;
};

PlannedRegion planRegion(const LayoutImage &image, const DrawRegion &region) {
  MLIRContext *ctx = image.type.getContext();
  Builder builder(ctx);
  auto attrs = [&](llvm::ArrayRef<int64_t> values) {
    SmallVector<OpFoldResult> out;
    for (int64_t v : values)
      out.push_back(builder.getIndexAttr(v));
    return out;
  };
  TensorRegion part;
  part.type = image.type;
  part.dims = attrs(image.type.getShape());
  part.offsets = attrs(region.offsets);
  part.lengths = attrs(region.lengths);
  auto dense = RankedTensorType::get(region.lengths,
                                     image.type.getElementType());
  TensorRegion other = TensorRegion::whole(dense, {});

  TransferPlanner planner;
  TransferPlan plan;
  std::optional<ByteSpan> span;
  llvm::StringRef what;
  switch (region.kind) {
  case DrawRegion::Kind::Slice:
    what = "slice";
    plan = planner.planCopy(part, other);
    span = plan.source;
    break;
  case DrawRegion::Kind::Update:
    what = "update";
    plan = planner.planCopy(other, part);
    span = plan.target;
    break;
  case DrawRegion::Kind::Fill: {
    what = "fill";
    unsigned bits = unsigned(image.elementBytes * 8);
    std::optional<llvm::APInt> pattern;
    if (region.fillBits)
      pattern = llvm::APInt(bits, *region.fillBits);
    plan = planner.planFillRegion(part, pattern, bits, {8, 16, 32});
    span = plan.target;
    break;
  }
  }

  PlannedRegion result;
  std::string head = llvm::formatv("{0} offsets {1} lengths {2}: ", what,
                                   join(region.offsets), join(region.lengths));
  bool dma = plan.kind == TransferPlan::Kind::Copy ||
             plan.kind == TransferPlan::Kind::Fill;
  if (!dma || plan.isError || !span) {
    result.caption = head + "a dispatch, not one DMA run (" +
                     plan.explanation + ")";
    return result;
  }
  int64_t slots = image.storageBytes / image.elementBytes;
  if (span->wholeStorage) {
    result.run = {0, slots};
  } else {
    int64_t count = 1;
    for (OpFoldResult factor : span->elementFactors) {
      std::optional<int64_t> c = getConstantIntValue(factor);
      count *= c.value_or(0);
    }
    SmallVector<int64_t> start;
    for (OpFoldResult index : span->start)
      start.push_back(getConstantIntValue(index).value_or(0));
    int64_t first = count ? image.layout.getElementByteOffset(
                                image.type.getShape(),
                                ElementWidth::ofBytes(image.elementBytes),
                                start) / image.elementBytes
                          : 0;
    result.run = {first, first + count};
  }
  auto [begin, end] = *result.run;
  result.caption = head + llvm::formatv(
      "one DMA run, bytes [{0}, {1}) ({2})", begin * image.elementBytes,
      end * image.elementBytes, plan.explanation).str();
  return result;
}

} // namespace

FailureOr<DrawRegion>
parseDrawRegion(llvm::StringRef kind, llvm::StringRef text,
                const LayoutImage &image,
                llvm::function_ref<InFlightDiagnostic()> emitError) {
  DrawRegion region;
  if (kind == "slice")
    region.kind = DrawRegion::Kind::Slice;
  else if (kind == "update")
    region.kind = DrawRegion::Kind::Update;
  else if (kind == "fill")
    region.kind = DrawRegion::Kind::Fill;
  else
    return emitError() << "unknown region kind '" << kind
                       << "' (expected slice, update or fill)";
  auto [offsetText, lengthText] = text.split(':');
  auto parseList = [&](llvm::StringRef list,
                       SmallVector<int64_t> &out) -> LogicalResult {
    SmallVector<llvm::StringRef> items;
    list.split(items, ',');
    for (llvm::StringRef item : items) {
      int64_t v;
      if (item.trim().getAsInteger(10, v) || v < 0)
        return emitError() << "malformed " << kind << " region '" << text
                           << "' (expected OFFSETS:LENGTHS, e.g. 1,0:2,3)";
      out.push_back(v);
    }
    return success();
  };
  if (!text.contains(':') || failed(parseList(offsetText, region.offsets)) ||
      failed(parseList(lengthText, region.lengths)))
    return emitError() << "malformed " << kind << " region '" << text
                       << "' (expected OFFSETS:LENGTHS, e.g. 1,0:2,3)";
  llvm::ArrayRef<int64_t> shape = image.type.getShape();
  if (region.offsets.size() != shape.size() ||
      region.lengths.size() != shape.size())
    return emitError() << kind << " region '" << text << "' has "
                       << region.offsets.size() << " offsets and "
                       << region.lengths.size() << " lengths for a rank-"
                       << shape.size() << " tensor";
  for (size_t d = 0; d < shape.size(); ++d)
    if (region.offsets[d] + region.lengths[d] > shape[d])
      return emitError() << kind << " region '" << text << "' exceeds dim "
                         << d << " (size " << shape[d] << ")";
  return region;
}

void drawLayoutSvg(const LayoutImage &image,
                   const std::optional<DrawRegion> &region,
                   const DrawOptions &options, llvm::raw_ostream &os) {
  llvm::ArrayRef<int64_t> shape = image.type.getShape();
  int64_t elementBytes = image.elementBytes;
  int64_t slots = (image.storageBytes + elementBytes - 1) / elementBytes;
  int64_t perRow =
      options.slotsPerRow > 0 ? options.slotsPerRow : pickSlotsPerRow(image);
  int64_t rows = std::max<int64_t>((slots + perRow - 1) / perRow, 1);
  int64_t elements = int64_t(image.offsets.size());
  SmallVector<int64_t> owner(slots, -1);
  for (auto [i, offset] : llvm::enumerate(image.offsets))
    owner[offset / elementBytes] = int64_t(i);
  int64_t tileSlots = getTileSlots(image);
  std::optional<PlannedRegion> planned;
  if (region)
    planned = planRegion(image, *region);

  std::string typeText;
  llvm::raw_string_ostream(typeText) << image.type;
  // Captions are monospace at about 7 pixels a character.
  size_t caption = std::max(typeText.size(),
                            planned ? planned->caption.size() : size_t(0));
  int64_t width = std::max<int64_t>(kLeft + perRow * kSlotWidth + kRight,
                                    16 + 7 * int64_t(caption));
  int64_t height = kTop + rows * kSlotHeight + kBottom;
  os << llvm::formatv("<svg xmlns=\"http://www.w3.org/2000/svg\" "
                      "width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
                      "font-family=\"monospace\" font-size=\"11\">\n",
                      width, height);
  os << "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" "
        "patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
        "<rect width=\"6\" height=\"6\" fill=\"#eeeeee\"/>"
        "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#999999\" "
        "stroke-width=\"2\"/></pattern></defs>\n";
  os << "<text x=\"8\" y=\"18\">" << escape(typeText) << "</text>\n";
  os << "<text x=\"8\" y=\"36\">"
     << llvm::formatv("{0} bytes of storage: {1} elements of {2} bytes, {3} "
                      "padding bytes (hatched)",
                      image.storageBytes, elements, elementBytes,
                      image.storageBytes - elements * elementBytes);
  if (tileSlots)
    os << llvm::formatv("; tiles of {0} slots (thick borders)", tileSlots);
  os << "</text>\n";
  if (planned)
    os << "<text x=\"8\" y=\"54\">" << escape(planned->caption)
       << "</text>\n";

  // Slots, in storage order.
  int64_t logicalRows = shape.size() > 1 ? shape[shape.size() - 2] : 1;
  int64_t logicalCols = shape.empty() ? 1 : shape.back();
  for (int64_t s = 0; s < slots; ++s) {
    int64_t x = kLeft + (s % perRow) * kSlotWidth;
    int64_t y = kTop + (s / perRow) * kSlotHeight;
    if (s % perRow == 0)
      os << llvm::formatv("<text x=\"8\" y=\"{0}\">byte {1}</text>\n",
                          y + kSlotHeight / 2 + 4, s * elementBytes);
    if (owner[s] < 0) {
      os << llvm::formatv("<rect class=\"pad\" x=\"{0}\" y=\"{1}\" "
                          "width=\"{2}\" height=\"{3}\" fill=\"url(#hatch)\" "
                          "stroke=\"#cccccc\"/>\n",
                          x, y, kSlotWidth, kSlotHeight);
      continue;
    }
    SmallVector<int64_t> index = delinearize(owner[s], shape);
    int64_t row = shape.size() > 1 ? index[shape.size() - 2] : 0;
    int64_t col = shape.empty() ? 0 : index.back();
    int64_t hue = (row * 360) / std::max<int64_t>(logicalRows, 1);
    int64_t light = 80 - (col * 35) / std::max<int64_t>(logicalCols, 1);
    os << llvm::formatv("<rect class=\"slot\" x=\"{0}\" y=\"{1}\" "
                        "width=\"{2}\" height=\"{3}\" "
                        "fill=\"hsl({4},70%,{5}%)\" stroke=\"#ffffff\"/>\n",
                        x, y, kSlotWidth, kSlotHeight, hue, light);
    os << llvm::formatv("<text x=\"{0}\" y=\"{1}\" text-anchor=\"middle\">"
                        "{2}</text>\n",
                        x + kSlotWidth / 2, y + kSlotHeight / 2 + 4,
                        llvm::join(llvm::map_range(index, [](int64_t v) {
                          return std::to_string(v);
                        }), ","));
  }

  Painter painter{os, perRow};
  if (tileSlots)
    for (int64_t t = 0; t < slots; t += tileSlots)
      painter.spans(t, std::min(slots, t + tileSlots), "tile",
                    "fill=\"none\" stroke=\"#000000\" stroke-width=\"3\"", 0);

  if (region) {
    // The region's elements, by logical index.
    SmallVector<int64_t> index(region->offsets);
    int64_t count = 1;
    for (int64_t length : region->lengths)
      count *= length;
    for (int64_t i = 0; i < count; ++i) {
      int64_t linear = 0;
      for (size_t d = 0; d < shape.size(); ++d)
        linear = linear * shape[d] + index[d];
      int64_t s = image.offsets[linear] / elementBytes;
      painter.spans(s, s + 1, "touched",
                    "fill=\"none\" stroke=\"#d00000\" stroke-width=\"2\"", 3);
      for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
        if (++index[d] < region->offsets[d] + region->lengths[d])
          break;
        index[d] = region->offsets[d];
      }
    }
    if (planned->run && planned->run->second > planned->run->first)
      painter.spans(planned->run->first, planned->run->second, "dma",
                    "fill=\"none\" stroke=\"#0050d0\" stroke-width=\"2\" "
                    "stroke-dasharray=\"6,3\"",
                    6);
  }
  os << "</svg>\n";
}

} // namespace layoutopt::stream_lite
