// What libraries ask a thread about itself, asked by every OpenMP thread of
// a flat team of 6 and a nested 3 x 3 on 2 ESs and on 1 (so some run on TLS
// blocks, some on ES stacks, some in place on their primary's stack):
// pthread_getattr_np(pthread_self()) answers, with a stack that holds the
// caller's frame and a guard; pthread_getaffinity_np answers a CPU set
// holding the CPU it runs on; pthread_setname_np / getname_np give each
// thread its own name across a barrier; raise() runs the handler in the
// raising thread (its omp_get_thread_num, its __thread variable). Then each
// thread of a team of 4 binds itself to one CPU (pthread_setaffinity_np):
// where that succeeds, it runs on that CPU from then on. Passes on LLVM's
// libomp 14 and libgomp 12 (-D runtime=system).
// RUN: %libomp-compile && env OMP_MAX_ACTIVE_LEVELS=2 %libomp-run | FileCheck %s
// RUN: env OMP_MAX_ACTIVE_LEVELS=2 BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
#include "check.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <sys/syscall.h>

// The kernel's answer: sched_getcpu reads the rseq area of the calling
// block, which the kernel updates for the OS thread that registered it.
static int cpu_now(void) {
  unsigned cpu;
  CHECK(syscall(SYS_getcpu, &cpu, NULL, NULL) == 0);
  return (int)cpu;
}

static __thread int raised_in = -1, my_id = -2;

static void on_usr1(int sig) {
  (void)sig;
  raised_in = my_id;
}

static int ask(int id) {
  int bad = 0;
  my_id = id;
  char local;
  pthread_attr_t attr;
  CHECK_EQ(pthread_getattr_np(pthread_self(), &attr), 0);
  void *lo;
  size_t size, guard;
  CHECK_EQ(pthread_attr_getstack(&attr, &lo, &size), 0);
  CHECK_EQ(pthread_attr_getguardsize(&attr, &guard), 0);
  pthread_attr_destroy(&attr);
  if (&local < (char *)lo || &local >= (char *)lo + size) {
    fprintf(stderr, "thread %d: frame %p not in its stack [%p, %p)\n", id, (void *)&local, lo,
            (void *)((char *)lo + size));
    bad++;
  }
  cpu_set_t cpus;
  CHECK_EQ(pthread_getaffinity_np(pthread_self(), sizeof cpus, &cpus), 0);
  CHECK(CPU_COUNT(&cpus) > 0);
  char name[16], got[16];
  snprintf(name, sizeof name, "omp-%d", id);
  CHECK_EQ(pthread_setname_np(pthread_self(), name), 0);
#pragma omp barrier
  CHECK_EQ(pthread_getname_np(pthread_self(), got, sizeof got), 0);
  if (strcmp(got, name)) {
    fprintf(stderr, "thread %d: named %s, finds %s\n", id, name, got);
    bad++;
  }
  CHECK_EQ(raise(SIGUSR1), 0);
  bad += raised_in != id;
  return bad;
}

int main(void) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  omp_set_dynamic(0);
  signal(SIGUSR1, on_usr1);
  deadline(60, "asking threads about themselves");
  int bad = 0;
#pragma omp parallel num_threads(6) reduction(+ : bad)
  bad += ask(omp_get_thread_num());
  CHECK_EQ(bad, 0);
  printf("flat team: each thread answers for itself\n");
#pragma omp parallel num_threads(3) reduction(+ : bad)
  {
    int outer = omp_get_thread_num();
#pragma omp parallel num_threads(3) reduction(+ : bad)
    bad += ask(10 * (outer + 1) + omp_get_thread_num());
  }
  CHECK_EQ(bad, 0);
  printf("nested team: each thread answers for itself\n");

  cpu_set_t all;
  CHECK_EQ(sched_getaffinity(0, sizeof all, &all), 0);
  int cpu_list[CPU_SETSIZE], ncpus = 0;
  for (int c = 0; c < CPU_SETSIZE; c++)
    if (CPU_ISSET(c, &all))
      cpu_list[ncpus++] = c;
  int bound = 0;
#pragma omp parallel num_threads(4) reduction(+ : bad, bound)
  {
    int cpu = cpu_list[omp_get_thread_num() % ncpus];
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    int err = pthread_setaffinity_np(pthread_self(), sizeof one, &one);
    CHECK(err == 0 || err == EINVAL);
    for (int round = 0; round < 20; round++) { // every thread meets every barrier
#pragma omp barrier
      spin_a_bit(1000);
      bad += err == 0 && cpu_now() != cpu;
    }
    bound += err == 0;
  }
  CHECK_EQ(bad, 0);
  CHECK(bound >= 1);
  printf("bound threads stay on their CPU\n");
  return 0;
}
// CHECK: flat team: each thread answers for itself
// CHECK-NEXT: nested team: each thread answers for itself
// CHECK-NEXT: bound threads stay on their CPU
