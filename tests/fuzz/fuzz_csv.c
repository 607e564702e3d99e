/* libFuzzer target: the CSV reader (the way `winbench report` reads untrusted files). Whatever
 * it accepts must survive a round trip: written back with the CSV writer and read again, the
 * same rows and fields come out. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/wb_csv.h"

static void round_trip(const wb_csv_table *t)
{
    char *out = NULL, err[128];
    size_t out_len = 0, r, f;
    FILE *mem = tmpfile();
    wb_csv w;
    wb_csv_table back;
    if (mem == NULL) return;
    wb_csv_init(&w, mem, ',');
    for (r = 0; r < t->nrows; r++) {
        for (f = 0; f < t->rows[r].nfields; f++) wb_csv_text(&w, t->rows[r].fields[f]);
        wb_csv_end_row(&w);
    }
    wb_csv_release(&w);
    out_len = (size_t)ftell(mem);
    out = (char *)malloc(out_len + 1);
    rewind(mem);
    if (out == NULL || fread(out, 1, out_len, mem) != out_len) abort();
    fclose(mem);
    if (wb_csv_parse(out, out_len, ',', &back, err, sizeof err) != 0) abort();
    /* Rows made only of one empty field are blank lines, which the reader skips. */
    {
        size_t a = 0, b = 0;
        while (a < t->nrows || b < back.nrows) {
            while (a < t->nrows && t->rows[a].nfields == 1 && t->rows[a].fields[0][0] == '\0') a++;
            if (a == t->nrows) break;
            if (b == back.nrows || back.rows[b].nfields != t->rows[a].nfields) abort();
            for (f = 0; f < t->rows[a].nfields; f++)
                if (strcmp(back.rows[b].fields[f], t->rows[a].fields[f]) != 0) abort();
            a++, b++;
        }
        if (b != back.nrows) abort();
    }
    wb_csv_free(&back);
    free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    wb_csv_table t;
    char err[128];
    if (wb_csv_parse((const char *)data, size, ',', &t, err, sizeof err) == 0) {
        (void)wb_csv_column(&t, "schema");
        round_trip(&t);
        wb_csv_free(&t);
    } else if (strncmp(err, "line ", 5) != 0) {
        abort();   /* every error names its line */
    }
    if (wb_csv_parse((const char *)data, size, '\t', &t, err, sizeof err) == 0) wb_csv_free(&t);
    return 0;
}
