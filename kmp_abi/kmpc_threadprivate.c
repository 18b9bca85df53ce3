/* Entry points of THREADPRIVATE without TLS (-fno-openmp-use-tls). */
#include "kmpc.h"

typedef void *(*kmpc_ctor)(void *);
typedef void *(*kmpc_cctor)(void *, void *);
typedef void (*kmpc_dtor)(void *);
typedef void *(*kmpc_ctor_vec)(void *, size_t);
typedef void *(*kmpc_cctor_vec)(void *, void *, size_t);
typedef void (*kmpc_dtor_vec)(void *, size_t);

KMP_EXPORT void *__kmpc_threadprivate(ident_t *loc, kmp_int32 gtid, void *data,
                                      size_t size)
{
    (void)loc, (void)gtid;
    bob_init();
    return bob_threadprivate(data, size);
}

/* cache is the compiler's per-variable lookup cache; the runtime's own
 * table serves instead. */
KMP_EXPORT void *__kmpc_threadprivate_cached(ident_t *loc, kmp_int32 gtid, void *data,
                                             size_t size, void ***cache)
{
    (void)cache;
    return __kmpc_threadprivate(loc, gtid, data, size);
}

KMP_EXPORT void __kmpc_threadprivate_register(ident_t *loc, void *data, kmpc_ctor ctor,
                                              kmpc_cctor cctor, kmpc_dtor dtor)
{
    (void)loc;
    bob_threadprivate_register(data, ctor, cctor, dtor, 0);
}

KMP_EXPORT void __kmpc_threadprivate_register_vec(ident_t *loc, void *data,
                                                  kmpc_ctor_vec ctor, kmpc_cctor_vec cctor,
                                                  kmpc_dtor_vec dtor, size_t length)
{
    (void)loc, (void)dtor;
    bob_threadprivate_register_vec(data, ctor, cctor, length);
}
