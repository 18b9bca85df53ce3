! gfortran's target regions given OPTIONAL dummy arguments, present and
! absent: has_device_addr of an assumed-shape, an allocatable and a
! pointer array inside target data with use_device_addr, and the same
! region nowait. For an absent array gfortran hands GOMP_target_ext its
! descriptor as a firstprivate entry at address NULL, which the region
! reads as absence; Bobbin copied from that NULL (SIGSEGV) before.
! libgomp 12 passes the regions without nowait and faults in the nowait
! one, whose task copies from the NULL: not run with -D runtime=system.
! RUN: %gfortran-compile && %libomp-run | FileCheck %s
! RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
! REQUIRES: gfortran
! UNSUPPORTED: system-libomp
program target_optional
  implicit none
  integer, parameter :: n = 6
  integer :: i, seen
  real :: shaped(n)
  integer, allocatable :: grown(:)
  integer, pointer :: pointed(:)
  logical :: ok

  ok = .true.
  shaped = 1
  allocate (grown(n), pointed(2:n + 1))
  grown = 2
  pointed = 3

  do i = 1, 2
    call regions(i == 2, seen)
    if (seen /= 0) ok = .false.
    call regions(i == 2, seen, shaped, grown, pointed)
    if (seen /= 3) ok = .false.
  end do
  ! the two present calls each added 10, 20 and 30 to every element
  if (any(shaped /= 21) .or. any(grown /= 42) .or. any(pointed /= 63)) ok = .false.
  if (lbound(pointed, 1) /= 2) ok = .false.
  print '(a, l1)', 'optional arrays: ', ok
  if (.not. ok) stop 1

contains

  ! seen: how many of the three the region found present
  subroutine regions(deferred, seen, a, b, c)
    logical, intent(in) :: deferred
    integer, intent(out) :: seen
    real, optional :: a(:)
    integer, optional, allocatable :: b(:)
    integer, optional, pointer :: c(:)

    seen = 0
    !$omp target data map(a, b, c) use_device_addr(a, b, c)
    if (deferred) then
      !$omp target has_device_addr(a, b, c) map(tofrom: seen) nowait
      call touch(seen, a, b, c)
      !$omp end target
      !$omp taskwait
    else
      !$omp target has_device_addr(a, b, c) map(tofrom: seen)
      call touch(seen, a, b, c)
      !$omp end target
    end if
    !$omp end target data
  end subroutine regions

  subroutine touch(seen, a, b, c)
    integer, intent(inout) :: seen
    real, optional :: a(:)
    integer, optional, allocatable :: b(:)
    integer, optional, pointer :: c(:)

    if (present(a)) then
      a = a + 10
      seen = seen + 1
    end if
    if (present(b)) then
      b = b + 20
      seen = seen + 1
    end if
    if (present(c)) then
      c = c + 30
      seen = seen + 1
    end if
  end subroutine touch
end program target_optional
! CHECK: optional arrays: T
