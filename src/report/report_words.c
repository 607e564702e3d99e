/* The sentences of a comparison (report_words.h), each from its value (report_compare.h): no
 * figure or verdict is worked out here, only said. */
#include "report_words.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "run/parts_text.h"
#include "wb_units.h"

const char *rp_base_name(const rp_report *r, const rp_group *g, char *buf, size_t cap)
{
    char value[64];
    const char *column = rp_compare_column(r, g->m);
    if (column) {
        rp_reference_value(r, g->m, column, value, sizeof value);
        if (value[0]) snprintf(buf, cap, "%s=%s", column, value);
        else snprintf(buf, cap, "the first %s", column);
        return buf;
    }
    return rp_machine_name(r, r->baseline, buf, cap);
}

/* "2.42x faster than xp [2.10, 2.61]": the ratio as "times better" or "times worse", never "0.41x
 * faster", with its interval in the same sense. */
static void ratio_words(const rp_group *g, const rp_comparison *c, const char *base, char *buf, size_t cap)
{
    char words[64];
    int better = c->better >= 1.0;
    double x = better ? c->better : 1 / c->better, lo = better ? c->better_lo : 1 / c->better_hi;
    double hi = better ? c->better_hi : 1 / c->better_lo;
    rp_words(g, better ? g->spec->better : g->spec->worse, words, sizeof words);
    if (lo == lo && hi == hi) snprintf(buf, cap, "%.2fx %s than %s [%.2f, %.2f]", x, words, base, lo, hi);
    else snprintf(buf, cap, "%.2fx %s than %s", x, words, base);
}

/* What would let the test answer: as many a side (or rounds), or enough beside the larger side. */
static void too_few_words(const rp_comparison *c, char *buf, size_t cap)
{
    size_t n1 = c->headline.log.n1, n2 = c->headline.log.n2, big = n1 > n2 ? n1 : n2, beside = 1, even = 1;
    if (c->headline.processes) {
        snprintf(buf, cap, "cannot tell with %lu and %lu processes (each side needs 2 or more)", (unsigned long)n1,
                 (unsigned long)n2);
        return;
    }
    if (c->paired) {
        while (2.0 / pow(2.0, (double)even) >= WB_ALPHA) even++;
        snprintf(buf, cap, "cannot tell with %lu rounds (at least %lu are needed for p < %.2g)", (unsigned long)n1,
                 (unsigned long)even, WB_ALPHA);
        return;
    }
    while (rp_smallest_p(even, even) >= WB_ALPHA) even++;
    while (beside < big && rp_smallest_p(beside, big) >= WB_ALPHA) beside++;
    if (n1 == n2 || rp_smallest_p(beside, big) >= WB_ALPHA)
        snprintf(buf, cap, "cannot tell with %lu and %lu repetitions (at least %lu a side are needed for p < %.2g)",
                 (unsigned long)n1, (unsigned long)n2, (unsigned long)even, WB_ALPHA);
    else
        snprintf(buf, cap, "cannot tell with %lu and %lu repetitions (p < %.2g needs at least %lu beside %lu, or %lu a side)",
                 (unsigned long)n1, (unsigned long)n2, WB_ALPHA, (unsigned long)beside, (unsigned long)big,
                 (unsigned long)even);
}

/* What these repetitions could have shown, and what more would: "with 5 and 5 repetitions at
 * this spread, only a difference over 7% would show; --repeat 12 would show 3%". */
static void detectable_words(const rp_comparison *c, char *buf, size_t cap)
{
    double over = 100.0 * (c->headline.detectable - 1), half;
    size_t more;
    buf[0] = '\0';
    if (!(over > 0)) return;
    half = 1 + over / 200.0;
    more = wb_ratio_reps_for(&c->headline, half, 200);
    if (c->headline.processes) {
        snprintf(buf, cap, "; with %lu and %lu processes at this spread only a difference over %.0f%% would show",
                 (unsigned long)c->headline.log.n1, (unsigned long)c->headline.log.n2, over);
        if (more > 0 && strlen(buf) + 48 < cap)
            snprintf(buf + strlen(buf), cap - strlen(buf), "; %lu processes a side would show %.0f%%", (unsigned long)more,
                     over / 2);
        return;
    }
    if (c->paired)
        snprintf(buf, cap, "; with %lu rounds at this spread only a difference over %.0f%% would show",
                 (unsigned long)c->headline.log.n1, over);
    else
        snprintf(buf, cap, "; with %lu and %lu repetitions at this spread only a difference over %.0f%% would show",
                 (unsigned long)c->headline.log.n1, (unsigned long)c->headline.log.n2, over);
    if (more > 0 && strlen(buf) + 48 < cap)
        snprintf(buf + strlen(buf), cap - strlen(buf), "; --repeat %lu would show %.0f%%", (unsigned long)more, over / 2);
}

