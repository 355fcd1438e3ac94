//===- LayoutOptAPI.h - the library for scripting languages -----*- C++ -*-===//
//
// What the Python package (python/) wraps: running pass pipelines on program
// text, layout queries on tensor type text, and running a program on host
// arrays. Everything here takes and returns standard C++ types only (no MLIR
// or LLVM type crosses this header), so a binding compiled with RTTI and
// exceptions can call it while the library is built like the rest of the
// project. Every failure is returned as `Status` with the diagnostics.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_API_LAYOUTOPTAPI_H
#define STREAMLITE_API_LAYOUTOPTAPI_H

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace layoutopt::api {

/// Success, or failure with the diagnostics that explain it (MLIR's
/// `loc: error: ...` lines, or one sentence).
struct Status {
  bool ok = true;
  std::string message;

  static Status success() { return {}; }
  static Status failure(std::string message) {
    return {false, std::move(message)};
  }
};

/// Parses `text` (a stream-lite program), runs `pipeline` on it and prints
/// the result into `output`. The pipeline is mlir-opt's textual form, with
/// or without the `builtin.module(...)` anchor: `"canonicalize,cse"`,
/// `"builtin.module(stream-lite-specialize-encodings)"`.
Status runPipeline(const std::string &text, const std::string &pipeline,
                   std::string &output);

/// The byte image of a static tensor type (`tensor<5x7xf32,
/// #stream_lite.tiled<...>>`): its shape, element width, storage size
/// (padding and tile waste included) and the offset of every element in
/// row-major logical order: a byte offset, or for packed sub-byte elements
/// (`i2`, `i4`, which share bytes) a bit offset.
struct LayoutImage {
  std::vector<int64_t> shape;
  /// Bits of one element: 2 or 4 for packed elements, else 8 * bytes.
  int64_t elementBits = 0;
  /// Whole bytes of one element; 0 for packed elements.
  int64_t elementBytes = 0;
  int64_t storageBytes = 0;
  std::vector<int64_t> offsets;
  /// The physical layout as MLIR prints it.
  std::string layout;
};

/// The storage size in bytes of a static tensor type under its layout.
Status getStorageSize(const std::string &type, int64_t &bytes);

/// The byte image of a static tensor type (at most 2^24 elements).
Status getLayoutImage(const std::string &type, LayoutImage &image);

/// What a device target gives a tensor type (see resolveLayout).
struct ResolvedLayout {
  /// The type with the resolved layout as its encoding.
  std::string type;
  /// The serialized layout.
  std::string layout;
  /// Storage bytes; -1 for a dynamic shape.
  int64_t storageBytes = -1;
};

/// Resolves the encoding of `type` for `target` (`#stream_lite.target<...>`
/// or a resolver attribute such as `#stream_lite.tiling_resolver<...>`), as
/// --stream-lite-specialize-encodings does for one device. A type without
/// an encoding intent comes back as it is; `target` may then be empty.
Status resolveLayout(const std::string &type, const std::string &target,
                     ResolvedLayout &result);

/// The SVG picture layout-draw draws of a static tensor type.
Status drawLayout(const std::string &type, std::string &svg);

/// A dense row-major host array: its numpy dtype string (`<f4`, `|b1`,
/// `<i8`, ...), shape and bytes. A scalar argument or result has
/// `isScalar` and an empty shape.
struct Array {
  std::string dtype;
  std::vector<int64_t> shape;
  bool isScalar = false;
  std::vector<uint8_t> bytes;
};

struct RunOptions {
  std::string function = "main";
  /// Also run the encoding-free reference program (after
  /// --stream-lite-strip-encodings); any bit difference is a failure.
  bool compareToReference = true;
  /// Check that ops writing tiled tensors leave their padding zero.
  bool checkPadding = false;
  /// Record what every op that writes a tensor wrote, decoded through its
  /// layout (Program::getLastTrace; layout-run --trace).
  bool trace = false;
};

/// What a function expects at one argument: the numpy dtype of its
/// elements (empty when numpy has none, e.g. bf16), the element type as
/// MLIR prints it, and the shape (-1 for a dynamic dim; empty for a
/// scalar).
struct ArgumentType {
  std::string dtype;
  std::string elementType;
  std::vector<int64_t> shape;
  bool isScalar = false;
};

/// One function of a program, lowered and JIT-compiled once (and its
/// encoding-free reference, with RunOptions::compareToReference), to be
/// run any number of times in the same JIT sessions. Runs of one Program
/// are serialized; different Programs run independently.
class Program {
public:
  /// Parses `text`, lowers `options.function` with
  /// --stream-lite-to-llvm-pipeline and JIT-compiles it.
  static Status compile(const std::string &text, const RunOptions &options,
                        std::unique_ptr<Program> &program);
  ~Program();

  const std::vector<ArgumentType> &getArgumentTypes() const;

  /// Runs the function on `inputs` (checked against its signature: dtype
  /// and shape) and returns its results; failures as runProgram's.
  Status run(const std::vector<Array> &inputs, std::vector<Array> &results);

  /// With RunOptions::trace: the trace of the last run as layout-run
  /// --trace writes it (JSON; every value listed; each record matched with
  /// the reference's with compareToReference), also when the run failed a
  /// padding check or differed from the reference; empty before the first
  /// run, when the run itself failed (bad input, a runtime check), or
  /// without tracing.
  const std::string &getLastTrace() const;

private:
  struct Impl;
  explicit Program(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

/// Lowers `program` with --stream-lite-to-llvm-pipeline, JIT-runs
/// `options.function` on `inputs` (checked against its signature: dtype and
/// shape) and returns its results. A failed runtime check or an oversized
/// allocation inside the program is a failure Status with the message
/// layout-run prints after `error: `.
Status runProgram(const std::string &program, const std::vector<Array> &inputs,
                  const RunOptions &options, std::vector<Array> &results);

} // namespace layoutopt::api

#endif // STREAMLITE_API_LAYOUTOPTAPI_H
