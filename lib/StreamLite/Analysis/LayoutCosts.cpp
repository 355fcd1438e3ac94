//===- LayoutCosts.cpp - what layouts cost in bytes -----------------------===//
//
// buildLayoutReport walks each function once in program order (pre-order),
// recording the resources ops create, the transfers they make and, for the
// liveness, the position of each op. Sizes come from the physical layout
// interface, DMA decisions from the transfer planner.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Analysis/LayoutCosts.h"
#include "StreamLite/Analysis/LayoutDraw.h"
#include "StreamLite/Analysis/LayoutImage.h"
#include "StreamLite/Analysis/TransferPlanner.h"
#include "StreamLite/IR/StreamLiteAttrs.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;

namespace layoutopt::stream_lite {

std::optional<double> ResourceEntry::growth() const {
  if (!logicalBytes || !physicalBytes || *logicalBytes == 0)
    return std::nullopt;
  return double(*physicalBytes) / double(*logicalBytes);
}

namespace {

std::string printed(Attribute attr) {
  std::string text;
  llvm::raw_string_ostream os(text);
  attr.print(os);
  return text;
}

std::string printed(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

std::string printedLoc(Location loc) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (auto fileLoc = loc->findInstanceOf<FileLineColLoc>())
    os << fileLoc.getFilename().getValue() << ":" << fileLoc.getLine() << ":"
       << fileLoc.getColumn();
  else
    loc.print(os);
  return text;
}

std::string deviceNames(AffinityAttr affinity) {
  if (!affinity)
    return "";
  std::string names;
  for (FlatSymbolRefAttr device : affinity.getDevices()) {
    if (!names.empty())
      names += ",";
    names += device.getValue().str();
  }
  return names;
}

std::string deviceOf(Operation *op) {
  if (auto affinityOp = dyn_cast<AffinityOpInterface>(op))
    return deviceNames(affinityOp.getEffectiveAffinity());
  return "";
}

/// Static shape of `type` with dims `dims`: constants, else the assumed
/// value; none when a dim stays unknown.
std::optional<SmallVector<int64_t>>
getShape(RankedTensorType type, ValueRange dims,
         const LayoutReportOptions &options) {
  SmallVector<int64_t> shape;
  unsigned next = 0;
  for (int64_t dim : type.getShape()) {
    if (!ShapedType::isDynamic(dim)) {
      shape.push_back(dim);
      continue;
    }
    std::optional<int64_t> value;
    if (next < dims.size())
      value = getConstantIntValue(OpFoldResult(dims[next]));
    ++next;
    if (!value)
      value = options.assumedDynamicDim;
    if (!value || *value < 0)
      return std::nullopt;
    shape.push_back(*value);
  }
  return shape;
}

/// Bytes of the dense row-major tensor (the identity layout).
std::optional<int64_t> logicalBytes(RankedTensorType type,
                                    std::optional<SmallVector<int64_t>> shape) {
  ElementWidth width = ElementWidth::of(type.getElementType());
  if (!shape || !width.hasStorage())
    return std::nullopt;
  auto identity = getPhysicalLayout(
      RankedTensorType::get(type.getShape(), type.getElementType()));
  return identity.getCheckedStorageSizeInBytes(*shape, width);
}

/// Bytes of the tensor in its layout; for a `layout<[...]>` whose entries
/// differ, the largest.
std::optional<int64_t>
physicalBytes(RankedTensorType type,
              std::optional<SmallVector<int64_t>> shape) {
  ElementWidth width = ElementWidth::of(type.getElementType());
  if (!shape || !width.hasStorage())
    return std::nullopt;
  if (PhysicalLayoutAttrInterface layout = getPhysicalLayout(type))
    return layout.getCheckedStorageSizeInBytes(*shape, width);
  if (SerializableEncodingAttrInterface encoding =
          getSerializableEncoding(type))
    return encoding.getStaticStorageSizeInBytes(RankedTensorType::get(
        *shape, type.getElementType(), type.getEncoding()));
  return std::nullopt;
}

std::string layoutName(RankedTensorType type) {
  if (PhysicalLayoutAttrInterface layout = getPhysicalLayout(type))
    return printed(Attribute(layout));
  return printed(type.getEncoding());
}

/// Bytes holding `elements` elements of `width` (packed: rounded up).
std::optional<int64_t> elementsToBytes(std::optional<int64_t> elements,
                                       ElementWidth width) {
  int64_t bytes;
  if (!elements)
    return std::nullopt;
  if (width.isPacked())
    return llvm::divideCeil(*elements, width.slotsPerByte());
  if (llvm::MulOverflow(*elements, width.bytes(), bytes))
    return std::nullopt;
  return bytes;
}

/// Bytes of a DMA span, when constant.
std::optional<int64_t> spanBytes(const std::optional<ByteSpan> &span,
                                 std::optional<int64_t> wholeBytes,
                                 ElementWidth width) {
  if (!span)
    return std::nullopt;
  if (span->wholeStorage)
    return wholeBytes;
  if (span->steps)
    return std::nullopt;
  int64_t elements = 1;
  for (OpFoldResult factor : span->elementFactors) {
    std::optional<int64_t> value = getConstantIntValue(factor);
    if (!value || llvm::MulOverflow(elements, *value, elements))
      return std::nullopt;
  }
  return elementsToBytes(elements, width);
}

struct ReportBuilder {
  ReportBuilder(ModuleOp module, const LayoutReportOptions &options)
      : options(options) {}

