/* This file prints the runtime's diagnostics: one line each, prefixed
 * "bobbin: ", written by the substrate (bt_vlog: one write(), control
 * characters escaped, so that a value from the environment cannot split a
 * line). */
#include "rt.h"

#include <bobbin/threading.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static void emit(const char *fmt, va_list ap) { bt_vlog("bobbin: ", fmt, ap); }

static void emit_raw(const char *prefix, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bt_vlog(prefix, fmt, ap);
    va_end(ap);
}

void bob_warn(const char *fmt, ...)
{
    if (bob_config.quiet)
        return;
    va_list ap;
    va_start(ap, fmt);
    emit(fmt, ap);
    va_end(ap);
}

void bob_fatal(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    emit(fmt, ap);
    va_end(ap);
    abort();
}

/* libgomp's fatal errors, as gcc binaries' users know them: a blank line,
 * "libgomp: " and the message, and exit status 1. */
void bob_gomp_fatal(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bt_vlog("\nlibgomp: ", fmt, ap);
    va_end(ap);
    exit(EXIT_FAILURE);
}

/* The error directive as a clang binary's users know it from libomp:
 * "OMP: Warning #283: file:line:col: Encountered user-directed warning:
 * msg." and, for severity(fatal), error #282 and abort(). psource reads
 * ";file;function;line;column;;". A NULL message prints as glibc prints
 * one, "(null)", as libomp's does. */
void bob_error_directive_kmp(const char *psource, bool fatal, const char *message)
{
    char file[256];
    int line = 0, col = 0;
    char where[300] = "unknown";
    if (psource && sscanf(psource, ";%255[^;];%*[^;];%d;%d", file, &line, &col) >= 1)
        snprintf(where, sizeof where, "%s:%d:%d", file, line, col);
    if (!message)
        message = "(null)";
    if (fatal) {
        emit_raw("OMP: Error #282: ", "%s: Encountered user-directed error: %s.", where, message);
        abort();
    }
    if (!bob_config.quiet)
        emit_raw("OMP: Warning #283: ", "%s: Encountered user-directed warning: %s.", where,
                 message);
}

/* The error directive as a gcc binary's users know it from libgomp:
 * "\nlibgomp: error directive encountered[: msg]" and, for
 * severity(fatal), "fatal error: " before it and exit status 1. */
void bob_error_directive_gomp(bool fatal, const char *message)
{
    const char *sep = message ? ": " : "";
    if (fatal)
        bob_gomp_fatal("fatal error: error directive encountered%s%s", sep, message ? message : "");
    emit_raw("\nlibgomp: ", "error directive encountered%s%s", sep, message ? message : "");
}
