//===- OutputFileGroup.h - files written together or not at all -*- C++ -*-===//
//
// The tools' outputs (layout-run's --output and --trace files, the layout
// report's JSON and pictures) are written as a group: a run that fails
// leaves none of them behind, and no reader ever sees half a file.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_SUPPORT_OUTPUTFILEGROUP_H
#define STREAMLITE_SUPPORT_OUTPUTFILEGROUP_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace layoutopt {

/// Files written as a group. Each regular file goes to a temporary file
/// next to its path and is renamed over it only by commit(); discard(), or
/// destroying the group, removes what was not committed. `-` (standard
/// output) and a path that exists and is not a regular file (a device, a
/// pipe) are written in place when added: renaming over a device would
/// replace it, and neither can be taken back. Every error is a message
/// "cannot write 'PATH': REASON".
class OutputFileGroup {
public:
  OutputFileGroup() = default;
  OutputFileGroup(const OutputFileGroup &) = delete;
  OutputFileGroup &operator=(const OutputFileGroup &) = delete;
  ~OutputFileGroup() { discard(); }

  /// Whether `path` is written in place rather than through a temporary.
  static bool isWrittenInPlace(const std::string &path);

  /// Writes `path` through `write`; the message of an error (the group
  /// keeps what was added before).
  std::optional<std::string>
  add(const std::string &path,
      llvm::function_ref<void(llvm::raw_ostream &)> write);

  /// Renames every file written over its path; the message of the first
  /// error (the others are still renamed).
  std::optional<std::string> commit();

  /// Removes what was written and not committed.
  void discard();

private:
  struct Pending {
    std::string path;
    llvm::sys::fs::TempFile temp;
  };
  std::vector<Pending> pending;
};

} // namespace layoutopt

#endif // STREAMLITE_SUPPORT_OUTPUTFILEGROUP_H