/* Beside the headline: what each side lost (the totals over their repetitions), and loads
 * that differ. */
static void traffic_words(const rp_group *g, const rp_comparison *c, const char *base, char *buf, size_t cap)
{
    size_t used = 0;
    buf[0] = '\0';
    if (c->lost_mine > 0 && !(c->lost_base > 0))
        used = (size_t)snprintf(buf, cap, "; lost %.0f where %s lost none", c->lost_mine, base);
    else if (c->lost_mine == 0 && c->lost_base > 0)
        used = (size_t)snprintf(buf, cap, "; %s lost %.0f, this none", base, c->lost_base);
    else if (c->lost_mine > 0 && c->lost_base > 0)
        used = (size_t)snprintf(buf, cap, "; lost %.0f, %s %.0f", c->lost_mine, base, c->lost_base);
    /* A sender that fell behind offered less: the latencies are of another load. */
    if (c->loads_differ && used < cap)
        snprintf(buf + used, cap - used, "; at different loads: sent %.1f/s where %s sent %.1f/s", g->achieved_median, base,
                 g->base->achieved_median);
}

/* What the interval is of, where that is not the repetitions of one process against those of
 * another it shares: "; by 4 and 4 processes" or "; one process a side: ..." */
static void how_compared_words(const rp_comparison *c, char *buf, size_t cap)
{
    if (cap == 0) return;
    buf[0] = '\0';
    if (c->headline.processes && c->headline.verdict != WB_CMP_CANNOT_TELL)
        snprintf(buf, cap, "; by %lu and %lu processes", (unsigned long)c->headline.log.n1,
                 (unsigned long)c->headline.log.n2);
    else if (c->one_process)
        snprintf(buf, cap, "; by the repetitions of one process a side, whose interval cannot hold how processes "
                 "differ (--processes)");
}

void rp_comparison_text(const rp_report *r, const rp_group *g, char *buf, size_t cap)
{
    const rp_comparison *c = g->cmp;
    char base[192], ratio[200], more[200], traffic[256];
    rp_base_name(r, g, base, sizeof base);
    if (g->values.n == 0 && g->empty > 0) {
        snprintf(buf, cap, "%s (%lu repetition%s)", g->spec->traffic.empty_metric_text ? g->spec->traffic.empty_metric_text
                 : "no value", (unsigned long)g->empty, g->empty == 1 ? "" : "s");
        return;
    }
    if (g->is_baseline) {
        snprintf(buf, cap, "baseline");
        return;
    }
    if (g->unlike_base) {
        snprintf(buf, cap, "not compared with %s: that is a %s, this a %s", base, rp_group_alt(g) ? g->spec->alt.from
                 : g->spec->alt.to, rp_group_alt(g) ? g->spec->alt.to : g->spec->alt.from);
        return;
    }
    if (!c->compared) {
        snprintf(buf, cap, "no %s run to compare with", base);
        return;
    }
    ratio_words(g, c, base, ratio, sizeof ratio);
    traffic_words(g, c, base, traffic, sizeof traffic);
    how_compared_words(c, traffic + strlen(traffic), sizeof traffic - strlen(traffic));
    switch (c->headline.verdict) {
    case WB_CMP_DIFFERS: snprintf(buf, cap, "%s, p=%.3g%s", ratio, c->headline.log.p, traffic); return;
    case WB_CMP_SAME:
        detectable_words(c, more, sizeof more);
        snprintf(buf, cap, "no significant difference from %s (%s, p=%.2g)%s%s", base, ratio, c->headline.log.p, more,
                 traffic);
        return;
    default:
        too_few_words(c, more, sizeof more);
        snprintf(buf, cap, "%s: %s%s", ratio, more, traffic);
    }
}

const char *rp_significant_text(const rp_group *g)
{
    return g->significance == RP_SIG_YES ? "yes" : g->significance == RP_SIG_NO ? "no" : "";
}

