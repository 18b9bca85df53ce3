/* This file makes again the system calls that the preemption signal
 * (preempt.c) ends with EINTR, so that each ends when and as it would have
 * without the signal. Every preemption of a KLT blocked in a call
 * interrupts it; made again with its whole timeout, a wait longer than two
 * slices on an ES that others want would never end.
 *
 * Calls the kernel makes again itself after a handler with SA_RESTART,
 * which ours has (they never come here), and which keep their meaning:
 *   - read, write on pipes, FIFOs, ttys, and sockets without timeouts;
 *     open of a FIFO, flock, fcntl(F_SETLKW): no timeout to restart;
 *   - wait4, waitpid, waitid: no timeout;
 *   - accept, connect, send*, recv* on sockets without SO_RCVTIMEO or
 *     SO_SNDTIMEO: no timeout;
 *   - mq_timedreceive, mq_timedsend: their end is absolute;
 *   - futex waits without a timeout: woken meanwhile, the restart finds
 *     the word changed and returns EAGAIN, which every futex user expects;
 *   - recvmmsg: its timeout counts only between datagrams, and the wait
 *     for one is made again.
 * Calls made again as they were by the handler (they end with EINTR after
 * any handler, signal(7)), and which keep their meaning so:
 *   - pause, sigsuspend, sigwaitinfo, semop, msgrcv, msgsnd: no timeout;
 *   - the futex waits of pthread_cond_timedwait, sem_timedwait,
 *     pthread_mutex_timedlock, pthread_rwlock_timed*: absolute timeouts;
 *   - clock_nanosleep with TIMER_ABSTIME: absolute.
 * Calls made again in another form, the handler reading their number from
 * the instruction that loaded it (call_number):
 *   - a relative sleep (nanosleep, clock_nanosleep): as an absolute
 *     clock_nanosleep to the end it had (restart_sleep);
 *   - a relative timeout the kernel leaves as it was (poll, epoll_wait,
 *     epoll_pwait, epoll_pwait2, rt_sigtimedwait, semtimedop, io_getevents,
 *     io_pgetevents, futex FUTEX_WAIT): given what is left until an end set
 *     at the first interruption to now plus the whole timeout (restart_left),
 *     which lengthens it by what had passed before the first signal only;
 *     poll becomes a ppoll and epoll_wait an epoll_pwait2, which take a
 *     timespec;
 *   - a timeout the kernel writes what is left of back (select, pselect6,
 *     ppoll): that, less how long the KLT stood frozen (restart_written);
 *   - a call that a socket's own timeout (SO_RCVTIMEO, SO_SNDTIMEO) made
 *     end with EINTR (read, write, recv*, send*, accept, connect): whole,
 *     at a syscall of Bobbin's that returns to the call's code, and ended
 *     as its timeout would when interrupted there past its end
 *     (restart_socket).
 * A call made again in another form is recognised, when interrupted again,
 * by its syscall instruction's address and by its time argument, the KLT's
 * restart_time (the instruction before still names the first call); a
 * socket call by where it is.
 *
 * A call whose number no instruction before it loads (one made through
 * syscall(3), which moves it from an argument) is named by the kernel: the
 * monitor reads /proc/self/task/TID/syscall right before it signals a
 * KLT (bti_restart_note), and the handler takes that number if the call it
 * finds has the same arguments, stack pointer and address. The kernel
 * shows a call being entered as running, not yet as the call: one that the
 * signal meets on its way in, rarely but more often when the OS makes the
 * KLT wait for a CPU, still returns EINTR.
 *
 * What returns EINTR. A call the handler cannot name. And any call during
 * which a signal of the program's came: the KLT blocks every signal in the
 * handler, and one pending that the program handles and the interrupted
 * code did not block is delivered as the call returns, as if it had
 * interrupted the call itself (so pause and sigsuspend end). And a call
 * the kernel makes again itself, blocked where the monitor saw it, when
 * such a signal came whose handler lacks SA_RESTART: that signal would
 * have ended it (an alarm that ends a read of an empty pipe).
 *
 * A call made again is entered only once the handler has returned. The
 * next signal of ours may come before (the monitor's, sent while a slow
 * OS thread thawed), and freeze the KLT at the syscall instruction: the
 * program's signals that came meanwhile would then be delivered before
 * the call, which would wait for what already came. So a signal that
 * finds the KLT where and as the handler left it (k->remade) takes the
 * call for the one interrupted, not yet left: ended with EINTR, and made
 * again or ended as it would have been; one the kernel makes again too. What still escapes: a signal the
 * program sends from another OS thread in the microseconds between the
 * check for pending ones and the call's entry. */
