/* GOMP entry points outside the constructs: the error directive at run
 * time, and the allocate directive's allocation routines. */
#include "gomp_abi.h"

#include "alloc/alloc.h"

#include <string.h>

/* msglen is the message's length, or (size_t)-1 for a NUL-terminated one;
 * ra the directive's address, for a tool. */
static void error_directive(const char *msg, size_t msglen, bool fatal, const void *ra)
{
    size_t n = !msg ? 0 : msglen == (size_t)-1 ? strlen(msg) : msglen;
    char text[n + 1];
    if (n)
        memcpy(text, msg, n);
    text[n] = '\0';
    BOB_OMPT(bob_ompt_error(fatal, msg ? text : NULL, ra));
    bob_error_directive_gomp(fatal, msg ? text : NULL);
}

GOMP_EXPORT void GOMP_error(const char *msg, size_t msglen)
{
    error_directive(msg, msglen, true, __builtin_return_address(0));
}

GOMP_EXPORT void GOMP_warning(const char *msg, size_t msglen)
{
    error_directive(msg, msglen, false, __builtin_return_address(0));
}

GOMP_EXPORT void *GOMP_alloc(size_t alignment, size_t size, uintptr_t allocator)
{
    return bob_alloc(alignment, size, (omp_allocator_handle_t)allocator, "GOMP_alloc");
}

GOMP_EXPORT void GOMP_free(void *ptr, uintptr_t allocator)
{
    bob_free(ptr, (omp_allocator_handle_t)allocator, "GOMP_free");
}
