//===- ToolSupportTest.cpp - the tools' nesting check and stack -----------===//

#include "StreamLite/Registration/ToolSupport.h"
#include "TestUtil.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include <catch2/catch.hpp>

#include <functional>
#include <pthread.h>
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

namespace {
/// Runs `body` on a new thread with a `stackBytes` stack.
void runOnStack(size_t stackBytes, std::function<void()> body) {
  pthread_attr_t attr;
  REQUIRE(pthread_attr_init(&attr) == 0);
  REQUIRE(pthread_attr_setstacksize(&attr, stackBytes) == 0);
  pthread_t thread;
  auto run = [](void *arg) -> void * {
    (*static_cast<std::function<void()> *>(arg))();
    return nullptr;
  };
  REQUIRE(pthread_create(&thread, &attr, run, &body) == 0);
  pthread_attr_destroy(&attr);
  pthread_join(thread, nullptr);
}

/// A function whose body nests `ifs` scf.if regions: brackets nest
/// `ifs + 1` deep.
std::string nestedIfs(unsigned ifs) {
  std::string text = "func.func @f(%c: i1) {\n";
  for (unsigned i = 0; i < ifs; ++i)
    text += "scf.if %c {\n";
  for (unsigned i = 0; i < ifs; ++i)
    text += "}\n";
  return text + "return\n}\n";
}
} // namespace

TEST_CASE("the nesting limit follows the stack", "[tools][nesting]") {
  using namespace layoutopt;
  CHECK(nestingLimitForStack(kToolStackBytes) == kMaxNestingDepth);
  CHECK(nestingLimitForStack(size_t(1) << 20) == 0);
  unsigned small = nestingLimitForStack(size_t(8) << 20);
  CHECK(small > 0);
  CHECK(small < kMaxNestingDepth);
  CHECK(nestingLimitForStack(size_t(4) << 20) < small);
  // The tool stack holds every level the tools accept.
  unsigned onToolStack = 0;
  size_t remaining = 0;
  runWithToolStack([&] {
    onToolStack = currentThreadNestingLimit();
    remaining = remainingStackBytes();
    return 0;
  });
  CHECK(onToolStack == kMaxNestingDepth);
  CHECK(remaining > kToolStackBytes / 2);
  // The main thread's stack (its extent read off /proc by glibc): what
  // remains of it is known, more than the reserve.
  size_t onMain = remainingStackBytes();
  CHECK(onMain > (size_t(1) << 20));
  CHECK(currentThreadNestingLimit() > 0);
}

TEST_CASE("on a small stack the tools accept only what it holds",
          "[tools][nesting]") {
  using namespace layoutopt;
  // What a thread of 4 MiB accepts is parsed, verified, walked and printed
  // there without overflowing it; one level more is refused first. (The
  // thread records; the checks run here: Catch2 asserts on one thread.)
  struct Seen {
    unsigned limit = 0;
    bool accepted = false, parsed = false, verified = false;
    unsigned ifs = 0;
    size_t acceptedBytes = 0, printedBytes = 0;
    bool refused = false;
    std::string refusal;
  } seen;
  runOnStack(size_t(4) << 20, [&seen] {
    seen.limit = currentThreadNestingLimit();
    if (seen.limit < 2)
      return;
    std::string error;
    std::string accepted = nestedIfs(seen.limit - 1);
    seen.acceptedBytes = accepted.size();
    seen.accepted = llvm::succeeded(checkToolInput(accepted, error));
    if (!seen.accepted)
      return;
    auto ctx = layoutopt::test::makeContext();
    mlir::OwningOpRef<mlir::ModuleOp> module =
        mlir::parseSourceString<mlir::ModuleOp>(accepted, ctx.get());
    seen.parsed = bool(module);
    if (!module)
      return;
    seen.verified = llvm::succeeded(mlir::verify(*module));
    module->walk([&](mlir::scf::IfOp) { ++seen.ifs; });
    std::string printed;
    llvm::raw_string_ostream os(printed);
    module->print(os);
    seen.printedBytes = printed.size();
    seen.refused = llvm::failed(
        checkToolInput(nestedIfs(seen.limit), seen.refusal));
  });
  REQUIRE(seen.limit > 1);
  CHECK(seen.limit < kMaxNestingDepth);
  REQUIRE(seen.accepted);
  REQUIRE(seen.parsed);
  CHECK(seen.verified);
  CHECK(seen.ifs == seen.limit - 1);
  CHECK(seen.printedBytes > seen.acceptedBytes / 2);
  CHECK(seen.refused);
  CHECK(seen.refusal ==
        "line " + std::to_string(seen.limit + 1) +
            ": brackets nest deeper than " + std::to_string(seen.limit) +
            " levels, more than this thread's stack holds (layout-opt's "
            "tools accept 2000 on the 1 GiB stack they ask for)");
}

