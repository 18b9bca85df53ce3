// REQUIRES: bobbin
// BOBBIN_TLS=off (also 0, false, in any case) turns the TLS mechanism off:
// the program still runs, and with one OpenMP thread per ES (a team of 2
// on 2 ESs) every thread still has its own __thread and threadprivate
// values, copyin and copyprivate included; larger teams run but are not
// checked, since their threads share the copies of their ES. on, 1 and
// true keep it on; anything else warns, naming the variable, and keeps it
// on: then 8 threads on 2 ESs have their own values.
// RUN: %libomp-compile
// RUN: env BOBBIN_TLS=off %libomp-run 2>&1 | FileCheck %s --check-prefixes=QUIET,TWO,OFF,ALL
// RUN: env BOBBIN_TLS=OFF %libomp-run 2>&1 | FileCheck %s --check-prefixes=QUIET,TWO,OFF,ALL
// RUN: env BOBBIN_TLS=0 %libomp-run 2>&1 | FileCheck %s --check-prefixes=QUIET,TWO,OFF,ALL
// RUN: env BOBBIN_TLS=False %libomp-run 2>&1 | FileCheck %s --check-prefixes=QUIET,TWO,OFF,ALL
// RUN: env BOBBIN_TLS=on %libomp-run on 2>&1 | FileCheck %s --check-prefixes=QUIET,TWO,EIGHT,ALL
// RUN: env BOBBIN_TLS=1 %libomp-run on 2>&1 | FileCheck %s --check-prefixes=QUIET,TWO,EIGHT,ALL
// RUN: env BOBBIN_TLS=TRUE %libomp-run on 2>&1 | FileCheck %s --check-prefixes=QUIET,TWO,EIGHT,ALL
// RUN: env BOBBIN_TLS=sideways %libomp-run on 2>&1 | FileCheck %s --check-prefixes=WARN,TWO,EIGHT,ALL
#include "check.h"

static __thread int app_var = 5;
static int tp_var = 6;
static double tp_arr[8];
#pragma omp threadprivate(tp_var, tp_arr)

// Each of n threads keeps its own values across barriers and into the next
// region; copyin and copyprivate.
static void own_values(int n) {
  int bad = 0;
  for (int rep = 0; rep < 2; rep++) {
#pragma omp parallel num_threads(n) reduction(+ : bad)
    {
      int me = omp_get_thread_num();
      if (rep == 1)
        bad += app_var != 50 + me || tp_var != 60 + me || tp_arr[7] != me;
      for (int round = 0; round < 3; round++) {
        app_var = 10 * round + me;
        tp_var = 20 * round + me;
        tp_arr[round] = me + 0.5;
#pragma omp barrier
        spin_a_bit(500 * me);
        bad += app_var != 10 * round + me || tp_var != 20 * round + me ||
               tp_arr[round] != me + 0.5;
#pragma omp barrier
      }
      app_var = 50 + me;
      tp_var = 60 + me;
      tp_arr[7] = me;
    }
  }
  CHECK_EQ(bad, 0);
  tp_var = 4242;
  tp_arr[3] = -1.25;
#pragma omp parallel num_threads(n) copyin(tp_var, tp_arr) reduction(+ : bad)
  {
    bad += tp_var != 4242 || tp_arr[3] != -1.25;
    int me = omp_get_thread_num();
    tp_var = -me;
#pragma omp barrier
#pragma omp single copyprivate(tp_var)
    tp_var = 1000 + me;
    bad += tp_var < 1000 || tp_var >= 1000 + n;
  }
  CHECK_EQ(bad, 0);
  printf("%d threads: own values\n", n);
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  omp_set_dynamic(0);
  own_values(2);
  if (argc > 1 && strcmp(argv[1], "on") == 0) {
    own_values(8);
  } else {
    // Larger teams run; their values are not checked.
    long sum = 0;
#pragma omp parallel num_threads(64) reduction(+ : sum)
    {
      app_var = omp_get_thread_num();
      tp_var = app_var;
#pragma omp barrier
      sum += omp_get_thread_num();
    }
    CHECK_EQ(sum, 64 * 63 / 2);
    printf("64 threads ran\n");
  }
  printf("done\n");
  return 0;
}
// WARN: BOBBIN_TLS
// WARN-SAME: sideways
// QUIET-NOT: BOBBIN_TLS
// TWO: 2 threads: own values
// EIGHT-NEXT: 8 threads: own values
// OFF-NEXT: 64 threads ran
// QUIET-NOT: BOBBIN_TLS
// ALL: done
