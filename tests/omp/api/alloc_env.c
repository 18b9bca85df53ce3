// OMP_ALLOCATOR with a memory space and traits (OpenMP 5.2 syntax) makes a
// custom default allocator with them; a memory space alone selects a
// predefined allocator (Bobbin) or one with default traits (LLVM); unset,
// the default is omp_default_mem_alloc.
// RUN: %libomp-compile
// RUN: %libomp-run 128 0 | FileCheck %s --check-prefix=UNSET
// RUN: env OMP_ALLOCATOR=omp_default_mem_space %libomp-run 1 0 | FileCheck %s --check-prefix=SPACE
// RUN: env OMP_ALLOCATOR=omp_default_mem_alloc %libomp-run 128 0 | FileCheck %s --check-prefix=UNSET
// RUN: env OMP_ALLOCATOR=omp_default_mem_space:alignment=128 %libomp-run 128 0 | FileCheck %s --check-prefix=ALIGN
// RUN: env OMP_ALLOCATOR=omp_default_mem_space:alignment=64,pool_size=65536,fallback=null_fb \
// RUN:   %libomp-run 64 65536 | FileCheck %s --check-prefix=POOL
// RUN: env OMP_ALLOCATOR=omp_large_cap_mem_space:pool_size=20000,fallback=null_fb,alignment=256 \
// RUN:   %libomp-run 256 20000 | FileCheck %s --check-prefix=POOL
// Not on gcc's own runtime (gcc 12's libgomp accepts no traits in OMP_ALLOCATOR):
// UNSUPPORTED: gcc && system-libomp
#include "check.h"

#include <stdint.h>

int main(int argc, char **argv) {
  CHECK(argc == 3);
  uintptr_t align = strtoul(argv[1], NULL, 10);
  size_t pool = strtoul(argv[2], NULL, 10);
  omp_allocator_handle_t d = omp_get_default_allocator();
  if (d == omp_default_mem_alloc)
    printf("default: omp_default_mem_alloc\n");
  else if ((uintptr_t)d > 1024)
    printf("default: custom\n");
  else
    printf("default: predefined %lu\n", (unsigned long)d);

  // Blocks from omp_null_allocator: aligned as the traits say, and bounded
  // by the pool if there is one.
  int aligned = 1, n = 0;
  void *ps[200];
  while (n < 200 && (ps[n] = omp_alloc(1000, omp_null_allocator)) != NULL) {
    if ((uintptr_t)ps[n] & (align - 1))
      aligned = 0;
    n++;
  }
  if ((uintptr_t)d <= 1024)
    aligned = 1; // predefined allocators make no promise beyond malloc's
  printf("aligned to %lu: %s\n", (unsigned long)align, aligned ? "yes" : "no");
  if (pool)
    printf("bounded: %s\n", n > 0 && (size_t)n * 1000 <= pool ? "yes" : "no");
  else
    printf("bounded: %s\n", n == 200 ? "no" : "yes");
  for (int i = 0; i < n; i++)
    omp_free(ps[i], omp_null_allocator);
  return 0;
}
// UNSET: default: omp_default_mem_alloc
// UNSET-NEXT: aligned to 128: yes
// UNSET-NEXT: bounded: no
// SPACE: default: {{omp_default_mem_alloc|custom}}
// SPACE-NEXT: aligned to 1: yes
// SPACE-NEXT: bounded: no
// ALIGN: default: custom
// ALIGN-NEXT: aligned to 128: yes
// ALIGN-NEXT: bounded: no
// POOL: default: custom
// POOL-NEXT: aligned to {{64|256}}: yes
// POOL-NEXT: bounded: yes
