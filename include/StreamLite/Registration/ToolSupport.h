//===- ToolSupport.h - what every layout-opt tool needs ---------*- C++ -*-===//
//
// MLIR's parser, verifier, printer and walks recurse once per nesting level
// of the IR, so a deeply nested input (thousands of regions) overflows the
// stack of any tool that reads it. The tools refuse such input before
// parsing (checkNestingDepth) and run on a thread whose stack holds every
// depth they accept (runWithToolStack), so no input crashes them. They
// also refuse, before parsing, the one input MLIR 22's parser is known to
// crash on (checkNoIndexDenseArray).
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

/// The deepest bracket nesting (`{`, `(`, `[`, `<`) the tools accept: far
/// above real programs, far below what the tool stack holds.
constexpr unsigned kMaxNestingDepth = 2000;

/// The stack size of the thread the tools run on (a reservation: pages are
/// only committed when used).
constexpr size_t kToolStackBytes = size_t(1) << 30;

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

/// What the tools check of an input before they parse it:
/// checkNestingDepth, then checkNoIndexDenseArray.
llvm::LogicalResult checkToolInput(llvm::StringRef text, std::string &message,
                                   unsigned limit = kMaxNestingDepth);

/// Makes `--version` print the project's name and version (Version.h)
/// before LLVM's version message; call before parsing the command line.
void setToolVersionPrinter();

/// Runs `body` on a thread with a kToolStackBytes stack and returns its
/// result.
int runWithToolStack(llvm::function_ref<int()> body);

} // namespace layoutopt

#endif // STREAMLITE_TOOLS_TOOLSUPPORT_H
