// REQUIRES: bobbin
// Bobbin's defaults: without OMP_PLACES, one place holding every CPU of the
// affinity mask while no binding is asked for, as LLVM's libomp reports
// (libgomp reports none), and one place per core when OMP_PROC_BIND asks for
// binding; bind-var is false unless OMP_PROC_BIND or OMP_PLACES is set
// (OMP_PLACES alone makes it true, as in libomp and libgomp).
// omp_get_place_num names a place holding every CPU the calling thread may
// run on (ESs other than ES 0 are bound to one CPU, ES 0, the application's
// thread, to its place when binding is asked for), -1 if there is none.
// RUN: %libomp-compile
// RUN: %libomp-run | FileCheck %s --check-prefix=UNSET
// RUN: env OMP_PLACES=threads %libomp-run | FileCheck %s --check-prefix=PLACES
// RUN: env OMP_PROC_BIND=true %libomp-run | FileCheck %s --check-prefix=TRUE
// RUN: env OMP_PROC_BIND=true OMP_PLACES=cores %libomp-run | FileCheck %s --check-prefix=TRUE
// RUN: env OMP_PROC_BIND=spread,close %libomp-run | FileCheck %s --check-prefix=LIST
// Inactive regions count as nesting levels for the OMP_PROC_BIND list (the
// spec's reading; LLVM's libomp 14 does not advance the list for them).
#include "check.h"

#include <sched.h>

// The cores of the mask, from sysfs: CPUs whose first hardware-thread
// sibling differs. -1 if sysfs does not say.
static int count_cores(const cpu_set_t *mask) {
  int firsts[CPU_SETSIZE], n = 0;
  for (int c = 0; c < CPU_SETSIZE; c++) {
    if (!CPU_ISSET(c, mask))
      continue;
    char path[128];
    snprintf(path, sizeof path,
             "/sys/devices/system/cpu/cpu%d/topology/thread_siblings_list", c);
    FILE *f = fopen(path, "r");
    if (!f)
      return -1;
    int first = -1;
    CHECK(fscanf(f, "%d", &first) == 1);
    fclose(f);
    // The core's first CPU in the mask names it.
    while (first < c && !CPU_ISSET(first, mask))
      first++;
    int known = 0;
    for (int i = 0; i < n; i++)
      known |= firsts[i] == first;
    if (!known)
      firsts[n++] = first;
  }
  return n;
}

// 0 if omp_get_place_num() is the first place holding the thread's mask.
static int check_place(void) {
  cpu_set_t mine;
  CHECK(sched_getaffinity(0, sizeof mine, &mine) == 0);
  int expect = -1;
  for (int p = 0; p < omp_get_num_places() && expect < 0; p++) {
    int n = omp_get_place_num_procs(p), ids[CPU_SETSIZE], have = 0;
    omp_get_place_proc_ids(p, ids);
    for (int k = 0; k < n; k++)
      have += CPU_ISSET(ids[k], &mine) != 0;
    if (have == CPU_COUNT(&mine))
      expect = p;
  }
  int got = omp_get_place_num();
  if (got != expect)
    fprintf(stderr, "thread %d: place %d, expected %d\n", omp_get_thread_num(),
            got, expect);
  return got != expect;
}

static const char *name(omp_proc_bind_t b) {
  static const char *const names[] = {"false", "true", "primary", "close",
                                      "spread"};
  return (unsigned)b < 5 ? names[b] : "?";
}

// The process's CPUs, read before main: clang's code calls into the
// runtime at the start of main, which binds this thread to its ES's CPU.
static cpu_set_t mask;
__attribute__((constructor)) static void read_mask(void) {
  CHECK(sched_getaffinity(0, sizeof mask, &mask) == 0);
}

int main(void) {
  int cores = count_cores(&mask);
  if (!getenv("OMP_PLACES") && !getenv("OMP_PROC_BIND")) {
    CHECK_EQ(omp_get_num_places(), 1);
    CHECK_EQ(omp_get_place_num_procs(0), CPU_COUNT(&mask));
  } else if (!getenv("OMP_PLACES") || !strcmp(getenv("OMP_PLACES"), "cores")) {
    if (cores > 0)
      CHECK_EQ(omp_get_num_places(), cores);
  } else {
    CHECK_EQ(omp_get_num_places(), CPU_COUNT(&mask));
  }
  printf("bind %s\n", name(omp_get_proc_bind()));
#pragma omp parallel if (0)
  printf("inactive level %d: bind %s\n", omp_get_level(), name(omp_get_proc_bind()));
  int bad = check_place();
#pragma omp parallel num_threads(2) reduction(+ : bad)
  bad += check_place();
  CHECK_EQ(bad, 0);
  printf("done\n");
  return 0;
}
// UNSET: bind false
// UNSET-NEXT: inactive level 1: bind false
// UNSET-NEXT: done
// PLACES: bind true
// PLACES-NEXT: inactive level 1: bind true
// PLACES-NEXT: done
// TRUE: bind true
// TRUE-NEXT: inactive level 1: bind true
// TRUE-NEXT: done
// LIST: bind spread
// LIST-NEXT: inactive level 1: bind close
// LIST-NEXT: done
