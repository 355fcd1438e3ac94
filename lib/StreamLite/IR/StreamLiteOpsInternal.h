//===- StreamLiteOpsInternal.h - helpers shared by the op files -*- C++ -*-===//
//
// Private to lib/StreamLite/IR: the custom assembly directives (defined in
// StreamLiteOpsSyntax.cpp) and the verifier helpers (defined in
// StreamLiteOpsVerifiers.cpp) that more than one op file uses. The op files
// bring them in with `using namespace ops_internal` so that the generated
// parsers and printers find the directives unqualified.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_LIB_IR_STREAMLITEOPSINTERNAL_H
#define STREAMLITE_LIB_IR_STREAMLITEOPSINTERNAL_H

#include "StreamLite/IR/StreamLiteOps.h"

#include "mlir/IR/OpImplementation.h"

#include <optional>

namespace layoutopt::stream_lite::ops_internal {

using mlir::OpAsmParser;
using mlir::OpAsmPrinter;
using mlir::ParseResult;

//===----------------------------------------------------------------------===//
// Custom directives (StreamLiteOpsSyntax.cpp)
//===----------------------------------------------------------------------===//

/// `on(#stream_lite.affinity<...>)`, optional; `keyword` replaces `on`.
ParseResult parseAffinity(OpAsmParser &parser, AffinityAttr &affinity,
                          StringRef keyword = "on");
void printAffinity(OpAsmPrinter &printer, Operation *, AffinityAttr affinity,
                   StringRef keyword = "on");

/// `{%size}` after a resource type.
ParseResult parseSize(OpAsmParser &parser, OpAsmParser::UnresolvedOperand &size);

/// `!stream_lite.resource<L>{%size}`: a resource type and its byte size.
ParseResult parseSizedType(OpAsmParser &parser, mlir::Type &type,
                           OpAsmParser::UnresolvedOperand &size);
void printSizedType(OpAsmPrinter &printer, mlir::Type type, mlir::Value size);

/// `{%d0, %d1}` after a tensor type (optional; `{}` is accepted too).
ParseResult
parseOptionalDims(OpAsmParser &parser,
                  mlir::SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dims);

/// `tensor<...>{%d0, %d1}`: a tensor type and its dynamic dims.
ParseResult
parseEncodedType(OpAsmParser &parser, mlir::TypeAttr &typeAttr,
                 mlir::SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dims);
void printEncodedType(OpAsmPrinter &printer, Operation *, mlir::TypeAttr typeAttr,
                      mlir::ValueRange dims);

/// `tensor<...>{%d} in !stream_lite.resource<L>{%size}`.
ParseResult
parseEncodedResource(OpAsmParser &parser, mlir::TypeAttr &typeAttr,
                     mlir::SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dims,
                     mlir::Type &resourceType,
                     OpAsmParser::UnresolvedOperand &size);
void printEncodedResource(OpAsmPrinter &printer, Operation *op,
                          mlir::TypeAttr typeAttr, mlir::OperandRange dims,
                          mlir::Type resourceType, mlir::Value size);

/// `%target as !stream_lite.resource<L>{%size}` (async ops).
ParseResult parseTiedResource(OpAsmParser &parser,
                              OpAsmParser::UnresolvedOperand target,
                              mlir::Type &targetType, mlir::Type &resultType,
                              OpAsmParser::UnresolvedOperand &size);
void printTiedResource(OpAsmPrinter &printer, Operation *, mlir::Value target,
                       mlir::Type targetType, mlir::Type, mlir::Value size);

/// `tensor<...>{%d} in %target as !stream_lite.resource<L>{%size}`.
ParseResult parseEncodedTiedResource(
    OpAsmParser &parser, mlir::TypeAttr &typeAttr,
    mlir::SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dims,
    OpAsmParser::UnresolvedOperand target, mlir::Type &resourceType,
    OpAsmParser::UnresolvedOperand &size);
void printEncodedTiedResource(OpAsmPrinter &printer, Operation *op,
                              mlir::TypeAttr typeAttr, mlir::OperandRange dims,
                              mlir::Value target, mlir::Type resourceType,
                              mlir::Value size);

/// `!stream_lite.dispatch.tensor<...>{%d}` (a logical view) or
/// `tensor<...>{%d} in memref<...>` (a byte view): binding.subspan's result.
ParseResult
parseSubspanResult(OpAsmParser &parser, mlir::TypeAttr &typeAttr,
                   mlir::SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dims,
                   mlir::Type &resultType);
void printSubspanResult(OpAsmPrinter &printer, Operation *op,
                        mlir::TypeAttr typeAttr, mlir::OperandRange dims,
                        mlir::Type resultType);

/// `public`, `private` or `nested` before a symbol name (optional).
void parseSymbolVisibility(OpAsmParser &parser, mlir::OperationState &result);
void printSymbolVisibility(OpAsmPrinter &printer, mlir::StringAttr visibility);

//===----------------------------------------------------------------------===//
// Verifier helpers (StreamLiteOpsVerifiers.cpp)
//===----------------------------------------------------------------------===//

mlir::RankedTensorType tensorOf(mlir::TypeAttr attr);

/// The value of a constant index or integer, if it is one.
std::optional<int64_t> constantIndex(mlir::Value value);

/// Checks a tensor described by `typeAttr` (named `what`): its dynamic dim
/// count and its encoding against its shape.
mlir::LogicalResult verifyEncodedTensor(Operation *op, StringRef what,
                                        mlir::TypeAttr typeAttr,
                                        mlir::ValueRange dims);

/// Async ops: a constant byte size named `what` is not negative. (`what`
/// is a Twine: it is only formatted for a diagnostic.)
mlir::LogicalResult verifyByteSize(Operation *op, const llvm::Twine &what,
                                   mlir::Value size);

/// Async ops: the byte range `[offset to end]` of the resource `what` of
/// `size` bytes is inside it and `length` long, as far as the values are
/// constants.
mlir::LogicalResult verifyByteRange(Operation *op, const llvm::Twine &what,
                                    mlir::Value size, mlir::Value offset,
                                    mlir::Value end, mlir::Value length,
                                    StringRef lengthName);

} // namespace layoutopt::stream_lite::ops_internal

#endif // STREAMLITE_LIB_IR_STREAMLITEOPSINTERNAL_H
