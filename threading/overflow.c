/* This file detects stack overflows of ULTs and tasklets. Every stack has a
 * PROT_NONE guard below it (stack.h) as large as a frame the stack could
 * hold; a SIGSEGV whose address lies in the guard of the stack the ES is
 * running on, or that a frame leaping further made at its stack pointer
 * below that stack, is an overflow, reported with the variable that sizes
 * stacks, after which the default action ends the process. Units run in
 * place on the application's thread (bt_join) are on the kernel's stack of
 * that thread, which has no guard of ours: only the second test applies
 * there, and a fault of the thread's own code is left alone. Any other
 * SIGSEGV goes to the handler that was installed before ours (or to the
 * default action), as if Bobbin were not there. */
#include "overflow.h"

#include "es.h"
#include "stack.h"

#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

enum { ALTSTACK_SIZE = 64 << 10 };

static struct sigaction previous;

/* The message, built async-signal-safely and written at once, so that it
 * stays one line whatever other threads write. */
typedef struct line {
    char text[256];
    size_t len;
} line_t;

static void add(line_t *l, const char *s)
{
    while (*s && l->len < sizeof l->text)
        l->text[l->len++] = *s++;
}

/* n with the largest suffix that divides it, as BOBBIN_STACK_SIZE takes it. */
static void add_size(line_t *l, size_t n)
{
    char buf[24], *p = buf + sizeof buf;
    *--p = '\0';
    if (n && !(n & ((1u << 20) - 1))) {
        *--p = 'M';
        n >>= 20;
    } else if (n && !(n & ((1u << 10) - 1))) {
        *--p = 'K';
        n >>= 10;
    }
    do
        *--p = (char)('0' + n % 10);
    while (n /= 10);
    add(l, p);
}

static uintptr_t stack_pointer(const void *context)
{
    const ucontext_t *uc = context;
#if defined(__x86_64__)
    return (uintptr_t)uc->uc_mcontext.gregs[REG_RSP];
#elif defined(__aarch64__)
    return (uintptr_t)uc->uc_mcontext.sp;
#else
    (void)uc;
    return UINTPTR_MAX; /* no frame is known to have leapt */
#endif
}

/* A fault at addr, the stack pointer at sp, overflowed s, whose guard is
 * `guard` bytes: addr is in the guard, or it is at or above the stack
 * pointer (a page below it at most, as a push or a probe reaches) of a
 * frame that moved it past the guard, by less than the stack's span. A
 * stray pointer into the space below a stack is neither. */
static bool overflowed(const bti_stack_t *s, size_t guard, uintptr_t addr, uintptr_t sp)
{
    uintptr_t lo = (uintptr_t)s->lo;
    if (!s->lo || addr >= lo)
        return false;
    return lo - addr <= guard || (addr + 4096 >= sp && lo - addr <= guard + s->size);
}

static void on_segv(int sig, siginfo_t *info, void *context)
{
    bti_es_t *es = bti_es_self();
    bt_unit_t *u = es ? es->current : NULL;
    const bti_stack_t *stack = !es ? NULL : u ? bti_unit_stack(&es->sched_stack, u)
                                              : &es->sched_stack;
    bool kernels = stack == &bti_g.main_unit.stack; /* the application's thread */
    if (kernels && u == &bti_g.main_unit)
        stack = NULL;
    if (stack && overflowed(stack, kernels ? 0 : bti_stack_guard(stack->size),
                            (uintptr_t)info->si_addr, stack_pointer(context))) {
        line_t l = {.len = 0};
        add(&l, "bobbin: stack overflow in ");
        if (!u) {
            add(&l, "an ES's scheduler");
        } else if (u->is_tasklet) {
            add(&l, "a tasklet (it runs on the stack of the scheduler or unit that runs it)");
        } else {
            add(&l, "a ULT whose stack is ");
            add_size(&l, u->stack_size);
        }
        add(&l, "; set BOBBIN_STACK_SIZE (OMP_STACKSIZE for OpenMP threads and tasks) "
                "larger\n");
        ssize_t ignored = write(STDERR_FILENO, l.text, l.len);
        (void)ignored;
        signal(sig, SIG_DFL); /* the faulting access repeats and ends the process */
        return;
    }
    if ((previous.sa_flags & SA_SIGINFO) && previous.sa_sigaction)
        previous.sa_sigaction(sig, info, context);
    else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN)
        previous.sa_handler(sig);
    else
        signal(sig, SIG_DFL);
}

void bti_overflow_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_segv;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, &previous);
}

void bti_overflow_uninstall(void)
{
    struct sigaction current;
    sigaction(SIGSEGV, NULL, &current);
    if (current.sa_sigaction == on_segv)
        sigaction(SIGSEGV, &previous, NULL);
}

void *bti_overflow_thread_init(void)
{
    stack_t old;
    if (sigaltstack(NULL, &old) == 0 && !(old.ss_flags & SS_DISABLE))
        return NULL;
    void *mem = mmap(NULL, ALTSTACK_SIZE, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mem == MAP_FAILED)
        return NULL;
    stack_t ss = {.ss_sp = mem, .ss_size = ALTSTACK_SIZE, .ss_flags = 0};
    if (sigaltstack(&ss, NULL)) {
        munmap(mem, ALTSTACK_SIZE);
        return NULL;
    }
    return mem;
}

void bti_overflow_thread_fini(void *altstack)
{
    if (!altstack)
        return;
    stack_t ss = {.ss_flags = SS_DISABLE};
    sigaltstack(&ss, NULL);
    munmap(altstack, ALTSTACK_SIZE);
}
