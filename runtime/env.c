/* This file reads the OMP_* and BOBBIN_* environment variables into the
 * initial ICVs. A malformed value is reported in one line naming the
 * variable, the value and what is used instead; it never stops the program. */
#include "alloc/alloc.h"
#include "places/places.h"
#include "rt.h"

#include <bobbin/threading.h>
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

bob_config_t bob_config;

enum { BOB_SUPPORTED_ACTIVE_LEVELS = 255 };

/* Parses a positive integer ending at a delimiter; NULL if malformed. */
static const char *parse_positive(const char *s, int *out)
{
    while (isspace((unsigned char)*s))
        s++;
    if (!isdigit((unsigned char)*s))
        return NULL;
    errno = 0;
    char *end;
    long v = strtol(s, &end, 10);
    if (errno || v < 1 || v > INT_MAX)
        return NULL;
    while (isspace((unsigned char)*end))
        end++;
    *out = (int)v;
    return end;
}

/* Entries of a comma-separated list: an upper bound for its array. */
static size_t list_entries(const char *v)
{
    size_t n = 1;
    for (; *v; v++)
        n += *v == ',';
    return n;
}

/* Entries of OMP_NUM_THREADS's value v, each into list if not NULL;
 * 0 if v is not a list of positive integers. */
static int parse_num_threads(const char *v, int *list, int *first)
{
    int n = 0, value;
    const char *s = v;
    while ((s = parse_positive(s, &value))) {
        if (n == 0)
            *first = value;
        if (list)
            list[n] = value;
        n++;
        if (*s != ',')
            break;
        s++;
    }
    return s && !*s ? n : 0;
}

static void read_num_threads(bob_config_t *cfg, bool quiet)
{
    const char *v = getenv("OMP_NUM_THREADS");
    if (!v)
        return;
    int first, n = parse_num_threads(v, NULL, &first);
    if (!n) {
        if (!quiet)
            bob_warn("OMP_NUM_THREADS='%s' is not a list of positive integers; using %d",
                     v, cfg->initial_icv.nthreads);
        return;
    }
    if (quiet) {
        cfg->initial_icv.nthreads = first;
        return;
    }
    int *list = malloc((size_t)n * sizeof *list);
    if (!list)
        bob_fatal("out of memory for OMP_NUM_THREADS");
    parse_num_threads(v, list, &first);
    cfg->nthreads_list = list;
    cfg->nthreads_list_len = n;
    bob_icv_set_nthreads_list(&cfg->initial_icv, list, n);
}

/* true/false (also 1/0, yes/no); def when unset or malformed (with a
 * message unless quiet). */
static bool read_bool(const char *name, bool def, bool *set, bool quiet)
{
    const char *v = getenv(name);
    if (set)
        *set = false;
    if (!v)
        return def;
    static const char *const yes[] = {"true", "1", "yes", "on"};
    static const char *const no[] = {"false", "0", "no", "off"};
    for (int i = 0; i < 4; i++) {
        if (!strcasecmp(v, yes[i]) || !strcasecmp(v, no[i])) {
            if (set)
                *set = true;
            return !strcasecmp(v, yes[i]);
        }
    }
    if (!quiet)
        bob_warn("%s='%s' is not true or false; using %s", name, v, def ? "true" : "false");
    return def;
}

static int read_int(const char *name, int def, int min, bool quiet)
{
    const char *v = getenv(name);
    if (!v)
        return def;
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    while (isspace((unsigned char)*end))
        end++;
    if (errno || end == v || *end || n < min || n > INT_MAX) {
        if (!quiet)
            bob_warn("%s='%s' is not an integer of at least %d; using %d", name, v, min,
                     def);
        return def;
    }
    return (int)n;
}

