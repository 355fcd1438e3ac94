//===- Trace.cpp - decoded buffers of a traced run ------------------------===//
//
// Decoding goes through the layout interface (the one home of layout math)
// one element at a time, which is slow for large tensors but a trace is for
// looking at. The element-bit mask, which the run-time padding check builds
// for every checked tensor, goes by runs of slots instead.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Runtime/Trace.h"

#include "StreamLite/IR/StreamLiteAttrs.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"

#include <cstdlib>
#include <cstring>
#include <map>
#include <tuple>

using namespace mlir;
namespace sl = layoutopt::stream_lite;

namespace layoutopt::runtime {

namespace {

/// Resizes `bytes` to `size` zeroed bytes if the memory is there (operator
/// new would end the process in LLVM's out-of-memory handler).
bool tryAssign(std::vector<uint8_t> &bytes, size_t size) {
  void *probe = std::malloc(std::max<size_t>(size, 1));
  if (!probe)
    return false;
  std::free(probe);
  bytes.assign(size, 0);
  return true;
}

/// Calls `fn(n, index)` for every element of `shape` in row-major order.
template <typename Fn>
void forEachIndex(ArrayRef<int64_t> shape, Fn fn) {
  int64_t count = 1;
  for (int64_t d : shape)
    count *= d;
  SmallVector<int64_t> index(shape.size(), 0);
  for (int64_t n = 0; n < count; ++n) {
    fn(n, ArrayRef<int64_t>(index));
    for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
      if (++index[d] < shape[d])
        break;
      index[d] = 0;
    }
  }
}

/// Where element `index` lives: its first byte and, for packed elements,
/// its bit shift in that byte.
struct ElementPlace {
  int64_t byte;
  unsigned shift;
};

ElementPlace placeElement(sl::PhysicalLayoutAttrInterface layout,
                          ArrayRef<int64_t> shape, sl::ElementWidth width,
                          ArrayRef<int64_t> index) {
  if (!width.isPacked())
    return {layout.getElementByteOffset(shape, width, index), 0};
  int64_t slot = layout.getElementSlot(shape, index);
  return {slot / width.slotsPerByte(),
          unsigned((slot % width.slotsPerByte()) * width.bits)};
}

/// ("[1, 2]: 3 vs 4") where `a` and `b` first differ, bit for bit.
std::optional<std::string> describeDifference(const HostArray &a,
                                              const HostArray &b) {
  if (a.shape != b.shape || a.elementType != b.elementType)
    return "shape " + shapePrefix(a) + " vs " + shapePrefix(b);
  unsigned width = a.getElementBytes();
  for (int64_t i = 0, n = a.getNumElements(); i < n; ++i)
    if (std::memcmp(a.bytes.data() + i * width, b.bytes.data() + i * width,
                    width) != 0)
      return formatIndex(a, i) + ": " + formatElement(a, i) + " vs " +
             formatElement(b, i);
  return std::nullopt;
}

/// An element as JSON: a number, or a string where JSON has none (nan,
/// inf).
void writeElement(llvm::json::OStream &json, const HostArray &values,
                  int64_t i) {
  std::string text = formatElement(values, i);
  llvm::StringRef digits = llvm::StringRef(text).ltrim('-');
  if (!digits.empty() && llvm::isDigit(digits.front()))
    json.rawValue(text);
  else
    json.value(text);
}

/// The point `record` is of, or an empty one (a malformed id).
TracePoint pointOf(const Trace &trace, const TraceRecord &record) {
  if (record.point < 0 || size_t(record.point) >= trace.points.size())
    return TracePoint();
  return trace.points[record.point];
}

} // namespace

void markElementBits(RankedTensorType type, ArrayRef<int64_t> shape,
                     MutableArrayRef<uint8_t> elementBits) {
  auto layout = sl::getPhysicalLayout(type);
  if (!layout)
    return;
  sl::ElementWidth width = sl::ElementWidth::of(type.getElementType());
  int64_t size = int64_t(elementBits.size());
  // By runs of slots, not by element: the run-time padding check marks
  // whole tensors with this.
  sl::forEachElementSlotRun(layout, shape, [&](int64_t first, int64_t count) {
    if (!width.isPacked()) {
      int64_t begin = std::min(first * width.bytes(), size);
      int64_t end = std::min((first + count) * width.bytes(), size);
      // An empty mask has no data pointer, which memset may not take.
      if (end > begin)
        std::memset(elementBits.data() + begin, 0xff, size_t(end - begin));
      return;
    }
    uint8_t bits = uint8_t((1u << width.bits) - 1);
    int64_t perByte = width.slotsPerByte();
    for (int64_t slot = first, last = first + count; slot < last; ++slot) {
      int64_t byte = slot / perByte;
      if (byte >= size)
        return;
      // Whole bytes of the run at once.
      if (slot % perByte == 0 && last - slot >= perByte) {
        int64_t wholeEnd = std::min((last / perByte), size);
        std::memset(elementBits.data() + byte, 0xff,
                    size_t(wholeEnd - byte));
        slot = wholeEnd * perByte - 1;
        continue;
      }
      elementBits[byte] |= uint8_t(bits << ((slot % perByte) * width.bits));
    }
  });
}

