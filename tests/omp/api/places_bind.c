// Threads bound to places, on two places of one CPU each (taskset fixes the
// CPUs to {0,1}): the initial thread is bound to the first place, each
// policy gives the places and partitions OpenMP 5.2 (sec. 10.1.3) asks for,
// and a bound thread runs only on the CPUs of its place, which it checks
// while its team-mates keep the other CPUs busy. Before, the initial thread
// reported place -1 and every thread the place of whichever ES it ran on.
// RUN: %libomp-compile
// RUN: env OMP_PLACES=threads OMP_PROC_BIND=close taskset -c 0,1 %libomp-run 4 | FileCheck %s --check-prefix=CLOSE4
// RUN: env OMP_PLACES=threads OMP_PROC_BIND=close taskset -c 0,1 %libomp-run 2 | FileCheck %s --check-prefix=CLOSE2
// RUN: env OMP_PLACES="{0},{1}" OMP_PROC_BIND=spread taskset -c 0,1 %libomp-run 4 | FileCheck %s --check-prefix=SPREAD4
// RUN: env OMP_PLACES="{0},{1}" OMP_PROC_BIND=spread taskset -c 0,1 %libomp-run 2 | FileCheck %s --check-prefix=SPREAD2
// RUN: env OMP_PLACES=threads OMP_PROC_BIND=primary taskset -c 0,1 %libomp-run 3 | FileCheck %s --check-prefix=PRIMARY
// One place for 3 threads: they share the initial thread's CPU, and the OS
// threads that take turns serving it (when a thread waits or is preempted)
// stay there too.
// RUN: env OMP_PLACES="{0}" OMP_PROC_BIND=close taskset -c 0,1 %libomp-run 3 1 | FileCheck %s --check-prefix=ONE
// The process's CPU set bounds the places: under taskset -c 1, CPU 1 alone.
// RUN: env OMP_PLACES=threads OMP_PROC_BIND=spread taskset -c 1 %libomp-run 2 1 | FileCheck %s --check-prefix=CPU1
// RUN: env OMP_PLACES=cores OMP_PROC_BIND=close numactl --physcpubind=1 %libomp-run 2 1 | FileCheck %s --check-prefix=CPU1
#include "check.h"

#include <sched.h>
#include <time.h>

enum { MAXT = 8 };

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

// 1 if, during 50 ms, the calling thread ran only on CPUs of its place and
// on OS threads that may run nowhere else.
static int stays_in_place(void) {
  int p = omp_get_place_num(), ids[64], n = omp_get_place_num_procs(p);
  CHECK(n >= 1 && n <= 64);
  omp_get_place_proc_ids(p, ids);
  cpu_set_t place;
  CPU_ZERO(&place);
  for (int k = 0; k < n; k++)
    CPU_SET(ids[k], &place);
  int ok = 1;
  for (double end = now() + 0.05; now() < end;) {
    cpu_set_t mask, outside;
    CHECK(sched_getaffinity(0, sizeof mask, &mask) == 0);
    CPU_XOR(&outside, &mask, &place);
    CPU_AND(&outside, &outside, &mask);
    ok &= CPU_ISSET(sched_getcpu(), &place) && CPU_COUNT(&outside) == 0;
  }
  return ok;
}

int main(int argc, char **argv) {
  deadline(30, "places_bind");
  int n = argc > 1 ? atoi(argv[1]) : 2;
  CHECK(n >= 1 && n <= MAXT);
  // The region is the first OpenMP call: the runtime starts with it.
  int place[MAXT], count[MAXT], first[MAXT], stayed[MAXT];
#pragma omp parallel num_threads(n)
  {
    int t = omp_get_thread_num(), nums[8];
    place[t] = omp_get_place_num();
    count[t] = omp_get_partition_num_places();
    CHECK(count[t] >= 1 && count[t] <= 8);
    omp_get_partition_place_nums(nums);
    first[t] = nums[0];
    stayed[t] = stays_in_place();
  }
  CHECK_EQ(omp_get_num_places(), argc > 2 ? atoi(argv[2]) : 2);
  printf("initial place %d partition %d\n", omp_get_place_num(),
         omp_get_partition_num_places());
  for (int t = 0; t < n; t++)
    printf("thread %d place %d partition %d from %d%s\n", t, place[t], count[t],
           first[t], stayed[t] ? "" : " ran elsewhere");
  return 0;
}
// CLOSE4: initial place 0 partition 2
// CLOSE4-NEXT: thread 0 place 0 partition 2 from 0
// CLOSE4-NEXT: thread 1 place 0 partition 2 from 0
// CLOSE4-NEXT: thread 2 place 1 partition 2 from 0
// CLOSE4-NEXT: thread 3 place 1 partition 2 from 0
// CLOSE2: initial place 0 partition 2
// CLOSE2-NEXT: thread 0 place 0 partition 2 from 0
// CLOSE2-NEXT: thread 1 place 1 partition 2 from 0
// SPREAD4: initial place 0 partition 2
// SPREAD4-NEXT: thread 0 place 0 partition 1 from 0
// SPREAD4-NEXT: thread 1 place 0 partition 1 from 0
// SPREAD4-NEXT: thread 2 place 1 partition 1 from 1
// SPREAD4-NEXT: thread 3 place 1 partition 1 from 1
// SPREAD2: initial place 0 partition 2
// SPREAD2-NEXT: thread 0 place 0 partition 1 from 0
// SPREAD2-NEXT: thread 1 place 1 partition 1 from 1
// PRIMARY: initial place 0 partition 2
// PRIMARY-NEXT: thread 0 place 0 partition 2 from 0
// PRIMARY-NEXT: thread 1 place 0 partition 2 from 0
// PRIMARY-NEXT: thread 2 place 0 partition 2 from 0
// ONE: initial place 0 partition 1
// ONE-NEXT: thread 0 place 0 partition 1 from 0
// ONE-NEXT: thread 1 place 0 partition 1 from 0
// ONE-NEXT: thread 2 place 0 partition 1 from 0
// CPU1: initial place 0 partition 1
// CPU1-NEXT: thread 0 place 0 partition 1 from 0
// CPU1-NEXT: thread 1 place 0 partition 1 from 0
