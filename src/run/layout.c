/* A module's columns, once (layout.h): the sections in the order every row is written. */
#include "layout.h"

#include <stdlib.h>
#include <string.h>

#include "core/csv_columns.h"

typedef struct builder {
    wb_layout *l;
    int cap;       /* 0: counting only */
} builder;

static wb_column *add(builder *b, const char *name, wb_section section, int index, int number, int per_row,
                      const char *unit)
{
    wb_column *c = b->cap ? &b->l->col[b->l->n] : NULL;
    b->l->n++;
    if (c == NULL) return NULL;
    memset(c, 0, sizeof *c);
    snprintf(c->name, sizeof c->name, "%s", name);
    c->section = section;
    c->index = index;
    c->number = number;
    c->per_row = per_row;
    c->unit = unit;
    return c;
}

static int add_option(void *arg, const wb_option *o, const void *config)
{
    builder *b = (builder *)arg;
    int index = 0;
    char name[64];
    /* its unit as the option declares it: a TIME's, or a count's own ("/s": a rate) */
    const char *unit = o->type == WB_OPT_SECONDS ? wb_option_unit_name(o)
                     : o->count_unit && strcmp(o->count_unit, "/s") == 0 ? "1/s" : NULL;
    wb_column *c;
    (void)config;
    if (b->cap) {   /* its place among the options */
        int i;
        for (i = b->l->n - 1; i >= 0 && b->l->col[i].section == WB_SEC_OPTION; i--) index++;
    }
    c = add(b, wb_option_column(o, name, sizeof name), WB_SEC_OPTION, index,
            o->type == WB_OPT_COUNT || o->type == WB_OPT_SECONDS || o->type == WB_OPT_FLAG, 0, unit);
    if (c) c->option = o;
    return 0;
}

static void add_all(const wb_module *m, builder *b)
{
    int i;
    for (i = 0; i < WB_LEAD_COUNT; i++)
        add(b, wb_lead_columns[i], WB_SEC_LEAD, i, i == WB_COL_SCHEMA || i == WB_COL_REP, i == WB_COL_ROW || i == WB_COL_REP,
            NULL);
    wb_options_each(m->options, NULL, add_option, b);
    for (i = 0; m->fact_names && m->fact_names[i]; i++) add(b, m->fact_names[i], WB_SEC_FACT, i, 0, 0, NULL);
    for (i = 0; i < WB_MEASURE_COUNT; i++) add(b, wb_measure_columns[i], WB_SEC_MEASURE, i, 1, 1, wb_measure_types[i].unit);
    for (i = 0; m->metric_names && m->metric_names[i]; i++)
        add(b, m->metric_names[i], WB_SEC_METRIC, i, 1, 1, m->metric_units ? m->metric_units[i] : NULL);
    for (i = 0; m->verdict_names && m->verdict_names[i]; i++) add(b, m->verdict_names[i], WB_SEC_VERDICT, i, 0, 1, NULL);
    add(b, WB_WARNINGS_COLUMN, WB_SEC_WARNINGS, 0, 0, 1, NULL);
    for (i = 0; i < WB_CONTEXT_COUNT; i++)
        add(b, wb_context_columns[i], WB_SEC_CONTEXT, i, wb_context_types[i].number, wb_context_types[i].per_row,
            wb_context_types[i].unit);
}

int wb_layout_build(const wb_module *m, wb_layout *out)
{
    builder b;
    int n;
    memset(out, 0, sizeof *out);
    b.l = out;
    b.cap = 0;
    add_all(m, &b);   /* counted, then filled */
    n = out->n;
    out->n = 0;
    if ((out->col = (wb_column *)calloc((size_t)n, sizeof *out->col)) == NULL) return -1;
    b.cap = n;
    add_all(m, &b);
    return 0;
}

void wb_layout_free(wb_layout *l)
{
    free(l->col);
    l->col = NULL;
    l->n = 0;
}

int wb_layout_find(const wb_layout *l, const char *name)
{
    int i;
    for (i = 0; name && i < l->n; i++)
        if (strcmp(l->col[i].name, name) == 0) return i;
    return -1;
}
