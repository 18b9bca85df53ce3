// Doacross loops, two dimensions: for ordered(2) over (i, j) with
// depend(sink: i-1, j) depend(sink: i, j-1) and depend(source) computes a
// wavefront (each cell from its upper and left neighbours) that is only
// right if both were finished first; a column recurrence with depend(sink:
// i-1, j) alone. Static,1 and dynamic schedules on 4 threads.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#define R 40
#define C 37

static unsigned long g[R][C], want[R][C];

static unsigned long cell(int i, int j, unsigned long up, unsigned long left) {
  return up * 3 + left * 5 + (unsigned long)(i * C + j);
}

static void expected(void) {
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      want[i][j] = cell(i, j, i ? want[i - 1][j] : 1, j ? want[i][j - 1] : 1);
}

static void check_grid(const char *what) {
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      if (g[i][j] != want[i][j]) {
        fprintf(stderr, "%s: cell %d,%d wrong\n", what, i, j);
        CHECK(0);
      }
  printf("%s: wavefront right\n", what);
}

int main(void) {
  expected();
  memset(g, 0, sizeof g);
#pragma omp parallel num_threads(4)
#pragma omp for ordered(2) schedule(static, 1)
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) {
      spin_a_bit(((i + 3) * (j + 7)) % 400);
#pragma omp ordered depend(sink : i - 1, j) depend(sink : i, j - 1)
      g[i][j] = cell(i, j, i ? g[i - 1][j] : 1, j ? g[i][j - 1] : 1);
#pragma omp ordered depend(source)
    }
  check_grid("static,1");

  memset(g, 0, sizeof g);
#pragma omp parallel num_threads(4)
#pragma omp for ordered(2) schedule(dynamic)
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) {
      spin_a_bit(((i + 5) * (j + 2)) % 400);
#pragma omp ordered depend(sink : i - 1, j) depend(sink : i, j - 1)
      g[i][j] = cell(i, j, i ? g[i - 1][j] : 1, j ? g[i][j - 1] : 1);
#pragma omp ordered depend(source)
    }
  check_grid("dynamic");

  // Column recurrence: row i needs only row i-1 in the same column.
  static long col[R][C];
  memset(col, 0, sizeof col);
#pragma omp parallel num_threads(4)
#pragma omp for ordered(2) schedule(static, 1)
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) {
      spin_a_bit(((i * 11) + j) % 300);
#pragma omp ordered depend(sink : i - 1, j)
      col[i][j] = (i ? col[i - 1][j] : 0) + (long)i * j + 1;
#pragma omp ordered depend(source)
    }
  for (int j = 0; j < C; j++) {
    long s = 0;
    for (int i = 0; i < R; i++) {
      s += (long)i * j + 1;
      CHECK_EQ(col[i][j], s);
    }
  }
  printf("column recurrence right\n");
  return 0;
}
// CHECK: static,1: wavefront right
// CHECK-NEXT: dynamic: wavefront right
// CHECK-NEXT: column recurrence right
