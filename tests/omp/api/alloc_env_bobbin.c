// REQUIRES: bobbin
// OMP_ALLOCATOR on Bobbin: every predefined allocator name selects that
// allocator (all are served from the heap); a memory space name alone
// selects its predefined allocator; blanks around names are ignored;
// fb_data names a predefined allocator (OpenMP 5.1's example). A
// malformed value gives one line naming OMP_ALLOCATOR and the value, and
// omp_default_mem_alloc is used.
// RUN: %libomp-compile
// RUN: env OMP_ALLOCATOR=omp_high_bw_mem_alloc %libomp-run 2>&1 | FileCheck %s --check-prefixes=HBW,NOWARN
// RUN: env OMP_ALLOCATOR=omp_thread_mem_alloc %libomp-run 2>&1 | FileCheck %s --check-prefixes=THREAD,NOWARN
// RUN: env OMP_ALLOCATOR=omp_large_cap_mem_space %libomp-run 2>&1 | FileCheck %s --check-prefixes=LARGE,NOWARN
// RUN: env OMP_ALLOCATOR=' omp_low_lat_mem_space : pinned = true , access=pteam ' %libomp-run 2>&1 | FileCheck %s --check-prefixes=CUSTOM,NOWARN
// RUN: env OMP_ALLOCATOR=omp_large_cap_mem_space:pool_size=1048576,fallback=allocator_fb,fb_data=omp_low_lat_mem_alloc %libomp-run 2>&1 | FileCheck %s --check-prefixes=CUSTOM,NOWARN
// RUN: env OMP_ALLOCATOR=omp_default_mem_space:fallback=allocator_fb,fb_data=bogus %libomp-run 2>&1 | FileCheck %s --check-prefixes=BAD -DVALUE=omp_default_mem_space:fallback=allocator_fb,fb_data=bogus
// RUN: env OMP_ALLOCATOR=bogus %libomp-run 2>&1 | FileCheck %s --check-prefixes=BAD -DVALUE=bogus
// RUN: env OMP_ALLOCATOR=omp_default_mem_space:alignment=48 %libomp-run 2>&1 | FileCheck %s --check-prefixes=BAD -DVALUE=omp_default_mem_space:alignment=48
// RUN: env OMP_ALLOCATOR=omp_default_mem_space:pool_size=1M %libomp-run 2>&1 | FileCheck %s --check-prefixes=BAD -DVALUE=omp_default_mem_space:pool_size=1M
// RUN: env OMP_ALLOCATOR=omp_default_mem_space:fallback=allocator_fb %libomp-run 2>&1 | FileCheck %s --check-prefixes=BAD -DVALUE=omp_default_mem_space:fallback=allocator_fb
// RUN: env OMP_ALLOCATOR=omp_default_mem_space:color=red %libomp-run 2>&1 | FileCheck %s --check-prefixes=BAD -DVALUE=omp_default_mem_space:color=red
// RUN: env OMP_ALLOCATOR=omp_default_mem_space: %libomp-run 2>&1 | FileCheck %s --check-prefixes=BAD -DVALUE=omp_default_mem_space:
// RUN: env OMP_ALLOCATOR=omp_default_mem_alloc:alignment=64 %libomp-run 2>&1 | FileCheck %s --check-prefixes=BAD -DVALUE=omp_default_mem_alloc:alignment=64
// RUN: env OMP_ALLOCATOR= %libomp-run 2>&1 | FileCheck %s --check-prefixes=BAD -DVALUE=
#include "check.h"

#include <stdint.h>

int main(void) {
  omp_allocator_handle_t d = omp_get_default_allocator();
  if ((uintptr_t)d > 1024)
    printf("default: custom\n");
  else
    printf("default: %lu\n", (unsigned long)d);
  void *p = omp_alloc(100, omp_null_allocator);
  CHECK(p != NULL);
  omp_free(p, omp_null_allocator);
  printf("allocated\n");
  return 0;
}
// NOWARN-NOT: bobbin:
// HBW: default: 4
// THREAD: default: 8
// LARGE: default: 2
// CUSTOM: default: custom
// NOWARN: allocated
// BAD: bobbin: OMP_ALLOCATOR='[[VALUE]]' is not {{.*}}; using omp_default_mem_alloc
// BAD-NOT: bobbin:
// BAD: default: 1
// BAD-NEXT: allocated
