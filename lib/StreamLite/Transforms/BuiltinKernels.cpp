//===- BuiltinKernels.cpp - generated transfer kernels --------------------===//
//
// Builds the builtin executables of include/StreamLite/Transforms/
// BuiltinKernels.h. Each kernel is an scf.for nest over the logical region in
// the physical order of one of its tensors (buildRegionTransfer, in
// BuiltinRegionTransfer.cpp); every
// element or contiguous chunk is addressed through PhysicalLayoutAttrInterface
// (never with local offset arithmetic) and accessed with a memref.view of the
// binding's byte buffer at that offset (0-d for one element, bytes copied
// with memref.copy for a chunk). Elements whose bit width is not a whole
// number of bytes (i1) are stored in the integer of the element's byte
// width, zero-extended.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Transforms/BuiltinKernels.h"
#include "BuiltinKernelSupport.h"
#include "StreamLite/IR/IndexArith.h"
#include "StreamLite/IR/PackedBits.h"

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
#include <numeric>
#include <optional>
#include <variant>

using namespace mlir;

namespace layoutopt::stream_lite {

//===----------------------------------------------------------------------===//
// Kernel construction
//===----------------------------------------------------------------------===//

using namespace detail;

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

} // namespace

bool detail::isStorableElementType(Type elementType) {
  if (getElementByteWidth(elementType) == 0)
    return false;
  if (isPackedSubByteType(elementType))
    return true;
  if (getStorageType(elementType) == elementType)
    return true;
  if (auto intType = dyn_cast<IntegerType>(elementType))
    return intType.isSignless();
  return isa<FloatType>(elementType);
}

KernelTensor detail::makeKernelTensor(Value buffer, RankedTensorType type,
                                      ArrayRef<OpFoldResult> dims) {
  KernelTensor tensor;
  tensor.type = type;
  tensor.layout = getPhysicalLayout(type);
  tensor.elementBytes = getElementByteWidth(type.getElementType());
  tensor.width = ElementWidth::of(type.getElementType());
  tensor.storageType = getStorageType(type.getElementType());
  tensor.buffer = buffer;
  tensor.dims.assign(dims.begin(), dims.end());
  return tensor;
}

namespace {

/// Index constants shared by the whole kernel (built once at its entry).
struct IndexConstants {
  Value zero, one;
};

/// Views `binding` as `type` with `binding.subspan` at byte offset 0.
KernelTensor viewBinding(OpBuilder &builder, Location loc,
                         const IndexConstants &c, Value binding,
                         RankedTensorType type, ValueRange dynamicDims) {
  auto bytes = MemRefType::get({ShapedType::kDynamic}, builder.getI8Type());
  Value buffer = BindingSubspanOp::create(builder, loc, bytes, binding, c.zero,
                                          TypeAttr::get(type), dynamicDims);
  return makeKernelTensor(buffer, type,
                          getMixedDims(builder, type, dynamicDims));
}

Value loadPackedElement(OpBuilder &builder, Location loc,
                        const KernelTensor &tensor,
                        ArrayRef<OpFoldResult> indices);
void storePackedElement(OpBuilder &builder, Location loc,
                        const KernelTensor &tensor,
                        ArrayRef<OpFoldResult> indices, Value value);

/// A 0-d memref of the element's storage type at logical element `indices`.
Value viewElement(OpBuilder &builder, Location loc, const KernelTensor &tensor,
                  ArrayRef<OpFoldResult> indices) {
  OpFoldResult offset = tensor.layout.buildElementByteOffset(
      builder, loc, tensor.dims, tensor.width, indices, kInBoundsIndexFlags);
  return memref::ViewOp::create(
      builder, loc, MemRefType::get({}, tensor.storageType), tensor.buffer,
      getValueOrCreateConstantIndexOp(builder, loc, offset), ValueRange());
}

} // namespace

