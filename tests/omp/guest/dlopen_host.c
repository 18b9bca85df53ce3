// A host that knows nothing of OpenMP (not linked against a runtime) makes
// pthreads, then loads the runtime with dlopen, as Python loads libgomp for
// numpy: by name through LD_LIBRARY_PATH and by absolute path, in turn. It
// runs a flat region of 4 threads and nested 2 x 3 (more threads than ESs,
// so some run on TLS blocks: each keeps its own copy of the host's __thread
// variable across a barrier), then each pthread made before the load runs a
// region of its own; then it dlcloses the library, 100 times. dlclose leaves
// the library loaded (it has threads), and the next dlopen finds it started.
// Passes on LLVM's libomp 14 (-D runtime=system); libgomp 12 crashes in the
// second round, its threads running on code dlclose unmapped.
// RUN: %libomp-compile -Wl,--as-needed -ldl
// RUN: env LD_LIBRARY_PATH=%libomp-dir %libomp-run %libomp-dir/libomp.so.5 | FileCheck %s
#include "check.h"

#include <dlfcn.h>
#include <pthread.h>

enum { ROUNDS = 100, APP_THREADS = 3 };

typedef void (*gomp_parallel_t)(void (*)(void *), void *, unsigned, unsigned);
static gomp_parallel_t gomp_parallel;
static void (*gomp_barrier)(void);
static int (*thread_num)(void);
static int (*num_threads)(void);

static __thread int mine;

struct count {
  int ran, bad;
};

// Every thread of a team: its number is its own, and so is its copy of the
// host's __thread variable, across a barrier.
static void member(void *arg) {
  struct count *c = arg;
  int me = thread_num() + 1000 * (num_threads() + 1);
  mine = me;
  __atomic_fetch_add(&c->ran, 1, __ATOMIC_RELAXED);
  gomp_barrier();
  if (mine != me || thread_num() + 1000 * (num_threads() + 1) != me)
    __atomic_fetch_add(&c->bad, 1, __ATOMIC_RELAXED);
}

static void outer(void *arg) {
  struct count *total = arg, inner = {0, 0};
  gomp_parallel(member, &inner, 3, 0);
  __atomic_fetch_add(&total->ran, inner.ran, __ATOMIC_RELAXED);
  __atomic_fetch_add(&total->bad, inner.bad, __ATOMIC_RELAXED);
}

static pthread_barrier_t loaded, done;

static void *app_thread(void *arg) {
  (void)arg;
  for (int round = 0; round < ROUNDS; round++) {
    pthread_barrier_wait(&loaded);
    struct count c = {0, 0};
    gomp_parallel(member, &c, 2, 0);
    CHECK_EQ(c.ran, 2);
    CHECK_EQ(c.bad, 0);
    pthread_barrier_wait(&done);
  }
  return NULL;
}

static void *symbol(void *lib, const char *name) {
  void *sym = dlsym(lib, name);
  if (!sym)
    fprintf(stderr, "dlsym %s: %s\n", name, dlerror());
  CHECK(sym != NULL);
  return sym;
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  CHECK(argc == 2);
  const char *by_path = argv[1], *by_name = strrchr(by_path, '/') + 1;
  pthread_t app[APP_THREADS];
  pthread_barrier_init(&loaded, NULL, APP_THREADS + 1);
  pthread_barrier_init(&done, NULL, APP_THREADS + 1);
  for (int i = 0; i < APP_THREADS; i++)
    CHECK(pthread_create(&app[i], NULL, app_thread, NULL) == 0);
  deadline(60, "100 rounds of dlopen and dlclose");
  for (int round = 0; round < ROUNDS; round++) {
    void *lib = dlopen(round % 2 ? by_name : by_path, RTLD_NOW | RTLD_LOCAL);
    if (!lib)
      fprintf(stderr, "dlopen: %s\n", dlerror());
    CHECK(lib != NULL);
    gomp_parallel = (gomp_parallel_t)symbol(lib, "GOMP_parallel");
    gomp_barrier = (void (*)(void))symbol(lib, "GOMP_barrier");
    thread_num = (int (*)(void))symbol(lib, "omp_get_thread_num");
    num_threads = (int (*)(void))symbol(lib, "omp_get_num_threads");
    ((void (*)(int))symbol(lib, "omp_set_max_active_levels"))(2);
    struct count flat = {0, 0}, nested = {0, 0};
    gomp_parallel(member, &flat, 4, 0);
    gomp_parallel(outer, &nested, 2, 0);
    CHECK_EQ(flat.ran, 4);
    CHECK_EQ(nested.ran, 6);
    CHECK_EQ(flat.bad + nested.bad, 0);
    pthread_barrier_wait(&loaded);
    pthread_barrier_wait(&done);
    CHECK(dlclose(lib) == 0);
  }
  for (int i = 0; i < APP_THREADS; i++)
    pthread_join(app[i], NULL);
  printf("%d rounds of dlopen, regions, dlclose\n", ROUNDS);
  return 0;
}
// CHECK: 100 rounds of dlopen, regions, dlclose
