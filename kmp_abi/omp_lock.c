/* The omp_*lock routines over the runtime's locks: a simple lock is the
 * 4-byte lock word at the start of omp_lock_t (gcc's omp_lock_t is 4 bytes),
 * a nest lock the 8-byte one at the start of omp_nest_lock_t (clang's is 8
 * bytes, gcc's 16), owned by the thread's gtid + 1. Each routine and its
 * __kmpc_ form record their caller for a tool, then share one body. */
#include "kmpc.h"

#define OMP_API KMP_EXPORT

static uint32_t *word_of(void *lock) { return (uint32_t *)lock; }
static uint32_t me(void) { return bob_nest_owner(bob_self()); }

/* Initialising a lock starts the runtime and makes the caller an OpenMP
 * thread, so that the tool, started with the runtime, hears of the lock on
 * that thread: a program's first OpenMP call may be this one. */
static void init_lock(void *lock, unsigned hint)
{
    (void)bob_self();
    *word_of(lock) = 0;
    BOB_OMPT(bob_ompt_lock_init(ompt_mutex_lock, hint, lock));
}

static void destroy_lock(void *lock)
{
    *word_of(lock) = 0;
    BOB_OMPT(bob_ompt_lock_destroy(ompt_mutex_lock, lock));
}

static void set_lock(void *lock) { bob_mutex_acquire(word_of(lock), ompt_mutex_lock, 0); }
static void unset_lock(void *lock) { bob_mutex_release(word_of(lock), ompt_mutex_lock); }
static int test_lock(void *lock) { return bob_mutex_try(word_of(lock), ompt_mutex_test_lock); }

static void init_nest_lock(void *lock, unsigned hint)
{
    (void)bob_self();
    word_of(lock)[0] = 0;
    word_of(lock)[1] = 0;
    BOB_OMPT(bob_ompt_lock_init(ompt_mutex_nest_lock, hint, lock));
}

static void destroy_nest_lock(void *lock)
{
    word_of(lock)[0] = 0;
    word_of(lock)[1] = 0;
    BOB_OMPT(bob_ompt_lock_destroy(ompt_mutex_nest_lock, lock));
}

static void set_nest_lock(void *lock)
{
    if (__builtin_expect(bob_ompt_on, 0))
        bob_ompt_nest_lock_acquire(word_of(lock), me());
    else
        bob_nest_lock_acquire(word_of(lock), me());
}

static void unset_nest_lock(void *lock)
{
    if (__builtin_expect(bob_ompt_on, 0))
        bob_ompt_nest_lock_release(word_of(lock));
    else
        bob_nest_lock_release(word_of(lock));
}

static int test_nest_lock(void *lock)
{
    return __builtin_expect(bob_ompt_on, 0) ? bob_ompt_nest_lock_try(word_of(lock), me())
                                            : bob_nest_lock_try(word_of(lock), me());
}

/* omp_NAME(omp_LOCK_t *lock, ARGS...) and __kmpc_NAME(loc, gtid, void **lock,
 * ARGS...) over NAME's body. */
#define BOB_LOCK_ROUTINE(RET, NAME, LOCK, ...)                                       \
    OMP_API RET omp_##NAME(LOCK *lock)                                               \
    {                                                                                \
        BOB_OMPT_RA();                                                               \
        return NAME(lock __VA_ARGS__);                                               \
    }                                                                                \
    KMP_EXPORT RET __kmpc_##NAME(ident_t *loc, kmp_int32 gtid, void **lock)          \
    {                                                                                \
        (void)loc, (void)gtid;                                                       \
        BOB_OMPT_RA();                                                               \
        return NAME(lock __VA_ARGS__);                                               \
    }
BOB_LOCK_ROUTINE(void, init_lock, omp_lock_t, , 0)
BOB_LOCK_ROUTINE(void, destroy_lock, omp_lock_t)
BOB_LOCK_ROUTINE(void, set_lock, omp_lock_t)
BOB_LOCK_ROUTINE(void, unset_lock, omp_lock_t)
BOB_LOCK_ROUTINE(int, test_lock, omp_lock_t)
BOB_LOCK_ROUTINE(void, init_nest_lock, omp_nest_lock_t, , 0)
BOB_LOCK_ROUTINE(void, destroy_nest_lock, omp_nest_lock_t)
BOB_LOCK_ROUTINE(void, set_nest_lock, omp_nest_lock_t)
BOB_LOCK_ROUTINE(void, unset_nest_lock, omp_nest_lock_t)
BOB_LOCK_ROUTINE(int, test_nest_lock, omp_nest_lock_t)

/* The hint is the one thing a tool is told of it: every hint is served by
 * the one lock kind. */
OMP_API void omp_init_lock_with_hint(omp_lock_t *lock, omp_sync_hint_t hint)
{
    BOB_OMPT_RA();
    init_lock(lock, (unsigned)hint);
}

OMP_API void omp_init_nest_lock_with_hint(omp_nest_lock_t *lock, omp_sync_hint_t hint)
{
    BOB_OMPT_RA();
    init_nest_lock(lock, (unsigned)hint);
}

KMP_EXPORT void __kmpc_init_lock_with_hint(ident_t *loc, kmp_int32 gtid, void **lock,
                                           uintptr_t hint)
{
    (void)loc, (void)gtid;
    BOB_OMPT_RA();
    init_lock(lock, (unsigned)hint);
}

KMP_EXPORT void __kmpc_init_nest_lock_with_hint(ident_t *loc, kmp_int32 gtid, void **lock,
                                                uintptr_t hint)
{
    (void)loc, (void)gtid;
    BOB_OMPT_RA();
    init_nest_lock(lock, (unsigned)hint);
}
