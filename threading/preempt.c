/* This file preempts units that keep their ES past a time slice while
 * other units wait for it (klt.h says how an ES changes OS thread).
 *
 * The monitor. One OS thread that sleeps on a futex while nothing waits;
 * the first push of a thread (a progress unit) into a pool wakes it
 * (bti_monitor_arm). Armed, it looks at every ES twice a slice for a unit
 * that is wanted there: a thread waiting, or any unit while a thread sleeps
 * until units run (bt_units_wanted). An ES where one has been wanted, and
 * whose switch count has not moved, for two looks after the one that first
 * saw both has run the same unit for at least a slice (and at most a slice
 * and a half) while it was wanted: its active KLT gets SIGURG. The slice
 * counts from when a unit is wanted, not from the last switch: a unit that
 * ran alone took no one's time, and would otherwise lose its ES within
 * half a slice of the first team-mate pushed there. It makes
 * sure a spare KLT is ready first, creating one outside the handler, which
 * cannot. After a few looks that find no thread waiting, it sleeps again: a
 * program where nothing waits pays no signals.
 *
 * The signal. SIGURG, as Go chose it for the same purpose: its default
 * action is to ignore it, the kernel sends it only for out-of-band socket
 * data, which few programs ask for, and debuggers leave it alone. Ours
 * come from tgkill with our pid; any other SIGURG goes to the handler the
 * application had installed before Bobbin, as if Bobbin were not there.
 * SA_RESTART: a system call the signal interrupts restarts when the
 * frozen KLT resumes, if the kernel restarts it after a handler; restart.c
 * makes again those it ends with EINTR, so that each ends when it would
 * have (a sleep restarted whole on a wanted ES would never end).
 *
 * The handler runs on the KLT's alternate stack and stops the unit only
 * if the interrupted instruction lies outside Bobbin's own code: code of
 * the substrate and runtime updates per-ES state with plain stores, and
 * would find it changed under it. Code of other libraries that Bobbin
 * calls holds no such state half-updated. Where it is safe (async.c), the
 * unit is redirected into a yield on its OS thread, which goes on; else
 * the KLT is frozen with it. A KLT that runs a signal handler
 * of the program's, which may have interrupted Bobbin's code, it leaves
 * alone a while (handler_spared). */
#include "klt.h"

#include "async.h"
#include "env.h"
#include "fork.h"
#include "futex.h"
#include "log.h"
#include "preempt.h"
#include "restart.h"
#include "scheduler.h"

#include <errno.h>
#include <link.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

enum { QUIET_LOOKS = 3 };

__thread unsigned bti_nopreempt __attribute__((tls_model("initial-exec")));
__thread unsigned bti_outcall __attribute__((tls_model("initial-exec")));

static struct sigaction previous;
static pthread_t monitor;
static _Atomic int monitor_stop;
static uintptr_t text_lo, text_hi; /* Bobbin's executable segment */

static int find_text(struct dl_phdr_info *info, size_t size, void *unused)
{
    (void)size, (void)unused;
    uintptr_t me = (uintptr_t)(void *)bti_sched_main;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
        if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X) && me >= lo &&
            me < lo + ph->p_memsz) {
            text_lo = lo;
            text_hi = lo + ph->p_memsz;
            return 1;
        }
    }
    return 0;
}

/* The C library holds its own locks (the allocator's, stdio's, the fork
 * handlers') only while its code runs. A KLT frozen there may hold one:
 * every KLT that serves its ES next, the monitor starting a spare and a
 * fork (which waits for them without giving up its ES, fork.c) would
 * wait for it until the frozen holder's turn comes, or for good. Code
 * leaves the C library soon unless it spins there: so a KLT interrupted
 * there, not in a system call, is left alone the first
 * BTI_OUTCALL_PATIENCE times in a row it is asked (bti_klt_t's
 * library_asks). Programs spin in their own code, which stays
 * preemptible, and block in system calls, which stay so too.
 *
 * The sanitized builds leave it alone for as long, and ASan's runtime too:
 * ASan's allocator works under locks, calling the C library (memset) as it
 * does, and a spare's start (ASan's ThreadStart frees memory) waits for
 * them as well: an ES ran out of spares and stopped. */
