/* This file reads OMP_PROC_BIND into the bind-var list, one entry per
 * nesting level, and answers which policy applies at a level. Why bind-var
 * is true when only OMP_PLACES is set: see the top of places.c. */
#include "places.h"
#include "places_internal.h"

#include "rt.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* bind-var per nesting level; the last entry repeats. */
static int *bind_list;
static int bind_len;
static int bind_fallback = omp_proc_bind_false; /* if memory ran out */
/* How a teams construct splits its encountering thread's partition among
 * the initial threads of its league (KMP_TEAMS_PROC_BIND, libomp's). */
static int teams_bind = omp_proc_bind_spread;

static const char *const bind_names[] = {"false", "true", "primary", "close", "spread"};

static int bind_value(const char *s, size_t n)
{
    if (n == 6 && !strncasecmp(s, "master", 6))
        return omp_proc_bind_master;
    for (int i = 0; i < (int)(sizeof bind_names / sizeof bind_names[0]); i++)
        if (strlen(bind_names[i]) == n && !strncasecmp(s, bind_names[i], n))
            return i;
    return -1;
}

/* Parses v into bind_list; false if malformed. */
static bool parse_proc_bind(const char *v)
{
    int n = 1;
    for (const char *c = v; *c; c++)
        n += *c == ',';
    int *list = malloc((size_t)n * sizeof *list);
    if (!list)
        return false;
    const char *s = v;
    for (int i = 0; i < n; i++) {
        bob_places_skip_ws(&s);
        size_t len = 0;
        while (isalpha((unsigned char)s[len]))
            len++;
        list[i] = bind_value(s, len);
        s += len;
        bob_places_skip_ws(&s);
        /* true and false stand alone; the list holds primary, close, spread. */
        bool alone = list[i] == omp_proc_bind_false || list[i] == omp_proc_bind_true;
        if (list[i] < 0 || (alone && n > 1) || *s != (i + 1 < n ? ',' : '\0')) {
            free(list);
            return false;
        }
        s++;
    }
    bind_list = list;
    bind_len = n;
    return true;
}

/* KMP_TEAMS_PROC_BIND: primary, master, close or spread. */
static void read_teams_bind(void)
{
    const char *v = getenv("KMP_TEAMS_PROC_BIND");
    if (!v)
        return;
    int b = bind_value(v, strlen(v));
    if (b > omp_proc_bind_true)
        teams_bind = b;
    else
        bob_warn("KMP_TEAMS_PROC_BIND='%s' is not primary, master, close or spread; "
                 "using spread", v);
}

void bob_proc_bind_read(bool places_set)
{
    read_teams_bind();
    int def = places_set ? omp_proc_bind_true : omp_proc_bind_false;
    const char *v = getenv("OMP_PROC_BIND");
    if (bob_kmp_affinity_typed()) {
        bob_kmp_affinity_note_ignored("OMP_PROC_BIND");
        def = bob_kmp_affinity_bind();
        v = NULL;
    }
    if (v && !parse_proc_bind(v))
        bob_warn("OMP_PROC_BIND='%s' is not true, false or a list of primary, master, "
                 "close and spread (one per nesting level); using %s",
                 v, bind_names[def]);
    if (bind_len)
        return;
    bind_list = malloc(sizeof *bind_list);
    if (bind_list) {
        bind_list[0] = def;
        bind_len = 1;
    } else {
        bind_fallback = def;
    }
}

bool bob_proc_bind_requested(void)
{
    bool any = bind_len == 0 && bind_fallback != omp_proc_bind_false;
    for (int i = 0; i < bind_len; i++)
        any |= bind_list[i] != omp_proc_bind_false;
    return any;
}

int bob_proc_bind_at_level(int level)
{
    bob_places_init();
    if (bind_len == 0)
        return bind_fallback;
    if (level < 0)
        level = 0;
    return bind_list[level < bind_len ? level : bind_len - 1];
}

int bob_proc_bind_of(const bob_team_t *team)
{
    for (; team; team = team->parent) {
        if (team->level < bind_len || !team->parent)
            return bob_proc_bind_at_level(team->level);
        if (team->bind_clause)
            return team->bind_clause;
    }
    return bob_proc_bind_at_level(0);
}

int bob_proc_bind_teams(void)
{
    bob_places_init();
    return teams_bind;
}

void bob_proc_bind_describe(bob_strbuf_t *b)
{
    for (int i = 0; i < (bind_len ? bind_len : 1); i++) {
        const char *name = bind_names[bind_len ? bind_list[i] : bind_fallback];
        bob_sb_printf(b, "%s", i ? "," : "");
        for (const char *c = name; *c; c++)
            bob_sb_printf(b, "%c", toupper((unsigned char)*c));
    }
}