#include "restart.h"

#include <fcntl.h>
#include <linux/futex.h>
#include <signal.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

void bti_restart_socket_call(void); /* restart_x86_64.S */

#define NS_PER_S 1000000000LL

/* Whether the kernel has epoll_pwait2 (Linux 5.11). */
static bool have_epoll_pwait2;

void bti_restart_init(void)
{
    have_epoll_pwait2 = syscall(SYS_epoll_pwait2, -1, NULL, 0, NULL, NULL, 0) == -1 &&
                        errno != ENOSYS;
}

static long long ns_of(struct timespec t) { return (long long)t.tv_sec * NS_PER_S + t.tv_nsec; }

static struct timespec timespec_of(long long ns)
{
    if (ns < 0) /* past the end: one last look without waiting */
        ns = 0;
    return (struct timespec){.tv_sec = (time_t)(ns / NS_PER_S), .tv_nsec = (long)(ns % NS_PER_S)};
}

/* The number of the system call whose syscall instruction is at insn, from
 * the instruction that loads it: glibc's wrappers put `mov $nr, %eax` (or
 * `xor %eax, %eax` for read) right before the syscall, or before one or
 * two loads of arguments from the stack (`mov d8(%rsp)` into %edi, %rsi
 * or %rdx) on their cancellable path. A REX prefix would make the load
 * another register's. -1 if not found. */
static long call_number(const unsigned char *insn)
{
    const unsigned char *p = insn;
    if (p[0] != 0x0f || p[1] != 0x05)
        return -1;
    for (int loads = 0; loads <= 2; loads++) {
        if (p[-5] == 0xb8 && (p[-6] & 0xf0) != 0x40) {
            int32_t nr;
            memcpy(&nr, p - 4, sizeof nr);
            return nr;
        }
        if (p[-2] == 0x31 && p[-1] == 0xc0 && (p[-3] & 0xf0) != 0x40)
            return SYS_read;
        if (p[-4] == 0x8b && p[-3] == 0x7c && p[-2] == 0x24)
            p -= 4;
        else if (p[-5] == 0x48 && p[-4] == 0x8b && (p[-3] == 0x74 || p[-3] == 0x54) &&
                 p[-2] == 0x24)
            p -= 5;
        else
            return -1;
    }
    return -1;
}

/* Whether a signal is pending that the program handles and the
 * interrupted code did not block (`mask`), other than ours; with
 * `restarting`, one whose handler would not have the kernel make the
 * call it interrupts again (no SA_RESTART). */
static bool program_signal_pending(const sigset_t *mask, bool restarting)
{
    sigset_t pending;
    if (sigpending(&pending))
        return false;
    for (int sig = 1; sig < NSIG; sig++) {
        struct sigaction sa;
        if (sig != SIGURG && sigismember(&pending, sig) == 1 && !sigismember(mask, sig) &&
            !sigaction(sig, NULL, &sa) && sa.sa_handler != SIG_DFL && sa.sa_handler != SIG_IGN &&
            !(restarting && (sa.sa_flags & SA_RESTART)))
            return true;
    }
    return false;
}

/* A nanosleep or relative clock_nanosleep becomes an absolute
 * clock_nanosleep to the end it had when interrupted: then plus what the
 * kernel left in rem, or, without rem (usleep passes none), plus the whole
 * request. Interrupted again, the absolute one is made again as it is. */