static struct bti_text spared[] = {
#ifdef BTI_ASAN
    {"/libasan.so", 0, 0},
#endif
    {"/libc.so", 0, 0}};
enum { NSPARED = sizeof spared / sizeof *spared };

/* A call the signal interrupted is either ended (call, below) or, made
 * again after the handler (SA_RESTART), has the KLT back at its syscall
 * instruction. */
static bool in_spared(uintptr_t pc)
{
    return bti_text_has(spared, NSPARED, pc) && !bti_at_syscall(pc);
}

/* Whether the handler, asked to freeze k at pc, leaves it alone in the
 * code above this time; call: it ended a system call there. */
static bool library_spared(bti_klt_t *k, uintptr_t pc, bool call)
{
    if (call || !in_spared(pc))
        return false;
#ifdef BTI_ASAN
    (void)k;
    return true;
#else
    return k->library_asks++ < BTI_OUTCALL_PATIENCE;
#endif
}

/* Runs the application's handler as its own would have run: with the
 * signals blocked that it asked for, not all of them as ours. */
static void chain(int sig, siginfo_t *info, void *context)
{
    sigset_t mask;
    sigorset(&mask, &((ucontext_t *)context)->uc_sigmask, &previous.sa_mask);
    if (!(previous.sa_flags & SA_NODEFER))
        sigaddset(&mask, sig);
    pthread_sigmask(SIG_SETMASK, &mask, NULL);
    if ((previous.sa_flags & SA_SIGINFO) && previous.sa_sigaction)
        previous.sa_sigaction(sig, info, context);
    else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN)
        previous.sa_handler(sig);
}

int bt_blocks_handled_signal(const sigset_t *mask, const sigset_t *base)
{
    int saved_errno = errno, found = 0; /* sigaction fails for glibc's own signals */
    for (int sig = 1; sig < NSIG && !found; sig++) {
        struct sigaction sa;
        found = sig != SIGURG && sigismember(mask, sig) == 1 &&
                !(base && sigismember(base, sig) == 1) && sigaction(sig, NULL, &sa) == 0 &&
                sa.sa_handler != SIG_DFL && sa.sa_handler != SIG_IGN;
    }
    errno = saved_errno;
    return found;
}

/* Whether the handler, asked to freeze k where it may run a signal handler
 * of the program's (a handled signal is blocked that was not when k
 * started), leaves it alone this time: HANDLER_PATIENCE times while es's
 * unit stays the same (its switch count, which the monitor watches, does
 * not move), so in a row, as an ask that finds no handler freezes it. Such
 * a handler may have interrupted Bobbin's code, which a KLT frozen in it
 * would hold half-done; a profiler's runs often, anywhere, and briefly, so
 * that asks in a row find it only where it runs most of the time (or in
 * one that waits for a unit of its ES: a lock it holds, which only a
 * freeze lets go on). */
enum { HANDLER_PATIENCE = 32 };

static bool handler_spared(bti_klt_t *k, bti_es_t *es, const ucontext_t *uc)
{
    unsigned nswitch = atomic_load_explicit(&es->nswitch, memory_order_relaxed);
    if (k->handler_nswitch != nswitch) {
        k->handler_nswitch = nswitch;
        k->handler_asks = 0;
    }
    return bt_blocks_handled_signal(&uc->uc_sigmask, &k->base_mask) &&
           k->handler_asks++ < HANDLER_PATIENCE;
}

/* Whether the handler, asked to freeze its KLT in an outcall (preempt.h),
 * leaves it alone this time. */
static bool outcall_spared(void)
{
    return bti_outcall && bti_outcall++ <= BTI_OUTCALL_PATIENCE;
}

/* Our signal on es's active KLT k, which it interrupted at regs outside
 * Bobbin's code: k is frozen if the monitor still asks it to, and a system
 * call the signal ended is made again. Every signal stays blocked until
 * the handler returns (restart.c says why). */
