/* This file prints Bobbin's diagnostics, the runtime's too (bt_vlog): one
 * line each, to stderr. */
#include "log.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* c as printed: itself, or an escape if it is a control character. */
static size_t printable(unsigned char c, char out[5])
{
    if (c >= 0x20 && c != 0x7f) {
        out[0] = (char)c;
        return 1;
    }
    const char *named = c == '\n' ? "\\n" : c == '\t' ? "\\t" : c == '\r' ? "\\r" : NULL;
    if (named) {
        memcpy(out, named, 2);
        return 2;
    }
    return (size_t)snprintf(out, 5, "\\x%02x", c);
}

void bt_vlog(const char *prefix, const char *fmt, va_list ap)
{
    char text[512], line[1024];
    vsnprintf(text, sizeof text, fmt, ap);
    size_t n = 0, room = sizeof line - 1; /* the newline's */
    for (const char *p = prefix; *p && n < room; p++)
        line[n++] = *p;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        char out[5];
        size_t len = printable(*p, out);
        if (n + len > room)
            break;
        memcpy(line + n, out, len);
        n += len;
    }
    line[n++] = '\n';
    ssize_t ignored = write(STDERR_FILENO, line, n);
    (void)ignored;
}

void bti_warn(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bt_vlog("bobbin: ", fmt, ap);
    va_end(ap);
}

void bti_fatal(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bt_vlog("bobbin: ", fmt, ap);
    va_end(ap);
    abort();
}
