/* Where a difference lies: a comparison of two groups split by the parts of the module's
 * operation (the OS, the API, your code), the noise of a machine against itself, and what else
 * differs between two machines. Reads the model; the renderers print it. Private to
 * winbench.exe. */
#ifndef WB_REPORT_PARTS_H
#define WB_REPORT_PARTS_H

#include "report_model.h"

/* One part (or floor) of a group against its base's. */
typedef struct rp_part_cmp {
    const wb_part *part;
    int is_floor;
    double mine, base;           /* medians over repetitions; NaN where a side has none */
    double mine_pm, base_pm;     /* medians of the rows' 95% half-widths; NaN where rows have none */
    double ratio;                /* base / mine: above 1, this group spends less time there */
    double p;                    /* Mann-Whitney over the repetitions; NaN: could not tell */
    int significance;            /* RP_SIG_* */
    double share;                /* parts only: (mine - base) / (whole mine - whole base); NaN else */
} rp_part_cmp;

/* The whole the parts add up to, on both sides: its medians, their half-widths, and the rank
 * test on the whole's own repetitions (the split explains this difference: it is said beside
 * the headline's, which may be of another statistic, ops/s over the whole loop). */
typedef struct rp_whole_cmp {
    double mine, base, mine_pm, base_pm, p, ratio;   /* ratio: base / mine */
    int significance;
} rp_whole_cmp;

/* The split of g's comparison with its base, one entry per part and floor that both sides
 * measured, into out (at most cap). Returns the count: 0 when the module has no parts, g has
 * no base, or either side has none (older files, --floors off). *whole gets the whole's. */
int rp_split(const rp_group *g, rp_part_cmp *out, int cap, rp_whole_cmp *whole);

/* "283.5 ns", "~0 (+-3 ns)" where the interval holds zero (or an older file's part is below
 * zero), "-" for none: a part's value as every renderer writes it, never below zero. */
void rp_part_value_text(const wb_module *m, double v, double pm, char *buf, size_t cap);

/* Where the difference lies, in one sentence (after the comparison itself): "91% of the
 * difference is in SendMessage's dispatch (the API); the window procedure: no significant
 * difference; a win32k call: 1.10 times faster", or why it cannot be told. "" when there is
 * nothing to split. */
void rp_where_text(const rp_group *g, char *buf, size_t cap);
/* The part the whole's difference is mostly in, for a line of its own: "95% of it in the window
 * procedure (your code)"; "" where the split places nothing. */
void rp_where_brief(const rp_group *g, char *buf, size_t cap);

/* The noise floor of one group: its first half of repetitions (in the order read) against its
 * second half, the same rank test: a machine against itself. significance RP_SIG_CANNOT_TELL
 * when the halves are too small for p < RP_ALPHA. */
typedef struct rp_noise {
    double ratio, p;
    int significance;
    size_t n1, n2;
} rp_noise;
void rp_group_noise(const rp_group *g, rp_noise *out);
/* "A/A 1.01, no significant difference (p=0.69)"; where the halves are too small for the test to
 * answer, the spread of the repetitions ("its 5 repetitions span 3.1% of their median"); "" for
 * none. */
void rp_noise_text(const rp_group *g, char *buf, size_t cap);
/* How many repetitions the A/A test needs (two halves that can reach p < RP_ALPHA): 8. */
size_t rp_noise_test_needs(void);

/* The interaction (report --compare COLUMN over several machines): g's ratio to its base on its
 * machine against the same ratio on the baseline machine, "is select's penalty over WSAPoll
 * bigger on XP than on 2008?". The ratio of ratios with its +- and a rank test of the two
 * machines' repetition ratios (repetition i of the group over repetition i of its base: the same
 * round of an interleaved run). "" when g is not such a comparison. */
void rp_interaction_text(const rp_report *r, const rp_group *g, char *buf, size_t cap);

/* What else differs between machines a and b that a reader must weigh beside a comparison:
 * "CPU (AMD EPYC / Intel Xeon), Wine (8.0 / none)"; "" when nothing does. */
void rp_confounds(const rp_report *r, int a, int b, char *buf, size_t cap);
/* "xp lost 3.1% of a running thread to stalls, vista 0.2% (...): the machines, not only the OS,
 * differ" when the stall probes of g and its base (their repetitions' stall_pct medians) are a
 * point apart and one is twice the other; "" else. */
void rp_stalls_text(const rp_report *r, const rp_group *g, char *buf, size_t cap);

#endif
