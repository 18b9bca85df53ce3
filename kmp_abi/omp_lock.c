/* The omp_*lock routines over the runtime's locks: a simple lock is the
 * 4-byte lock word at the start of omp_lock_t (gcc's omp_lock_t is 4 bytes),
 * a nest lock the 8-byte one at the start of omp_nest_lock_t (clang's is 8
 * bytes, gcc's 16), owned by the thread's gtid + 1. */
#include "kmpc.h"

#define OMP_API KMP_EXPORT

static uint32_t *word_of(void *lock) { return (uint32_t *)lock; }

OMP_API void omp_init_lock(omp_lock_t *lock) { *word_of(lock) = 0; }
OMP_API void omp_init_lock_with_hint(omp_lock_t *lock, omp_sync_hint_t hint)
{
    (void)hint;
    omp_init_lock(lock);
}
OMP_API void omp_destroy_lock(omp_lock_t *lock) { *word_of(lock) = 0; }
OMP_API void omp_set_lock(omp_lock_t *lock) { bob_lock_acquire(word_of(lock)); }
OMP_API void omp_unset_lock(omp_lock_t *lock) { bob_lock_release(word_of(lock)); }
OMP_API int omp_test_lock(omp_lock_t *lock) { return bob_lock_try(word_of(lock)); }

static uint32_t me(void) { return bob_nest_owner(bob_self()); }

OMP_API void omp_init_nest_lock(omp_nest_lock_t *lock)
{
    word_of(lock)[0] = 0;
    word_of(lock)[1] = 0;
}
OMP_API void omp_init_nest_lock_with_hint(omp_nest_lock_t *lock, omp_sync_hint_t hint)
{
    (void)hint;
    omp_init_nest_lock(lock);
}
OMP_API void omp_destroy_nest_lock(omp_nest_lock_t *lock) { omp_init_nest_lock(lock); }
OMP_API int omp_test_nest_lock(omp_nest_lock_t *lock)
{
    return bob_nest_lock_try(word_of(lock), me());
}
OMP_API void omp_set_nest_lock(omp_nest_lock_t *lock)
{
    bob_nest_lock_acquire(word_of(lock), me());
}
OMP_API void omp_unset_nest_lock(omp_nest_lock_t *lock)
{
    bob_nest_lock_release(word_of(lock));
}

/* The __kmpc_ forms take the lock's address as a void **. */
#define KMPC_LOCK(NAME, LOCK_T, RET)                                                 \
    KMP_EXPORT RET __kmpc_##NAME(ident_t *loc, kmp_int32 gtid, void **lock)          \
    {                                                                                \
        (void)loc, (void)gtid;                                                       \
        return omp_##NAME((LOCK_T *)lock);                                           \
    }
KMPC_LOCK(init_lock, omp_lock_t, void)
KMPC_LOCK(destroy_lock, omp_lock_t, void)
KMPC_LOCK(set_lock, omp_lock_t, void)
KMPC_LOCK(unset_lock, omp_lock_t, void)
KMPC_LOCK(test_lock, omp_lock_t, int)
KMPC_LOCK(init_nest_lock, omp_nest_lock_t, void)
KMPC_LOCK(destroy_nest_lock, omp_nest_lock_t, void)
KMPC_LOCK(set_nest_lock, omp_nest_lock_t, void)
KMPC_LOCK(unset_nest_lock, omp_nest_lock_t, void)
KMPC_LOCK(test_nest_lock, omp_nest_lock_t, int)

KMP_EXPORT void __kmpc_init_lock_with_hint(ident_t *loc, kmp_int32 gtid, void **lock,
                                           uintptr_t hint)
{
    (void)loc, (void)gtid, (void)hint;
    omp_init_lock((omp_lock_t *)lock);
}

KMP_EXPORT void __kmpc_init_nest_lock_with_hint(ident_t *loc, kmp_int32 gtid, void **lock,
                                                uintptr_t hint)
{
    (void)loc, (void)gtid, (void)hint;
    omp_init_nest_lock((omp_nest_lock_t *)lock);
}
