/* This file handles the TEAMS construct on the host and the team part of
 * DISTRIBUTE: a league of teams whose initial threads run the teams region
 * concurrently, each alone in a team of its own (a teams region is not a
 * parallel region: levels do not change), numbered by league_num. */
#include "rt.h"
#include "ompt/ompt.h"
#include "places/places.h"
#include "task.h"

#include <stdlib.h>

static void run_team(bob_thread_t *carrier)
{
    bob_team_t *league = carrier->team;
    bob_thread_t *outer = league->master;
    bob_team_t *team = bob_team_new(1);
    team->level = outer->team->level;
    team->active_level = outer->team->active_level;
    team->parent = outer->team;
    team->master = outer;
    team->league_num = carrier->tid;
    team->league_size = league->nthreads;
    team->cgroup = bob_cgroup_new(); /* each team is a contention group */
    bob_thread_t *t = &team->threads[0];
    t->icv = carrier->icv;
    t->binding = carrier->binding;
    bob_set_self(t);
    BOB_OMPT(bob_ompt_league_member_begin(carrier, t));
    int32_t gtid = t->gtid, tid = 0;
    bob_invoke_microtask(carrier->fn, &gtid, &tid, carrier->argc, carrier->argv,
                         bob_ompt_exit_slot(t));
    bob_team_wait_tasks(t, team);
    BOB_OMPT(bob_ompt_league_member_end(carrier, t));
    bob_set_self(carrier);
    bob_root_team_free(team);
}

static void team_main(void *carrier) { run_team(carrier); }

/* Each team's initial thread gets a subpartition of the encountering
 * thread's place partition, and a place in it, where that thread binds. */
static void league_bind(bob_team_t *league, bob_thread_t *self)
{
    if (bob_proc_bind_of(self->team) == omp_proc_bind_false)
        return;
    int policy = bob_proc_bind_teams();
    bob_binding_t primary = bob_encountering_binding(self, policy);
    for (int i = 0; i < league->nthreads; i++)
        league->threads[i].binding = bob_places_assign(policy, league->nthreads, i, primary);
}

void bob_fork_teams(void (*fn)(void), int argc, void **argv)
{
    bob_thread_t *self = bob_self();
    int n = self->push_num_teams > 0 ? self->push_num_teams
            : bob_config.num_teams > 0 ? bob_config.num_teams : bob_num_procs();
    int limit = self->push_teams_thread_limit > 0 ? self->push_teams_thread_limit
                : bob_config.teams_thread_limit > 0 ? bob_config.teams_thread_limit
                : self->icv.nthreads;
    self->push_num_teams = self->push_teams_thread_limit = 0;
    bob_team_t *league = bob_team_new(n);
    league->master = self;
    bob_team_set_body(league, fn, argc, argv);
    for (int i = 0; i < n; i++) {
        league->threads[i].icv = self->icv;
        league->threads[i].icv.thread_limit = limit;
        if (league->threads[i].icv.nthreads > limit)
            league->threads[i].icv.nthreads = limit;
    }
    league_bind(league, self);
    BOB_OMPT(bob_ompt_league_begin(self, league));
    bob_launch(league, true, BOB_KIND_ULT, team_main);
    run_team(&league->threads[0]);
    bob_join_members(league);
    bob_set_self(self);
    BOB_OMPT(bob_ompt_parallel_end(self, league));
    bob_team_free(league);
}

bool bob_distribute_split(bob_thread_t *self, bob_loop_t *loop, int32_t *last)
{
    bob_team_t *team = self->team;
    uint64_t trip = bob_trip_count(loop), lo, count;
    bob_static_balanced(trip, team->league_num, team->league_size, &lo, &count);
    uint64_t lb = (uint64_t)loop->lb, incr = (uint64_t)loop->incr;
    *last = count > 0 && lo + count == trip;
    if (count == 0) {
        loop->ub = (int64_t)(lb + (trip - 1) * incr);
        loop->lb = (int64_t)(lb + trip * incr);
        return false;
    }
    loop->ub = (int64_t)(lb + (lo + count - 1) * incr);
    loop->lb = (int64_t)(lb + lo * incr);
    return true;
}

void bob_dist_for_static_init(bob_thread_t *self, int kmp_sched, bob_loop_t *loop,
                              int64_t chunk, int64_t *team_ub, int64_t *stride,
                              int32_t *last)
{
    int32_t team_last;
    bool any = bob_distribute_split(self, loop, &team_last);
    *team_ub = loop->ub;
    *stride = loop->incr;
    *last = 0;
    if (!any)
        return;
    bob_for_static_init(self, kmp_sched, loop, chunk, stride, last);
    *last = *last && team_last;
}

void bob_dist_dispatch_init(bob_thread_t *self, int kmp_sched, bob_loop_t *loop,
                            int64_t chunk, int32_t *last)
{
    bob_distribute_split(self, loop, last);
    bob_dispatch_init(self, kmp_sched, loop, chunk);
}
