//===- ToolSupport.cpp - nesting limit and tool stack ---------------------===//

#include "StreamLite/Tools/ToolSupport.h"

#include "llvm/ADT/Twine.h"

#include <pthread.h>

namespace layoutopt {

llvm::LogicalResult checkNestingDepth(llvm::StringRef text,
                                      std::string &message, unsigned limit) {
  unsigned depth = 0;
  unsigned line = 1;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    switch (c) {
    case '\n':
      ++line;
      break;
    case '"':
      // A string literal: skip to its closing quote (escapes included).
      for (++i; i < e && text[i] != '"'; ++i) {
        if (text[i] == '\\')
          ++i;
        else if (text[i] == '\n')
          ++line;
      }
      break;
    case '/':
      if (i + 1 < e && text[i + 1] == '/')
        while (i + 1 < e && text[i + 1] != '\n')
          ++i;
      break;
    case '{':
    case '(':
    case '[':
    case '<':
      if (++depth > limit) {
        message = ("line " + llvm::Twine(line) + ": brackets nest deeper than " +
                   llvm::Twine(limit) +
                   " levels, more than layout-opt's tools accept")
                      .str();
        return llvm::failure();
      }
      break;
    case '>':
      // `->` is an arrow, not a bracket.
      if (i > 0 && text[i - 1] == '-')
        break;
      [[fallthrough]];
    case '}':
    case ')':
    case ']':
      if (depth > 0)
        --depth;
      break;
    default:
      break;
    }
  }
  return llvm::success();
}

namespace {
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

int runWithToolStack(llvm::function_ref<int()> body) {
  // pthreads rather than llvm::thread, which aborts when the thread cannot
  // be created (e.g. under a tight address-space limit): then the body runs
  // on the main stack, where only the nesting check protects it.
  ToolThread thread{body};
  pthread_attr_t attr;
  pthread_t handle;
  if (pthread_attr_init(&attr) == 0) {
    bool started = pthread_attr_setstacksize(&attr, kToolStackBytes) == 0 &&
                   pthread_create(&handle, &attr, runToolThread, &thread) == 0;
    pthread_attr_destroy(&attr);
    if (started) {
      pthread_join(handle, nullptr);
      return thread.result;
    }
  }
  return body();
}

} // namespace layoutopt
