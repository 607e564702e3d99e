/* The parts of an operation's time (wb_module.h's wb_part) as one line for people, from a row's
 * metrics: what the console prints under a repetition and a summary, and `winbench all` at its
 * end. Private to winbench.exe. */
#ifndef WB_PARTS_TEXT_H
#define WB_PARTS_TEXT_H

#include <stddef.h>
#include "modules.h"

/* "parts of a SendMessage: the window procedure 283 ns (your code) + SendMessage's dispatch
 * 417 ns (the API); floors: a kernel call 14.6 us (the OS), ..." into buf. Returns 0, or -1
 * (buf empty) when the module has no parts or this row has none (--floors off). */
int wb_parts_line(const wb_module *m, const double *metrics, char *buf, size_t cap);

/* The headline per operation where the module splits it (split.headline; a common column such
 * as ns_per_op, which the module's metrics lack, as its pace and machine added), else NaN. */
double wb_split_headline(const wb_module *m, const double *metrics);

/* Each layer's share of the headline where the module splits it (the code's layers sharing the
 * pace as the parts share the call itself), else of the parts' whole (WB_LAYER_*, fractions that add up to 1 where the
 * parts add up to the whole): 0, or -1 when the row has no parts. */
int wb_parts_layer_shares(const wb_module *m, const double *metrics, double shares[WB_LAYER_COUNT]);

/* The metric's index in the module's metric_names, or -1. */
int wb_metric_index(const wb_module *m, const char *column);

/* Seconds per unit of a spec's split.unit ("ns", "us", "ms", "s"); 1e-9 when unknown. */
double wb_parts_unit_seconds(const char *unit);

#endif
