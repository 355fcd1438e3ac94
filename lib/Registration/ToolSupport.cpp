//===- ToolSupport.cpp - nesting limit and tool stack ---------------------===//

#include "StreamLite/Registration/ToolSupport.h"
#include "StreamLite/Version.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <pthread.h>

namespace layoutopt {

namespace {
/// What checkNestingDepth does at each byte; most bytes need nothing.
enum class NestingByte : uint8_t { Other, Quote, Slash, Open, Close, Angle };

constexpr std::array<NestingByte, 256> makeNestingBytes() {
  std::array<NestingByte, 256> kinds{};
  kinds['"'] = NestingByte::Quote;
  kinds['/'] = NestingByte::Slash;
  kinds['{'] = kinds['('] = kinds['['] = kinds['<'] = NestingByte::Open;
  kinds['}'] = kinds[')'] = kinds[']'] = NestingByte::Close;
  kinds['>'] = NestingByte::Angle;
  return kinds;
}
constexpr std::array<NestingByte, 256> kNestingBytes = makeNestingBytes();
} // namespace

/// Where MLIR's lexer ends an unterminated string (with an error; what
/// follows may still be parsed). A carriage return does not end one there,
/// but ending it here too only makes the screens look at more text.
static bool endsStringLine(char c) {
  return c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// About four times what the tools take a level through MLIR's parser,
// verifier, printer, the passes and the JIT (2.1-2.6 KiB measured, plain
// and sanitizer builds alike: the recursion is in libMLIR.so, which is not
// instrumented).
static constexpr size_t kStackBytesPerNestingLevel = size_t(8) << 10;
static constexpr size_t kStackReserveBytes = size_t(1) << 20;

unsigned nestingLimitForStack(size_t stackBytes) {
  if (stackBytes <= kStackReserveBytes)
    return 0;
  size_t levels = (stackBytes - kStackReserveBytes) / kStackBytesPerNestingLevel;
  return unsigned(std::min<size_t>(levels, kMaxNestingDepth));
}

namespace {
/// The calling thread's stack: its lowest address and size (size 0 where
/// the system does not say).
struct StackExtent {
  uintptr_t bottom = 0;
  size_t size = 0;
};

StackExtent readStackExtent() {
  pthread_attr_t attr;
  // For the main thread glibc reads the stack's extent off /proc and the
  // stack limit; for others it is what the thread was created with.
  if (pthread_getattr_np(pthread_self(), &attr) != 0)
    return {};
  void *low = nullptr;
  size_t size = 0;
  int got = pthread_attr_getstack(&attr, &low, &size);
  pthread_attr_destroy(&attr);
  if (got != 0)
    return {};
  return {reinterpret_cast<uintptr_t>(low), size};
}
} // namespace

size_t remainingStackBytes() {
  constexpr size_t kUnknown = size_t(8) << 20;
  // Read once a thread: for the main thread it is a read of /proc, and
  // the fuzz targets screen every input there.
  thread_local StackExtent extent = readStackExtent();
  auto here = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  if (extent.size == 0 || here <= extent.bottom ||
      here - extent.bottom > extent.size)
    return kUnknown;
  return here - extent.bottom;
}

unsigned currentThreadNestingLimit() {
  return nestingLimitForStack(remainingStackBytes());
}

/// checkNestingDepth, with `why` (what sets the limit) ending its message.
static llvm::LogicalResult checkNesting(llvm::StringRef text,
                                        std::string &message, unsigned limit,
                                        llvm::StringRef why) {
  // Every input goes through this scan before parsing, so it looks at each
  // byte once through a table, and counts lines only to report an error.
  unsigned depth = 0;
  const auto *bytes = reinterpret_cast<const unsigned char *>(text.data());
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    NestingByte kind = kNestingBytes[bytes[i]];
    // The common case in a tight loop of its own, not through the switch.
    while (kind == NestingByte::Other && ++i < e)
      kind = kNestingBytes[bytes[i]];
    if (i == e)
      break;
    switch (kind) {
    case NestingByte::Other:
      break;
    case NestingByte::Quote:
      // A string literal: skip to its closing quote (escapes included), or
      // to the end of its line, where MLIR's lexer ends an unterminated
      // one (what follows may still be parsed, e.g. after `// -----`).
      for (++i; i < e && text[i] != '"' && !endsStringLine(text[i]); ++i)
        if (text[i] == '\\' && i + 1 < e && !endsStringLine(text[i + 1]))
          ++i;
      if (i < e && endsStringLine(text[i]))
        --i;
      break;
    case NestingByte::Slash:
      // A comment ends at a line feed or a carriage return, as in the lexer.
      if (i + 1 < e && text[i + 1] == '/') {
        size_t end = text.find_first_of("\n\r", i);
        i = end == llvm::StringRef::npos ? e : end;
      }
      break;
    case NestingByte::Open:
      if (++depth > limit) {
        size_t line = 1 + text.take_front(i).count('\n');
        message = ("line " + llvm::Twine(line) + ": brackets nest deeper than " +
                   llvm::Twine(limit) + " levels, " + why)
                      .str();
        return llvm::failure();
      }
      break;
    case NestingByte::Angle:
      // `->` is an arrow, not a bracket.
      if (i > 0 && text[i - 1] == '-')
        break;
      [[fallthrough]];
    case NestingByte::Close:
      if (depth > 0)
        --depth;
      break;
    }
  }
  return llvm::success();
}

llvm::LogicalResult checkNestingDepth(llvm::StringRef text,
                                      std::string &message, unsigned limit) {
  return checkNesting(text, message, limit,
                      "more than layout-opt's tools accept");
}

namespace {
bool isIdentifierChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
}

/// A scan of MLIR assembly token by token enough to find keywords: string
/// literals and `//` comments are skipped, lines are counted. (Only for the
/// rare exact scan: checkNestingDepth, which reads every input, keeps its
/// own character loop: through the scanner, a parse+print took 4% more.)
class TextScanner {
public:
  explicit TextScanner(llvm::StringRef text) : text(text) {}
  bool atEnd() const { return pos >= text.size(); }
  unsigned line() const { return currentLine; }
  size_t position() const { return pos; }

