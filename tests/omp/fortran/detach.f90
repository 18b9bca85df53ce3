! omp_fulfill_event through gfortran's own module, which passes the event
! handle by value (libomp's Fortran form takes a reference; gcc binaries
! bind the OMP_5.0.1 version): a detached task completes only once its
! event is fulfilled, here after the task has run and from another task.
! RUN: %gfortran-compile && %libomp-run | FileCheck %s
! REQUIRES: gfortran
program detach
  use omp_lib
  implicit none
  integer (kind=omp_event_handle_kind) :: ev
  integer :: x, y
  x = 0
  y = 0
  !$omp parallel num_threads(2)
  !$omp single
  !$omp task detach(ev) shared(x)
  x = 1
  !$omp end task
  !$omp task shared(y) firstprivate(ev)
  y = 2
  call omp_fulfill_event(ev)
  !$omp end task
  !$omp taskwait
  !$omp end single
  !$omp end parallel
  if (x /= 1 .or. y /= 2) stop 1
  print '(a, i0, 1x, i0)', 'fulfilled: ', x, y
end program detach
! CHECK: fulfilled: 1 2