static void read_schedule(bob_icv_t *icv, bool quiet)
{
    const char *v = getenv("OMP_SCHEDULE");
    if (!v)
        return;
    /* libomp's extensions too: static_steal is its nonmonotonic dynamic,
     * listed before the static it begins with. */
    static const struct { const char *name; omp_sched_t kind; } kinds[] = {
        {"static_steal", omp_sched_dynamic}, {"static", omp_sched_static},
        {"dynamic", omp_sched_dynamic}, {"guided", omp_sched_guided},
        {"auto", omp_sched_auto}, {"trapezoidal", BOB_SCHED_KIND_TRAPEZOIDAL}};
    const char *s = v;
    int monotonic = 0;
    if (!strncasecmp(s, "monotonic:", 10)) {
        monotonic = omp_sched_monotonic;
        s += 10;
    } else if (!strncasecmp(s, "nonmonotonic:", 13)) {
        s += 13;
    }
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        size_t len = strlen(kinds[i].name);
        if (strncasecmp(s, kinds[i].name, len))
            continue;
        int chunk = 0;
        if (s[len] == ',' && (!parse_positive(s + len + 1, &chunk) ||
                              *parse_positive(s + len + 1, &chunk)))
            break;
        if (s[len] != ',' && s[len])
            break;
        icv->sched = kinds[i].kind | monotonic;
        icv->sched_chunk = bob_sched_chunk(icv->sched, chunk);
        return;
    }
    if (!quiet)
        bob_warn("OMP_SCHEDULE='%s' is not [monotonic:|nonmonotonic:]kind[,chunk] with "
                 "kind static, dynamic, guided or auto; using static", v);
}

static const char *const kind_names[] = {"ult", "full", "lsa", "roc", "ss", "sc", "tasklet"};

static int kind_of(const char *s, size_t len)
{
    for (int k = 0; k < (int)(sizeof kind_names / sizeof kind_names[0]); k++)
        if (strlen(kind_names[k]) == len && !strncasecmp(s, kind_names[k], len))
            return k;
    return -1;
}

const char *bob_kind_name(int kind) { return kind_names[kind]; }

/* BOBBIN_THREAD_KIND=ult,tasklet: the unit kind of each nesting level's
 * OpenMP threads; the last entry repeats for deeper levels. */
static void read_thread_kind(void)
{
    const char *v = getenv("BOBBIN_THREAD_KIND");
    if (!v)
        return;
    int n = 0;
    const char *s = v;
    if (!(bob_config.thread_kind = malloc(list_entries(v))))
        bob_fatal("out of memory for BOBBIN_THREAD_KIND");
    for (;;) {
        size_t len = strcspn(s, ",");
        int k = kind_of(s, len);
        if (k < 0)
            break;
        bob_config.thread_kind[n++] = (uint8_t)k;
        s += len;
        if (!*s) {
            bob_config.thread_kind_levels = n;
            return;
        }
        s++;
    }
    bob_warn("BOBBIN_THREAD_KIND='%s' is not a list of ult, tasklet, full, lsa, roc, ss "
             "or sc (one per nesting level); using ult", v);
}

/* A stack size variable's value, size[B|K|M|G] with `unit` (a shift) when
 * there is no suffix; 0 (after a warning) when malformed. */
static size_t parse_stack_size(const char *name, const char *v, int unit)
{
    char *end;
    errno = 0;
    unsigned long long n = strtoull(v, &end, 10);
    while (isspace((unsigned char)*end))
        end++;
    int shift = unit;
    switch (toupper((unsigned char)*end)) {
    case 'B': shift = 0; end++; break;
    case 'K': shift = 10; end++; break;
    case 'M': shift = 20; end++; break;
    case 'G': shift = 30; end++; break;
    }
    while (isspace((unsigned char)*end))
        end++;
    if (errno || end == v || *end || !isdigit((unsigned char)*v) || n == 0 ||
        n > (1ull << 40) >> shift) {
        bob_warn("%s='%s' is not a size such as 512K, 4M or 1G; using BOBBIN_STACK_SIZE "
                 "or 4M", name, v);
        return 0;
    }
    if ((size_t)n << shift > BT_STACK_SIZE_MAX) {
        bob_warn("%s='%s' is more than %zuG, the largest stack size; using %zuG", name, v,
                 BT_STACK_SIZE_MAX >> 30, BT_STACK_SIZE_MAX >> 30);
        return BT_STACK_SIZE_MAX;
    }
    return (size_t)n << shift;
}

/* The variable and value that set the stack size, for the substrate's
 * warning should stacks that large not fit (bt_options_t). */
static char stack_size_setting[96];

/* The OpenMP threads' stack size, 0 for the substrate's default. libomp
 * reads KMP_STACKSIZE (bytes without a suffix), then GOMP_STACKSIZE and
 * OMP_STACKSIZE (kilobytes), the first one set winning and the others
 * ignored with a warning; libgomp's own GOMP_STACKSIZE is one of them. */
