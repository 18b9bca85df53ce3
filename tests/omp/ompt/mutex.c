// OMPT mutex events: lock_init (the program's first OpenMP routine, on
// the initial thread) and lock_destroy, a lock set and unset, tested
// (test_lock, acquired only when it was taken), a nest lock taken twice
// (acquire/acquired, then acquire and nest_lock begin, as libomp 19
// reports them; nest_lock end, then released), critical sections unnamed and named, and ORDERED regions of a
// loop, on each thread of a team of 2, in program order per thread; the
// wait state while a lock is held by the other thread.
// RUN: %libomp-compile %ompt-flags && %libomp-run | sort -s -n -k1,1 | FileCheck %s
// RUN: %libomp-run | FileCheck %s --check-prefix=BALANCE
// REQUIRES: bobbin
#include "check.h"
#include "tool.h"

int main(void) {
  deadline(30, "ompt/mutex");
  omp_lock_t lock;
  omp_nest_lock_t nest;
  omp_init_lock(&lock); /* the first OpenMP routine called */
  omp_init_nest_lock(&nest);
  CHECK(omp_get_max_threads() > 0);
  int in_order = 0;
  #pragma omp parallel num_threads(2)
  {
    omp_set_lock(&lock);
    omp_unset_lock(&lock);
    omp_set_nest_lock(&nest);
    omp_set_nest_lock(&nest);
    omp_unset_nest_lock(&nest);
    omp_unset_nest_lock(&nest);
    #pragma omp critical
    spin_a_bit(10);
    #pragma omp critical(named)
    spin_a_bit(10);
    #pragma omp for ordered schedule(static, 1)
    for (int i = 0; i < 4; i++) {
      #pragma omp ordered
      {
        CHECK_EQ(in_order, i);
        in_order++;
      }
    }
  }
  printf("1 mark serial\n");
  CHECK(omp_test_lock(&lock));
  #pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 1) {
    CHECK(!omp_test_lock(&lock));
    printf("%llu state %s\n", (unsigned long long)tool_get_thread_data()->value,
           tool_get_state(NULL) == ompt_state_work_parallel ? "work_parallel" : "other");
  }
  omp_unset_lock(&lock);
  CHECK_EQ(omp_test_nest_lock(&nest), 1);
  CHECK_EQ(omp_test_nest_lock(&nest), 2);
  omp_unset_nest_lock(&nest);
  omp_unset_nest_lock(&nest);
  omp_destroy_lock(&lock);
  omp_destroy_nest_lock(&nest);
  printf("1 mark end\n");
  return 0;
}

// CHECK: 1 lock_init lock mutex=[[L:[0-9]+]] hint=0 impl=1 ra=set
// CHECK-NEXT: 1 lock_init nest_lock mutex=[[N:[0-9]+]] hint=0 impl=1 ra=set
// CHECK: 1 mutex_acquire lock mutex=[[L]] hint=0 impl=1 ra=set
// CHECK-NEXT: 1 mutex_acquired lock mutex=[[L]] ra=set
// CHECK-NEXT: 1 mutex_released lock mutex=[[L]] ra=set
// CHECK-NEXT: 1 mutex_acquire nest_lock mutex=[[N]] hint=0 impl=1 ra=set
// CHECK-NEXT: 1 mutex_acquired nest_lock mutex=[[N]] ra=set
// CHECK-NEXT: 1 mutex_acquire nest_lock mutex=[[N]] hint=0 impl=1 ra=set
// CHECK-NEXT: 1 nest_lock_begin mutex=[[N]] ra=set
// CHECK-NEXT: 1 nest_lock_end mutex=[[N]] ra=set
// CHECK-NEXT: 1 mutex_released nest_lock mutex=[[N]] ra=set
// CHECK-NEXT: 1 mutex_acquire critical mutex=[[C:[0-9]+]] hint=0 impl=1 ra=set
// CHECK-NEXT: 1 mutex_acquired critical mutex=[[C]] ra=set
// CHECK-NEXT: 1 mutex_released critical mutex=[[C]] ra=set
// CHECK-NEXT: 1 mutex_acquire critical mutex=[[D:[0-9]+]] hint=0 impl=1 ra=set
// CHECK-NEXT: 1 mutex_acquired critical mutex=[[D]] ra=set
// CHECK-NEXT: 1 mutex_released critical mutex=[[D]] ra=set
// CHECK: 1 mutex_acquire ordered mutex=[[O:[0-9]+]] hint=0 impl=1 ra=set
// CHECK-NEXT: 1 mutex_acquired ordered mutex=[[O]] ra=set
// CHECK-NEXT: 1 mutex_released ordered mutex=[[O]] ra=set
// CHECK: 1 mutex_acquire ordered mutex=[[O]] hint=0 impl=1 ra=set
// CHECK-NEXT: 1 mutex_acquired ordered mutex=[[O]] ra=set
// CHECK-NEXT: 1 mutex_released ordered mutex=[[O]] ra=set
// CHECK: 1 mark serial
// CHECK-NEXT: 1 mutex_acquire test_lock mutex=[[L]] hint=0 impl=1 ra=set
// CHECK-NEXT: 1 mutex_acquired test_lock mutex=[[L]] ra=set
// CHECK: 1 mutex_released lock mutex=[[L]] ra=set
// CHECK-NEXT: 1 mutex_acquire test_nest_lock mutex=[[N]] hint=0 impl=1 ra=set
// CHECK-NEXT: 1 mutex_acquired test_nest_lock mutex=[[N]] ra=set
// CHECK-NEXT: 1 mutex_acquire test_nest_lock mutex=[[N]] hint=0 impl=1 ra=set
// CHECK-NEXT: 1 nest_lock_begin mutex=[[N]] ra=set
// CHECK-NEXT: 1 nest_lock_end mutex=[[N]] ra=set
// CHECK-NEXT: 1 mutex_released nest_lock mutex=[[N]] ra=set
// CHECK-NEXT: 1 lock_destroy lock mutex=[[L]] ra=set
// CHECK-NEXT: 1 lock_destroy nest_lock mutex=[[N]] ra=set
// CHECK-NEXT: 1 mark end
// The other thread of the first region, then the one that fails to test.
// CHECK: [[W:[2-9]]] mutex_acquire lock mutex=[[L]] hint=0 impl=1 ra=set
// CHECK-NEXT: [[W]] mutex_acquired lock mutex=[[L]] ra=set
// CHECK-NEXT: [[W]] mutex_released lock mutex=[[L]] ra=set
// CHECK-NEXT: [[W]] mutex_acquire nest_lock mutex=[[N]] hint=0 impl=1 ra=set
// CHECK-NEXT: [[W]] mutex_acquired nest_lock mutex=[[N]] ra=set
// CHECK-NEXT: [[W]] mutex_acquire nest_lock mutex=[[N]] hint=0 impl=1 ra=set
// CHECK-NEXT: [[W]] nest_lock_begin mutex=[[N]] ra=set
// CHECK-NEXT: [[W]] nest_lock_end mutex=[[N]] ra=set
// CHECK-NEXT: [[W]] mutex_released nest_lock mutex=[[N]] ra=set
// CHECK: [[W]] mutex_released ordered mutex=[[O]] ra=set
// CHECK: [[V:[2-9]]] mutex_acquire test_lock mutex=[[L]] hint=0 impl=1 ra=set
// CHECK-NOT: [[V]] mutex_acquired
// CHECK: [[V]] state work_parallel

// BALANCE: 0 balance threads=0 parallel=0 implicit=0 sync=0 wait=0 work=0 masked=0 held=0
