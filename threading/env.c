/* This file parses the substrate's environment variables. */
#include "env.h"

#include "log.h"

#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *lookup(const char *name, const char *alias, const char **used)
{
    const char *v = getenv(name);
    *used = name;
    if (!v && alias) {
        v = getenv(alias);
        *used = alias;
    }
    return v;
}

/* The value of name (alias's if name is unset) as a long in [min, max],
 * into *out: 1, or 0 if unset, -1 if malformed. Allocates and prints
 * nothing and keeps errno: async-signal-safe. */
static int env_long(const char *name, const char *alias, long min, long max, long *out,
                    const char **used, const char **value)
{
    const char *v = *value = lookup(name, alias, used);
    if (!v)
        return 0;
    int saved_errno = errno;
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    while (isspace((unsigned char)*end))
        end++;
    bool ok = !errno && end != v && !*end && n >= min && n <= max;
    errno = saved_errno;
    *out = n;
    return ok ? 1 : -1;
}

long bti_env_long(const char *name, const char *alias, long def, long min, long max)
{
    const char *used, *v;
    long n;
    int got = env_long(name, alias, min, max, &n, &used, &v);
    if (got < 0)
        bti_warn("%s='%s' is not an integer in [%ld, %ld]; using %ld", used, v, min,
                 max, def);
    return got > 0 ? n : def;
}

long bti_env_long_quiet(const char *name, const char *alias, long def, long min, long max)
{
    const char *used, *v;
    long n;
    return env_long(name, alias, min, max, &n, &used, &v) > 0 ? n : def;
}

void bti_format_size(char *buf, size_t len, size_t bytes)
{
    static const char units[] = "BKMG";
    int u = 0;
    while (u < 3 && bytes >= 1024 && bytes % 1024 == 0) {
        bytes /= 1024;
        u++;
    }
    snprintf(buf, len, "%zu%c", bytes, units[u]);
    if (u == 0)
        buf[strlen(buf) - 1] = '\0';
}

size_t bti_env_size(const char *name, size_t def, size_t min, size_t max)
{
    const char *v = getenv(name);
    if (!v)
        return def;
    char *end;
    errno = 0;
    unsigned long long n = strtoull(v, &end, 10);
    int shift = 0;
    switch (toupper((unsigned char)*end)) {
    case 'K': shift = 10; end++; break;
    case 'M': shift = 20; end++; break;
    case 'G': shift = 30; end++; break;
    }
    if (toupper((unsigned char)*end) == 'B')
        end++;
    int ok = !errno && end != v && !*end && isdigit((unsigned char)*v) &&
             n <= (max >> shift);
    size_t bytes = ok ? (size_t)n << shift : 0;
    if (!ok || bytes < min || bytes > max) {
        char d[32], lo[32], hi[32];
        bti_format_size(d, sizeof d, def);
        bti_format_size(lo, sizeof lo, min);
        bti_format_size(hi, sizeof hi, max);
        bti_warn("%s='%s' is not a size in [%s, %s] such as 512K, 4M or 1G; using %s",
                 name, v, lo, hi, d);
        return def;
    }
    return bytes;
}

int bti_env_choice(const char *name, const char *const *choices, int def,
                   const char *def_name)
{
    const char *v = getenv(name);
    if (!v || !*v)
        return def;
    char list[256] = "";
    for (int i = 0; choices[i]; i++) {
        if (!strcasecmp(v, choices[i]))
            return i;
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
                 i ? ", " : "", choices[i]);
    }
    bti_warn("%s='%s' is not one of %s; using %s", name, v, list, def_name);
    return def;
}