static size_t read_stack_size(void)
{
    static const struct {
        const char *name;
        int unit;
    } vars[] = {{"KMP_STACKSIZE", 0}, {"GOMP_STACKSIZE", 10}, {"OMP_STACKSIZE", 10}};
    const char *winner = NULL;
    size_t size = 0;
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i].name);
        if (!v)
            continue;
        if (winner) {
            bob_warn("%s is ignored because %s is set", vars[i].name, winner);
            continue;
        }
        winner = vars[i].name;
        size = parse_stack_size(winner, v, vars[i].unit);
        snprintf(stack_size_setting, sizeof stack_size_setting, "%s='%s'", winner, v);
    }
    return size;
}

/* KMP_LIBRARY: serial, turnaround or throughput (BOB_LIBRARY_*), 0 unset. */
static int read_library(void)
{
    static const char *const names[] = {"serial", "turnaround", "throughput"};
    const char *v = getenv("KMP_LIBRARY");
    if (!v)
        return 0;
    for (int i = 0; i < 3; i++)
        if (!strcasecmp(v, names[i]))
            return BOB_LIBRARY_SERIAL + i;
    bob_warn("KMP_LIBRARY='%s' is not serial, turnaround or throughput; using throughput", v);
    return 0;
}

/* KMP_BLOCKTIME: milliseconds (an "ms" suffix allowed) or "infinite"; -1
 * when unset or malformed. */
static int read_blocktime(void)
{
    const char *v = getenv("KMP_BLOCKTIME");
    if (!v)
        return -1;
    if (!strcasecmp(v, "infinite"))
        return INT_MAX;
    errno = 0;
    char *end;
    long ms = strtol(v, &end, 10);
    if (end != v && *end && !strcasecmp(end, "ms"))
        end += 2;
    if (end == v || *end || errno || ms < 0 || ms > INT_MAX) {
        bob_warn("KMP_BLOCKTIME='%s' is not milliseconds or infinite; using 200", v);
        return -1;
    }
    return (int)ms;
}

/* How long a thread with nothing to do spins before it sleeps, as libomp
 * derives it: KMP_LIBRARY (turnaround spins, throughput sleeps at once
 * unless KMP_BLOCKTIME says otherwise) overrides OMP_WAIT_POLICY (active
 * spins, like turnaround; passive sleeps at once), KMP_BLOCKTIME overrides
 * both's time; 200 ms when nothing is set. Blocktime 0 makes waiters
 * sleep at once (passive), infinite spin (active); any other spins then
 * sleeps, the substrate's own balance. */
static enum bt_wait_policy read_wait_policy(void)
{
    const char *v = getenv("OMP_WAIT_POLICY");
    int library = read_library(), blocktime = 200;
    if (v && library) {
        bob_warn("OMP_WAIT_POLICY='%s' is ignored: KMP_LIBRARY is set", v);
        v = NULL;
    }
    if (library == BOB_LIBRARY_THROUGHPUT || (v && !strcasecmp(v, "passive")))
        blocktime = 0;
    else if (v && !strcasecmp(v, "active")) {
        blocktime = INT_MAX;
        library = BOB_LIBRARY_TURNAROUND;
    } else if (v)
        bob_warn("OMP_WAIT_POLICY='%s' is not active or passive; using spin then sleep", v);
    int set = read_blocktime();
    bob_config.blocktime_ms = set >= 0 ? set : blocktime;
    bob_config.library_mode = library ? library : BOB_LIBRARY_THROUGHPUT;
    return bob_config.blocktime_ms == 0         ? BT_WAIT_PASSIVE
           : bob_config.blocktime_ms == INT_MAX ? BT_WAIT_ACTIVE
                                                : BT_WAIT_DEFAULT;
}

bt_options_t bob_substrate_options(void)
{
    bob_config.stack_size = read_stack_size();
    bob_config.wait_policy = read_wait_policy();
    return (bt_options_t){.stack_size = bob_config.stack_size,
                          .stack_size_setting = stack_size_setting,
                          .wait_policy = bob_config.wait_policy,
                          .es0_bound_by_caller =
                              bob_proc_bind_at_level(0) != omp_proc_bind_false,
                          .es0_cpu = bob_places_es0_cpu()};
}

