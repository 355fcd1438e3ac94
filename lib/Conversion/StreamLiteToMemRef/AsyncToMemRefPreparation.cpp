//===- AsyncToMemRefPreparation.cpp - before and after the conversion -----===//
//
// What --stream-lite-convert-async-to-memref does to the module around its
// conversion (StreamLiteToMemRef.cpp holds the patterns): before, it checks
// that only async-phase ops are left, outlines each executable's functions
// and globals into the module, makes a constant global per non-splat
// `async.constant` and finds the tied targets that must be copied before
// they are written; after, it drops device declarations and `stream_lite.*`
// attributes.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Conversion/StreamLiteToMemRef.h"
#include "StreamLite/IR/PackedBits.h"
#include "StreamLite/IR/StreamLiteDialect.h"
#include "StreamLite/IR/StreamLiteOps.h"
#include "StreamLite/IR/StreamLiteTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace layoutopt::stream_lite;

namespace {

/// Whether `value` is a buffer `writer` may write in place: created by an
/// async op (so it aliases nothing the program still sees) and used only by
/// the writing op, or also by loads just before it in its block (the
/// read-modify-write of a packed element).
bool isExclusive(Value value, Operation *writer) {
  // The writer must use it once (a second operand, e.g. the source of a
  // copy into itself, would read what it writes).
  unsigned writerUses = 0;
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    if (user == writer) {
      ++writerUses;
      continue;
    }
    if (!isa<AsyncLoadOp>(user) || user->getBlock() != writer->getBlock() ||
        !user->isBeforeInBlock(writer))
      return false;
  }
  if (writerUses != 1)
    return false;
  Operation *def = value.getDefiningOp();
  return def && (def->hasTrait<layoutopt::stream_lite::OpTrait::AsyncPhaseOp>() ||
                 isa<AsyncTransferOp>(def));
}

} // namespace

