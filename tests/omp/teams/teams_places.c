// A teams construct splits its encountering thread's place partition among
// the initial threads of its league (OpenMP 5.2, 10.2), by
// KMP_TEAMS_PROC_BIND's policy, spread by default, as LLVM's libomp does:
// over {0},{1}, two teams get one place each, team i place i; four teams
// one place each, two per place; close and primary keep the whole
// partition, close placing team i on place i, primary every team on the
// encountering thread's place. A malformed value gets one warning and
// spread. Each team's initial thread used the whole list, unbound. taskset
// fixes the CPU set to {0,1} (the machine needs CPUs 0 and 1). LLVM's libomp
// passes too, but for the warning's words (KMP_TEAMS_THREAD_LIMIT: it caps
// teams x threads at the CPUs otherwise).
// RUN: %libomp-compile
// RUN: env OMP_PLACES="{0},{1}" KMP_TEAMS_THREAD_LIMIT=64 taskset -c 0,1 %libomp-run 2>&1 | FileCheck %s --check-prefix=SPREAD
// RUN: env OMP_PLACES="{0},{1}" KMP_TEAMS_THREAD_LIMIT=64 KMP_TEAMS_PROC_BIND=close taskset -c 0,1 %libomp-run 2>&1 | FileCheck %s --check-prefix=CLOSE
// RUN: env OMP_PLACES="{0},{1}" KMP_TEAMS_THREAD_LIMIT=64 KMP_TEAMS_PROC_BIND=primary taskset -c 0,1 %libomp-run 2>&1 | FileCheck %s --check-prefix=PRIMARY
// RUN: env OMP_PLACES="{0},{1}" KMP_TEAMS_THREAD_LIMIT=64 KMP_TEAMS_PROC_BIND=nearby taskset -c 0,1 %libomp-run 2>&1 | FileCheck %s --check-prefixes=BAD,SPREAD
// libgomp 12 reads no KMP_TEAMS_PROC_BIND:
// UNSUPPORTED: gcc && system-libomp
#include "check.h"

static int place[4], count[4], first[4];

// Outside the teams region's text: gcc rejects these calls strictly nested
// in it.
static void record(void) {
  int t = omp_get_team_num(), nums[2];
  place[t] = omp_get_place_num();
  count[t] = omp_get_partition_num_places();
  CHECK(count[t] >= 1 && count[t] <= 2);
  omp_get_partition_place_nums(nums);
  first[t] = nums[0];
}

static void league(int n) {
#pragma omp teams num_teams(n)
  record();
  for (int t = 0; t < n; t++)
    printf("%d teams: team %d place %d partition %d from %d\n", n, t, place[t],
           count[t], first[t]);
}

int main(void) {
  league(2);
  league(4);
  return 0;
}
// BAD: bobbin: KMP_TEAMS_PROC_BIND='nearby' is not primary, master, close or spread; using spread
// SPREAD: 2 teams: team 0 place 0 partition 1 from 0
// SPREAD-NEXT: 2 teams: team 1 place 1 partition 1 from 1
// SPREAD-NEXT: 4 teams: team 0 place 0 partition 1 from 0
// SPREAD-NEXT: 4 teams: team 1 place 0 partition 1 from 0
// SPREAD-NEXT: 4 teams: team 2 place 1 partition 1 from 1
// SPREAD-NEXT: 4 teams: team 3 place 1 partition 1 from 1
// CLOSE: 2 teams: team 0 place 0 partition 2 from 0
// CLOSE-NEXT: 2 teams: team 1 place 1 partition 2 from 0
// CLOSE-NEXT: 4 teams: team 0 place 0
// CLOSE-NEXT: 4 teams: team 1 place 0
// CLOSE-NEXT: 4 teams: team 2 place 1
// CLOSE-NEXT: 4 teams: team 3 place 1
// PRIMARY: 2 teams: team 0 place 0 partition 2 from 0
// PRIMARY-NEXT: 2 teams: team 1 place 0 partition 2 from 0
// PRIMARY-NEXT: 4 teams: team 0 place 0 partition 2 from 0
// PRIMARY-NEXT: 4 teams: team 1 place 0 partition 2 from 0
// PRIMARY-NEXT: 4 teams: team 2 place 0 partition 2 from 0
// PRIMARY-NEXT: 4 teams: team 3 place 0 partition 2 from 0
