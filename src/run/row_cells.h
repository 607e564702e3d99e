/* One result row's cells, in the order of the run's layout (layout.h), handed to whatever
 * writes them: the CSV file cell by cell, the JSON document by column. Both sinks build their
 * rows here, so a run's CSV and JSON hold the same values. Private to winbench.exe. */
#ifndef WB_ROW_CELLS_H
#define WB_ROW_CELLS_H

#include <stdint.h>

#include "result.h"
#include "core/csv_columns.h"

/* Where the cells go; each call is the next column. */
typedef struct wb_cell_out {
    void (*text)(void *arg, const char *text);
    void (*number)(void *arg, double value);   /* NaN, inf: no value */
    void (*count)(void *arg, uint64_t value);
    void (*empty)(void *arg);
    void *arg;
} wb_cell_out;

/* What every row of a run shares, and the variant whose rows come now. */
typedef struct wb_row_source {
    const wb_run_info *run;
    const wb_variant_info *variant;
    char context[WB_CONTEXT_COUNT][64];   /* the context cells that do not change within a run */
} wb_row_source;

void wb_row_source_init(wb_row_source *src, const wb_run_info *run);

/* A repetition's row (rep or partial), a module's extra row (an interval), a summary's. */
void wb_row_rep(const wb_row_source *src, const wb_rep_result *r, const wb_cell_out *out);
void wb_row_extra(const wb_row_source *src, const wb_extra_row *row, const wb_cell_out *out);
void wb_row_summary(const wb_row_source *src, const wb_variant_result *r, const wb_cell_out *out);

#endif
