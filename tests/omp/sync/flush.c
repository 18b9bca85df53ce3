// Producer/consumer through flush: the consumer sees the data the producer
// wrote before raising the flag, in every round. The two threads spin on
// each other, so they must run at the same time (two ESs under Bobbin).
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#define ROUNDS 2000

int main(void) {
  int data[4] = {0}, flag = 0, ack = 0, bad = 0;
#pragma omp parallel num_threads(2) shared(data, flag, ack)
  {
    if (omp_get_thread_num() == 0) {
      for (int r = 1; r <= ROUNDS; r++) {
        for (int k = 0; k < 4; k++)
          data[k] = r * 10 + k;
#pragma omp flush
#pragma omp atomic write
        flag = r;
        int a;
        do { // wait for the consumer
#pragma omp atomic read
          a = ack;
        } while (a != r);
#pragma omp flush
      }
    } else {
      for (int r = 1; r <= ROUNDS; r++) {
        int f;
        do {
#pragma omp atomic read
          f = flag;
        } while (f != r);
#pragma omp flush
        for (int k = 0; k < 4; k++)
          bad += data[k] != r * 10 + k;
#pragma omp atomic write
        ack = r;
      }
    }
  }
  CHECK_EQ(bad, 0);
  printf("%d rounds, %d bad reads\n", ROUNDS, bad);
  return 0;
}
// CHECK: 2000 rounds, 0 bad reads
