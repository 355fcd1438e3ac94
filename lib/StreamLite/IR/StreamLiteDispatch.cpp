//===- StreamLiteDispatch.cpp - dispatch and executable ops ----------------===//
//
// tensor.dispatch and async.dispatch (custom syntax and verifiers), the
// executable ops and binding.subspan.
//
//===----------------------------------------------------------------------===//

#include "StreamLiteOpsInternal.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace layoutopt::stream_lite;
using namespace layoutopt::stream_lite::ops_internal;

namespace layoutopt::stream_lite {

//===----------------------------------------------------------------------===//
// Dispatch ops
//===----------------------------------------------------------------------===//
//
// tensor.dispatch and async.dispatch share their head, the framing of the
// operand type list, the results (with tied operands) and most of their
// verification; the op-specific parts (per-operand encodings and dims,
// per-resource byte ranges) come in as callbacks.
//
//===----------------------------------------------------------------------===//

/// The operand index result `resultIndex` is tied to per `tiedOperands` (an
/// absent attribute or a -1 entry: untied).
static std::optional<int64_t> tiedResultOperandIndex(ArrayAttr tiedOperands,
                                                     unsigned resultIndex) {
  if (!tiedOperands || resultIndex >= tiedOperands.size())
    return std::nullopt;
  int64_t index = cast<IntegerAttr>(tiedOperands[resultIndex]).getInt();
  if (index < 0)
    return std::nullopt;
  return index;
}

static LogicalResult verifyEntryPoints(Operation *op, ArrayAttr entryPoints) {
  if (entryPoints.empty())
    return op->emitOpError() << "must name at least one entry point";
  for (Attribute entry : entryPoints)
    if (cast<SymbolRefAttr>(entry).getNestedReferences().size() != 1)
      return op->emitOpError() << "entry point " << entry
                               << " must be @executable::@export";
  return success();
}

/// Only load and store take staging resources (docs/language.md, Types).
static LogicalResult verifyNotStaging(Operation *op, size_t operandIndex,
                                      ResourceType resource) {
  if (resource.getLifetime() == Lifetime::Staging)
    return op->emitOpError() << "operand " << operandIndex
                             << " is a staging resource; only load and store "
                                "take staging resources";
  return success();
}

/// Checks `tiedOperands` (if present): one entry per result, each untied or
/// naming a resource operand; `verifyTied(result, operand)` then checks what
/// the op requires of each tied pair.
static LogicalResult
verifyTiedOperands(Operation *op, ArrayAttr tiedOperands, ValueRange operands,
                   function_ref<LogicalResult(unsigned, int64_t)> verifyTied) {
  if (!tiedOperands)
    return success();
  unsigned numResults = op->getNumResults();
  if (tiedOperands.size() != numResults)
    return op->emitOpError() << "tied_operands has " << tiedOperands.size()
                             << " entries but the op has " << numResults
                             << " results";
  for (unsigned i = 0; i < numResults; ++i) {
    std::optional<int64_t> index = tiedResultOperandIndex(tiedOperands, i);
    if (!index)
      continue;
    if (*index >= static_cast<int64_t>(operands.size()) ||
        !isa<ResourceType>(operands[*index].getType()))
      return op->emitOpError() << "result " << i << " is tied to operand "
                               << *index << ", which is not a resource operand";
    if (failed(verifyTied(i, *index)))
      return failure();
  }
  return success();
}

/// The head shared by tensor.dispatch and async.dispatch:
/// `on(#affinity)? (@ex::@entry | {@a::@b, ...}) ([workload])?`.
static ParseResult
parseDispatchHead(OpAsmParser &parser, OperationState &result,
                  SmallVectorImpl<OpAsmParser::UnresolvedOperand> &workload) {
  AffinityAttr affinity;
  if (parseAffinity(parser, affinity))
    return failure();
  if (affinity)
    result.addAttribute("affinity", affinity);
  SmallVector<Attribute> entryPoints;
  auto parseEntry = [&]() -> ParseResult {
    SymbolRefAttr entry;
    if (parser.parseAttribute(entry))
      return failure();
    entryPoints.push_back(entry);
    return success();
  };
  if (succeeded(parser.parseOptionalLBrace())) {
    if (parser.parseCommaSeparatedList(parseEntry) || parser.parseRBrace())
      return failure();
  } else if (parseEntry()) {
    return failure();
  }
  result.addAttribute("entry_points",
                      ArrayAttr::get(parser.getContext(), entryPoints));
  if (succeeded(parser.parseOptionalLSquare()) &&
      (parser.parseOperandList(workload) || parser.parseRSquare()))
    return failure();
  return success();
}

static void printDispatchHead(OpAsmPrinter &printer, Operation *op,
                              AffinityAttr affinity, ArrayAttr entryPoints,
                              OperandRange workload) {
  printer << ' ';
  if (affinity) {
    printAffinity(printer, op, affinity);
    printer << ' ';
  }
  if (entryPoints.size() == 1) {
    printer.printAttribute(entryPoints[0]);
  } else {
    printer << '{';
    llvm::interleaveComma(entryPoints, printer,
                          [&](Attribute a) { printer.printAttribute(a); });
    printer << '}';
  }
  if (!workload.empty())
    printer << '[' << workload << ']';
}

/// The operand types `(t0, t1, ...)`, one per operand. `parseType(index,
/// type, sized)` parses the op's form of entry `index` up to its operand type
/// and sets `sized` when a `{%size}` follows, which only a resource may have.
static ParseResult parseDispatchOperandTypes(
    OpAsmParser &parser, ArrayRef<OpAsmParser::UnresolvedOperand> operands,
    SmallVectorImpl<Type> &types,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &sizes,
    function_ref<ParseResult(unsigned, Type &, bool &)> parseType) {
  auto parseEntry = [&]() -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    Type type;
    bool sized = false;
    if (parseType(types.size(), type, sized))
      return failure();
    types.push_back(type);
    if (!sized)
      return success();
    if (parseSize(parser, sizes.emplace_back()))
      return failure();
    if (!isa<ResourceType>(type))
      return parser.emitError(loc) << "expected a stream_lite resource type";
    return success();
  };
  if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Paren, parseEntry))
    return failure();
  if (types.size() != operands.size())
    return parser.emitError(parser.getNameLoc())
           << "has " << operands.size() << " operands but " << types.size()
           << " operand types";
  return success();
}

