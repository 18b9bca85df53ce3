/* This file handles omp_pause_resource on the host: releasing the OS
 * threads the runtime keeps idle, and with a hard pause the threadprivate
 * data of every thread but the initial one, as libgomp does, whose worker
 * threads exit. The next region starts afresh (the substrate restarts its
 * threads at the first unit made, threading/pause.c).
 *
 * A soft pause keeps the OpenMP state, threadprivate data included, as the
 * spec asks: it ends only what holds none (spare OS threads, the
 * preemption monitor, the service thread of detached tasks); the ESs' own
 * OS threads stay, since first-level thread i runs with ES i's TLS
 * (tls.c). A hard pause ends those threads too, and with them that TLS,
 * and gives back and frees the blocks the group kept for its other
 * threads and those nested threads borrow; the initial thread keeps its
 * own (the program's thread), and so its values. Copies of clang's
 * threadprivate without TLS (threadprivate.c) live in the same TLS.
 * Tasks the initial thread left incomplete outside every region wait on
 * ES 0, which keeps its thread; while there are any, the service thread
 * stays too, as one may be detached and fulfilled later (task.c).
 *
 * LLVM's omp_pause_resume starts the threads at once, and says 1 when
 * nothing was paused, as libomp does.
 *
 * Refused (nonzero, as libgomp) in a parallel region, active or not, and
 * in an explicit task, where other threads or the caller's own may be
 * using what would be released, and for a device that is not the host.
 * The ESs serve every application thread's teams: only the program's
 * initial thread pauses them, and only while no first-level team is at
 * work (nested teams run within one); another application thread's pause
 * releases nothing (0). A team beginning and a pause exclude each other
 * as in Dekker's protocol: each side announces itself (seq_cst), then
 * looks at the other, so at least one sees the other. A pause that sees a
 * team gives up; a team that sees a pause waits until it is over, then
 * makes its members, which start the threads again. Only application
 * threads outside every ES begin first-level teams while the initial
 * thread pauses (its own tasks wait on ES 0), so the wait holds no ES. */
#include "device.h"
#include "tls.h"

#include <bobbin/threading.h>
#include <time.h>

static _Atomic int teams_at_work;
static _Atomic bool pausing;

void bob_pause_team_begins(void)
{
    atomic_fetch_add(&teams_at_work, 1);
    while (atomic_load(&pausing))
        nanosleep(&(struct timespec){0, 50000}, NULL);
}

void bob_pause_team_ends(void)
{
    atomic_fetch_sub_explicit(&teams_at_work, 1, memory_order_release);
}

static void pause_threads(bob_thread_t *self, int kind)
{
    if (kind == omp_pause_hard)
        bob_tls_cgroup_free(self->team->cgroup);
    bt_pause(kind == omp_pause_hard);
    /* an incomplete task may be detached: fulfilling it needs the thread */
    if ((atomic_load_explicit(&self->children, memory_order_relaxed) ||
         atomic_load_explicit(&self->tasks_pending, memory_order_relaxed)) &&
        bt_call_soon_ready())
        bob_fatal("cannot start the thread that completes fulfilled detached tasks");
}

/* LLVM's omp_pause_resume, which its omp.h lists with the kinds. */
enum { PAUSE_RESUME = 0 };

int bob_pause_resource(int kind, int device)
{
    if (kind != omp_pause_soft && kind != omp_pause_hard && kind != PAUSE_RESUME) {
        bob_warn("omp_pause_resource: kind %d is neither omp_pause_soft (1) nor "
                 "omp_pause_hard (2); nothing is paused", kind);
        return -1;
    }
    if (device != bob_initial_device())
        return -1;
    if (kind == PAUSE_RESUME) /* as libomp: 1 when nothing was paused */
        return bt_initialized() ? bt_unpause() : 1;
    bob_thread_t *self = bob_self();
    if (self->team->level > 0 || self->task)
        return -1;
    /* a league's or a target region's initial thread, or an application thread */
    if (!self->team->cgroup->main)
        return bt_self() ? -1 : 0;
    atomic_store(&pausing, true);
    if (!atomic_load(&teams_at_work))
        pause_threads(self, kind);
    atomic_store_explicit(&pausing, false, memory_order_release);
    return 0;
}