void rp_part_value_text(const wb_module *m, double v, double pm, char *buf, size_t cap)
{
    const double unit = wb_parts_unit_seconds(wb_module_report(m)->split.unit);
    char mag[32];
    if (v != v) {
        snprintf(buf, cap, "-");
        return;
    }
    if (v < 0 || (pm > 0 && v <= pm)) {   /* nothing that can be told from zero */
        if (pm > 0) wb_format_duration(pm * unit, mag, sizeof mag);
        if (pm > 0) snprintf(buf, cap, "~0 (+-%s)", mag);
        else snprintf(buf, cap, "~0");
        return;
    }
    wb_format_duration(v * unit, mag, sizeof mag);
    snprintf(buf, cap, "%s", mag);
}

/* "1.10 times faster" / "2.00 times slower" of a time: ratio is base / mine. */
static void times_text(double ratio, char *buf, size_t cap)
{
    if (ratio != ratio) snprintf(buf, cap, "changed");
    else if (ratio >= 1.0) snprintf(buf, cap, "%.2f times faster", ratio);
    else snprintf(buf, cap, "%.2f times slower", 1.0 / ratio);
}

/* This side's name in a comparison: "work=200" under --compare, else its machine's. */
static const char *mine_name(const rp_report *r, const rp_group *g, char *buf, size_t cap)
{
    const char *column = rp_compare_column(r, g->m);
    char value[64];
    if (column && rp_group_value(g, column, value, sizeof value)) snprintf(buf, cap, "%s=%s", column, value);
    else rp_machine_name(r, g->machine, buf, cap);
    return buf;
}

/* A value in the split's unit: "1.614 us". */
static const char *value_text(const rp_group *g, double v, char *buf, size_t cap)
{
    return wb_format_duration(v * wb_parts_unit_seconds(g->spec->split.unit), buf, cap);
}

/* A part as a sentence names it: "SendMessage's dispatch (the API)"; a part of your code where
 * both sides run the same code: "the window procedure (the same code, 1.20 times slower than
 * xp)", what changed, not who wrote it. */
static void part_words(const rp_report *r, const rp_group *g, const rp_part_cmp *c, char *buf, size_t cap)
{
    char times[48], base[192];
    if (c->part->layer == WB_LAYER_CODE && g->cmp->where.same_code) {
        times_text(c->ratio, times, sizeof times);
        snprintf(buf, cap, "%s (the same code, %s than %s)", c->part->name, times, rp_base_name(r, g, base, sizeof base));
    } else if (c->part->layer >= 0) {
        snprintf(buf, cap, "%s (%s)", c->part->name, wb_layer_name(c->part->layer));
    } else {   /* the rate: "how often idle periods came (1.03 times as often)" */
        snprintf(buf, cap, "%s (%.2f times as often)", c->part->name, c->base > 0 ? c->mine / c->base : NAN);
    }
}

/* A share a sentence may name: a part (or the rate) that moved on its own; no floor. */
static int nameable(const rp_part_cmp *c)
{
    return !c->is_floor && c->moved && c->share == c->share;
}

/* The shares said, into buf at used: the lead, the others that moved with it, those that moved
 * the other way, what is left to parts that did not move alone, and what nothing holds. */
static size_t shares_text(const rp_report *r, const rp_group *g, char *buf, size_t cap, size_t used)
{
    const rp_where *w = &g->cmp->where;
    char name[320], times[48];
    int k, named = 0, against = 0;
    for (k = -2; k < w->n && used < cap; k++) {   /* the lead, the rate, then the others that moved with it */
        const rp_part_cmp *c = k == -2 ? (w->lead >= 0 ? &w->parts[w->lead] : NULL) : k == -1 ? (w->has_rate ? &w->rate : NULL)
                                                                                              : &w->parts[k];
        if (c == NULL || (k >= 0 && k == w->lead) || !nameable(c) || !(c->share >= 0.01)) continue;
        part_words(r, g, c, name, sizeof name);
        used += (size_t)snprintf(buf + used, cap - used, "%s%.0f%% %s", named++ ? ", " : "", 100.0 * c->share, name);
    }
    for (k = 0; k < w->n && used < cap; k++) {   /* parts that moved the other way, said in words */
        const rp_part_cmp *c = &w->parts[k];
        if (!nameable(c) || c->share > -0.01) continue;
        part_words(r, g, c, name, sizeof name);
        times_text(c->ratio, times, sizeof times);
        used += (size_t)snprintf(buf + used, cap - used, "%s%s got %s (%.0f%%)", against++ ? ", and " : named ? ", while " : "",
                                 name, times, 100.0 * c->share);
    }
    if (named + against == 0 && used < cap)
        used += (size_t)snprintf(buf + used, cap - used, "no part moved significantly alone");
    else if (fabs(w->rest) > 0.05 && used < cap)   /* so that the shares said add up to 100% */
        used += (size_t)snprintf(buf + used, cap - used, "; the other %.0f%% in parts that did not move significantly alone",
                                 100.0 * w->rest);
    if (fabs(w->unexplained) > RP_UNEXPLAINED_NAMED && used < cap)
        used += (size_t)snprintf(buf + used, cap - used, "; %.0f%% unexplained (%s, timed beside the headline, does not "
                                 "account for it)", 100.0 * w->unexplained, g->spec->split.whole_name);
    return used < cap ? used : cap;
}

