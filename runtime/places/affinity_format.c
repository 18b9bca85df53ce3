/* This file keeps the affinity-format-var (OMP_AFFINITY_FORMAT,
 * omp_set_affinity_format) and expands affinity formats for the calling
 * thread (omp_capture_affinity, omp_display_affinity). */
#include "places.h"
#include "places_internal.h"

#include "rt.h"

#include <ctype.h>
#include <hwloc.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static const char DEFAULT_AFFINITY_FORMAT[] =
    "OMP: pid %P tid %i thread %n bound to OS proc set {%A}";

static pthread_mutex_t format_lock = PTHREAD_MUTEX_INITIALIZER;
static char *affinity_format;

void bob_affinity_format_read(void)
{
    const char *v = getenv("OMP_AFFINITY_FORMAT");
    affinity_format = strdup(v ? v : DEFAULT_AFFINITY_FORMAT);
}

void bob_places_set_affinity_format(const char *format)
{
    bob_places_init();
    char *copy = strdup(format ? format : "");
    if (!copy) {
        bob_warn("omp_set_affinity_format: out of memory; the format is unchanged");
        return;
    }
    pthread_mutex_lock(&format_lock);
    char *old = affinity_format;
    affinity_format = copy;
    pthread_mutex_unlock(&format_lock);
    free(old);
}

/* A copy of the affinity-format-var (free it), or NULL. */
static char *format_copy(void)
{
    bob_places_init();
    pthread_mutex_lock(&format_lock);
    char *copy = strdup(affinity_format ? affinity_format : DEFAULT_AFFINITY_FORMAT);
    pthread_mutex_unlock(&format_lock);
    return copy;
}

/* Copies s into buffer like snprintf("%s"); returns strlen(s). */
static size_t copy_out(char *buffer, size_t size, const char *s)
{
    size_t len = strlen(s);
    if (buffer && size > 0) {
        size_t n = len < size - 1 ? len : size - 1;
        memcpy(buffer, s, n);
        buffer[n] = '\0';
    }
    return len;
}

size_t bob_places_get_affinity_format(char *buffer, size_t size)
{
    char *copy = format_copy();
    size_t len = copy_out(buffer, size, copy ? copy : "");
    free(copy);
    return len;
}

enum field {
    F_TEAM_NUM, F_NUM_TEAMS, F_NESTING_LEVEL, F_THREAD_NUM, F_NUM_THREADS,
    F_ANCESTOR_TNUM, F_HOST, F_PROCESS_ID, F_NATIVE_TID, F_THREAD_AFFINITY, F_UNKNOWN
};

static const struct {
    char short_name;
    const char *long_name;
} fields[] = {
    [F_TEAM_NUM] = {'t', "team_num"},
    [F_NUM_TEAMS] = {'T', "num_teams"},
    [F_NESTING_LEVEL] = {'L', "nesting_level"},
    [F_THREAD_NUM] = {'n', "thread_num"},
    [F_NUM_THREADS] = {'N', "num_threads"},
    [F_ANCESTOR_TNUM] = {'a', "ancestor_tnum"},
    [F_HOST] = {'H', "host"},
    [F_PROCESS_ID] = {'P', "process_id"},
    [F_NATIVE_TID] = {'i', "native_thread_id"},
    [F_THREAD_AFFINITY] = {'A', "thread_affinity"},
};

/* The field at *s (after "%" and the modifiers); advances past it. */
static enum field parse_field(const char **s)
{
    const char *p = *s;
    if (*p == '{') {
        const char *close = strchr(p, '}');
        if (!close) {
            *s = p + strlen(p);
            return F_UNKNOWN;
        }
        *s = close + 1;
        size_t n = (size_t)(close - p - 1);
        for (int f = 0; f < F_UNKNOWN; f++)
            if (strlen(fields[f].long_name) == n && !strncmp(p + 1, fields[f].long_name, n))
                return (enum field)f;
        return F_UNKNOWN;
    }
    if (!*p)
        return F_UNKNOWN;
    *s = p + 1;
    for (int f = 0; f < F_UNKNOWN; f++)
        if (fields[f].short_name == *p)
            return (enum field)f;
    return F_UNKNOWN;
}

/* The value of a string field, in b. A thread's affinity is the CPUs of
 * its place (where its unit may run: see placement.c), or of its OS
 * thread's mask if no place holds that mask. */
