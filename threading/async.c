/* This file redirects a preempted unit into a user-space yield (async.h),
 * Go's asynchronous preemption: the handler moves the interrupted stack
 * pointer below the 128-byte red zone, stores the interrupted instruction
 * there as a return address and resumes at bti_async_entry, which saves
 * every register and calls bti_async_yield.
 *
 * When. The handler redirects, where it would otherwise freeze the KLT,
 * only if all of these hold; else it freezes as before:
 *   - the interrupted instruction lies outside Bobbin's code (the caller
 *     checks), outside the C library and the loader (and, in sanitized
 *     builds, the sanitizers' runtimes): Bobbin calls them from its own
 *     code, whose locals (its ES's KLT, a seat field) belong to this OS
 *     thread, and their own code keeps state of the OS thread (the owner
 *     of a PI or robust mutex is its kernel id). Outside them, what runs
 *     is the unit's own code, which could have yielded there itself;
 *   - the unit is not in a system call, or in one the kernel makes again
 *     at its syscall instruction (SA_RESTART) that any OS thread may make
 *     (made_again_anywhere: a futex wait without a timeout), wherever
 *     that instruction lies (the C library's wrapper goes on from there
 *     with the unit's block). Not one just ended with EINTR (the caller
 *     checks), nor where restart.c left one to make again: those freeze,
 *     and restart.c makes the call again on the same KLT;
 *   - it is a ULT (a tasklet has no context of its own), not pinned to the
 *     application's thread (bti_pinned), whose code stays on that thread;
 *   - its TLS block goes where it goes (movable_block): its own or
 *     borrowed, that of the unit beneath it whose block it runs with in
 *     place, or the ES's home block for units without one, which every OS
 *     thread serving the ES loads for them; loaded now, and its slots
 *     loaded (bti_tls_unit); never an OS thread's own;
 *   - it is not in a signal handler of the program's: its signal mask is
 *     its KLT's at start (a handler blocks at least its own signal, unless
 *     SA_NODEFER with an empty mask), and its stack pointer lies within its
 *     stack (not on an alternate signal stack), with room below for the
 *     saved state and the yield;
 *   - no switch of its ES is half done (no deferred work waits), and it
 *     holds no spinlock of the substrate's nor is in an outcall (preempt.h).
 * An SC unit not yet promoted, or a unit run in place on its joiner's
 * stack (host), suspends from the entry as from any other call in its
 * code: bti_switch_to_sched promotes it and its hosts, and the frames
 * beneath the entry go along with the stack they are on.
 *
 * Where the unit goes. bti_async_yield yields it as bt_yield does, behind
 * the units ready on its ES (the scheduler's pick counts as the ES's
 * switch for the monitor). A unit that stands for a thread (klt.h's
 * in_thread) was stopped outside a scheduling point, as a frozen one is:
 * until it runs again it counts among its ES's frozen threads, so that the
 * ES runs only threads meanwhile, and it stays on its ES (as a frozen KLT's
 * proxy does: the count is its ES's) and counts as a waiting thread for
 * the monitor (as the proxy, a progress unit, does). It may go on on any
 * OS thread serving its ES. */
#include "async.h"

#include "fork.h"
#include "preempt.h"
#include "scheduler.h"

#include <linux/futex.h>
#include <link.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

enum {
    RED_ZONE = 128,
    /* what the entry pushes (16 registers and the return address), the
     * XSAVE area's alignment, and the yield's frames (a promotion maps a
     * stack) */
    ENTRY_ROOM = 17 * 8 + 64 + 16384,
};

/* The XSAVE area's size for the features the OS enabled (bytes); 0: no
 * redirection. Read by bti_async_entry. */
__attribute__((visibility("hidden"))) uint64_t bti_async_xsave_size;

void bti_async_entry(void);

static struct bti_text outside[] = {
    {"/libc.so", 0, 0},
    {"/ld-linux", 0, 0},
#ifdef BTI_ASAN
    {"/libasan.so", 0, 0},
    {"/libubsan.so", 0, 0},
#endif
};
enum { NOUTSIDE = sizeof outside / sizeof *outside };

static int find_texts(struct dl_phdr_info *info, size_t size, void *arg)
{
    (void)size;
    struct bti_text *texts = ((struct bti_text **)arg)[0];
    size_t n = (size_t)((struct bti_text **)arg)[1];
    for (size_t t = 0; t < n; t++) {
        if (!info->dlpi_name || !strstr(info->dlpi_name, texts[t].name))
            continue;
        for (int i = 0; i < info->dlpi_phnum; i++) {
            const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
            if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X)) {
                texts[t].lo = info->dlpi_addr + ph->p_vaddr;
                texts[t].hi = texts[t].lo + ph->p_memsz;
            }
        }
    }
    return 0;
}

void bti_text_find(struct bti_text *texts, size_t n)
{
    void *arg[2] = {texts, (void *)n};
    bti_dl_iterate(find_texts, arg);
}

bool bti_text_has(const struct bti_text *texts, size_t n, uintptr_t pc)
{
    for (size_t t = 0; t < n; t++)
        if (pc >= texts[t].lo && pc < texts[t].hi)
            return true;
    return false;
}

