! def-allocator-var through omp_lib's omp_set_default_allocator and
! omp_get_default_allocator: a region's threads start with the value set
! before it, and one thread's change reaches neither its siblings nor the
! thread that forked the region.
! RUN: %gfortran-compile && %libomp-run | FileCheck %s
! REQUIRES: gfortran
program alloc_default
  use omp_lib
  implicit none
  integer :: bad
  integer(omp_allocator_handle_kind) :: mine

  call omp_set_default_allocator(omp_thread_mem_alloc)
  bad = 0
  !$omp parallel num_threads(3) reduction(+:bad) private(mine)
  if (omp_get_default_allocator() /= omp_thread_mem_alloc) bad = bad + 1
  !$omp barrier
  if (omp_get_thread_num() == 1) call omp_set_default_allocator(omp_large_cap_mem_alloc)
  !$omp barrier
  mine = omp_thread_mem_alloc
  if (omp_get_thread_num() == 1) mine = omp_large_cap_mem_alloc
  if (omp_get_default_allocator() /= mine) bad = bad + 1
  !$omp end parallel
  if (omp_get_default_allocator() /= omp_thread_mem_alloc) bad = bad + 1
  print '(a,i0)', 'wrong values: ', bad
end program
! CHECK: wrong values: 0