/* The floors that moved: beside, never a share. */
static void floors_text(const rp_where *w, char *buf, size_t cap, size_t used)
{
    char times[48];
    int k;
    for (k = 0; k < w->n && used < cap; k++)
        if (w->parts[k].is_floor && w->parts[k].moved) {
            times_text(w->parts[k].ratio, times, sizeof times);
            used += (size_t)snprintf(buf + used, cap - used, "; %s: %s %s (p=%.2g)",
                                     w->parts[k].part->beside ? "beside" : "floor", w->parts[k].part->name, times,
                                     w->parts[k].shift.p);
        }
}

/* Why nothing is placed, into buf; 0 when something is (then nothing written). */
static int unplaced_text(const rp_group *g, const rp_where *w, char *buf, size_t cap)
{
    const char *name = w->of_headline ? g->spec->split.headline_name : g->spec->split.whole_name;
    char times[48];
    times_text(w->ratio, times, sizeof times);
    switch (w->state) {
    case RP_WHERE_CANNOT_TELL:
        if (w->of_headline) snprintf(buf, cap, "where: cannot tell (the headline cannot be told apart: nothing to place)");
        else snprintf(buf, cap, "where: cannot tell (too few repetitions of %s to tell its change)", name);
        return -1;
    case RP_WHERE_STILL:
        if (w->of_headline || g->cmp->headline.verdict != WB_CMP_DIFFERS)
            snprintf(buf, cap, "where: the whole did not change (p=%.2g): nothing to place", w->shift.p);
        else
            snprintf(buf, cap, "where: %s itself did not change significantly (p=%.2g): the difference lies outside it "
                     "(waiting, preemptions, or how often it runs)", name, w->shift.p);
        return -1;
    case RP_WHERE_OTHER_WAY:
        snprintf(buf, cap, "where: %s itself got %s (p=%.2g), the other way: the difference lies outside it "
                 "(waiting, preemptions, or how often it runs)", name, times, w->shift.p);
        return -1;
    }
    return 0;
}

/* "the call itself (timed beside the loop) 1.35 times faster (p=0.0079)": the parts' own whole,
 * beside a headline it is not. */
static size_t call_text(const rp_group *g, const rp_where *w, char *buf, size_t cap, size_t used)
{
    char times[48];
    if (!w->of_headline || used >= cap || w->call.mine != w->call.mine) return used;
    times_text(w->call.ratio, times, sizeof times);
    used += (size_t)snprintf(buf + used, cap - used, "; %s %s (p=%.2g)", g->spec->split.whole_name, times, w->call.shift.p);
    return used < cap ? used : cap;
}

/* "a SendMessage took 654.2 ns at work=0, 902.7 ns at work=200": the whole on both sides, each
 * side named ("on xp" for a machine). The length written. */
static size_t sides_text(const rp_report *r, const rp_group *g, const rp_where *w, char *buf, size_t cap)
{
    const char *at = rp_compare_column(r, g->m) ? "at" : "on";
    char base[192], mine[192], a[32], b[32];
    int n;
    rp_base_name(r, g, base, sizeof base);
    mine_name(r, g, mine, sizeof mine);
    n = snprintf(buf, cap, "%s took %s %s %s, %s %s %s", g->spec->split.headline_name, value_text(g, w->base, a, sizeof a),
                 at, base, value_text(g, w->mine, b, sizeof b), at, mine);
    return n > 0 && (size_t)n < cap ? (size_t)n : cap;
}