  void addFunction(func::FuncOp func);
  void addTransfer(Operation *op, StringRef function);
  void finish();

  const LayoutReportOptions &options;
  SymbolTableCollection symbols;
  LayoutReport report;
  llvm::MapVector<StringRef, DeviceEntry> devices;
  std::vector<std::string> deviceNameStorage;
};

void ReportBuilder::addFunction(func::FuncOp func) {
  DenseMap<Operation *, int64_t> position;
  DenseMap<Value, size_t> entryOf;
  struct Live {
    size_t entry;
    int64_t def;
    SmallVector<Value> values;
  };
  std::vector<Live> lives;
  // Resource entry -> its index in `lives`: a tied write finds the live
  // range it extends in O(1), not by a scan of the function's resources.
  DenseMap<size_t, size_t> liveOf;
  StringRef function = func.getSymName();
  int64_t counter = 0;
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    position[op] = counter++;
    auto add = [&](Value result, RankedTensorType type, std::string device,
                   std::optional<int64_t> logical,
                   std::optional<int64_t> physical) {
      ResourceEntry entry{op,
                          cast<OpResult>(result).getResultNumber(),
                          function.str(),
                          std::move(device),
                          type,
                          layoutName(type),
                          logical,
                          physical};
      entryOf[result] = report.resources.size();
      liveOf[report.resources.size()] = lives.size();
      lives.push_back({report.resources.size(), position[op], {result}});
      report.resources.push_back(std::move(entry));
    };
    if (auto transfer = dyn_cast<AsyncTransferOp>(op)) {
      auto it = entryOf.find(transfer.getSource());
      if (it != entryOf.end()) {
        ResourceEntry source = report.resources[it->second];
        add(transfer.getResult(), source.type,
            deviceNames(transfer.getResultAffinityAttr()), source.logicalBytes,
            source.physicalBytes);
      }
      return;
    }
    addTransfer(op, function);
    auto tensorOp = dyn_cast<EncodedTensorOpInterface>(op);
    if (!tensorOp)
      return;
    for (const EncodedTensor &tensor : tensorOp.getEncodedTensors()) {
      if (tensor.role == TensorRole::Writes) {
        auto it = entryOf.find(tensor.resource);
        if (it != entryOf.end() && tensor.result) {
          entryOf[tensor.result] = it->second;
          auto live = liveOf.find(it->second);
          if (live != liveOf.end())
            lives[live->second].values.push_back(tensor.result);
        }
        continue;
      }
      if (tensor.role != TensorRole::Allocates &&
          tensor.role != TensorRole::Creates &&
          tensor.role != TensorRole::Copies)
        continue;
      RankedTensorType type = tensor.getType();
      auto shape = getShape(type, tensor.dims, options);
      add(tensor.resource, type, deviceOf(op), logicalBytes(type, shape),
          physicalBytes(type, shape));
    }
  });

