// OMP_PLACES with abstract names, with and without a count: the place list
// must match the machine's topology as Linux's sysfs describes it, restricted
// to the process's affinity mask, so the test works on any machine.
// RUN: %libomp-compile
// RUN: env OMP_PLACES=threads %libomp-run threads 0 | FileCheck %s
// RUN: env OMP_PLACES=cores %libomp-run cores 0 | FileCheck %s
// RUN: env OMP_PLACES=sockets %libomp-run sockets 0 | FileCheck %s
// RUN: env OMP_PLACES="threads(1)" %libomp-run threads 1 | FileCheck %s
// RUN: env OMP_PLACES="cores(2)" %libomp-run cores 2 | FileCheck %s
// RUN: env OMP_PLACES="sockets(1000)" %libomp-run sockets 1000 | FileCheck %s
// RUN: env OMP_PLACES=ll_caches %libomp-run any 0 | FileCheck %s
// RUN: env OMP_PLACES=numa_domains %libomp-run any 0 | FileCheck %s
// Not on gcc's own runtime (gcc 12's libgomp binds threads to places differently):
// UNSUPPORTED: gcc && system-libomp
#include "check.h"

#include <sched.h>

enum { MAXCPU = 4096 };

// The process's CPUs, read before main: code calling into the runtime at
// the start of main (as clang's does for parallel regions) binds this thread
// to its ES's CPU.
static cpu_set_t mask;
__attribute__((constructor)) static void read_mask(void) {
  CHECK(sched_getaffinity(0, sizeof mask, &mask) == 0);
}

// Reads a sysfs CPU list ("0-3,8") into set; 0 if the file is missing.
static int read_cpu_list(const char *path, cpu_set_t *set) {
  FILE *f = fopen(path, "r");
  if (!f)
    return 0;
  CPU_ZERO(set);
  int a, b;
  char sep;
  while (fscanf(f, "%d", &a) == 1) {
    b = a;
    if (fscanf(f, "%c", &sep) == 1 && sep == '-') {
      CHECK(fscanf(f, "%d", &b) == 1);
      if (fscanf(f, "%c", &sep) != 1)
        sep = 0;
    }
    for (int c = a; c <= b && c < CPU_SETSIZE; c++)
      CPU_SET(c, set);
    if (sep != ',')
      break;
  }
  fclose(f);
  return 1;
}

// The expected group of `cpu` for a kind, intersected with the mask; 0 if
// sysfs does not say.
static int group_of(const char *kind, int cpu, cpu_set_t *set) {
  char path[256];
  if (!strcmp(kind, "threads")) {
    CPU_ZERO(set);
    CPU_SET(cpu, set);
    return 1;
  }
  const char *file = !strcmp(kind, "cores") ? "thread_siblings_list"
                                             : "core_siblings_list";
  snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/topology/%s", cpu,
           file);
  if (!read_cpu_list(path, set))
    return 0;
  CPU_AND(set, set, &mask);
  return 1;
}

static void place_set(int p, cpu_set_t *set) {
  int n = omp_get_place_num_procs(p), ids[MAXCPU];
  CHECK(n >= 1 && n <= MAXCPU);
  omp_get_place_proc_ids(p, ids);
  CPU_ZERO(set);
  for (int k = 0; k < n; k++) {
    CHECK(ids[k] >= 0 && ids[k] < CPU_SETSIZE);
    CHECK(k == 0 || ids[k] > ids[k - 1]); // ascending, no duplicates
    CPU_SET(ids[k], set);
  }
}

int main(int argc, char **argv) {
  CHECK(argc == 3);
  const char *kind = argv[1];
  int count = atoi(argv[2]);

  int n = omp_get_num_places();
  CHECK(n >= 1);
  CHECK_EQ(omp_get_partition_num_places(), n);

  // The places are disjoint, inside the mask, and each is a whole group.
  cpu_set_t seen, set, group;
  CPU_ZERO(&seen);
  for (int p = 0; p < n; p++) {
    place_set(p, &set);
    cpu_set_t inside;
    CPU_AND(&inside, &set, &mask);
    CHECK(CPU_EQUAL(&inside, &set));
    cpu_set_t overlap;
    CPU_AND(&overlap, &set, &seen);
    CHECK_EQ(CPU_COUNT(&overlap), 0);
    CPU_OR(&seen, &seen, &set);
    if (strcmp(kind, "any")) {
      int first = 0;
      while (!CPU_ISSET(first, &set))
        first++;
      if (group_of(kind, first, &group))
        CHECK(CPU_EQUAL(&group, &set));
    }
  }

  // Without a count the places cover the mask; with one, there are that
  // many places or all of them.
  int groups = 0;
  if (strcmp(kind, "any")) {
    cpu_set_t covered;
    CPU_ZERO(&covered);
    for (int c = 0; c < CPU_SETSIZE; c++)
      if (CPU_ISSET(c, &mask) && !CPU_ISSET(c, &covered) &&
          group_of(kind, c, &group)) {
        groups++;
        CPU_OR(&covered, &covered, &group);
      }
  }
  if (count == 0)
    CHECK(CPU_EQUAL(&seen, &mask));
  else if (groups > 0)
    CHECK_EQ(n, count < groups ? count : groups);

  // Partition = the whole list, in order.
  int nums[MAXCPU];
  CHECK(n <= MAXCPU);
  omp_get_partition_place_nums(nums);
  for (int p = 0; p < n; p++)
    CHECK_EQ(nums[p], p);
  printf("places ok\n");
  return 0;
}
// CHECK: places ok
