// REQUIRES: bobbin
// A malformed value holding a newline (or a tab) gets a warning of one line
// that shows the value escaped, whichever layer reads the variable: the
// runtime (OMP_SCHEDULE, OMP_STACKSIZE) or the substrate (BOBBIN_NUM_ES).
// The program sets the variable to its second argument, read with C's \n
// and \t, and runs itself again.
// RUN: %libomp-compile
// RUN: %libomp-run OMP_SCHEDULE 'static\nx' 2>&1 | FileCheck %s --check-prefix=SCHED
// RUN: %libomp-run OMP_STACKSIZE '4M\nx' 2>&1 | FileCheck %s --check-prefix=STACK
// RUN: %libomp-run BOBBIN_NUM_ES '2\tx\ny' 2>&1 | FileCheck %s --check-prefix=ES
#include "check.h"

// s with \n and \t made the characters they name, in place.
static char *unescape(char *s) {
  char *out = s;
  for (const char *p = s; *p; p++) {
    if (*p == '\\' && (p[1] == 'n' || p[1] == 't'))
      *out++ = *++p == 'n' ? '\n' : '\t';
    else
      *out++ = *p;
  }
  *out = '\0';
  return s;
}

int main(int argc, char **argv) {
  if (argc == 3) {
    CHECK(setenv(argv[1], unescape(argv[2]), 1) == 0);
    execl(argv[0], argv[0], (char *)NULL);
    CHECK(!"exec");
  }
  int members = 0;
#pragma omp parallel reduction(+ : members)
  {
    members++;
#pragma omp for schedule(runtime)
    for (int i = 0; i < 100; i++)
      ;
  }
  CHECK_EQ(members, omp_get_max_threads());
  printf("ran with %d threads\n", members); // stdout: after stderr's lines
  return 0;
}
// SCHED: bobbin: OMP_SCHEDULE='static\nx' is not
// SCHED-NOT: {{^}}x'
// SCHED: ran with
// STACK: bobbin: OMP_STACKSIZE='4M\nx' is not
// STACK-NOT: {{^}}x'
// STACK: ran with
// ES: bobbin: BOBBIN_NUM_ES='2\tx\ny' is not
// ES-NOT: {{^}}y'
// ES: ran with