  // Program-order liveness: a resource is live from its creator to its
  // last use (of it or of a tied result holding it).
  llvm::MapVector<StringRef, std::vector<std::pair<int64_t, int64_t>>> events;
  for (Live &live : lives) {
    const ResourceEntry &entry = report.resources[live.entry];
    DeviceEntry &device = devices[entry.device];
    device.device = entry.device;
    ++device.resources;
    if (!entry.physicalBytes) {
      ++device.unknownSizeResources;
      continue;
    }
    int64_t last = live.def;
    for (Value value : live.values)
      for (Operation *user : value.getUsers()) {
        auto it = position.find(user);
        if (it != position.end())
          last = std::max(last, it->second);
      }
    auto &list = events[entry.device];
    list.emplace_back(live.def, *entry.physicalBytes);
    list.emplace_back(last + 1, -*entry.physicalBytes);
  }
  for (auto &[name, list] : events) {
    // Frees before allocations at one position.
    llvm::sort(list);
    int64_t current = 0, peak = 0;
    for (auto [at, delta] : list) {
      current += delta;
      peak = std::max(peak, current);
    }
    DeviceEntry &device = devices[name];
    device.peakLiveBytes = std::max(device.peakLiveBytes, peak);
  }
}

void ReportBuilder::addTransfer(Operation *op, StringRef function) {
  auto add = [&](StringRef kind, const TransferPlan &plan,
                 std::optional<int64_t> dmaBytes,
                 std::optional<int64_t> dispatchBytes) {
    if (plan.isError)
      return;
    bool dma = plan.kind != TransferPlan::Kind::Dispatch;
    report.transfers.push_back({op, function.str(), deviceOf(op), kind.str(),
                                dma, dma ? dmaBytes : dispatchBytes});
  };
  auto bytesOf = [&](RankedTensorType type, ValueRange dims, bool physical) {
    auto shape = getShape(type, dims, options);
    return physical ? physicalBytes(type, shape) : logicalBytes(type, shape);
  };
  auto elementBytes = [](RankedTensorType type) {
    return ElementWidth::of(type.getElementType());
  };
  if (auto transfer = dyn_cast<TransferOpInterface>(op)) {
    std::optional<TransferTensor> source = transfer.getTransferSource();
    TransferTensor target = transfer.getTransferTarget();
    TransferPlan plan =
        TransferPlanner().plan(transfer, source, target, symbols);
    // DMA moves the source's span (a fill's target span); a dispatch moves
    // the logical bytes of the region it writes: the whole target, the
    // whole source written into a region of it, or the region itself.
    const TransferTensor &moved = source ? *source : target;
    std::optional<int64_t> dmaBytes =
        spanBytes(source ? plan.source : plan.target,
                  bytesOf(moved.getType(), moved.dims, true),
                  elementBytes(moved.getType()));
    std::optional<int64_t> dispatchBytes;
    if (target.isWhole) {
      dispatchBytes = bytesOf(target.getType(), target.dims, false);
    } else if (source && source->isWhole) {
      dispatchBytes = bytesOf(source->getType(), source->dims, false);
    } else {
      std::optional<int64_t> region = 1;
      for (OpFoldResult length : target.region.lengths) {
        std::optional<int64_t> value = getConstantIntValue(length);
        if (!value || !region || llvm::MulOverflow(*region, *value, *region))
          region = std::nullopt;
      }
      dispatchBytes = elementsToBytes(region, elementBytes(target.getType()));
    }
    // The op's name without its dialect and group: `clone`, `encode`, ...
    StringRef kind = op->getName().getStringRef().rsplit('.').second;
    return add(kind, plan, dmaBytes, dispatchBytes);
  }
  auto dispatch = dyn_cast<TensorDispatchOp>(op);
  if (!dispatch || dispatch.getEntryPoints().size() != 1)
    return;
  // Relayouts fused into this (user) dispatch: the bytes they would have
  // moved, the logical bytes of each result the kernel now writes in the
  // target layout.
  if (auto fused = dispatch->getAttrOfType<DenseI64ArrayAttr>(
          StreamLiteDialect::kFusedRelayoutsAttrName)) {
    ValueRange dims = dispatch.getResultEncodingDims();
    auto types = dispatch.getResultEncodings();
    for (int64_t index : fused.asArrayRef()) {
      if (index < 0 || index >= static_cast<int64_t>(types.size()))
        continue;
      unsigned first = 0;
      for (int64_t i = 0; i < index; ++i)
        first += cast<RankedTensorType>(cast<TypeAttr>(types[i]).getValue())
                     .getNumDynamicDims();
      auto type = cast<RankedTensorType>(cast<TypeAttr>(types[index]).getValue());
      TransferEntry entry{op, function.str(), deviceOf(op), "encode", false,
                          bytesOf(type,
                                  dims.slice(first, type.getNumDynamicDims()),
                                  false)};
      entry.fused = true;
      report.transfers.push_back(entry);
    }
  }
  // A builtin dispatch: its executable says which kernel it calls.
  auto executable = symbols.lookupNearestSymbolFrom<ExecutableOp>(
      dispatch,
      cast<SymbolRefAttr>(dispatch.getEntryPoints()[0]).getRootReference());
  std::optional<BuiltinKind> builtin =
      executable ? executable.getBuiltinKind() : std::nullopt;
  if (!builtin)
    return;
  StringRef kind = stringifyBuiltinKind(*builtin);
  // The tensor the kernel writes: the update operand of an update, else
  // the result (ABI in StreamLite/Transforms/BuiltinKernels.h); a fill
  // writes its region.
  auto resultType = cast<RankedTensorType>(
      cast<TypeAttr>(dispatch.getResultEncodings()[0]).getValue());
  std::optional<int64_t> bytes;
  if (*builtin == BuiltinKind::Update) {
    auto type = cast<RankedTensorType>(
        cast<TypeAttr>(dispatch.getOperandEncodings()[1]).getValue());
    if (type.hasStaticShape())
      bytes = logicalBytes(type, SmallVector<int64_t>(type.getShape()));
  } else if (*builtin == BuiltinKind::Fill) {
    unsigned rank = resultType.getRank();
    unsigned first = 1 + resultType.getNumDynamicDims() + rank;
    auto operands = dispatch.getMixedOperands();
    bytes = 1;
    for (unsigned i = 0; i < rank && bytes; ++i) {
      std::optional<int64_t> value;
      if (first + i < operands.size())
        value = getConstantIntValue(OpFoldResult(operands[first + i]));
      if (!value || llvm::MulOverflow(*bytes, *value, *bytes))
        bytes = std::nullopt;
    }
    bytes = elementsToBytes(bytes, ElementWidth::of(resultType.getElementType()));
  } else {
    bytes = bytesOf(resultType, dispatch.getResultEncodingDims(), false);
  }
  report.transfers.push_back(
      {op, function.str(), deviceOf(op), kind.str(), false, bytes});
}

} // namespace

