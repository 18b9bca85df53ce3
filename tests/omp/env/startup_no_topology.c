// A program whose OpenMP is one parallel region reads no machine topology:
// the runtime starts with the affinity mask alone, so hwloc's plugins
// (libxml2 and the others under its plugin directory) are never loaded; an
// explicit OMP_PLACES list needs no topology either, even when queried.
// Short-lived programs paid 12-15 ms for that topology at their first
// OpenMP call.
// RUN: %libomp-compile
// RUN: %libomp-run | FileCheck %s
// RUN: env OMP_PROC_BIND=false %libomp-run | FileCheck %s
// RUN: env OMP_PLACES="{0}" %libomp-run query | FileCheck %s --check-prefixes=CHECK,QUERY
#include "check.h"

// The first mapped file whose path contains one of the topology's
// libraries, or NULL.
static const char *topology_mapped(void) {
  static char line[4096];
  FILE *f = fopen("/proc/self/maps", "r");
  CHECK(f != NULL);
  const char *found = NULL;
  while (!found && fgets(line, sizeof line, f))
    if (strstr(line, "/hwloc/") || strstr(line, "libxml2"))
      found = line;
  fclose(f);
  return found;
}

int main(int argc, char **argv) {
  int count = 0;
#pragma omp parallel
  {
#pragma omp atomic
    count++;
  }
  CHECK(count >= 1);
  if (argc > 1 && !strcmp(argv[1], "query")) {
    CHECK_EQ(omp_get_num_places(), 1);
    CHECK_EQ(omp_get_place_num_procs(0), 1);
    printf("places %d\n", omp_get_num_places());
  }
  const char *mapped = topology_mapped();
  if (mapped)
    fprintf(stderr, "mapped: %s", mapped);
  CHECK(mapped == NULL);
  printf("no topology\n");
  return 0;
}
// QUERY: places 1
// CHECK: no topology
