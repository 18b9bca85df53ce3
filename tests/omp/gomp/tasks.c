// The shapes of gcc's tasking calls that clang-built task/ tests cannot
// reach: GOMP_task's copy function (firstprivate VLA), the argument block's
// alignment (both also for undeferred tasks, which run at once on a copy
// the runtime makes), the newer depend array with a depobj and mutexinoutset, an
// undeferred task waiting for its dependences, taskwait depend
// (GOMP_taskwait_depend), detach with the event handle in the argument
// block, GOMP_taskloop_ull counting down, taskloop grainsize(strict:) and
// nogroup, final and untied tasks.
// RUN: %libomp-compile && env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
// REQUIRES: gcc
#include "check.h"

#include <stdint.h>

static void vla_firstprivate(int n, int deferred) {
  int v[n], sum = 0;
  for (int i = 0; i < n; i++)
    v[i] = i;
#pragma omp taskgroup
  for (int k = 0; k < 8; k++) {
#pragma omp task firstprivate(v) shared(sum) if (deferred)
    {
      int s = 0;
      for (int i = 0; i < n; i++)
        s += v[i];
      v[0] = -1; // the task's own copy
#pragma omp atomic
      sum += s;
    }
  }
  CHECK_EQ(v[0], 0);
  CHECK_EQ(sum, 8 * (n * (n - 1) / 2));
  printf("vla firstprivate%s: %d\n", deferred ? "" : ", undeferred", sum);
}

typedef struct {
  _Alignas(64) double x;
} wide_t;

static void aligned_block(int deferred) {
  wide_t w = {2.5};
  int ok = 0;
#pragma omp task firstprivate(w) shared(ok) if (deferred)
  ok = ((uintptr_t)&w.x % 64 == 0) && w.x == 2.5;
#pragma omp taskwait
  CHECK(ok);
  printf("aligned block%s: %d\n", deferred ? "" : ", undeferred", ok);
}

static void depobj_and_mutex(void) {
  int x = 0, log[3], n = 0;
  omp_depend_t obj;
#pragma omp depobj(obj) depend(inout: x)
#pragma omp task depend(depobj: obj) shared(x, log, n)
  {
    usleep(20000);
    x = 1;
    log[n++] = 1;
  }
  int acc = 0;
  for (int k = 0; k < 4; k++) {
#pragma omp task depend(in: x) depend(mutexinoutset: acc) shared(x, acc)
    acc += x; // mutually exclusive with its siblings, after the writer
  }
#pragma omp task depend(inout: x) if (0) shared(x, log, n)
  log[n++] = 2; // undeferred: waits for the writer first
  CHECK_EQ(x, 1);
#pragma omp taskwait depend(in: acc)
  CHECK_EQ(acc, 4);
#pragma omp depobj(obj) destroy
  CHECK_EQ(n, 2);
  printf("depobj, mutexinoutset, taskwait depend: %d %d %d\n", log[0], log[1], acc);
}

static void detach_event(void) {
  omp_event_handle_t ev;
  int done = 0;
#pragma omp task detach(ev) shared(done)
  {
    done = 1;
    omp_fulfill_event(ev); // the task's copy of the handle
  }
#pragma omp taskwait
  CHECK_EQ(done, 1);
  int later = 0;
#pragma omp task detach(ev) shared(later)
  later = 1;
  usleep(10000);
  omp_fulfill_event(ev); // the creator's handle
#pragma omp taskwait
  CHECK_EQ(later, 1);
  printf("detach: %d %d\n", done, later);
}

static void taskloops(void) {
  static int hits[1000];
  unsigned long long hi = 3000000000000ULL;
#pragma omp taskloop grainsize(7)
  for (unsigned long long u = hi; u > hi - 3000; u -= 3)
    __atomic_fetch_add(&hits[(hi - u) / 3], 1, __ATOMIC_RELAXED);
  for (int i = 0; i < 1000; i++)
    CHECK_EQ(hits[i], 1);
  int tasks = 0;
#pragma omp taskloop grainsize(strict: 300) shared(tasks)
  for (int i = 0; i < 1000; i++)
    if (i % 300 == 0)
#pragma omp atomic
      tasks++;
  CHECK_EQ(tasks, 4);
  int sum = 0;
#pragma omp taskgroup
  {
#pragma omp taskloop nogroup num_tasks(5) shared(sum)
    for (int i = 1; i <= 100; i++)
#pragma omp atomic
      sum += i;
  }
  CHECK_EQ(sum, 5050);
  printf("taskloop: ull down, strict %d, nogroup %d\n", tasks, sum);
}

static int fib(int n) {
  int a, b;
  if (n < 2)
    return n;
#pragma omp task shared(a) final(n < 12) untied
  a = fib(n - 1);
#pragma omp task shared(b) final(n < 12) untied
  b = fib(n - 2);
#pragma omp taskwait
  return a + b;
}

static void final_untied(void) {
  int in_final = -1;
#pragma omp task final(1) shared(in_final)
  {
#pragma omp task shared(in_final)
    in_final = omp_in_final();
  }
#pragma omp taskwait
  CHECK_EQ(in_final, 1);
  int f = fib(22);
  CHECK_EQ(f, 17711);
  printf("final, untied: %d %d\n", in_final, f);
}

int main(void) {
#pragma omp parallel
#pragma omp single
  {
    vla_firstprivate(100, 1);
    vla_firstprivate(100, 0);
    aligned_block(1);
    aligned_block(0);
    depobj_and_mutex();
    detach_event();
    taskloops();
    final_untied();
#pragma omp taskyield
  }
  printf("done\n");
  return 0;
}
// CHECK: vla firstprivate: 39600
// CHECK-NEXT: vla firstprivate, undeferred: 39600
// CHECK-NEXT: aligned block: 1
// CHECK-NEXT: aligned block, undeferred: 1
// CHECK-NEXT: depobj, mutexinoutset, taskwait depend: 1 2 4
// CHECK-NEXT: detach: 1 1
// CHECK-NEXT: taskloop: ull down, strict 4, nogroup 5050
// CHECK-NEXT: final, untied: 1 17711
// CHECK-NEXT: done