LayoutReport buildLayoutReport(ModuleOp module,
                               const LayoutReportOptions &options) {
  ReportBuilder builder(module, options);
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isExternal())
      builder.addFunction(func);
  for (auto &[name, device] : builder.devices)
    builder.report.devices.push_back(device);
  return std::move(builder.report);
}

/// The shortest decimal form of `value` that reads back the same ("1.5").
static std::string shortest(double value) {
  llvm::SmallString<32> text;
  llvm::APFloat(value).toString(text);
  return text.str().str();
}

unsigned warnUnresolvedEncodings(const LayoutReport &report) {
  const ResourceEntry *first = nullptr;
  unsigned count = 0;
  for (const ResourceEntry &entry : report.resources) {
    if (!entry.type || !needsLayoutResolution(entry.type))
      continue;
    if (!first)
      first = &entry;
    ++count;
  }
  if (first)
    first->op->emitWarning()
        << "the encoding of " << count
        << " resource(s) is not resolved, so their sizes are unknown ('?' "
           "in the table, null in JSON): run "
           "--stream-lite-specialize-encodings before the report";
  return count;
}

LogicalResult checkLayoutGrowth(const LayoutReport &report, double maxGrowth) {
  bool failed = false;
  for (const ResourceEntry &entry : report.resources) {
    std::optional<double> growth = entry.growth();
    if (!growth || *growth <= maxGrowth)
      continue;
    entry.op->emitOpError()
        << "result " << entry.resultIndex << " takes " << *entry.physicalBytes
        << " bytes for " << *entry.logicalBytes << " logical bytes of "
        << entry.type << " (growth " << llvm::formatv("{0:F2}", *growth)
        << "), more than max-layout-growth=" << shortest(maxGrowth);
    failed = true;
  }
  return llvm::failure(failed);
}