static void on_signal(int sig, siginfo_t *info, void *context)
{
    if (info->si_code != SI_TKILL || info->si_pid != getpid()) {
        chain(sig, info, context);
        return;
    }
    int saved_errno = errno;
    ucontext_t *uc = context;
    bti_es_t *es = bti_tls_es;
    bti_klt_t *k = es ? atomic_load_explicit(&es->klt, memory_order_acquire) : NULL;
    if (k && k->tid == (pid_t)syscall(SYS_gettid)) {
        bool asked = atomic_exchange_explicit(&k->preempt, 0, memory_order_relaxed);
        struct bti_seen_call seen;
        bool noted = bti_restart_take_note(k, &seen);
        uintptr_t pc = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
        if (bti_restart_may_freeze(pc, text_lo, text_hi) && !bti_nopreempt) {
            bool call = bti_restart_wanted(k, uc);
            struct timespec at;
            if (call)
                clock_gettime(CLOCK_MONOTONIC, &at);
            if (asked && es->current && !outcall_spared() && !library_spared(k, pc, call) &&
                !handler_spared(k, es, uc)) {
                k->library_asks = 0;
                if (call || !bti_async_redirect(es, k, uc))
                    bti_klt_freeze(es, k);
            }
            if (call)
                bti_restart(k, uc, &at, noted ? &seen : NULL);
            else
                bti_restart_interrupted(k, uc, noted ? &seen : NULL);
        }
    }
    errno = saved_errno;
}

/* A spare is started only once a freeze found none: most preempted units
 * are redirected into a yield (async.c) and need no other OS thread. The
 * handler cannot start one, so the unit runs on until the next look. */
static void preempt(bti_es_t *es)
{
    if (atomic_load_explicit(&es->spare_wanted, memory_order_relaxed)) {
        if (!bti_klt_has_spare(es)) {
            bti_klt_try_spawn_spare(es);
            return;
        }
        atomic_store_explicit(&es->spare_wanted, 0, memory_order_relaxed);
    }
    bti_klt_t *k = atomic_load_explicit(&es->klt, memory_order_acquire);
    bti_restart_note(k);
    atomic_store_explicit(&k->preempt, 1, memory_order_relaxed);
    syscall(SYS_tgkill, getpid(), k->tid, SIGURG);
}

/* Whether a unit waits on es that the monitor must preempt for: a thread,
 * or any unit while a thread sleeps until units run. Hints, read without
 * the owner's ordering: a look that misses a wanted unit only starts the
 * slice it waits for half a slice later. */
static bool wanted_on(bti_es_t *es)
{
    return atomic_load_explicit(&es->waiting, memory_order_relaxed) > 0 ||
           (atomic_load_explicit(&bti_g.units_wanted, memory_order_relaxed) &&
            bti_es_has_own_work(es));
}

static void *monitor_main(void *unused)
{
    (void)unused;
    int n = bti_g.num_es, quiet = 0;
    struct look {
        unsigned nswitch; /* the count seen */
        int shared;       /* looks since a unit is wanted and the count did not
                           * move, counting from 0; -1 while none is wanted */
    } *seen = calloc((size_t)n, sizeof *seen);
    if (!seen)
        bti_fatal("out of memory starting the preemption monitor");
    for (int i = 0; i < n; i++)
        seen[i].shared = -1;
    bti_spawned();
    uint64_t half = bti_g.time_slice_ns / 2;
    struct timespec gap = {.tv_sec = (time_t)(half / 1000000000),
                           .tv_nsec = (long)(half % 1000000000)};
    while (!atomic_load(&monitor_stop)) {
        if (!atomic_load(&bti_g.armed)) {
            bti_futex_wait(&bti_g.armed, 0);
            continue;
        }
        nanosleep(&gap, NULL);
        bool waiting = false;
        for (int i = 0; i < n; i++) {
            bti_es_t *es = bti_g.es[i];
            unsigned now = atomic_load_explicit(&es->nswitch, memory_order_relaxed);
            bool w = wanted_on(es);
            waiting |= w;
            if (!w)
                seen[i].shared = -1;
            else if (now != seen[i].nswitch || seen[i].shared < 0)
                seen[i].shared = 0;
            else
                seen[i].shared++;
            seen[i].nswitch = now;
            if (seen[i].shared >= 2 && __atomic_load_n(&es->current, __ATOMIC_RELAXED))
                preempt(es);
        }
        quiet = waiting ? 0 : quiet + 1;
        if (quiet >= QUIET_LOOKS) {
            atomic_store(&bti_g.armed, 0);
            quiet = 0;
            /* a push that saw it still armed came before this look */
            for (int i = 0; i < n; i++)
                if (wanted_on(bti_g.es[i])) {
                    atomic_store(&bti_g.armed, 1);
                    break;
                }
        }
    }
    free(seen);
    return NULL;
}

