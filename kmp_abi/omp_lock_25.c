/* The OpenMP 2.5 lock ABI that old gcc binaries bind (libgomp's OMP_1.0
 * versions of the lock routines, C and Fortran). Simple locks did not
 * change in OpenMP 3.0 (gomp_versions.def aliases them), but a 2.5 nest
 * lock is owned by a thread, not by a task, and is 8 bytes (an owner and a
 * count): Bobbin's two-word nest lock, owned by the thread's gtid + 1. */
#include "kmpc.h"

#define NEST25(name, body)                                                             \
    KMP_EXPORT void bob_omp25_##name(omp_nest_lock_t *lock) { body; }                 \
    KMP_EXPORT void bob_omp25_##name##_(omp_nest_lock_t *lock) { body; }             \
    __asm__(".symver bob_omp25_" #name ", omp_" #name "@OMP_1.0\n"                     \
            ".symver bob_omp25_" #name "_, omp_" #name "_@OMP_1.0");

static uint32_t *words(omp_nest_lock_t *lock) { return (uint32_t *)lock; }
static uint32_t owner(void) { return (uint32_t)bob_self()->gtid + 1; }

NEST25(init_nest_lock, words(lock)[0] = words(lock)[1] = 0)
NEST25(destroy_nest_lock, words(lock)[0] = words(lock)[1] = 0)
NEST25(set_nest_lock, bob_nest_lock_acquire(words(lock), owner()))
NEST25(unset_nest_lock, bob_nest_lock_release(words(lock)))

KMP_EXPORT int bob_omp25_test_nest_lock(omp_nest_lock_t *lock)
{
    return bob_nest_lock_try(words(lock), owner());
}
KMP_EXPORT int32_t bob_omp25_test_nest_lock_(omp_nest_lock_t *lock)
{
    return bob_nest_lock_try(words(lock), owner());
}
__asm__(".symver bob_omp25_test_nest_lock, omp_test_nest_lock@OMP_1.0\n"
        ".symver bob_omp25_test_nest_lock_, omp_test_nest_lock_@OMP_1.0");
