/* The C library's calls about the calling thread, in front of the C
 * library's for the programs and libraries that bind them after Bobbin
 * (linked with -fopenmp, or LD_PRELOAD), so that an OpenMP thread answers
 * them as the thread it is, not as the OS thread serving its ES now:
 *   - pthread_getattr_np(pthread_self()): the stack its code runs on now
 *     (a runtime's C stack limit, a JVM's or a collector's thread
 *     registration), the guard below it; affinity and scheduling are the
 *     OS thread's, where it runs now;
 *   - pthread_getaffinity_np(pthread_self()): the CPUs it runs on now, as
 *     sched_getaffinity(0) answers;
 *   - pthread_setaffinity_np(pthread_self()) and sched_setaffinity(0):
 *     bind it, as a place would, to the ESs of those CPUs;
 *   - pthread_setname_np / pthread_getname_np(pthread_self()): a name of
 *     its own, kept in its TLS block, where it has one of its own.
 * Calls about other threads, and any call outside a unit's code (the
 * application's own threads), are the C library's. raise and
 * pthread_kill(pthread_self()) need nothing: the C library sends those to
 * the calling OS thread's kernel id, which runs the unit. Each name is
 * exported at the C library's current version and, as a stub, at the older
 * ones with the same arguments (symver.h). */
#include "c_library.h"
#include "kmpc.h"
#include "symver.h"

#include <bobbin/threading.h>

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>

static int self(pthread_t th) { return pthread_equal(th, pthread_self()); }

KMP_EXPORT int pthread_getattr_np(pthread_t th, pthread_attr_t *attr)
{
    REAL(pthread_getattr_np, "GLIBC_2.32");
    void *lo;
    size_t size, guard;
    pthread_t kernels;
    if (!self(th))
        return real(th, attr);
    if (!bt_self_unit_stack(&lo, &size, &guard))
        return real(bt_self_kernel_stack_thread(&kernels) ? kernels : th, attr);
    int err = pthread_attr_init(attr);
    if (err)
        return err;
    cpu_set_t cpus;
    struct sched_param param;
    int policy = sched_getscheduler(0);
    if (policy >= 0 && sched_getparam(0, &param) == 0) {
        pthread_attr_setschedpolicy(attr, policy);
        pthread_attr_setschedparam(attr, &param);
    }
    if (sched_getaffinity(0, sizeof cpus, &cpus) == 0)
        pthread_attr_setaffinity_np(attr, sizeof cpus, &cpus);
    pthread_attr_setguardsize(attr, guard);
    return pthread_attr_setstack(attr, lo, size);
}

KMP_EXPORT int pthread_getaffinity_np(pthread_t th, size_t setsize, cpu_set_t *set)
{
    REAL(pthread_getaffinity_np, "GLIBC_2.32");
    if (!self(th) || !bt_self_on_unit_block())
        return real(th, setsize, set);
    return sched_getaffinity(0, setsize, set) ? errno : 0;
}

KMP_EXPORT int pthread_setaffinity_np(pthread_t th, size_t setsize, const cpu_set_t *set)
{
    REAL(pthread_setaffinity_np, "GLIBC_2.34");
    int err = self(th) ? bt_self_bind_cpus(setsize, set) : -1;
    return err < 0 ? real(th, setsize, set) : err;
}

KMP_EXPORT int sched_setaffinity(pid_t pid, size_t setsize, const cpu_set_t *set)
{
    REAL(sched_setaffinity, "GLIBC_2.3.4");
    int err = pid == 0 ? bt_self_bind_cpus(setsize, set) : -1;
    if (err < 0)
        return real(pid, setsize, set);
    errno = err;
    return err ? -1 : 0;
}

enum { NAME_MAX_LEN = 16 }; /* the kernel's, with the terminating null */

/* The name of the OpenMP thread whose block this is; empty until set. */
static __thread char unit_name[NAME_MAX_LEN] __attribute__((tls_model("initial-exec")));

KMP_EXPORT int pthread_setname_np(pthread_t th, const char *name)
{
    REAL(pthread_setname_np, "GLIBC_2.34");
    if (!self(th) || !bt_self_on_unit_block())
        return real(th, name);
    if (strlen(name) >= NAME_MAX_LEN)
        return ERANGE;
    strcpy(unit_name, name);
    return 0;
}

KMP_EXPORT int pthread_getname_np(pthread_t th, char *buf, size_t len)
{
    REAL(pthread_getname_np, "GLIBC_2.34");
    if (!self(th) || !bt_self_on_unit_block())
        return real(th, buf, len);
    /* unnamed, it has the name a new thread inherits: the process's */
    const char *name = unit_name[0] ? unit_name : program_invocation_short_name;
    if (snprintf(buf, len, "%.15s", name) >= (int)len)
        return ERANGE;
    return 0;
}

V(pthread_getattr_np, "GLIBC_2.2.5")
V(pthread_getaffinity_np, "GLIBC_2.3.4")
V(pthread_setaffinity_np, "GLIBC_2.3.4")
V(pthread_setname_np, "GLIBC_2.12")
V(pthread_getname_np, "GLIBC_2.12")