  /// Skips whitespace and comments.
  void skipSpace() {
    while (!atEnd()) {
      char c = text[pos];
      if (c == '\n') {
        ++currentLine;
        ++pos;
      } else if (llvm::isSpace(c)) {
        ++pos;
      } else if (text.substr(pos).starts_with("//")) {
        while (!atEnd() && text[pos] != '\n' && text[pos] != '\r')
          ++pos;
      } else {
        return;
      }
    }
  }
  /// The identifier (bare or `!`-prefixed) at the cursor, consumed; empty
  /// when none starts here.
  llvm::StringRef takeIdentifier() {
    size_t start = pos;
    if (!atEnd() && text[pos] == '!')
      ++pos;
    while (!atEnd() && isIdentifierChar(text[pos]))
      ++pos;
    return text.slice(start, pos);
  }
  /// The next identifier that starts a token (not the rest of a name such
  /// as `%x.y` or `@f`), consumed; empty, having moved on by at least a
  /// character (or a whole string literal), where none starts.
  llvm::StringRef nextWord() {
    skipSpace();
    if (atEnd())
      return {};
    size_t start = pos;
    char before = start > 0 ? text[start - 1] : ' ';
    bool tokenStart =
        !isIdentifierChar(before) && !llvm::StringRef("!#%@^").contains(before);
    llvm::StringRef word = tokenStart ? takeIdentifier() : llvm::StringRef();
    if (!word.empty() && word != "!")
      return word;
    if (pos == start)
      advance();
    return {};
  }
  /// The character at the cursor, or 0 at the end.
  char peek() const { return atEnd() ? 0 : text[pos]; }
  bool takeChar(char c) {
    if (atEnd() || text[pos] != c)
      return false;
    ++pos;
    return true;
  }
  /// Moves past the current character, or past a whole string literal.
  void advance() {
    char c = text[pos++];
    if (c == '\n') {
      ++currentLine;
    } else if (c == '"') {
      // To the closing quote, or to the end of the line, where MLIR's lexer
      // ends an unterminated string (the newline is left for the next call).
      for (; !atEnd() && text[pos] != '"' && !endsStringLine(text[pos]); ++pos)
        if (text[pos] == '\\' && pos + 1 < text.size() &&
            !endsStringLine(text[pos + 1]))
          ++pos;
      if (!atEnd() && text[pos] == '"')
        ++pos;
    }
  }

private:
  llvm::StringRef text;
  size_t pos = 0;
  unsigned currentLine = 1;
};

struct ToolThread {
  llvm::function_ref<int()> body;
  int result = 0;
};

void *runToolThread(void *arg) {
  auto *thread = static_cast<ToolThread *>(arg);
  thread->result = thread->body();
  return nullptr;
}
} // namespace

