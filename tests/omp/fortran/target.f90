! gfortran's device constructs on Bobbin, run on the host (a gfortran
! binary has no device): target with map clauses and firstprivate, target
! data with a target region and target update inside, target enter/exit
! data, and target teams distribute parallel do with a reduction mapped
! back; inside a target region the thread is an initial thread (level 0,
! alone), and the caller's ICVs are untouched.
! RUN: %gfortran-compile && env OMP_NUM_THREADS=3 %libomp-run | FileCheck %s
! RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
! REQUIRES: gfortran
program target
  use omp_lib
  implicit none
  integer, parameter :: n = 1000
  integer :: i, level, nthreads, k, teams_seen, threads_seen, initial_max
  real(8) :: a(n), b(n), total
  logical :: ok
  character(len=8) :: env
  integer :: env_threads

  ok = .true.
  do i = 1, n
    a(i) = i
    b(i) = 0
  end do
  k = 5
  call omp_set_num_threads(2)

  !$omp target map(to: a) map(from: b, level, nthreads, initial_max) firstprivate(k)
  level = omp_get_level()
  nthreads = omp_get_num_threads()
  initial_max = omp_get_max_threads()
  do i = 1, n
    b(i) = a(i) * k
  end do
  k = -1
  !$omp end target
  if (level /= 0 .or. nthreads /= 1 .or. k /= 5) ok = .false.
  ! the initial nthreads-var, OMP_NUM_THREADS, not the caller's 2
  call get_environment_variable('OMP_NUM_THREADS', env)
  read (env, *) env_threads
  if (initial_max /= env_threads) ok = .false.
  if (b(n) /= 5.0d0 * n) ok = .false.
  if (omp_get_max_threads() /= 2) ok = .false.
  print '(a, l1)', 'target: ', ok

  !$omp target data map(tofrom: a) map(alloc: b)
  !$omp target
  do i = 1, n
    a(i) = a(i) + 1
  end do
  !$omp end target
  !$omp target update from(a)
  if (a(1) /= 2.0d0) ok = .false.
  !$omp end target data
  !$omp target enter data map(to: b)
  !$omp target
  b(1) = -3
  !$omp end target
  !$omp target exit data map(from: b)
  if (b(1) /= -3.0d0) ok = .false.
  print '(a, l1)', 'target data: ', ok

  total = 0
  teams_seen = 0
  threads_seen = 0
  !$omp target teams distribute parallel do num_teams(3) thread_limit(2) &
  !$omp&   map(to: a) map(tofrom: total, teams_seen, threads_seen) &
  !$omp&   reduction(+: total) reduction(max: teams_seen, threads_seen)
  do i = 1, n
    total = total + a(i)
    teams_seen = max(teams_seen, omp_get_num_teams())
    threads_seen = max(threads_seen, omp_get_num_threads())
  end do
  !$omp end target teams distribute parallel do
  if (total /= dble(n) * (n + 1) / 2 + n) ok = .false.
  if (teams_seen /= 3 .or. threads_seen /= min(2, initial_max)) ok = .false.
  print '(a, l1)', 'target teams: ', ok
  if (.not. ok) stop 1
end program target
! CHECK: target: T
! CHECK-NEXT: target data: T
! CHECK-NEXT: target teams: T
