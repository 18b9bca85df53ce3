// The program of pause_hard.c built with clang's -fnoopenmp-use-tls: its
// threadprivate variable goes through __kmpc_threadprivate_cached, whose
// copies a hard pause releases too (LLVM's libomp 14 hangs at exit there).
// RUN: %libomp-compile -fnoopenmp-use-tls && env OMP_NUM_THREADS=4 OMP_MAX_ACTIVE_LEVELS=2 %libomp-run | FileCheck %S/pause_hard.c
// RUN: env OMP_NUM_THREADS=2 OMP_MAX_ACTIVE_LEVELS=1 BOBBIN_TLS=off %libomp-run | FileCheck %S/pause_hard.c
// REQUIRES: clang
// UNSUPPORTED: system-libomp
#include "pause_hard.c"
