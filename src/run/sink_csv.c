/* The CSV sink: one row per repetition, per extra row a module adds, and per summary, each
 * carrying the full context so that files from several machines concatenate into one sheet.
 * The columns are those of src/core/csv_columns.h, with the module's options, facts and
 * metrics between them (docs/csv.md lists every one; row_cells.c builds each row). Each row is
 * written and flushed as soon as it is measured: a run killed at any moment leaves every
 * finished row on disk. */
#include "sink.h"
#include "row_cells.h"

#include <fcntl.h>
#include <io.h>
#include <stdlib.h>
#include <string.h>

#include "core/wb_csv.h"
#include "wb_files.h"
#include "wb_console.h"

typedef struct csv_sink {
    wb_sink base;
    const wb_run_info *run;
    wb_row_source src;
    wb_cell_out out;
    FILE *f;
    wb_csv csv;
    char path[MAX_PATH];
    int is_stdout, rows, header_written;
} csv_sink;

/* The column names, in the order every row's cells come (the run's layout). */
static void write_header(csv_sink *c)
{
    int i;
    for (i = 0; i < c->run->layout->n; i++) wb_csv_text(&c->csv, c->run->layout->col[i].name);
    wb_csv_end_row(&c->csv);
}

/* Cells into the CSV writer. */
static void cell_text(void *arg, const char *text) { wb_csv_text((wb_csv *)arg, text); }
static void cell_number(void *arg, double value) { wb_csv_double((wb_csv *)arg, value); }
static void cell_count(void *arg, uint64_t value) { wb_csv_u64((wb_csv *)arg, value); }
static void cell_empty(void *arg) { wb_csv_empty((wb_csv *)arg); }

/* A row's cells are built in row_cells.c; here they end as one line of the file. */
static void end_row(csv_sink *c)
{
    if (wb_csv_end_row(&c->csv) == 0) c->rows++;
}

static void csv_begin(wb_sink *s, const wb_run_info *run)
{
    csv_sink *c = (csv_sink *)s;
    c->run = run;
    wb_row_source_init(&c->src, run);
}

static void csv_variant(wb_sink *s, const wb_variant_info *v)
{
    csv_sink *c = (csv_sink *)s;
    c->src.variant = v;
    if (!c->header_written) {
        write_header(c);
        c->header_written = 1;
    }
}

static void csv_rep(wb_sink *s, const wb_rep_result *r)
{
    csv_sink *c = (csv_sink *)s;
    wb_row_rep(&c->src, r, &c->out);
    end_row(c);
}

static void csv_extra_row(wb_sink *s, const wb_extra_row *row)
{
    csv_sink *c = (csv_sink *)s;
    wb_row_extra(&c->src, row, &c->out);
    end_row(c);
}

static void csv_summary(wb_sink *s, const wb_variant_result *r)
{
    csv_sink *c = (csv_sink *)s;
    wb_row_summary(&c->src, r, &c->out);
    end_row(c);
}

/* Closes the file; one that holds no measurement (the run failed first) is removed. */
static int csv_end(wb_sink *s, int rc)
{
    csv_sink *c = (csv_sink *)s;
    int failed;
    (void)rc;
    if (c->f == NULL) return 0;
    failed = c->csv.error;
    wb_csv_release(&c->csv);
    if (c->is_stdout) {
        fflush(stdout);
    } else {
        if (fclose(c->f) != 0) failed = 1;
        if (c->rows == 0) DeleteFileA(c->path);
    }
    c->f = NULL;
    return failed ? -1 : 0;
}

static void csv_where(const wb_sink *s, wb_run_end *e)
{
    const csv_sink *c = (const csv_sink *)s;
    snprintf(e->rows_path, sizeof e->rows_path, "%s", c->path);
    e->rows = c->rows;
    e->rows_kind = c->run && c->run->common->tsv ? "TSV" : "CSV";
}

static void csv_close(wb_sink *s, const wb_run_end *e)
{
    (void)e;
    free(s);
}

FILE *wb_csv_create(const char *module, const wb_common *common, const char *host, const char *stamp, char *path,
                    size_t cap, int *rc)
{
    const char *ext = common->tsv ? "tsv" : "csv";
    int explicit_path = common->csv != NULL, attempt;
    unsigned long code = 0;
    char msg[MAX_PATH + 300];
    FILE *f = NULL;
    *rc = WB_EXIT_OK;
    for (attempt = 1; attempt <= 100; attempt++) {
        if (explicit_path)
            snprintf(path, cap, "%s", common->csv);
        else if (attempt == 1)
            snprintf(path, cap, "winbench-%s-%s-%s.%s", module, host, stamp, ext);
        else   /* two runs in the same second: never overwrite, number the newer one */
            snprintf(path, cap, "winbench-%s-%s-%s-%d.%s", module, host, stamp, attempt, ext);
        f = wb_create_file(path, common->force, &code);
        if (f != NULL) return f;
        if (explicit_path || (code != ERROR_FILE_EXISTS && code != ERROR_ALREADY_EXISTS)) break;
    }
    if (wb_create_file_error("csv", path, code, msg, sizeof msg) == WB_EXIT_USAGE) {
        *rc = wb_usage_error(module, msg);
        return NULL;
    }
    wb_fprintf(stderr, "winbench: %s: %s\n", module, msg);
    *rc = WB_EXIT_RUNTIME;
    return NULL;
}

/* Creates the file without ever replacing one unless --force. */
static int open_file(csv_sink *c, const wb_run_info *run, const char *stamp)
{
    int rc;
    if (wb_rows_on_stdout(run->common)) {
        c->f = stdout;
        c->is_stdout = 1;
        _setmode(_fileno(stdout), _O_BINARY);   /* rows end in CRLF already */
        snprintf(c->path, sizeof c->path, "-");
        return WB_EXIT_OK;
    }
    c->f = wb_csv_create(run->m->name, run->common, run->si->host, stamp, c->path, sizeof c->path, &rc);
    return rc;
}

wb_sink *wb_csv_sink_open(const wb_run_info *run, const char *stamp, int *rc)
{
    csv_sink *c = (csv_sink *)calloc(1, sizeof *c);
    if (c == NULL) {
        *rc = WB_EXIT_RUNTIME;
        wb_fprintf(stderr, "winbench: %s: out of memory\n", run->m->name);
        return NULL;
    }
    *rc = open_file(c, run, stamp);
    if (*rc != WB_EXIT_OK) {
        free(c);
        return NULL;
    }
    wb_csv_init(&c->csv, c->f, run->common->tsv ? '\t' : ',');
    if (!c->is_stdout) wb_csv_whole_rows(&c->csv);
    c->out.text = cell_text;
    c->out.number = cell_number;
    c->out.count = cell_count;
    c->out.empty = cell_empty;
    c->out.arg = &c->csv;
    c->base.begin = csv_begin;
    c->base.variant = csv_variant;
    c->base.rep = csv_rep;
    c->base.extra_row = csv_extra_row;
    c->base.summary = csv_summary;
    c->base.end = csv_end;
    c->base.where = csv_where;
    c->base.close = csv_close;
    return &c->base;
}

int wb_rows_on_stdout(const wb_common *common)
{
    return common->csv != NULL && strcmp(common->csv, "-") == 0;
}
