! gfortran's directives on Bobbin: parallel, do with each schedule,
! reduction, critical (named and not), single with copyprivate, atomic,
! sections, ordered, barrier and master.
! RUN: %gfortran-compile && env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
! RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=dynamic,3 %libomp-run | FileCheck %s
! REQUIRES: gfortran
program constructs
  use omp_lib
  implicit none
  integer, parameter :: n = 1000
  integer :: i, total, hits(n), crit, named, copied, mine, order(n), next
  integer(8) :: big
  real(8) :: s
  logical :: ok

  hits = 0
  !$omp parallel do schedule(static)
  do i = 1, n
    hits(i) = hits(i) + 1
  end do
  !$omp end parallel do
  !$omp parallel do schedule(dynamic, 7)
  do i = 1, n
    hits(i) = hits(i) + 1
  end do
  !$omp end parallel do
  !$omp parallel do schedule(guided)
  do i = n, 1, -1
    hits(i) = hits(i) + 1
  end do
  !$omp end parallel do
  !$omp parallel do schedule(runtime)
  do i = 1, n, 3
    hits(i) = hits(i) + 1
  end do
  !$omp end parallel do
  ok = .true.
  do i = 1, n
    if (hits(i) /= 3 + merge(1, 0, mod(i - 1, 3) == 0)) ok = .false.
  end do
  print '(a,l1)', 'loops ', ok

  total = 0
  big = 0
  s = 0
  !$omp parallel do reduction(+:total, big) reduction(max:s)
  do i = 1, n
    total = total + i
    big = big + int(i, 8) * 1000000000_8
    s = max(s, real(i, 8))
  end do
  !$omp end parallel do
  print '(a,i0,1x,i0,1x,f6.1)', 'reduction ', total, big, s

  crit = 0
  named = 0
  copied = 0
  !$omp parallel private(mine) shared(crit, named, copied)
  do i = 1, 100
    !$omp critical
    crit = crit + 1
    !$omp end critical
    !$omp critical (tally)
    named = named + 1
    !$omp end critical (tally)
  end do
  !$omp single
  mine = 41
  !$omp end single copyprivate(mine)
  !$omp atomic
  copied = copied + (mine + 1) / 42
  !$omp barrier
  !$omp master
  if (copied /= omp_get_num_threads()) stop 1
  !$omp end master
  !$omp end parallel
  print '(a,l1)', 'critical ', crit == named .and. crit == 100 * copied

  total = 0
  !$omp parallel sections reduction(+:total)
  !$omp section
  total = total + 1
  !$omp section
  total = total + 10
  !$omp section
  total = total + 100
  !$omp end parallel sections
  print '(a,i0)', 'sections ', total

  next = 0
  !$omp parallel do ordered schedule(dynamic, 2)
  do i = 1, n
    !$omp ordered
    next = next + 1
    order(next) = i
    !$omp end ordered
  end do
  !$omp end parallel do
  ok = .true.
  do i = 1, n
    if (order(i) /= i) ok = .false.
  end do
  print '(a,l1)', 'ordered ', ok
end program
! CHECK: loops T
! CHECK: reduction 500500 500500000000000 1000.0
! CHECK: critical T
! CHECK: sections 111
! CHECK: ordered T
