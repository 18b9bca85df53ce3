// OMP_PROC_BIND: one value or a list, one entry per nesting level; the last
// entry holds for deeper levels. omp_get_proc_bind returns the bind-var of
// the calling task, i.e. the policy of the regions it would create.
// RUN: %libomp-compile
// RUN: env OMP_MAX_ACTIVE_LEVELS=8 %libomp-run | FileCheck %s --check-prefix=FALSE
// RUN: env OMP_MAX_ACTIVE_LEVELS=8 OMP_PROC_BIND=false %libomp-run | FileCheck %s --check-prefix=FALSE
// RUN: env OMP_MAX_ACTIVE_LEVELS=8 OMP_PROC_BIND=FALSE OMP_PLACES=threads %libomp-run | FileCheck %s --check-prefix=FALSE
// RUN: env OMP_MAX_ACTIVE_LEVELS=8 OMP_PROC_BIND=spread,close,primary %libomp-run | FileCheck %s --check-prefix=LIST
// RUN: env OMP_MAX_ACTIVE_LEVELS=8 OMP_PROC_BIND=" Spread , CLOSE,master " %libomp-run | FileCheck %s --check-prefix=LIST
// RUN: env OMP_MAX_ACTIVE_LEVELS=8 OMP_PROC_BIND=close %libomp-run | FileCheck %s --check-prefix=CLOSE
// RUN: env OMP_MAX_ACTIVE_LEVELS=8 OMP_PROC_BIND=primary,spread %libomp-run | FileCheck %s --check-prefix=PRIMARY
#include "check.h"

static const char *name(omp_proc_bind_t b) {
  switch (b) {
  case omp_proc_bind_false: return "false";
  case omp_proc_bind_true: return "true";
  case omp_proc_bind_master: return "primary";
  case omp_proc_bind_close: return "close";
  case omp_proc_bind_spread: return "spread";
  }
  return "?";
}

// Prints the bind-var at this level, then goes one (active) level deeper
// on thread 0 of a new team.
static void descend(int depth) {
  printf("level %d: %s\n", omp_get_level(), name(omp_get_proc_bind()));
  if (depth == 0)
    return;
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 0)
    descend(depth - 1);
}

int main(void) {
  descend(3);
  // Every member of a team sees its level's entry.
  int differ = 0;
  omp_proc_bind_t level1 = omp_proc_bind_false;
#pragma omp parallel num_threads(2) reduction(+ : differ)
  {
#pragma omp single
    level1 = omp_get_proc_bind();
    differ += omp_get_proc_bind() != level1;
  }
  CHECK_EQ(differ, 0);
  printf("done\n");
  return 0;
}
// FALSE: level 0: false
// FALSE-NEXT: level 1: false
// FALSE-NEXT: level 2: false
// FALSE-NEXT: level 3: false
// FALSE-NEXT: done

// LIST: level 0: spread
// LIST-NEXT: level 1: close
// LIST-NEXT: level 2: primary
// LIST-NEXT: level 3: primary
// LIST-NEXT: done

// CLOSE: level 0: close
// CLOSE-NEXT: level 1: close
// CLOSE-NEXT: level 2: close
// CLOSE-NEXT: level 3: close

// PRIMARY: level 0: primary
// PRIMARY-NEXT: level 1: spread
// PRIMARY-NEXT: level 2: spread
