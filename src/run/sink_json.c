/* The JSON sink (--json FILE): the run as one document (docs/json.md, its schema
 * docs/schema/winbench-run.schema.json): the context once, the units, and per variant its
 * options, facts, repetitions, interval rows and summary. The values are the CSV's, cell for
 * cell: both sinks build their rows in row_cells.c. The document is kept in memory and written
 * at the end, whole (to FILE.part, then renamed over FILE) or not at all. */
#include "sink.h"
#include "row_cells.h"

#include <stdlib.h>
#include <string.h>

#include "core/wb_csv.h"
#include "core/wb_json.h"
#include "win/wb_utf8.h"
#include "wb_console.h"
#include "wb_error.h"
#include "wb_files.h"
#include "wb_runner.h"

#define JSON_FORMAT_VERSION 1

typedef struct json_variant {
    const void *config;
    wb_json head;                  /* "name", "options", "facts" */
    wb_json facts;                 /* the facts of its first set-up */
    wb_json reps, intervals, summary;
    int nreps, nintervals;
    int order;                     /* its place in the run: its summary's (the runner's variant order) */
} json_variant;

typedef struct json_sink {
    wb_sink base;
    const wb_run_info *run;
    wb_row_source src;
    wb_cell_out out;
    char path[MAX_PATH];
    const wb_column *cols;         /* the run's layout */
    int ncols, cell;               /* its columns; the next cell's column */
    wb_json cells;                 /* the row being built: each cell's JSON text... */
    size_t *cell_at;               /* ...starting here (ncols + 1 offsets) */
    wb_json context;               /* the first row's run-wide context */
    json_variant *variants, *cur;
    int nvariants, cap, summaries;
    wb_json row_facts;             /* the facts of the row being filed */
    int failed;
} json_sink;

/* ---- a row's cells ---- */

static void cell_begin(json_sink *j)
{
    if (j->cell < j->ncols) j->cell_at[j->cell] = j->cells.len;
}

static void cell_end(json_sink *j)
{
    if (j->cell < j->ncols) j->cell_at[++j->cell] = j->cells.len;
}

/* ANSI text (winbench's is the ANSI code page's) as a JSON string, whole: a character takes at
 * most 3 bytes of UTF-8. A latency_hdr cell of a wide histogram runs to thousands of characters
 * (a stalls run on a busy machine), a label may too: cut at 1023 until 0.6, a histogram's cell
 * no longer decoded. */
static void json_text(wb_json *out, const char *text)
{
    char small[1024], *utf8 = small;
    size_t cap = 3 * strlen(text) + 1;
    if (cap <= sizeof small) cap = sizeof small;
    else if ((utf8 = (char *)malloc(cap)) == NULL) utf8 = small, cap = sizeof small;   /* out of memory: cut */
    wb_utf8(text, utf8, cap);
    wb_json_string(out, utf8);
    if (utf8 != small) free(utf8);
}

static void cell_text(void *arg, const char *text)
{
    json_sink *j = (json_sink *)arg;
    cell_begin(j);
    if (j->cell < j->ncols && j->cols[j->cell].number && wb_json_is_number(text)) {
        wb_json_raw(&j->cells, text);
    } else if (j->cell < j->ncols && j->cols[j->cell].number && text[0] == '\0') {
        wb_json_raw(&j->cells, "null");
    } else {
        json_text(&j->cells, text);
    }
    cell_end(j);
}

static void cell_number(void *arg, double value)
{
    json_sink *j = (json_sink *)arg;
    cell_begin(j);
    wb_json_number(&j->cells, value);
    cell_end(j);
}

static void cell_count(void *arg, uint64_t value)
{
    json_sink *j = (json_sink *)arg;
    cell_begin(j);
    wb_json_u64(&j->cells, value);
    cell_end(j);
}

static void cell_empty(void *arg)
{
    json_sink *j = (json_sink *)arg;
    cell_begin(j);
    wb_json_raw(&j->cells, "null");
    cell_end(j);
}

