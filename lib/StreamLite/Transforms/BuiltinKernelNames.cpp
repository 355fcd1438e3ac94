//===- BuiltinKernelNames.cpp - names of the generated kernels ------------===//
//
// The symbol of each builtin executable: its kind and its tensor types with
// their canonical layouts, mangled into an injective bare identifier (see
// include/StreamLite/Transforms/BuiltinKernels.h).
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Transforms/BuiltinKernels.h"

#include "StreamLite/IR/StreamLiteAttrs.h"
#include "StreamLite/IR/StreamLiteTypes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace layoutopt::stream_lite {

//===----------------------------------------------------------------------===//
// Name mangling
//===----------------------------------------------------------------------===//

/// Appends `text` keeping only characters of a bare identifier body; any
/// other character is escaped as `$XX` (its hex code), which keeps the
/// mangling injective. Builtin int/float type names need no escape.
static void appendEscaped(std::string &out, StringRef text) {
  for (char c : text) {
    if (llvm::isAlnum(c)) {
      out += c;
      continue;
    }
    out += '$';
    out += llvm::hexdigit((static_cast<unsigned char>(c) >> 4) & 0xF);
    out += llvm::hexdigit(static_cast<unsigned char>(c) & 0xF);
  }
}

static void appendNumbers(std::string &out, char tag, ArrayRef<int64_t> values) {
  out += '_';
  out += tag;
  llvm::raw_string_ostream os(out);
  llvm::interleave(values, os, "_");
}

/// `_pad_...`, `_tiled_...` or nothing for the identity (canonical form, so
/// that physically equal layouts mangle equally).
static void appendLayout(std::string &out, PhysicalLayoutAttrInterface layout) {
  if (!layout) {
    out += "_nolayout";
    return;
  }
  Attribute canonical = layout.getCanonicalLayout();
  if (isa<IdentityAttr>(canonical))
    return;
  if (auto padding = dyn_cast<PaddingAttr>(canonical)) {
    out += "_pad";
    for (int64_t p : padding.getPadding())
      out += "_" + std::to_string(p);
    return;
  }
  if (auto tiled = dyn_cast<TiledAttr>(canonical)) {
    out += "_tiled";
    appendNumbers(out, 'p', tiled.getInnerDimsPos());
    appendNumbers(out, 't', tiled.getInnerTiles());
    if (!tiled.getOuterDimsPerm().empty())
      appendNumbers(out, 'o', tiled.getOuterDimsPerm());
    // A swizzle stores the same tiles in another order: without it the
    // plain and the swizzled layout's kernels shared one name, and a
    // program holding both ran one of them for the other. `_sw`, one `_g`
    // per tile dim's factors, then the permutation (`_q`).
    if (SwizzleAttr swizzle = tiled.getSwizzle()) {
      out += "_sw";
      for (DenseI64ArrayAttr group : swizzle.getExpandShape())
        appendNumbers(out, 'g', group.asArrayRef());
      appendNumbers(out, 'q', swizzle.getPermutation());
    }
    return;
  }
  // A physical layout this file does not know: its printed form, escaped.
  std::string printed;
  llvm::raw_string_ostream os(printed);
  canonical.print(os);
  out += "_L";
  appendEscaped(out, printed);
}

/// `4xDxf32[_layout]`.
static void appendType(std::string &out, RankedTensorType type) {
  for (int64_t dim : type.getShape()) {
    if (ShapedType::isDynamic(dim))
      out += 'D';
    else
      out += std::to_string(dim);
    out += 'x';
  }
  std::string element;
  llvm::raw_string_ostream os(element);
  type.getElementType().print(os);
  appendEscaped(out, element);
  appendLayout(out, getPhysicalLayout(type));
}

std::string getBuiltinName(BuiltinKind kind, ArrayRef<RankedTensorType> types) {
  std::string name = kBuiltinSymbolPrefix.str();
  name += stringifyBuiltinKind(kind);
  for (auto [i, type] : llvm::enumerate(types)) {
    name += i == 0 ? "_" : "_to_";
    appendType(name, type);
  }
  return name;
}

} // namespace layoutopt::stream_lite
