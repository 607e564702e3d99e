/* The report's regression gate (report_gate.c). Private to winbench.exe. */
#ifndef WB_REPORT_GATE_H
#define WB_REPORT_GATE_H

#include <stdio.h>

#include "report_model.h"

/* Compares every group of newer with its counterpart in older (both finished: medians
 * computed) and says each on out. Returns how many are worse by fail_pct % or more with
 * p < RP_ALPHA. */
int rp_gate(const rp_report *newer, const rp_report *older, double fail_pct, FILE *out);

#endif
