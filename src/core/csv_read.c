/* A small RFC 4180 reader: quoted fields with embedded separators, quotes and line breaks,
 * CRLF or LF line ends. Used by the tests now and by `winbench report` later. */
#include "core/wb_csv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct growbuf {
    char *p;
    size_t len, cap;
} growbuf;

static int gb_put(growbuf *b, char c)
{
    if (b->len + 1 >= b->cap) {
        size_t ncap = b->cap ? b->cap * 2 : 64;
        char *np = (char *)realloc(b->p, ncap);
        if (np == NULL) return -1;
        b->p = np;
        b->cap = ncap;
    }
    b->p[b->len++] = c;
    b->p[b->len] = '\0';
    return 0;
}

static int row_add_field(wb_csv_row *r, growbuf *cell)
{
    char **nf = (char **)realloc(r->fields, (r->nfields + 1) * sizeof *nf);
    char *copy = (char *)malloc(cell->len + 1);
    if (nf == NULL || copy == NULL) {
        if (nf) r->fields = nf;
        free(copy);
        return -1;
    }
    r->fields = nf;
    if (cell->len) memcpy(copy, cell->p, cell->len);
    copy[cell->len] = '\0';
    r->fields[r->nfields++] = copy;
    cell->len = 0;
    return 0;
}

static int table_add_row(wb_csv_table *t, wb_csv_row *r)
{
    wb_csv_row *nr = (wb_csv_row *)realloc(t->rows, (t->nrows + 1) * sizeof *nr);
    if (nr == NULL) return -1;
    t->rows = nr;
    t->rows[t->nrows++] = *r;
    memset(r, 0, sizeof *r);
    return 0;
}

static void free_row(wb_csv_row *r)
{
    size_t i;
    for (i = 0; i < r->nfields; i++) free(r->fields[i]);
    free(r->fields);
    memset(r, 0, sizeof *r);
}

int wb_csv_parse(const char *text, size_t len, char sep, wb_csv_table *out,
                 char *err, size_t errcap)
{
    size_t i = 0, line = 1;
    growbuf cell = { NULL, 0, 0 };
    wb_csv_row row;
    int rc = -1;
    const int quoting = sep != '\t';   /* TSV has no quoting: a quote is an ordinary character */

    memset(out, 0, sizeof *out);
    memset(&row, 0, sizeof row);
    while (i < len) {
        int quoted = 0;
        if (row.nfields == 0 && (text[i] == '\r' || text[i] == '\n')) {   /* blank line */
            if (text[i] == '\n') line++;
            i++;
            continue;
        }
        row.line = row.nfields == 0 ? line : row.line;
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
                        if (gb_put(&cell, '"')) goto oom;
                        i += 2;
                        continue;
                    }
                    i++;
                    break;
                }
                if (text[i] == '\n') line++;
                if (gb_put(&cell, text[i++])) goto oom;
            }
        } else {
            while (i < len && text[i] != sep && text[i] != '\r' && text[i] != '\n') {
                if (quoting && text[i] == '"') {
                    snprintf(err, errcap, "line %lu: quote inside an unquoted field",
                             (unsigned long)line);
                    goto done;
                }
                if (gb_put(&cell, text[i++])) goto oom;
            }
        }
        if (row_add_field(&row, &cell)) goto oom;
        if (i < len && text[i] == sep) {
            i++;
            if (i == len) {   /* "a,b," at end of text: one more empty field */
                if (row_add_field(&row, &cell)) goto oom;
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
        if (table_add_row(out, &row)) goto oom;
    }
    if (row.nfields > 0 && table_add_row(out, &row)) goto oom;
    rc = 0;
    goto done;
oom:
    snprintf(err, errcap, "line %lu: out of memory", (unsigned long)line);
done:
    free(cell.p);
    free_row(&row);
    if (rc != 0) wb_csv_free(out);
    return rc;
}

void wb_csv_free(wb_csv_table *t)
{
    size_t r;
    for (r = 0; r < t->nrows; r++) free_row(&t->rows[r]);
    free(t->rows);
    t->rows = NULL;
    t->nrows = 0;
}

int wb_csv_column(const wb_csv_table *t, const char *name)
{
    size_t i;
    if (t->nrows == 0) return -1;
    for (i = 0; i < t->rows[0].nfields; i++)
        if (strcmp(t->rows[0].fields[i], name) == 0) return (int)i;
    return -1;
}
