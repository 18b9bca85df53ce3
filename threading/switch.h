/* Transfers of control between contexts of one ES. Every switch goes
 * through these so that AddressSanitizer, when built in, is told which
 * stack runs next (it would otherwise report the switch as an overflow). */
#ifndef BTI_SWITCH_H
#define BTI_SWITCH_H

#include "asan.h"
#include "context.h"
#include "unit.h"

#ifdef BTI_ASAN
/* The sanitizer's key values of the OS thread serving an ES (tls.h). */
enum { BTI_ASAN_SAVE_BYTES = 512 };
#define BTI_ASAN_SEAT(es) ((es)->asan_save)
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#define BTI_ASAN_LEAVE(save, stack)                                                   \
    __sanitizer_start_switch_fiber(save, (stack)->lo, (stack)->size)
#define BTI_ASAN_ARRIVE(save) __sanitizer_finish_switch_fiber(save, NULL, NULL)
/* A frame's prologue poisons its redzones and leaves its variables' shadow
 * as it finds it, clean if every frame before returned. A context started
 * at a stack's top drops whatever frames were there (a scheduler restarted
 * or stopped), so their poison must go first. */
#define BTI_ASAN_FRESH(stack) __asan_unpoison_memory_region((stack)->lo, (stack)->size)
#else
#define BTI_ASAN_SEAT(es) NULL
#define BTI_ASAN_LEAVE(save, stack) ((void)(save), (void)(stack))
#define BTI_ASAN_ARRIVE(save) ((void)(save))
#define BTI_ASAN_FRESH(stack) ((void)(stack))
#endif

static inline void bti_switch(btd_ctx_t *from, btd_ctx_t *to, const bti_stack_t *to_stack)
{
    void *fake = NULL;
    BTI_ASAN_LEAVE(&fake, to_stack);
    btd_ctx_switch(from, to);
    BTI_ASAN_ARRIVE(fake);
}

/* The new context's entry function must call BTI_ASAN_ARRIVE(NULL) first. */
static inline void bti_start(btd_ctx_t *from, const bti_stack_t *stack,
                             btd_entry_t entry, void *arg)
{
    void *fake = NULL;
    BTI_ASAN_LEAVE(&fake, stack);
    btd_ctx_start(from, stack->lo, stack->size, entry, arg);
    BTI_ASAN_ARRIVE(fake);
}

__attribute__((noreturn)) static inline void bti_jump(btd_ctx_t *to,
                                                      const bti_stack_t *to_stack)
{
    BTI_ASAN_LEAVE(NULL, to_stack);
    btd_ctx_jump(to);
}

/* Calls entry(arg) on stack, for good: the running context is dropped.
 * entry must call BTI_ASAN_ARRIVE(NULL) first. */
__attribute__((noreturn)) static inline void bti_run_on(const bti_stack_t *stack,
                                                        btd_entry_t entry, void *arg)
{
    BTI_ASAN_FRESH(stack);
    BTI_ASAN_LEAVE(NULL, stack);
    btd_ctx_run(stack->lo, stack->size, entry, arg);
}

/* Makes ctx a context that calls entry(arg) at the top of stack, where no
 * frame of what ran there before is kept. entry must call
 * BTI_ASAN_ARRIVE(NULL) first. */
static inline void bti_ctx_make(btd_ctx_t *ctx, const bti_stack_t *stack, btd_entry_t entry,
                                void *arg)
{
    BTI_ASAN_FRESH(stack);
    btd_ctx_make(ctx, stack->lo, stack->size, entry, arg);
}

#endif
