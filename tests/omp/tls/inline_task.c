// An OpenMP thread keeps its TLS values across a task it runs inline (here
// a throttled one: more than 64 tasks wait) that suspends: while the task
// waits for its child, the other OpenMP thread of the one ES runs there with
// its own values; when the task completes, the thread that ran it must see
// its own again before its code goes on. The child waits until
// the other thread has run during the task's wait.
// RUN: %libomp-compile && env BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
#include "check.h"

enum { QUEUED = 100 };

static __thread int app_var;
static int tp_var;
#pragma omp threadprivate(tp_var)

// Volatile accesses: the compiler reloads the values after the task
// instead of keeping what it stored in a register.
#define APP (*(volatile int *)&app_var)
#define TP (*(volatile int *)&tp_var)

static int task_waiting, other_ran, done;

int main(void) {
  int bad = 0, checked = 0;
#pragma omp parallel num_threads(2) reduction(+ : bad, checked)
  {
    int me = omp_get_thread_num();
    APP = 100 + me;
    TP = 200 + me;
    if (me == 0) {
      for (int i = 0; i < QUEUED; i++) {
#pragma omp task
        spin_a_bit(10);
      }
      int x = 0;
#pragma omp task shared(x)
      {
        __atomic_store_n(&task_waiting, 1, __ATOMIC_SEQ_CST);
#pragma omp task depend(out : x) shared(x)
        {
          while (!__atomic_load_n(&other_ran, __ATOMIC_SEQ_CST)) {
#pragma omp taskyield
          }
          x = 1;
        }
#pragma omp taskwait
      }
      bad += x != 1;
      bad += APP != 100 || TP != 200;
      checked++;
      __atomic_store_n(&done, 1, __ATOMIC_SEQ_CST);
    } else {
      while (!__atomic_load_n(&done, __ATOMIC_SEQ_CST)) {
        if (__atomic_load_n(&task_waiting, __ATOMIC_SEQ_CST))
          __atomic_store_n(&other_ran, 1, __ATOMIC_SEQ_CST);
#pragma omp taskyield
      }
      bad += APP != 101 || TP != 201;
      checked++;
    }
  }
  CHECK_EQ(checked, 2);
  CHECK_EQ(bad, 0);
  printf("inline task: TLS kept\n");
  return 0;
}
// CHECK: inline task: TLS kept
