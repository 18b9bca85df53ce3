/* This file handles the device constructs of gcc binaries: TARGET, TARGET
 * DATA, TARGET ENTER/EXIT DATA and TARGET UPDATE, all on the host.
 *
 * A gcc binary sees no device on Bobbin: gcc's offload plugins belong to
 * libgomp, which Bobbin replaces and does not load, so for it the only
 * device is the host, the initial device, numbered omp_get_num_devices() =
 * 0 (gcc's -2 names it too). As in libgomp 12 without a device, any other
 * number still runs on the host, unless OMP_TARGET_OFFLOAD=mandatory: then
 * the program ends.
 *
 * A target region is the initial task of a contention group of its own:
 * the encountering unit runs it as a new initial thread (level 0, alone in
 * its team, the initial ICVs but for the region's thread_limit), then takes
 * its own OpenMP thread back, untouched. Mapping is the identity, except
 * for firstprivate data, of which the region gets copies: it runs on a
 * block (region_t) holding its own address array, whose firstprivate
 * entries point at copies after it, made when the construct is
 * encountered, so that a deferred (nowait) region sees the values of that
 * moment and the originals stay as they were. */
#include "gomp.h"
#include "ompt/ompt.h"

#include "task.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* gcc's encodings (include/gomp-constants.h) */
enum {
    GOMP_DEVICE_ICV = -1,
    GOMP_DEVICE_HOST_FALLBACK = -2,
    GOMP_MAP_FIRSTPRIVATE = 0x0c, /* the low byte of a kind */
    GOMP_TARGET_ARG_DEVICE_MASK = (1 << 7) - 1,
    GOMP_TARGET_ARG_DEVICE_ALL = 0,
    GOMP_TARGET_ARG_SUBSEQUENT_PARAM = 1 << 7,
    GOMP_TARGET_ARG_ID_MASK = ((1 << 8) - 1) << 8,
    GOMP_TARGET_ARG_THREAD_LIMIT = 2 << 8,
    GOMP_TARGET_ARG_VALUE_SHIFT = 16,
};

static void check_device(const bob_thread_t *self, int device)
{
    if (device == GOMP_DEVICE_ICV)
        device = self->icv.default_device;
    if (device == GOMP_DEVICE_HOST_FALLBACK || device == 0)
        return;
    if (bob_config.target_offload == BOB_OFFLOAD_MANDATORY)
        bob_gomp_fatal("OMP_TARGET_OFFLOAD is set to MANDATORY, but device not found");
}

/* The thread_limit clause among gcc's args, 0 if none: each argument is an
 * id word (the device it is for, 0 for all; its kind; its value shifted
 * up, unless SUBSEQUENT_PARAM says the value is the next word). */
static int thread_limit_arg(void **args)
{
    while (args && *args) {
        intptr_t id = (intptr_t)*args++;
        intptr_t value = id & GOMP_TARGET_ARG_SUBSEQUENT_PARAM
                             ? (intptr_t)*args++
                             : id >> GOMP_TARGET_ARG_VALUE_SHIFT;
        if ((id & GOMP_TARGET_ARG_DEVICE_MASK) == GOMP_TARGET_ARG_DEVICE_ALL &&
            (id & GOMP_TARGET_ARG_ID_MASK) == GOMP_TARGET_ARG_THREAD_LIMIT)
            return value <= 0 ? 0 : value > INT_MAX ? INT_MAX : (int)value;
    }
    return 0;
}

/* What a region runs with; the firstprivate copies follow hostaddrs. */
typedef struct region {
    void (*fn)(void *);
    int thread_limit; /* 0: the initial one */
    void *hostaddrs[];
} region_t;

/* Lays the region of target out in r, or, with r NULL, only measures it:
 * returns its size in bytes and the alignment it needs in *align (each
 * firstprivate copy aligned as its kind says, relative to r). */
static size_t region_layout(const bob_gomp_target_t *target, region_t *r, size_t *align)
{
    size_t at = sizeof(region_t) + target->mapnum * sizeof(void *);
    *align = _Alignof(region_t);
    if (r) {
        r->fn = target->fn;
        r->thread_limit = thread_limit_arg(target->args);
    }
    for (size_t i = 0; i < target->mapnum; i++) {
        unsigned short kind = target->kinds ? target->kinds[i] : 0;
        void *addr = target->hostaddrs[i];
        if ((kind & 0xff) == GOMP_MAP_FIRSTPRIVATE) {
            size_t a = (size_t)1 << (kind >> 8);
            *align = a > *align ? a : *align;
            at = (at + a - 1) & ~(a - 1);
            /* gfortran passes an absent OPTIONAL argument's descriptor
             * as NULL: the region tests presence by that NULL, which it
             * keeps, as libgomp's host fallback keeps it */
            if (r && addr)
                addr = memcpy((char *)r + at, addr, target->sizes[i]);
            at += target->sizes[i];
        }
        if (r)
            r->hostaddrs[i] = addr;
    }
    return at;
}

/* Runs r as the initial thread of a new contention group, on the calling
 * unit, and gives the caller its OpenMP thread back. */
static void region_run(region_t *r)
{
    bob_thread_t *encountering = bob_self();
    bob_thread_t *initial = bob_initial_thread_new();
    if (r->thread_limit)
        initial->icv.thread_limit = r->thread_limit;
    bob_set_self(initial);
    BOB_OMPT((bob_ompt_initial_begin(initial), bob_ompt_exit_frame(initial, __builtin_frame_address(0))));
    r->fn(r->hostaddrs);
    bob_team_wait_tasks(initial, initial->team);
    BOB_OMPT(bob_ompt_initial_end(initial));
    bob_set_self(encountering);
    bob_root_team_free(initial->team);
}

/* A nowait region is a gcc task whose argument block is the region, laid
 * out by its copy function from the construct's bob_gomp_target_t. */
static void region_task(void *r) { region_run(r); }

static void region_copy(void *r, void *target)
{
    size_t align;
    region_layout(target, r, &align);
}

void bob_gomp_target(bob_thread_t *self, int device, const bob_gomp_target_t *target,
                     unsigned flags, void **depend)
{
    check_device(self, device);
    size_t align, size = region_layout(target, NULL, &align);
    if (flags & BOB_GOMP_TARGET_NOWAIT) {
        bob_gomp_task(region_task, (void *)target, region_copy, (long)size, (long)align, true,
                      depend ? BOB_GOMP_TASK_DEPEND : 0, depend, 0, NULL);
        return;
    }
    region_t *r = aligned_alloc(align, (size + align - 1) & ~(align - 1));
    if (!r)
        bob_fatal("out of memory for a target region's firstprivate data");
    region_layout(target, r, &align); /* firstprivate: the values before the wait */
    if (depend)
        bob_gomp_taskwait_depend(self, depend);
    region_run(r);
    free(r);
}

static void no_work(void *unused) { (void)unused; }

void bob_gomp_target_data(bob_thread_t *self, int device, unsigned flags, void **depend)
{
    check_device(self, device);
    if (!depend)
        return;
    if (flags & BOB_GOMP_TARGET_NOWAIT) {
        bob_gomp_task(no_work, NULL, NULL, 0, 0, true, BOB_GOMP_TASK_DEPEND, depend, 0, NULL);
    } else {
        bob_gomp_taskwait_depend(self, depend);
    }
}
