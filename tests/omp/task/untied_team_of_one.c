// A clang binary's untied task in a team of one runs at once, every part
// of it: clang splits an untied task at its scheduling points (here a
// nested task and a taskwait) into parts, each resubmitting the task, and
// the next part runs at once where a new task would, as libomp runs it, so
// the whole body is done before its creator goes on. Before, every part
// after the first was queued again and ran at the region's end. A part
// that ends at a taskyield is still queued again (task/taskyield_one_es.c
// waits there for a sibling). LLVM 19's ompt/tasks/task_types_serialized.c
// reads this order. Passes on LLVM's libomp.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// REQUIRES: clang
#include "check.h"

static char order[8];
static int n;

static void mark(char c) { order[n++] = c; }

int main(void) {
  deadline(30, "task/untied_team_of_one");
  #pragma omp parallel num_threads(1)
  {
    #pragma omp task untied
    {
      mark('a');
      #pragma omp task
      mark('b');
      mark('c');
      #pragma omp taskwait
      mark('d');
    }
    mark('e');
  }
  printf("order %s\n", order);
  return 0;
}

// CHECK: order abcde