namespace {
void optionalNumber(llvm::json::OStream &json, StringRef key,
                    std::optional<int64_t> value) {
  if (value)
    json.attribute(key, *value);
  else
    json.attribute(key, nullptr);
}

std::string formatBytes(std::optional<int64_t> value) {
  return value ? std::to_string(*value) : std::string("?");
}

/// Left-aligned columns, two spaces apart.
void printTable(llvm::raw_ostream &os, StringRef title,
                const std::vector<std::vector<std::string>> &rows) {
  os << title << "\n";
  std::vector<size_t> widths;
  for (const auto &row : rows)
    for (auto [index, cell] : llvm::enumerate(row)) {
      if (widths.size() <= index)
        widths.push_back(0);
      widths[index] = std::max(widths[index], cell.size());
    }
  for (const auto &row : rows) {
    os << "  ";
    for (auto [index, cell] : llvm::enumerate(row)) {
      os << cell;
      if (index + 1 < row.size())
        os.indent(widths[index] - cell.size() + 2);
    }
    os << "\n";
  }
}

struct Totals {
  int64_t logical = 0, physical = 0, dma = 0, dispatch = 0, fused = 0;
};

StringRef pathOf(const TransferEntry &entry) {
  return entry.fused ? "fused" : entry.dma ? "dma" : "dispatch";
}

Totals getTotals(const LayoutReport &report) {
  Totals totals;
  for (const ResourceEntry &entry : report.resources)
    if (entry.logicalBytes && entry.physicalBytes) {
      totals.logical += *entry.logicalBytes;
      totals.physical += *entry.physicalBytes;
    }
  for (const TransferEntry &entry : report.transfers)
    if (entry.bytes)
      (entry.fused ? totals.fused
       : entry.dma ? totals.dma
                   : totals.dispatch) += *entry.bytes;
  return totals;
}
} // namespace

void writeLayoutReportJson(const LayoutReport &report, llvm::raw_ostream &os) {
  llvm::json::OStream json(os, /*IndentSize=*/2);
  json.object([&] {
    json.attributeArray("resources", [&] {
      for (const ResourceEntry &entry : report.resources)
        json.object([&] {
          json.attribute("function", entry.function);
          json.attribute("op", entry.op->getName().getStringRef());
          json.attribute("loc", printedLoc(entry.op->getLoc()));
          json.attribute("result", int64_t(entry.resultIndex));
          json.attribute("device", entry.device);
          json.attribute("type", printed(Type(entry.type)));
          json.attribute("layout", entry.layout);
          optionalNumber(json, "logical_bytes", entry.logicalBytes);
          optionalNumber(json, "physical_bytes", entry.physicalBytes);
          std::optional<int64_t> waste;
          if (entry.logicalBytes && entry.physicalBytes)
            waste = *entry.physicalBytes - *entry.logicalBytes;
          optionalNumber(json, "waste_bytes", waste);
          json.attributeBegin("growth");
          if (std::optional<double> growth = entry.growth())
            json.rawValue(llvm::formatv("{0:F3}", *growth).str());
          else
            json.value(nullptr);
          json.attributeEnd();
        });
    });
    json.attributeArray("devices", [&] {
      for (const DeviceEntry &entry : report.devices)
        json.object([&] {
          json.attribute("device", entry.device);
          json.attribute("peak_live_bytes", entry.peakLiveBytes);
          json.attribute("resources", int64_t(entry.resources));
          json.attribute("unknown_size_resources",
                         int64_t(entry.unknownSizeResources));
        });
    });
    json.attributeArray("transfers", [&] {
      for (const TransferEntry &entry : report.transfers)
        json.object([&] {
          json.attribute("function", entry.function);
          json.attribute("op", entry.op->getName().getStringRef());
          json.attribute("loc", printedLoc(entry.op->getLoc()));
          json.attribute("kind", entry.kind);
          json.attribute("device", entry.device);
          json.attribute("path", pathOf(entry));
          optionalNumber(json, "bytes", entry.bytes);
        });
    });
    Totals totals = getTotals(report);
    json.attributeObject("totals", [&] {
      json.attribute("logical_bytes", totals.logical);
      json.attribute("physical_bytes", totals.physical);
      json.attribute("dma_bytes", totals.dma);
      json.attribute("dispatch_bytes", totals.dispatch);
      json.attribute("fused_bytes", totals.fused);
    });
  });
  os << "\n";
}

