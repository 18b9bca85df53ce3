// threadprivate_nested.c built with clang's -fnoopenmp-use-tls: the nested
// cases (2 x 8 and 4 x 16 on 2 ESs, copyprivate in inner teams, outer
// values kept) through __kmpc_threadprivate_cached. These copies are
// the runtime's own, so this passes with BOBBIN_TLS=off too.
//
// Without the inner copyin: clang's code for copyin without TLS copies from
// the original variable, the initial thread's copy, not from the copy of
// the thread that encounters the region, so in an inner region it is wrong
// on LLVM's libomp too.
// RUN: %libomp-compile -fnoopenmp-use-tls -DNO_NESTED_COPYIN && env OMP_MAX_ACTIVE_LEVELS=2 %libomp-run | FileCheck %S/threadprivate_nested.c
// REQUIRES: clang
#include "threadprivate_nested.c"
