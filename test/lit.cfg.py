# -*- Python -*-
# lit configuration for layout-opt (logic; facts are in lit.site.cfg.py).

import os
import shutil
import sys

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "LAYOUT_OPT"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.layout_opt_obj_root, "test")
config.excludes = ["Inputs", "CMakeLists.txt", "README.md", "lit.cfg.py", "lit.site.cfg.py"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%layout_opt_src_root", config.layout_opt_src_root))
config.substitutions.append(("%layout_opt_obj_root", config.layout_opt_obj_root))
# Longer names first: lit substitutes in order.
config.substitutions.append(("%cmake_generator", config.cmake_generator))
config.substitutions.append(("%cmake", config.cmake_command))
config.substitutions.append(("%cxx", config.cxx_compiler))
# The installed-package consumer builds with g++ when the project itself was
# built with another compiler (scripts/build.sh prefers clang-22): users'
# projects mostly use the Debian default, and this keeps the public headers
# and the package compiling with g++ in every run of the suite.
config.substitutions.append(
    ("%consumer_cxx", shutil.which("g++") or config.cxx_compiler))
config.substitutions.append(("%mlir_dir", config.mlir_dir))

# The differential driver gets the built layout-run by path.
config.substitutions.append(
    ("%layout_run_bin", os.path.join(config.layout_opt_tools_dir, "layout-run")))
config.substitutions.append(("%python", sys.executable))
# %expect_exit [--memory-limit-mb=N] CODE COMMAND...: COMMAND must exit
# with CODE (stderr merged into stdout); a shell script, not Python, for
# its start-up time (test/layout-run/Inputs/expect-exit.sh).
config.substitutions.append(("%expect_exit", "sh " + os.path.join(
    config.layout_opt_src_root, "test", "layout-run", "Inputs",
    "expect-exit.sh")))
# The dialect-and-pass plugin for upstream mlir-opt (tools/layout-opt-plugin).
config.substitutions.append(("%layout_opt_plugin", config.layout_opt_plugin))

llvm_config.use_default_substitutions()
llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
# Sanitizer options (set by .ci/run) reach the tools under test.
llvm_config.with_system_environment(["ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"])

if config.layout_opt_unittests:
    config.available_features.add("unittests")
if config.layout_opt_sanitizers:
    config.available_features.add("sanitizers")
# Tests that give files to another user (chown) need root.
if hasattr(os, "geteuid") and os.geteuid() == 0:
    config.available_features.add("root")
# Tests of a write that fails (no space left) need /dev/full, a device.
import stat
try:
    if stat.S_ISCHR(os.stat("/dev/full").st_mode):
        config.available_features.add("dev-full")
except OSError:
    pass
# The Python package (python/), when it was built: %python_bindings runs
# the interpreter it was built for with the build's package on PYTHONPATH;
# %python_bindings_exe and %python_bindings_path are its two halves.
if config.layout_opt_python_bindings:
    config.available_features.add("python-bindings")
    packages = os.path.join(config.layout_opt_obj_root, "python_packages")
    # Inserted first, longest name first: %python is a prefix of them all.
    for name, value in [
        ("%python_bindings", "env PYTHONPATH=%s %s" % (
            packages, config.layout_opt_python_executable)),
        ("%python_bindings_exe", config.layout_opt_python_executable),
        ("%python_bindings_path", packages),
    ]:
        config.substitutions.insert(0, (name, value))

llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
# layout-run caches optimized kernel objects (docs/tools.md); tests keep
# theirs in the build tree, never in $HOME.
config.environment["LAYOUT_OPT_KERNEL_CACHE_DIR"] = os.path.join(
    config.layout_opt_obj_root, "test", "kernel-cache")
config.substitutions.append(
    ("%kernel_cache_dir", config.environment["LAYOUT_OPT_KERNEL_CACHE_DIR"]))

tool_dirs = [config.layout_opt_tools_dir, config.llvm_tools_dir]
tools = [
    "layout-draw",
    "layout-opt",
    "layout-lsp-server",
    "layout-reduce",
    "layout-reduce-run-test",
    "layout-run",
    ToolSubst("layout-opt-unittests", unresolved="ignore"),
    "mlir-opt",
    "mlir-runner",
]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# MLIR prints pass statistics only when LLVM is built with statistics
# (LLVM_ENABLE_STATS: assertions or LLVM_FORCE_ENABLE_STATS); a release LLVM
# prints an empty report. Ask upstream mlir-opt once whether cse reports.
def _llvm_has_stats():
    import subprocess
    mlir_opt = os.path.join(config.llvm_tools_dir, "mlir-opt")
    try:
        run = subprocess.run(
            [mlir_opt, "--cse", "--mlir-pass-statistics", "-o", os.devnull, "-"],
            input="func.func @f() { return }", capture_output=True, text=True,
            timeout=60)
    except (OSError, subprocess.SubprocessError):
        return False
    return "num-cse'd" in run.stdout + run.stderr

if _llvm_has_stats():
    config.available_features.add("llvm-stats")