/// Prints what parseDispatchOperandTypes parses: `printType(index, operand)`
/// prints the op's form of an entry up to its type; a resource's `{%size}`
/// (the next of `sizes`) follows.
static void
printDispatchOperandTypes(OpAsmPrinter &printer, ValueRange operands,
                          ValueRange sizes,
                          function_ref<void(unsigned, Value)> printType) {
  printer << '(';
  auto size = sizes.begin();
  for (auto [i, operand] : llvm::enumerate(operands)) {
    if (i)
      printer << ", ";
    printType(i, operand);
    if (!isa<ResourceType>(operand.getType()))
      continue;
    printer << '{';
    printer.printOperand(*size++);
    printer << '}';
  }
  printer << ')';
}

/// `-> r` or `-> (r0, r1, ...)` (any count), each result
/// `prefix? (%operand as)? !stream_lite.resource<L>{%size}` where
/// `parsePrefix` parses the op's own prefix. A tied result may also be written
/// as IREE prints it, `%operand{%size}`: its type is then the operand's (from
/// `operandTypes`). Adds the result types and, when any result is tied,
/// `tied_operands` (operand indices, -1 when untied).
static ParseResult
parseDispatchResults(OpAsmParser &parser, OperationState &result,
                     ArrayRef<OpAsmParser::UnresolvedOperand> operands,
                     ArrayRef<Type> operandTypes,
                     SmallVectorImpl<OpAsmParser::UnresolvedOperand> &sizes,
                     function_ref<ParseResult()> parsePrefix = {}) {
  SmallVector<Type> types;
  SmallVector<Attribute> tiedOperands;
  bool anyTied = false;
  auto parseResult = [&]() -> ParseResult {
    if (parsePrefix && parsePrefix())
      return failure();
    int64_t tiedIndex = -1;
    OpAsmParser::UnresolvedOperand tied;
    OptionalParseResult hasTied = parser.parseOptionalOperand(tied);
    if (hasTied.has_value()) {
      if (failed(*hasTied))
        return failure();
      for (auto [i, operand] : llvm::enumerate(operands))
        if (operand.name == tied.name && operand.number == tied.number)
          tiedIndex = i;
      if (tiedIndex < 0)
        return parser.emitError(tied.location)
               << "tied result names " << tied.name
               << ", which is not an operand";
      anyTied = true;
    }
    tiedOperands.push_back(parser.getBuilder().getI64IntegerAttr(tiedIndex));
    if (tiedIndex >= 0 && failed(parser.parseOptionalKeyword("as"))) {
      // IREE's `%operand{%size}`: the result has the operand's type.
      if (!isa<ResourceType>(operandTypes[tiedIndex]))
        return parser.emitError(tied.location)
               << "tied result names " << tied.name
               << ", which is not a resource operand";
      types.push_back(operandTypes[tiedIndex]);
      return parseSize(parser, sizes.emplace_back());
    }
    return parseSizedType(parser, types.emplace_back(), sizes.emplace_back());
  };
  if (parser.parseArrow())
    return failure();
  if (succeeded(parser.parseOptionalLParen())) {
    if (failed(parser.parseOptionalRParen()) &&
        (parser.parseCommaSeparatedList(parseResult) || parser.parseRParen()))
      return failure();
  } else if (parseResult()) {
    return failure();
  }
  if (anyTied)
    result.addAttribute("tied_operands",
                        ArrayAttr::get(parser.getContext(), tiedOperands));
  result.addTypes(types);
  return success();
}