namespace {
/// Whether the text after an `array` keyword may begin a dense array of
/// index: `<` then `index`, an alias, or a comment in between (for the
/// exact scan to decide). Cheap enough to ask at every `array` in a file.
bool mayStartIndexArray(llvm::StringRef rest) {
  auto skipSpace = [&] {
    rest = rest.ltrim();
    return rest.starts_with("//");
  };
  if (skipSpace())
    return true;
  if (!rest.consume_front("<"))
    return false;
  if (skipSpace() || rest.starts_with("!"))
    return true;
  return rest.consume_front("index") &&
         (rest.empty() || !isIdentifierChar(rest.front()));
}

/// The exact check: keywords only outside strings and comments, aliases
/// resolved.
llvm::LogicalResult scanForIndexDenseArray(llvm::StringRef text,
                                           std::string &message) {
  // Type aliases that name index, directly or through other aliases
  // (`!a = index`, `!b = !a`): an alias is defined before its uses.
  llvm::StringSet<> indexAliases;
  auto namesIndex = [&](llvm::StringRef type) {
    return type == "index" || indexAliases.contains(type);
  };
  TextScanner scanner(text);
  while (!scanner.atEnd()) {
    llvm::StringRef word = scanner.nextWord();
    if (word.empty())
      continue;
    if (word.starts_with("!")) {
      // `!name = type` defines an alias.
      scanner.skipSpace();
      if (scanner.takeChar('=')) {
        scanner.skipSpace();
        if (namesIndex(scanner.takeIdentifier()))
          indexAliases.insert(word);
      }
      continue;
    }
    if (word != "array")
      continue;
    scanner.skipSpace();
    if (!scanner.takeChar('<'))
      continue;
    scanner.skipSpace();
    unsigned line = scanner.line();
    if (!namesIndex(scanner.takeIdentifier()))
      continue;
    message = ("line " + llvm::Twine(line) +
               ": a dense array of index (array<index ...>) is not "
               "supported: MLIR's parser crashes on it")
                  .str();
    return llvm::failure();
  }
  return llvm::success();
}

/// Whether the scanner is at a dense array of i64 as MLIR's parser reads
/// it: `[` integers separated by commas `]`, each an optional `-` and a
/// decimal or `0x` hexadecimal literal that fits in 64 signed bits.
bool takeWellFormedI64List(TextScanner &scanner) {
  auto takeInteger = [&] {
    bool negative = scanner.takeChar('-');
    if (negative)
      scanner.skipSpace();
    // A number scans as an identifier; anything else in it fails below.
    llvm::StringRef digits = scanner.takeIdentifier();
    unsigned radix = 10;
    if (digits.size() > 2 && digits.starts_with("0x"))
      radix = 16, digits = digits.drop_front(2);
    auto isRadixDigit = [&](char c) {
      return radix == 10 ? llvm::isDigit(c) : llvm::isHexDigit(c);
    };
    if (digits.empty() || !llvm::all_of(digits, isRadixDigit))
      return false;
    uint64_t value = 0;
    if (digits.getAsInteger(radix, value))
      return false;
    return negative ? value <= uint64_t(1) << 63 : value <= uint64_t(INT64_MAX);
  };
  if (!scanner.takeChar('['))
    return false;
  scanner.skipSpace();
  if (scanner.takeChar(']'))
    return true;
  while (true) {
    if (!takeInteger())
      return false;
    scanner.skipSpace();
    if (scanner.takeChar(']'))
      return true;
    if (!scanner.takeChar(','))
      return false;
    scanner.skipSpace();
  }
}

/// The exact check for checkWellFormedLinalgArrays.
llvm::LogicalResult scanLinalgArrays(llvm::StringRef text,
                                     std::string &message) {
  TextScanner scanner(text);
  // The op whose keyword comes next, if any, and how deep in brackets the
  // scan is since its name: the op's own keyword is at its top level, not
  // in a type's encoding or a payload op's attributes.
  llvm::StringRef pendingOp;
  int depth = 0;
  while (!scanner.atEnd()) {
    scanner.skipSpace();
    char c = scanner.peek();
    bool arrow = c == '>' && scanner.position() > 0 &&
                 text[scanner.position() - 1] == '-';
    if (c && llvm::StringRef("([{<").contains(c)) {
      ++depth;
      scanner.advance();
      continue;
    }
    if (c && llvm::StringRef(")]}>").contains(c) && !arrow) {
      // Closing what held the op's name: the op is over.
      if (--depth < 0)
        pendingOp = {};
      scanner.advance();
      continue;
    }
    llvm::StringRef word = scanner.nextWord();
    if (word.empty())
      continue;
    if (word == "linalg.broadcast" || word == "linalg.reduce" ||
        word == "linalg.transpose") {
      pendingOp = word;
      depth = 0;
      continue;
    }
    if (pendingOp.empty() || depth != 0 ||
        (word != "dimensions" && word != "permutation"))
      continue;
    scanner.skipSpace();
    unsigned line = scanner.line();
    // Without `=` the parser fails cleanly at the keyword.
    if (!scanner.takeChar('='))
      continue;
    scanner.skipSpace();
    if (!takeWellFormedI64List(scanner)) {
      message = ("line " + llvm::Twine(line) + ": '" + pendingOp + "' needs " +
                 word +
                 " = [i, j, ...] (64-bit integers in brackets): MLIR's "
                 "parser crashes on anything else there")
                    .str();
      return llvm::failure();
    }
    pendingOp = {};
  }
  return llvm::success();
}

} // namespace

