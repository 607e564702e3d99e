/* A summary row's metrics as the module's summary_rules take them from the repetitions
 * (include/wb_module.h, wb_metric_summary). Private to winbench.exe. */
#ifndef WB_SUMMARY_RULES_H
#define WB_SUMMARY_RULES_H

#include <stddef.h>
#include "wb_module.h"
#include "wb_hist.h"

/* Where per_rep holds each repetition's ns_per_op, after every metric's room: a rule's `by` may
 * name it (sendmsg's parts, from the repetition of the median time per SendMessage). */
#define WB_SUM_NS_ROW WB_MAX_METRICS

/* out holds one median per metric; the metrics the rules name are set as they say, from
 * per_rep (metric k of repetition i at k * stride + i, n repetitions; ns_per_op at row
 * WB_SUM_NS_ROW) and pooled (every
 * repetition's latency histogram added, or NULL when one had none: a percentile rule then
 * keeps its median). scratch: n doubles. */
void wb_apply_summary_rules(const wb_module *m, const double *per_rep, size_t n, size_t stride,
                            const wb_hist *pooled, double *scratch, double *out);

/* 0 when every rule names metrics of the module; else -1 with the one that does not in err. */
int wb_summary_rules_check(const wb_module *m, char *err, size_t cap);

#endif
