// Untied tasks compute the same results as tied ones: fib(20) with untied
// tasks at every level (each taskwaits for its two children), untied tasks
// that taskyield in a loop, and untied tasks with dependences. The generating
// task's taskwait returns only once an untied task's whole body has run. A
// watchdog turns a hang into a failure with a message.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
#include "check.h"

#include <signal.h>

static void watchdog(int sig) {
  static const char msg[] = "hang: untied tasks made no progress\n";
  (void)sig;
  write(2, msg, sizeof msg - 1);
  _exit(1);
}

static long fib(int n) {
  if (n < 2)
    return n;
  long a = 0, b = 0;
#pragma omp task untied shared(a)
  a = fib(n - 1);
#pragma omp task untied shared(b)
  b = fib(n - 2);
#pragma omp taskwait
  return a + b;
}

int main(void) {
  long f = -1, yields_sum = 0;
  int finished = 0, x = 0, seen = -1;
  signal(SIGALRM, watchdog);
  alarm(100);
#pragma omp parallel
#pragma omp single
  {
#pragma omp task untied shared(f, finished)
    {
      f = fib(20);
      finished = 1;
    }
#pragma omp taskwait
    CHECK_EQ(finished, 1);
    for (int i = 0; i < 50; i++)
#pragma omp task untied shared(yields_sum) firstprivate(i)
    {
      for (int k = 0; k < 20; k++) {
#pragma omp atomic
        yields_sum += i;
#pragma omp taskyield
      }
    }
#pragma omp task untied depend(out : x) shared(x)
    {
#pragma omp task shared(x)
      x = 20;
#pragma omp taskwait
      x += 1;
    }
#pragma omp task untied depend(in : x) shared(x, seen)
    seen = x;
  }
  CHECK_EQ(f, 6765);
  CHECK_EQ(yields_sum, 20L * (49 * 50 / 2));
  CHECK_EQ(seen, 21);
  printf("untied: fib(20) = %ld, yields %ld, depend %d\n", f, yields_sum, seen);
  return 0;
}
// CHECK: untied: fib(20) = 6765, yields 24500, depend 21
