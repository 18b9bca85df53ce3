// A reduction clause on teams: the initial threads of the league combine
// their copies into the original at the same time, each alone in its own
// team, so each must still combine under the construct's lock. A declared
// reduction over a long vector makes every combination a loop long enough
// for two teams' to overlap, and gives the compiler no atomic updates to
// fall back on; every update must arrive.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

enum { LEN = 2048, ROUNDS = 100, TEAMS = 4 };

typedef struct vec {
  long v[LEN];
} vec_t;

static void vec_add(vec_t *out, const vec_t *in) {
  for (int i = 0; i < LEN; i++)
    out->v[i] += in->v[i];
}

static void vec_zero(vec_t *v) { memset(v, 0, sizeof *v); }

#pragma omp declare reduction(vadd : vec_t : vec_add(&omp_out, &omp_in))  \
    initializer(vec_zero(&omp_priv))

static vec_t sums;

int main(void) {
  for (int r = 0; r < ROUNDS; r++) {
#pragma omp teams num_teams(TEAMS) reduction(vadd : sums)
    for (int i = 0; i < LEN; i++)
      sums.v[i] += 1;
  }
  for (int i = 0; i < LEN; i++)
    CHECK_EQ(sums.v[i], (long)ROUNDS * TEAMS);
  printf("teams reduction: %d rounds of %d teams, every update arrived\n", ROUNDS,
         TEAMS);
  return 0;
}
// CHECK: teams reduction: 100 rounds of 4 teams, every update arrived
