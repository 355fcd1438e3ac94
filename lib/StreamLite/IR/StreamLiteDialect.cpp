//===- StreamLiteDialect.cpp - stream_lite dialect ------------------------===//

#include "StreamLite/IR/StreamLiteDialect.h"
#include "StreamLite/IR/StreamLiteOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

#include <array>
#include <atomic>
#include <optional>
#include <utility>

using namespace mlir;
using namespace layoutopt::stream_lite;

#include "StreamLite/IR/StreamLiteDialect.cpp.inc"
#include "StreamLite/IR/StreamLiteEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "StreamLite/IR/StreamLiteTypes.cpp.inc"

namespace layoutopt::stream_lite {

/// The verified facts of each type: an open-addressed table of atomics,
/// read without a lock (types are immortal, so a slot's key never changes
/// once set). Every op verifier asks it for every tensor type it names at
/// every verification; the thread-local DenseMap it replaced cost about 100
/// instructions a lookup, this two loads. A type whose probe sequence is
/// full is simply not cached: its checks run again.
struct StreamLiteDialect::TypeFactTable {
  static constexpr size_t kSlots = size_t(1) << 12;
  static constexpr unsigned kProbes = 32;
  struct Slot {
    std::atomic<const void *> type{nullptr};
    std::atomic<uint8_t> facts{0};
  };
  std::unique_ptr<Slot[]> slots = std::make_unique<Slot[]>(kSlots);

