! omp_pause_resource and omp_pause_resource_all through gfortran's own
! module: refused in a parallel region, where nothing is released; outside
! every region a hard pause releases the threadprivate data of every thread
! but the initial one (a module variable here), as libgomp 12 does, and the
! next region runs with fresh copies while the initial thread keeps its own.
! RUN: %gfortran-compile && env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
! REQUIRES: gfortran
module pause_data
  implicit none
  integer :: tp = 7
  !$omp threadprivate(tp)
end module pause_data

program pause
  use omp_lib
  use pause_data
  implicit none
  integer :: refused, i, n
  integer :: seen(0:63)
  n = omp_get_max_threads()
  refused = 0
  !$omp parallel reduction(+:refused)
  tp = 100 + omp_get_thread_num()
  if (omp_pause_resource(omp_pause_hard, omp_get_initial_device()) /= 0) refused = refused + 1
  !$omp end parallel
  if (refused /= n) stop 1
  !$omp parallel
  seen(omp_get_thread_num()) = tp
  !$omp end parallel
  do i = 0, n - 1
    if (seen(i) /= 100 + i) stop 2
  end do
  if (omp_pause_resource_all(omp_pause_hard) /= 0) stop 3
  !$omp parallel
  seen(omp_get_thread_num()) = tp
  !$omp end parallel
  if (seen(0) /= 100) stop 4
  do i = 1, n - 1
    if (seen(i) /= 7) stop 5
  end do
  print '(a, i0, a)', 'pause: ', n, ' threads, workers fresh, initial thread kept'
end program pause
! CHECK: pause: 4 threads, workers fresh, initial thread kept