/// Prints what parseDispatchResults parses; `printPrefix(i)` prints result
/// i's op-specific prefix.
static void printDispatchResults(OpAsmPrinter &printer, Operation *op,
                                 ValueRange operands, ValueRange sizes,
                                 ArrayAttr tiedOperands,
                                 function_ref<void(unsigned)> printPrefix = {}) {
  printer << " -> ";
  bool parens = op->getNumResults() != 1;
  if (parens)
    printer << '(';
  for (unsigned i = 0; i < op->getNumResults(); ++i) {
    if (i)
      printer << ", ";
    if (printPrefix)
      printPrefix(i);
    if (std::optional<int64_t> tied = tiedResultOperandIndex(tiedOperands, i)) {
      printer.printOperand(operands[*tied]);
      printer << " as ";
    }
    printSizedType(printer, op->getResult(i).getType(), sizes[i]);
  }
  if (parens)
    printer << ')';
}

/// Resolves the parsed operands in ODS segment order: the workload, the
/// mixed operands with their parsed types, then the index-typed
/// `indexSegments`; records the segment sizes.
static ParseResult resolveDispatchOperands(
    OpAsmParser &parser, OperationState &result, StringAttr segmentSizesName,
    ArrayRef<OpAsmParser::UnresolvedOperand> workload,
    ArrayRef<OpAsmParser::UnresolvedOperand> operands,
    ArrayRef<Type> operandTypes,
    ArrayRef<ArrayRef<OpAsmParser::UnresolvedOperand>> indexSegments) {
  Type indexType = parser.getBuilder().getIndexType();
  SMLoc loc = parser.getCurrentLocation();
  if (parser.resolveOperands(workload, indexType, result.operands) ||
      parser.resolveOperands(operands, operandTypes, loc, result.operands))
    return failure();
  SmallVector<int32_t> segmentSizes = {static_cast<int32_t>(workload.size()),
                                       static_cast<int32_t>(operands.size())};
  for (ArrayRef<OpAsmParser::UnresolvedOperand> segment : indexSegments) {
    if (parser.resolveOperands(segment, indexType, result.operands))
      return failure();
    segmentSizes.push_back(static_cast<int32_t>(segment.size()));
  }
  result.addAttribute(segmentSizesName,
                      parser.getBuilder().getDenseI32ArrayAttr(segmentSizes));
  return success();
}

/// Prints a tensor.dispatch tensor type with its dims, taking its dynamic
/// dims off the front of `dims` (the op lists all operands' or all results'
/// dims in one segment).
static void printEncodedTypeFrom(OpAsmPrinter &printer, Attribute encoding,
                                 ValueRange &dims) {
  auto typeAttr = cast<TypeAttr>(encoding);
  unsigned count = tensorOf(typeAttr).getNumDynamicDims();
  printEncodedType(printer, nullptr, typeAttr, dims.take_front(count));
  dims = dims.drop_front(count);
}

//===----------------------------------------------------------------------===//
// TensorDispatchOp
//===----------------------------------------------------------------------===//

std::optional<int64_t>
TensorDispatchOp::getTiedResultOperandIndex(unsigned resultIndex) {
  return tiedResultOperandIndex(getTiedOperandsAttr(), resultIndex);
}


