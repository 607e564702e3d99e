/* A small RFC 4180 reader: quoted fields with embedded separators, quotes and line breaks,
 * CRLF or LF line ends. Used by the tests now and by `winbench report` later. */
#include "core/wb_csv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The fields' text goes into one block per table (the arena: at most every byte of the text
 * and a NUL per field), the rows' field lists and the table's rows grow by doubling: a
 * report over thousands of files parses hundreds of thousands of fields, which a malloc and a
 * copy each, and a realloc per field and per row, made the bulk of its time. */
typedef struct arena {
    char *p;
    size_t used;
} arena;

static int row_add_field(wb_csv_row *r, size_t *cap, arena *a, size_t start)
{
    if (r->nfields == *cap) {
        size_t ncap = *cap ? *cap * 2 : 16;
        char **nf = (char **)realloc(r->fields, ncap * sizeof *nf);
        if (nf == NULL) return -1;
        r->fields = nf;
        *cap = ncap;
    }
    a->p[a->used++] = '\0';
    r->fields[r->nfields++] = a->p + start;
    return 0;
}

static int table_add_row(wb_csv_table *t, size_t *cap, wb_csv_row *r, size_t *row_cap)
{
    if (t->nrows == *cap) {
        size_t ncap = *cap ? *cap * 2 : 16;
        wb_csv_row *nr = (wb_csv_row *)realloc(t->rows, ncap * sizeof *nr);
        if (nr == NULL) return -1;
        t->rows = nr;
        *cap = ncap;
    }
    t->rows[t->nrows++] = *r;
    memset(r, 0, sizeof *r);
    *row_cap = 0;
    return 0;
}

static size_t name_hash(const char *s)
{
    size_t h = 2166136261u;   /* FNV-1a */
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* The header's names by hash; a name given twice keeps its first column, as the search did. */
static int index_names(wb_csv_table *t)
{
    size_t cap = 16, i, k;
    if (t->nrows == 0) return 0;
    while (cap < 2 * t->rows[0].nfields) cap *= 2;
    if ((t->names = (int *)calloc(cap, sizeof *t->names)) == NULL) return -1;
    t->names_cap = cap;
    for (i = 0; i < t->rows[0].nfields; i++) {
        for (k = name_hash(t->rows[0].fields[i]) & (cap - 1); t->names[k]; k = (k + 1) & (cap - 1))
            if (strcmp(t->rows[0].fields[t->names[k] - 1], t->rows[0].fields[i]) == 0) break;
        if (t->names[k] == 0) t->names[k] = (int)i + 1;
    }
    return 0;
}

int wb_csv_parse(const char *text, size_t len, char sep, wb_csv_table *out,
                 char *err, size_t errcap)
{
    size_t i = 0, line = 1, row_cap = 0, rows_cap = 0, start;
    arena a = { NULL, 0 };
    wb_csv_row row;
    int rc = -1;
    const int quoting = sep != '\t';   /* TSV has no quoting: a quote is an ordinary character */

    memset(out, 0, sizeof *out);
    memset(&row, 0, sizeof row);
    if ((a.p = (char *)malloc(2 * len + 2)) == NULL) goto oom;
    out->arena = a.p;
    while (i < len) {
        int quoted = 0;
        if (row.nfields == 0 && (text[i] == '\r' || text[i] == '\n')) {   /* blank line */
            if (text[i] == '\n') line++;
            i++;
            continue;
        }
        row.line = row.nfields == 0 ? line : row.line;
        start = a.used;
        if (quoting && text[i] == '"') {
            size_t start_line = line;
            quoted = 1;
            i++;
            for (;;) {
                if (i >= len) {
                    snprintf(err, errcap, "line %lu: unterminated quoted field",
                             (unsigned long)start_line);
                    goto done;
                }
                if (text[i] == '"') {
                    if (i + 1 < len && text[i + 1] == '"') {
                        a.p[a.used++] = '"';
                        i += 2;
                        continue;
                    }
                    i++;
                    break;
                }
                if (text[i] == '\n') line++;
                a.p[a.used++] = text[i++];
            }
        } else {
            while (i < len && text[i] != sep && text[i] != '\r' && text[i] != '\n') {
                if (quoting && text[i] == '"') {
                    snprintf(err, errcap, "line %lu: quote inside an unquoted field",
                             (unsigned long)line);
                    goto done;
                }
                a.p[a.used++] = text[i++];
            }
        }
        if (row_add_field(&row, &row_cap, &a, start)) goto oom;
        if (i < len && text[i] == sep) {
            i++;
            if (i == len) {   /* "a,b," at end of text: one more empty field */
                if (row_add_field(&row, &row_cap, &a, a.used)) goto oom;
            }
            continue;
        }
        if (quoted && i < len && text[i] != '\r' && text[i] != '\n') {
            snprintf(err, errcap, "line %lu: text after a closing quote", (unsigned long)line);
            goto done;
        }
        if (i < len && text[i] == '\r') i++;
        if (i < len && text[i] == '\n') i++;
        line++;
        if (table_add_row(out, &rows_cap, &row, &row_cap)) goto oom;
    }
    if (row.nfields > 0 && table_add_row(out, &rows_cap, &row, &row_cap)) goto oom;
    if (index_names(out) != 0) goto oom;
    rc = 0;
    goto done;
oom:
    snprintf(err, errcap, "line %lu: out of memory", (unsigned long)line);
done:
    free(row.fields);   /* a row cut short: its fields are in the arena */
    if (rc != 0) wb_csv_free(out);
    return rc;
}

void wb_csv_free(wb_csv_table *t)
{
    size_t r;
    for (r = 0; r < t->nrows; r++) free(t->rows[r].fields);
    free(t->rows);
    free(t->arena);
    free(t->names);
    t->arena = NULL;
    t->rows = NULL;
    t->nrows = 0;
    t->names = NULL;
    t->names_cap = 0;
}

int wb_csv_column(const wb_csv_table *t, const char *name)
{
    size_t i;
    if (t->nrows == 0) return -1;
    if (t->names != NULL) {
        for (i = name_hash(name) & (t->names_cap - 1); t->names[i]; i = (i + 1) & (t->names_cap - 1))
            if (strcmp(t->rows[0].fields[t->names[i] - 1], name) == 0) return t->names[i] - 1;
        return -1;
    }
    for (i = 0; i < t->rows[0].nfields; i++)   /* a table made by hand */
        if (strcmp(t->rows[0].fields[i], name) == 0) return (int)i;
    return -1;
}
