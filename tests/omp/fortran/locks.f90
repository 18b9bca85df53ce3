! omp_lib's locks from gfortran (omp_lock_kind 4, omp_nest_lock_kind 8):
! set/unset/test under contention, nesting counts of a nest lock. Each lock
! guards a counter of its own (one counter under both locks would race: a
! thread holding one lock can meet a thread holding the other).
! RUN: %gfortran-compile && env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
! REQUIRES: gfortran
program locks
  use omp_lib
  implicit none
  integer(omp_lock_kind) :: lck
  integer(omp_nest_lock_kind) :: nlck
  integer :: count, nested, tries, depth, k

  call omp_init_lock(lck)
  call omp_init_nest_lock(nlck)
  count = 0
  nested = 0
  tries = 0
  !$omp parallel private(k, depth) shared(count, nested, tries)
  do k = 1, 200
    call omp_set_lock(lck)
    count = count + 1
    call omp_unset_lock(lck)
    do while (.not. omp_test_lock(lck))
    end do
    tries = tries + 1
    call omp_unset_lock(lck)
    call omp_set_nest_lock(nlck)
    depth = omp_test_nest_lock(nlck)
    if (depth /= 2) stop 3
    nested = nested + 1
    call omp_unset_nest_lock(nlck)
    call omp_unset_nest_lock(nlck)
  end do
  !$omp end parallel
  call omp_destroy_lock(lck)
  call omp_destroy_nest_lock(nlck)
  print '(a,i0,1x,i0,1x,i0)', 'locks ', count, nested, tries
end program
! CHECK: locks 800 800 800
