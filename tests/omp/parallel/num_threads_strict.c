// REQUIRES: bobbin
// __kmpc_push_num_threads_strict and __kmpc_push_num_threads_list_strict
// (num_threads(strict: n), with a severity and a message; libomp 14 lacks
// them): when the team can have the threads, nothing is said; when
// OMP_THREAD_LIMIT makes the request impossible, severity 1 warns (naming
// the request and the message) and the region runs with fewer threads;
// severity 2 ends the program with that message.
// RUN: %libomp-compile
// RUN: env OMP_THREAD_LIMIT=8 %libomp-run ok 2>&1 | FileCheck %s --check-prefix=OK
// RUN: env OMP_THREAD_LIMIT=2 %libomp-run warn 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: env OMP_THREAD_LIMIT=2 not --crash %libomp-run fatal 2>&1 | FileCheck %s --check-prefix=FATAL
// RUN: env OMP_THREAD_LIMIT=2 not --crash %libomp-run fatal-list 2>&1 | FileCheck %s --check-prefix=FLIST
// clang only: calls __kmpc_* entry points.
// REQUIRES: clang
#include "check.h"

#include <stdint.h>

int32_t __kmpc_global_thread_num(void *loc);
void __kmpc_push_num_threads_strict(void *loc, int32_t gtid, int32_t n,
                                    int severity, const char *message);
void __kmpc_push_num_threads_list_strict(void *loc, int32_t gtid, uint32_t len,
                                         int32_t *list, int severity,
                                         const char *message);

static int region_size(void) {
  int n = 0;
#pragma omp parallel
  if (omp_get_thread_num() == 0)
    n = omp_get_num_threads();
  return n;
}

int main(int argc, char **argv) {
  CHECK(argc == 2);
  int32_t gtid = __kmpc_global_thread_num(NULL);
  if (!strcmp(argv[1], "ok")) {
    __kmpc_push_num_threads_strict(NULL, gtid, 4, 2, "four or nothing");
    CHECK_EQ(region_size(), 4);
    int32_t list[2] = {2, 3};
    __kmpc_push_num_threads_list_strict(NULL, gtid, 2, list, 2, "two then three");
    CHECK_EQ(region_size(), 2);
    printf("strict requests met\n");
  } else if (!strcmp(argv[1], "warn")) {
    __kmpc_push_num_threads_strict(NULL, gtid, 4, 1, "four wanted");
    int n = region_size();
    CHECK_EQ(n, 2);
    // The request was for that region only: no warning for the next one.
    CHECK(region_size() >= 1);
    printf("ran with %d threads\n", n);
  } else if (!strcmp(argv[1], "fatal")) {
    fflush(stdout);
    __kmpc_push_num_threads_strict(NULL, gtid, 4, 2, "four or nothing");
    region_size();
    printf("still running\n");
  } else {
    int32_t list[2] = {5, 2};
    __kmpc_push_num_threads_list_strict(NULL, gtid, 2, list, 2, "five first");
    region_size();
    printf("still running\n");
  }
  return 0;
}
// OK-NOT: bobbin:
// OK: strict requests met
// WARN: num_threads(strict: 4){{.*}}four wanted
// WARN-NOT: num_threads
// WARN: ran with 2 threads
// FATAL: num_threads(strict: 4){{.*}}four or nothing
// FATAL-NOT: still running
// FLIST: num_threads(strict: 5){{.*}}five first
// FLIST-NOT: still running
