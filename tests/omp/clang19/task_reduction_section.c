// REQUIRES: bobbin, clang19
// Task reductions over array sections (task/task_reduction_section.c and
// task/task_reduction_modifier_section.c) built by clang 19, which declares
// one element's size for a constant-length section too and reads a
// variable-length section's length from a thread-local variable.
// RUN: %clang19-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
#define main taskgroup_sections
#include "../task/task_reduction_section.c"
#undef main
#undef N
#undef TASKS
#define main parallel_sections
#include "../task/task_reduction_modifier_section.c"
#undef main

int main(void) { return taskgroup_sections() || parallel_sections(); }
// CHECK: sections reduced in 6 rounds
// CHECK-NEXT: parallel sections reduced
