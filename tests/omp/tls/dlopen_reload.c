// A dlopen'd library's __thread variables (dynamic TLS, reached through
// __tls_get_addr) used by the threads of nested 2 x 4 regions on 2 ESs:
// each thread gets its own copy (at an address of its own among the threads
// of its team), initialised as the library says, kept across barriers;
// after dlclose and a second dlopen no thread finds a value of the first
// instance: the library's TLS starts afresh. This file is the library too
// (built with -DTLS_LIBRARY).
// RUN: %libomp-compile -DTLS_LIBRARY -fPIC -shared -o %t.so
// RUN: %libomp-compile -ldl && env OMP_MAX_ACTIVE_LEVELS=2 %libomp-run %t.so | FileCheck %s
#include "check.h"

#ifdef TLS_LIBRARY

static __thread int lib_value = 17;

int *lib_addr(void) { return &lib_value; }

#else

#include <dlfcn.h>

enum { THREADS = 8 };

static int *(*lib_addr)(void);

static void *load(const char *path) {
  void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    fprintf(stderr, "dlopen: %s\n", dlerror());
  CHECK(lib != NULL);
  lib_addr = (int *(*)(void))dlsym(lib, "lib_addr");
  CHECK(lib_addr != NULL);
  return lib;
}

enum { ENDED = 1000 }; // + 1000 * load + slot: what a thread leaves

// Nested 2 x 4 with the library's load-th instance: every thread finds 17,
// or what a thread of the other team, which ended before it started, left
// in this same instance (a nested thread's TLS is pooled, as libomp's
// pooled threads' is), never a value of an earlier instance; it sets its
// own value and keeps it.
static int use_library(int *seen[THREADS], int load) {
  int bad = 0;
#pragma omp parallel num_threads(2) reduction(+ : bad)
  {
    int outer = omp_get_thread_num();
#pragma omp parallel num_threads(4) reduction(+ : bad)
    {
      int slot = 4 * outer + omp_get_thread_num();
      int *mine = lib_addr();
      int found = *mine, left = found - ENDED * (load + 1);
      bad += found != 17 && !(left >= 0 && left < THREADS && left / 4 != outer);
      seen[slot] = mine;
      *mine = slot;
      for (int round = 0; round < 3; round++) {
#pragma omp barrier
        spin_a_bit(200 * ((slot + round) % 3));
        bad += lib_addr() != mine || *mine != slot;
      }
      *mine = ENDED * (load + 1) + slot;
    }
  }
  // within an inner team (its threads live at once), distinct copies
  for (int i = 0; i < THREADS; i++)
    for (int j = i - i % 4; j < i; j++)
      bad += seen[i] == seen[j];
  return bad;
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  omp_set_dynamic(0);
  CHECK(argc == 2);
  int *seen[THREADS];
  void *lib = load(argv[1]);
  CHECK_EQ(use_library(seen, 0), 0);
  printf("loaded: own copies\n");
  CHECK(dlclose(lib) == 0);
  lib = load(argv[1]);
  CHECK_EQ(use_library(seen, 1), 0);
  printf("reloaded: fresh own copies\n");
  CHECK(dlclose(lib) == 0);
  return 0;
}
#endif
// CHECK: loaded: own copies
// CHECK-NEXT: reloaded: fresh own copies
