/* One-line diagnostics, all prefixed "bobbin: ". */
#ifndef BTI_LOG_H
#define BTI_LOG_H

__attribute__((format(printf, 1, 2))) void bti_warn(const char *fmt, ...);
__attribute__((format(printf, 1, 2), noreturn)) void bti_fatal(const char *fmt, ...);

#endif