/// A tied result's size equals its operand's when both are constants.
static LogicalResult verifyTiedSize(Operation *op, unsigned resultIndex,
                                    Value operandSizeValue,
                                    Value resultSizeValue) {
  std::optional<int64_t> operandSize = constantIndex(operandSizeValue);
  std::optional<int64_t> resultSize = constantIndex(resultSizeValue);
  if (operandSize && resultSize && *operandSize != *resultSize)
    return op->emitOpError() << "result " << resultIndex << " size "
                             << *resultSize
                             << " differs from its tied operand size "
                             << *operandSize;
  return success();
}

LogicalResult TensorDispatchOp::verify() {
  if (failed(verifyEntryPoints(*this, getEntryPoints())))
    return failure();
  ArrayAttr operandEncodings = getOperandEncodings();
  if (operandEncodings.size() != getMixedOperands().size())
    return emitOpError() << "has " << getMixedOperands().size()
                         << " operands but " << operandEncodings.size()
                         << " operand encodings";
  size_t resourceCount = 0, operandDimCount = 0;
  for (auto [operandIndex, operand, encodingAttr] :
       llvm::enumerate(getMixedOperands(), operandEncodings)) {
    Type encoding = cast<TypeAttr>(encodingAttr).getValue();
    if (auto resource = dyn_cast<ResourceType>(operand.getType())) {
      if (failed(verifyNotStaging(*this, operandIndex, resource)))
        return failure();
      auto tensor = dyn_cast<RankedTensorType>(encoding);
      if (!tensor)
        return emitOpError() << "resource operand needs a ranked tensor type, got "
                             << encoding;
      ++resourceCount;
      operandDimCount += tensor.getNumDynamicDims();
      if (failed(verifyEncodingForType(tensor, [&]() {
            return emitOpError() << "operand type " << tensor << ": ";
          })))
        return failure();
    } else if (encoding != operand.getType()) {
      return emitOpError() << "scalar operand of type " << operand.getType()
                           << " is described as " << encoding;
    }
  }
  if (getOperandSizes().size() != resourceCount)
    return emitOpError() << "has " << resourceCount << " resource operands but "
                         << getOperandSizes().size() << " operand sizes";
  if (getOperandEncodingDims().size() != operandDimCount)
    return emitOpError() << "operand types have " << operandDimCount
                         << " dynamic dims but " << getOperandEncodingDims().size()
                         << " dim values are attached";
  ArrayAttr resultEncodings = getResultEncodings();
  if (resultEncodings.size() != getNumResults() ||
      getResultSizes().size() != getNumResults())
    return emitOpError() << "has " << getNumResults() << " results but "
                         << resultEncodings.size() << " result encodings and "
                         << getResultSizes().size() << " result sizes";
  size_t resultDimCount = 0;
  for (Attribute encodingAttr : resultEncodings) {
    auto tensor = dyn_cast<RankedTensorType>(cast<TypeAttr>(encodingAttr).getValue());
    if (!tensor)
      return emitOpError() << "result needs a ranked tensor type, got "
                           << encodingAttr;
    resultDimCount += tensor.getNumDynamicDims();
    if (failed(verifyEncodingForType(tensor, [&]() {
          return emitOpError() << "result type " << tensor << ": ";
        })))
      return failure();
  }
  if (getResultEncodingDims().size() != resultDimCount)
    return emitOpError() << "result types have " << resultDimCount
                         << " dynamic dims but " << getResultEncodingDims().size()
                         << " dim values are attached";
  return verifyTiedOperands(
      *this, getTiedOperandsAttr(), getMixedOperands(),
      [&](unsigned i, int64_t index) -> LogicalResult {
        if (operandEncodings[index] != resultEncodings[i])
          return emitOpError()
                 << "result " << i << " type "
                 << cast<TypeAttr>(resultEncodings[i]).getValue()
                 << " differs from its tied operand type "
                 << cast<TypeAttr>(operandEncodings[index]).getValue();
        if (getMixedOperands()[index].getType() != getResult(i).getType())
          return emitOpError() << "result " << i
                               << " resource type differs from its tied operand";
        // A tied result is its operand's bytes: sizes known to differ are an
        // error (operand sizes are listed per resource operand, in order).
        unsigned ordinal = llvm::count_if(
            getMixedOperands().take_front(index),
            [](Value v) { return isa<ResourceType>(v.getType()); });
        return verifyTiedSize(*this, i, getOperandSizes()[ordinal],
                              getResultSizes()[i]);
      });
}

