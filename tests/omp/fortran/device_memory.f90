! The device queries and device memory routines through gfortran's omp_lib
! (bind(c) interfaces to the C routines at libgomp's OMP_4.5 versions) on
! the host device, and on an invalid device number.
! RUN: %gfortran-compile && %libomp-run | FileCheck %s
! REQUIRES: gfortran
program device_memory
  use omp_lib
  use iso_c_binding
  implicit none
  integer(c_int) :: host, bad, i
  integer(c_int), target :: src(8), dst(8)
  integer(c_size_t) :: vol(2), dst_off(2), src_off(2), dims(2)
  type(c_ptr) :: p

  host = omp_get_initial_device()
  bad = host + 1
  print '(a,i0,a,i0)', 'devices ', omp_get_num_devices(), ' initial ', host
  print '(a,l1,a,i0)', 'initial ', omp_is_initial_device(), ' num ', omp_get_device_num()

  do i = 1, 8
    src(i) = i
  end do
  dst = 0
  p = omp_target_alloc(32_c_size_t, host)
  print '(a,l1)', 'alloc ', c_associated(p)
  print '(a,i0)', 'present ', omp_target_is_present(p, host)
  print '(a,i0)', 'to ', omp_target_memcpy(p, c_loc(src), 32_c_size_t, 0_c_size_t, &
                                           0_c_size_t, host, host)
  print '(a,i0)', 'back ', omp_target_memcpy(c_loc(dst), p, 16_c_size_t, 16_c_size_t, &
                                             0_c_size_t, host, host)
  print '(8(i0,1x))', dst
  call omp_target_free(p, host)

  ! a 2 x 2 block of a 2 x 4 array (C order: the last dimension varies fastest)
  dst = 0
  vol = [2, 2]
  dst_off = [0, 1]
  src_off = [0, 2]
  dims = [2, 4]
  print '(a,i0)', 'rect ', omp_target_memcpy_rect(c_loc(dst), c_loc(src), 4_c_size_t, 2, &
                                                  vol, dst_off, src_off, dims, dims, &
                                                  host, host)
  print '(8(i0,1x))', dst

  p = omp_target_alloc(32_c_size_t, bad)
  print '(a,l1)', 'bad alloc ', c_associated(p)
  print '(a,i0)', 'bad present ', omp_target_is_present(c_loc(src), bad)
  print '(a,i0)', 'bad memcpy ', omp_target_memcpy(c_loc(dst), c_loc(src), 4_c_size_t, &
                                                   0_c_size_t, 0_c_size_t, bad, host)
  print '(a,i0)', 'associate ', omp_target_associate_ptr(c_loc(src), c_loc(dst), &
                                                         4_c_size_t, 0_c_size_t, host)
  print '(a,i0)', 'disassociate ', omp_target_disassociate_ptr(c_loc(src), host)
end program
! CHECK: devices 0 initial 0
! CHECK-NEXT: initial T num 0
! CHECK-NEXT: alloc T
! CHECK-NEXT: present 1
! CHECK-NEXT: to 0
! CHECK-NEXT: back 0
! CHECK-NEXT: 0 0 0 0 1 2 3 4
! CHECK-NEXT: rect 0
! CHECK-NEXT: 0 3 4 0 0 7 8 0
! CHECK-NEXT: bad alloc F
! CHECK-NEXT: bad present 0
! CHECK-NEXT: bad memcpy 22
! CHECK-NEXT: associate 22
! CHECK-NEXT: disassociate 22