void bti_monitor_arm(void)
{
    if (bti_g.time_slice_ns && !atomic_exchange(&bti_g.armed, 1))
        bti_futex_wake(&bti_g.armed, 1);
}

/* BOBBIN_TIME_SLICE: a time with a unit (ns, us, ms, s; none means ms), or
 * off. */
static uint64_t read_time_slice(void)
{
    enum { MIN_NS = 50000 };
    const uint64_t def = 2000000, max = 10000000000ull;
    const char *v = getenv("BOBBIN_TIME_SLICE");
    if (!v)
        return def;
    if (!strcasecmp(v, "off"))
        return 0;
    char *end;
    errno = 0;
    double t = strtod(v, &end);
    static const struct { const char *unit; double ns; } units[] = {
        {"ns", 1}, {"us", 1e3}, {"ms", 1e6}, {"s", 1e9}, {"", 1e6}};
    for (size_t i = 0; end != v && !errno && i < sizeof units / sizeof *units; i++)
        if (!strcasecmp(end, units[i].unit)) {
            double ns = t * units[i].ns;
            if (ns >= MIN_NS && ns <= (double)max)
                return (uint64_t)ns;
            break;
        }
    bti_warn("BOBBIN_TIME_SLICE=%s is not a time from 50us to 10s (e.g. 2ms) or off; "
             "using 2ms", v);
    return def;
}

void bti_preempt_init(void)
{
    bti_g.time_slice_ns = read_time_slice();
    atomic_store(&bti_g.armed, 0);
    if (!bti_g.time_slice_ns)
        return;
    bti_dl_iterate(find_text, NULL);
    bti_text_find(spared, NSPARED);
    bti_async_init();
    bti_restart_init();
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_signal;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART;
    /* all but glibc's own (cancellation, setxid), as pthread_sigmask
     * leaves them: a setuid elsewhere would wait for a frozen KLT */
    sigfillset(&sa.sa_mask);
    for (int sig = SIGSYS + 1; sig < SIGRTMIN; sig++)
        sigdelset(&sa.sa_mask, sig);
    struct sigaction current;
    sigaction(SIGURG, &sa, &current);
    if (current.sa_sigaction != on_signal) /* not ours from a substrate abandoned by a fork */
        previous = current;
    bti_preempt_resume();
}

void bti_preempt_pause(void)
{
    if (!bti_g.time_slice_ns)
        return;
    atomic_store(&monitor_stop, 1);
    atomic_store(&bti_g.armed, 1);
    bti_futex_wake(&bti_g.armed, 1);
    pthread_join(monitor, NULL);
    atomic_store(&bti_g.armed, 0);
}

void bti_preempt_resume(void)
{
    if (!bti_g.time_slice_ns)
        return;
    atomic_store(&monitor_stop, 0);
    if (bti_spawn(&monitor, NULL, monitor_main, NULL))
        bti_fatal("cannot create the preemption monitor thread");
}

void bti_preempt_fini(void)
{
    if (!bti_g.time_slice_ns)
        return;
    bti_preempt_pause();
    struct sigaction current;
    sigaction(SIGURG, NULL, &current);
    if (current.sa_sigaction == on_signal)
        sigaction(SIGURG, &previous, NULL);
}

/* The child of a fork has no monitor: it gets one of its own. */
void bti_preempt_after_fork(void)
{
    atomic_store(&bti_g.armed, 0);
    bti_preempt_resume();
}

uint64_t bt_time_slice_ns(void) { return bti_g.time_slice_ns; }

/* Relaxed: the count is a hint to the monitor and the scheduler, which
 * look again at every round; only arming the monitor must not be lost,
 * and bti_monitor_arm's exchange orders that. */
void bt_units_wanted(int delta)
{
    if (atomic_fetch_add_explicit(&bti_g.units_wanted, delta, memory_order_relaxed) == 0 &&
        delta > 0 && !atomic_load_explicit(&bti_g.armed, memory_order_relaxed))
        bti_monitor_arm();
}
void bt_nopreempt_enter(void) { bti_nopreempt_enter(); }
void bt_nopreempt_leave(void) { bti_nopreempt_leave(); }
