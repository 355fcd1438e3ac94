//===- BuiltinKernels.cpp - generated transfer kernels --------------------===//
//
// Builds the builtin executables of include/StreamLite/Transforms/
// BuiltinKernels.h. Each kernel is an scf.for nest over the logical region;
// every element is addressed through PhysicalLayoutAttrInterface (never with
// local offset arithmetic) and accessed with a 0-d memref.view of the
// binding's byte buffer at that offset. Elements whose bit width is not a
// whole number of bytes (i1) are stored in the integer of the element's byte
// width, zero-extended.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Transforms/BuiltinKernels.h"

#include "StreamLite/IR/StreamLiteAttrs.h"
#include "StreamLite/IR/StreamLiteTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace mlir;

namespace layoutopt::stream_lite {

llvm::StringRef stringifyBuiltinKind(BuiltinKind kind) {
  switch (kind) {
  case BuiltinKind::Encode:
    return "encode";
  case BuiltinKind::Slice:
    return "slice";
  case BuiltinKind::Update:
    return "update";
  case BuiltinKind::Fill:
    return "fill";
  case BuiltinKind::Splat:
    return "splat";
  }
  llvm_unreachable("unknown builtin kind");
}

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
  std::string name = "__builtin_";
  name += stringifyBuiltinKind(kind);
  for (auto [i, type] : llvm::enumerate(types)) {
    name += i == 0 ? "_" : "_to_";
    appendType(name, type);
  }
  return name;
}

//===----------------------------------------------------------------------===//
// Kernel construction
//===----------------------------------------------------------------------===//

