// Doacross nests deeper than any fixed table: ordered(13) over 13 loops of
// two iterations each (8192 iterations). Each iteration waits for its
// predecessor in the innermost dimension and in the outermost one, and
// checks that they have run; the iterations all run once.
// RUN: %libomp-compile && env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
#include "check.h"

#define D 13
static unsigned char done[1 << D];

static int index_of(const int *i) {
  int x = 0;
  for (int d = 0; d < D; d++)
    x = x * 2 + i[d];
  return x;
}

int main(void) {
  int ran = 0;
#pragma omp parallel for ordered(13) schedule(dynamic) reduction(+ : ran)
  for (int a = 0; a < 2; a++)
    for (int b = 0; b < 2; b++)
      for (int c = 0; c < 2; c++)
        for (int d = 0; d < 2; d++)
          for (int e = 0; e < 2; e++)
            for (int f = 0; f < 2; f++)
              for (int g = 0; g < 2; g++)
                for (int h = 0; h < 2; h++)
                  for (int i = 0; i < 2; i++)
                    for (int j = 0; j < 2; j++)
                      for (int k = 0; k < 2; k++)
                        for (int l = 0; l < 2; l++)
                          for (int m = 0; m < 2; m++) {
#pragma omp ordered depend(sink : a, b, c, d, e, f, g, h, i, j, k, l, m - 1)                 \
    depend(sink : a - 1, b, c, d, e, f, g, h, i, j, k, l, m)
                            int iv[D] = {a, b, c, d, e, f, g, h, i, j, k, l, m};
                            int x = index_of(iv);
                            if (m)
                              CHECK(__atomic_load_n(&done[x - 1], __ATOMIC_ACQUIRE));
                            if (a)
                              CHECK(__atomic_load_n(&done[x - (1 << (D - 1))],
                                                    __ATOMIC_ACQUIRE));
                            __atomic_store_n(&done[x], 1, __ATOMIC_RELEASE);
                            ran++;
#pragma omp ordered depend(source)
                          }
  CHECK_EQ(ran, 1 << D);
  printf("ordered(13): %d iterations, dependences kept\n", ran);
  return 0;
}
// CHECK: ordered(13): 8192 iterations, dependences kept
