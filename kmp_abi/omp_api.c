/* The omp_* routines about threads, teams, ICVs and time (devices: omp_target.c). */
#include "kmpc.h"

#include <limits.h>
#include <time.h>

#define OMP_API KMP_EXPORT

/* The inquiries start the runtime as the first OpenMP call does, but in a
 * signal handler, where they read an initial thread outside any region
 * with the environment's ICVs (runtime/rt.h, bob_self_inquiry): a
 * profiler's handler may call them at any time, the start-up included.
 * The ICVs and settings come as copies: a handler's may be read into a
 * scratch one. */
static bob_icv_t icvs(void)
{
    bob_config_t scratch;
    return *bob_icv_inquiry(&scratch);
}

static bob_config_t config(void)
{
    bob_config_t scratch;
    return *bob_config_inquiry(&scratch);
}

OMP_API KMP_HOT int omp_get_thread_num(void) { return bob_self_inquiry()->tid; }
OMP_API KMP_HOT int omp_get_num_threads(void) { return bob_self_inquiry()->team->nthreads; }
OMP_API int omp_get_max_threads(void) { return icvs().nthreads; }
OMP_API int omp_in_parallel(void) { return bob_self_inquiry()->team->active_level > 0; }
OMP_API int omp_get_level(void) { return bob_self_inquiry()->team->level; }
OMP_API int omp_get_active_level(void) { return bob_self_inquiry()->team->active_level; }
OMP_API int omp_get_thread_limit(void) { return icvs().thread_limit; }
OMP_API int omp_get_dynamic(void) { return icvs().dynamic; }
OMP_API int omp_get_max_active_levels(void) { return icvs().max_active_levels; }
OMP_API int omp_get_supported_active_levels(void) { return bob_supported_active_levels(); }
OMP_API int omp_get_nested(void) { return icvs().max_active_levels > 1; }
OMP_API int omp_get_cancellation(void) { return config().cancellation; }
OMP_API int omp_get_max_task_priority(void) { return config().max_task_priority; }

OMP_API int omp_get_num_procs(void) { return bob_num_procs(); }

OMP_API void omp_set_num_threads(int n)
{
    if (n > 0)
        bob_self()->icv.nthreads = n;
    else
        bob_warn("omp_set_num_threads(%d): the number must be positive; ignored", n);
}

OMP_API void omp_set_dynamic(int flag) { bob_self()->icv.dynamic = flag != 0; }

OMP_API void omp_set_nested(int flag)
{
    bob_self()->icv.max_active_levels = flag ? bob_supported_active_levels() : 1;
}

OMP_API void omp_set_max_active_levels(int levels)
{
    if (levels < 0) {
        bob_warn("omp_set_max_active_levels(%d): the number must not be negative; "
                 "ignored", levels);
        return;
    }
    int max = bob_supported_active_levels();
    bob_self()->icv.max_active_levels = levels > max ? max : levels;
}

OMP_API void omp_set_schedule(omp_sched_t kind, int chunk)
{
    bob_icv_t *icv = &bob_self()->icv;
    icv->sched = kind;
    icv->sched_chunk = bob_sched_chunk(kind, chunk);
}

OMP_API void omp_get_schedule(omp_sched_t *kind, int *chunk)
{
    bob_icv_t icv = icvs();
    *kind = icv.sched;
    *chunk = icv.sched_chunk;
}

/* The team of the calling thread's ancestor at `level`, or NULL. */
static bob_team_t *team_at(int level, const bob_thread_t **member)
{
    const bob_thread_t *t = bob_self_inquiry();
    if (level < 0 || level > t->team->level)
        return NULL;
    while (t->team->level > level)
        t = t->team->master;
    *member = t;
    return t->team;
}

OMP_API int omp_get_ancestor_thread_num(int level)
{
    const bob_thread_t *t;
    return team_at(level, &t) ? t->tid : -1;
}

OMP_API int omp_get_team_size(int level)
{
    const bob_thread_t *t;
    bob_team_t *team = team_at(level, &t);
    return team ? team->nthreads : -1;
}

OMP_API double omp_get_wtime(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

OMP_API double omp_get_wtick(void)
{
    struct timespec ts;
    clock_getres(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

OMP_API int omp_get_default_device(void) { return icvs().default_device; }
OMP_API void omp_set_default_device(int device) { bob_self()->icv.default_device = device; }

OMP_API void omp_display_env(int verbose)
{
    bob_init();
    bob_display_env(verbose != 0);
}

OMP_API int omp_get_team_num(void) { return bob_self_inquiry()->team->league_num; }
OMP_API int omp_get_num_teams(void) { return bob_self_inquiry()->team->league_size; }

/* nteams-var and teams-thread-limit-var are device-wide ICVs. */
OMP_API void omp_set_num_teams(int n)
{
    bob_init();
    if (n > 0)
        bob_config.num_teams = n;
}

OMP_API int omp_get_max_teams(void) { return config().num_teams; }

OMP_API void omp_set_teams_thread_limit(int n)
{
    bob_init();
    if (n > 0)
        bob_config.teams_thread_limit = n;
}

OMP_API int omp_get_teams_thread_limit(void) { return config().teams_thread_limit; }

OMP_API int omp_pause_resource(omp_pause_resource_t kind, int device)
{
    return bob_pause_resource((int)kind, device);
}

OMP_API int omp_pause_resource_all(omp_pause_resource_t kind)
{
    return omp_pause_resource(kind, omp_get_initial_device());
}

KMP_EXPORT int __kmpc_pause_resource(omp_pause_resource_t kind)
{
    return omp_pause_resource_all(kind);
}

OMP_API int omp_control_tool(int command, int modifier, void *arg)
{
    if (!bob_ompt_on)
        return omp_control_tool_notool;
    BOB_OMPT_RA();
    return bob_ompt_control_tool((uint64_t)command, (uint64_t)modifier, arg);
}

/* target-offload-var for LLVM's libomptarget, which asks at its own start. */
KMP_EXPORT int __kmpc_get_target_offload(void)
{
    bob_init();
    return bob_config.target_offload;
}

/* icc's C names of the setters whose Fortran forms take references
 * (kmp_csupport.cpp): the same routines, arguments by value. */
#define OMPC_NAME(name) KMP_ALIAS(ompc_##name, omp_##name)
OMPC_NAME(set_num_threads);
OMPC_NAME(set_dynamic);
OMPC_NAME(set_nested);
OMPC_NAME(set_max_active_levels);
OMPC_NAME(set_schedule);
OMPC_NAME(get_ancestor_thread_num);
OMPC_NAME(get_team_size);
