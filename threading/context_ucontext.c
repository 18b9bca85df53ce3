/* Portable contexts on top of ucontext, for platforms without an assembly
 * context switch (build option BOBBIN_CONTEXT=ucontext). */
#include "context.h"

#include "log.h"

#include <stdint.h>

/* makecontext passes int arguments only: a pointer travels as two halves. */
struct start_args {
    btd_entry_t entry;
    void *arg;
};

static void trampoline(unsigned hi, unsigned lo)
{
    struct start_args *a = (struct start_args *)(((uintptr_t)hi << 32) | lo);
    a->entry(a->arg);
    bti_fatal("a context entry function returned");
}

void btd_ctx_make(btd_ctx_t *ctx, void *lo, size_t size, btd_entry_t entry, void *arg)
{
    /* The arguments live at the top of the new stack until entry starts. */
    struct start_args *a = (struct start_args *)(((uintptr_t)lo + size -
                                                  sizeof *a) & ~(uintptr_t)15);
    a->entry = entry;
    a->arg = arg;
    if (getcontext(&ctx->uc))
        bti_fatal("getcontext failed");
    ctx->uc.uc_stack.ss_sp = lo;
    ctx->uc.uc_stack.ss_size = (size_t)((char *)a - (char *)lo);
    ctx->uc.uc_link = NULL;
    uintptr_t p = (uintptr_t)a;
    makecontext(&ctx->uc, (void (*)(void))trampoline, 2, (unsigned)(p >> 32),
                (unsigned)p);
}

void btd_ctx_switch(btd_ctx_t *from, btd_ctx_t *to)
{
    swapcontext(&from->uc, &to->uc);
}

void btd_ctx_start(btd_ctx_t *from, void *lo, size_t size, btd_entry_t entry, void *arg)
{
    btd_ctx_t fresh;
    btd_ctx_make(&fresh, lo, size, entry, arg);
    swapcontext(&from->uc, &fresh.uc);
}

void btd_ctx_run(void *lo, size_t size, btd_entry_t entry, void *arg)
{
    btd_ctx_t fresh;
    btd_ctx_make(&fresh, lo, size, entry, arg);
    btd_ctx_jump(&fresh);
}

void btd_ctx_jump(btd_ctx_t *to)
{
    setcontext(&to->uc);
    bti_fatal("setcontext failed");
}
