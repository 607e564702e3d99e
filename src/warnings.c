/* Warnings that protect the user: conditions under which a number cannot be trusted as it is.
 * Each has a short code for the CSV's `warnings` column and a sentence for stderr; nothing is
 * ever dropped or corrected silently. One warning per code: the first sentence is kept. */
#include "run_internal.h"

#include <stdarg.h>
#include <string.h>

void wb_warn(wb_warnings *w, const char *code, const char *fmt, ...)
{
    va_list ap;
    int i;
    for (i = 0; i < w->n; i++)
        if (strcmp(w->code[i], code) == 0) return;
    if (w->n >= WB_MAX_WARNINGS) return;
    snprintf(w->code[w->n], sizeof w->code[0], "%s", code);
    va_start(ap, fmt);
    vsnprintf(w->text[w->n], sizeof w->text[0], fmt, ap);
    va_end(ap);
    w->n++;
}

void wb_warn_add_all(wb_warnings *into, const wb_warnings *from)
{
    int i;
    for (i = 0; i < from->n; i++) wb_warn(into, from->code[i], "%s", from->text[i]);
}

void wb_warn_codes(const wb_warnings *w, char *buf, size_t cap)
{
    size_t used = 0;
    int i;
    buf[0] = '\0';
    for (i = 0; i < w->n && used + 1 < cap; i++) {
        int n = snprintf(buf + used, cap - used, "%s%s", i ? ";" : "", w->code[i]);
        if (n < 0) break;
        used += (size_t)n;
    }
}