namespace {

/// The type an element is stored as: itself when it fills its bytes, else
/// the signless integer of its byte width (i1 -> i8).
Type getStorageType(Type elementType) {
  int64_t bytes = getElementByteWidth(elementType);
  if (elementType.isIntOrFloat() &&
      elementType.getIntOrFloatBitWidth() != static_cast<unsigned>(8 * bytes))
    return IntegerType::get(elementType.getContext(), 8 * bytes);
  return elementType;
}

/// Whether an element of `elementType` can be loaded and stored (and, when
/// narrower than its bytes, converted to and from its storage type).
bool isStorableElementType(Type elementType) {
  if (getElementByteWidth(elementType) == 0)
    return false;
  if (getStorageType(elementType) == elementType)
    return true;
  if (auto intType = dyn_cast<IntegerType>(elementType))
    return intType.isSignless();
  return isa<FloatType>(elementType);
}

/// One tensor operand of a kernel: its byte buffer, layout and logical dims.
struct KernelTensor {
  RankedTensorType type;
  PhysicalLayoutAttrInterface layout;
  int64_t elementBytes = 0;
  Type storageType;
  Value buffer;
  SmallVector<OpFoldResult> dims;
};

/// Index constants shared by the whole kernel (built once at its entry).
struct IndexConstants {
  Value zero, one;
};

/// Views `binding` as `type` with `binding.subspan` at byte offset 0.
KernelTensor viewBinding(OpBuilder &builder, Location loc,
                         const IndexConstants &c, Value binding,
                         RankedTensorType type, ValueRange dynamicDims) {
  KernelTensor tensor;
  tensor.type = type;
  tensor.layout = getPhysicalLayout(type);
  tensor.elementBytes = getElementByteWidth(type.getElementType());
  tensor.storageType = getStorageType(type.getElementType());
  auto bytes = MemRefType::get({ShapedType::kDynamic}, builder.getI8Type());
  tensor.buffer = BindingSubspanOp::create(builder, loc, bytes, binding, c.zero,
                                           TypeAttr::get(type), dynamicDims);
  tensor.dims = getMixedDims(builder, type, dynamicDims);
  return tensor;
}

/// A 0-d memref of the element's storage type at logical element `indices`.
Value viewElement(OpBuilder &builder, Location loc, const KernelTensor &tensor,
                  ArrayRef<OpFoldResult> indices) {
  OpFoldResult offset = tensor.layout.buildElementByteOffset(
      builder, loc, tensor.dims, tensor.elementBytes, indices);
  return memref::ViewOp::create(
      builder, loc, MemRefType::get({}, tensor.storageType), tensor.buffer,
      getValueOrCreateConstantIndexOp(builder, loc, offset), ValueRange());
}

Value loadElement(OpBuilder &builder, Location loc, const KernelTensor &tensor,
                  ArrayRef<OpFoldResult> indices) {
  Value stored = memref::LoadOp::create(
      builder, loc, viewElement(builder, loc, tensor, indices), ValueRange());
  Type elementType = tensor.type.getElementType();
  if (stored.getType() == elementType)
    return stored;
  auto narrow =
      IntegerType::get(builder.getContext(), elementType.getIntOrFloatBitWidth());
  Value value = arith::TruncIOp::create(builder, loc, narrow, stored);
  if (value.getType() != elementType)
    value = arith::BitcastOp::create(builder, loc, elementType, value);
  return value;
}

/// `value` (of the element type) converted to the element's storage type.
Value toStorage(OpBuilder &builder, Location loc, const KernelTensor &tensor,
                Value value) {
  if (value.getType() == tensor.storageType)
    return value;
  if (!isa<IntegerType>(value.getType()))
    value = arith::BitcastOp::create(
        builder, loc,
        IntegerType::get(builder.getContext(),
                         value.getType().getIntOrFloatBitWidth()),
        value);
  return arith::ExtUIOp::create(builder, loc, tensor.storageType, value);
}

/// Stores `value` (of the element or the storage type) at logical element
/// `indices`.
void storeElement(OpBuilder &builder, Location loc, const KernelTensor &tensor,
                  ArrayRef<OpFoldResult> indices, Value value) {
  memref::StoreOp::create(builder, loc, toStorage(builder, loc, tensor, value),
                          viewElement(builder, loc, tensor, indices),
                          ValueRange());
}

/// Zeroes the whole storage of `tensor` (so that tile padding is zero), one
/// word at a time: the largest power-of-two divisor of the element size, up
/// to 8 bytes (a memref of i24 would step 4 bytes per element).
void zeroStorage(OpBuilder &builder, Location loc, const IndexConstants &c,
                 const KernelTensor &tensor) {
  OpFoldResult storageBytes = tensor.layout.buildStorageSizeInBytes(
      builder, loc, tensor.dims, tensor.elementBytes);
  Value bytes = getValueOrCreateConstantIndexOp(builder, loc, storageBytes);
  int64_t wordBytes =
      std::min<int64_t>(tensor.elementBytes & -tensor.elementBytes, 8);
  // Storage sizes are multiples of the element size, hence of the word.
  Value count = bytes;
  if (wordBytes != 1)
    count = arith::DivUIOp::create(
        builder, loc, bytes,
        arith::ConstantIndexOp::create(builder, loc, wordBytes));
  auto wordType = builder.getIntegerType(8 * wordBytes);
  Value zero = arith::ConstantIntOp::create(builder, loc, wordType, 0);
  Value words = memref::ViewOp::create(
      builder, loc, MemRefType::get({ShapedType::kDynamic}, wordType),
      tensor.buffer, c.zero, ValueRange{count});
  scf::ForOp::create(builder, loc, c.zero, count, c.one, ValueRange(),
                     [&](OpBuilder &b, Location l, Value iv, ValueRange) {
                       memref::StoreOp::create(b, l, zero, words, iv);
                       scf::YieldOp::create(b, l);
                     });
}

void zeroIfPadMustBeZero(OpBuilder &builder, Location loc,
                         const IndexConstants &c, const KernelTensor &tensor) {
  if (tensor.layout.getPadContract() != PadContract::Zero)
    return;
  // A static shape whose storage holds exactly its elements has no padding
  // to zero (every tiled dim is a multiple of its tile): skip the extra pass
  // over the storage.
  if (tensor.type.hasStaticShape() &&
      tensor.layout.getStorageSizeInBytes(tensor.type.getShape(),
                                          tensor.elementBytes) ==
          tensor.type.getNumElements() * tensor.elementBytes)
    return;
  zeroStorage(builder, loc, c, tensor);
}

/// Loops over `lengths` (one scf.for per dim, none for rank 0) and calls
/// `body` with the induction variables.
void buildRegionLoops(
    OpBuilder &builder, Location loc, const IndexConstants &c,
    ArrayRef<OpFoldResult> lengths,
    function_ref<void(OpBuilder &, Location, ValueRange)> body) {
  SmallVector<Value> lbs(lengths.size(), c.zero), steps(lengths.size(), c.one);
  SmallVector<Value> ubs = getValueOrCreateConstantIndexOp(builder, loc, lengths);
  scf::buildLoopNest(builder, loc, lbs, ubs, steps, body);
}

/// `offsets[i] + ivs[i]` (the iv itself where the offset is constant 0).
SmallVector<OpFoldResult> addOffsets(OpBuilder &builder, Location loc,
                                     ValueRange offsets, ValueRange ivs) {
  SmallVector<OpFoldResult> indices;
  for (auto [offset, iv] : llvm::zip_equal(offsets, ivs)) {
    if (isConstantIntValue(offset, 0))
      indices.push_back(iv);
    else
      indices.push_back(
          arith::AddIOp::create(builder, loc, offset, iv).getResult());
  }
  return indices;
}

SmallVector<OpFoldResult> asFoldResults(ValueRange values) {
  return llvm::to_vector(llvm::map_range(
      values, [](Value v) -> OpFoldResult { return v; }));
}

/// Checks the preconditions of buildBuiltinExecutable; emits at `loc`.
LogicalResult checkTypes(Location loc, BuiltinKind kind,
                         ArrayRef<RankedTensorType> types) {
  size_t expected =
      kind == BuiltinKind::Fill || kind == BuiltinKind::Splat ? 1 : 2;
  if (types.size() != expected)
    return emitError(loc) << "builtin " << stringifyBuiltinKind(kind)
                          << " takes " << expected << " tensor types, got "
                          << types.size();
  for (RankedTensorType type : types) {
    if (!getPhysicalLayout(type))
      return emitError(loc) << "builtin " << stringifyBuiltinKind(kind)
                            << ": type " << type
                            << " has no unique physical layout";
    if (!isStorableElementType(type.getElementType()))
      return emitError(loc) << "builtin " << stringifyBuiltinKind(kind)
                            << ": unsupported element type "
                            << type.getElementType();
  }
  if (expected == 2) {
    if (types[0].getElementType() != types[1].getElementType() ||
        types[0].getRank() != types[1].getRank())
      return emitError(loc) << "builtin " << stringifyBuiltinKind(kind)
                            << ": types " << types[0] << " and " << types[1]
                            << " differ in rank or element type";
  }
  return success();
}

} // namespace

