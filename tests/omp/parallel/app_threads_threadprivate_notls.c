// Application pthreads that use a 64 KiB threadprivate array compiled
// without TLS (clang's -fnoopenmp-use-tls: __kmpc_threadprivate_cached),
// 400 of them, four at a time, each ending: its copy goes with it, as its
// TLS would (before, each ended thread left its copies: 23 MiB more over
// the last 360). Passes on LLVM's libomp 14 too.
// RUN: %libomp-compile -fnoopenmp-use-tls
// RUN: env ASAN_OPTIONS=detect_leaks=0:quarantine_size_mb=0 %libomp-run | FileCheck %s
// clang only: -fnoopenmp-use-tls is clang's.
// REQUIRES: clang
#include "check.h"

#define AT_ONCE 4
#define WARM_UP 40
#define THREADS 400
#define GROWTH_KIB (6 << 10)

static char scratch[64 << 10];
#pragma omp threadprivate(scratch)

static void *app_thread(void *arg) {
  long id = (long)arg;
  int sum = 0;
#pragma omp parallel num_threads(2) reduction(+ : sum)
  {
    memset(scratch, (int)(id + omp_get_thread_num()) & 0x7f, sizeof scratch);
    sum += scratch[sizeof scratch - 1];
  }
  CHECK_EQ(sum, (int)((id & 0x7f) + ((id + 1) & 0x7f)));
  return NULL;
}

int main(void) {
  deadline(60, "parallel/app_threads_threadprivate_notls");
  app_threads_in_rounds(app_thread, 0, WARM_UP, AT_ONCE);
  long rss = proc_status("VmRSS");
  app_threads_in_rounds(app_thread, WARM_UP, THREADS - WARM_UP, AT_ONCE);
  long grown = proc_status("VmRSS") - rss;
  if (grown > GROWTH_KIB)
    fprintf(stderr, "resident set %ld KiB more after %d more threads\n", grown,
            THREADS - WARM_UP);
  CHECK(grown <= GROWTH_KIB);
  printf("%d application threads ended, their copies with them\n", THREADS);
  return 0;
}
// CHECK: 400 application threads ended, their copies with them