void rp_where_text(const rp_report *r, const rp_group *g, char *buf, size_t cap)
{
    const rp_where *w = &g->cmp->where;
    int headline = g->cmp->headline.verdict;
    char times[48];
    size_t used;
    if (cap == 0) return;
    buf[0] = '\0';
    if (!g->cmp->compared || w->state == RP_WHERE_NONE) return;
    if (unplaced_text(g, w, buf, cap) != 0) return;
    times_text(w->ratio, times, sizeof times);
    if (w->of_headline) {   /* the headline's own difference, its ratio said once, in the headline */
        used = (size_t)snprintf(buf, cap, "where: ");
        used += sides_text(r, g, w, buf + used, cap - used);
        if (used < cap) used += (size_t)snprintf(buf + used, cap - used, "; of the difference, ");
    } else if (headline == WB_CMP_DIFFERS)
        used = (size_t)snprintf(buf, cap, "where: %s %s (p=%.2g): ", g->spec->split.whole_name, times, w->shift.p);
    else   /* the headline's statistic is another (CPU charged in clock ticks, say): said, not hidden */
        used = (size_t)snprintf(buf, cap, "where: %s %s (p=%.2g; the headline's %s %s): ", g->spec->split.whole_name, times,
                                w->shift.p, g->spec->unit, headline == WB_CMP_SAME ? "did not differ significantly"
                                                                                   : "could not be told apart");
    if (used >= cap) return;
    used = shares_text(r, g, buf, cap, used);
    used = call_text(g, w, buf, cap, used);
    floors_text(w, buf, cap, used);
}

void rp_where_brief(const rp_report *r, const rp_group *g, char *buf, size_t cap)
{
    const rp_where *w = &g->cmp->where;
    size_t used;
    if (cap == 0) return;
    buf[0] = '\0';
    if (!g->cmp->compared || (w->state != RP_WHERE_PLACED && w->state != RP_WHERE_NO_PART)) return;
    if (!w->of_headline) {   /* a whole beside the headline: where it moved, in its own name */
        used = (size_t)snprintf(buf, cap, "%s: ", g->spec->split.whole_name);
        if (used < cap) shares_text(r, g, buf, cap, used);
        return;
    }
    used = sides_text(r, g, w, buf, cap);
    if (used + 2 < cap) used += (size_t)snprintf(buf + used, cap - used, ": ");
    if (used < cap) shares_text(r, g, buf, cap, used);
}

/* "; between processes 3.1%, within one 1.2% (5 processes of 4 repetitions): a process's mean
 * is uncertain by 3.2%, 94% of it (as variance) the process's own: more processes narrow a
 * comparison, not more repetitions". A process's mean varies by between^2 + within^2 / r (r
 * repetitions): whichever term is larger is what more of the same buys least. */
static void spread_words(const wb_spread *sp, char *buf, size_t cap)
{
    double r, b2, w2;
    if (cap == 0) return;
    buf[0] = '\0';
    if (sp->processes < 2 || sp->between != sp->between || sp->within != sp->within) return;
    r = (double)sp->values / (double)sp->processes;
    b2 = sp->between * sp->between;
    w2 = sp->within * sp->within / r;
    snprintf(buf, cap, "; between processes %.1f%%, within one %.1f%% (%lu processes of %.3g repetitions): a process's "
             "mean is uncertain by %.1f%%, %.0f%% of it (as variance) %s", 100 * sp->between, 100 * sp->within,
             (unsigned long)sp->processes, r, 100 * sqrt(b2 + w2), b2 + w2 > 0 ? 100 * (b2 > w2 ? b2 : w2) / (b2 + w2) : 0,
             b2 > w2 ? "the process's own: more processes narrow a comparison, not more repetitions"
                     : "its repetitions': more repetitions narrow a comparison as well as more processes");
}

