/* A module's CSV columns, built once: every column's name, the section of the row it is in,
 * its place there, whether its cells are numbers, whether each row has its own, and its unit.
 * The CSV header, every row's cells (row_cells.c), the JSON sink and the tests loop over it,
 * so the order of the sections is written here alone. Private to winbench.exe. */
#ifndef WB_RUN_LAYOUT_H
#define WB_RUN_LAYOUT_H

#include "wb_module.h"

typedef enum wb_section {
    WB_SEC_LEAD,       /* csv_columns.h's lead columns: schema ... rep */
    WB_SEC_OPTION,     /* the module's options, as typed (a TIME option's column carries its unit) */
    WB_SEC_FACT,       /* what its set-up established */
    WB_SEC_MEASURE,    /* csv_columns.h's measures */
    WB_SEC_METRIC,     /* the module's own measures */
    WB_SEC_VERDICT,    /* its judgements of them */
    WB_SEC_WARNINGS,   /* the one warnings column */
    WB_SEC_CONTEXT     /* csv_columns.h's context: the machine and the run */
} wb_section;

typedef struct wb_column {
    char name[64];
    wb_section section;
    int index;                 /* its place in its section: WB_COL_* for lead, measure and context */
    int number;                /* its cells are numbers, or text that reads as one (JSON writes it so) */
    int per_row;               /* each row has its own (else the variant's or the run's) */
    const char *unit;          /* JSON's unit names (docs/json.md), or NULL */
    const wb_option *option;   /* WB_SEC_OPTION: the option */
} wb_column;

typedef struct wb_layout {
    wb_column *col;
    int n;
} wb_layout;

/* The module's columns, in the order every row is written; 0, or -1 out of memory. */
int  wb_layout_build(const wb_module *m, wb_layout *out);
void wb_layout_free(wb_layout *l);
/* The index of the column of that name, or -1. */
int  wb_layout_find(const wb_layout *l, const char *name);

#endif
