/* This file builds text in growable strings for OMP_DISPLAY_ENV and the
 * affinity formats, including the two ways they print CPU lists. */
#include "places_internal.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

void bob_sb_printf(bob_strbuf_t *b, const char *fmt, ...)
{
    if (b->failed)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        size_t room = b->cap - b->len;
        int n = vsnprintf(b->s ? b->s + b->len : NULL, room, fmt, ap);
        va_end(ap);
        if (n < 0) {
            b->failed = true;
            return;
        }
        if ((size_t)n < room) {
            b->len += (size_t)n;
            return;
        }
        size_t cap = b->cap ? b->cap : 64;
        while (cap <= b->len + (size_t)n)
            cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s) {
            b->failed = true;
            return;
        }
        b->s = s;
        b->cap = cap;
    }
}

void bob_sb_pad(bob_strbuf_t *b, char c, int count)
{
    for (int i = 0; i < count; i++)
        bob_sb_printf(b, "%c", c);
}

void bob_sb_cpu_list(bob_strbuf_t *b, const int *cpus, int n, bool interval)
{
    for (int i = 0; i < n;) {
        int j = i;
        while (j + 1 < n && cpus[j + 1] == cpus[j] + 1)
            j++;
        const char *sep = i ? "," : "";
        if (!interval && j == i + 1) /* two CPUs print as a list: "0,1" */
            j = i;
        if (j == i)
            bob_sb_printf(b, "%s%d", sep, cpus[i]);
        else if (interval)
            bob_sb_printf(b, "%s%d:%d", sep, cpus[i], j - i + 1);
        else
            bob_sb_printf(b, "%s%d-%d", sep, cpus[i], cpus[j]);
        i = j + 1;
    }
}
