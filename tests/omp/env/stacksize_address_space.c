// REQUIRES: bobbin
// UNSUPPORTED: sanitize
// Where stacks of the size asked for do not fit in the address space
// (here ulimit -v of 6 GiB: a 1G stack maps 2G, and each ES's own and four
// more per ES must fit), the size is halved until they do, with one line
// naming the variable, the value and the size used, and the program runs,
// as it does on libomp, which maps one 1G stack per thread. The program
// sets the limit and runs itself again. (ASan reserves terabytes of shadow
// at start-up.)
// RUN: %libomp-compile
// RUN: env KMP_STACKSIZE=1G %libomp-run limit 2>&1 | FileCheck %s
// RUN: env OMP_STACKSIZE=1G %libomp-run limit 2>&1 | FileCheck %s --check-prefix=OMP
#include "check.h"

#include <sys/resource.h>

int main(int argc, char **argv) {
  if (argc > 1) {
    struct rlimit as = {(rlim_t)6 << 30, (rlim_t)6 << 30};
    CHECK(setrlimit(RLIMIT_AS, &as) == 0);
    execl(argv[0], argv[0], (char *)NULL);
    CHECK(!"exec");
  }
  int members = 0;
#pragma omp parallel num_threads(4) reduction(+ : members)
  {
    members++;
#pragma omp barrier
  }
  CHECK_EQ(members, 4);
  printf("ran with %d threads\n", members); // stdout: after stderr's lines
  return 0;
}
// CHECK: bobbin: KMP_STACKSIZE='1G': 10 stacks of 1G (5 per ES) do not fit in the address space (Cannot allocate memory); using {{[0-9]+}}M
// CHECK: ran with 4 threads
// OMP: bobbin: OMP_STACKSIZE='1G': 10 stacks of 1G (5 per ES) do not fit in the address space (Cannot allocate memory); using {{[0-9]+}}M
// OMP: ran with 4 threads