ExecutableOp buildBuiltinExecutable(OpBuilder &builder, Location loc,
                                    StringRef name, BuiltinKind kind,
                                    ArrayRef<RankedTensorType> types) {
  if (failed(checkTypes(loc, kind, types)))
    return {};
  MLIRContext *ctx = builder.getContext();
  OpBuilder::InsertionGuard guard(builder);

  auto executable = ExecutableOp::create(builder, loc,
                                         builder.getStringAttr("private"),
                                         builder.getStringAttr(name));
  builder.setInsertionPointToStart(&executable.getBody().emplaceBlock());
  ExecutableExportOp::create(builder, loc, builder.getStringAttr("public"),
                             builder.getStringAttr(name), FlatSymbolRefAttr());
  auto module = ModuleOp::create(builder, loc);
  builder.setInsertionPointToStart(module.getBody());

  // The ABI signature (see BuiltinKernels.h).
  Type binding = BindingType::get(ctx);
  Type index = builder.getIndexType();
  RankedTensorType t0 = types[0];
  int64_t rank = t0.getRank();
  auto dynCount = [](RankedTensorType t) { return t.getNumDynamicDims(); };
  SmallVector<Type> argTypes;
  auto append = [&](Type type, int64_t count) {
    argTypes.append(static_cast<size_t>(count), type);
  };
  switch (kind) {
  case BuiltinKind::Encode:
    append(binding, 1);
    append(index, dynCount(t0));
    append(index, dynCount(types[1]));
    append(binding, 1);
    break;
  case BuiltinKind::Slice:
    append(binding, 1);
    append(index, dynCount(t0));
    append(index, rank); // offsets
    append(index, dynCount(types[1]));
    append(binding, 1);
    break;
  case BuiltinKind::Update:
    append(binding, 2);
    append(index, dynCount(t0));
    append(index, dynCount(types[1]));
    append(index, rank); // offsets
    break;
  case BuiltinKind::Fill:
    append(binding, 1);
    append(index, dynCount(t0));
    append(index, 2 * rank); // offsets, lengths
    append(t0.getElementType(), 1);
    break;
  case BuiltinKind::Splat:
    append(index, dynCount(t0));
    append(t0.getElementType(), 1);
    append(binding, 1);
    break;
  }
  auto func = func::FuncOp::create(builder, loc, name,
                                   builder.getFunctionType(argTypes, {}));
  Block *entry = func.addEntryBlock();
  builder.setInsertionPointToStart(entry);
  IndexConstants c{arith::ConstantIndexOp::create(builder, loc, 0),
                   arith::ConstantIndexOp::create(builder, loc, 1)};

  // Consumes the next `count` arguments.
  ValueRange args = entry->getArguments();
  auto take = [&](int64_t count) {
    ValueRange taken = args.take_front(count);
    args = args.drop_front(count);
    return taken;
  };

  switch (kind) {
  case BuiltinKind::Encode: {
    Value source = take(1)[0];
    ValueRange sourceDims = take(dynCount(t0));
    ValueRange resultDims = take(dynCount(types[1]));
    Value result = take(1)[0];
    KernelTensor src = viewBinding(builder, loc, c, source, t0, sourceDims);
    KernelTensor dst = viewBinding(builder, loc, c, result, types[1], resultDims);
    zeroIfPadMustBeZero(builder, loc, c, dst);
    buildRegionLoops(builder, loc, c, dst.dims,
                     [&](OpBuilder &b, Location l, ValueRange ivs) {
                       auto indices = asFoldResults(ivs);
                       storeElement(b, l, dst, indices,
                                    loadElement(b, l, src, indices));
                     });
    break;
  }
  case BuiltinKind::Slice: {
    Value source = take(1)[0];
    ValueRange sourceDims = take(dynCount(t0));
    ValueRange offsets = take(rank);
    ValueRange resultDims = take(dynCount(types[1]));
    Value result = take(1)[0];
    KernelTensor src = viewBinding(builder, loc, c, source, t0, sourceDims);
    KernelTensor dst = viewBinding(builder, loc, c, result, types[1], resultDims);
    zeroIfPadMustBeZero(builder, loc, c, dst);
    buildRegionLoops(builder, loc, c, dst.dims,
                     [&](OpBuilder &b, Location l, ValueRange ivs) {
                       Value v = loadElement(b, l, src,
                                             addOffsets(b, l, offsets, ivs));
                       storeElement(b, l, dst, asFoldResults(ivs), v);
                     });
    break;
  }
  case BuiltinKind::Update: {
    Value target = take(1)[0];
    Value update = take(1)[0];
    ValueRange targetDims = take(dynCount(t0));
    ValueRange updateDims = take(dynCount(types[1]));
    ValueRange offsets = take(rank);
    KernelTensor dst = viewBinding(builder, loc, c, target, t0, targetDims);
    KernelTensor src = viewBinding(builder, loc, c, update, types[1], updateDims);
    buildRegionLoops(builder, loc, c, src.dims,
                     [&](OpBuilder &b, Location l, ValueRange ivs) {
                       Value v = loadElement(b, l, src, asFoldResults(ivs));
                       storeElement(b, l, dst, addOffsets(b, l, offsets, ivs),
                                    v);
                     });
    break;
  }
  case BuiltinKind::Fill: {
    Value target = take(1)[0];
    ValueRange targetDims = take(dynCount(t0));
    ValueRange offsets = take(rank);
    ValueRange lengths = take(rank);
    Value value = take(1)[0];
    KernelTensor dst = viewBinding(builder, loc, c, target, t0, targetDims);
    value = toStorage(builder, loc, dst, value);
    buildRegionLoops(builder, loc, c, asFoldResults(lengths),
                     [&](OpBuilder &b, Location l, ValueRange ivs) {
                       storeElement(b, l, dst, addOffsets(b, l, offsets, ivs),
                                    value);
                     });
    break;
  }
  case BuiltinKind::Splat: {
    ValueRange resultDims = take(dynCount(t0));
    Value value = take(1)[0];
    Value result = take(1)[0];
    KernelTensor dst = viewBinding(builder, loc, c, result, t0, resultDims);
    zeroIfPadMustBeZero(builder, loc, c, dst);
    value = toStorage(builder, loc, dst, value);
    buildRegionLoops(builder, loc, c, dst.dims,
                     [&](OpBuilder &b, Location l, ValueRange ivs) {
                       storeElement(b, l, dst, asFoldResults(ivs), value);
                     });
    break;
  }
  }
  assert(args.empty() && "every argument is consumed");
  func::ReturnOp::create(builder, loc);
  return executable;
}

} // namespace layoutopt::stream_lite
