/* The __kmpc_atomic_* entry points: exact results of a representative set
 * (every op of fixed4 and float8, every flavour, float10, the complex types,
 * fixed1/2 signed and unsigned div/shr, the callback, compare and
 * start/end forms), deterministically on one thread and under contention
 * from 4 pthreads x 10000 operations. The expectations hold for LLVM's
 * libomp too: build this file against it to check them (-lomp).
 *
 * LLVM's libomp on x86-64 Linux has no _Quad support, so it exports no
 * float16/cmplx16 entry points; neither does Bobbin, and there is nothing to
 * test for them. */
#include "atomic.h"

int failures;

/* ---- driver ---------------------------------------------------------------- */

typedef void case_fn(enum phase, int, int);
static case_fn *const cases[] = {
    case_fixed4, case_fixed4_capture, case_fixed4_rev_mix_swp, case_small,
    case_float8, case_float10, case_float4_mix, case_real_swp,
    case_cmplx4, case_cmplx8, case_cmplx10,
    case_tearing, case_cmplx_swp, case_generic,
};
enum { NCASES = sizeof cases / sizeof cases[0] };

static pthread_barrier_t barrier;
static int ready[NCASES];

static void *worker(void *arg)
{
    int t = (int)(intptr_t)arg;
    int g = __kmpc_global_thread_num(NULL);
    for (int k = 0; k < NCASES; k++) {
        pthread_barrier_wait(&barrier);  /* main has set the case up */
        /* a barrier releases threads one by one; line them up closer so
         * that their operations really overlap */
        __atomic_fetch_add(&ready[k], 1, __ATOMIC_SEQ_CST);
        while (__atomic_load_n(&ready[k], __ATOMIC_ACQUIRE) < NT)
            sched_yield();
        cases[k](WORK, t, g);
        pthread_barrier_wait(&barrier);  /* main checks */
    }
    return NULL;
}

int main(void)
{
    pthread_t th[NT];
    int g = __kmpc_global_thread_num(NULL);

    deterministic(g);

    pthread_barrier_init(&barrier, NULL, NT + 1);
    for (int t = 0; t < NT; t++)
        pthread_create(&th[t], NULL, worker, (void *)(intptr_t)t);
    for (int k = 0; k < NCASES; k++) {
        cases[k](SETUP, 0, g);
        pthread_barrier_wait(&barrier);
        pthread_barrier_wait(&barrier);
        cases[k](CHECK, 0, g);
    }
    for (int t = 0; t < NT; t++)
        pthread_join(th[t], NULL);

    if (failures) {
        printf("kmp_abi.atomic: %d failures\n", failures);
        return 1;
    }
    printf("kmp_abi.atomic: ok (%d threads x %d ops, %d cases)\n", NT, N,
           (int)NCASES);
    return 0;
}