static void string_field(bob_strbuf_t *b, enum field f)
{
    int place = f == F_THREAD_AFFINITY ? bob_places_thread_place() : -1;
    if (f == F_HOST) {
        char host[256];
        if (gethostname(host, sizeof host))
            strcpy(host, "unknown");
        host[sizeof host - 1] = '\0';
        bob_sb_printf(b, "%s", host);
    } else if (f == F_THREAD_AFFINITY && place >= 0) {
        int n = bob_places_num_procs(place);
        int *cpus = malloc((size_t)n * sizeof *cpus);
        if (cpus) {
            bob_places_proc_ids(place, cpus);
            bob_sb_cpu_list(b, cpus, n, false);
            free(cpus);
        }
    } else if (f == F_THREAD_AFFINITY) {
        hwloc_bitmap_t mask = hwloc_bitmap_alloc();
        if (mask && bob_places_thread_mask(mask)) {
            int n = hwloc_bitmap_weight(mask), k = 0, cpu;
            int *cpus = malloc((size_t)n * sizeof *cpus);
            if (cpus) {
                hwloc_bitmap_foreach_begin(cpu, mask)
                    cpus[k++] = cpu;
                hwloc_bitmap_foreach_end();
                bob_sb_cpu_list(b, cpus, n, false);
                free(cpus);
            }
        }
        hwloc_bitmap_free(mask);
    } else {
        bob_sb_printf(b, "undefined");
    }
}

static long number_field(enum field f, const bob_thread_t *self)
{
    switch (f) {
    case F_TEAM_NUM: return self->team->league_num;
    case F_NUM_TEAMS: return self->team->league_size;
    case F_NESTING_LEVEL: return self->team->level;
    case F_THREAD_NUM: return self->tid;
    case F_NUM_THREADS: return self->team->nthreads;
    case F_ANCESTOR_TNUM:
        return self->team->level > 0 && self->team->master ? self->team->master->tid : -1;
    case F_PROCESS_ID: return (long)getpid();
    case F_NATIVE_TID: return (long)syscall(SYS_gettid);
    default: return 0;
    }
}

/* Expands format into b: "%%" is a percent sign; a field is
 * %[0][.][width]x or %[0][.][width]{name}: left-justified in `width`
 * columns, right-justified with ".", zero-padded with "0." (numbers). */
static void expand(bob_strbuf_t *b, const char *format)
{
    const bob_thread_t *self = bob_self();
    for (const char *s = format; *s;) {
        if (*s != '%') {
            size_t n = strcspn(s, "%");
            bob_sb_printf(b, "%.*s", (int)n, s);
            s += n;
            continue;
        }
        s++;
        if (*s == '%') {
            bob_sb_printf(b, "%%");
            s++;
            continue;
        }
        bool zero = *s == '0';
        s += zero;
        bool right = *s == '.';
        s += right;
        int width = 0;
        while (isdigit((unsigned char)*s)) {
            if (width < 4096)
                width = width * 10 + (*s - '0');
            s++;
        }
        enum field f = parse_field(&s);
        bob_strbuf_t value = {0};
        if (f == F_HOST || f == F_THREAD_AFFINITY || f == F_UNKNOWN)
            string_field(&value, f);
        else if (zero && right)
            bob_sb_printf(&value, "%0*ld", width, number_field(f, self));
        else
            bob_sb_printf(&value, "%ld", number_field(f, self));
        int pad = value.failed || (size_t)width <= value.len ? 0 : width - (int)value.len;
        if (right)
            bob_sb_pad(b, ' ', pad);
        if (!value.failed && value.s)
            bob_sb_printf(b, "%s", value.s);
        if (!right)
            bob_sb_pad(b, ' ', pad);
        free(value.s);
    }
}

char *bob_affinity_capture(const char *format)
{
    char *owned = NULL;
    if (!format || !*format)
        format = owned = format_copy();
    bob_strbuf_t b = {0};
    if (format) {
        bob_sb_printf(&b, "%s", "");
        expand(&b, format);
    }
    free(owned);
    if (b.failed || !format) {
        free(b.s);
        return NULL;
    }
    return b.s;
}

size_t bob_places_capture_affinity(char *buffer, size_t size, const char *format)
{
    char *line = bob_affinity_capture(format);
    size_t len = copy_out(buffer, size, line ? line : "");
    free(line);
    return len;
}

void bob_places_display_affinity(const char *format)
{
    char *line = bob_affinity_capture(format);
    if (line)
        fprintf(stdout, "%s\n", line);
    free(line);
}
