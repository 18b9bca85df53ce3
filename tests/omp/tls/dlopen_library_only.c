// dlopen_library.c with a program that has no TLS of its own: when the
// runtime starts, no application module has TLS at all; the first comes
// with the library dlopened after the first parallel region, and from then
// on each OpenMP thread must see its own copy of the library's variables.
// hwloc's plugins may dlopen libraries with TLS of their own (libOpenCL),
// which would hide the case: HWLOC_PLUGINS_PATH points at a directory that
// does not exist.
//
// With BOBBIN_TLS=off this fails, as dlopen_library.c does.
// RUN: %libomp-compile -DTLS_LIBRARY -fPIC -shared -o %t.so
// RUN: %libomp-compile -ldl && env HWLOC_PLUGINS_PATH=%t.none %libomp-run %t.so | FileCheck %S/dlopen_library.c
#include "dlopen_library.c"
