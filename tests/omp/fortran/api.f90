! The omp_lib routines through gfortran's own module: thread and level
! queries, the INTEGER(8) forms (omp_set_num_threads_8 ...), the schedule,
! wall clock, and the routines taking CHARACTER arguments.
! RUN: %gfortran-compile && %libomp-run | FileCheck %s
! REQUIRES: gfortran
program api
  use omp_lib
  implicit none
  integer :: tid_sum, nthr, lvl, anc, kind_i
  integer(omp_sched_kind) :: kind
  integer :: chunk
  integer(8) :: chunk8, four
  real(8) :: t0, t1
  character(len=40) :: fmt
  integer :: flen

  call omp_set_num_threads(3)
  print '(a,i0)', 'max threads ', omp_get_max_threads()
  four = 4
  call omp_set_num_threads(four)          ! omp_set_num_threads_8
  print '(a,i0)', 'max threads 8 ', omp_get_max_threads()
  tid_sum = 0
  !$omp parallel reduction(+:tid_sum) shared(nthr, lvl, anc)
  tid_sum = tid_sum + omp_get_thread_num()
  !$omp master
  nthr = omp_get_num_threads()
  lvl = omp_get_level()
  anc = omp_get_ancestor_thread_num(1) + omp_get_team_size(1)
  if (.not. omp_in_parallel()) stop 2
  !$omp end master
  !$omp end parallel
  print '(a,i0,1x,i0,1x,i0,1x,i0)', 'team ', nthr, tid_sum, lvl, anc
  print '(a,l1)', 'in parallel outside ', omp_in_parallel()

  call omp_set_schedule(omp_sched_dynamic, 5)
  call omp_get_schedule(kind, chunk)
  kind_i = kind
  print '(a,i0,1x,i0)', 'schedule ', kind_i, chunk
  chunk8 = 9
  call omp_set_schedule(omp_sched_guided, chunk8)   ! omp_set_schedule_8
  call omp_get_schedule(kind, chunk8)               ! omp_get_schedule_8
  kind_i = kind
  print '(a,i0,1x,i0)', 'schedule 8 ', kind_i, chunk8

  call omp_set_dynamic(.true.)
  print '(a,l1)', 'dynamic ', omp_get_dynamic()
  call omp_set_dynamic(.false.)
  call omp_set_max_active_levels(2)
  print '(a,i0)', 'max active levels ', omp_get_max_active_levels()
  print '(a,l1)', 'procs ', omp_get_num_procs() >= 1
  print '(a,l1)', 'initial device ', omp_is_initial_device()

  t0 = omp_get_wtime()
  t1 = omp_get_wtime()
  print '(a,l1)', 'wtime ', t1 >= t0 .and. omp_get_wtick() > 0

  call omp_set_affinity_format('team %n of %N')
  flen = omp_get_affinity_format(fmt)
  print '(a,i0,a,a,a)', 'format ', flen, ' [', trim(fmt), ']'
end program
! CHECK: max threads 3
! CHECK: max threads 8 4
! CHECK: team 4 6 1 4
! CHECK: in parallel outside F
! CHECK: schedule 2 5
! CHECK: schedule 8 3 9
! CHECK: dynamic T
! CHECK: max active levels 2
! CHECK: procs T
! CHECK: initial device T
! CHECK: wtime T
! CHECK: format 13 [team %n of %N]