void bti_async_init(void)
{
#if defined(__x86_64__)
    unsigned a, b, c, d;
    enum { XSAVE = 1u << 26, OSXSAVE = 1u << 27 };
    if (!__get_cpuid(1, &a, &b, &c, &d) || (c & (XSAVE | OSXSAVE)) != (XSAVE | OSXSAVE) ||
        __get_cpuid_max(0, NULL) < 0xd)
        return;
    __cpuid_count(0xd, 0, a, b, c, d);
    bti_async_xsave_size = b;
    bti_text_find(outside, NOUTSIDE);
#endif
}

/* Whether the interrupted code runs with the signal mask its KLT started
 * with (signals 1-64: the kernel's mask, all that the context holds). */
static bool mask_is_base(const ucontext_t *uc, const bti_klt_t *k)
{
    for (int sig = 1; sig <= 64; sig++)
        if (sigismember(&uc->uc_sigmask, sig) != sigismember(&k->base_mask, sig))
            return false;
    return true;
}

/* Whether the system call the kernel set regs to make again after the
 * handler (SA_RESTART: at its syscall instruction, its number in rax, its
 * arguments as they were) may be made again by whichever OS thread runs
 * the unit next: a wait on a futex word without a timeout (one with a
 * timeout is restarted through restart_syscall, which resumes a per-thread
 * record of the kernel's) and without priority inheritance (which names
 * the kernel thread). A lock's or a condition's wait is made again there
 * after any signal anyway. Others freeze: a program that signals the OS
 * thread blocked in a read, to end it with EINTR, finds it there. */
static bool made_again_anywhere(const greg_t *regs)
{
    int op = (int)regs[REG_RSI] & FUTEX_CMD_MASK;
    return regs[REG_RAX] == SYS_futex && (op == FUTEX_WAIT || op == FUTEX_WAIT_BITSET);
}

/* The block loaded goes where u goes: u's own or borrowed one; where u runs
 * in place with its joiner's (no block of its own), that of the unit
 * beneath it on the stack, which goes along with the stack; or, where u and
 * the units beneath it have none, the ES's home block, which every OS
 * thread serving the ES loads for such units, as where they yield. */
static bool movable_block(const bti_es_t *es, const bt_unit_t *u)
{
    if (bti_tls_unit != u)
        return false;
    const bt_unit_t *owner = u;
    while (owner->tls_mode == BTI_TLS_NONE && owner->host)
        owner = owner->host;
    if (owner->tls_mode == BTI_TLS_NONE)
        return es->cur_tls == es->home_tls && !es->home_frozen;
    return owner->tls == es->cur_tls && owner->tls != es->home_tls &&
           bti_tls_is_units(owner->tls);
}

static bool switch_done(const bti_es_t *es)
{
    return !es->dead && !es->parking && !es->yielding && !es->moving && !es->roc_completed;
}

/* The unit's stack is written below its red zone: no sanitizer checks it. */
__attribute__((no_sanitize_address)) bool bti_async_redirect(bti_es_t *es, bti_klt_t *k,
                                                              ucontext_t *uc)
{
    greg_t *regs = uc->uc_mcontext.gregs;
    uintptr_t pc = (uintptr_t)regs[REG_RIP], sp = (uintptr_t)regs[REG_RSP];
    bt_unit_t *u = es->current;
    if (!bti_async_xsave_size || u->is_tasklet || bti_pinned(u) || bti_outcall ||
        k->remade.pc ||
        (bti_at_syscall(pc) ? !made_again_anywhere(regs) : bti_text_has(outside, NOUTSIDE, pc)) ||
        !movable_block(es, u) || !switch_done(es) || !mask_is_base(uc, k))
        return false;
    const bti_stack_t *s = bti_unit_stack(&es->sched_stack, u);
    uintptr_t lo = (uintptr_t)s->lo, hi = lo + s->size;
    if (sp < lo || sp > hi || sp - lo < RED_ZONE + ENTRY_ROOM + bti_async_xsave_size)
        return false;
    sp -= RED_ZONE + 8;
    *(greg_t *)sp = regs[REG_RIP];
    regs[REG_RSP] = (greg_t)sp;
    regs[REG_RIP] = (greg_t)(uintptr_t)bti_async_entry;
    return true;
}

/* Called by bti_async_entry on the unit's stack, every register of the
 * interrupted code saved; returns when the unit runs again, on whatever
 * OS thread serves its ES then. A unit interrupted with the ES's home block
 * (movable_block) was halfway through writing it: it stays on this ES, and
 * keeps the block from the units that start meanwhile (es->home_kept), as
 * a frozen one keeps it (home_frozen), whatever its waits do. */
__attribute__((used, visibility("hidden"))) void bti_async_yield(void)
{
    bti_es_t *es = bti_es_self();
    bt_unit_t *self = es->current;
    bool thread = bti_in_thread(self), home = es->cur_tls == es->home_tls,
         migratable = self->migratable, progress = self->progress;
    if (thread) {
        self->progress = true;
        es->frozen_threads++;
    }
    if (thread || home)
        self->migratable = false;
    es->home_kept += home;
    es->yielding = self;
    es->current = NULL;
    bti_switch_to_sched(es, self);
    es = bti_es_self();
    es->home_kept -= home;
    self->migratable = migratable;
    if (thread) {
        self->progress = progress;
        es->frozen_threads--;
        bti_aside_return(es);
    }
}