static void start_row(json_sink *j)
{
    j->cells.len = 0;
    j->cell = 0;
}

/* The cells of the columns for which keep(column) says so, as "name":value pairs. */
static void put_cells(const json_sink *j, wb_json *into, int (*keep)(const wb_column *c))
{
    int i, first = 1;
    wb_json_raw(into, "{");
    for (i = 0; i < j->cell && i < j->ncols; i++) {
        if (!keep(&j->cols[i])) continue;
        wb_json_key(into, j->cols[i].name, &first);
        wb_json_rawn(into, j->cells.text + j->cell_at[i], j->cell_at[i + 1] - j->cell_at[i]);
    }
    wb_json_raw(into, "}");
}

static int is_option(const wb_column *c) { return c->section == WB_SEC_OPTION; }
static int is_fact(const wb_column *c) { return c->section == WB_SEC_FACT; }
static int is_run_context(const wb_column *c) { return c->section == WB_SEC_CONTEXT && !c->per_row; }
/* A row: its kind and repetition, what it measured, its warnings and its own context. */
static int is_row_cell(const wb_column *c) { return c->per_row; }

/* The variant the sink was last told of, found or added (by its configuration: an interleaved
 * run tells of each variant again before each of its repetitions). */
static json_variant *variant_of(json_sink *j, const void *config)
{
    int i;
    for (i = 0; i < j->nvariants; i++)
        if (j->variants[i].config == config) return &j->variants[i];
    if (j->nvariants == j->cap) {
        int cap = j->cap ? j->cap * 2 : 8;
        json_variant *grown = (json_variant *)realloc(j->variants, (size_t)cap * sizeof *grown);
        if (grown == NULL) return NULL;
        j->variants = grown;
        j->cap = cap;
    }
    memset(&j->variants[j->nvariants], 0, sizeof j->variants[0]);
    j->variants[j->nvariants].config = config;
    return &j->variants[j->nvariants++];
}

/* A row built: into its variant's list; the first row also gives the variant's options and
 * facts, and the run's context. A row whose facts are not its variant's (sockloop's receiver:
 * each repetition's set-up binds a port of its own) carries its own. */
static void file_row(json_sink *j, wb_json *list, int *count)
{
    json_variant *v = j->cur;
    if (v == NULL || j->cell != j->ncols) {
        j->failed = 1;
        return;
    }
    j->row_facts.len = 0;
    put_cells(j, &j->row_facts, is_fact);
    if (v->head.len == 0) {
        int first = 1;
        wb_json_key_string(&v->head, "name", j->src.variant->name, &first);
        wb_json_key(&v->head, "options", &first);
        put_cells(j, &v->head, is_option);
        wb_json_key(&v->head, "facts", &first);
        wb_json_raw(&v->head, j->row_facts.text);
        wb_json_raw(&v->facts, j->row_facts.text);
    }
    if (j->context.len == 0) put_cells(j, &j->context, is_run_context);
    if (count) {
        if ((*count)++) wb_json_raw(list, ",");
    } else {
        list->len = 0;   /* the summary: one */
        v->order = ++j->summaries;
    }
    put_cells(j, list, is_row_cell);
    if (v->facts.text && j->row_facts.text && strcmp(v->facts.text, j->row_facts.text) != 0 && !list->error) {
        list->len--;   /* the row's closing brace */
        wb_json_raw(list, ",\"facts\":");
        wb_json_raw(list, j->row_facts.text);
        wb_json_raw(list, "}");
    }
}

/* ---- the sink ---- */

static void json_begin(wb_sink *s, const wb_run_info *run)
{
    json_sink *j = (json_sink *)s;
    j->run = run;
    wb_row_source_init(&j->src, run);
    j->cols = run->layout->col;
    j->cell_at = (size_t *)calloc((size_t)run->layout->n + 1, sizeof *j->cell_at);
    if (j->cell_at == NULL) {
        j->failed = 1;
        return;
    }
    j->ncols = run->layout->n;
}

