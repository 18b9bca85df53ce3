// Task reductions in a taskgroup: task_reduction on the taskgroup and
// in_reduction on its tasks for +, *, max, min, && and a user-defined
// reduction (declare reduction on a struct, with an initializer); tasks
// created by tasks of the group take part too; nested taskgroups reduce an
// outer item and an inner one from the same task.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
#include "check.h"

#define TASKS 300

typedef struct {
  long count;
  long lo, hi;
} span_t;

static void span_merge(span_t *out, const span_t *in) {
  out->count += in->count;
  if (in->lo < out->lo)
    out->lo = in->lo;
  if (in->hi > out->hi)
    out->hi = in->hi;
}
#pragma omp declare reduction(merge : span_t : span_merge(&omp_out, &omp_in)) \
    initializer(omp_priv = (span_t){0, 1L << 40, -(1L << 40)})

static int value(int i) { return (i * 37) % 1001 - 500; }

int main(void) {
  long sum = 10;
  double prod = 3.0;
  int mx = -(1 << 30), mn = 1 << 30, all = 1, all_false = 1;
  span_t sp = {0, 1L << 40, -(1L << 40)};
  long outer = 0, inner_sum = 0, nested_rounds = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+ : sum) task_reduction(* : prod) \
    task_reduction(max : mx) task_reduction(min : mn) task_reduction(&& : all, all_false) \
    task_reduction(merge : sp)
    {
      for (int i = 0; i < TASKS; i++) {
#pragma omp task in_reduction(+ : sum) in_reduction(* : prod) in_reduction(max : mx) \
    in_reduction(min : mn) in_reduction(&& : all, all_false) in_reduction(merge : sp) \
    firstprivate(i)
        {
          sum += i;
          prod *= (i % 3 == 0) ? 2.0 : 1.0; // 100 factors of 2
          if (value(i) > mx)
            mx = value(i);
          if (value(i) < mn)
            mn = value(i);
          all = all && (i >= 0);
          all_false = all_false && (i != 123);
          sp.count++;
          if (i < sp.lo)
            sp.lo = i;
          if (i > sp.hi)
            sp.hi = i;
          // A child of the task, still within the taskgroup.
#pragma omp task in_reduction(+ : sum) firstprivate(i)
          sum += 1000000;
        }
      }
    }

    // Nested taskgroups: tasks of the inner group update both items.
#pragma omp taskgroup task_reduction(+ : outer)
    {
      for (int k = 0; k < 10; k++) {
#pragma omp task in_reduction(+ : outer) shared(inner_sum, nested_rounds)
        {
          outer += 1;
          long local = 0;
#pragma omp taskgroup task_reduction(+ : local)
          {
            for (int j = 0; j < 20; j++)
#pragma omp task in_reduction(+ : outer, local)
              {
                outer += 100;
                local += 1;
              }
          }
          // The inner group has ended: its item is complete here.
#pragma omp atomic
          inner_sum += local;
          if (local == 20) {
#pragma omp atomic
            nested_rounds++;
          }
        }
      }
    }
  }
  int emx = -(1 << 30), emn = 1 << 30;
  for (int i = 0; i < TASKS; i++) {
    emx = value(i) > emx ? value(i) : emx;
    emn = value(i) < emn ? value(i) : emn;
  }
  CHECK_EQ(sum, 10 + (long)TASKS * (TASKS - 1) / 2 + (long)TASKS * 1000000);
  CHECK(prod == 3.0 * 1267650600228229401496703205376.0); // 3 * 2^100
  CHECK_EQ(mx, emx);
  CHECK_EQ(mn, emn);
  CHECK_EQ(all, 1);
  CHECK_EQ(all_false, 0);
  CHECK_EQ(sp.count, TASKS);
  CHECK_EQ(sp.lo, 0);
  CHECK_EQ(sp.hi, TASKS - 1);
  CHECK_EQ(outer, 10 + 10 * 20 * 100);
  CHECK_EQ(inner_sum, 200);
  CHECK_EQ(nested_rounds, 10);
  printf("sum %ld prod 3*2^100 max %d min %d && %d %d span %ld [%ld,%ld]\n", sum, mx, mn, all,
         all_false, sp.count, sp.lo, sp.hi);
  printf("nested: outer %ld inner %ld\n", outer, inner_sum);
  return 0;
}
// CHECK: sum 300044860 prod 3*2^100 max 499 min -500 && 1 0 span 300 [0,299]
// CHECK-NEXT: nested: outer 20010 inner 200
