/* This file measures how many bytes a private copy of a task reduction item
 * needs, when the compiler's declared size cannot be trusted.
 *
 * clang 14 and 19 declare, for an array section of constant length
 * (task_reduction(+: a[0:16]) of double), the size of ONE element (8) in
 * the reduction input, while the init and comb functions they pass loop
 * over the whole section (16 elements): copies of the declared size are
 * overrun. The section's length is a constant inside those functions and
 * nowhere else, so the runtime measures what init writes: it runs init
 * once on a probe, a large reserved mapping whose first bytes hold a
 * pattern, and takes the last byte init changed, or, past the pattern, the
 * last page init made resident (an initialiser writes the object from its
 * start on, so the written pages are one run). A byte init sets to the
 * pattern's own value would hide, so a second run with another pattern
 * settles the end exactly. The extent is a property of the init function,
 * kept in a list for the rest of the process: each function is probed
 * once. Items of variable length (clang's lazy flag) declare their size in
 * bytes correctly and are not probed: their functions read the length from
 * a variable the task sets just before it asks for its copy. */
#include "task.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum {
    PATTERN_BYTES = 64 * 1024, /* compared byte by byte; beyond, pages */
    PATTERN_A = 0xa5,
    PATTERN_B = 0x5a,
};

/* What init covers, found once per function. */
typedef struct extent {
    void *init;
    size_t bytes;
    struct extent *next;
} extent_t;

static _Atomic(extent_t *) known;

/* The probe: as large a reservation as the system grants, from 16 GiB
 * down, with a guard page after it. */
static char *probe_map(size_t *span)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    for (size_t want = (size_t)16 << 30; want >= PATTERN_BYTES; want /= 2) {
        char *p = mmap(NULL, want + page, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (p == MAP_FAILED)
            continue;
        mprotect(p + want, page, PROT_NONE);
        madvise(p, want, MADV_NOHUGEPAGE); /* residency counts small pages */
        *span = want;
        return p;
    }
    return NULL;
}

/* The end of the run of resident pages from the pattern's end on. */
static size_t resident_end(char *p, size_t span)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE), at = PATTERN_BYTES;
    unsigned char in[256];
    while (at < span) {
        size_t n = (span - at) / page < sizeof in ? (span - at) / page : sizeof in;
        if (mincore(p + at, n * page, in))
            return at;
        for (size_t i = 0; i < n; i++, at += page)
            if (!(in[i] & 1))
                return at;
    }
    return span;
}

/* Bytes init changed in the probe filled with `pattern` at its start. */
static size_t written(const bob_taskred_fns_t *fns, char *p, size_t span, int pattern)
{
    memset(p, pattern, PATTERN_BYTES);
    bob_taskred_call_init(fns, p, 0);
    size_t end = resident_end(p, span);
    if (end == PATTERN_BYTES) {
        while (end > 0 && (unsigned char)p[end - 1] == pattern)
            end--;
    }
    if (fns->fini)
        fns->fini(p);
    return end;
}

/* False if no probe could be mapped. */
static bool measure(const bob_taskred_fns_t *fns, size_t *bytes)
{
    size_t span;
    char *p = probe_map(&span);
    if (!p)
        return false;
    size_t a = written(fns, p, span, PATTERN_A);
    size_t b = a > PATTERN_BYTES ? a : written(fns, p, span, PATTERN_B);
    munmap(p, span + (size_t)sysconf(_SC_PAGESIZE));
    *bytes = a > b ? a : b;
    return true;
}

size_t bob_taskred_extent(const bob_taskred_fns_t *fns, size_t declared)
{
    if (!fns->init1 && !fns->init2)
        return declared;
    void *init = fns->init2 ? (void *)fns->init2 : (void *)fns->init1;
    for (extent_t *e = atomic_load_explicit(&known, memory_order_acquire); e; e = e->next)
        if (e->init == init)
            return e->bytes > declared ? e->bytes : declared;
    size_t bytes;
    if (!measure(fns, &bytes)) {
        bob_warn("no memory to measure a task reduction item; trusting its declared size %zu",
                 declared);
        return declared;
    }
    extent_t *e = malloc(sizeof *e);
    if (e) { /* a race may list a function twice, with the same extent */
        *e = (extent_t){init, bytes, atomic_load_explicit(&known, memory_order_relaxed)};
        while (!atomic_compare_exchange_weak_explicit(&known, &e->next, e,
                                                      memory_order_release,
                                                      memory_order_relaxed))
            ;
    }
    return bytes > declared ? bytes : declared;
}