static void json_variant_told(wb_sink *s, const wb_variant_info *v)
{
    json_sink *j = (json_sink *)s;
    j->src.variant = v;
    if ((j->cur = variant_of(j, v->config)) == NULL) j->failed = 1;
}

static void json_rep(wb_sink *s, const wb_rep_result *r)
{
    json_sink *j = (json_sink *)s;
    if (j->failed || j->cur == NULL) return;
    start_row(j);
    wb_row_rep(&j->src, r, &j->out);
    file_row(j, &j->cur->reps, &j->cur->nreps);
}

static void json_extra_row(wb_sink *s, const wb_extra_row *row)
{
    json_sink *j = (json_sink *)s;
    if (j->failed || j->cur == NULL) return;
    start_row(j);
    wb_row_extra(&j->src, row, &j->out);
    file_row(j, &j->cur->intervals, &j->cur->nintervals);
}

static void json_summary(wb_sink *s, const wb_variant_result *r)
{
    json_sink *j = (json_sink *)s;
    if (j->failed || j->cur == NULL) return;
    start_row(j);
    wb_row_summary(&j->src, r, &j->out);
    file_row(j, &j->cur->summary, NULL);
}

/* The variants in the run's order: as their summaries came (the runner's order), then any
 * without one (an interrupted run) as they were first told of. */
static int by_order(const void *a, const void *b)
{
    const json_variant *x = *(const json_variant *const *)a, *y = *(const json_variant *const *)b;
    unsigned ox = x->order ? (unsigned)x->order : 0x7fffffffu, oy = y->order ? (unsigned)y->order : 0x7fffffffu;
    if (ox != oy) return ox < oy ? -1 : 1;
    return x < y ? -1 : x > y;
}

/* The whole document (in_order: the variants, sorted). */
static void put_document(const json_sink *j, const json_variant *const *in_order, int rc, wb_json *doc)
{
    int i, first = 1, ufirst = 1, vfirst = 1;
    const wb_common *common = j->run->common;
    wb_json_raw(doc, "{");
    wb_json_key_string(doc, "format", "winbench-run", &first);
    wb_json_key_u64(doc, "format_version", JSON_FORMAT_VERSION, &first);
    wb_json_key_u64(doc, "csv_schema", WB_CSV_SCHEMA, &first);
    wb_json_key_string(doc, "benchmark", j->run->m->name, &first);
    wb_json_key(doc, "label", &first);
    json_text(doc, common->label ? common->label : "");
    wb_json_key_u64(doc, "exit_code", (uint64_t)rc, &first);
    wb_json_key(doc, "context", &first);
    wb_json_raw(doc, j->context.len ? j->context.text : "{}");
    wb_json_key(doc, "units", &first);
    wb_json_raw(doc, "{");
    for (i = 0; i < j->ncols; i++)
        if (j->cols[i].unit && j->cols[i].section != WB_SEC_LEAD) {
            wb_json_key_string(doc, j->cols[i].name, j->cols[i].unit, &ufirst);
        }
    wb_json_raw(doc, "}");
    wb_json_key(doc, "variants", &first);
    wb_json_raw(doc, "[");
    for (i = 0; i < j->nvariants; i++) {
        const json_variant *v = in_order[i];
        if (v->head.len == 0) continue;   /* told of, never measured */
        wb_json_raw(doc, vfirst ? "{" : ",{");
        vfirst = 0;
        wb_json_raw(doc, v->head.text);
        wb_json_raw(doc, ",\"repetitions\":[");
        if (v->reps.len) wb_json_raw(doc, v->reps.text);
        wb_json_raw(doc, "],\"intervals\":[");
        if (v->intervals.len) wb_json_raw(doc, v->intervals.text);
        wb_json_raw(doc, "],\"summary\":");
        wb_json_raw(doc, v->summary.len ? v->summary.text : "null");
        wb_json_raw(doc, "}");
    }
    wb_json_raw(doc, "]}\n");
}