static void restart_sleep(bti_klt_t *k, greg_t *regs, long nr, long long frozen)
{
    if (regs[REG_RDX] == (greg_t)&k->restart_time && regs[REG_RSI] == TIMER_ABSTIME) {
        regs[REG_RAX] = SYS_clock_nanosleep;
        return;
    }
    clockid_t clock = CLOCK_REALTIME;
    const struct timespec *req = (const struct timespec *)regs[REG_RDI];
    const struct timespec *rem = (const struct timespec *)regs[REG_RSI];
    if (nr == SYS_clock_nanosleep) {
        if (regs[REG_RSI] & TIMER_ABSTIME)
            return;
        clock = (clockid_t)regs[REG_RDI];
        req = (const struct timespec *)regs[REG_RDX];
        rem = (const struct timespec *)regs[REG_R10];
    }
    struct timespec now;
    if (clock_gettime(clock, &now))
        return;
    k->restart_time = timespec_of(ns_of(now) - frozen + ns_of(rem ? *rem : *req));
    regs[REG_RAX] = SYS_clock_nanosleep;
    regs[REG_RDI] = clock;
    regs[REG_RSI] = TIMER_ABSTIME;
    regs[REG_RDX] = (greg_t)&k->restart_time;
    regs[REG_R10] = 0;
}

/* A call with a timeout: the register holding it (in milliseconds, or a
 * pointer to a timespec or timeval), and what the call is made again as. */
enum form { LEFT, WRITTEN };
enum unit { MS, TS, TV };
static const struct timed {
    long nr, as;
    enum form form;
    int reg;
    enum unit unit;
} timed[] = {
    {SYS_poll, SYS_ppoll, LEFT, REG_RDX, MS},
    {SYS_epoll_wait, SYS_epoll_pwait2, LEFT, REG_R10, MS},
    {SYS_epoll_pwait, SYS_epoll_pwait2, LEFT, REG_R10, MS},
    {SYS_epoll_pwait2, SYS_epoll_pwait2, LEFT, REG_R10, TS},
    {SYS_rt_sigtimedwait, SYS_rt_sigtimedwait, LEFT, REG_RDX, TS},
    {SYS_semtimedop, SYS_semtimedop, LEFT, REG_R10, TS},
    {SYS_io_getevents, SYS_io_getevents, LEFT, REG_R8, TS},
    {SYS_io_pgetevents, SYS_io_pgetevents, LEFT, REG_R8, TS},
    {SYS_futex, SYS_futex, LEFT, REG_R10, TS},
    {SYS_select, SYS_select, WRITTEN, REG_R8, TV},
    {SYS_pselect6, SYS_pselect6, WRITTEN, REG_R8, TS},
    {SYS_ppoll, SYS_ppoll, WRITTEN, REG_RDX, TS},
};

/* The call is made again as t->as with what is left until the end set at
 * its first interruption, in restart_time. A ppoll made of a poll and an
 * epoll_pwait2 made of an epoll_wait get no signal mask (their sizes are
 * then unread: the registers that hold them may keep what glibc's wrapper
 * keeps there across the call); epoll_pwait keeps its mask. */
static void restart_left(bti_klt_t *k, greg_t *regs, const struct timed *t,
                         const unsigned char *insn, struct timespec at, struct timespec now)
{
    if (k->restart_at != insn || regs[t->reg] != (greg_t)&k->restart_time) {
        if (t->nr == SYS_futex && (regs[REG_RSI] & FUTEX_CMD_MASK) != FUTEX_WAIT)
            return; /* the other waits with a timeout have it absolute */
        if (t->as == SYS_epoll_pwait2 && !have_epoll_pwait2)
            return;
        long long whole;
        if (t->unit == MS) {
            int ms = (int)regs[t->reg];
            if (ms <= 0)
                return;
            whole = ms * 1000000LL;
        } else {
            const struct timespec *ts = (const struct timespec *)regs[t->reg];
            if (!ts)
                return;
            whole = ns_of(*ts);
        }
        if (t->nr == SYS_poll)
            regs[REG_R10] = 0;
        if (t->nr == SYS_epoll_wait)
            regs[REG_R8] = 0;
        k->restart_at = insn;
        k->restart_end = timespec_of(ns_of(at) + whole);
    }
    k->restart_time = timespec_of(ns_of(k->restart_end) - ns_of(now));
    regs[REG_RAX] = t->as;
    regs[t->reg] = (greg_t)&k->restart_time;
}

/* The kernel wrote what was left when interrupted back into the call's
 * timeout; the KLT has stood frozen since. */
