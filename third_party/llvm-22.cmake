# Glue around the Debian LLVM/MLIR 22 packages (llvm-22-dev, libmlir-22-dev,
# mlir-22-tools). Version pin: LLVM/MLIR 22.x. Nothing is vendored here: this
# file only points CMake at the Debian prefix when the user did not.
set(LAYOUT_OPT_LLVM_PREFIX "/usr/lib/llvm-22" CACHE PATH
    "Prefix of the LLVM/MLIR 22 installation")

if(NOT MLIR_DIR AND EXISTS "${LAYOUT_OPT_LLVM_PREFIX}/lib/cmake/mlir/MLIRConfig.cmake")
  set(MLIR_DIR "${LAYOUT_OPT_LLVM_PREFIX}/lib/cmake/mlir" CACHE PATH "MLIR CMake package" FORCE)
endif()
if(NOT LLVM_DIR AND EXISTS "${LAYOUT_OPT_LLVM_PREFIX}/lib/cmake/llvm/LLVMConfig.cmake")
  set(LLVM_DIR "${LAYOUT_OPT_LLVM_PREFIX}/lib/cmake/llvm" CACHE PATH "LLVM CMake package" FORCE)
endif()
# Debian ships lit as bin/lit, not bin/llvm-lit (AddLLVM's default).
if(NOT LLVM_EXTERNAL_LIT AND EXISTS "${LAYOUT_OPT_LLVM_PREFIX}/bin/lit")
  set(LLVM_EXTERNAL_LIT "${LAYOUT_OPT_LLVM_PREFIX}/bin/lit" CACHE FILEPATH "lit" FORCE)
endif()
