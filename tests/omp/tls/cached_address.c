// Compiled code may compute the address of a TLS variable once and keep it
// in a register across a suspension point: each of 64 OpenMP threads on 2
// ESs takes the address of its __thread variable and of a threadprivate
// one into locals (kept in registers: the asm below says the value lives
// there and may have changed), then meets barriers, where it suspends and
// the other OpenMP threads of its ES run, then writes through the saved
// pointers. Its own variables, read afresh through a function that
// computes the address again, must have changed, and no other thread's.
// This holds because an OpenMP thread's TLS block moves with it.
//
// With BOBBIN_TLS=off this fails (the writes of the OpenMP threads of an
// ES go to one shared variable).
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

static __thread long app_var;
static int tp_var;
#pragma omp threadprivate(tp_var)

// The current addresses and values, computed anew at every call.
__attribute__((noinline)) static long *app_addr(void) { return &app_var; }
__attribute__((noinline)) static int *tp_addr(void) { return &tp_var; }
__attribute__((noinline)) static long app_read(void) { return app_var; }
__attribute__((noinline)) static int tp_read(void) { return tp_var; }

int main(void) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  omp_set_dynamic(0);
  int bad = 0, members = 0;
  for (int rep = 0; rep < 3; rep++) {
#pragma omp parallel num_threads(64) reduction(+ : bad, members)
    {
      int me = omp_get_thread_num();
      members++;
      long *a = &app_var;
      int *t = &tp_var;
      __asm__ volatile("" : "+r"(a), "+r"(t));
      *a = -1;
      *t = -1;
      for (int round = 0; round < 4; round++) {
#pragma omp barrier
        spin_a_bit(100 * ((me + round) % 6));
        __asm__ volatile("" : "+r"(a), "+r"(t));
        long want = 1000L * rep + 100 * round + me;
        *a = want; // through the addresses taken before the barriers
        *t = (int)want + 7;
#pragma omp barrier
        bad += app_read() != want || tp_read() != (int)want + 7;
        // The address is the same as when the thread started.
        bad += app_addr() != a || tp_addr() != t;
      }
    }
    CHECK_EQ(bad, 0);
  }
  CHECK_EQ(members, 3 * 64);
  CHECK_EQ(app_var, 2300);
  CHECK_EQ(tp_var, 2307);
  printf("saved TLS addresses stay valid across barriers\n");
  return 0;
}
// CHECK: saved TLS addresses stay valid across barriers