static void restart_written(greg_t *regs, const struct timed *t, long long frozen)
{
    if (!regs[t->reg])
        return;
    if (t->unit == TV) {
        struct timeval *tv = (struct timeval *)regs[t->reg];
        long long left = (long long)tv->tv_sec * 1000000 + tv->tv_usec - frozen / 1000;
        if (left < 0)
            left = 0;
        tv->tv_sec = (time_t)(left / 1000000);
        tv->tv_usec = (suseconds_t)(left % 1000000);
    } else {
        struct timespec *ts = (struct timespec *)regs[t->reg];
        *ts = timespec_of(ns_of(*ts) - frozen);
    }
}

/* A socket's own timeout ends a call with EINTR when a handler interrupts
 * it. Made again, the call would wait its whole timeout again, which the
 * handler cannot shorten for one call: it is the socket's. So the call is
 * made again at bti_restart_socket_call, where an interruption is known to
 * be this call's, and one past the end set at the first interruption ends
 * it as its timeout would have (EAGAIN; EINPROGRESS for connect). It ends
 * at the first preemption past its end, or by its own timeout if none
 * comes: within twice its time when its ES stops being wanted meanwhile.
 * The option that bounds call nr, or 0. */
static int socket_timeout(long nr)
{
    switch (nr) {
    case SYS_read: case SYS_readv: case SYS_recvfrom: case SYS_recvmsg: case SYS_recvmmsg:
    case SYS_accept: case SYS_accept4:
        return SO_RCVTIMEO;
    case SYS_write: case SYS_writev: case SYS_sendto: case SYS_sendmsg: case SYS_sendmmsg:
    case SYS_connect:
        return SO_SNDTIMEO;
    default:
        return 0;
    }
}

enum { RED_ZONE = 128 };

/* Sends the call to the stub with a return address below the red zone,
 * to right after the syscall at regs' %rip (restart_x86_64.S). The stack
 * there holds nothing: no shadow memory to check. */
__attribute__((no_sanitize_address)) static void enter_stub(greg_t *regs)
{
    greg_t back = regs[REG_RIP] + 2;
    regs[REG_RSP] -= RED_ZONE + sizeof back;
    *(greg_t *)regs[REG_RSP] = back;
    regs[REG_RIP] = (greg_t)bti_restart_socket_call;
}

static void restart_socket(bti_klt_t *k, greg_t *regs, long nr, int option, struct timespec at)
{
    struct timeval t;
    socklen_t size = sizeof t;
    if (getsockopt((int)regs[REG_RDI], SOL_SOCKET, option, &t, &size) ||
        (!t.tv_sec && !t.tv_usec))
        return; /* not a socket's timeout: made again as it was */
    k->restart_nr = nr;
    k->restart_end = timespec_of(ns_of(at) + t.tv_sec * NS_PER_S + t.tv_usec * 1000LL);
    enter_stub(regs);
}

static void restart_socket_again(bti_klt_t *k, greg_t *regs, struct timespec now)
{
    if (ns_of(now) >= ns_of(k->restart_end)) {
        regs[REG_RAX] = k->restart_nr == SYS_connect ? -EINPROGRESS : -EAGAIN;
        return;
    }
    regs[REG_RAX] = k->restart_nr;
    regs[REG_RIP] -= 2;
}