  /// The slot of `type`, claimed for it when `claim` is set; null when the
  /// type has none (and none could be claimed).
  Slot *find(Type type, bool claim) {
    const void *key = type.getAsOpaquePointer();
    size_t index =
        llvm::DenseMapInfo<const void *>::getHashValue(key) & (kSlots - 1);
    for (unsigned probe = 0; probe < kProbes;
         ++probe, index = (index + 1) & (kSlots - 1)) {
      Slot &slot = slots[index];
      const void *current = slot.type.load(std::memory_order_acquire);
      if (current == key)
        return &slot;
      if (current)
        continue;
      if (!claim)
        return nullptr;
      if (slot.type.compare_exchange_strong(current, key,
                                            std::memory_order_acq_rel) ||
          current == key)
        return &slot;
    }
    return nullptr;
  }
};

bool StreamLiteDialect::hasVerifiedTypeFact(Type type, VerifiedTypeFact fact) {
  TypeFactTable::Slot *slot = verifiedTypeFacts->find(type, /*claim=*/false);
  return slot && (slot->facts.load(std::memory_order_acquire) &
                  static_cast<uint8_t>(fact));
}

void StreamLiteDialect::recordVerifiedTypeFact(Type type, VerifiedTypeFact fact) {
  if (TypeFactTable::Slot *slot = verifiedTypeFacts->find(type, /*claim=*/true))
    slot->facts.fetch_or(static_cast<uint8_t>(fact), std::memory_order_release);
}

/// Index attributes of 0 ... kSize - 1, filled on first use. Passes run on
/// many threads: racing fills store the same uniqued pointer.
struct StreamLiteDialect::IndexAttrTable {
  static constexpr int64_t kSize = 4097;
  std::array<std::atomic<const void *>, kSize> attrs{};
};

IntegerAttr StreamLiteDialect::getIndexAttr(int64_t value) {
  if (value < 0 || value >= IndexAttrTable::kSize)
    return Builder(getContext()).getIndexAttr(value);
  std::atomic<const void *> &slot = indexAttrs->attrs[value];
  if (const void *known = slot.load(std::memory_order_acquire))
    return IntegerAttr::getFromOpaquePointer(known);
  IntegerAttr attr = Builder(getContext()).getIndexAttr(value);
  slot.store(attr.getAsOpaquePointer(), std::memory_order_release);
  return attr;
}

MemRefType StreamLiteDialect::getByteBufferType() {
  // Racing first calls store the same uniqued type.
  if (const void *known = byteBufferType.load(std::memory_order_acquire))
    return MemRefType::getFromOpaquePointer(known);
  auto type = MemRefType::get({ShapedType::kDynamic},
                              IntegerType::get(getContext(), 8));
  byteBufferType.store(type.getAsOpaquePointer(), std::memory_order_release);
  return type;
}

/// Checks that every device `affinity` names is a `stream_lite.device`
/// (`lookup` finds a symbol from the op); else an error on `op`.
static LogicalResult
verifyAffinityNamesDevices(Operation *op, AffinityAttr affinity,
                           function_ref<Operation *(FlatSymbolRefAttr)> lookup) {
  for (FlatSymbolRefAttr name : affinity.getDevices())
    if (!isa_and_nonnull<DeviceOp>(lookup(name)))
      return op->emitOpError()
             << "affinity " << affinity << " names " << name
             << ", which is not a stream_lite.device";
  return success();
}

/// Whether ops of `op`'s class are symbol tables. hasTrait searches the
/// op's whole trait list; the answer depends on the class alone, so the
/// last few classes asked about are remembered (per thread: verifiers of
/// separate modules run in parallel).
static bool isSymbolTableOp(Operation *op) {
  struct Answer {
    TypeID opClass;
    bool isTable;
  };
  constexpr unsigned kRemembered = 4;
  thread_local std::array<std::optional<Answer>, kRemembered> remembered;
  thread_local unsigned nextSlot = 0;
  TypeID opClass = op->getName().getTypeID();
  for (const std::optional<Answer> &answer : remembered)
    if (answer && answer->opClass == opClass)
      return answer->isTable;
  bool isTable = op->hasTrait<mlir::OpTrait::SymbolTable>();
  remembered[nextSlot++ % kRemembered] = Answer{opClass, isTable};
  return isTable;
}

/// SymbolTable::getNearestSymbolTable, with the same answers on verified
/// IR, at a fraction of its cost: every op with an affinity asks it at
/// every verification of the module. A symbol table holds exactly one
/// region (its own verifier, run before its symbol uses are checked, says
/// so), and an op with one region but no loaded dialect may be an unknown
/// symbol table, where the lookup stops.
static Operation *getNearestSymbolTable(Operation *from) {
  for (Operation *at = from; at; at = at->getParentOp()) {
    if (at->getNumRegions() != 1)
      continue;
    if (!at->getDialect())
      return nullptr;
    if (isa<ModuleOp>(at) || (at->isRegistered() && isSymbolTableOp(at)))
      return at;
  }
  return nullptr;
}

/// Checks `value`, if it is an affinity, as a symbol use of `op`: each
/// device it names through `symbols` (cached lookups) in `op`'s nearest
/// symbol table, found at the first affinity and kept in `table`.
static LogicalResult verifyAffinitySymbolUse(Operation *op, Attribute value,
                                             Operation *&table,
                                             SymbolTableCollection &symbols) {
  auto affinity = dyn_cast_or_null<AffinityAttr>(value);
  if (!affinity)
    return success();
  if (!table)
    table = getNearestSymbolTable(op);
  return verifyAffinityNamesDevices(
      op, affinity, [&](FlatSymbolRefAttr name) -> Operation * {
        return table ? symbols.lookupSymbolIn(table, name.getAttr()) : nullptr;
      });
}

namespace {
// The inherent affinities an op may carry (ODS accessors of its
// properties): `affinity`, and a transfer's `source_affinity` and
// `result_affinity`.
template <typename T>
using OwnAffinityOf = decltype(std::declval<T &>().getAffinityAttr());
template <typename T>
using SourceAffinityOf =
    decltype(std::declval<T &>().getSourceAffinityAttr());
template <typename T>
using ResultAffinityOf =
    decltype(std::declval<T &>().getResultAffinityAttr());

/// Every affinity an op carries (on(...), to(...), ...) names devices: as
/// a symbol use, checked once the whole symbol table is known (the module's
/// verification), with lookups cached across ops.
template <typename OpTy>
struct AffinityUserModel
    : SymbolUserOpInterface::ExternalModel<AffinityUserModel<OpTy>, OpTy> {
  LogicalResult verifySymbolUses(Operation *op,
                                 SymbolTableCollection &symbols) const {
    // The nearest symbol table, found at the first affinity: every op is
    // checked at each verification of the module, most with one affinity.
    Operation *table = nullptr;
    auto verifyAttr = [&](Attribute value) {
      return verifyAffinitySymbolUse(op, value, table, symbols);
    };
    // The inherent ones through their accessors, not by name: reading
    // attributes by name compares strings (and op->getAttrs() builds a
    // whole dictionary), for every op at every verification.
    auto concrete = cast<OpTy>(op);
    if constexpr (llvm::is_detected<OwnAffinityOf, OpTy>::value)
      if (failed(verifyAttr(concrete.getAffinityAttr())))
        return failure();
    if constexpr (llvm::is_detected<SourceAffinityOf, OpTy>::value)
      if (failed(verifyAttr(concrete.getSourceAffinityAttr())))
        return failure();
    if constexpr (llvm::is_detected<ResultAffinityOf, OpTy>::value)
      if (failed(verifyAttr(concrete.getResultAffinityAttr())))
        return failure();
    for (NamedAttribute attr : op->getDiscardableAttrs())
      if (failed(verifyAttr(attr.getValue())))
        return failure();
    return success();
  }
};

/// A function's default affinity (its discardable `stream_lite.affinity`)
/// as a symbol use, like an op's own: looked up alone, from the
/// attribute's verifier, each function's devices cost a scan of the
/// module, quadratic in a module of functions declared before its devices.
struct DefaultAffinityUserModel
    : SymbolUserOpInterface::ExternalModel<DefaultAffinityUserModel,
                                           func::FuncOp> {
  LogicalResult verifySymbolUses(Operation *op,
                                 SymbolTableCollection &symbols) const {
    Operation *table = nullptr;
    return verifyAffinitySymbolUse(
        op, op->getDiscardableAttr(StreamLiteDialect::kAffinityAttrName),
        table, symbols);
  }
};
} // namespace

/// Whether `op`'s affinities are checked as symbol uses (above) rather
/// than by the attribute's verifier: stream_lite ops, and functions where
/// registerStreamLiteExternalModels made them symbol users (func.func
/// uses no symbol of its own).
static bool checksAffinitiesAsSymbolUses(Operation *op) {
  return isa_and_nonnull<StreamLiteDialect>(op->getDialect()) ||
         (isa<func::FuncOp>(op) && isa<SymbolUserOpInterface>(op));
}

void registerStreamLiteExternalModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, func::FuncDialect *) {
    func::FuncOp::attachInterface<DefaultAffinityUserModel>(*context);
  });
}

