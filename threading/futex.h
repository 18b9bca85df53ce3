/* Linux futex wait and wake: the only place threading/ talks to the kernel
 * about sleeping. */
#ifndef BTI_FUTEX_H
#define BTI_FUTEX_H

#include <linux/futex.h>
#include <stdatomic.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Sleeps while *word == expected; returns on a wake, a signal or a value
 * change, so callers re-check their condition in a loop. */
static inline void bti_futex_wait(_Atomic int *word, int expected)
{
    syscall(SYS_futex, (int *)word, FUTEX_WAIT_PRIVATE, expected, NULL, NULL, 0);
}

static inline void bti_futex_wake(_Atomic int *word, int count)
{
    syscall(SYS_futex, (int *)word, FUTEX_WAKE_PRIVATE, count, NULL, NULL, 0);
}

static inline void bti_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ volatile("yield");
#endif
}

#endif
