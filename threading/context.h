/* Machine contexts: the four primitives every context switch in Bobbin is
 * made of. The assembly version (context_x86_64.S) keeps a context as one
 * saved stack pointer; the ucontext build option (context_ucontext.c) is
 * portable and much slower, since swapcontext saves the signal mask with a
 * system call. */
#ifndef BTI_CONTEXT_H
#define BTI_CONTEXT_H

#include <stddef.h>

#ifdef BOBBIN_CONTEXT_UCONTEXT
#include <ucontext.h>
typedef struct btd_ctx { ucontext_t uc; } btd_ctx_t;
#else
typedef struct btd_ctx { void *sp; } btd_ctx_t;
#endif

typedef void (*btd_entry_t)(void *arg);

/* Saves the running context in *from and resumes *to. */
void btd_ctx_switch(btd_ctx_t *from, btd_ctx_t *to);
/* Saves the running context in *from and calls entry(arg) on the stack
 * [lo, lo + size). entry must never return. */
void btd_ctx_start(btd_ctx_t *from, void *lo, size_t size, btd_entry_t entry, void *arg);
/* Resumes *to without saving anything: the caller's context is dead. */
__attribute__((noreturn)) void btd_ctx_jump(btd_ctx_t *to);
/* Calls entry(arg) on the stack [lo, lo + size), dropping the running
 * context. entry must never return. */
__attribute__((noreturn)) void btd_ctx_run(void *lo, size_t size, btd_entry_t entry, void *arg);
/* Prepares *ctx so that resuming it calls entry(arg) on [lo, lo + size). */
void btd_ctx_make(btd_ctx_t *ctx, void *lo, size_t size, btd_entry_t entry, void *arg);

#ifndef BOBBIN_CONTEXT_UCONTEXT
/* Return on completion (context_x86_64.S): saves the running context in
 * *save and calls entry(arg) on the stack below top; returns when entry
 * returns. If the callee leaves through *save instead, it must overwrite
 * the return address at btd_roc_ret_slot(top) before it can complete. */
void btd_roc_call(btd_ctx_t *save, void *top, btd_entry_t entry, void *arg);
static inline void **btd_roc_ret_slot(void *top) { return (void **)((char *)top - 24); }
#define BTD_HAVE_ROC 1
#endif

#endif
