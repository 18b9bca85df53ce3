// schedule(runtime) follows OMP_SCHEDULE and omp_set_schedule: the kind and
// chunk read back, every iteration runs once, and static,2 assigns chunks
// round robin.
// RUN: %libomp-compile && env OMP_SCHEDULE=dynamic,3 %libomp-run | FileCheck %s --check-prefix=DYN3
// RUN: env OMP_SCHEDULE=guided %libomp-run | FileCheck %s --check-prefix=GUIDED
// RUN: env OMP_SCHEDULE=static,2 %libomp-run | FileCheck %s --check-prefix=STATIC2
// RUN: env OMP_SCHEDULE=nonmonotonic:dynamic,4 %libomp-run | FileCheck %s --check-prefix=NONMONO
// RUN: env OMP_SCHEDULE=auto %libomp-run | FileCheck %s --check-prefix=AUTO
#include "check.h"

#define N 777
#define NT 3

static int owner[N], count[N];

static void run_loop(void) {
  memset(count, 0, sizeof count);
#pragma omp parallel for schedule(runtime) num_threads(NT)
  for (int i = 0; i < N; i++) {
    owner[i] = omp_get_thread_num();
#pragma omp atomic
    count[i]++;
  }
  for (int i = 0; i < N; i++)
    CHECK_EQ(count[i], 1);
}

static const char *kind_name(omp_sched_t k) {
  switch ((int)(k & ~omp_sched_monotonic)) {
  case omp_sched_static: return "static";
  case omp_sched_dynamic: return "dynamic";
  case omp_sched_guided: return "guided";
  case omp_sched_auto: return "auto";
  }
  return "?";
}

int main(void) {
  omp_sched_t kind;
  int chunk;
  omp_get_schedule(&kind, &chunk);
  printf("kind %s\n", kind_name(kind));
  if ((kind & ~omp_sched_monotonic) != omp_sched_guided &&
      (kind & ~omp_sched_monotonic) != omp_sched_auto)
    printf("chunk %d\n", chunk); // unspecified when OMP_SCHEDULE has none
  run_loop();
  if ((kind & ~omp_sched_monotonic) == omp_sched_static && chunk == 2)
    for (int i = 0; i < N; i++)
      CHECK_EQ(owner[i], (i / 2) % NT);
  if ((kind & ~omp_sched_monotonic) == omp_sched_dynamic && chunk > 1)
    for (int i = 0; i < N; i++)
      CHECK_EQ(owner[i], owner[i - i % chunk]);
  printf("loop ok\n");

  // The setter overrides the environment.
  omp_set_schedule(omp_sched_static, 5);
  omp_get_schedule(&kind, &chunk);
  CHECK_EQ(kind & ~omp_sched_monotonic, omp_sched_static);
  CHECK_EQ(chunk, 5);
  run_loop();
  for (int i = 0; i < N; i++)
    CHECK_EQ(owner[i], (i / 5) % NT);
  printf("set_schedule(static, 5) ok\n");
  return 0;
}
// DYN3: kind dynamic
// DYN3-NEXT: chunk 3
// DYN3-NEXT: loop ok
// DYN3-NEXT: set_schedule(static, 5) ok
// GUIDED: kind guided
// GUIDED-NEXT: loop ok
// STATIC2: kind static
// STATIC2-NEXT: chunk 2
// STATIC2-NEXT: loop ok
// NONMONO: kind dynamic
// NONMONO-NEXT: chunk 4
// NONMONO-NEXT: loop ok
// AUTO: kind auto
// AUTO-NEXT: loop ok