void printLayoutReportTable(const LayoutReport &report,
                            llvm::raw_ostream &os) {
  std::vector<std::vector<std::string>> rows = {
      {"function", "op", "location", "device", "logical", "physical", "growth",
       "layout"}};
  for (const ResourceEntry &entry : report.resources) {
    std::optional<double> growth = entry.growth();
    rows.push_back({entry.function, entry.op->getName().getStringRef().str(),
                    printedLoc(entry.op->getLoc()), entry.device,
                    formatBytes(entry.logicalBytes),
                    formatBytes(entry.physicalBytes),
                    growth ? llvm::formatv("{0:F2}x", *growth).str() : "?",
                    entry.layout});
  }
  printTable(os, "resources:", rows);
  rows = {{"device", "peak live bytes", "resources", "unknown size"}};
  for (const DeviceEntry &entry : report.devices)
    rows.push_back({entry.device, std::to_string(entry.peakLiveBytes),
                    std::to_string(entry.resources),
                    std::to_string(entry.unknownSizeResources)});
  printTable(os, "devices:", rows);
  rows = {{"function", "kind", "location", "device", "path", "bytes"}};
  for (const TransferEntry &entry : report.transfers)
    rows.push_back({entry.function, entry.kind, printedLoc(entry.op->getLoc()),
                    entry.device, pathOf(entry).str(),
                    formatBytes(entry.bytes)});
  printTable(os, "transfers:", rows);
  Totals totals = getTotals(report);
  os << "totals: " << totals.logical << " logical bytes, " << totals.physical
     << " physical bytes, " << totals.dma << " bytes by DMA, "
     << totals.dispatch << " bytes by builtin dispatches, " << totals.fused
     << " bytes of relayouts fused into kernels\n";
}

std::vector<std::pair<std::string, std::string>>
getLayoutReportPictures(const LayoutReport &report,
                        const LayoutReportOptions &options) {
  std::vector<std::pair<std::string, std::string>> files;
  llvm::SetVector<RankedTensorType> types;
  for (const ResourceEntry &resource : report.resources) {
    RankedTensorType type = resource.type;
    if (!type)
      continue;
    if (options.assumedDynamicDim && !type.hasStaticShape()) {
      SmallVector<int64_t> shape(type.getShape());
      for (int64_t &dim : shape)
        if (ShapedType::isDynamic(dim))
          dim = *options.assumedDynamicDim;
      type = type.clone(shape);
    }
    types.insert(type);
  }
  std::string index;
  llvm::raw_string_ostream indexOs(index);
  int64_t drawn = 0;
  for (RankedTensorType type : types) {
    // A type without an image is listed with the reason, not an error: the
    // report covers dynamic shapes too.
    std::string reason;
    FailureOr<LayoutImage> image;
    {
      ScopedDiagnosticHandler capture(type.getContext(), [&](Diagnostic &d) {
        reason = d.str();
        return success();
      });
      image = buildLayoutImage(
          type, [&] { return emitError(UnknownLoc::get(type.getContext())); });
    }
    if (failed(image)) {
      indexOs << "not drawn: " << type << ": " << reason << "\n";
      continue;
    }
    std::string name = "layout-" + std::to_string(drawn++) + ".svg";
    std::string svg;
    llvm::raw_string_ostream svgOs(svg);
    drawLayoutSvg(*image, std::nullopt, DrawOptions(), svgOs);
    files.emplace_back(name, std::move(svg));
    indexOs << name << " " << type << "\n";
  }
  files.emplace_back("index.txt", std::move(index));
  return files;
}

} // namespace layoutopt::stream_lite
