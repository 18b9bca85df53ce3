// thread_objects.cpp built with clang's -fnoopenmp-use-tls: the
// threadprivate object is then the runtime's (registered with
// __kmpc_threadprivate_register, its copies constructed by the runtime),
// the thread_local one stays in ELF TLS. Same checks, same output.
// RUN: %libomp-compile -fnoopenmp-use-tls -lstdc++ && %libomp-run 2>&1 | FileCheck %S/thread_objects.cpp
// REQUIRES: clang
#include "thread_objects.cpp"
