/* The module registry: what the runner, `winbench report` and the command line ask of the
 * modules as a whole. Private to winbench.exe: a module sees only include/wb_module.h. */
#ifndef WB_RUN_MODULES_H
#define WB_RUN_MODULES_H

#include <stddef.h>
#include "wb_module.h"

extern const wb_module *const wb_modules[];   /* NULL-terminated, in src/run/modules.c */
const wb_module *wb_module_find(const char *name);

/* How `winbench report` compares the module: its own spec, or for a module without one the
 * generic one: ops_per_s, higher is better, every row of a machine in one group (no option
 * column makes a configuration). A new module's rows are shown before it has a spec. */
const wb_report_spec *wb_module_report(const wb_module *m);
/* report --tail: from now on wb_module_report gives a module's report_tail where it has one. */
void wb_module_report_tails(int on);

/* The length of a module's NULL-terminated metric list, uncapped. */
unsigned wb_module_metric_count(const wb_module *m);
/* 0 when the module's facts and metrics fit WB_MAX_FACTS / WB_MAX_METRICS; else -1 with the
 * reason in err. The runner refuses to run a module that does not fit (its rows would lose
 * columns), and tests/test_tables.c checks every registered one. */
int wb_module_check_limits(const wb_module *m, char *err, size_t cap);
/* The configuration column (of the report spec's) that the n variants differ in: the module's
 * natural one when it does, else the first; NULL when none does. first_value gets the first
 * variant's value of it (what the others are compared with). */
const char *wb_module_varying_column(const wb_module *m, int n, const void *const *variants, char *first_value, size_t cap);

#endif
