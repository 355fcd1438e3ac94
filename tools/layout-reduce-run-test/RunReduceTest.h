//===- RunReduceTest.h - one run of a reduction's test script ---*- C++ -*-===//
//
// What the reduction tree runs per candidate, shared by
// layout-reduce-run-test and layout-reduce's own wrapper mode: plain C++
// and POSIX, no LLVM, so that layout-reduce-run-test starts in
// milliseconds.
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUTOPT_TOOLS_RUNREDUCETEST_H
#define LAYOUTOPT_TOOLS_RUNREDUCETEST_H

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

namespace layoutopt::reduce {

/// The environment variable naming the file that holds the smallest
/// interesting candidate's line count (layout-reduce writes it first).
inline const char *const kProgressEnv = "LAYOUT_REDUCE_PROGRESS_FILE";

/// Lines of `path` (a last line without a newline counts), or -1.
inline long countFileLines(const char *path) {
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
inline long readBestLines(const char *path) {
  std::ifstream file(path);
  long best = -1;
  if (!(file >> best))
    return -1;
  return best;
}

/// Runs `scriptArgv` (null-terminated: the script, its test-args, the
/// candidate last) and answers with its exit code; a script killed by a
/// signal counts as interesting (1), one that cannot run as not (0). When
/// the candidate is interesting and smaller than any before (the progress
/// file of kProgressEnv), records it and prints one progress line.
inline int runReduceTest(char **scriptArgv) {
  const char *script = scriptArgv[0];
  pid_t pid;
  int error = posix_spawn(&pid, script, nullptr, nullptr, scriptArgv,
                          environ);
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
  // A crash is often what a reduction looks for.
  if (WIFSIGNALED(status)) {
    std::fprintf(stderr, "layout-reduce: error: '%s' was killed by signal "
                         "%d\n",
                 script, WTERMSIG(status));
    return 1;
  }
  int code = WEXITSTATUS(status);
  int argc = 0;
  while (scriptArgv[argc])
    ++argc;
  const char *progress = std::getenv(kProgressEnv);
  if (code != 1 || !progress || argc < 2)
    return code;
  long lines = countFileLines(scriptArgv[argc - 1]);
  long best = readBestLines(progress);
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

} // namespace layoutopt::reduce

#endif // LAYOUTOPT_TOOLS_RUNREDUCETEST_H