/// `on(#a) @ex::@entry[%w](%r, %c4) : (tensor<?x4xf32>{%d} in
/// !stream_lite.resource<*>{%sz}, index) -> tensor<...>{%d} in ...`
ParseResult TensorDispatchOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> workload, operands, operandSizes,
      operandDims, resultSizes, resultDims;
  if (parseDispatchHead(parser, result, workload) || parser.parseLParen() ||
      parser.parseOperandList(operands) || parser.parseRParen() ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();

  // Operand types: `tensor<...>{dims} in !resource{size}` or a scalar type
  // (its own encoding).
  SmallVector<Type> operandTypes;
  SmallVector<Attribute> operandEncodings, resultEncodings;
  auto parseOperandType = [&](unsigned, Type &type, bool &sized) -> ParseResult {
    if (parser.parseType(type))
      return failure();
    operandEncodings.push_back(TypeAttr::get(type));
    if (!isa<RankedTensorType>(type))
      return success();
    sized = true;
    return failure(parseOptionalDims(parser, operandDims) ||
                   parser.parseKeyword("in") || parser.parseType(type));
  };
  // Results: `tensor<...>{dims} in` before the resource.
  auto parseResultPrefix = [&]() -> ParseResult {
    TypeAttr encoding;
    if (parseEncodedType(parser, encoding, resultDims) ||
        parser.parseKeyword("in"))
      return failure();
    resultEncodings.push_back(encoding);
    return success();
  };
  if (parseDispatchOperandTypes(parser, operands, operandTypes, operandSizes,
                                parseOperandType) ||
      parseDispatchResults(parser, result, operands, operandTypes,
                           resultSizes, parseResultPrefix))
    return failure();
  MLIRContext *ctx = parser.getContext();
  result.addAttribute("operand_encodings", ArrayAttr::get(ctx, operandEncodings));
  result.addAttribute("result_encodings", ArrayAttr::get(ctx, resultEncodings));
  return resolveDispatchOperands(
      parser, result, getOperandSegmentSizesAttrName(result.name), workload,
      operands, operandTypes,
      {operandSizes, operandDims, resultSizes, resultDims});
}

void TensorDispatchOp::print(OpAsmPrinter &printer) {
  printDispatchHead(printer, *this, getAffinityAttr(), getEntryPoints(),
                    getWorkload());
  printer << '(' << getMixedOperands() << ')';
  // Every inherent attribute is printed above: only the discardable ones
  // remain, and getAttrs() would build a dictionary of all of them first.
  printer.printOptionalAttrDict(
      (*this)->getDiscardableAttrDictionary().getValue(),
      {"affinity", "entry_points", "operand_encodings", "result_encodings",
       "tied_operands", getOperandSegmentSizesAttrName()});
  printer << " : ";
  ValueRange operandDims = getOperandEncodingDims();
  printDispatchOperandTypes(
      printer, getMixedOperands(), getOperandSizes(),
      [&](unsigned i, Value operand) {
        Attribute encoding = getOperandEncodings()[i];
        if (!isa<ResourceType>(operand.getType())) {
          printer.printType(cast<TypeAttr>(encoding).getValue());
          return;
        }
        printEncodedTypeFrom(printer, encoding, operandDims);
        printer << " in ";
        printer.printType(operand.getType());
      });
  ValueRange resultDims = getResultEncodingDims();
  printDispatchResults(printer, *this, getMixedOperands(), getResultSizes(),
                       getTiedOperandsAttr(), [&](unsigned i) {
                         printEncodedTypeFrom(printer, getResultEncodings()[i],
                                              resultDims);
                         printer << " in ";
                       });
}

//===----------------------------------------------------------------------===//
// Executables
//===----------------------------------------------------------------------===//

/// `stream_lite.executable private @ex attributes {...} { ... }`
ParseResult ExecutableOp::parse(OpAsmParser &parser, OperationState &result) {
  parseSymbolVisibility(parser, result);
  StringAttr name;
  if (parser.parseSymbolName(name, mlir::SymbolTable::getSymbolAttrName(),
                             result.attributes) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body))
    return failure();
  if (body->empty())
    body->emplaceBlock();
  return success();
}

