/* Where a difference lies (report_parts.h): the parts' medians on both sides, their ratio, the
 * rank test on each part's repetitions, and each part's share of the whole difference. */
#include "report_parts.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/wb_mannwhitney.h"
#include "core/wb_stats.h"
#include "run/parts_text.h"
#include "wb_units.h"

/* The rank test where the repetitions can let it answer, as the comparison itself does. */
static int significance(const double *a, size_t na, const double *b, size_t nb, double *p)
{
    wb_mwu t;
    *p = NAN;
    if (rp_smallest_p(na, nb) >= RP_ALPHA) return RP_SIG_CANNOT_TELL;
    if (wb_mann_whitney(a, na, b, nb, &t) != 0 || t.p != t.p) return RP_SIG_CANNOT_TELL;
    *p = t.p;
    return t.p < RP_ALPHA ? RP_SIG_YES : RP_SIG_NO;
}

int rp_split(const rp_group *g, rp_part_cmp *out, int cap, rp_whole_cmp *w)
{
    const rp_group *b = g->base;
    int k, n = 0, is_floor;
    double diff;
    memset(w, 0, sizeof *w);
    w->mine = w->base = w->mine_pm = w->base_pm = w->p = w->ratio = NAN;
    w->significance = RP_SIG_NONE;
    if (b == NULL || g->unlike_base || g->whole.n == 0 || b->whole.n == 0) return 0;
    w->mine = rp_values_median(&g->whole);
    w->base = rp_values_median(&b->whole);
    w->mine_pm = rp_values_median(&g->whole_pm);
    w->base_pm = rp_values_median(&b->whole_pm);
    w->ratio = w->mine > 0 && w->base > 0 ? w->base / w->mine : NAN;
    w->significance = significance(g->whole.v, g->whole.n, b->whole.v, b->whole.n, &w->p);
    diff = w->mine - w->base;
    for (k = 0; k < rp_part_count(g->m) && n < cap; k++) {
        const wb_part *part = rp_part_at(g->m, k, &is_floor);
        rp_part_cmp *c = &out[n];
        if (g->parts[k].n == 0 || b->parts[k].n == 0) continue;   /* not in this configuration */
        c->part = part;
        c->is_floor = is_floor;
        c->mine = rp_values_median(&g->parts[k]);
        c->base = rp_values_median(&b->parts[k]);
        c->mine_pm = rp_values_median(&g->parts_pm[k]);
        c->base_pm = rp_values_median(&b->parts_pm[k]);
        c->ratio = c->mine > 0 && c->base > 0 ? c->base / c->mine : NAN;
        c->significance = significance(g->parts[k].v, g->parts[k].n, b->parts[k].v, b->parts[k].n, &c->p);
        c->share = !is_floor && diff != 0 && diff == diff ? (c->mine - c->base) / diff : NAN;
        n++;
    }
    return n;
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

/* A part that moved: significantly, and not two figures each "~0" (a difference within its
 * interval of zero on both sides has not moved, whatever a rank test makes of their noise), nor
 * by less than half a percent, which the sentence's "1.00 times" could not show. */
static int moved(const rp_part_cmp *c)
{
    const int zero_both = c->part->difference && c->mine <= c->mine_pm && c->base <= c->base_pm;
    double larger = c->mine > c->base ? c->mine : c->base;
    return c->significance == RP_SIG_YES && !zero_both && fabs(c->mine - c->base) >= 0.005 * larger;
}

/* Is g's headline worse than its base's? (ops/s down, CPU up ...) */
static int headline_worse(const rp_group *g)
{
    return wb_module_report(g->m)->higher_is_better ? g->median < g->base->median : g->median > g->base->median;
}

/* The whole first: the split explains the whole's difference, which must be one, and the same
 * way as the headline's. 0 when the parts can be placed; else buf says why not. */
static int whole_text(const rp_group *g, const rp_whole_cmp *w, char *buf, size_t cap, size_t *used)
{
    const char *name = wb_module_report(g->m)->split.whole_name;
    char times[48];
    times_text(w->ratio, times, sizeof times);
    if (w->significance == RP_SIG_CANNOT_TELL) {
        snprintf(buf, cap, "where: cannot tell (too few repetitions of %s to tell its change)", name);
        return -1;
    }
    if (w->significance != RP_SIG_YES) {
        snprintf(buf, cap, "where: %s itself did not change significantly (p=%.2g): the difference lies outside it "
                 "(waiting, preemptions, or how often it runs)", name, w->p);
        return -1;
    }
    if (g->significance == RP_SIG_YES && (w->mine > w->base) != headline_worse(g)) {
        snprintf(buf, cap, "where: %s itself got %s (p=%.2g), the other way: the difference lies outside it "
                 "(waiting, preemptions, or how often it runs)", name, times, w->p);
        return -1;
    }
    if (g->significance == RP_SIG_YES)
        *used = (size_t)snprintf(buf, cap, "where: %s %s (p=%.2g)", name, times, w->p);
    else   /* the headline's statistic is another (CPU charged in clock ticks, say): said, not hidden */
        *used = (size_t)snprintf(buf, cap, "where: %s %s (p=%.2g; the headline's %s %s)", name, times, w->p,
                                 wb_module_report(g->m)->unit,
                                 g->significance == RP_SIG_NO ? "did not differ significantly" : "could not be told apart");
    return 0;
}

void rp_where_brief(const rp_group *g, char *buf, size_t cap)
{
    rp_part_cmp c[RP_MAX_PARTS];
    rp_whole_cmp w;
    int n, k, lead = -1;
    if (cap == 0) return;
    buf[0] = '\0';
    if (g->base == NULL || (n = rp_split(g, c, RP_MAX_PARTS, &w)) == 0 || w.significance != RP_SIG_YES) return;
    if (g->significance == RP_SIG_YES && (w.mine > w.base) != headline_worse(g)) return;   /* outside the whole */
    for (k = 0; k < n; k++)
        if (!c[k].is_floor && moved(&c[k]) && c[k].share > 0 && (lead < 0 || c[k].share > c[lead].share)) lead = k;
    if (lead < 0) return;
    if (c[lead].share <= 1.005) {
        snprintf(buf, cap, "%.0f%% of it in %s (%s)", 100.0 * c[lead].share, c[lead].part->name,
                 wb_layer_name(c[lead].part->layer));
        return;
    }
    {   /* more than the whole: another part went the other way, and a share over 100% says nothing */
        int against = -1;
        size_t used;
        for (k = 0; k < n; k++)
            if (!c[k].is_floor && moved(&c[k]) && c[k].share < 0 && (against < 0 || c[k].share < c[against].share))
                against = k;
        used = (size_t)snprintf(buf, cap, "in %s (%s)", c[lead].part->name, wb_layer_name(c[lead].part->layer));
        if (against >= 0 && used < cap)
            snprintf(buf + used, cap - used, ", partly offset by %s (%s)", c[against].part->name,
                     wb_layer_name(c[against].part->layer));
    }
}

void rp_where_text(const rp_group *g, char *buf, size_t cap)
{
    rp_part_cmp c[RP_MAX_PARTS];
    rp_whole_cmp w;
    int n = rp_split(g, c, RP_MAX_PARTS, &w), k, lead = -1, named = 0, against = 0;
    size_t used = 0;
    double rest = 1.0;
    char times[48];
    if (cap == 0) return;
    buf[0] = '\0';
    if (n == 0) return;
    if (g->significance != RP_SIG_YES && w.significance != RP_SIG_YES) {   /* neither the headline nor the whole */
        snprintf(buf, cap, g->significance == RP_SIG_CANNOT_TELL || w.significance == RP_SIG_CANNOT_TELL
                               ? "where: cannot tell (too few repetitions to tell the whole apart)"
                               : "where: no significant difference in the whole to place");
        return;
    }
    if (whole_text(g, &w, buf, cap, &used) != 0) return;
    /* the lead: the part that moved with the whole by most */
    for (k = 0; k < n; k++)
        if (!c[k].is_floor && moved(&c[k]) && c[k].share > 0 && (lead < 0 || c[k].share > c[lead].share)) lead = k;
    if (lead < 0) {
        snprintf(buf + used, cap - used, ": no part moved significantly alone (each moved too little to tell)");
        return;
    }
    for (k = -1; k < n && used < cap; k++) {   /* the lead, then the others that moved with it */
        int i = k < 0 ? lead : k;
        if ((k >= 0 && i == lead) || c[i].is_floor || !moved(&c[i]) || !(c[i].share >= 0.01)) continue;
        used += (size_t)snprintf(buf + used, cap - used, "%s%.0f%% of it is in %s (%s)", named++ ? ", " : ": ",
                                 100.0 * c[i].share, c[i].part->name, wb_layer_name(c[i].part->layer));
        rest -= c[i].share;
    }
    for (k = 0; k < n && used < cap; k++)   /* parts that moved the other way, said in words */
        if (!c[k].is_floor && moved(&c[k]) && c[k].share <= -0.01) {
            times_text(c[k].ratio, times, sizeof times);
            used += (size_t)snprintf(buf + used, cap - used, "%s%s (%s) got %s (%.0f%%)", against++ ? ", and " : ", while ",
                                     c[k].part->name, wb_layer_name(c[k].part->layer), times, 100.0 * c[k].share);
            rest -= c[k].share;
        }
    if (fabs(rest) > 0.05 && used < cap)   /* so that the shares said add up to 100% */
        used += (size_t)snprintf(buf + used, cap - used, "; the other %.0f%% in parts that did not move significantly alone",
                                 100.0 * rest);
    for (k = 0; k < n && used < cap; k++)   /* floors that moved: beside, never a share */
        if (c[k].is_floor && moved(&c[k])) {
            times_text(c[k].ratio, times, sizeof times);
            used += (size_t)snprintf(buf + used, cap - used, "; floor: %s %s (p=%.2g)", c[k].part->name, times, c[k].p);
        }
}

void rp_group_noise(const rp_group *g, rp_noise *out)
{
    size_t n = g->values.n, h = n / 2;
    double m1, m2;
    rp_values a, b;
    memset(out, 0, sizeof *out);
    out->ratio = out->p = NAN;
    out->significance = RP_SIG_NONE;
    if (n < 2) return;
    /* the first half against the second: a drift over the run shows as a difference */
    a.v = g->values.v;
    a.n = a.cap = h;
    b.v = g->values.v + h;
    b.n = b.cap = n - h;
    out->n1 = a.n;
    out->n2 = b.n;
    m1 = rp_values_median(&a);
    m2 = rp_values_median(&b);
    if (m1 > 0 && m2 > 0) out->ratio = m2 / m1;
    out->significance = significance(a.v, a.n, b.v, b.n, &out->p);
}

void rp_noise_text(const rp_group *g, char *buf, size_t cap)
{
    rp_noise z;
    rp_group_noise(g, &z);
    if (cap == 0) return;
    buf[0] = '\0';
    if (z.significance == RP_SIG_NONE) return;
    if (z.significance == RP_SIG_CANNOT_TELL) {   /* no test could answer: the spread, which can */
        if (g->median > 0 && g->max == g->max && g->min == g->min)
            snprintf(buf, cap, "its %lu repetitions span %.1f%% of their median (least to most)",
                     (unsigned long)g->values.n, 100.0 * (g->max - g->min) / g->median);
    } else if (z.significance == RP_SIG_YES)
        snprintf(buf, cap, "A/A (first half of its repetitions against the second): %.2f, DIFFERENT (p=%.2g): the "
                 "machine drifted during the run, so a comparison of this size may be drift", z.ratio, z.p);
    else
        snprintf(buf, cap, "A/A (first half of its repetitions against the second): %.2f, no significant difference "
                 "(p=%.2g)", z.ratio, z.p);
}

/* Repetition i of g over repetition i of its base, for every i both have; n of them. */
static size_t rep_ratios(const rp_group *g, double *out, size_t cap)
{
    size_t i, n = g->values.n < g->base->values.n ? g->values.n : g->base->values.n;
    if (n > cap) n = cap;
    for (i = 0; i < n; i++) out[i] = g->base->values.v[i] > 0 ? g->values.v[i] / g->base->values.v[i] : NAN;
    return n;
}

size_t rp_noise_test_needs(void)
{
    size_t half = 1;
    while (rp_smallest_p(half, half) >= RP_ALPHA) half++;
    return 2 * half;
}

void rp_interaction_text(const rp_report *r, const rp_group *g, char *buf, size_t cap)
{
    const rp_group *h = NULL;
    size_t k, n1, n2;
    double mine, theirs, ror, err, p = NAN, a[256], b[256];
    char name[128], col_g[64], col_b[64];
    int sig;
    if (cap == 0) return;
    buf[0] = '\0';
    if (r->compare_column == NULL || g->base == NULL || g->base->machine != g->machine || g->machine == r->baseline) return;
    for (k = 0; k < r->ngroups && h == NULL; k++)   /* the same comparison on the baseline machine */
        if (r->groups[k].m == g->m && r->groups[k].machine == r->baseline && !strcmp(r->groups[k].variant, g->variant) &&
            r->groups[k].base != NULL)
            h = &r->groups[k];
    if (h == NULL || !(g->median > 0) || !(g->base->median > 0) || !(h->median > 0) || !(h->base->median > 0)) return;
    mine = g->median / g->base->median;
    theirs = h->median / h->base->median;
    ror = mine / theirs;
    {   /* the four groups' relative spreads, as the comparisons propagate theirs */
        double e = 0;
        const rp_group *four[4];
        int i;
        four[0] = g, four[1] = g->base, four[2] = h, four[3] = h->base;
        for (i = 0; i < 4; i++) e += four[i]->stddev == four[i]->stddev ? pow(four[i]->stddev / four[i]->median, 2) : NAN;
        err = ror * sqrt(e);
    }
    n1 = rep_ratios(g, a, 256);
    n2 = rep_ratios(h, b, 256);
    sig = significance(a, n1, b, n2, &p);
    rp_group_value(g, r->compare_column, col_g, sizeof col_g);
    rp_group_value(g->base, r->compare_column, col_b, sizeof col_b);
    rp_machine_name(r, r->baseline, name, sizeof name);
    snprintf(buf, cap, "interaction: %s=%s over %s=%s is %.2f here and %.2f on %s: %.2f%s%.2f times %s's (%s)", r->compare_column,
             col_g, r->compare_column, col_b, mine, theirs, name, ror, err == err ? " +- " : "", err == err ? err : 0.0, name,
             sig == RP_SIG_YES ? "p below 0.05: what this setting changes costs differently on each machine (its OS, or "
                                 "what else differs)"
             : sig == RP_SIG_NO ? "no significant difference: what this setting changes costs the same on both machines, "
                                  "as far as these repetitions tell"
                                : "cannot tell with these repetitions");
    if (sig != RP_SIG_CANNOT_TELL) {
        size_t used = strlen(buf);
        if (used + 16 < cap) snprintf(buf + used - 1, cap - used + 1, ", p=%.2g)", p);
    }
}

void rp_stalls_text(const rp_report *r, const rp_group *g, char *buf, size_t cap)
{
    double mine = rp_values_median(&g->stall), theirs = g->base ? rp_values_median(&g->base->stall) : NAN;
    char a[256], b[256];
    buf[0] = '\0';
    /* a point apart and one at least twice the other: the machine took a share the other did not */
    if (!(mine == mine && theirs == theirs) || fabs(mine - theirs) < 1 || (mine < 2 * theirs && theirs < 2 * mine)) return;
    snprintf(buf, cap, "%s lost %.1f%% of a running thread to stalls, %s %.1f%% (stall_pct, the medians): the machines, "
             "not only %s, differ", rp_machine_name(r, g->base->machine, a, sizeof a), theirs,
             rp_machine_name(r, g->machine, b, sizeof b), mine,
             strcmp(r->machines[g->machine].os, r->machines[g->base->machine].os) ? "the OS" : "what the report compares");
}

static const char *wow64_word(const char *cell)
{
    return !strcmp(cell, "1") ? "x86 on 64-bit Windows" : !strcmp(cell, "0") ? "native" : "";
}

void rp_confounds(const rp_report *r, int a, int b, char *buf, size_t cap)
{
    const rp_machine *x = &r->machines[a], *y = &r->machines[b];
    size_t used = 0;
    char bx[128], by[128];
    struct {
        const char *what, *one, *other;
    } facts[9];
    int k, n = 0;
    facts[n].what = "OS", facts[n].one = x->os, facts[n++].other = y->os;
    facts[n].what = "CPU", facts[n].one = x->cpu, facts[n++].other = y->cpu;
    facts[n].what = "CPUs", facts[n].one = x->cpus, facts[n++].other = y->cpus;
    facts[n].what = "hypervisor", facts[n].one = x->hypervisor, facts[n++].other = y->hypervisor;
    facts[n].what = "Wine", facts[n].one = x->wine, facts[n++].other = y->wine;
    facts[n].what = "architecture", facts[n].one = x->arch, facts[n++].other = y->arch;
    facts[n].what = "calibration", facts[n].one = rp_machine_broken(x, bx, sizeof bx)[0] ? bx : (x->calibration[0] ? "ok" : "");
    facts[n++].other = rp_machine_broken(y, by, sizeof by)[0] ? by : (y->calibration[0] ? "ok" : "");
    if (x->power[0] && y->power[0])   /* files from before 0.5 do not say */
        facts[n].what = "power source", facts[n].one = x->power, facts[n++].other = y->power;
    /* an x86 process on 64-bit Windows: its kernel and win32k floors and hand-offs cross WOW64's thunks */
    if (wow64_word(x->wow64)[0] && wow64_word(y->wow64)[0])
        facts[n].what = "WOW64", facts[n].one = wow64_word(x->wow64), facts[n++].other = wow64_word(y->wow64);
    if (cap == 0) return;
    buf[0] = '\0';
    for (k = 0; k < n && used < cap; k++)
        if (strcmp(facts[k].one, facts[k].other) != 0)
            used += (size_t)snprintf(buf + used, cap - used, "%s%s (%s / %s)", used ? ", " : "", facts[k].what,
                                     facts[k].one[0] ? facts[k].one : "none", facts[k].other[0] ? facts[k].other : "none");
}
