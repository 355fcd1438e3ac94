//===- layout-reduce-run-test.cpp - layout-reduce's test runner -----------===//
//
// `layout-reduce-run-test SCRIPT ARG... CANDIDATE.mlir`: what upstream's
// reduction tree runs for each candidate when layout-reduce is given
// `test=SCRIPT` (docs/tools.md, layout-reduce). It runs `SCRIPT ARG...
// CANDIDATE.mlir`, answers with its exit code, and when the candidate is
// interesting (exit 1) and smaller than any before, prints one progress
// line (upstream's tree reports nothing of the variants it keeps).
//
// A program of its own, linked against nothing but the C++ runtime: the
// tree starts it once per candidate, and an executable linked against
// libMLIR.so and libLLVM.so spends about 0.1 s (0.2 s under the
// sanitizers) in the dynamic loader before main, more than most tests.
//
//===----------------------------------------------------------------------===//

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>

#include <spawn.h>
#include <sys/wait.h>

extern char **environ;

namespace {

/// The environment variable naming the file that holds the smallest
/// interesting candidate's line count (layout-reduce writes it first).
const char *const kProgressEnv = "LAYOUT_REDUCE_PROGRESS_FILE";

/// Lines of `path` (a last line without a newline counts), or -1.
long countLines(const char *path) {
  std::ifstream file(path, std::ios::binary);
  if (!file)
    return -1;
  std::string text((std::istreambuf_iterator<char>(file)),
                   std::istreambuf_iterator<char>());
  long lines = 0;
  for (char c : text)
    lines += c == '\n';
  return lines + (!text.empty() && text.back() != '\n');
}

/// The number in the progress file, or -1.
long readBest(const char *path) {
  std::ifstream file(path);
  long best = -1;
  if (!(file >> best))
    return -1;
  return best;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: layout-reduce-run-test SCRIPT ARG... "
                         "CANDIDATE.mlir (run by layout-reduce)\n");
    return 2;
  }
  const char *script = argv[1];
  pid_t pid;
  int error = posix_spawn(&pid, script, nullptr, nullptr, argv + 1, environ);
  if (error != 0) {
    std::fprintf(stderr, "layout-reduce: error: cannot run '%s': %s\n",
                 script, std::strerror(error));
    return 0;
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      std::fprintf(stderr, "layout-reduce: error: cannot wait for '%s': %s\n",
                   script, std::strerror(errno));
      return 0;
    }
  }
  // A script killed by a signal counts as interesting: the crash is what
  // a reduction often looks for.
  if (WIFSIGNALED(status)) {
    std::fprintf(stderr, "layout-reduce: error: '%s' was killed by signal "
                         "%d\n",
                 script, WTERMSIG(status));
    return 1;
  }
  int code = WEXITSTATUS(status);
  const char *progress = std::getenv(kProgressEnv);
  if (code != 1 || !progress || argc < 3)
    return code;
  long lines = countLines(argv[argc - 1]);
  long best = readBest(progress);
  if (lines < 0 || (best >= 0 && lines >= best))
    return code;
  if (std::FILE *out = std::fopen(progress, "w")) {
    std::fprintf(out, "%ld\n", lines);
    std::fclose(out);
  }
  if (best >= 0)
    std::fprintf(stderr, "layout-reduce: reduced to %ld lines (was %ld)\n",
                 lines, best);
  return code;
}