void ExecutableOp::print(OpAsmPrinter &printer) {
  printSymbolVisibility(printer, getSymVisibilityAttr());
  printer << ' ';
  printer.printSymbolName(getSymName());
  printer.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(),
      {mlir::SymbolTable::getSymbolAttrName(), mlir::SymbolTable::getVisibilityAttrName()});
  printer << ' ';
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                      /*printBlockTerminators=*/false);
}

/// `stream_lite.executable.export public @entry as(@fn) {...}`
ParseResult ExecutableExportOp::parse(OpAsmParser &parser,
                                      OperationState &result) {
  parseSymbolVisibility(parser, result);
  StringAttr name;
  if (parser.parseSymbolName(name, mlir::SymbolTable::getSymbolAttrName(),
                             result.attributes))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("as"))) {
    FlatSymbolRefAttr function;
    if (parser.parseLParen() || parser.parseAttribute(function) ||
        parser.parseRParen())
      return failure();
    result.addAttribute(getFunctionRefAttrName(result.name), function);
  }
  return parser.parseOptionalAttrDict(result.attributes);
}

void ExecutableExportOp::print(OpAsmPrinter &printer) {
  printSymbolVisibility(printer, getSymVisibilityAttr());
  printer << ' ';
  printer.printSymbolName(getSymName());
  if (FlatSymbolRefAttr function = getFunctionRefAttr()) {
    printer << " as(";
    printer.printAttribute(function);
    printer << ')';
  }
  printer.printOptionalAttrDict(
      (*this)->getAttrs(), {mlir::SymbolTable::getSymbolAttrName(),
                            mlir::SymbolTable::getVisibilityAttrName(),
                            getFunctionRefAttrName()});
}

std::optional<BuiltinKind> ExecutableOp::getBuiltinKind() {
  auto name = (*this)->getAttrOfType<StringAttr>(
      StreamLiteDialect::kBuiltinKindAttrName);
  return name ? symbolizeBuiltinKind(name.getValue()) : std::nullopt;
}

ModuleOp ExecutableOp::getInnerModule() {
  // From the end, where the module usually is: the exports come before it,
  // and an executable may have many.
  for (Operation &op : llvm::reverse(getBody().front()))
    if (auto module = dyn_cast<ModuleOp>(op))
      return module;
  return {};
}

ExecutableOp ExecutableOp::cloneForExport(StringAttr exportName,
                                          ExportCopyCache &cache) {
  ModuleOp inner = getInnerModule();
  auto exportOp = dyn_cast_if_present<ExecutableExportOp>(
      cache.tables.lookupSymbolIn(*this, exportName));
  // The inner functions the export's function reaches, transitively.
  SmallVector<Operation *> reached;
  if (inner && exportOp) {
    SmallVector<StringAttr> pending = {exportOp.getFunctionName()};
    llvm::DenseSet<StringAttr> seen(pending.begin(), pending.end());
    while (!pending.empty()) {
      Operation *function =
          cache.tables.lookupSymbolIn(inner, pending.pop_back_val());
      if (!function || !isa<FunctionOpInterface>(function))
        continue;
      reached.push_back(function);
      if (std::optional<mlir::SymbolTable::UseRange> uses =
              mlir::SymbolTable::getSymbolUses(function))
        for (const mlir::SymbolTable::SymbolUse &use : *uses) {
          StringAttr root = use.getSymbolRef().getRootReference();
          if (seen.insert(root).second)
            pending.push_back(root);
        }
    }
  }
  auto copy = cast<ExecutableOp>(getOperation()->cloneWithoutRegions());
  Block *copyBody = new Block;
  copy.getBody().push_back(copyBody);
  if (exportOp)
    copyBody->push_back(exportOp->clone());
  if (!inner)
    return copy;
  // The inner module's other ops, found once per module.
  auto [others, first] = cache.innerNonFunctions.try_emplace(inner);
  if (first)
    for (Operation &op : inner.getBody()->getOperations())
      if (!isa<FunctionOpInterface>(op))
        others->second.push_back(&op);
  // In the inner module's order (each op's position is cached by its
  // block, so this sort compares in constant time).
  SmallVector<Operation *> kept(others->second);
  llvm::append_range(kept, reached);
  llvm::sort(kept, [](Operation *a, Operation *b) {
    return a->isBeforeInBlock(b);
  });
  Operation *innerCopy = inner->cloneWithoutRegions();
  Block *innerBody = new Block;
  innerCopy->getRegion(0).push_back(innerBody);
  for (Operation *op : kept)
    innerBody->push_back(op->clone());
  copyBody->push_back(innerCopy);
  return copy;
}

