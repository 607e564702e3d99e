/* A small RFC 4180 reader: quoted fields with embedded separators, quotes and line breaks,
 * CRLF or LF line ends. Used by the tests now and by `winbench report` later. */
#include "core/wb_csv.h"

#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The fields' text goes into one block per table (the arena: at most every byte of the text
 * and a NUL per field), and every row's field pointers into one array per table (cells), grown
 * by doubling: a report over thousands of files parses hundreds of thousands of fields, which a
 * malloc and a copy each, and then an array grown row by row, made the bulk of its time. A row
 * keeps where its fields start; its pointer is set once the array stops moving. */
typedef struct arena {
    char *p;
    size_t used;
} arena;

typedef struct cells {
    char **p;
    size_t n, cap;
} cells;

static int add_field(cells *c, arena *a, size_t start)
{
    if (c->n == c->cap) {
        size_t ncap = c->cap ? c->cap * 2 : 256;
        char **np = (char **)realloc(c->p, ncap * sizeof *np);
        if (np == NULL) return -1;
        c->p = np;
        c->cap = ncap;
    }
    a->p[a->used++] = '\0';
    c->p[c->n++] = a->p + start;
    return 0;
}

/* The row that began at cell `first`: its count now, its pointer when parsing ends. */
static int table_add_row(wb_csv_table *t, size_t *cap, wb_csv_row *r, const cells *c)
{
    if (t->nrows == *cap) {
        size_t ncap = *cap ? *cap * 2 : 16;
        wb_csv_row *nr = (wb_csv_row *)realloc(t->rows, ncap * sizeof *nr);
        if (nr == NULL) return -1;
        t->rows = nr;
        *cap = ncap;
    }
    r->nfields = c->n - r->first;
    t->rows[t->nrows++] = *r;
    r->first = c->n;
    r->nfields = 0;
    return 0;
}

/* The header's names, indexed; a name given twice keeps its first column. */
static int index_names(wb_csv_table *t)
{
    size_t i, had;
    if (t->nrows == 0) return 0;
    for (i = 0; i < t->rows[0].nfields; i++)
        if (wb_strindex_get(&t->names, t->rows[0].fields[i], i, &had) < 0) return -1;
    return 0;
}

/* The parser's place in the text. */
typedef struct reader {
    const char *text;
    size_t len, i, line;
    char sep;
    int quoting;           /* TSV has no quoting: a quote is an ordinary character */
    char *err;
    size_t errcap;
} reader;

/* A quoted field from its opening quote, into the arena: 0, or -1 with the error said. */
static int quoted_field(reader *p, arena *a)
{
    size_t start_line = p->line;
    p->i++;
    for (;;) {
        if (p->i >= p->len) {
            snprintf(p->err, p->errcap, "line %lu: unterminated quoted field", (unsigned long)start_line);
            return -1;
        }
        if (p->text[p->i] == '"') {
            if (p->i + 1 < p->len && p->text[p->i + 1] == '"') {
                a->p[a->used++] = '"';
                p->i += 2;
                continue;
            }
            p->i++;
            return 0;
        }
        if (p->text[p->i] == '\n') p->line++;
        a->p[a->used++] = p->text[p->i++];
    }
}

/* An unquoted field, to the separator or the line's end: 0, or -1 for a quote inside it. */
static int plain_field(reader *p, arena *a)
{
    while (p->i < p->len && p->text[p->i] != p->sep && p->text[p->i] != '\r' && p->text[p->i] != '\n') {
        if (p->quoting && p->text[p->i] == '"') {
            snprintf(p->err, p->errcap, "line %lu: quote inside an unquoted field", (unsigned long)p->line);
            return -1;
        }
        a->p[a->used++] = p->text[p->i++];
    }
    return 0;
}

/* After a field: 1 when another follows on its line, 0 when the line ended (its end read), -1
 * for text after a closing quote, -2 out of memory. */
static int after_field(reader *p, arena *a, cells *c, int quoted)
{
    if (p->i < p->len && p->text[p->i] == p->sep) {
        p->i++;
        if (p->i == p->len && add_field(c, a, a->used)) return -2;   /* "a,b," at end of text: one more empty field */
        return 1;
    }
    if (quoted && p->i < p->len && p->text[p->i] != '\r' && p->text[p->i] != '\n') {
        snprintf(p->err, p->errcap, "line %lu: text after a closing quote", (unsigned long)p->line);
        return -1;
    }
    if (p->i < p->len && p->text[p->i] == '\r') p->i++;
    if (p->i < p->len && p->text[p->i] == '\n') p->i++;
    p->line++;
    return 0;
}

