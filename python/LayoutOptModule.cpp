//===- LayoutOptModule.cpp - the layout_opt Python extension --------------===//
//
// pybind11 glue over StreamLite/API/LayoutOptAPI.h: numpy arrays in and
// out, failures as layout_opt.Error. Built with RTTI and exceptions, so it
// includes no MLIR or LLVM header.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/API/LayoutOptAPI.h"
#include "StreamLite/Version.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstring>

namespace py = pybind11;
namespace api = layoutopt::api;

namespace {

/// Raised for every failure; the message holds the diagnostics.
struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void check(const api::Status &status) {
  if (!status.ok)
    throw Error(status.message);
}

api::Array toArray(const py::handle &object) {
  // Any array-like (and Python scalars) goes through numpy, C-contiguous.
  py::array array = py::array::ensure(object, py::array::c_style);
  if (!array)
    throw Error("inputs must be numpy arrays (or convertible to them)");
  api::Array result;
  result.dtype = py::str(array.dtype().attr("str"));
  for (py::ssize_t d = 0; d < array.ndim(); ++d)
    result.shape.push_back(array.shape(d));
  auto *data = static_cast<const uint8_t *>(array.data());
  result.bytes.assign(data, data + array.nbytes());
  return result;
}

/// A new numpy array. numpy refuses a shape whose non-zero dims multiply
/// past its limit even without elements (0x2^62), with its own ValueError:
/// raised as layout_opt.Error like every other failure.
py::array newArray(const py::dtype &dtype, const std::vector<int64_t> &dims) {
  std::vector<py::ssize_t> shape(dims.begin(), dims.end());
  try {
    return py::array(dtype, shape);
  } catch (py::error_already_set &error) {
    std::string text;
    for (int64_t dim : dims)
      text += (text.empty() ? "" : "x") + std::to_string(dim);
    throw Error("numpy cannot hold an array of shape " +
                (text.empty() ? std::string("()") : text) + ": " +
                error.what());
  }
}

py::array fromArray(const api::Array &array) {
  py::array result = newArray(py::dtype(array.dtype), array.shape);
  if (!array.bytes.empty())
    std::memcpy(result.mutable_data(), array.bytes.data(), array.bytes.size());
  return result;
}

} // namespace

PYBIND11_MODULE(_layout_opt, m) {
  m.doc() = "layout-opt's library: pass pipelines, layout queries and the "
            "JIT runtime";
  py::register_exception<Error>(m, "Error");
  m.attr("__version__") = LAYOUT_OPT_VERSION;

  m.def(
      "run_pipeline",
      [](const std::string &text, const std::string &pipeline) {
        std::string output;
        {
          py::gil_scoped_release release;
          check(api::runPipeline(text, pipeline, output));
        }
        return output;
      },
      py::arg("text"), py::arg("pipeline"),
      "Parses a program, runs a pass pipeline on it and returns the printed "
      "result; raises layout_opt.Error with the diagnostics on failure.");

  m.def(
      "storage_size",
      [](const std::string &type) {
        int64_t bytes = 0;
        check(api::getStorageSize(type, bytes));
        return bytes;
      },
      py::arg("type"),
      "Storage size in bytes of a static tensor type under its layout.");

  m.def(
      "layout_image",
      [](const std::string &type, bool withOffsets) {
        api::LayoutImage image;
        check(api::getLayoutImage(type, image));
        py::object offsets = py::none();
        if (withOffsets) {
          py::array array = newArray(py::dtype::of<int64_t>(), image.shape);
          if (!image.offsets.empty())
            std::memcpy(array.mutable_data(), image.offsets.data(),
                        image.offsets.size() * sizeof(int64_t));
          offsets = array;
        }
        py::dict result;
        result["shape"] = py::tuple(py::cast(image.shape));
        result["element_bits"] = image.elementBits;
        result["element_bytes"] = image.elementBytes;
        result["storage_bytes"] = image.storageBytes;
        result["offsets"] = offsets;
        result["layout"] = image.layout;
        return result;
      },
      py::arg("type"), py::arg("offsets") = true,
      "The byte image of a static tensor type as a dict (layout_opt wraps "
      "it in LayoutImage): shape, element_bits, element_bytes, "
      "storage_bytes, layout and offsets (an int64 array of the logical "
      "shape: the byte offset of every element, the bit offset for packed "
      "i2/i4; None with offsets=False).");

  m.def(
      "resolve",
      [](const std::string &type, const std::string &target) {
        api::ResolvedLayout resolved;
        check(api::resolveLayout(type, target, resolved));
        py::dict result;
        result["type"] = resolved.type;
        result["layout"] = resolved.layout;
        result["storage_bytes"] =
            resolved.storageBytes < 0 ? py::object(py::none())
                                      : py::object(py::int_(resolved.storageBytes));
        return result;
      },
      py::arg("type"), py::arg("target") = "",
      "Resolves a tensor type's encoding for a device target as a dict "
      "(layout_opt wraps it in ResolvedLayout): type, layout, storage_bytes.");

  m.def(
      "draw_svg",
      [](const std::string &type) {
        std::string svg;
        check(api::drawLayout(type, svg));
        return svg;
      },
      py::arg("type"), "The SVG picture layout-draw draws of a static type.");

  py::class_<api::Program>(m, "_Program")
      .def(py::init([](const std::string &program, const std::string &function,
                       bool compareToReference, bool checkPadding,
                       bool trace) {
             api::RunOptions options;
             options.function = function;
             options.compareToReference = compareToReference;
             options.checkPadding = checkPadding;
             options.trace = trace;
             std::unique_ptr<api::Program> compiled;
             {
               py::gil_scoped_release release;
               check(api::Program::compile(program, options, compiled));
             }
             return compiled;
           }),
           py::arg("program"), py::arg("function") = "main",
           py::arg("compare_to_reference") = true,
           py::arg("check_padding") = false, py::arg("trace") = false)
      .def("last_trace", &api::Program::getLastTrace,
           "The last run's trace as JSON text (empty without trace=True)")
      .def_property_readonly(
          "arguments",
          [](const api::Program &program) {
            py::list arguments;
            for (const api::ArgumentType &type : program.getArgumentTypes()) {
              py::object dtype = type.dtype.empty()
                                     ? py::object(py::none())
                                     : py::object(py::str(type.dtype));
              arguments.append(py::make_tuple(dtype, type.elementType,
                                              py::tuple(py::cast(type.shape)),
                                              type.isScalar));
            }
            return arguments;
          },
          "(dtype or None, element type, shape with -1 for dynamic dims, "
          "is_scalar) of every argument")
      .def(
          "run",
          [](api::Program &program, const py::list &inputs) {
            std::vector<api::Array> arrays;
            for (const py::handle &input : inputs)
              arrays.push_back(toArray(input));
            std::vector<api::Array> results;
            {
              py::gil_scoped_release release;
              check(program.run(arrays, results));
            }
            py::list out;
            for (const api::Array &result : results)
              out.append(fromArray(result));
            return out;
          },
          py::arg("inputs"),
          "Runs the compiled function on numpy arrays (one per argument).");
}
