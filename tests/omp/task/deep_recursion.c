// A chain of 10^4 nested tasks: each task creates one child and waits for it
// with taskwait before returning, so 10^4 tasks are suspended at once at the
// bottom. The program must neither overflow a stack nor lose a level; the
// value computed on the way back up proves every level ran once, in order.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
#include "check.h"

#define DEPTH 10000

static int reached[DEPTH + 1];
static int deepest;

static long descend(int level) {
  reached[level]++;
  if (level == DEPTH) {
    deepest = level;
    return 0;
  }
  long below = -1;
#pragma omp task shared(below) firstprivate(level)
  below = descend(level + 1);
#pragma omp taskwait
  CHECK(below >= 0);
  return below + level; // sum of the levels below and at this one
}

int main(void) {
  long total = -1;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(total)
    total = descend(1);
  }
  CHECK_EQ(deepest, DEPTH);
  for (int l = 1; l <= DEPTH; l++)
    CHECK_EQ(reached[l], 1);
  CHECK_EQ(total, (long)DEPTH * (DEPTH - 1) / 2);
  printf("depth %d reached, sum %ld\n", deepest, total);
  return 0;
}
// CHECK: depth 10000 reached, sum 49995000
