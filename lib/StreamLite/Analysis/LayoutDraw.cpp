//===- LayoutDraw.cpp - SVG pictures of layouts and transfers -------------===//
//
// The picture is a grid of element slots in storage order, `slotsPerRow` to
// a row. Every shape is a <rect> with a class naming what it is, so tests
// (and readers) can count them: `slot` (an element), `pad` (padding),
// `tile` (one tile's border), `touched` (an element of the region), `dma`
// (the planner's DMA run), and for packed sub-byte elements `byte` (one
// storage byte's border around the slots sharing it). A tile or run that is
// not whole picture rows gets one rect per row it spans.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Analysis/LayoutDraw.h"

#include "StreamLite/Analysis/TransferPlanner.h"
#include "StreamLite/IR/StreamLiteOps.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"

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
    unsigned bits = unsigned(image.elementBits);
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
  int64_t slots = image.getSlotCount();
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
    int64_t first =
        count ? image.layout.getElementSlot(image.type.getShape(), start) : 0;
    result.run = {first, first + count};
  }
  auto [begin, end] = *result.run;
  result.caption = head + llvm::formatv(
      "one DMA run, bytes [{0}, {1}) ({2})", begin * image.elementBits / 8,
      llvm::divideCeil(end * image.elementBits, 8), plan.explanation).str();
  return result;
}

} // namespace

int64_t getTileSlots(const LayoutImage &image) {
  llvm::ArrayRef<PhysicalDim> dims = image.physicalDims;
  size_t rank = image.type.getRank();
  if (dims.size() <= rank)
    return 0;
  int64_t tile = 1;
  for (const PhysicalDim &dim : dims.drop_front(rank))
    tile *= dim.extent;
  return tile;
}

void describeLayout(const ResolvedLayout &resolved, const LayoutImage *image,
                    llvm::raw_ostream &os) {
  os << "layout: " << resolved.layout << "\n";
  os << "type: " << resolved.type << "\n";
  if (image) {
    os << "storage: " << describeStorage(*image);
    if (int64_t tile = getTileSlots(*image))
      os << "; tiles of " << tile << " slots";
    os << "\n";
  } else if (resolved.storageBytes) {
    os << "storage: " << *resolved.storageBytes << " bytes\n";
  } else {
    os << "storage: depends on the dynamic dims\n";
  }
}

bool describeOpLayouts(Operation *op, ModuleOp module, llvm::raw_ostream &os) {
  llvm::SetVector<RankedTensorType> types;
  auto collect = [&](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (tensor && getSerializableEncoding(tensor))
      types.insert(tensor);
  };
  for (Type type : op->getResultTypes())
    collect(type);
  for (Type type : op->getOperandTypes())
    collect(type);
  // Tensor-phase ops name their tensor types in attributes.
  for (NamedAttribute attr : op->getAttrs())
    if (auto typeAttr = dyn_cast<TypeAttr>(attr.getValue()))
      collect(typeAttr.getValue());
  if (types.empty())
    return false;

  SmallVector<DeviceOp> devices;
  AffinityAttr affinity = lookupAffinity(op);
  if (affinity) {
    for (FlatSymbolRefAttr name : affinity.getDevices())
      if (auto device = SymbolTable::lookupNearestSymbolFrom<DeviceOp>(
              module, name.getAttr()))
        devices.push_back(device);
  } else {
    llvm::append_range(devices, module.getOps<DeviceOp>());
  }
  MLIRContext *ctx = op->getContext();
  for (RankedTensorType type : types) {
    os << "`" << type << "`\n\n";
    // Errors become part of the text, not diagnostics of the document.
    std::string reason;
    ScopedDiagnosticHandler capture(ctx, [&](Diagnostic &diag) {
      reason = diag.str();
      return success();
    });
    auto emitError = [&] { return mlir::emitError(UnknownLoc::get(ctx)); };
    auto line = [&](const FailureOr<ResolvedLayout> &resolved) {
      if (failed(resolved)) {
        os << "cannot resolve: " << reason << "\n";
        return;
      }
      os << "`" << resolved->layout << "`";
      if (resolved->storageBytes)
        os << ", " << *resolved->storageBytes << " bytes";
      else
        os << ", size depends on the dynamic dims";
      os << "\n";
    };
    if (!needsLayoutResolution(type)) {
      os << "- layout: ";
      line(resolveLayout(type, Attribute(), emitError));
      continue;
    }
    if (devices.empty()) {
      os << "- no device to resolve it for\n";
      continue;
    }
    if (!affinity)
      os << "no affinity: every device of the module\n\n";
    for (DeviceOp device : devices)
      for (Attribute target : device.getTargets()) {
        os << "- @" << device.getSymName() << " ("
           << cast<TargetAttr>(target).getBackend().getValue() << "): ";
        line(resolveLayout(type, target, emitError));
      }
    os << "\n";
  }
  return true;
}

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
  // Offsets and lengths are non-negative but may each be near INT64_MAX, so
  // compare without forming their sum.
  for (size_t d = 0; d < shape.size(); ++d)
    if (region.offsets[d] > shape[d] ||
        region.lengths[d] > shape[d] - region.offsets[d])
      return emitError() << kind << " region '" << text << "' exceeds dim "
                         << d << " (size " << shape[d] << ")";
  return region;
}

void drawLayoutSvg(const LayoutImage &image,
                   const std::optional<DrawRegion> &region,
                   const DrawOptions &options, llvm::raw_ostream &os) {
  llvm::ArrayRef<int64_t> shape = image.type.getShape();
  int64_t slots = image.getSlotCount();
  int64_t slotsPerByte = image.isPacked() ? 8 / image.elementBits : 1;
  int64_t perRow =
      options.slotsPerRow > 0 ? options.slotsPerRow : pickSlotsPerRow(image);
  // Packed: whole bytes a row, so every row starts at a byte.
  if (options.slotsPerRow <= 0)
    perRow = llvm::alignTo(perRow, slotsPerByte);
  int64_t rows = std::max<int64_t>((slots + perRow - 1) / perRow, 1);
  SmallVector<int64_t> owner(slots, -1);
  for (auto [i, slot] : llvm::enumerate(image.slots))
    owner[slot] = int64_t(i);
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
  os << "<text x=\"8\" y=\"36\">" << describeStorage(image) << " (hatched)";
  if (tileSlots)
    os << llvm::formatv("; tiles of {0} slots (thick borders)", tileSlots);
  if (image.isPacked())
    os << "; bytes in thin borders";
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
    if (s % perRow == 0) {
      int64_t bit = s * image.elementBits;
      os << llvm::formatv("<text x=\"8\" y=\"{0}\">", y + kSlotHeight / 2 + 4);
      if (bit % 8 == 0)
        os << llvm::formatv("byte {0}</text>\n", bit / 8);
      else
        os << llvm::formatv("bit {0}</text>\n", bit);
    }
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
  // Packed elements share bytes: a thin border per byte shows which.
  if (image.isPacked())
    for (int64_t b = 0; b < image.storageBytes; ++b)
      painter.spans(b * slotsPerByte, (b + 1) * slotsPerByte, "byte",
                    "fill=\"none\" stroke=\"#555555\" stroke-width=\"1\"",
                    1);
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
      int64_t s = image.slots[linear];
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