template <typename... OpTys>
static void attachAffinityUsers(MLIRContext *context) {
  (OpTys::template attachInterface<AffinityUserModel<OpTys>>(*context), ...);
}

void StreamLiteDialect::initialize() {
  indexAttrs = std::make_unique<IndexAttrTable>();
  verifiedTypeFacts = std::make_unique<TypeFactTable>();
  registerAttributes();
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "StreamLite/IR/StreamLiteOps.cpp.inc"
      >();
  attachAffinityUsers<
#define GET_OP_LIST
#include "StreamLite/IR/StreamLiteOps.cpp.inc"
      >(getContext());
}

void StreamLiteDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "StreamLite/IR/StreamLiteTypes.cpp.inc"
      >();
}

LogicalResult StreamLiteDialect::verifyOperationAttribute(Operation *op,
                                                          NamedAttribute attr) {
  if (attr.getName() == kAffinityAttrName) {
    if (!isa<AffinityAttr>(attr.getValue()))
      return op->emitOpError() << "'" << kAffinityAttrName
                               << "' must be a #stream_lite.affinity, got "
                               << attr.getValue();
    // Checked with the module's symbol uses where the op is a symbol user
    // of its affinities; otherwise (a module's default affinity, or a
    // function where the models were not registered) looked up from here.
    if (checksAffinitiesAsSymbolUses(op))
      return success();
    return verifyAffinityNamesDevices(
        op, cast<AffinityAttr>(attr.getValue()), [&](FlatSymbolRefAttr name) {
          return SymbolTable::lookupNearestSymbolFrom(op, name);
        });
  }
  if (attr.getName() == kFusedRelayoutsAttrName) {
    if (!isa<TensorDispatchOp>(op) || !isa<DenseI64ArrayAttr>(attr.getValue()))
      return op->emitOpError()
             << "'" << kFusedRelayoutsAttrName
             << "' must be an array<i64> of result indices on a "
                "stream_lite.tensor.dispatch";
    return success();
  }
  if (attr.getName() == kBuiltinKindAttrName) {
    auto name = dyn_cast<StringAttr>(attr.getValue());
    if (!isa<ExecutableOp>(op) || !name ||
        !symbolizeBuiltinKind(name.getValue())) {
      std::string kinds;
      for (unsigned i = 0; i < kNumBuiltinKinds; ++i)
        kinds += (i ? ", " : "") +
                 stringifyBuiltinKind(static_cast<BuiltinKind>(i)).str();
      return op->emitOpError()
             << "'" << kBuiltinKindAttrName
             << "' must be a string naming a builtin kind (" << kinds
             << ") on a stream_lite.executable";
    }
    return success();
  }
  if (attr.getName() == kMinTaskGroupsAttrName) {
    auto groups = dyn_cast<IntegerAttr>(attr.getValue());
    // By name: the dialect does not depend on SCF.
    if (op->getName().getStringRef() != "scf.parallel" || !groups ||
        !groups.getType().isIndex() || groups.getInt() < 1)
      return op->emitOpError()
             << "'" << kMinTaskGroupsAttrName
             << "' must be a positive index on an scf.parallel";
    return success();
  }
  return op->emitOpError() << "unknown stream_lite attribute '"
                           << attr.getName().getValue() << "'";
}

