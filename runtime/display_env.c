/* This file prints the OMP_DISPLAY_ENV block (OpenMP 5.2, sec. 6.12): the
 * OpenMP version and the initial ICV values as `[host] NAME = 'value'`
 * lines, followed by Bobbin's own variables, so the output also proves which
 * runtime a program is running on. */
#include "rt.h"

#include "alloc/alloc.h"
#include "places/places.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *yes_no(bool b) { return b ? "TRUE" : "FALSE"; }

static void print_num_threads(FILE *f)
{
    fprintf(f, "  [host] OMP_NUM_THREADS = '");
    if (bob_config.nthreads_list_len == 0)
        fprintf(f, "%d", bob_config.initial_icv.nthreads);
    for (int i = 0; i < bob_config.nthreads_list_len; i++)
        fprintf(f, "%s%d", i ? "," : "", bob_config.nthreads_list[i]);
    fprintf(f, "'\n");
}

static void print_schedule(FILE *f)
{
    static const char *const kinds[] = {"?", "STATIC", "DYNAMIC", "GUIDED", "AUTO"};
    const bob_icv_t *icv = &bob_config.initial_icv;
    int kind = icv->sched & ~omp_sched_monotonic;
    fprintf(f, "  [host] OMP_SCHEDULE = '%s%s", icv->sched & omp_sched_monotonic
                                                    ? "MONOTONIC:" : "",
            kind == BOB_SCHED_KIND_TRAPEZOIDAL ? "TRAPEZOIDAL"
                                               : kinds[kind >= 1 && kind <= 4 ? kind : 0]);
    if (icv->sched_chunk > 0)
        fprintf(f, ",%d", icv->sched_chunk);
    fprintf(f, "'\n");
}

static void print_thread_kind(FILE *f)
{
    fprintf(f, "  [host] BOBBIN_THREAD_KIND = '");
    if (bob_config.thread_kind_levels == 0)
        fprintf(f, "ult");
    for (int i = 0; i < bob_config.thread_kind_levels; i++)
        fprintf(f, "%s%s", i ? "," : "", bob_kind_name(bob_config.thread_kind[i]));
    fprintf(f, "'\n  [host] BOBBIN_TASK_KIND = '%s'\n", bob_kind_name(bob_config.task_kind));
}

static void print_time_slice(FILE *f)
{
    uint64_t ns = bt_time_slice_ns();
    fprintf(f, "  [host] BOBBIN_TIME_SLICE = '");
    if (!ns)
        fprintf(f, "off");
    else if (ns % 1000000 == 0)
        fprintf(f, "%llums", (unsigned long long)(ns / 1000000));
    else if (ns % 1000 == 0)
        fprintf(f, "%lluus", (unsigned long long)(ns / 1000));
    else
        fprintf(f, "%lluns", (unsigned long long)ns);
    fprintf(f, "'\n");
}

void bob_display_env(bool verbose)
{
    const bob_icv_t *icv = &bob_config.initial_icv;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return;
    fprintf(f, "OPENMP DISPLAY ENVIRONMENT BEGIN\n");
    fprintf(f, "  _OPENMP = '202111'\n");
    fprintf(f, "  [host] OMP_DYNAMIC = '%s'\n", yes_no(icv->dynamic));
    fprintf(f, "  [host] OMP_NESTED = '%s'\n", yes_no(icv->max_active_levels > 1));
    print_num_threads(f);
    print_schedule(f);
    bob_places_display(f);
    fprintf(f, "  [host] OMP_STACKSIZE = '%zuK'\n", bt_stack_size() >> 10);
    fprintf(f, "  [host] OMP_WAIT_POLICY = '%s'\n",
            bob_config.wait_policy == BT_WAIT_ACTIVE ? "ACTIVE" : "PASSIVE");
    fprintf(f, "  [host] OMP_MAX_ACTIVE_LEVELS = '%d'\n", icv->max_active_levels);
    fprintf(f, "  [host] OMP_THREAD_LIMIT = '%d'\n", icv->thread_limit);
    fprintf(f, "  [host] OMP_CANCELLATION = '%s'\n", yes_no(bob_config.cancellation));
    fprintf(f, "  [host] OMP_DEFAULT_DEVICE = '%d'\n", icv->default_device);
    fprintf(f, "  [host] OMP_MAX_TASK_PRIORITY = '%d'\n", bob_config.max_task_priority);
    fprintf(f, "  [host] OMP_NUM_TEAMS = '%d'\n", bob_config.num_teams);
    fprintf(f, "  [host] OMP_TEAMS_THREAD_LIMIT = '%d'\n", bob_config.teams_thread_limit);
    fprintf(f, "  [host] OMP_DISPLAY_AFFINITY = '%s'\n", yes_no(bob_config.display_affinity));
    size_t n = bob_places_get_affinity_format(NULL, 0) + 1;
    char *format = malloc(n);
    if (format) {
        bob_places_get_affinity_format(format, n);
        fprintf(f, "  [host] OMP_AFFINITY_FORMAT = '%s'\n", format);
        free(format);
    }
    char allocator[200];
    fprintf(f, "  [host] OMP_ALLOCATOR = '%s'\n",
            bob_allocator_describe(icv->def_allocator, allocator, sizeof allocator));
    static const char *const offload[] = {"DISABLED", "DEFAULT", "MANDATORY"};
    fprintf(f, "  [host] OMP_TARGET_OFFLOAD = '%s'\n", offload[bob_config.target_offload]);
    fprintf(f, "  [host] BOBBIN_NUM_ES = '%d'\n", bt_num_es());
    print_time_slice(f);
    print_thread_kind(f);
    if (verbose)
        fprintf(f, "  [host] BOBBIN_STACK_SIZE = '%zuK'\n", bt_stack_size() >> 10);
    fprintf(f, "OPENMP DISPLAY ENVIRONMENT END\n");
    fclose(f);
    ssize_t ignored = write(STDERR_FILENO, text, len);
    (void)ignored;
    free(text);
}
