// The program of threadprivate_values.c built with clang's
// -fnoopenmp-use-tls: threadprivate goes through __kmpc_threadprivate_cached
// instead of ELF TLS. Same cases (scalars, arrays, structs; teams of 1, 2, 8
// and 64 on 2 ESs; persistence, copyin, single copyprivate), same output.
// Unlike the TLS build, this one does not depend on BOBBIN_TLS: it passes
// with BOBBIN_TLS=off too, since these copies are the runtime's own.
// RUN: %libomp-compile -fnoopenmp-use-tls && %libomp-run | FileCheck %S/threadprivate_values.c
// REQUIRES: clang
#include "threadprivate_values.c"