static void read_display_env(void)
{
    const char *v = getenv("OMP_DISPLAY_ENV");
    if (!v)
        return;
    if (!strcasecmp(v, "verbose"))
        bob_config.display_env = 2;
    else
        bob_config.display_env = read_bool("OMP_DISPLAY_ENV", false, NULL, false);
}

static int read_target_offload(void)
{
    const char *v = getenv("OMP_TARGET_OFFLOAD");
    if (!v || !strcasecmp(v, "default"))
        return BOB_OFFLOAD_DEFAULT;
    if (!strcasecmp(v, "mandatory"))
        return BOB_OFFLOAD_MANDATORY;
    if (!strcasecmp(v, "disabled"))
        return BOB_OFFLOAD_DISABLED;
    bob_warn("OMP_TARGET_OFFLOAD='%s' is not mandatory, disabled or default; using default", v);
    return BOB_OFFLOAD_DEFAULT;
}

static void read_task_kind(void)
{
    const char *v = getenv("BOBBIN_TASK_KIND");
    if (!v)
        return;
    int k = kind_of(v, strlen(v));
    if (k >= 0)
        bob_config.task_kind = (uint8_t)k;
    else
        bob_warn("BOBBIN_TASK_KIND='%s' is not ult, tasklet, full, lsa, roc, ss or sc; "
                 "using ult", v);
}

/* The initial ICVs, and the device-wide settings that inquiries answer,
 * into cfg, nthreads-var being nthreads unless OMP_NUM_THREADS says. quiet:
 * no message and no allocation (the levels of an OMP_NUM_THREADS list
 * past the first are not kept), for bob_config_preview. */
static void read_icvs(bob_config_t *cfg, int nthreads, bool quiet)
{
    bob_icv_t *icv = &cfg->initial_icv;
    icv->nthreads = nthreads;
    icv->sched = omp_sched_static;
    icv->thread_limit = read_int("OMP_THREAD_LIMIT", INT_MAX, 1, quiet);
    icv->dynamic = read_bool("OMP_DYNAMIC", false, NULL, quiet);
    bool nested = read_bool("OMP_NESTED", true, NULL, quiet);
    icv->max_active_levels = read_int("OMP_MAX_ACTIVE_LEVELS",
                                      nested ? BOB_SUPPORTED_ACTIVE_LEVELS : 1, 0, quiet);
    if (icv->max_active_levels > BOB_SUPPORTED_ACTIVE_LEVELS)
        icv->max_active_levels = BOB_SUPPORTED_ACTIVE_LEVELS;
    icv->default_device = read_int("OMP_DEFAULT_DEVICE", 0, 0, quiet);
    read_num_threads(cfg, quiet);
    read_schedule(icv, quiet);
    cfg->cancellation = read_bool("OMP_CANCELLATION", false, NULL, quiet);
    cfg->max_task_priority = read_int("OMP_MAX_TASK_PRIORITY", 0, 0, quiet);
    cfg->num_teams = read_int("OMP_NUM_TEAMS", 0, 1, quiet);
    cfg->teams_thread_limit = read_int("OMP_TEAMS_THREAD_LIMIT", 0, 1, quiet);
}

void bob_read_environment(void)
{
    read_icvs(&bob_config, bt_num_es(), false);
    bob_config.initial_icv.def_allocator = bob_alloc_initial_default();
    read_thread_kind();
    read_task_kind();
    bob_config.tls_off = !read_bool("BOBBIN_TLS", true, NULL, false);
    bob_config.no_throttling = !read_bool("KMP_ENABLE_TASK_THROTTLING", true, NULL, false);
    bob_config.target_offload = read_target_offload();
    read_display_env();
    bob_config.display_affinity = read_bool("OMP_DISPLAY_AFFINITY", false, NULL, false);
}

bool bob_set_late(const char *name, const char *value)
{
    if (strcmp(name, "OMP_TARGET_OFFLOAD"))
        return false;
    setenv(name, value, 1);
    bob_config.target_offload = read_target_offload();
    return true;
}

void bob_config_preview(bob_config_t *cfg)
{
    int saved_errno = errno; /* the parsers set it */
    *cfg = (bob_config_t){.initial_icv.def_allocator = omp_default_mem_alloc};
    read_icvs(cfg, bt_num_es_planned(), true);
    errno = saved_errno;
}

int bob_supported_active_levels(void) { return BOB_SUPPORTED_ACTIVE_LEVELS; }
