/* The sentences of a comparison (report_words.c): every writer says a comparison in these words,
 * made from its value (report_compare.h), so the console, the table, Markdown, HTML and JSON
 * read alike. Private to winbench.exe. */
#ifndef WB_REPORT_WORDS_H
#define WB_REPORT_WORDS_H

#include "report_compare.h"

/* What a group was compared with, in the comparison's words: "B", "loop=select". */
const char *rp_base_name(const rp_report *r, const rp_group *g, char *buf, size_t cap);
/* The headline: "2.42x faster than xp [2.10, 2.61], p=0.0079; ..." (or "baseline", "cannot tell
 * ...", "no significant difference ..."), with the loss and the loads beside it. */
void rp_comparison_text(const rp_report *r, const rp_group *g, char *buf, size_t cap);
/* "yes" / "no" / "" (too few repetitions, or the baseline). */
const char *rp_significant_text(const rp_group *g);
/* "283.5 ns", "~0 (+-3 ns)" where the interval holds zero (or an older file's part is below
 * zero), "-" for none: a part's value as every renderer writes it, never below zero. */
void rp_part_value_text(const wb_module *m, double v, double pm, char *buf, size_t cap);
/* Where the difference lies, in one sentence: "where: a SendMessage 2.42 times faster
 * (p=0.0079): 58% time the loop did not run (the machine), 38% SendMessage's dispatch (the
 * API), ...; the call itself 1.35 times faster (p=0.0079)", or why nothing is placed ("the
 * whole did not change (p=0.25): nothing to place"); "" when there is nothing to split. */
void rp_where_text(const rp_report *r, const rp_group *g, char *buf, size_t cap);
/* The answer line's: "xp's SendMessage took 1.614 us, win7's 667 ns: 58% time the loop did not
 * run (the machine), 38% SendMessage's dispatch (the API), 3% the window procedure (the same
 * code, 1.20 times faster than xp)"; "" where nothing is placed. */
void rp_where_brief(const rp_report *r, const rp_group *g, char *buf, size_t cap);
/* "A/A 1.01, no significant difference ..."; with too few repetitions for the test, their
 * spread; "" for none. */
void rp_noise_text(const rp_group *g, char *buf, size_t cap);
/* "interaction: loop=select over loop=wsapoll is 1.40 here and 1.05 on xp: 1.33x [1.10, 1.61] xp's
 * (...)"; "" when g is not such a comparison. */
void rp_interaction_text(const rp_report *r, const rp_group *g, char *buf, size_t cap);
/* "CPU (AMD EPYC / Intel Xeon), Wine (8.0 / no)": what else differs between the machines; "". */
void rp_confounds_text(const rp_report *r, const rp_group *g, char *buf, size_t cap);
/* "xp lost 3.1% of a running thread to stalls, vista 0.2% (...)" where they differ; "". */
void rp_stalls_text(const rp_report *r, const rp_group *g, char *buf, size_t cap);

#endif