/* Whole or not at all (wb_write_whole: FILE.part renamed over FILE). */
static int write_whole(const json_sink *j, const wb_json *doc)
{
    wb_error err;
    if (wb_write_whole(j->path, doc->text, doc->len, j->run->common->force, &err) == 0) return 0;
    wb_fprintf(stderr, "winbench: %s: --json: %s; the JSON was not written\n", j->run->m->name, err.what);
    return -1;
}

static int json_end(wb_sink *s, int rc)
{
    json_sink *j = (json_sink *)s;
    const json_variant **in_order;
    wb_json doc;
    int result, i;
    if (j->run == NULL) return 0;
    if (j->nvariants == 0 || j->variants[0].head.len == 0) return 0;   /* nothing measured: no file, as the CSV */
    wb_json_init(&doc);
    in_order = (const json_variant **)malloc((size_t)j->nvariants * sizeof *in_order);
    if (in_order != NULL) {
        for (i = 0; i < j->nvariants; i++) in_order[i] = &j->variants[i];
        qsort((void *)in_order, (size_t)j->nvariants, sizeof *in_order, by_order);
        put_document(j, in_order, rc, &doc);
    }
    if (in_order == NULL || j->failed || doc.error || j->cells.error || j->row_facts.error) {
        wb_fprintf(stderr, "winbench: %s: --json: out of memory; the JSON was not written\n", j->run->m->name);
        result = -1;
    } else {
        result = write_whole(j, &doc);
    }
    wb_json_free(&doc);
    free((void *)in_order);
    return result;
}

static void json_where(const wb_sink *s, wb_run_end *e)
{
    const json_sink *j = (const json_sink *)s;
    snprintf(e->json_path, sizeof e->json_path, "%s", j->path);
}

static void json_close(wb_sink *s, const wb_run_end *e)
{
    json_sink *j = (json_sink *)s;
    int i;
    (void)e;
    for (i = 0; i < j->nvariants; i++) {
        wb_json_free(&j->variants[i].head);
        wb_json_free(&j->variants[i].facts);
        wb_json_free(&j->variants[i].reps);
        wb_json_free(&j->variants[i].intervals);
        wb_json_free(&j->variants[i].summary);
    }
    wb_json_free(&j->cells);
    wb_json_free(&j->row_facts);
    wb_json_free(&j->context);
    free(j->variants);
    free(j->cell_at);
    free(j);
}

/* Without --json: no sink (NULL, rc 0). An existing FILE is refused now, before the run,
 * unless --force (the file itself is written at the end). */
wb_sink *wb_json_sink_open(const wb_run_info *run, const char *stamp, int *rc)
{
    const wb_common *common = run->common;
    json_sink *j;
    (void)stamp;
    *rc = WB_EXIT_OK;
    if (common->json == NULL) return NULL;
    if (!common->force && GetFileAttributesA(common->json) != INVALID_FILE_ATTRIBUTES) {
        char msg[MAX_PATH + 80];
        snprintf(msg, sizeof msg, "--json: %s already exists (add --force to overwrite it)", common->json);
        *rc = wb_usage_error(run->m->name, msg);
        return NULL;
    }
    if ((j = (json_sink *)calloc(1, sizeof *j)) == NULL) {
        *rc = WB_EXIT_RUNTIME;
        wb_fprintf(stderr, "winbench: %s: out of memory\n", run->m->name);
        return NULL;
    }
    snprintf(j->path, sizeof j->path, "%s", common->json);
    j->out.text = cell_text;
    j->out.number = cell_number;
    j->out.count = cell_count;
    j->out.empty = cell_empty;
    j->out.arg = j;
    j->base.begin = json_begin;
    j->base.variant = json_variant_told;
    j->base.rep = json_rep;
    j->base.extra_row = json_extra_row;
    j->base.summary = json_summary;
    j->base.end = json_end;
    j->base.where = json_where;
    j->base.close = json_close;
    return &j->base;
}
