// REQUIRES: bobbin
// Dynamic promotion inside tasks, under every ULT kind for tasks: tasks
// that suspend several times (a taskwait on children, a taskyield, a lock
// held across a taskyield, a taskgroup) keep their stack frames intact, and
// a recursion of promoted tasks 3000 deep (each waits for its child) ends
// with every level having run once.
// RUN: %libomp-compile
// RUN: %libomp-run | FileCheck %s
// RUN: env BOBBIN_TASK_KIND=full %libomp-run | FileCheck %s
// RUN: env BOBBIN_TASK_KIND=lsa %libomp-run | FileCheck %s
// RUN: env BOBBIN_TASK_KIND=roc %libomp-run | FileCheck %s
// RUN: env BOBBIN_TASK_KIND=ss %libomp-run | FileCheck %s
// RUN: env BOBBIN_TASK_KIND=sc BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
// RUN: env BOBBIN_ULT_KIND=roc BOBBIN_TASK_KIND=ult %libomp-run | FileCheck %s
#include "check.h"

enum { TASKS = 64, DEPTH = 3000 };

static omp_lock_t lock;
static int holders, overlap, levels[DEPTH];

static long checksum(const volatile int *buf, int n) {
  long sum = 0;
  for (int i = 0; i < n; i++)
    sum += buf[i] * (i + 1);
  return sum;
}

static void suspender(int id) {
  volatile int buf[64];
  for (int i = 0; i < 64; i++)
    buf[i] = id * 64 + i;
  long before = checksum(buf, 64);
  int done = 0;
  for (int c = 0; c < 3; c++) {
#pragma omp task shared(done)
    {
#pragma omp taskyield
#pragma omp atomic
      done++;
    }
  }
#pragma omp taskwait
  CHECK_EQ(done, 3);
#pragma omp taskyield
  omp_set_lock(&lock);
  if (holders++)
    overlap = 1;
#pragma omp taskyield
  holders--;
  omp_unset_lock(&lock);
#pragma omp taskgroup
  {
#pragma omp task shared(done)
#pragma omp atomic
    done++;
  }
  CHECK_EQ(done, 4);
  CHECK_EQ(checksum(buf, 64), before);
}

static void recurse(int level) {
  levels[level]++;
  if (level + 1 == DEPTH)
    return;
#pragma omp task
  recurse(level + 1);
#pragma omp taskwait
}

int main(void) {
  omp_init_lock(&lock);
#pragma omp parallel
#pragma omp single
  {
    for (int t = 0; t < TASKS; t++)
#pragma omp task firstprivate(t)
      suspender(t);
#pragma omp taskwait
#pragma omp task
    recurse(0);
  }
  for (int l = 0; l < DEPTH; l++)
    CHECK_EQ(levels[l], 1);
  CHECK_EQ(overlap, 0);
  omp_destroy_lock(&lock);
  printf("%d suspending tasks and %d nested levels done\n", TASKS, DEPTH);
  return 0;
}
// CHECK: 64 suspending tasks and 3000 nested levels done
