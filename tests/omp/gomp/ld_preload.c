// A gcc binary linked against the system's libgomp.so.1, run on Bobbin in
// the two ways a user would: LD_PRELOAD=libomp.so.5 (the system libgomp is
// loaded too, but every GOMP_*/omp_* reference binds to Bobbin), and
// LD_LIBRARY_PATH=build/lib (Bobbin is libgomp.so.1 there). The proof that
// Bobbin ran it: the dynamic linker's bindings (LD_DEBUG=bindings) of
// GOMP_parallel@GOMP_4.0, GOMP_loop_*, omp_get_thread_num@OMP_1.0 and the
// OpenMP 3.0 and 2.5 lock ABIs; OMP_DISPLAY_ENV listing BOBBIN_NUM_ES; and a
// nested 4 x 8 region that runs on BOBBIN_NUM_ES OS threads and one that
// serves ES 0 while the application's thread waits, where libgomp would
// start 32 (preemption off: it adds a monitor, and a thread per unit it
// preempts). LD_BIND_NOW makes the dynamic linker bind everything at
// start-up, on one thread: lazy bindings made later by several OS threads
// at once interleave their LD_DEBUG lines mid-line.
// RUN: %system-libomp-compile
// RUN: env BOBBIN_TIME_SLICE=off LD_PRELOAD=%bobbin-preload %t | FileCheck %s
// RUN: env BOBBIN_TIME_SLICE=off LD_LIBRARY_PATH=%libomp-dir %t | FileCheck %s
// RUN: env LD_BIND_NOW=1 LD_DEBUG=bindings LD_PRELOAD=%bobbin-preload %t 2>&1 | FileCheck %s --check-prefix=PRELOAD
// RUN: env LD_BIND_NOW=1 LD_DEBUG=bindings LD_LIBRARY_PATH=%libomp-dir %t 2>&1 | FileCheck %s --check-prefix=LIBPATH
// RUN: env OMP_DISPLAY_ENV=true LD_PRELOAD=%bobbin-preload %t 2>&1 | FileCheck %s --check-prefix=ENV
// REQUIRES: gcc, bobbin
#include "check.h"

#include <dirent.h>

// The OpenMP 2.5 nest lock, as binaries built against libgomp before
// OpenMP 3.0 bind it.
typedef struct { int owner, count; } nest_lock_25_t;
void omp_init_nest_lock_25(nest_lock_25_t *);
void omp_set_nest_lock_25(nest_lock_25_t *);
void omp_unset_nest_lock_25(nest_lock_25_t *);
int omp_test_nest_lock_25(nest_lock_25_t *);
void omp_destroy_nest_lock_25(nest_lock_25_t *);
__asm__(".symver omp_init_nest_lock_25, omp_init_nest_lock@OMP_1.0\n"
        ".symver omp_set_nest_lock_25, omp_set_nest_lock@OMP_1.0\n"
        ".symver omp_unset_nest_lock_25, omp_unset_nest_lock@OMP_1.0\n"
        ".symver omp_test_nest_lock_25, omp_test_nest_lock@OMP_1.0\n"
        ".symver omp_destroy_nest_lock_25, omp_destroy_nest_lock@OMP_1.0");

static int os_threads(void) {
  int n = 0;
  DIR *d = opendir("/proc/self/task");
  CHECK(d);
  for (struct dirent *e; (e = readdir(d));)
    n += e->d_name[0] != '.';
  closedir(d);
  return n;
}

