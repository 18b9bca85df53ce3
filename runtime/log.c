/* This file prints the runtime's diagnostics: one line each, prefixed
 * "bobbin: ", written with one write() so concurrent lines stay whole. */
#include "rt.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void emit(const char *fmt, va_list ap)
{
    char line[512];
    int n = snprintf(line, sizeof line, "bobbin: ");
    n += vsnprintf(line + n, sizeof line - (size_t)n, fmt, ap);
    if (n > (int)sizeof line - 2)
        n = (int)sizeof line - 2;
    line[n++] = '\n';
    ssize_t ignored = write(STDERR_FILENO, line, (size_t)n);
    (void)ignored;
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

void bob_exit_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    emit(fmt, ap);
    va_end(ap);
    exit(EXIT_FAILURE);
}

/* psource reads ";file;function;line;column;;". */
void bob_error_directive(const char *psource, bool fatal, const char *message)
{
    char file[256] = "?";
    int line = 0;
    if (psource)
        sscanf(psource, ";%255[^;];%*[^;];%d", file, &line);
    bob_warn("%s:%d: %s: %s", file, line, fatal ? "fatal error directive" : "warning directive",
             message ? message : "(no message)");
    if (fatal)
        exit(EXIT_FAILURE);
}
