//===- ToolSupport.h - what every layout-opt tool needs ---------*- C++ -*-===//
//
// MLIR's parser, verifier, printer and walks recurse once per nesting level
// of the IR, so a deeply nested input (thousands of regions) overflows the
// stack of any tool that reads it. The tools run on a thread with a large
// stack (runWithToolStack) and refuse, before parsing, input nested deeper
// than the stack of the calling thread holds (checkToolInput: at most
// kMaxNestingDepth levels, fewer where the system grants a smaller stack),
// so no input crashes them. They also refuse, before parsing, the one input
// MLIR 22's parser is known to crash on (checkNoIndexDenseArray).
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_TOOLS_TOOLSUPPORT_H
#define STREAMLITE_TOOLS_TOOLSUPPORT_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"

#include <cstddef>
#include <string>

namespace layoutopt {

/// The deepest bracket nesting (`{`, `(`, `[`, `<`) the tools accept on a
/// stack that holds it: far above real programs.
constexpr unsigned kMaxNestingDepth = 2000;

/// The stack runWithToolStack asks for first (a reservation: pages are only
/// committed when used). Where the system refuses it (an address-space
/// limit, strict overcommit), it asks for a quarter of that, and so on down
/// to kMinToolStackBytes.
constexpr size_t kToolStackBytes = size_t(1) << 30;
constexpr size_t kMinToolStackBytes = size_t(16) << 20;

/// The deepest nesting `stackBytes` of free stack holds: kMaxNestingDepth
/// on the tool stack, fewer on a small one. A level is given 8 KiB, about
/// four times what the tools were measured to take through MLIR's parser,
/// verifier, printer, passes and JIT; 1 MiB is kept aside for what does not
/// recurse.
unsigned nestingLimitForStack(size_t stackBytes);

/// The stack below the caller's frame on the calling thread (where the
/// system does not say, 8 MiB, a usual main-thread stack).
size_t remainingStackBytes();

/// nestingLimitForStack(remainingStackBytes()).
unsigned currentThreadNestingLimit();

/// Checks that `text` (MLIR assembly) nests brackets at most `limit` deep,
/// ignoring string literals and `//` comments. On failure returns a message
/// naming the line where the limit is passed.
llvm::LogicalResult checkNestingDepth(llvm::StringRef text,
                                      std::string &message,
                                      unsigned limit = kMaxNestingDepth);

/// Checks that `text` holds no dense array of `index` (`array<index>`,
/// `array<index: 1, 2>`, or through a type alias such as `!i = index`):
/// MLIR 22's parser reads its element type as a float and crashes, where it
/// rejects every other non-integer, non-float element type with an error.
/// String literals and `//` comments are skipped. On failure returns a
/// message naming the line.
llvm::LogicalResult checkNoIndexDenseArray(llvm::StringRef text,
                                           std::string &message);

/// Checks that every `dimensions =` of a `linalg.broadcast` or
/// `linalg.reduce`, and every `permutation =` of a `linalg.transpose`, in
/// their custom form is followed by a well-formed list of 64-bit integers
/// (`[0, 1]`): MLIR 22's parsers of these ops keep a null attribute when
/// the list fails to parse, and crash after reporting the error. String
/// literals and `//` comments are skipped. On failure returns a message
/// naming the line.
llvm::LogicalResult checkWellFormedLinalgArrays(llvm::StringRef text,
                                                std::string &message);

/// What the tools check of an input before they parse it on the calling
/// thread: checkNestingDepth (at currentThreadNestingLimit(); its message
/// says so where the thread's stack holds fewer than kMaxNestingDepth
/// levels), then checkNoIndexDenseArray and checkWellFormedLinalgArrays.
llvm::LogicalResult checkToolInput(llvm::StringRef text, std::string &message);

/// The same for input parsed on another thread, whose limit the caller
/// knows (currentThreadNestingLimit() there).
llvm::LogicalResult checkToolInput(llvm::StringRef text, std::string &message,
                                   unsigned limit);

/// Makes `--version` print the project's name and version (Version.h)
/// before LLVM's version message; call before parsing the command line.
void setToolVersionPrinter();

/// Runs `body` on a thread with the largest stack the system grants of
/// kToolStackBytes, a quarter of it, and so on down to kMinToolStackBytes,
/// and returns its result. Where it grants none, `body` runs on the calling
/// thread (checkToolInput then accepts what that stack holds).
int runWithToolStack(llvm::function_ref<int()> body);

} // namespace layoutopt

#endif // STREAMLITE_TOOLS_TOOLSUPPORT_H