int main(void) {
  int most = 0, units = 0;
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(4)
  {
#pragma omp parallel num_threads(8)
    {
      int n = os_threads();
#pragma omp critical
      {
        units++;
        if (n > most)
          most = n;
      }
    }
  }
  CHECK_EQ(units, 32);
  printf("32 OpenMP threads on %s OS threads\n", most <= 3 ? "at most 3" : "more than 3");

  long sum = 0;
#pragma omp parallel for schedule(dynamic, 5) reduction(+ : sum)
  for (int i = 0; i < 1000; i++)
    sum += i;
  CHECK_EQ(sum, 499500);

  omp_lock_t lock; // gcc's 4-byte lock
  omp_nest_lock_t nest; // gcc's 16-byte nest lock
  nest_lock_25_t nest25;
  omp_init_lock(&lock);
  omp_init_nest_lock(&nest);
  omp_init_nest_lock_25(&nest25);
  int count[3] = {0, 0, 0}; // one per lock
#pragma omp parallel num_threads(4)
  for (int k = 0; k < 100; k++) {
    omp_set_lock(&lock);
    count[0]++;
    omp_unset_lock(&lock);
    omp_set_nest_lock(&nest);
    CHECK_EQ(omp_test_nest_lock(&nest), 2);
    count[1]++;
    omp_unset_nest_lock(&nest);
    omp_unset_nest_lock(&nest);
    omp_set_nest_lock_25(&nest25);
    CHECK_EQ(omp_test_nest_lock_25(&nest25), 2);
    count[2]++;
    omp_unset_nest_lock_25(&nest25);
    omp_unset_nest_lock_25(&nest25);
  }
  omp_destroy_lock(&lock);
  omp_destroy_nest_lock(&nest);
  omp_destroy_nest_lock_25(&nest25);
  CHECK(count[0] == 400 && count[1] == 400 && count[2] == 400);
  printf("thread %d, done\n", omp_get_thread_num());
  return 0;
}
// CHECK: 32 OpenMP threads on at most 3 OS threads
// CHECK: thread 0, done

// PRELOAD-DAG: to {{.*}}/libomp.so.5 [0]: normal symbol `GOMP_parallel' [GOMP_4.0]
// PRELOAD-DAG: to {{.*}}/libomp.so.5 [0]: normal symbol `GOMP_loop_nonmonotonic_dynamic_start' [GOMP_4.5]
// PRELOAD-DAG: to {{.*}}/libomp.so.5 [0]: normal symbol `GOMP_loop_nonmonotonic_dynamic_next' [GOMP_4.5]
// PRELOAD-DAG: to {{.*}}/libomp.so.5 [0]: normal symbol `GOMP_critical_start' [GOMP_1.0]
// PRELOAD-DAG: to {{.*}}/libomp.so.5 [0]: normal symbol `omp_get_thread_num' [OMP_1.0]
// PRELOAD-DAG: to {{.*}}/libomp.so.5 [0]: normal symbol `omp_set_max_active_levels' [OMP_3.0]
// PRELOAD-DAG: to {{.*}}/libomp.so.5 [0]: normal symbol `omp_init_lock' [OMP_3.0]
// PRELOAD-DAG: to {{.*}}/libomp.so.5 [0]: normal symbol `omp_set_nest_lock' [OMP_3.0]
// PRELOAD-DAG: to {{.*}}/libomp.so.5 [0]: normal symbol `omp_set_nest_lock' [OMP_1.0]
// PRELOAD-NOT: to {{.*}}libgomp.so.1 [0]: normal symbol `{{(GOMP|omp)_}}

// LIBPATH-DAG: to {{.*}}/lib/libgomp.so.1 [0]: normal symbol `GOMP_parallel' [GOMP_4.0]
// LIBPATH-DAG: to {{.*}}/lib/libgomp.so.1 [0]: normal symbol `omp_get_thread_num' [OMP_1.0]
// LIBPATH-DAG: to {{.*}}/lib/libgomp.so.1 [0]: normal symbol `omp_init_nest_lock' [OMP_1.0]
// LIBPATH-NOT: /x86_64-linux-gnu/libgomp.so.1

// ENV: OPENMP DISPLAY ENVIRONMENT BEGIN
// ENV: BOBBIN_NUM_ES
// ENV: OPENMP DISPLAY ENVIRONMENT END
