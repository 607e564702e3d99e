/* CSV (RFC 4180) and TSV writing, and a small CSV reader for tests and `report`. Pure C. */
#ifndef WB_CSV_H
#define WB_CSV_H

#include <stdio.h>
#include <stddef.h>
#include <stdint.h>

#include "wb_strindex.h"

/* Bump when columns change meaning or order; docs/csv.md lists each version. */
#define WB_CSV_SCHEMA 1

/* A row is built in memory and written whole, in one call, when it ends. Once a write has
 * failed (disk full, closed pipe) nothing more is written: the rows before it are whole, and
 * with wb_csv_whole_rows the file is cut back to them (a write may have put part of the row
 * on the disk before it failed). */
typedef struct wb_csv {
    FILE *f;
    char sep;         /* ',' for CSV, '\t' for TSV */
    int fields;       /* fields written on the current row */
    int error;        /* a write failed (disk full, closed pipe) */
    char *row;        /* the current row, unwritten */
    size_t len, cap;
    long whole;       /* bytes of the file that are whole rows (wb_csv_whole_rows: a file, cut back on error) */
    int cut_on_error;
} wb_csv;

void wb_csv_init(wb_csv *w, FILE *f, char sep);
/* f is a file of its own (not stdout): unbuffered, and cut back to its whole rows when a write
 * fails. Call before anything is written. */
void wb_csv_whole_rows(wb_csv *w);
void wb_csv_release(wb_csv *w);                      /* frees the row's memory */
void wb_csv_text(wb_csv *w, const char *text);       /* quoted as needed */
void wb_csv_u64(wb_csv *w, uint64_t value);
void wb_csv_double(wb_csv *w, double value);         /* NaN/inf: empty cell */
void wb_csv_empty(wb_csv *w);
int  wb_csv_end_row(wb_csv *w);                      /* the row + CRLF, written whole and flushed; -1 on error */

/* One cell as it would be written: CSV quotes fields holding the separator, '"', CR or LF
 * and doubles embedded quotes; TSV cannot quote, so tabs and line breaks become spaces.
 * Returns the length needed (like snprintf). */
size_t wb_csv_cell(char sep, const char *text, char *out, size_t cap);

/* A number as a cell: '.' decimals always, up to 10 significant digits, no thousands. */
void wb_csv_format_double(double value, char *buf, size_t cap);

/* Reading: the whole text parsed into rows of fields. */
typedef struct wb_csv_row {
    size_t nfields;
    char **fields;    /* into the table's cells */
    size_t first;     /* its first field's place among them */
    size_t line;      /* 1-based line where the record starts */
} wb_csv_row;

typedef struct wb_csv_table {
    size_t nrows;
    wb_csv_row *rows;
    /* the header's names to their columns, made by wb_csv_parse (a table made by hand has none:
     * wb_csv_column then searches the header) */
    wb_strindex names;
    char *arena;      /* every field's text (the rows' fields point into it) */
    char **cells;     /* every row's fields, one after another */
} wb_csv_table;

/* Returns 0, or -1 with "line N: what" in err (unterminated quote, junk after a quote). */
int  wb_csv_parse(const char *text, size_t len, char sep, wb_csv_table *out,
                  char *err, size_t errcap);
void wb_csv_free(wb_csv_table *t);
/* Index of a header name in row 0, or -1. */
int  wb_csv_column(const wb_csv_table *t, const char *name);
/* A cell as a number, the double strtod reads (winbench's own "%.10g" cells without calling it):
 * 0, or -1 when the cell is empty or not a number. */
int  wb_csv_number(const char *cell, double *out);

#endif
