// OMP_DISPLAY_AFFINITY: each thread of a region prints the affinity format's
// expansion on stdout when it first runs and again only when what the
// format shows has changed (here the team size, or the place when the team
// grows past the places); %A is the CPUs of the thread's place (malformed
// values and OMP_DISPLAY_ENV: env/display_affinity.c). Nothing was printed
// before, and %A was the CPUs of the ES a thread ran on (0-1 for the
// initial thread). An inactive region (if(0)) has its one thread, whose
// team size differs. LLVM's libomp 14 passes too (it prints every thread of
// the 3-thread region again).
// RUN: %libomp-compile
// RUN: env OMP_DISPLAY_AFFINITY=true OMP_AFFINITY_FORMAT="aff L%L n%n N%N" %libomp-run | FileCheck %s --check-prefix=SIZE
// RUN: env OMP_DISPLAY_AFFINITY=TRUE OMP_AFFINITY_FORMAT="aff n%n N%N A%A" OMP_PLACES="{0},{1}" OMP_PROC_BIND=spread taskset -c 0,1 %libomp-run | FileCheck %s --check-prefix=PLACE
// libgomp 12 prints these lines on stderr:
// UNSUPPORTED: gcc && system-libomp
#include "check.h"

static void region(int n) {
  int count = 0;
#pragma omp parallel num_threads(n)
  {
#pragma omp atomic
    count++;
  }
  CHECK_EQ(count, n);
}

int main(int argc, char **argv) {
  (void)argv;
  deadline(30, "places_display_affinity");
  printf("first\n");
  region(2);
  printf("same\n");
  region(2);
  printf("three\n");
  region(3);
  printf("inactive\n");
  int inside = 0;
#pragma omp parallel if (argc > 5)
  inside = omp_get_num_threads();
  CHECK_EQ(inside, 1);
  printf("end\n");
  return 0;
}
// SIZE: first
// SIZE-DAG: aff L1 n0 N2
// SIZE-DAG: aff L1 n1 N2
// SIZE: same
// SIZE-NOT: aff
// SIZE: three
// SIZE-DAG: aff L1 n0 N3
// SIZE-DAG: aff L1 n1 N3
// SIZE-DAG: aff L1 n2 N3
// SIZE: inactive
// SIZE-NEXT: aff L1 n0 N1
// SIZE-NEXT: end
// PLACE: first
// PLACE-DAG: aff n0 N2 A0
// PLACE-DAG: aff n1 N2 A1
// PLACE: same
// PLACE-NOT: aff
// PLACE: three
// PLACE-DAG: aff n0 N3 A0
// PLACE-DAG: aff n1 N3 A0
// PLACE-DAG: aff n2 N3 A1
// PLACE: inactive
// PLACE-NEXT: aff n0 N1 A0
// PLACE-NEXT: end