/// Where `needle` first occurs in `text` from `from` on, or npos. glibc's
/// memmem, about three times as fast as StringRef::find on large inputs:
/// every input pays for these searches before it is parsed.
static size_t findText(llvm::StringRef text, llvm::StringRef needle,
                       size_t from = 0) {
  if (from >= text.size())
    return llvm::StringRef::npos;
  const void *at = ::memmem(text.data() + from, text.size() - from,
                            needle.data(), needle.size());
  return at ? static_cast<const char *>(at) - text.data()
            : llvm::StringRef::npos;
}

llvm::LogicalResult checkWellFormedLinalgArrays(llvm::StringRef text,
                                                std::string &message) {
  // Most inputs have no such op: only those that do pay for the scan.
  for (size_t at = findText(text, "linalg."); at != llvm::StringRef::npos;
       at = findText(text, "linalg.", at + 7)) {
    llvm::StringRef rest = text.substr(at + 7);
    if (rest.starts_with("broadcast") || rest.starts_with("reduce") ||
        rest.starts_with("transpose"))
      return scanLinalgArrays(text, message);
  }
  return llvm::success();
}

llvm::LogicalResult checkNoIndexDenseArray(llvm::StringRef text,
                                           std::string &message) {
  // Most inputs have no `array<index`: find() each `array` and look at what
  // follows; only a likely one pays for the exact scan.
  for (size_t at = findText(text, "array"); at != llvm::StringRef::npos;
       at = findText(text, "array", at + 5))
    if (mayStartIndexArray(text.substr(at + 5)))
      return scanForIndexDenseArray(text, message);
  return llvm::success();
}

llvm::LogicalResult checkToolInput(llvm::StringRef text, std::string &message,
                                   unsigned limit) {
  std::string why = "more than layout-opt's tools accept";
  if (limit < kMaxNestingDepth)
    why = "more than this thread's stack holds (layout-opt's tools accept " +
          std::to_string(kMaxNestingDepth) + " on the " +
          std::to_string(kToolStackBytes >> 30) + " GiB stack they ask for)";
  if (llvm::failed(checkNesting(text, message, limit, why)))
    return llvm::failure();
  if (llvm::failed(checkNoIndexDenseArray(text, message)))
    return llvm::failure();
  return checkWellFormedLinalgArrays(text, message);
}

llvm::LogicalResult checkToolInput(llvm::StringRef text,
                                   std::string &message) {
  return checkToolInput(text, message, currentThreadNestingLimit());
}

int runWithToolStack(llvm::function_ref<int()> body) {
  // pthreads rather than llvm::thread, which aborts when the thread cannot
  // be created (e.g. under a tight address-space limit). Where no stack is
  // granted the body runs on the calling thread, and the nesting check
  // accepts what that stack holds.
  ToolThread thread{body};
  for (size_t bytes = kToolStackBytes; bytes >= kMinToolStackBytes;
       bytes /= 4) {
    pthread_attr_t attr;
    pthread_t handle;
    if (pthread_attr_init(&attr) != 0)
      break;
    bool started = pthread_attr_setstacksize(&attr, bytes) == 0 &&
                   pthread_create(&handle, &attr, runToolThread, &thread) == 0;
    pthread_attr_destroy(&attr);
    if (started) {
      pthread_join(handle, nullptr);
      return thread.result;
    }
  }
  return body();
}

void setToolVersionPrinter() {
  llvm::cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << LAYOUT_OPT_NAME << " version " << LAYOUT_OPT_VERSION << "\n";
    // LLVM's own message (PrintVersionMessage bypasses this printer).
    llvm::cl::PrintVersionMessage();
  });
}

} // namespace layoutopt
