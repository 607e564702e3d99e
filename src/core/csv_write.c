/* CSV (RFC 4180) and TSV output. Rows end in CRLF and are written whole and flushed as soon as
 * they are complete, so an interrupted run, or a full disk, leaves whole rows behind. */
#include "core/wb_csv.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#ifdef _WIN32
#include <io.h>
#define cut_file(f, size) _chsize(_fileno(f), (size))
#else
#include <unistd.h>
#define cut_file(f, size) ftruncate(fileno(f), (off_t)(size))
#endif

void wb_csv_init(wb_csv *w, FILE *f, char sep)
{
    memset(w, 0, sizeof *w);
    w->f = f;
    w->sep = sep;
}

void wb_csv_whole_rows(wb_csv *w)
{
    long at;
    setvbuf(w->f, NULL, _IONBF, 0);   /* nothing held back in a buffer to be written after a cut */
    at = ftell(w->f);
    w->whole = at > 0 ? at : 0;
    w->cut_on_error = 1;
}

void wb_csv_release(wb_csv *w)
{
    free(w->row);
    w->row = NULL;
    w->len = w->cap = 0;
}

/* Room for n more bytes and a NUL in the row; 0, or -1 (error set) without memory. */
static int room(wb_csv *w, size_t n)
{
    char *p;
    size_t cap;
    if (w->len + n + 1 <= w->cap) return 0;
    cap = w->cap ? w->cap : 1024;
    while (cap < w->len + n + 1) cap *= 2;
    if ((p = (char *)realloc(w->row, cap)) == NULL) {
        w->error = 1;
        return -1;
    }
    w->row = p;
    w->cap = cap;
    return 0;
}

static void append(wb_csv *w, const char *s, size_t n)
{
    if (room(w, n) != 0) return;
    memcpy(w->row + w->len, s, n);
    w->len += n;
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
    if (w->fields++ > 0) append(w, &w->sep, 1);
}

void wb_csv_text(wb_csv *w, const char *text)
{
    size_t need;
    put_sep(w);
    if (text == NULL) return;
    need = wb_csv_cell(w->sep, text, NULL, 0);
    if (room(w, need) != 0) return;
    wb_csv_cell(w->sep, text, w->row + w->len, need + 1);
    w->len += need;
}

void wb_csv_u64(wb_csv *w, uint64_t value)
{
    char buf[24];
    put_sep(w);
    append(w, buf, (size_t)snprintf(buf, sizeof buf, "%llu", (unsigned long long)value));
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
    append(w, buf, strlen(buf));
}

void wb_csv_empty(wb_csv *w)
{
    put_sep(w);
}

int wb_csv_end_row(wb_csv *w)
{
    append(w, "\r\n", 2);
    if (!w->error && (fwrite(w->row, 1, w->len, w->f) != w->len || fflush(w->f) != 0)) {
        w->error = 1;
        if (w->cut_on_error && cut_file(w->f, w->whole) == 0) fseek(w->f, w->whole, SEEK_SET);   /* whole rows only */
    } else if (!w->error) {
        w->whole += (long)w->len;
    }
    w->len = 0;
    w->fields = 0;
    return w->error ? -1 : 0;
}
