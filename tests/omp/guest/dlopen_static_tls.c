// A module with initial-exec TLS (static TLS, as GPU drivers, jemalloc and
// tracing libraries have), loaded by dlopen after OpenMP threads exist:
// every thread then finds its variables at their initial values, as the C
// library gives every thread it knows, also the threads that run on TLS
// blocks (4 threads and nested 2 x 3 on 2 ESs). Loaded once by the initial
// thread (%t.so), whose constructor sets a variable of its own in the
// loading thread: that thread keeps the constructor's value, the others get
// the initial one; and once by a nested thread (%t2.so, no constructor).
// Passes on LLVM's libomp 14 and libgomp 12 (-D runtime=system).
// RUN: %libomp-compile -DTLS_LIBRARY -fPIC -shared -o %t.so
// RUN: %libomp-compile -DTLS_LIBRARY -DNO_CONSTRUCTOR -fPIC -shared -o %t2.so
// RUN: %libomp-compile -ldl && env OMP_MAX_ACTIVE_LEVELS=2 %libomp-run %t.so %t2.so | FileCheck %s
#include "check.h"

#ifdef TLS_LIBRARY

enum { WORDS = 16 };
static __thread int lib_words[WORDS] __attribute__((tls_model("initial-exec"))) = {
    7, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
static __thread volatile int lib_set_by_constructor __attribute__((tls_model("initial-exec"))) = 5;

#ifndef NO_CONSTRUCTOR
__attribute__((constructor)) static void loaded(void) { lib_set_by_constructor = 99; }
#endif

// 0 if this thread's copy holds the initial values; the constructor's
// variable is reported apart.
int lib_check(int *constructor_value) {
  int bad = lib_words[0] != 7;
  for (int i = 1; i < WORDS; i++)
    bad += lib_words[i] != i;
  lib_words[0] = -1; // a thread keeps its own copy: the next check of
  lib_words[0] = 7;  // another thread finds 7 again
  *constructor_value = lib_set_by_constructor;
  return bad;
}

#else

#include <dlfcn.h>

typedef int (*check_t)(int *);

static check_t load(const char *path) {
  void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    fprintf(stderr, "dlopen: %s\n", dlerror());
  CHECK(lib != NULL);
  check_t check = (check_t)dlsym(lib, "lib_check");
  CHECK(check != NULL);
  return check;
}

// Every thread of 4 and of nested 2 x 3: its copy is the initial image.
// The constructor's variable holds 5, or 99 in the initial thread where
// that loaded the module (loader_is_initial).
static int check_everywhere(check_t check, int loader_is_initial) {
  int bad = 0;
#pragma omp parallel num_threads(4) reduction(+ : bad)
  {
    int c;
    bad += check(&c);
    bad += c != (loader_is_initial && omp_get_thread_num() == 0 ? 99 : 5);
  }
#pragma omp parallel num_threads(2) reduction(+ : bad)
#pragma omp parallel num_threads(3) reduction(+ : bad)
  {
    int c, initial = omp_get_thread_num() == 0 && omp_get_ancestor_thread_num(1) == 0;
    bad += check(&c);
    bad += c != (loader_is_initial && initial ? 99 : 5);
  }
  return bad;
}

static void spread(void) {
#pragma omp parallel num_threads(4)
#pragma omp parallel num_threads(3)
  spin_a_bit(1000);
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  omp_set_dynamic(0);
  CHECK(argc == 3);
  deadline(60, "loading modules with static TLS");
  spread(); // threads, and their TLS blocks, exist before the loads
  check_t first = load(argv[1]);
  CHECK_EQ(check_everywhere(first, 1), 0);
  printf("loaded by the initial thread: initial values everywhere\n");
  check_t second = NULL;
#pragma omp parallel num_threads(2)
  {
    int outer = omp_get_thread_num();
#pragma omp parallel num_threads(3)
    if (outer == 1 && omp_get_thread_num() == 2)
      second = load(argv[2]);
  }
  CHECK_EQ(check_everywhere(second, 0), 0);
  printf("loaded by a nested thread: initial values everywhere\n");
  return 0;
}
#endif
// CHECK: loaded by the initial thread: initial values everywhere
// CHECK-NEXT: loaded by a nested thread: initial values everywhere