void bti_restart_note(bti_klt_t *k)
{
    char path[64], text[256];
    snprintf(path, sizeof path, "/proc/self/task/%d/syscall", (int)k->tid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return;
    ssize_t n = read(fd, text, sizeof text - 1);
    close(fd);
    if (n <= 0)
        return;
    text[n] = '\0';
    struct bti_seen_call *c = &k->seen; /* "running" when not blocked */
    if (sscanf(text, "%ld %lx %lx %lx %lx %lx %lx %lx %lx", &c->nr, &c->arg[0], &c->arg[1],
               &c->arg[2], &c->arg[3], &c->arg[4], &c->arg[5], &c->sp, &c->pc) == 9)
        atomic_store_explicit(&k->seen_valid, 1, memory_order_release);
}

/* Whether the call whose syscall instruction ends at pc, with regs'
 * arguments, is the one the monitor saw. */
static bool seen_here(const struct bti_seen_call *c, const greg_t *regs, unsigned long pc)
{
    static const int args[6] = {REG_RDI, REG_RSI, REG_RDX, REG_R10, REG_R8, REG_R9};
    if (c->nr < 0 || c->pc != pc ||
        c->sp != (unsigned long)regs[REG_RSP])
        return false;
    for (int i = 0; i < 6; i++)
        if (c->arg[i] != (unsigned long)regs[args[i]])
            return false;
    return true;
}

/* Whether k stands where and as a handler left it to make a call again:
 * the call not entered yet. */
static bool before_remade(const bti_klt_t *k, const greg_t *regs)
{
    const struct bti_remade_call *r = &k->remade;
    return r->pc && (uintptr_t)regs[REG_RIP] == r->pc && (uintptr_t)regs[REG_RSP] == r->sp &&
           regs[REG_RAX] == r->rax;
}

bool bti_restart_wanted(bti_klt_t *k, ucontext_t *uc)
{
    greg_t *regs = uc->uc_mcontext.gregs;
    if (before_remade(k, regs)) {
        if (k->remade.by_kernel)
            return false; /* bti_restart_interrupted's */
        regs[REG_RIP] += 2;
        regs[REG_RAX] = -EINTR;
        return true;
    }
    k->remade.pc = 0;
    return regs[REG_RAX] == -EINTR;
}

/* Makes call nr, whose syscall instruction is at insn, again: as it was,
 * or in the form that ends it when it would have ended. */
static void remake(bti_klt_t *k, greg_t *regs, long nr, const unsigned char *insn,
                   struct timespec at, struct timespec now)
{
    regs[REG_RAX] = nr;
    regs[REG_RIP] -= 2;
    long long frozen = ns_of(now) - ns_of(at);
    if (nr == SYS_nanosleep || nr == SYS_clock_nanosleep) {
        restart_sleep(k, regs, nr, frozen);
        return;
    }
    int option = socket_timeout(nr);
    if (option) {
        restart_socket(k, regs, nr, option, at);
        return;
    }
    for (size_t i = 0; i < sizeof timed / sizeof *timed; i++)
        if (timed[i].nr == nr) {
            if (timed[i].form == LEFT)
                restart_left(k, regs, &timed[i], insn, at, now);
            else
                restart_written(regs, &timed[i], frozen);
            return;
        }
}

void bti_restart(bti_klt_t *k, ucontext_t *uc, const struct timespec *at,
                 const struct bti_seen_call *seen)
{
    greg_t *regs = uc->uc_mcontext.gregs;
    const unsigned char *insn = (const unsigned char *)regs[REG_RIP] - 2;
    bool in_stub = insn == (const unsigned char *)bti_restart_socket_call;
    long nr = in_stub ? k->restart_nr : call_number(insn);
    if (k->remade.pc == (uintptr_t)insn)
        nr = k->remade.nr; /* named when first made again, syscall(3)'s too */
    else if (nr < 0 && seen && seen_here(seen, regs, (unsigned long)regs[REG_RIP]))
        nr = seen->nr;
    k->remade.pc = 0;
    struct timespec now;
    if (nr < 0 || program_signal_pending(&uc->uc_sigmask, false) ||
        clock_gettime(CLOCK_MONOTONIC, &now))
        return;
    if (in_stub) {
        restart_socket_again(k, regs, now);
        return;
    }
    remake(k, regs, nr, insn, *at, now);
    if (regs[REG_RIP] == (greg_t)insn)
        k->remade = (struct bti_remade_call){(uintptr_t)insn, (uintptr_t)regs[REG_RSP],
                                             regs[REG_RAX], nr, false};
}

void bti_restart_interrupted(bti_klt_t *k, ucontext_t *uc, const struct bti_seen_call *seen)
{
    greg_t *regs = uc->uc_mcontext.gregs;
    bool again = k->remade.pc; /* bti_restart_wanted left it only if k stands there */
    k->remade.pc = 0;
    if (!again && !(seen && seen->nr == regs[REG_RAX] &&
                    seen_here(seen, regs, (unsigned long)regs[REG_RIP] + 2)))
        return;
    if (program_signal_pending(&uc->uc_sigmask, true)) {
        regs[REG_RIP] += 2;
        regs[REG_RAX] = -EINTR;
        return;
    }
    k->remade = (struct bti_remade_call){(uintptr_t)regs[REG_RIP], (uintptr_t)regs[REG_RSP],
                                         regs[REG_RAX], regs[REG_RAX], true};
}