namespace layoutopt::stream_lite {

static LogicalResult outlineExecutables(
    ModuleOp module, SymbolTable &symbols, AsyncToMemRefState &state) {
  for (auto executable :
       llvm::make_early_inc_range(module.getOps<ExecutableOp>())) {
    StringRef exName = executable.getSymName();
    ModuleOp inner = executable.getInnerModule();
    if (!inner)
      return executable.emitOpError() << "has no inner module to outline";
    // Kernels must be plain upstream IR (run --stream-lite-lower-bindings).
    WalkResult walk = inner.walk([&](Operation *op) {
      bool streamLite = isa_and_nonnull<StreamLiteDialect>(op->getDialect());
      bool bindings = llvm::any_of(op->getOperandTypes(),
                                   llvm::IsaPred<BindingType>) ||
                      llvm::any_of(op->getRegions(), [](Region &region) {
                        return llvm::any_of(region.getArgumentTypes(),
                                            llvm::IsaPred<BindingType>);
                      });
      if (streamLite || bindings) {
        op->emitOpError() << "in executable @" << exName
                          << " is not plain upstream IR; run "
                             "--stream-lite-lower-bindings first";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return failure();

    llvm::StringMap<StringAttr> renamed;
    SmallVector<Operation *> outlined;
    OpBuilder builder(executable);
    for (Operation &op : inner.getOps()) {
      auto symbol = dyn_cast<SymbolOpInterface>(op);
      if (!symbol)
        continue;
      // A declaration names a function outside the program (libm's, which
      // the kernels' math calls): it keeps its name, shared by every kernel
      // and the program.
      if (auto declaration = dyn_cast<func::FuncOp>(op);
          declaration && declaration.isExternal()) {
        Operation *existing = symbols.lookup(declaration.getSymName());
        auto existingFunc = dyn_cast_or_null<func::FuncOp>(existing);
        if (existing && (!existingFunc || !existingFunc.isExternal() ||
                         existingFunc.getFunctionType() !=
                             declaration.getFunctionType()))
          return executable.emitOpError()
                 << "cannot outline the declaration of @"
                 << declaration.getSymName() << " "
                 << declaration.getFunctionType()
                 << ": the module has another symbol of that name";
        if (!existing) {
          auto clone = cast<func::FuncOp>(builder.clone(op));
          clone.setPrivate();
          symbols.insert(clone);
        }
        continue;
      }
      std::string name = (exName + "__" + symbol.getName()).str();
      bool isFunc = isa<func::FuncOp>(op);
      if (isFunc && symbols.lookup(name))
        return executable.emitOpError()
               << "cannot outline @" << symbol.getName() << " as @" << name
               << ": the module already has that symbol";
      auto clone = cast<SymbolOpInterface>(builder.clone(op));
      clone.setName(name);
      clone.setPrivate();
      // Other symbols (the globals bufferization makes for constants)
      // have names of their own making: one already taken is renamed.
      renamed[symbol.getName()] = symbols.insert(clone);
      outlined.push_back(clone);
    }
    // References between the executable's symbols (calls, a global's
    // address) follow the renaming.
    AttrTypeReplacer references;
    references.addReplacement(
        [&](SymbolRefAttr ref) -> std::optional<Attribute> {
          auto it = renamed.find(ref.getRootReference().getValue());
          if (it == renamed.end())
            return std::nullopt;
          return SymbolRefAttr::get(it->second, ref.getNestedReferences());
        });
    for (Operation *op : outlined)
      references.recursivelyReplaceElementsIn(op, /*replaceAttrs=*/true,
                                              /*replaceLocs=*/false,
                                              /*replaceTypes=*/false);
    for (auto exportOp : executable.getOps<ExecutableExportOp>()) {
      StringRef target = exportOp.getFunctionName().getValue();
      auto it = renamed.find(target);
      auto kernel = it == renamed.end()
                        ? func::FuncOp()
                        : symbols.lookup<func::FuncOp>(it->second);
      if (!kernel)
        return exportOp.emitOpError()
               << "names @" << target
               << ", which is not a function of the executable";
      state.kernels[(exName + "::" + exportOp.getSymName()).str()] = kernel;
    }
    symbols.erase(executable);
  }
  return success();
}

static LogicalResult createConstantGlobals(
    ModuleOp module, SymbolTable &symbols, AsyncToMemRefState &state) {
  OpBuilder builder(module.getContext());
  builder.setInsertionPointToStart(module.getBody());
  WalkResult walk = module.walk([&](AsyncConstantOp op) {
    if (layoutopt::stream_lite::detail::getSplatBits(op))
      return WalkResult::advance(); // Filled, see ConstantLowering.
    auto value = dyn_cast<ElementsAttr>(op.getValue());
    auto type = value ? dyn_cast<RankedTensorType>(value.getType()) : nullptr;
    if (type && isPackedSubByteType(type.getElementType())) {
      // A global would hold one byte per element, not the packed bytes.
      op.emitOpError() << "value of packed sub-byte type " << type
                       << " must be given as its byte image (i8); "
                          "--stream-lite-encode-host-tensors builds it";
      return WalkResult::interrupt();
    }
    if (!type || !type.hasStaticShape() ||
        !type.getElementType().isIntOrIndexOrFloat()) {
      op.emitOpError() << "value must be a static tensor of integers, indices "
                          "or floats to become a memref.global";
      return WalkResult::interrupt();
    }
    auto global = memref::GlobalOp::create(
        builder, op.getLoc(), "__constant",
        builder.getStringAttr("private"),
        MemRefType::get(type.getShape(), type.getElementType()), value,
        /*constant=*/true, /*alignment=*/IntegerAttr());
    symbols.insert(global); // Renames to a unique name.
    builder.setInsertionPointAfter(global);
    state.constantGlobals[op] = global;
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

/// Packed bytes one vector step of a host packer moves.
constexpr int64_t kHostPackerVectorBytes = 16;

/// The vector loop of a host packer: the first `fullBytes` rounded down to
/// kHostPackerVectorBytes packed bytes, each step one vector of host bytes
/// and one of packed bytes, split into (or assembled from) its slots by
/// shuffles, shifts and masks. The host side is read (or written) through
/// its address as bytes: a vector of `iN` in memory would be bit-packed,
/// and element loads of `iN` stay scalar (LLVM's vectorizers leave types
/// whose size is not their store size alone), at about 1.4 GB/s. Returns
/// the bytes it covers.
static Value buildHostPackerVectorLoop(OpBuilder &b, Location loc,
                                       Value host, Value bytes,
                                       Value fullBytes, unsigned bits,
                                       bool pack) {
  int64_t slots = 8 / bits, step = kHostPackerVectorBytes;
  int64_t hostLanes = step * slots;
  Type i8 = b.getI8Type();
  auto packedType = VectorType::get({step}, i8);
  auto hostType = VectorType::get({hostLanes}, i8);
  auto constIndex = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  auto splat = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(packedType, b.getI8IntegerAttr(v)));
  };
  Value vectorBytes = arith::MulIOp::create(
      b, loc,
      arith::DivUIOp::create(b, loc, fullBytes, constIndex(step)),
      constIndex(step));
  // The host elements' first byte: one byte per element.
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, host);
  Value hostStart = arith::AddIOp::create(
      b, loc,
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, host),
      metadata.getOffset());
  // Loop-invariant vectors and counts, made once before the loop.
  Value mask = splat((1 << bits) - 1), none = splat(0);
  Value slotCount = constIndex(slots);
  SmallVector<Value> shifts;
  for (int64_t k = 0; k < slots; ++k)
    shifts.push_back(k == 0 ? none : splat(k * bits));
  scf::ForOp::create(
      b, loc, constIndex(0), vectorBytes, constIndex(step), ValueRange{},
      [&](OpBuilder &nb, Location, Value byteIndex, ValueRange) {
        Value address = arith::AddIOp::create(
            nb, loc, hostStart,
            arith::MulIOp::create(nb, loc, byteIndex, slotCount));
        Value pointer = LLVM::IntToPtrOp::create(
            nb, loc, LLVM::LLVMPointerType::get(nb.getContext()),
            arith::IndexCastUIOp::create(nb, loc, nb.getI64Type(), address)
                .getResult());
        if (pack) {
          Value elements = LLVM::LoadOp::create(nb, loc, hostType, pointer,
                                                /*alignment=*/1);
          Value packed = none;
          for (int64_t k = 0; k < slots; ++k) {
            SmallVector<int64_t> lanes;
            for (int64_t j = 0; j < step; ++j)
              lanes.push_back(j * slots + k);
            Value slot = arith::AndIOp::create(
                nb, loc,
                vector::ShuffleOp::create(nb, loc, elements, elements, lanes),
                mask);
            if (k != 0)
              slot = arith::ShLIOp::create(nb, loc, slot, shifts[k]);
            packed = arith::OrIOp::create(nb, loc, packed, slot);
          }
          vector::StoreOp::create(nb, loc, packed, bytes, byteIndex);
        } else {
          Value packed =
              vector::LoadOp::create(nb, loc, packedType, bytes, byteIndex);
          // Slot k of every byte, then concatenated pairwise down to two
          // vectors, whose last shuffle puts element j*slots+k in place.
          SmallVector<Value> parts;
          for (int64_t k = 0; k < slots; ++k) {
            Value slot = k == 0 ? packed
                                : arith::ShRUIOp::create(nb, loc, packed,
                                                         shifts[k]);
            parts.push_back(arith::AndIOp::create(nb, loc, slot, mask));
          }
          while (parts.size() > 2) {
            SmallVector<Value> fewer;
            for (size_t i = 0; i < parts.size(); i += 2) {
              int64_t size =
                  2 * cast<VectorType>(parts[i].getType()).getNumElements();
              fewer.push_back(vector::ShuffleOp::create(
                  nb, loc, parts[i], parts[i + 1],
                  llvm::to_vector(llvm::seq<int64_t>(0, size))));
            }
            parts = std::move(fewer);
          }
          // Slot k of byte j is lane k*step + j of the parts end to end.
          SmallVector<int64_t> lanes;
          for (int64_t j = 0; j < step; ++j)
            for (int64_t k = 0; k < slots; ++k)
              lanes.push_back(k * step + j);
          Value elements =
              vector::ShuffleOp::create(nb, loc, parts[0], parts[1], lanes);
          LLVM::StoreOp::create(nb, loc, elements, pointer, /*alignment=*/1);
        }
        scf::YieldOp::create(nb, loc);
      });
  return vectorBytes;
}

/// The function that packs (or unpacks) host elements of `elementType`
/// (a packed sub-byte integer, one element per host byte) to (or from)
/// dense packed bytes: whole bytes first, each assembled from (or split
/// into) its slots in registers, then the slots of a last partial byte.
static func::FuncOp buildHostPacker(OpBuilder &b, ModuleOp module,
                                    SymbolTable &symbols, Type elementType,
                                    bool pack) {
  Location loc = module.getLoc();
  unsigned bits = elementType.getIntOrFloatBitWidth();
  int64_t slots = 8 / bits;
  std::string typeName;
  llvm::raw_string_ostream(typeName) << elementType;
  auto hostType = MemRefType::get({ShapedType::kDynamic}, elementType);
  auto bytesType = MemRefType::get({ShapedType::kDynamic}, b.getI8Type());
  Type index = b.getIndexType();
  FunctionType type =
      pack ? b.getFunctionType({hostType, bytesType, index}, {})
           : b.getFunctionType({bytesType, hostType, index}, {});
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(module.getBody());
  auto func = func::FuncOp::create(
      b, loc,
      ("__builtin_host_" + llvm::Twine(pack ? "pack_" : "unpack_") + typeName)
          .str(),
      type);
  func.setPrivate();
  symbols.insert(func); // Renames if the name is taken.
  Block *entry = func.addEntryBlock();
  b.setInsertionPointToStart(entry);
  Value host = entry->getArgument(pack ? 0 : 1);
  Value bytes = entry->getArgument(pack ? 1 : 0);
  Value count = entry->getArgument(2);
  auto constIndex = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  auto shiftOf = [&](OpBuilder &nb, Value slot) -> Value {
    Value shift = arith::MulIOp::create(nb, loc, slot, constIndex(bits));
    return arith::IndexCastUIOp::create(nb, loc, nb.getI8Type(), shift);
  };
  Value one = constIndex(1), slotCount = constIndex(slots);
  Value fullBytes = arith::DivUIOp::create(b, loc, count, slotCount);
  Value vectorBytes =
      buildHostPackerVectorLoop(b, loc, host, bytes, fullBytes, bits, pack);
  scf::ForOp::create(
      b, loc, vectorBytes, fullBytes, one, ValueRange{},
      [&](OpBuilder &nb, Location, Value byteIndex, ValueRange) {
        Value first = arith::MulIOp::create(nb, loc, byteIndex, slotCount);
        Value byte = pack ? arith::ConstantIntOp::create(nb, loc, 0, 8)
                          : memref::LoadOp::create(nb, loc, bytes,
                                                   ValueRange{byteIndex})
                                .getResult();
        for (int64_t k = 0; k < slots; ++k) {
          Value at = arith::AddIOp::create(nb, loc, first, constIndex(k));
          Value shift = arith::ConstantIntOp::create(nb, loc, k * bits, 8);
          if (pack) {
            Value v = memref::LoadOp::create(nb, loc, host, ValueRange{at});
            byte = insertPackedBits(nb, loc, byte, shift, v, bits);
          } else {
            Value v = extractPackedBits(nb, loc, byte, shift, elementType);
            memref::StoreOp::create(nb, loc, v, host, ValueRange{at});
          }
        }
        if (pack)
          memref::StoreOp::create(nb, loc, byte, bytes, ValueRange{byteIndex});
        scf::YieldOp::create(nb, loc);
      });
  // The last partial byte (the caller zeroed it for packing).
  Value tailStart = arith::MulIOp::create(b, loc, fullBytes, slotCount);
  scf::ForOp::create(
      b, loc, tailStart, count, one, ValueRange{},
      [&](OpBuilder &nb, Location, Value i, ValueRange) {
        Value shift =
            shiftOf(nb, arith::SubIOp::create(nb, loc, i, tailStart));
        Value byte =
            memref::LoadOp::create(nb, loc, bytes, ValueRange{fullBytes});
        if (pack) {
          Value v = memref::LoadOp::create(nb, loc, host, ValueRange{i});
          memref::StoreOp::create(
              nb, loc, insertPackedBits(nb, loc, byte, shift, v, bits), bytes,
              ValueRange{fullBytes});
        } else {
          memref::StoreOp::create(
              nb, loc, extractPackedBits(nb, loc, byte, shift, elementType),
              host, ValueRange{i});
        }
        scf::YieldOp::create(nb, loc);
      });
  func::ReturnOp::create(b, loc);
  return func;
}

/// A packer and an unpacker for every packed element type a host tensor of
/// an import or export has.
static void createHostPackers(ModuleOp module, SymbolTable &symbols,
                              AsyncToMemRefState &state) {
  OpBuilder b(module.getContext());
  auto need = [&](Type tensorType, bool pack) {
    auto type = dyn_cast<RankedTensorType>(tensorType);
    if (!type || !isPackedSubByteType(type.getElementType()))
      return;
    auto &packers = pack ? state.hostPackers : state.hostUnpackers;
    func::FuncOp &packer = packers[type.getElementType()];
    if (!packer)
      packer =
          buildHostPacker(b, module, symbols, type.getElementType(), pack);
  };
  module.walk([&](Operation *op) {
    if (auto import = dyn_cast<AsyncImportOp>(op))
      need(import.getSource().getType(), /*pack=*/true);
    else if (auto exportOp = dyn_cast<AsyncExportOp>(op))
      need(exportOp.getType(), /*pack=*/false);
  });
}

/// Checks that the kernel `op` runs takes what it passes, in one of the two
/// orders a kernel may take it (language.md), with an error naming both
/// otherwise: the conversion would only say that it failed to legalize
/// the dispatch.
static LogicalResult checkKernelSignature(AsyncDispatchOp op,
                                          const AsyncToMemRefState &state) {
  // Every entry point computes the same thing; the host runs the first.
  auto entry = cast<SymbolRefAttr>(op.getEntryPoints()[0]);
  func::FuncOp kernel = state.kernels.lookup(
      (entry.getRootReference().getValue() + "::" +
       entry.getLeafReference().getValue())
          .str());
  if (!kernel)
    return op.emitOpError() << "entry point " << entry
                            << " has no kernel function";
  FunctionType kernelType = kernel.getFunctionType();
  SmallVector<bool> operandIsBuffer;
  SmallVector<Type> slotTypes;
  for (Value operand : op.getResourceOperands()) {
    bool isResource = isa<ResourceType>(operand.getType());
    operandIsBuffer.push_back(isResource);
    slotTypes.push_back(isResource ? Type() : operand.getType());
  }
  unsigned numUntied = 0;
  for (unsigned i = 0, e = op.getNumResults(); i < e; ++i)
    if (!op.getTiedResultOperandIndex(i)) {
      slotTypes.push_back(Type());
      ++numUntied;
    }
  std::optional<SmallVector<unsigned>> argOfSlot =
      mapDispatchSlotsToKernelArguments(operandIsBuffer, numUntied,
                                        kernelType.getInputs());
  // A binding is passed as the byte buffer its lowered kernel takes.
  auto byteBuffer = MemRefType::get({ShapedType::kDynamic},
                                    IntegerType::get(op.getContext(), 8));
  bool matches = argOfSlot && kernelType.getNumResults() == 0;
  for (size_t slot = 0; matches && slot < slotTypes.size(); ++slot)
    matches = (slotTypes[slot] ? slotTypes[slot] : Type(byteBuffer)) ==
              kernelType.getInput((*argOfSlot)[slot]);
  if (matches)
    return success();
  // The two signatures it could have had, a binding for each buffer.
  auto describe = [&](bool buffersFirst) {
    std::string text;
    llvm::raw_string_ostream os(text);
    SmallVector<Type> order;
    if (!buffersFirst)
      order = slotTypes;
    else {
      llvm::copy_if(slotTypes, std::back_inserter(order),
                    [](Type type) { return !type; });
      llvm::copy_if(slotTypes, std::back_inserter(order),
                    [](Type type) { return static_cast<bool>(type); });
    }
    os << "(";
    llvm::interleaveComma(order, os, [&](Type type) {
      if (type)
        os << type;
      else
        os << "!stream_lite.binding";
    });
    os << ")";
    return text;
  };
  InFlightDiagnostic diag = op.emitOpError()
                            << "does not match the kernel of entry point "
                            << entry << ", ";
  if (kernelType.getNumResults() != 0)
    diag << "which returns values: a kernel returns nothing";
  else
    diag << "which takes " << kernelType
         << ": the dispatch passes " << describe(/*buffersFirst=*/false)
         << " (its operands, then a binding per untied result) or, "
            "every binding first, "
         << describe(/*buffersFirst=*/true);
  diag.attachNote(kernel.getLoc()) << "the kernel is declared here";
  return failure();
}

LogicalResult prepareAsyncToMemRefConversion(ModuleOp module,
                                             AsyncToMemRefState &state) {
  SymbolTable symbols(module);
  if (failed(outlineExecutables(module, symbols, state)))
    return failure();

  // Only async-phase ops (and device declarations) are left to lower, and
  // every dispatch matches its kernel.
  // Every mismatched dispatch is reported, then the pass fails.
  bool signaturesMatch = true;
  WalkResult walk = module.walk([&](Operation *op) {
    if (auto dispatch = dyn_cast<AsyncDispatchOp>(op)) {
      signaturesMatch &= succeeded(checkKernelSignature(dispatch, state));
      return WalkResult::advance();
    }
    if (!isa_and_nonnull<StreamLiteDialect>(op->getDialect()) ||
        op->hasTrait<layoutopt::stream_lite::OpTrait::AsyncPhaseOp>() ||
        isa<DeviceOp, AsyncTransferOp>(op))
      return WalkResult::advance();
    op->emitOpError() << "cannot be lowered to memrefs; run "
                         "--stream-lite-layout-pipeline first";
    return WalkResult::interrupt();
  });
  if (walk.wasInterrupted() || !signaturesMatch)
    return failure();

  if (failed(createConstantGlobals(module, symbols, state)))
    return failure();
  createHostPackers(module, symbols, state);

  // Copy-on-write: tied targets that are not exclusive are copied first.
  module.walk([&](TiedOpInterface op) {
    for (unsigned i = 0, e = op->getNumResults(); i < e; ++i)
      if (OpOperand *target = op.getTiedResultOpOperand(i))
        if (!isExclusive(target->get(), op))
          state.copyFirst.insert({op, target->getOperandNumber()});
  });
  return success();
}

void finalizeAsyncToMemRefConversion(ModuleOp module) {
  // Devices are simulated on the host: their declarations and the
  // stream_lite attributes (affinities) have nothing left to describe.
  // A parallel kernel loop's task size stays for
  // --stream-lite-parallelize-kernels, which replaces the loop.
  for (auto device : llvm::make_early_inc_range(module.getOps<DeviceOp>()))
    device.erase();
  module.walk([](Operation *op) {
    for (NamedAttribute attr : llvm::to_vector(op->getDiscardableAttrs()))
      if (attr.getName().getValue().starts_with("stream_lite.") &&
          attr.getName() != StreamLiteDialect::kMinTaskGroupsAttrName)
        op->removeDiscardableAttr(attr.getName());
  });
}

} // namespace layoutopt::stream_lite
