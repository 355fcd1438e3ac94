// The one source file of the targets that own the precompiled headers
// (LayoutOptPCH, LayoutOptTestPCH); CMake compiles the headers themselves.