//===----------------------------------------------------------------------===//
// ResourceType
//===----------------------------------------------------------------------===//

Type ResourceType::parse(AsmParser &parser) {
  if (parser.parseLess())
    return {};
  Lifetime lifetime;
  if (succeeded(parser.parseOptionalStar())) {
    lifetime = Lifetime::Unknown;
  } else {
    StringRef keyword;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&keyword))
      return {};
    std::optional<Lifetime> parsed = symbolizeLifetime(keyword);
    if (!parsed || *parsed == Lifetime::Unknown) {
      parser.emitError(loc) << "unknown resource lifetime '" << keyword
                            << "' (expected *, external, staging, transient, "
                               "variable or constant)";
      return {};
    }
    lifetime = *parsed;
  }
  if (parser.parseGreater())
    return {};
  return ResourceType::get(parser.getContext(), lifetime);
}

void ResourceType::print(AsmPrinter &printer) const {
  printer << '<' << stringifyLifetime(getLifetime()) << '>';
}

//===----------------------------------------------------------------------===//
// DispatchTensorType
//===----------------------------------------------------------------------===//

/// `<readonly:tensor<?x4xf32, #enc>>`.
Type DispatchTensorType::parse(AsmParser &parser) {
  StringRef keyword;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseKeyword(&keyword))
    return {};
  std::optional<TensorAccess> access = symbolizeTensorAccess(keyword);
  if (!access) {
    parser.emitError(loc) << "unknown dispatch tensor access '" << keyword
                          << "' (expected readonly, writeonly or readwrite)";
    return {};
  }
  Type bound;
  SMLoc typeLoc = parser.getCurrentLocation();
  if (parser.parseColon() || parser.parseType(bound) || parser.parseGreater())
    return {};
  auto tensor = dyn_cast<RankedTensorType>(bound);
  if (!tensor) {
    parser.emitError(typeLoc) << "expected a ranked tensor type, got " << bound;
    return {};
  }
  return DispatchTensorType::get(parser.getContext(), *access, tensor);
}

void DispatchTensorType::print(AsmPrinter &printer) const {
  printer << '<' << stringifyTensorAccess(getAccess()) << ':';
  printer.printType(getBoundType());
  printer << '>';
}

//===----------------------------------------------------------------------===//
// Affinity lookup
//===----------------------------------------------------------------------===//

AffinityAttr lookupAffinity(Operation *op) {
  if (auto affinityOp = dyn_cast<AffinityOpInterface>(op))
    if (AffinityAttr own = affinityOp.getAffinityAttr())
      return own;
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (auto inherited = parent->getAttrOfType<AffinityAttr>(
            StreamLiteDialect::kAffinityAttrName))
      return inherited;
  return {};
}

} // namespace layoutopt::stream_lite
