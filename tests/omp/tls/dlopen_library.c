// A shared library with __thread variables of its own, loaded with dlopen
// after the program's first parallel region, and used from parallel regions
// of 8 and 64 threads on 2 ESs: each OpenMP thread sees its own copy of the
// library's variables (initialized, at its first use, as the library
// initializes them), across barriers and into the next region of the same
// size. This file is the library too (built with -DTLS_LIBRARY).
//
// Here the program has TLS of its own (-DMAIN_TLS), whose variable is
// checked alongside; dlopen_library_only.c runs the same program without.
//
// With BOBBIN_TLS=off this fails (the OpenMP threads of an ES share one copy
// of the library's variables).
// RUN: %libomp-compile -DTLS_LIBRARY -fPIC -shared -o %t.so
// RUN: %libomp-compile -ldl -DMAIN_TLS && %libomp-run %t.so | FileCheck %s
#include "check.h"

#ifdef TLS_LIBRARY

static __thread int lib_counter = 17;
__thread double lib_array[10] = {0.5, 1.5};

int lib_get(void) { return lib_counter; }
void lib_set(int v) {
  lib_counter = v;
  for (int k = 0; k < 10; k++)
    lib_array[k] = v + k / 8.0;
}
int lib_holds(int v) {
  int ok = lib_counter == v;
  for (int k = 0; k < 10; k++)
    ok = ok && lib_array[k] == v + k / 8.0;
  return ok;
}
int lib_fresh(void) {
  return lib_counter == 17 && lib_array[0] == 0.5 && lib_array[1] == 1.5 &&
         lib_array[9] == 0.0;
}
void lib_bump(void) { lib_counter++; }

#else

#include <dlfcn.h>

#ifdef MAIN_TLS
static __thread int main_value = 1;
#define MAIN_SET(v) (main_value = (v))
#define MAIN_HOLDS(v) (main_value == (v))
#else
#define MAIN_SET(v) ((void)(v))
#define MAIN_HOLDS(v) 1
#endif

static int (*lib_get)(void);
static void (*lib_set)(int);
static int (*lib_holds)(int);
static int (*lib_fresh)(void);
static void (*lib_bump)(void);

static void *symbol(void *lib, const char *name) {
  void *p = dlsym(lib, name);
  if (!p)
    fprintf(stderr, "dlsym %s: %s\n", name, dlerror());
  CHECK(p != NULL);
  return p;
}

// A region of n threads after one of prev threads using the library (0:
// none before).
static int region(int n, int prev) {
  int bad = 0;
#pragma omp parallel num_threads(n) reduction(+ : bad)
  {
    int me = omp_get_thread_num();
    if (prev == 0)
      bad += !lib_fresh();
    else if (me < prev)
      bad += !lib_holds(1000 * prev + me);
    else
      bad += !lib_fresh(); // a thread new to the program
    if (prev == 0) // as the region before the first set it
      bad += !MAIN_HOLDS(-me);
    else
      bad += !MAIN_HOLDS(me < prev ? -(1000 * prev + me) : 1);
    lib_set(0);
    int mine = 0;
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < 20 * n; i++) {
      lib_bump();
      mine++;
    }
    bad += lib_get() != mine;
    lib_set(1000 * n + me);
    MAIN_SET(-(1000 * n + me));
    for (int round = 0; round < 3; round++) {
#pragma omp barrier
      spin_a_bit(300 * ((me + round) % 4));
      bad += !lib_holds(1000 * n + me) || !MAIN_HOLDS(-(1000 * n + me));
    }
  }
  return bad;
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  omp_set_dynamic(0);
  CHECK(argc == 2);
  int members = 0;
  // The first region, before the library is there.
#pragma omp parallel num_threads(8) reduction(+ : members)
  {
    members++;
    MAIN_SET(-(8000 + omp_get_thread_num()));
  }
  CHECK_EQ(members, 8);

  void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    fprintf(stderr, "dlopen: %s\n", dlerror());
  CHECK(lib != NULL);
  lib_get = (int (*)(void))symbol(lib, "lib_get");
  lib_set = (void (*)(int))symbol(lib, "lib_set");
  lib_holds = (int (*)(int))symbol(lib, "lib_holds");
  lib_fresh = (int (*)(void))symbol(lib, "lib_fresh");
  lib_bump = (void (*)(void))symbol(lib, "lib_bump");

  // The program's variable from the first region, the library's fresh.
#pragma omp parallel num_threads(8)
  MAIN_SET(MAIN_HOLDS(-(8000 + omp_get_thread_num())) ? -omp_get_thread_num() : 99);
  CHECK_EQ(region(8, 0), 0);
  printf("8 threads: own library copies\n");
  CHECK_EQ(region(8, 8), 0);
  printf("8 threads: library copies kept\n");
  CHECK_EQ(region(64, 8), 0);
  CHECK_EQ(region(64, 64), 0);
  printf("64 threads: own library copies, kept\n");
  CHECK(lib_holds(64000)); // the initial thread's
  return 0;
}
#endif
// CHECK: 8 threads: own library copies
// CHECK-NEXT: 8 threads: library copies kept
// CHECK-NEXT: 64 threads: own library copies, kept