llvm::Expected<DecodedRecord> decodeTraceRecord(const TracePoint &point,
                                                const TraceRecord &record) {
  RankedTensorType type = point.type;
  if (!type)
    return llvm::createStringError("the trace point has no tensor type");
  auto layout = sl::getPhysicalLayout(type);
  if (!layout)
    return llvm::createStringError("its type has no physical layout");
  Type elementType = type.getElementType();
  sl::ElementWidth width = sl::ElementWidth::of(elementType);
  std::optional<unsigned> hostBytes =
      width.isPacked() ? std::optional<unsigned>(1)
                       : getElementBytes(elementType);
  if (!hostBytes)
    return llvm::createStringError("its element type has no host form");
  SmallVector<int64_t> shape;
  size_t next = 0;
  for (int64_t d : type.getShape()) {
    if (!ShapedType::isDynamic(d)) {
      shape.push_back(d);
      continue;
    }
    if (next == record.dynamicDims.size())
      return llvm::createStringError("a dynamic dim is missing");
    shape.push_back(record.dynamicDims[next++]);
  }
  std::optional<int64_t> storage =
      layout.getCheckedStorageSizeInBytes(shape, width);
  if (!storage)
    return llvm::createStringError("its storage size does not fit 64 bits");
  if (uint64_t(*storage) > record.bytes.size())
    return llvm::createStringError(
        "the op wrote " + std::to_string(record.bytes.size()) +
        " bytes, fewer than the layout's " + std::to_string(*storage));
  DecodedRecord decoded;
  HostArray &values = decoded.values;
  values.elementType = elementType;
  values.shape.assign(shape.begin(), shape.end());
  // Every element has a place in the storage, so the count is bounded.
  int64_t count = values.getNumElements();
  if (!tryAssign(values.bytes, size_t(count) * *hostBytes) ||
      !tryAssign(decoded.elementBits, size_t(*storage)))
    return llvm::createStringError("out of memory decoding it");
  markElementBits(type, shape, decoded.elementBits);
  const uint8_t *bytes = record.bytes.data();
  forEachIndex(shape, [&](int64_t n, ArrayRef<int64_t> index) {
    ElementPlace place = placeElement(layout, shape, width, index);
    if (place.byte < 0 || place.byte + std::max<int64_t>(width.bytes(), 1) >
                              *storage)
      return;
    uint8_t *to = values.bytes.data() + n * *hostBytes;
    if (width.isPacked())
      *to = uint8_t((bytes[place.byte] >> place.shift) &
                    ((1u << width.bits) - 1));
    else
      std::memcpy(to, bytes + place.byte, *hostBytes);
  });
  normalizeSubByte(values);
  return std::move(decoded);
}

std::vector<int64_t> matchTraceRecords(const Trace &program,
                                       const Trace &reference) {
  using Key = std::tuple<std::string, std::string, unsigned>;
  auto keyOf = [](const Trace &trace, const TraceRecord &record) {
    TracePoint p = pointOf(trace, record);
    return Key(p.location, p.opName, p.result);
  };
  // The reference's records of each op, in order.
  std::map<Key, std::vector<int64_t>> byOp;
  for (auto [i, record] : llvm::enumerate(reference.records))
    byOp[keyOf(reference, record)].push_back(int64_t(i));
  std::map<Key, size_t> seen;
  std::vector<int64_t> matches;
  for (const TraceRecord &record : program.records) {
    Key key = keyOf(program, record);
    size_t occurrence = seen[key]++;
    auto it = byOp.find(key);
    matches.push_back(it != byOp.end() && occurrence < it->second.size()
                          ? it->second[occurrence]
                          : -1);
  }
  return matches;
}

std::optional<TraceDivergence> findFirstDivergence(const Trace &program,
                                                   const Trace &reference) {
  std::vector<int64_t> matches = matchTraceRecords(program, reference);
  for (size_t i = 0; i < program.records.size(); ++i) {
    if (matches[i] < 0)
      continue;
    const TraceRecord &a = program.records[i];
    const TraceRecord &b = reference.records[matches[i]];
    auto decodedA = decodeTraceRecord(pointOf(program, a), a);
    auto decodedB = decodeTraceRecord(pointOf(reference, b), b);
    if (!decodedA || !decodedB) {
      llvm::consumeError(decodedA.takeError());
      llvm::consumeError(decodedB.takeError());
      continue;
    }
    if (auto difference =
            describeDifference(decodedA->values, decodedB->values))
      return TraceDivergence{i, *difference};
  }
  return std::nullopt;
}

