// REQUIRES: bobbin
// OMP_DISPLAY_ENV shows def-allocator-var's initial value as OMP_ALLOCATOR
// spells it: a predefined allocator by name, one made from a memory space
// and traits in that form, omp_default_mem_alloc when OMP_ALLOCATOR is unset
// or malformed. (libgomp 12 prints the predefined names too; LLVM's libomp
// prints omp_default_mem_alloc for allocators it has no memory for.)
// RUN: %libomp-compile
// RUN: env OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck %s -DVALUE=omp_default_mem_alloc
// RUN: env OMP_DISPLAY_ENV=true OMP_ALLOCATOR=omp_large_cap_mem_alloc %libomp-run 2>&1 | FileCheck %s -DVALUE=omp_large_cap_mem_alloc
// RUN: env OMP_DISPLAY_ENV=true OMP_ALLOCATOR=omp_low_lat_mem_space:pool_size=1024,alignment=64 %libomp-run 2>&1 | FileCheck %s -DVALUE=omp_low_lat_mem_space:alignment=64,pool_size=1024
// RUN: env OMP_DISPLAY_ENV=true OMP_ALLOCATOR=omp_default_mem_space:color=red %libomp-run 2>&1 | FileCheck %s -DVALUE=omp_default_mem_alloc
#include "check.h"

int main(void) {
  // the runtime starts, and shows the block, at its first call
  CHECK(omp_get_default_allocator() != omp_null_allocator);
  printf("done\n");
  return 0;
}
// CHECK: OPENMP DISPLAY ENVIRONMENT BEGIN
// CHECK: [host] OMP_ALLOCATOR = '[[VALUE]]'
// CHECK: OPENMP DISPLAY ENVIRONMENT END
// CHECK: done
