//===- ToolSupportTest.cpp - the tools' nesting check ---------------------===//

#include "StreamLite/Registration/ToolSupport.h"

#include <catch2/catch.hpp>

#include <string>

using layoutopt::checkNestingDepth;

namespace {
bool nestsAtMost(const std::string &text, unsigned limit,
                 std::string *message = nullptr) {
  std::string error;
  bool ok = llvm::succeeded(checkNestingDepth(text, error, limit));
  if (message)
    *message = error;
  return ok;
}
} // namespace

TEST_CASE("checkNestingDepth counts every kind of bracket",
          "[tools][nesting]") {
  CHECK(nestsAtMost("{([<>])}", 4));
  CHECK_FALSE(nestsAtMost("{([<>])}", 3));
  // Closing brackets of any kind close: depth never goes negative.
  CHECK(nestsAtMost(")))]]}}>>{(", 2));
  CHECK_FALSE(nestsAtMost(")))]]}}>>{([", 2));
}

TEST_CASE("checkNestingDepth skips strings, comments and arrows",
          "[tools][nesting]") {
  CHECK(nestsAtMost("\"{{{{((((\" {}", 1));
  // An escaped quote does not end the string.
  CHECK(nestsAtMost("\"\\\"{{{{\" {}", 1));
  CHECK(nestsAtMost("// {{{{\n{}", 1));
  // A comment at the very end, with no newline.
  CHECK(nestsAtMost("{} // ((((", 1));
  // `->` is an arrow: it closes nothing, so `<` after it still nests.
  CHECK(nestsAtMost("(a) -> (b)", 1));
  CHECK_FALSE(nestsAtMost("<a -> <b>>", 1));
  // A lone slash is not a comment.
  CHECK_FALSE(nestsAtMost("a / b {{", 1));
}

TEST_CASE("checkNestingDepth names the line where the limit is passed",
          "[tools][nesting]") {
  std::string message;
  // Newlines in strings and comments count as lines too.
  REQUIRE_FALSE(nestsAtMost("{\n\"x\ny\"\n// c\n{\n{", 2, &message));
  CHECK(message ==
        "line 6: brackets nest deeper than 2 levels, more than layout-opt's "
        "tools accept");
}

TEST_CASE("an unterminated string ends at its line, as MLIR's lexer ends it",
          "[tools][nesting]") {
  // What follows may still be parsed (a `// -----` chunk of its own), so
  // the screens look at it.
  CHECK_FALSE(nestsAtMost("\"abc\n{{", 1));
  CHECK_FALSE(nestsAtMost("\"abc\\\n{{", 1));
  std::string error;
  CHECK(llvm::failed(layoutopt::checkNoIndexDenseArray(
      "\"unterminated\n// -----\n\"test.op\"() {a = array<index>} : () -> ()",
      error)));
  CHECK(error.rfind("line 3:", 0) == 0);
  // Inside a string on one line, it is text.
  CHECK(llvm::succeeded(layoutopt::checkNoIndexDenseArray(
      "\"array<index: 1>\"", error)));
}
