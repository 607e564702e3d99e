/* CSV (RFC 4180) and TSV output. Rows end in CRLF and are flushed as soon as they are complete,
 * so an interrupted run leaves whole rows behind. */
#include "core/wb_csv.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void wb_csv_init(wb_csv *w, FILE *f, char sep)
{
    w->f = f;
    w->sep = sep;
    w->fields = 0;
    w->error = 0;
}

size_t wb_csv_cell(char sep, const char *text, char *out, size_t cap)
{
    size_t need = 0, i;
    int quote = 0;
    const char *p;

    if (sep == ',') {
        for (p = text; *p; p++)
            if (*p == ',' || *p == '"' || *p == '\r' || *p == '\n') quote = 1;
    }
#define PUT(c) do { if (need + 1 < cap) out[need] = (c); need++; } while (0)
    if (quote) PUT('"');
    for (p = text; *p; p++) {
        char c = *p;
        if (sep != ',' && (c == '\t' || c == '\r' || c == '\n')) c = ' ';
        if (quote && c == '"') PUT('"');
        PUT(c);
    }
    if (quote) PUT('"');
#undef PUT
    if (cap > 0) {
        i = need < cap ? need : cap - 1;
        out[i] = '\0';
    }
    return need;
}

static void put_sep(wb_csv *w)
{
    if (w->fields++ > 0 && fputc(w->sep, w->f) == EOF) w->error = 1;
}

void wb_csv_text(wb_csv *w, const char *text)
{
    char small[512];
    size_t need;
    put_sep(w);
    if (text == NULL) return;
    need = wb_csv_cell(w->sep, text, small, sizeof small);
    if (need < sizeof small) {
        if (fputs(small, w->f) == EOF) w->error = 1;
        return;
    }
    /* A rare long cell (a long --label): once more into a buffer of the right size. */
    {
        char *big = (char *)malloc(need + 1);
        if (big == NULL) {
            w->error = 1;
            return;
        }
        wb_csv_cell(w->sep, text, big, need + 1);
        if (fputs(big, w->f) == EOF) w->error = 1;
        free(big);
    }
}

void wb_csv_u64(wb_csv *w, uint64_t value)
{
    put_sep(w);
    if (fprintf(w->f, "%llu", (unsigned long long)value) < 0) w->error = 1;
}

void wb_csv_format_double(double value, char *buf, size_t cap)
{
    char *p;
    if (cap == 0) return;
    if (value != value || value == HUGE_VAL || value == -HUGE_VAL) {
        buf[0] = '\0';
        return;
    }
    snprintf(buf, cap, "%.10g", value);
    /* winbench never calls setlocale, so the C locale's '.' applies; this only guards a
     * host program that embeds the writer after changing the locale. */
    for (p = buf; *p; p++)
        if (*p == ',') *p = '.';
}

void wb_csv_double(wb_csv *w, double value)
{
    char buf[64];
    wb_csv_format_double(value, buf, sizeof buf);
    put_sep(w);
    if (fputs(buf, w->f) == EOF && buf[0]) w->error = 1;
}

void wb_csv_empty(wb_csv *w)
{
    put_sep(w);
}

int wb_csv_end_row(wb_csv *w)
{
    if (fputs("\r\n", w->f) == EOF || fflush(w->f) != 0) w->error = 1;
    w->fields = 0;
    return w->error ? -1 : 0;
}
