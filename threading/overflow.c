/* This file detects stack overflows of ULTs and tasklets. Every stack has a
 * PROT_NONE guard below it; a SIGSEGV whose address lies in the guard of the
 * stack the ES is running on is an overflow, reported with the variable that
 * sizes stacks, after which the default action ends the process. Any other
 * SIGSEGV goes to the handler that was installed before ours (or to the
 * default action), as if Bobbin were not there. */
#include "overflow.h"

#include "es.h"
#include "stack.h"

#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum { ALTSTACK_SIZE = 64 << 10 };

static struct sigaction previous;

/* Async-signal-safe pieces of the message. */
static void put(const char *s)
{
    ssize_t ignored = write(STDERR_FILENO, s, strlen(s));
    (void)ignored;
}

static void put_size(size_t n)
{
    char buf[24], *p = buf + sizeof buf;
    *--p = '\0';
    do
        *--p = (char)('0' + n % 10);
    while (n /= 10);
    put(p);
}

static bool in_guard(const void *addr, const bti_stack_t *s)
{
    uintptr_t a = (uintptr_t)addr, lo = (uintptr_t)s->lo;
    return s->lo && a < lo && a >= lo - BTI_GUARD_SIZE;
}

static void on_segv(int sig, siginfo_t *info, void *context)
{
    bti_es_t *es = bti_es_self();
    bt_unit_t *u = es ? es->current : NULL;
    const bti_stack_t *stack = !es ? NULL : u ? bti_unit_stack(&es->sched_stack, u)
                                              : &es->sched_stack;
    if (stack == &bti_g.main_unit.stack) /* the kernel's to guard */
        stack = NULL;
    if (stack && in_guard(info->si_addr, stack)) {
        put("bobbin: stack overflow in ");
        put(u && u->is_tasklet ? "a tasklet (tasklets run on the ES's scheduler stack)"
                               : "a ULT");
        put(" of ");
        put_size(stack->size / BTI_STACK_SPAN);
        put(" bytes; set BOBBIN_STACK_SIZE (OMP_STACKSIZE for OpenMP threads) larger\n");
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