int wb_csv_parse(const char *text, size_t len, char sep, wb_csv_table *out,
                 char *err, size_t errcap)
{
    size_t rows_cap = 0, k;
    arena a = { NULL, 0 };
    cells c = { NULL, 0, 0 };
    wb_csv_row row;
    reader p;
    int rc = -1, next;

    memset(out, 0, sizeof *out);
    memset(&row, 0, sizeof row);
    p.text = text, p.len = len, p.i = 0, p.line = 1, p.sep = sep, p.quoting = sep != '\t', p.err = err, p.errcap = errcap;
    if ((a.p = (char *)malloc(2 * len + 2)) == NULL) goto oom;
    out->arena = a.p;
    while (p.i < len) {
        int quoted;
        size_t start;
        if (c.n == row.first && (text[p.i] == '\r' || text[p.i] == '\n')) {   /* blank line */
            if (text[p.i] == '\n') p.line++;
            p.i++;
            continue;
        }
        if (c.n == row.first) row.line = p.line;
        start = a.used;
        quoted = p.quoting && text[p.i] == '"';
        if ((quoted ? quoted_field(&p, &a) : plain_field(&p, &a)) != 0) goto done;
        if (add_field(&c, &a, start)) goto oom;
        if ((next = after_field(&p, &a, &c, quoted)) == -2) goto oom;
        if (next == -1) goto done;
        if (next == 0 && table_add_row(out, &rows_cap, &row, &c)) goto oom;
    }
    if (c.n > row.first && table_add_row(out, &rows_cap, &row, &c)) goto oom;
    out->cells = c.p;
    c.p = NULL;
    for (k = 0; k < out->nrows; k++) out->rows[k].fields = out->cells + out->rows[k].first;
    if (index_names(out) != 0) goto oom;
    rc = 0;
    goto done;
oom:
    snprintf(err, errcap, "line %lu: out of memory", (unsigned long)p.line);
done:
    free(c.p);   /* kept by the table when the parse succeeded */
    if (rc != 0) wb_csv_free(out);
    return rc;
}

void wb_csv_free(wb_csv_table *t)
{
    free(t->cells);
    free(t->rows);
    t->cells = NULL;
    free(t->arena);
    wb_strindex_free(&t->names);
    t->arena = NULL;
    t->rows = NULL;
    t->nrows = 0;
}

int wb_csv_column(const wb_csv_table *t, const char *name)
{
    size_t i;
    if (t->nrows == 0) return -1;
    if (t->names.cap) return wb_strindex_find(&t->names, name, &i) ? (int)i : -1;
    for (i = 0; i < t->rows[0].nfields; i++)   /* a table made by hand */
        if (strcmp(t->rows[0].fields[i], name) == 0) return (int)i;
    return -1;
}

/* The fast form: [-+]digits[.digits][(e|E)[-+]digits], at most 15 significant digits, making an
 * integer below 2^53 and a power of ten within 10^22 either way: one multiplication or division
 * of two exact doubles, which IEEE rounds once, as strtod would (Clinger's fast path). 1 and
 * *out when the cell is of that form. Not where doubles are evaluated wider (x87: x86 builds,
 * FLT_EVAL_METHOD 2), whose division rounds twice, to 64 bits then to 53, a last bit off
 * strtod's now and then: those read every number with strtod. */
#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD == 0
#define WB_FAST_DECIMAL 1
static int fast_number(const char *s, double *out)
{

    static const double pow10[] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                                    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22 };
    const char *p = s;
    unsigned long long m = 0;
    int digits = 0, any = 0, exp10 = 0, neg = 0;
    double v;
    if (*p == '-' || *p == '+') neg = *p++ == '-';
    for (; *p >= '0' && *p <= '9'; p++, any = 1) {
        m = m * 10 + (unsigned long long)(*p - '0');
        digits += m != 0;
        if (digits > 15) return 0;
    }
    if (*p == '.')
        for (p++; *p >= '0' && *p <= '9'; p++, any = 1) {
            m = m * 10 + (unsigned long long)(*p - '0');
            digits += m != 0;
            exp10--;
            if (digits > 15) return 0;
        }
    if (!any) return 0;
    if (*p == 'e' || *p == 'E') {
        int e = 0, eneg = 0, edigits = 0;
        p++;
        if (*p == '-' || *p == '+') eneg = *p++ == '-';
        for (; *p >= '0' && *p <= '9'; p++, edigits++)
            if (e < 1000) e = e * 10 + (*p - '0');
        if (edigits == 0) return 0;
        exp10 += eneg ? -e : e;
    }
    if (*p != '\0' || exp10 < -22 || exp10 > 22) return 0;
    v = (double)m;   /* exact: m has at most 15 digits */
    v = exp10 < 0 ? v / pow10[-exp10] : v * pow10[exp10];
    *out = neg ? -v : v;
    return 1;
}
#endif

int wb_csv_number(const char *cell, double *out)
{
    char *end;
    if (cell == NULL || *cell == '\0') return -1;
#ifdef WB_FAST_DECIMAL
    if (fast_number(cell, out)) return 0;
#endif
    *out = strtod(cell, &end);
    return *end == '\0' ? 0 : -1;
}
