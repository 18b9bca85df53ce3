// The affinity-format API: omp_set/get_affinity_format, omp_capture_affinity
// and omp_display_affinity, with short and long field names, widths,
// justification, and the OMP_AFFINITY_FORMAT variable.
// RUN: %libomp-compile
// RUN: %libomp-run | FileCheck %s --check-prefixes=CHECK,DEFAULT
// RUN: env OMP_AFFINITY_FORMAT="env %n of %N" %libomp-run | FileCheck %s --check-prefixes=CHECK,ENV
// Not on gcc's own runtime (gcc 12's libgomp fills the affinity format fields differently):
// UNSUPPORTED: gcc && system-libomp
#define _GNU_SOURCE
#include "check.h"

#include <sched.h>
#include <sys/syscall.h>

static char line[4096];

static const char *capture(const char *format) {
  size_t n = omp_capture_affinity(line, sizeof line, format);
  CHECK(n < sizeof line);
  CHECK_EQ(n, strlen(line));
  CHECK_EQ(omp_capture_affinity(NULL, 0, format), n);
  return line;
}

// Parses "0-3,5" or "0,1,2,3,5" into a set.
static void parse_cpus(const char *s, cpu_set_t *set) {
  CPU_ZERO(set);
  while (*s) {
    char *end;
    long a = strtol(s, &end, 10), b = a;
    CHECK(end != s);
    if (*end == '-')
      b = strtol(end + 1, &end, 10);
    for (long c = a; c <= b; c++)
      CPU_SET((int)c, set);
    s = *end == ',' ? end + 1 : end;
    CHECK(*end == ',' || *end == '\0');
  }
}

// Checks every field against the API, in the calling thread.
static int check_fields(void) {
  char expect[512], host[256];
  CHECK(gethostname(host, sizeof host) == 0);
  snprintf(expect, sizeof expect, "%d %d %d %d %d %d %s %d %ld",
           omp_get_team_num(), omp_get_num_teams(), omp_get_level(),
           omp_get_thread_num(), omp_get_num_threads(),
           omp_get_ancestor_thread_num(omp_get_level() - 1), host, (int)getpid(),
           (long)syscall(SYS_gettid));
  char got[512];
  size_t n = omp_capture_affinity(got, sizeof got, "%t %T %L %n %N %a %H %P %i");
  CHECK_EQ(n, strlen(got));
  if (strcmp(got, expect)) {
    fprintf(stderr, "short names: got '%s', expected '%s'\n", got, expect);
    return 1;
  }
  omp_capture_affinity(got, sizeof got,
                       "%{team_num} %{num_teams} %{nesting_level} %{thread_num} "
                       "%{num_threads} %{ancestor_tnum} %{host} %{process_id} "
                       "%{native_thread_id}");
  if (strcmp(got, expect)) {
    fprintf(stderr, "long names: got '%s', expected '%s'\n", got, expect);
    return 1;
  }
  // %A: the CPUs this thread may run on: those of its place, or of its
  // mask if it has none (Bobbin's ESs are bound to single CPUs, while a
  // thread that is not bound may run on others).
  cpu_set_t mine, said;
  int place = omp_get_place_num();
  if (place >= 0) {
    int ids[CPU_SETSIZE], n = omp_get_place_num_procs(place);
    omp_get_place_proc_ids(place, ids);
    CPU_ZERO(&mine);
    for (int k = 0; k < n; k++)
      CPU_SET(ids[k], &mine);
  } else {
    CHECK(sched_getaffinity(0, sizeof mine, &mine) == 0);
  }
  omp_capture_affinity(got, sizeof got, "%A");
  parse_cpus(got, &said);
  if (!CPU_EQUAL(&mine, &said)) {
    fprintf(stderr, "%%A: got '%s'\n", got);
    return 1;
  }
  return 0;
}

int main(void) {
  // The initial format: libomp's default, or OMP_AFFINITY_FORMAT.
  char format[256];
  size_t len = omp_get_affinity_format(format, sizeof format);
  CHECK_EQ(len, strlen(format));
  printf("initial format: %s\n", format);

  // Setting and reading back; truncation keeps a terminated prefix and
  // still returns the full length.
  omp_set_affinity_format("T%n/%N");
  char small[4];
  CHECK_EQ(omp_get_affinity_format(small, sizeof small), 6);
  CHECK(!strcmp(small, "T%n"));
  CHECK_EQ(omp_get_affinity_format(NULL, 0), 6);
  printf("capture default: %s\n", capture(NULL));
  printf("capture empty: %s\n", capture(""));

  // Truncated capture: size - 1 characters and a terminator.
  char tiny[3];
  CHECK_EQ(omp_capture_affinity(tiny, sizeof tiny, "abcdef"), 6);
  CHECK(!strcmp(tiny, "ab"));

  // Widths: left-justified by default, right with ".", zero-padded with "0.".
  printf("widths: [%s]\n", capture("%5n|%.5n|%0.5n|%3{thread_num}|%.2N"));
  printf("percent: [%s]\n", capture("100%% %n"));

  CHECK_EQ(check_fields(), 0);
  int bad = 0;
#pragma omp parallel num_threads(3) reduction(+ : bad)
  {
    bad += check_fields();
#pragma omp parallel num_threads(2) reduction(+ : bad)
    bad += check_fields();
  }
  CHECK_EQ(bad, 0);

  omp_set_affinity_format("display %L:%n");
  fflush(stdout);
  omp_display_affinity(NULL);
  omp_display_affinity("explicit %N");
  fflush(stdout);
#pragma omp parallel num_threads(2)
  {
#pragma omp critical
    {
      omp_display_affinity("thread %n of %N at level %L");
      fflush(stdout);
    }
  }
  return 0;
}
// DEFAULT: initial format: OMP: pid %P tid %i thread %n bound to OS proc set {%A}
// ENV: initial format: env %n of %N
// CHECK: capture default: T0/1
// CHECK: capture empty: T0/1
// CHECK: widths: [0    |    0|00000|0  | 1]
// CHECK: percent: [100% 0]
// CHECK: display 0:0
// CHECK: explicit 1
// CHECK-DAG: thread 0 of 2 at level 1
// CHECK-DAG: thread 1 of 2 at level 1