namespace {
bool linalgArraysAccepted(const std::string &list) {
  std::string text = "%0 = linalg.broadcast ins(%a : tensor<2xf32>) outs(%b "
                     ": tensor<4x2xf32>) dimensions = " +
                     list + "\n";
  std::string message;
  return llvm::succeeded(layoutopt::checkWellFormedLinalgArrays(text, message));
}
} // namespace

TEST_CASE("linalg dimension lists are screened as MLIR parses int64 arrays",
          "[tools][linalg]") {
  // What MLIR's dense i64 array parser reads.
  CHECK(linalgArraysAccepted("[]"));
  CHECK(linalgArraysAccepted("[ 0 , 1 ]"));
  CHECK(linalgArraysAccepted("[9223372036854775807]"));
  CHECK(linalgArraysAccepted("[-9223372036854775808]"));
  CHECK(linalgArraysAccepted("[0x7fffffffffffffff, - 3]"));
  CHECK(linalgArraysAccepted("[1, // a comment\n 2]"));
  // What it fails on, and then crashes.
  CHECK_FALSE(linalgArraysAccepted("[9223372036854775808]"));
  CHECK_FALSE(linalgArraysAccepted("[-9223372036854775809]"));
  CHECK_FALSE(linalgArraysAccepted("[0x8000000000000000]"));
  CHECK_FALSE(linalgArraysAccepted("[1,]"));
  CHECK_FALSE(linalgArraysAccepted("[1 2]"));
  CHECK_FALSE(linalgArraysAccepted("[1.0]"));
  CHECK_FALSE(linalgArraysAccepted("[0x]"));
  CHECK_FALSE(linalgArraysAccepted("[0xg]"));
  CHECK_FALSE(linalgArraysAccepted("[%c]"));
  CHECK_FALSE(linalgArraysAccepted("0"));
  CHECK_FALSE(linalgArraysAccepted("[0"));
  CHECK_FALSE(linalgArraysAccepted(""));
}

TEST_CASE("linalg dimension lists: only the keyword of the three ops counts",
          "[tools][linalg]") {
  std::string message;
  // The words outside the ops, in strings and in comments.
  CHECK(llvm::succeeded(layoutopt::checkWellFormedLinalgArrays(
      "\"test.op\"() {dimensions = 3} : () -> ()\n"
      "\"test.op\"() {s = \"linalg.reduce dimensions = x\"} : () -> ()\n"
      "// linalg.transpose permutation = x\n",
      message)));
  // The generic form has an attribute dictionary, parsed safely.
  CHECK(llvm::succeeded(layoutopt::checkWellFormedLinalgArrays(
      "\"linalg.broadcast\"(%a, %b) {dimensions = 3} : () -> ()\n", message)));
  CHECK_FALSE(llvm::failed(layoutopt::checkWellFormedLinalgArrays(
      "%t = linalg.transpose ins(%a : t) outs(%b : t) permutation [0]\n",
      message)));
  REQUIRE(llvm::failed(layoutopt::checkWellFormedLinalgArrays(
      "\n%t = linalg.transpose ins(%a : t) outs(%b : t)\n permutation = 0\n",
      message)));
  CHECK(message == "line 3: 'linalg.transpose' needs permutation = [i, j, "
                   "...] (64-bit integers in brackets): MLIR's parser crashes "
                   "on anything else there");
}

TEST_CASE("linalg dimension lists: a keyword nested in the op's types or "
          "payload does not hide the op's own",
          "[tools][linalg]") {
  std::string message;
  // A well-formed list inside a type's encoding, then the malformed one.
  CHECK(llvm::failed(layoutopt::checkWellFormedLinalgArrays(
      "%0 = linalg.broadcast ins(%a : tensor<4xf32, {dimensions = [0]}>) "
      "outs(%b : tensor<4x4xf32>) dimensions = 0\n",
      message)));
  // In the short form's payload attributes.
  CHECK(llvm::failed(layoutopt::checkWellFormedLinalgArrays(
      "%0 = linalg.reduce { arith.addf {dimensions = [1]} } ins(%a : t) "
      "outs(%b : t) dimensions = 1\n",
      message)));
  // A keyword after the op's scope closed belongs to another op.
  CHECK(llvm::succeeded(layoutopt::checkWellFormedLinalgArrays(
      "func.func @f() { %0 = linalg.transpose ins(%a : t) outs(%b : t) "
      "permutation = [1, 0] } \"test.op\"() {permutation = 3} : () -> ()\n",
      message)));
}