void writeTraceJson(llvm::raw_ostream &os, const Trace &trace,
                    const TraceJsonOptions &options) {
  std::vector<int64_t> matches;
  if (options.reference)
    matches = matchTraceRecords(trace, *options.reference);
  size_t maxElements = options.maxElements ? options.maxElements : SIZE_MAX;
  size_t maxBytes = options.maxElements ? 8 * options.maxElements : SIZE_MAX;
  // One record per line: readable with grep and a JSON reader alike.
  os << "{\"function\": ";
  llvm::json::OStream(os).value(options.function);
  os << ",\n \"dropped_records\": " << trace.droppedRecords << ",\n";
  if (options.reference) {
    os << " \"first_divergence\": ";
    if (auto divergence = findFirstDivergence(trace, *options.reference))
      os << divergence->record;
    else
      os << "null";
    os << ",\n";
  }
  os << " \"records\": [";
  for (size_t i = 0; i < trace.records.size(); ++i) {
    const TraceRecord &record = trace.records[i];
    os << (i ? ",\n  " : "\n  ");
    llvm::json::OStream json(os);
    TracePoint point = pointOf(trace, record);
    json.object([&] {
      json.attribute("record", int64_t(i));
      json.attribute("point", record.point);
      json.attribute("op", point.opName);
      json.attribute("location", point.location);
      json.attribute("result", int64_t(point.result));
      json.attribute("description", point.description);
      json.attribute("type", point.type ? typeToString(point.type)
                                        : std::string());
      std::optional<DecodedRecord> decoded;
      if (auto result = decodeTraceRecord(point, record))
        decoded = std::move(*result);
      else
        json.attribute("error", "not decoded: " +
                                    llvm::toString(result.takeError()));
      if (decoded) {
        const HostArray &values = decoded->values;
        json.attributeArray("shape", [&] {
          for (int64_t d : values.shape)
            json.value(d);
        });
        json.attribute("element_type", typeToString(values.elementType));
        json.attribute("storage_bytes", int64_t(decoded->elementBits.size()));
        int64_t count = values.getNumElements();
        int64_t shown = int64_t(std::min<size_t>(size_t(count), maxElements));
        json.attributeArray("values", [&] {
          for (int64_t e = 0; e < shown; ++e)
            writeElement(json, values, e);
        });
        // Byte ranges [begin, end) that hold no element bits, and how many
        // bytes have a bit set outside the elements (padding garbage).
        const std::vector<uint8_t> &bits = decoded->elementBits;
        size_t shownBytes = std::min(bits.size(), maxBytes);
        json.attributeArray("padding", [&] {
          for (size_t b = 0; b < shownBytes;) {
            if (bits[b]) {
              ++b;
              continue;
            }
            size_t end = b;
            while (end < shownBytes && !bits[end])
              ++end;
            json.array([&] {
              json.value(int64_t(b));
              json.value(int64_t(end));
            });
            b = end;
          }
        });
        int64_t nonZeroPadding = 0;
        for (size_t b = 0; b < bits.size(); ++b)
          nonZeroPadding += (record.bytes[b] & ~bits[b]) != 0;
        json.attribute("nonzero_padding_bytes", nonZeroPadding);
        json.attribute("bytes",
                       llvm::toHex(llvm::ArrayRef<uint8_t>(record.bytes).take_front(
                                       shownBytes),
                                   /*LowerCase=*/true));
        json.attribute("truncated", shown < count || shownBytes < bits.size());
      }
      if (!options.reference)
        return;
      int64_t match = matches[i];
      if (match < 0) {
        json.attribute("reference", nullptr);
        return;
      }
      json.attributeObject("reference", [&] {
        json.attribute("record", match);
        const TraceRecord &other = options.reference->records[match];
        auto theirs =
            decodeTraceRecord(pointOf(*options.reference, other), other);
        if (!decoded || !theirs) {
          llvm::consumeError(theirs.takeError());
          json.attribute("matches", nullptr);
          return;
        }
        std::optional<std::string> difference =
            describeDifference(decoded->values, theirs->values);
        json.attribute("matches", !difference);
        if (difference)
          json.attribute("difference", *difference);
      });
    });
  }
  os << "\n ]}\n";
}

} // namespace layoutopt::runtime
