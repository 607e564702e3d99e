/* A comparison is a value: computed once per group, in rp_report_finish, from the groups alone
 * (report_compare.c), and read by every writer: the answers, the table and its CSV, TSV,
 * Markdown and JSON, the HTML, the exports and the gate. A writer chooses words, order and
 * layout (report_words.c has the sentences all of them share); none decides a verdict, a share
 * or a figure of its own. Private to winbench.exe. */
#ifndef WB_REPORT_COMPARE_H
#define WB_REPORT_COMPARE_H

#include "core/wb_compare.h"
#include "report_model.h"

/* One part (or floor) of the module's split, on both sides. */
typedef struct rp_part_cmp {
    const wb_part *part;
    int is_floor;
    int is_machine;              /* the headline's time no code's part holds (split.machine) */
    double mine, base;           /* medians over repetitions */
    double mine_pm, base_pm;     /* medians of the rows' 95% half-widths; NaN where rows have none */
    double ratio;                /* base / mine: above 1, this side spends less time there */
    wb_shift shift;              /* mine less base, on the repetitions: did it move on its own */
    int moved;                   /* it did: the shift's interval excludes 0, not "~0" on both sides, and by
                                  * 0.5% or more (what "1.00 times" could not show) */
    double share;                /* parts: its change over the whole's; NaN where nothing is placed */
} rp_part_cmp;

/* Where the difference lies, or why that is not told. */
enum {
    RP_WHERE_NONE,               /* no split: the module has no parts, or a side none (older files, --floors off) */
    RP_WHERE_CANNOT_TELL,        /* too few repetitions to tell the whole's change */
    RP_WHERE_STILL,              /* the whole did not change: nothing to place */
    RP_WHERE_OTHER_WAY,          /* the parts' whole (beside a headline it is not) changed the other way */
    RP_WHERE_NO_PART,            /* the whole changed, no part did on its own */
    RP_WHERE_PLACED              /* the whole changed, and lead (at least) is where */
};

typedef struct rp_where {
    int state;                   /* RP_WHERE_* */
    /* 1: the whole is the headline per operation (split.headline), its change decided by the
     * headline's own verdict, and its shares add up to it with the machine, the rate and what
     * is unexplained; 0: the whole is the parts' own (sockloop's CPU per packet beside its
     * latency), decided by its own test, beside the headline */
    int of_headline;
    double mine, base, mine_pm, base_pm, ratio;   /* the whole's medians, half-widths, base / mine */
    wb_shift shift;              /* the whole's, mine less base */
    /* the parts' own whole (split.whole: "the call itself", timed beside the loop) */
    rp_part_cmp call;
    wb_part call_part;
    /* where the headline is the whole times a rate (idle's periods a second): the rate's change,
     * a share of its own ("how often") */
    int has_rate;
    rp_part_cmp rate;
    wb_part rate_part;
    int n;
    rp_part_cmp parts[RP_MAX_PARTS];
    int lead;                    /* the part that moved with the whole by most (RP_WHERE_PLACED), else -1 */
    int against;                 /* the part that moved the other way by most, else -1 */
    double rest;                 /* the share left to parts that did not move alone */
    double unexplained;          /* of_headline: the share no part, machine or rate holds; NaN else */
    /* the code is the same on both sides (two machines, or a setting that is no code's): a part
     * of your code that moved is "the same code" that ran faster or slower, not a cause */
    int same_code;
    size_t apart_mine, apart_base;   /* repetitions whose parts did not add up to their whole */
} rp_where;

/* Unexplained shares above this are named beside the parts. */
#define RP_UNEXPLAINED_NAMED 0.10

/* The group against itself: its first half of repetitions against its second, the same test. */
typedef struct rp_noise {
    wb_ratio halves;
    size_t n1, n2;
    /* how its repetitions spread between the processes (runs) that made them and within each:
     * spread.processes 1 for one run, whose between-process spread nothing here can know */
    wb_spread spread;
} rp_noise;

/* Under --compare on several machines: is this machine's ratio to its base the baseline
 * machine's too? */
typedef struct rp_interaction {
    int has;
    const rp_group *other;       /* the same comparison on the baseline machine */
    wb_ratio ratio;              /* this machine's ratio over the other's (of the metric, mine over base) */
} rp_interaction;

typedef struct rp_comparison {
    int compared;                /* 1: against base, with values on both sides */
    int paired;                  /* the rounds of one interleaved run: repetition k against repetition k */
    /* unpaired, how the sides were compared: by processes (headline.processes: each side made
     * by 2 or more, each process one value), or by repetitions; one_process: by repetitions of
     * sides that share no process, one of them (or both) a single process, so that the interval
     * cannot hold how processes differ */
    int one_process;
    wb_ratio headline;           /* the metric, mine over base */
    /* the same, as "times better" (faster, lower latency, less CPU): above 1 this side is better */
    double better, better_lo, better_hi;
    rp_where where;
    rp_noise noise;
    rp_interaction interaction;
    /* the stall probes' medians, and whether they differ enough to name (a point and twice) */
    double stall_mine, stall_base;
    int stalls_differ;
    /* what each side lost: the total over its repetitions, and of what they sent (NaN without) */
    double lost_mine, lost_base, loss_pct_mine, loss_pct_base;
    int loads_differ;            /* the offered loads are more than 1% apart */
    /* the machines' facts that differ (WB_CONFOUND columns), when two machines are compared */
    int confound[WB_CONTEXT_COUNT];
    int nconfounds;
} rp_comparison;

/* The group's median repetition (by the headline per operation where the module splits it,
 * else by the parts' whole), every split figure of it into out (RP_SPLIT_STRIDE values: each
 * rp_part_at index, then RP_SPLIT_WHOLE, _HEADLINE, _RATE; an even count's two middle ones
 * averaged): the sizes every writer shows, so that parts add up as in a row. 0, or -1 for none. */
int rp_group_median_rep(const rp_group *g, double *out);

/* g's headline over b's as the report compares two groups that share no run (the gate's, of
 * two reports): never paired; by processes where each side has 2 or more, else by repetitions
 * (*one_process: of one process a side). 0, or -1 out of memory. */
int rp_compare_apart(const rp_group *g, const rp_group *b, wb_ratio *out, int *one_process);
/* Every group's base and comparison (the groups sorted in the table's order first). */
void rp_compare_groups(rp_report *r);
/* The model finished once everything is read: each group's statistics and the table's order
 * (rp_model_finish), the machines' and configurations' names (rp_names_prepare), then every
 * comparison. */
void rp_report_finish(rp_report *r);
/* How many repetitions the A/A test needs (two halves that can reach p < 0.05): 8. */
size_t rp_noise_test_needs(void);

#endif
