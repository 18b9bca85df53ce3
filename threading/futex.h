/* Linux futex wait and wake: the only place threading/ talks to the kernel
 * about sleeping. Raw system calls, not the C library's syscall(), which
 * writes errno when a wait ends early: the block loaded meanwhile may be a
 * unit's that waits with it (the home block a unit keeps, tls.h; a frozen
 * KLT's, klt.h), whose errno must stay as its code left it. */
#ifndef BTI_FUTEX_H
#define BTI_FUTEX_H

#include <linux/futex.h>
#include <stdatomic.h>
#include <sys/syscall.h>
#include <unistd.h>

static inline long bti_futex(_Atomic int *word, long op, long val)
{
    long ret;
    register long timeout __asm__("r10") = 0;
    __asm__ volatile("syscall"
                     : "=a"(ret)
                     : "a"((long)SYS_futex), "D"(word), "S"(op), "d"(val), "r"(timeout)
                     : "rcx", "r11", "memory");
    return ret;
}

/* Sleeps while *word == expected; returns on a wake, a signal or a value
 * change, so callers re-check their condition in a loop. */
static inline void bti_futex_wait(_Atomic int *word, int expected)
{
    bti_futex(word, FUTEX_WAIT_PRIVATE, expected);
}

static inline void bti_futex_wake(_Atomic int *word, int count)
{
    bti_futex(word, FUTEX_WAKE_PRIVATE, count);
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