LogicalResult ExecutableOp::verify() {
  // The printer never prints entry block arguments: reject them rather than
  // dropping them silently.
  if (getBody().front().getNumArguments() != 0)
    return emitOpError() << "body must not have block arguments";
  unsigned modules = 0;
  for (Operation &op : getBody().front()) {
    if (isa<ModuleOp>(op)) {
      ++modules;
      continue;
    }
    if (!isa<ExecutableExportOp>(op))
      return emitOpError() << "may only contain stream_lite.executable.export "
                              "and builtin.module ops, found "
                           << op.getName();
  }
  if (modules > 1)
    return emitOpError() << "must contain at most one builtin.module";
  return success();
}

std::optional<int64_t>
AsyncDispatchOp::getTiedResultOperandIndex(unsigned resultIndex) {
  return tiedResultOperandIndex(getTiedOperandsAttr(), resultIndex);
}

LogicalResult AsyncDispatchOp::verify() {
  if (failed(verifyEntryPoints(*this, getEntryPoints())))
    return failure();
  // Sizes and ranges are listed per resource operand, in operand order.
  SmallVector<unsigned> resourceIndices;
  for (auto [operandIndex, operand] : llvm::enumerate(getResourceOperands())) {
    auto resource = dyn_cast<ResourceType>(operand.getType());
    if (!resource)
      continue;
    if (failed(verifyNotStaging(*this, operandIndex, resource)))
      return failure();
    resourceIndices.push_back(operandIndex);
  }
  size_t resourceCount = resourceIndices.size();
  auto checkCount = [&](size_t count, StringRef what) -> LogicalResult {
    if (count != resourceCount)
      return emitOpError() << "has " << resourceCount
                           << " resource operands but " << count << " " << what;
    return success();
  };
  if (failed(checkCount(getResourceOperandSizes().size(), "operand sizes")) ||
      failed(checkCount(getResourceOperandOffsets().size(), "operand offsets")) ||
      failed(checkCount(getResourceOperandEnds().size(), "operand ends")) ||
      failed(checkCount(getResourceOperandLengths().size(), "operand lengths")))
    return failure();
  // The size of each resource operand, by operand index (tied results
  // name their operand by it).
  SmallVector<Value> operandSizes(getResourceOperands().size());
  for (auto [i, operandIndex] : llvm::enumerate(resourceIndices)) {
    Value size = getResourceOperandSizes()[i];
    operandSizes[operandIndex] = size;
    // Twines: the names are only formatted for a diagnostic.
    if (failed(verifyByteSize(*this, "operand " + llvm::Twine(operandIndex),
                              size)) ||
        failed(verifyByteRange(*this, "operand " + llvm::Twine(operandIndex),
                               size, getResourceOperandOffsets()[i],
                               getResourceOperandEnds()[i],
                               getResourceOperandLengths()[i], "length")))
      return failure();
  }
  if (getResultSizes().size() != getNumResults())
    return emitOpError() << "has " << getNumResults() << " results but "
                         << getResultSizes().size() << " result sizes";
  for (unsigned i = 0; i < getNumResults(); ++i)
    if (failed(verifyByteSize(*this, "result " + llvm::Twine(i),
                              getResultSizes()[i])))
      return failure();
  return verifyTiedOperands(
      *this, getTiedOperandsAttr(), getResourceOperands(),
      [&](unsigned i, int64_t index) -> LogicalResult {
        Type operandType = getResourceOperands()[index].getType();
        if (operandType != getResult(i).getType())
          return emitOpError() << "result " << i << " type "
                               << getResult(i).getType()
                               << " differs from its tied operand type "
                               << operandType;
        return verifyTiedSize(*this, i, operandSizes[index],
                              getResultSizes()[i]);
      });
}