/* The A/A ratio in three significant digits: a planted slow half reads 0.00412x, not 0.00x. */
void rp_noise_text(const rp_group *g, char *buf, size_t cap)
{
    const wb_ratio *z = &g->cmp->noise.halves;
    if (cap == 0) return;
    buf[0] = '\0';
    if (g->cmp->noise.spread.processes >= 2) {   /* the processes, not the run's halves */
        spread_words(&g->cmp->noise.spread, buf, cap);
        if (buf[0]) memmove(buf, buf + 2, strlen(buf + 2) + 1);   /* no "; " to begin with */
        return;
    }
    if (z->verdict == WB_CMP_NONE) return;
    if (z->verdict == WB_CMP_CANNOT_TELL) {   /* no test could answer: the spread, which can */
        if (g->median > 0 && g->max == g->max && g->min == g->min)
            snprintf(buf, cap, "its %lu repetitions span %.1f%% of their median (least to most)",
                     (unsigned long)g->values.n, 100.0 * (g->max - g->min) / g->median);
    } else if (z->verdict == WB_CMP_DIFFERS)
        snprintf(buf, cap, "A/A (first half of its repetitions against the second): %.3gx [%.3g, %.3g], DIFFERENT "
                 "(p=%.2g): the machine drifted during the run, so a comparison of this size may be drift",
                 z->ratio, z->lo, z->hi, z->log.p);
    else
        snprintf(buf, cap, "A/A (first half of its repetitions against the second): %.3gx [%.3g, %.3g], no significant "
                 "difference (p=%.2g)", z->ratio, z->lo, z->hi, z->log.p);
}

void rp_interaction_text(const rp_report *r, const rp_group *g, char *buf, size_t cap)
{
    const rp_interaction *x = &g->cmp->interaction;
    const rp_group *h = x->other;
    char name[128], col_g[64], col_b[64], range[64] = "";
    int neither;
    if (cap == 0) return;
    buf[0] = '\0';
    if (!x->has) return;
    neither = g->cmp->headline.verdict != WB_CMP_DIFFERS && h->cmp->headline.verdict != WB_CMP_DIFFERS;
    rp_group_value(g, r->compare_column, col_g, sizeof col_g);
    rp_group_value(g->base, r->compare_column, col_b, sizeof col_b);
    rp_machine_name(r, r->baseline, name, sizeof name);
    if (x->ratio.lo == x->ratio.lo) snprintf(range, sizeof range, " [%.2f, %.2f]", x->ratio.lo, x->ratio.hi);
    snprintf(buf, cap, "interaction: %s=%s over %s=%s is %.2f here and %.2f on %s: %.2fx%s %s's (%s%s)", r->compare_column,
             col_g, r->compare_column, col_b, g->cmp->headline.ratio, h->cmp->headline.ratio, name, x->ratio.ratio, range,
             name,
             x->ratio.verdict == WB_CMP_DIFFERS ? "the interval excludes 1: what this setting changes costs differently "
                                                     "on each machine (its OS, or what else differs)"
             : x->ratio.verdict == WB_CMP_SAME ? "no significant difference: what this setting changes costs the same on "
                                                     "both machines, as far as these repetitions tell"
                                                   : "cannot tell with these repetitions",
             neither ? "; neither machine's own comparison differed" : "");
}

void rp_confounds_text(const rp_report *r, const rp_group *g, char *buf, size_t cap)
{
    const rp_comparison *c = g->cmp;
    size_t used = 0;
    char one[256], other[256];
    int k;
    if (cap == 0) return;
    buf[0] = '\0';
    for (k = 0; k < c->nconfounds && used < cap; k++) {
        int col = c->confound[k];
        rp_machine_fact(&r->machines[g->base->machine], col, one, sizeof one);
        rp_machine_fact(&r->machines[g->machine], col, other, sizeof other);
        used += (size_t)snprintf(buf + used, cap - used, "%s%s (%s / %s)", used ? ", " : "", wb_context_types[col].label,
                                 one[0] ? one : "none", other[0] ? other : "none");
    }
}

void rp_stalls_text(const rp_report *r, const rp_group *g, char *buf, size_t cap)
{
    const rp_comparison *c = g->cmp;
    char a[256], b[256], os_a[256], os_b[256];
    if (cap == 0) return;
    buf[0] = '\0';
    if (!c->stalls_differ) return;
    rp_machine_fact(&r->machines[g->machine], WB_COL_OS_NAME, os_a, sizeof os_a);
    rp_machine_fact(&r->machines[g->base->machine], WB_COL_OS_NAME, os_b, sizeof os_b);
    snprintf(buf, cap, "%s lost %.1f%% of a running thread to stalls, %s %.1f%% (stall_pct, the medians): the machines, "
             "not only %s, differ", rp_machine_name(r, g->base->machine, a, sizeof a), c->stall_base,
             rp_machine_name(r, g->machine, b, sizeof b), c->stall_mine, strcmp(os_a, os_b) ? "the OS" : "what the report compares");
}
