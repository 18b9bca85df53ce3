/* Atomic tests of the callback, compare-and-swap and start/end forms, and
 * the single-thread semantics of every flavour. */
#include "atomic.h"

/* ---- callback, compare, start/end ----------------------------------------- */

static void add_float(void *out, void *a, void *b)
{
    *(float *)out = *(float *)a + *(float *)b;
}

static void add_c8(void *out, void *a, void *b)
{
    *(c8_t *)out = *(c8_t *)a + *(c8_t *)b;
}

static float gen4;
static c8_t gen16;
static int32_t cas_counter;
static int64_t plain_counter; /* only touched between start and end */

void case_generic(enum phase ph, int t, int g)
{
    (void)t;
    if (ph == SETUP) {
        gen4 = 0;
        gen16 = 0;
        cas_counter = 0;
        plain_counter = 0;
    } else if (ph == WORK) {
        for (int i = 0; i < N; i++) {
            float one = 1;
            c8_t step = 1 - 1.0i;
            __kmpc_atomic_4(NULL, g, &gen4, &one, add_float);
            __kmpc_atomic_16(NULL, g, &gen16, &step, add_c8);
            int32_t seen = __kmpc_atomic_val_4_cas(NULL, g, &cas_counter, 0, 0);
            while (!__kmpc_atomic_bool_4_cas(NULL, g, &cas_counter, seen, seen + 1))
                seen = __kmpc_atomic_val_4_cas(NULL, g, &cas_counter, seen, seen);
            __kmpc_atomic_start();
            plain_counter++;
            __kmpc_atomic_end();
        }
    } else {
        CHECK_EQ(gen4, TOTAL);
        CHECK_C(gen16, TOTAL, -TOTAL);
        CHECK_EQ(cas_counter, TOTAL);
        CHECK_EQ(plain_counter, TOTAL);
    }
}

/* ---- single-thread semantics of each flavour ------------------------------ */

