/* __cxa_thread_atexit_impl: where the C++ runtime registers the destructor
 * of a thread_local object. Objects in TLS that Bobbin swaps between OpenMP
 * threads get their destructors from the runtime (runtime/tls.c); all
 * others go on to the C library's implementation. Defined with the C
 * library's version, GLIBC_2.18, so that libstdc++'s reference binds here
 * first (Bobbin is loaded before libc). */
#include "kmpc.h"

#include "tls.h"

#include <dlfcn.h>

typedef int (*thread_atexit_t)(void (*)(void *), void *, void *);

KMP_EXPORT int bob_cxa_thread_atexit_impl(void (*dtor)(void *), void *obj, void *dso)
{
    if (bob_tls_register_dtor(dtor, obj))
        return 0;
    static thread_atexit_t next;
    if (!next)
        next = (thread_atexit_t)dlvsym(RTLD_NEXT, "__cxa_thread_atexit_impl", "GLIBC_2.18");
    if (!next)
        bob_fatal("the C library's __cxa_thread_atexit_impl cannot be found");
    return next(dtor, obj, dso);
}
__asm__(".symver bob_cxa_thread_atexit_impl,__cxa_thread_atexit_impl@@GLIBC_2.18");
