/* The run's outcome for its caller (outcome.c). Private to winbench.exe. */
#ifndef WB_RUN_OUTCOME_H
#define WB_RUN_OUTCOME_H

#include "wb_runner.h"

/* o filled from the run's n variants and their summaries' metrics (medians[i]); last_reps: the
 * last variant's complete repetitions (its verdicts are given only when it had some). */
void wb_outcome_fill(wb_run_outcome *o, const wb_module *m, int n, void *const *variants, double *const *medians,
                     unsigned last_reps);

#endif
