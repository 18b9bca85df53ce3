// The first OpenMP call comes from an application thread, not from main:
// that thread becomes the program's initial thread (ES 0's) and ends with
// it, as a second application thread, an initial OMPT thread of its own,
// does (LLVM 19's ompt/misc/interoperability.cpp expects both ends; the
// first's was missing before); at exit, which main calls without ever
// having been an OpenMP thread, no thread is ended on main's behalf, and
// the worker both regions ran on ends in its own name: a thread_end
// callback sees get_thread_data give the thread that ends (tool.h checks
// it).
// RUN: %libomp-compile %ompt-flags -lpthread && %libomp-run | FileCheck %s
// REQUIRES: bobbin
#include "check.h"
#include "tool.h"

#include <pthread.h>

static void *application_thread(void *arg) {
  int n = 0;
  #pragma omp parallel num_threads(2) reduction(+ : n)
  n++;
  CHECK_EQ(n, 2);
  *(uint64_t *)arg = tool_get_thread_data()->value;
  return NULL;
}

int main(void) {
  deadline(30, "ompt/app_first");
  uint64_t first = 0, second = 0;
  pthread_t t;
  CHECK_EQ(pthread_create(&t, NULL, application_thread, &first), 0);
  CHECK_EQ(pthread_join(t, NULL), 0);
  CHECK_EQ(pthread_create(&t, NULL, application_thread, &second), 0);
  CHECK_EQ(pthread_join(t, NULL), 0);
  CHECK_EQ(first, 1);
  CHECK(second > 1);
  printf("0 main done second=%llu\n", (unsigned long long)second);
  return 0;
}

// CHECK: 1 thread_begin type=initial
// CHECK: [[W:[0-9]+]] thread_begin type=worker
// CHECK: 1 thread_end thread=1
// CHECK: [[S:[0-9]+]] thread_begin type=initial
// CHECK: [[S]] thread_end thread=[[S]]
// CHECK: 0 main done second=[[S]]
// CHECK-NEXT: [[W]] thread_end thread=[[W]]
// CHECK-NEXT: 0 finalize
// CHECK-NEXT: 0 balance threads=0
