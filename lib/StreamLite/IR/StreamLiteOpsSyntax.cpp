//===- StreamLiteOpsSyntax.cpp - stream_lite custom assembly ---------------===//
//
// The custom directives of the ops' assembly formats: affinities, tensor
// types with their dynamic dims, sized and tied resources, symbol
// visibility. Declared in StreamLiteOpsInternal.h for the generated op
// parsers and printers and for the hand-written dispatch/executable syntax.
//
//===----------------------------------------------------------------------===//

#include "StreamLiteOpsInternal.h"

#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace layoutopt::stream_lite;
using namespace layoutopt::stream_lite::ops_internal;

namespace layoutopt::stream_lite::ops_internal {

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// `on(#stream_lite.affinity<...>)`, optional; `keyword` replaces `on`.
ParseResult parseAffinity(OpAsmParser &parser, AffinityAttr &affinity,
                          StringRef keyword) {
  if (failed(parser.parseOptionalKeyword(keyword)))
    return success();
  Attribute attr;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLParen() || parser.parseAttribute(attr) || parser.parseRParen())
    return failure();
  affinity = dyn_cast<AffinityAttr>(attr);
  if (!affinity)
    return parser.emitError(loc) << "expected #stream_lite.affinity, got " << attr;
  return success();
}

void printAffinity(OpAsmPrinter &printer, Operation *,
                   AffinityAttr affinity, StringRef keyword) {
  if (!affinity)
    return;
  printer << keyword << '(';
  printer.printAttribute(affinity);
  printer << ')';
}

/// `{%size}` after a resource type.
ParseResult parseSize(OpAsmParser &parser,
                      OpAsmParser::UnresolvedOperand &size) {
  return failure(parser.parseLBrace() || parser.parseOperand(size) ||
                 parser.parseRBrace());
}

/// `!stream_lite.resource<L>{%size}`: a resource type and its byte size.
ParseResult parseSizedType(OpAsmParser &parser, Type &type,
                           OpAsmParser::UnresolvedOperand &size) {
  return failure(parser.parseType(type) || parseSize(parser, size));
}

void printSizedType(OpAsmPrinter &printer, Type type, Value size) {
  printer.printType(type);
  printer << '{';
  printer.printOperand(size);
  printer << '}';
}

/// `{%d0, %d1}` after a tensor type (optional; `{}` is accepted too).
ParseResult
parseOptionalDims(OpAsmParser &parser,
                  SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dims) {
  if (succeeded(parser.parseOptionalLBrace()) &&
      failed(parser.parseOptionalRBrace()) &&
      (parser.parseOperandList(dims) || parser.parseRBrace()))
    return failure();
  return success();
}

/// `tensor<...>{%d0, %d1}`: a tensor type and its dynamic dims (omitted when
/// there are none).
ParseResult
parseEncodedType(OpAsmParser &parser, TypeAttr &typeAttr,
                 SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dims) {
  Type type;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseType(type))
    return failure();
  if (!isa<RankedTensorType>(type))
    return parser.emitError(loc) << "expected a ranked tensor type, got " << type;
  typeAttr = TypeAttr::get(type);
  return parseOptionalDims(parser, dims);
}

void printEncodedType(OpAsmPrinter &printer, Operation *, TypeAttr typeAttr,
                      ValueRange dims) {
  printer.printType(typeAttr.getValue());
  if (!dims.empty()) {
    printer << '{';
    printer << dims;
    printer << '}';
  }
}

/// `tensor<...>{%d} in !stream_lite.resource<L>{%size}`.
ParseResult
parseEncodedResource(OpAsmParser &parser, TypeAttr &typeAttr,
                     SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dims,
                     Type &resourceType, OpAsmParser::UnresolvedOperand &size) {
  return failure(parseEncodedType(parser, typeAttr, dims) ||
                 parser.parseKeyword("in") ||
                 parseSizedType(parser, resourceType, size));
}

void printEncodedResource(OpAsmPrinter &printer, Operation *op,
                          TypeAttr typeAttr, OperandRange dims,
                          Type resourceType, Value size) {
  printEncodedType(printer, op, typeAttr, dims);
  printer << " in ";
  printSizedType(printer, resourceType, size);
}

/// `%target as !stream_lite.resource<L>{%size}` (async ops): the result is
/// tied to (is the updated) `%target` and has its type.
ParseResult parseTiedResource(OpAsmParser &parser,
                              OpAsmParser::UnresolvedOperand target,
                              Type &targetType, Type &resultType,
                              OpAsmParser::UnresolvedOperand &size) {
  OpAsmParser::UnresolvedOperand tied;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOperand(tied))
    return failure();
  if (tied.name != target.name || tied.number != target.number)
    return parser.emitError(loc)
           << "the tied result must name the target operand " << target.name;
  if (parser.parseKeyword("as") || parseSizedType(parser, targetType, size))
    return failure();
  resultType = targetType;
  return success();
}

void printTiedResource(OpAsmPrinter &printer, Operation *, Value target,
                       Type targetType, Type, Value size) {
  printer.printOperand(target);
  printer << " as ";
  printSizedType(printer, targetType, size);
}

/// `tensor<...>{%d} in %target as !stream_lite.resource<L>{%size}` (tensor
/// ops): the encoded form of a tied resource.
ParseResult parseEncodedTiedResource(
    OpAsmParser &parser, TypeAttr &typeAttr,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dims,
    OpAsmParser::UnresolvedOperand target, Type &resourceType,
    OpAsmParser::UnresolvedOperand &size) {
  Type resultType; // The op's result type is bound separately.
  return failure(parseEncodedType(parser, typeAttr, dims) ||
                 parser.parseKeyword("in") ||
                 parseTiedResource(parser, target, resourceType, resultType,
                                   size));
}

void printEncodedTiedResource(OpAsmPrinter &printer, Operation *op,
                              TypeAttr typeAttr, OperandRange dims,
                              Value target, Type resourceType, Value size) {
  printEncodedType(printer, op, typeAttr, dims);
  printer << " in ";
  printTiedResource(printer, op, target, resourceType, Type(), size);
}

/// `public`, `private` or `nested` before a symbol name (optional).
void parseSymbolVisibility(OpAsmParser &parser, OperationState &result) {
  StringRef keyword;
  if (succeeded(parser.parseOptionalKeyword(&keyword,
                                            {"public", "private", "nested"})))
    result.addAttribute(mlir::SymbolTable::getVisibilityAttrName(),
                        parser.getBuilder().getStringAttr(keyword));
}

void printSymbolVisibility(OpAsmPrinter &printer, StringAttr visibility) {
  if (visibility)
    printer << ' ' << visibility.getValue();
}
} // namespace layoutopt::stream_lite::ops_internal