void deterministic(int g)
{
    int32_t x = 10;
    CHECK_EQ(__kmpc_atomic_fixed4_sub_cpt(NULL, g, &x, 3, 0), 10);
    CHECK_EQ(x, 7);
    CHECK_EQ(__kmpc_atomic_fixed4_sub_cpt(NULL, g, &x, 3, 1), 4);
    CHECK_EQ(__kmpc_atomic_fixed4_sub_cpt_rev(NULL, g, &x, 3, 1), -1);
    CHECK_EQ(__kmpc_atomic_fixed4_sub_cpt_rev(NULL, g, &x, 3, 0), -1);
    CHECK_EQ(x, 4);
    CHECK_EQ(__kmpc_atomic_fixed4_div_cpt_rev(NULL, g, &x, 20, 1), 5);
    __kmpc_atomic_fixed4_shl_rev(NULL, g, &x, 3);  /* 3 << 5 */
    CHECK_EQ(x, 96);
    x = 4;
    CHECK_EQ(__kmpc_atomic_fixed4_shl_cpt_rev(NULL, g, &x, 1, 0), 4);
    CHECK_EQ(x, 16);
    x = 5;
    CHECK_EQ(__kmpc_atomic_fixed4_max_cpt(NULL, g, &x, 3, 1), 5);
    CHECK_EQ(__kmpc_atomic_fixed4_max_cpt(NULL, g, &x, 3, 0), 5);
    CHECK_EQ(__kmpc_atomic_fixed4_max_cpt(NULL, g, &x, 9, 0), 5);
    CHECK_EQ(__kmpc_atomic_fixed4_max_cpt(NULL, g, &x, 12, 1), 12);
    CHECK_EQ(__kmpc_atomic_fixed4_min_cpt(NULL, g, &x, 20, 1), 12);
    CHECK_EQ(__kmpc_atomic_fixed4_min_cpt(NULL, g, &x, -3, 0), 12);
    CHECK_EQ(x, -3);
    x = 0;
    __kmpc_atomic_fixed4_orl(NULL, g, &x, 5);
    CHECK_EQ(x, 1);
    x = 5;
    CHECK_EQ(__kmpc_atomic_fixed4_andl_cpt(NULL, g, &x, 7, 1), 1);
    x = 7;
    __kmpc_atomic_fixed4_mul_float8(NULL, g, &x, 0.5);
    CHECK_EQ(x, 3);
    x = -7;
    __kmpc_atomic_fixed4_div_float8(NULL, g, &x, 2.0);
    CHECK_EQ(x, -3);
    short s = 7;
    __kmpc_atomic_fixed2_div_float8(NULL, g, &s, 2.0);
    CHECK_EQ(s, 3);
    x = 0x0f;
    CHECK_EQ(__kmpc_atomic_fixed4_eqv_cpt(NULL, g, &x, 0x3c, 1), ~0x33);
    char c = 0x0f;
    CHECK_EQ(__kmpc_atomic_fixed1_eqv_cpt(NULL, g, &c, 0x3c, 1), (char)0xcc);
    CHECK_EQ(__kmpc_atomic_fixed4_rd(NULL, g, &x), ~0x33);
    __kmpc_atomic_fixed4_wr(NULL, g, &x, 42);
    CHECK_EQ(__kmpc_atomic_fixed4_swp(NULL, g, &x, 43), 42);
    CHECK_EQ(x, 43);
    uint32_t u = 0xffffffffu;
    CHECK_EQ(__kmpc_atomic_fixed4u_shr_cpt(NULL, g, &u, 28, 1), 15);
    CHECK_EQ(__kmpc_atomic_fixed4u_shr_cpt_rev(NULL, g, &u, 0x80000000u, 0), 15);
    CHECK_EQ(u, 0x80000000u >> 15);
    CHECK_EQ(__kmpc_atomic_fixed4u_div_cpt(NULL, g, &u, 2, 1), 0x8000u);

    /* rev forms of the small types, signed and unsigned */
    c = 3;
    __kmpc_atomic_fixed1_shl_rev(NULL, g, &c, 1);
    CHECK_EQ(c, 8);
    c = 2;
    CHECK_EQ(__kmpc_atomic_fixed1_shr_cpt_rev(NULL, g, &c, -64, 1), -16);
    unsigned char uc = 2;
    __kmpc_atomic_fixed1u_shr_rev(NULL, g, &uc, 200);
    CHECK_EQ(uc, 50);
    CHECK_EQ(__kmpc_atomic_fixed1u_div_cpt(NULL, g, &uc, 3, 0), 50);
    CHECK_EQ(uc, 16);
    s = 3;
    __kmpc_atomic_fixed2_div_rev(NULL, g, &s, -30000);
    CHECK_EQ(s, -10000);
    unsigned short us = 3;
    CHECK_EQ(__kmpc_atomic_fixed2u_div_cpt_rev(NULL, g, &us, 60000, 1), 20000);
    CHECK_EQ(__kmpc_atomic_fixed2u_shr_cpt(NULL, g, &us, 4, 0), 20000);
    CHECK_EQ(us, 1250);
    s = -32768;
    CHECK_EQ(__kmpc_atomic_fixed2_shr_cpt(NULL, g, &s, 15, 1), -1);

    /* float8 and float10 captures and rev */
    double d = 3;
    CHECK_EQ(__kmpc_atomic_float8_div_cpt(NULL, g, &d, 2, 1), 1.5);
    CHECK_EQ(__kmpc_atomic_float8_div_cpt_rev(NULL, g, &d, 3, 0), 1.5);
    CHECK_EQ(d, 2);
    CHECK_EQ(__kmpc_atomic_float8_sub_cpt_rev(NULL, g, &d, 0.5, 1), -1.5);
    CHECK_EQ(__kmpc_atomic_float8_max_cpt(NULL, g, &d, -2, 1), -1.5);
    CHECK_EQ(__kmpc_atomic_float8_min_cpt(NULL, g, &d, -2, 1), -2);
    CHECK_EQ(__kmpc_atomic_float8_rd(NULL, g, &d), -2);
    __kmpc_atomic_float8_wr(NULL, g, &d, 0.25);
    CHECK_EQ(__kmpc_atomic_float8_swp(NULL, g, &d, 8), 0.25);
    long double ld = 1;
    CHECK_EQ(__kmpc_atomic_float10_add_cpt(NULL, g, &ld, 0x1p-63L, 1), 1 + 0x1p-63L);
    CHECK_EQ(__kmpc_atomic_float10_sub_cpt_rev(NULL, g, &ld, 2, 0), 1 + 0x1p-63L);
    CHECK_EQ(ld, 1 - 0x1p-63L);
    CHECK_EQ(__kmpc_atomic_float10_max_cpt(NULL, g, &ld, 5, 0), 1 - 0x1p-63L);
    CHECK_EQ(__kmpc_atomic_float10_min_cpt(NULL, g, &ld, 7, 1), 5);
    CHECK_EQ(__kmpc_atomic_float10_rd(NULL, g, &ld), 5);
    CHECK_EQ(__kmpc_atomic_float10_swp(NULL, g, &ld, -1), 5);
    CHECK_EQ(ld, -1);

    /* complex captures: cmplx4 through *out, the others by value */
    c4_t z4 = 1 + 2.0if, out4 = 0;
    __kmpc_atomic_cmplx4_mul_cpt(NULL, g, &z4, 2.0if, &out4, 0);
    CHECK_C(out4, 1, 2);
    CHECK_C(z4, -4, 2);
    __kmpc_atomic_cmplx4_sub_cpt_rev(NULL, g, &z4, 1, &out4, 1);
    CHECK_C(out4, 5, -2);
    CHECK_C(z4, 5, -2);
    z4 = 2.0if; /* division by an imaginary number is exact */
    __kmpc_atomic_cmplx4_div_cpt_rev(NULL, g, &z4, 4 + 6.0if, &out4, 0);
    CHECK_C(out4, 0, 2);
    CHECK_C(z4, 3, -2);
    __kmpc_atomic_cmplx4_swp(NULL, g, &z4, 7, &out4);
    CHECK_C(__kmpc_atomic_cmplx4_rd(NULL, g, &z4), 7, 0);
    c8_t z8 = 4 + 2.0i;
    CHECK_C(__kmpc_atomic_cmplx8_div_cpt(NULL, g, &z8, 2.0i, 1), 1, -2);
    CHECK_C(__kmpc_atomic_cmplx8_sub_cpt_rev(NULL, g, &z8, 1, 0), 1, -2);
    CHECK_C(z8, 0, 2);
    CHECK_C(__kmpc_atomic_cmplx8_swp(NULL, g, &z8, 9), 0, 2);
    CHECK_C(__kmpc_atomic_cmplx8_rd(NULL, g, &z8), 9, 0);
    c10_t z10 = 1;
    CHECK_C(__kmpc_atomic_cmplx10_add_cpt(NULL, g, &z10, 1.0il, 1), 1, 1);
    CHECK_C(__kmpc_atomic_cmplx10_mul_cpt(NULL, g, &z10, 1.0il, 0), 1, 1);
    CHECK_C(z10, -1, 1);

    /* compare-and-swap forms */
    char cx = 2, cv = 0;
    CHECK(!__kmpc_atomic_bool_1_cas_cpt(NULL, g, &cx, 1, 3, &cv));
    CHECK_EQ(cv, 2);
    cv = 0;
    CHECK(__kmpc_atomic_bool_1_cas_cpt(NULL, g, &cx, 2, 3, &cv));
    CHECK_EQ(cv, 0);
    CHECK_EQ(cx, 3);
    int64_t lx = 5, lv = 0;
    CHECK_EQ(__kmpc_atomic_val_8_cas_cpt(NULL, g, &lx, 4, 6, &lv), 5);
    CHECK_EQ(lv, 5);
    CHECK_EQ(__kmpc_atomic_val_8_cas_cpt(NULL, g, &lx, 5, 6, &lv), 5);
    CHECK_EQ(lv, 6);
    CHECK_EQ(lx, 6);
}