/// `on(#a) @ex::@entry[%w](%r[%o to %e for %l], %c4) : (!stream_lite.resource<*>{%sz}, index) -> ...`
ParseResult AsyncDispatchOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> workload, operands, offsets,
      ends, lengths, operandSizes, resultSizes;
  SmallVector<bool> hasRange;
  auto parseOperand = [&]() -> ParseResult {
    OpAsmParser::UnresolvedOperand operand;
    if (parser.parseOperand(operand))
      return failure();
    operands.push_back(operand);
    hasRange.push_back(false);
    if (failed(parser.parseOptionalLSquare()))
      return success();
    hasRange.back() = true;
    return failure(parser.parseOperand(offsets.emplace_back()) ||
                   parser.parseKeyword("to") ||
                   parser.parseOperand(ends.emplace_back()) ||
                   parser.parseKeyword("for") ||
                   parser.parseOperand(lengths.emplace_back()) ||
                   parser.parseRSquare());
  };
  if (parseDispatchHead(parser, result, workload) ||
      parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Paren,
                                     parseOperand) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();

  // Operand types: `!stream_lite.resource<L>{%size}` for an operand with a
  // byte range, a scalar type for one without.
  SmallVector<Type> operandTypes;
  auto parseOperandType = [&](unsigned index, Type &type,
                              bool &sized) -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseType(type))
      return failure();
    sized = isa<ResourceType>(type);
    if (index < operands.size() && sized != hasRange[index])
      return parser.emitError(loc)
             << "operand " << operands[index].name
             << (sized ? " is a resource and needs a byte range "
                         "[offset to end for length]"
                       : " is not a resource and takes no byte range");
    return success();
  };
  if (parseDispatchOperandTypes(parser, operands, operandTypes, operandSizes,
                                parseOperandType) ||
      parseDispatchResults(parser, result, operands, operandTypes,
                           resultSizes))
    return failure();
  return resolveDispatchOperands(
      parser, result, getOperandSegmentSizesAttrName(result.name), workload,
      operands, operandTypes,
      {operandSizes, offsets, ends, lengths, resultSizes});
}

void AsyncDispatchOp::print(OpAsmPrinter &printer) {
  printDispatchHead(printer, *this, getAffinityAttr(), getEntryPoints(),
                    getWorkload());
  printer << '(';
  unsigned range = 0;
  llvm::interleaveComma(getResourceOperands(), printer, [&](Value operand) {
    printer.printOperand(operand);
    if (!isa<ResourceType>(operand.getType()))
      return;
    printer << '[';
    printer.printOperand(getResourceOperandOffsets()[range]);
    printer << " to ";
    printer.printOperand(getResourceOperandEnds()[range]);
    printer << " for ";
    printer.printOperand(getResourceOperandLengths()[range]);
    printer << ']';
    ++range;
  });
  printer << ')';
  // As for tensor.dispatch: the inherent attributes are printed above.
  printer.printOptionalAttrDict(
      (*this)->getDiscardableAttrDictionary().getValue(),
      {"affinity", "entry_points", "tied_operands",
       getOperandSegmentSizesAttrName()});
  printer << " : ";
  printDispatchOperandTypes(
      printer, getResourceOperands(), getResourceOperandSizes(),
      [&](unsigned, Value operand) { printer.printType(operand.getType()); });
  printDispatchResults(printer, *this, getResourceOperands(), getResultSizes(),
                       getTiedOperandsAttr());
}

std::optional<SmallVector<unsigned>>
mapDispatchSlotsToKernelArguments(ArrayRef<bool> operandIsBuffer,
                                  unsigned numUntiedResults,
                                  TypeRange kernelInputs) {
  size_t numSlots = operandIsBuffer.size() + numUntiedResults;
  if (kernelInputs.size() != numSlots)
    return std::nullopt;
  auto slotIsBuffer = [&](size_t slot) {
    return slot >= operandIsBuffer.size() || operandIsBuffer[slot];
  };
  auto matches = [&](ArrayRef<unsigned> map) {
    for (size_t slot = 0; slot < numSlots; ++slot)
      if (isa<BindingType, BaseMemRefType>(kernelInputs[map[slot]]) !=
          slotIsBuffer(slot))
        return false;
    return true;
  };
  SmallVector<unsigned> inOrder(numSlots);
  for (size_t slot = 0; slot < numSlots; ++slot)
    inOrder[slot] = slot;
  if (matches(inOrder))
    return inOrder;
  // Buffers first, then scalars.
  SmallVector<unsigned> buffersFirst(numSlots);
  unsigned next = 0;
  for (size_t slot = 0; slot < numSlots; ++slot)
    if (slotIsBuffer(slot))
      buffersFirst[slot] = next++;
  for (size_t slot = 0; slot < numSlots; ++slot)
    if (!slotIsBuffer(slot))
      buffersFirst[slot] = next++;
  if (matches(buffersFirst))
    return buffersFirst;
  return std::nullopt;
}

} // namespace layoutopt::stream_lite