Value detail::loadElement(OpBuilder &builder, Location loc,
                          const KernelTensor &tensor,
                          ArrayRef<OpFoldResult> indices) {
  if (tensor.width.isPacked())
    return loadPackedElement(builder, loc, tensor, indices);
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
static Value toStorage(OpBuilder &builder, Location loc,
                       const KernelTensor &tensor, Value value) {
  if (value.getType() == tensor.storageType)
    return value;
  if (tensor.width.isPacked())
    return arith::ExtUIOp::create(builder, loc, tensor.storageType,
                                  toSignless(builder, loc, value));
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
void detail::storeElement(OpBuilder &builder, Location loc,
                          const KernelTensor &tensor,
                          ArrayRef<OpFoldResult> indices, Value value) {
  if (tensor.width.isPacked()) {
    storePackedElement(builder, loc, tensor, indices, value);
    return;
  }
  memref::StoreOp::create(builder, loc, toStorage(builder, loc, tensor, value),
                          viewElement(builder, loc, tensor, indices),
                          ValueRange());
}

namespace {

/// A packed element: the bits of the byte that holds it.
Value loadPackedElement(OpBuilder &builder, Location loc,
                        const KernelTensor &tensor,
                        ArrayRef<OpFoldResult> indices) {
  PackedPlace place =
      buildPackedPlace(builder, loc, tensor.layout, tensor.dims, tensor.width,
                       indices, kInBoundsIndexFlags);
  Value byte = memref::LoadOp::create(builder, loc, tensor.buffer,
                                      ValueRange{place.byteOffset});
  return extractPackedBits(builder, loc, byte, place.shift,
                           tensor.type.getElementType());
}

/// A packed element: read-modify-write of the byte that holds it.
void storePackedElement(OpBuilder &builder, Location loc,
                        const KernelTensor &tensor,
                        ArrayRef<OpFoldResult> indices, Value value) {
  PackedPlace place =
      buildPackedPlace(builder, loc, tensor.layout, tensor.dims, tensor.width,
                       indices, kInBoundsIndexFlags);
  Value byte = memref::LoadOp::create(builder, loc, tensor.buffer,
                                      ValueRange{place.byteOffset});
  Value updated = insertPackedBits(builder, loc, byte, place.shift, value,
                                   tensor.width.bits);
  memref::StoreOp::create(builder, loc, updated, tensor.buffer,
                          ValueRange{place.byteOffset});
}

/// Zeroes the whole storage of `tensor` (so that tile padding is zero), one
/// word at a time: the largest power-of-two divisor of the element size, up
/// to 8 bytes (a memref of i24 would step 4 bytes per element).
void zeroStorage(OpBuilder &builder, Location loc, const IndexConstants &c,
                 const KernelTensor &tensor) {
  OpFoldResult storageBytes = tensor.layout.buildStorageSizeInBytes(
      builder, loc, tensor.dims, tensor.width);
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

/// Zeroes the last storage byte of a packed `tensor` whose elements may
/// not fill it: the bits past its last element. A layout without padding
/// leaves them free, but one builtin serves every layout physically equal
/// to its own, tiled ones (whose tail bits must be zero) among them.
void zeroPackedTail(OpBuilder &builder, Location loc, const IndexConstants &c,
                    const KernelTensor &tensor) {
  int64_t slots = tensor.width.slotsPerByte();
  if (slots <= 1 ||
      (tensor.type.hasStaticShape() && tensor.type.getNumElements() % slots == 0))
    return;
  Value bytes = getValueOrCreateConstantIndexOp(
      builder, loc,
      tensor.layout.buildStorageSizeInBytes(builder, loc, tensor.dims,
                                            tensor.width));
  Value zero = arith::ConstantIntOp::create(builder, loc, builder.getI8Type(), 0);
  Value any = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ugt,
                                    bytes, c.zero);
  scf::IfOp::create(builder, loc, any, [&](OpBuilder &b, Location l) {
    Value last = arith::SubIOp::create(b, l, bytes, c.one);
    memref::StoreOp::create(b, l, zero, tensor.buffer, ValueRange{last});
    scf::YieldOp::create(b, l);
  });
}

void zeroIfPadMustBeZero(OpBuilder &builder, Location loc,
                         const IndexConstants &c, const KernelTensor &tensor) {
  if (tensor.layout.getPadContract() != PadContract::Zero)
    return zeroPackedTail(builder, loc, c, tensor);
  // A static shape whose storage holds exactly its elements has no padding
  // to zero (every tiled dim is a multiple of its tile): skip the extra pass
  // over the storage.
  // Packed elements: also no tail bits (the slots fill whole bytes).
  if (tensor.type.hasStaticShape() &&
      tensor.layout.getStorageSizeInBytes(tensor.type.getShape(),
                                          tensor.width) *
              tensor.width.slotsPerByte() ==
          tensor.type.getNumElements() *
              std::max<int64_t>(tensor.width.bytes(), 1))
    return;
  zeroStorage(builder, loc, c, tensor);
}

} // namespace

void detail::zeroPaddingIfRequired(OpBuilder &builder, Location loc,
                                   const KernelTensor &tensor) {
  IndexConstants c{arith::ConstantIndexOp::create(builder, loc, 0),
                   arith::ConstantIndexOp::create(builder, loc, 1)};
  zeroIfPadMustBeZero(builder, loc, c, tensor);
}

namespace {

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
                                    ArrayRef<RankedTensorType> types,
                                    const BuiltinKernelOptions &options) {
  if (failed(checkTypes(loc, kind, types)))
    return {};
  MLIRContext *ctx = builder.getContext();
  OpBuilder::InsertionGuard guard(builder);

  auto executable = ExecutableOp::create(builder, loc,
                                         builder.getStringAttr("private"),
                                         builder.getStringAttr(name));
  executable->setAttr(StreamLiteDialect::kBuiltinKindAttrName,
                      builder.getStringAttr(stringifyBuiltinKind(kind)));
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
    buildRegionTransfer(builder, loc, options, makeSide(builder, dst),
                        makeSide(builder, src), Value(), dst.dims);
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
    buildRegionTransfer(builder, loc, options, makeSide(builder, dst),
                        makeSide(builder, src, offsets), Value(), dst.dims);
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
    buildRegionTransfer(builder, loc, options, makeSide(builder, dst, offsets),
                        makeSide(builder, src), Value(), src.dims);
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
    buildRegionTransfer(builder, loc, options, makeSide(builder, dst, offsets),
                        std::nullopt, value, getAsOpFoldResult(lengths));
    break;
  }
  case BuiltinKind::Splat: {
    ValueRange resultDims = take(dynCount(t0));
    Value value = take(1)[0];
    Value result = take(1)[0];
    KernelTensor dst = viewBinding(builder, loc, c, result, t0, resultDims);
    zeroIfPadMustBeZero(builder, loc, c, dst);
    value = toStorage(builder, loc, dst, value);
    buildRegionTransfer(builder, loc, options, makeSide(builder, dst), std::nullopt,
                        value, dst.dims);
    break;
  }
  }
  assert(args.empty() && "every argument is consumed");
  func::ReturnOp::create(builder, loc);
  return executable;
}

llvm::StringRef stringifyScatteredStores(ScatteredStores stores) {
  switch (stores) {
  case ScatteredStores::None:
    return "none";
  case ScatteredStores::WholeLines:
    return "whole-lines";
  case ScatteredStores::All:
    return "all";
  }
  llvm_unreachable("unknown ScatteredStores");
}

} // namespace layoutopt::stream_lite
