// final: omp_in_final() is false outside tasks and in ordinary tasks, true in
// a final task and in every task created inside one, at any depth; those
// tasks are included: they have run when their task construct returns, on
// the same thread. final(0) and a false expression change nothing. mergeable
// is accepted, alone and with final, and such tasks run once.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
#include "check.h"

static int bad;
#define EXPECT(c) do { if (!(c)) { fprintf(stderr, "line %d: %s\n", __LINE__, #c); bad = 1; } } while (0)

// Inside a final task: nested tasks up to depth `d` are included.
static void nest(int d) {
  if (d == 0)
    return;
  int ran = 0, thread = omp_get_thread_num();
#pragma omp task shared(ran) firstprivate(d, thread)
  {
    EXPECT(omp_in_final());
    EXPECT(omp_get_thread_num() == thread);
    nest(d - 1);
    ran = 1;
  }
  EXPECT(ran == 1); // included: already complete
}

int main(void) {
  int plain_final = -1, in_false = -1, merged_runs = 0, ran_final = 0;
  EXPECT(!omp_in_final());
#pragma omp parallel
#pragma omp single
  {
    EXPECT(!omp_in_final());
    for (int round = 0; round < 100; round++) {
#pragma omp task final(1) shared(ran_final)
      {
        EXPECT(omp_in_final());
        nest(5);
        int child = 0;
#pragma omp task shared(child)
        child = 1;
        EXPECT(child == 1);
#pragma omp task final(0) shared(child) // still inside a final task
        {
          EXPECT(omp_in_final());
          child = 2;
        }
        EXPECT(child == 2);
#pragma omp atomic
        ran_final++;
      }
    }
    volatile int zero_src = 0;
    int zero = zero_src;
#pragma omp task final(zero) shared(in_false)
    in_false = omp_in_final();
#pragma omp task shared(plain_final)
    plain_final = omp_in_final();
    for (int i = 0; i < 50; i++) {
#pragma omp task mergeable shared(merged_runs)
#pragma omp atomic
      merged_runs++;
#pragma omp task final(1) mergeable shared(merged_runs)
      {
        EXPECT(omp_in_final());
#pragma omp task mergeable shared(merged_runs)
#pragma omp atomic
        merged_runs++;
#pragma omp atomic
        merged_runs++;
      }
    }
#pragma omp taskwait
  }
  CHECK_EQ(bad, 0);
  CHECK_EQ(ran_final, 100);
  CHECK_EQ(in_false, 0);
  CHECK_EQ(plain_final, 0);
  CHECK_EQ(merged_runs, 150);
  printf("final tasks included, mergeable ran %d\n", merged_runs);
  return 0;
}
// CHECK: final tasks included, mergeable ran 150
