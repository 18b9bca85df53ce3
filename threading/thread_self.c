/* This file answers, for the unit whose code calls, what the C library's
 * callers ask about the calling thread: which stack it runs on, whether
 * its pthread_t is a kernel thread's, and binding it to CPUs. A unit
 * behaves like a thread, so the answers are the unit's, not those of the
 * OS thread that serves its ES now, which other units share. */
#include "es.h"
#include "klt.h"
#include "stack.h"
#include "tls.h"

#include <errno.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

/* The unit whose code runs on an ES's OS thread, but for the
 * application's own thread, whose code runs on its own OS thread. */
static bt_unit_t *unit_code(bti_es_t *es)
{
    bt_unit_t *u = es ? es->current : NULL;
    return u == &bti_g.main_unit ? NULL : u;
}

int bt_self_unit_stack(void **lo, size_t *size, size_t *guard)
{
    bti_es_t *es = bti_es_self();
    bt_unit_t *u = unit_code(es);
    if (!u)
        return 0;
    const bti_stack_t *s = bti_unit_stack(&es->sched_stack, u);
    char *sp = __builtin_frame_address(0);
    /* a unit run in place on the application's thread runs on that
     * thread's stack, which the kernel's answer describes */
    if (s == &bti_g.main_unit.stack || !s->lo || sp < (char *)s->lo || sp >= (char *)s->lo + s->size)
        return 0;
    *lo = s->lo;
    *size = s->size;
    *guard = bti_stack_guard(s->size);
    return 1;
}

int bt_self_kernel_stack_thread(pthread_t *th)
{
    bti_es_t *es = bti_es_self();
    bt_unit_t *u = unit_code(es);
    if (!u || !bti_g.adopter || bti_unit_stack(&es->sched_stack, u) != &bti_g.main_unit.stack)
        return 0;
    *th = (pthread_t)bti_g.adopter->native; /* its thread pointer, glibc's pthread_t */
    return 1;
}

int bt_self_on_unit_block(void) { return bti_tls_is_units(bti_tls_current()); }

/* Whether the units of es run on CPUs of set only: on its CPU, or for ES 0,
 * which the application's thread serves, where that thread may run, which
 * is the application's to choose (a spare of ES 0 follows it there). */
static bool runs_within(const bti_es_t *es, size_t setsize, const cpu_set_t *set)
{
    if (es->cpu < 0 || !CPU_ISSET_S(es->cpu, setsize, set))
        return false;
    if (es->rank != 0 || !bti_g.adopter)
        return true;
    cpu_set_t mask;
    if (syscall(SYS_sched_getaffinity, bti_g.adopter->tid, sizeof mask, &mask) < 0)
        return false;
    for (int cpu = 0; cpu < CPU_SETSIZE; cpu++)
        if (CPU_ISSET(cpu, &mask) && !CPU_ISSET_S(cpu, setsize, set))
            return false;
    return true;
}

int bt_self_bind_cpus(size_t setsize, const void *cpuset)
{
    bti_es_t *es = bti_es_self();
    bt_unit_t *u = unit_code(es);
    if (!u)
        return -1;
    const cpu_set_t *set = cpuset;
    if (runs_within(es, setsize, set)) {
        /* read only by thieves while it waits in a pool, never now */
        u->migratable = false;
        return 0;
    }
    for (int i = 0; i < bti_g.num_es; i++) {
        if (!runs_within(bti_g.es[i], setsize, set))
            continue;
        if (u->is_tasklet || u->host)
            return EINVAL;
        u->migratable = false;
        bt_migrate_to(&bti_g.es[i]->pools[0]);
        return 0;
    }
    return EINVAL;
}
