/* Every group's comparison, computed once (report_compare.h): its base, the headline's ratio
 * with its interval and verdict, where the difference lies, the noise beside it, the
 * interaction, the stalls, the loss and the machines' other differences. */
#include "report_compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The configuration that must match under --compare COLUMN: all of it less COLUMN, and less the
 * columns COLUMN sets when it is the module's preset (idle's case). */
static void compared_part(const rp_group *g, const char *column, char *buf, size_t cap)
{
    const wb_report_spec *spec = g->spec;
    char tmp[256];
    int i;
    rp_variant_without(g, column, buf, cap);
    if (spec->preset.column == NULL || strcmp(spec->preset.column, column) != 0) return;
    for (i = 0; spec->preset.sets && spec->preset.sets[i]; i++) {
        snprintf(tmp, sizeof tmp, "%s", buf);
        rp_text_without(tmp, spec->preset.sets[i], buf, cap);
    }
}

/* The group g is compared with: the baseline machine's of the same configuration, or under
 * --compare COLUMN the same machine's with COLUMN at the reference value. */
static const rp_group *base_of(const rp_report *r, const rp_group *g, int *is_base)
{
    const char *column = rp_compare_column(r, g->m);
    size_t k;
    *is_base = 0;
    if (column) {
        char value[64], mine[256], other[256], ref[64];
        rp_reference_value(r, g->m, column, ref, sizeof ref);
        if (!rp_group_value(g, column, value, sizeof value)) return NULL;
        if (strcmp(value, ref) == 0) {
            *is_base = 1;
            return NULL;
        }
        compared_part(g, column, mine, sizeof mine);
        for (k = 0; k < r->ngroups; k++) {
            const rp_group *b = &r->groups[k];
            if (b->m != g->m || b->machine != g->machine) continue;
            compared_part(b, column, other, sizeof other);
            if (strcmp(mine, other) == 0 && rp_group_value(b, column, value, sizeof value) && strcmp(value, ref) == 0)
                return b;
        }
        return NULL;
    }
    if (g->machine == r->baseline) {
        *is_base = 1;
        return NULL;
    }
    /* the groups are in table order (module, configuration, machine): the base is in g's run */
    for (k = (size_t)(g - r->groups); k > 0 && r->groups[k - 1].m == g->m && r->groups[k - 1].order == g->order; k--) {}
    for (; k < r->ngroups && r->groups[k].m == g->m && r->groups[k].order == g->order; k++)
        if (r->groups[k].machine == r->baseline) return &r->groups[k];
    return NULL;
}

/* The values of a and b that are one round's (the same run, interleaved, the same repetition),
 * side by side in pa and pb: their count when every value of each side has its partner (the
 * comparison is then paired), else 0. */
static size_t pair_up(const rp_values *a, const rp_values *ar, const rp_values *b, const rp_values *br, double *pa,
                      double *pb)
{
    size_t i, j, n = 0;
    if (ar == NULL || br == NULL || a->n == 0 || a->n != b->n || ar->n != a->n || br->n != b->n) return 0;
    for (i = 0; i < a->n; i++) {
        if (ar->v[i] != ar->v[i]) return 0;   /* not of an interleaved run */
        for (j = 0; j < b->n && br->v[j] != ar->v[i]; j++) {}
        if (j == b->n) return 0;
        pa[n] = a->v[i];
        pb[n++] = b->v[j];
    }
    return n;
}

/* mine against base, paired where they pair (rounds NULL: they cannot, being of two machines): a
 * ratio (values above 0) or a shift (ratio NULL). */
static int compare_values(const rp_values *a, const rp_values *ar, const rp_values *b, const rp_values *br,
                          wb_ratio *ratio, wb_shift *shift, int *paired)
{
    size_t cap = a->n > b->n ? a->n : b->n, n;
    double *pa = (double *)malloc((cap ? cap : 1) * sizeof *pa), *pb = (double *)malloc((cap ? cap : 1) * sizeof *pb);
    int rc;
    if (pa == NULL || pb == NULL) {
        free(pa), free(pb);
        return -1;
    }
    n = pair_up(a, ar, b, br, pa, pb);
    /* Paired where the rounds can answer: 6 rounds and more (5 can never reach p < 0.05, where 5
     * against 5 unpaired can). Decided on the counts alone, never on which test says more. */
    if (n > 0 && 2.0 / pow(2.0, (double)n) >= WB_ALPHA) n = 0;
    if (paired) *paired = n > 0;
    if (ratio) rc = n ? wb_compare_ratio(pa, n, pb, n, 1, ratio) : wb_compare_ratio(a->v, a->n, b->v, b->n, 0, ratio);
    else rc = n ? wb_shift_paired(pa, pb, n, shift) : wb_shift_unpaired(a->v, a->n, b->v, b->n, shift);
    free(pa), free(pb);
    return rc;
}

/* Rounds pair only within one machine's runs. */
#define ROUNDS(g, b, rounds) ((g)->machine == (b)->machine ? (rounds) : NULL)

static int shift_excludes_zero(const wb_shift *s)
{
    return s->lo == s->lo && (s->lo > 0 || s->hi < 0);
}

/* A part that moved: its own shift differs, not two figures each "~0" (a difference within its
 * interval of zero on both sides has not moved, whatever a rank test makes of their noise), nor
 * by less than half a percent. */
static int part_moved(const rp_part_cmp *c)
{
    const int zero_both = c->part->difference && c->mine <= c->mine_pm && c->base <= c->base_pm;
    double larger = c->mine > c->base ? c->mine : c->base;
    return shift_excludes_zero(&c->shift) && !zero_both && fabs(c->mine - c->base) >= 0.005 * larger;
}

/* One figure of both sides into c: medians, half-widths, ratio, its own shift and whether it moved. */
static void compare_part(const rp_values *a, const rp_values *apm, const rp_values *ar, const rp_values *b,
                         const rp_values *bpm, const rp_values *br, rp_part_cmp *c)
{
    c->mine = rp_values_median(a);
    c->base = rp_values_median(b);
    c->mine_pm = apm ? rp_values_median(apm) : NAN;
    c->base_pm = bpm ? rp_values_median(bpm) : NAN;
    c->ratio = c->mine > 0 && c->base > 0 ? c->base / c->mine : NAN;
    c->share = NAN;
    compare_values(a, ar, b, br, NULL, &c->shift, NULL);
    c->moved = part_moved(c);
}

/* The group's median repetition by field `by` (RP_SPLIT_HEADLINE, or _WHOLE), every field of it
 * into out (of an even count, the mean of the two middle ones'; where one lacks a field, the
 * other's): a split's figures are one repetition's, so that they add up as a row's do, where
 * each figure's own median would not. 0, or -1 when no row has `by`. */
static int median_rep(const rp_group *g, int by, double *out)
{
    const size_t rows = g->split_rows.n / RP_SPLIT_STRIDE;
    const double *rec = g->split_rows.v;
    size_t i, j, n = 0, *order = (size_t *)malloc((rows ? rows : 1) * sizeof *order);
    int k;
    for (k = 0; k < RP_SPLIT_STRIDE; k++) out[k] = NAN;
    if (order == NULL) return -1;
    for (i = 0; i < rows; i++)   /* by insertion: a group has a handful of repetitions */
        if (rec[i * RP_SPLIT_STRIDE + by] == rec[i * RP_SPLIT_STRIDE + by]) {
            for (j = n++; j > 0 && rec[order[j - 1] * RP_SPLIT_STRIDE + by] > rec[i * RP_SPLIT_STRIDE + by]; j--)
                order[j] = order[j - 1];
            order[j] = i;
        }
    if (n > 0) {
        const double *lo = rec + order[(n - 1) / 2] * RP_SPLIT_STRIDE, *hi = rec + order[n / 2] * RP_SPLIT_STRIDE;
        for (k = 0; k < RP_SPLIT_STRIDE; k++)
            out[k] = lo[k] == lo[k] && hi[k] == hi[k] ? (lo[k] + hi[k]) / 2 : lo[k] == lo[k] ? lo[k] : hi[k];
    }
    free(order);
    return n > 0 ? 0 : -1;
}

int rp_group_median_rep(const rp_group *g, double *out)
{
    return median_rep(g, g->spec->split.headline && g->headline.n > 0 ? RP_SPLIT_HEADLINE : RP_SPLIT_WHOLE, out);
}

/* Out as the mean of records a and b, field by field (where one lacks a field, the other's). */
static void mean_of(const double *a, const double *b, double *out)
{
    int k;
    for (k = 0; k < RP_SPLIT_STRIDE; k++)
        out[k] = a[k] == a[k] && b[k] == b[k] ? (a[k] + b[k]) / 2 : a[k] == a[k] ? a[k] : b[k];
}

/* Paired (the rounds of one interleaved run): each side's record of the median round, the round
 * whose difference in field `by` is the median (of an even count, the two middle rounds
 * averaged), so that the sides' figures are of repetitions run next to each other, where the
 * median repetitions of each side may be minutes apart and the machine's speed between them
 * lands in every part. 0, or -1 when no round pairs. */
static int median_round(const rp_group *g, const rp_group *b, int by, double *rm, double *rb)
{
    const size_t ng = g->split_rows.n / RP_SPLIT_STRIDE, nb = b->split_rows.n / RP_SPLIT_STRIDE;
    const double *G = g->split_rows.v, *B = b->split_rows.v;
    size_t i, j, k, n = 0, *pi = (size_t *)malloc((ng ? ng : 1) * sizeof *pi), *pj = (size_t *)malloc((ng ? ng : 1) * sizeof *pj);
    double lo_m[RP_SPLIT_STRIDE], lo_b[RP_SPLIT_STRIDE];
    int rc = -1;
    if (pi == NULL || pj == NULL) goto done;
    for (i = 0; i < ng; i++) {
        const double *a = G + i * RP_SPLIT_STRIDE;
        if (a[RP_SPLIT_ROUND] != a[RP_SPLIT_ROUND] || a[by] != a[by]) continue;
        for (j = 0; j < nb && !(B[j * RP_SPLIT_STRIDE + RP_SPLIT_ROUND] == a[RP_SPLIT_ROUND]); j++) {}
        if (j == nb || B[j * RP_SPLIT_STRIDE + by] != B[j * RP_SPLIT_STRIDE + by]) continue;
        /* by insertion, on the difference */
        for (k = n++; k > 0 && G[pi[k - 1] * RP_SPLIT_STRIDE + by] - B[pj[k - 1] * RP_SPLIT_STRIDE + by] > a[by] - B[j * RP_SPLIT_STRIDE + by]; k--)
            pi[k] = pi[k - 1], pj[k] = pj[k - 1];
        pi[k] = i, pj[k] = j;
    }
    if (n == 0) goto done;
    memcpy(lo_m, G + pi[(n - 1) / 2] * RP_SPLIT_STRIDE, sizeof lo_m);
    memcpy(lo_b, B + pj[(n - 1) / 2] * RP_SPLIT_STRIDE, sizeof lo_b);
    mean_of(lo_m, G + pi[n / 2] * RP_SPLIT_STRIDE, rm);
    mean_of(lo_b, B + pj[n / 2] * RP_SPLIT_STRIDE, rb);
    rc = 0;
done:
    free(pi), free(pj);
    return rc;
}

/* A figure's size on each side: its value in that side's median repetition. */
static void sizes_from(rp_part_cmp *c, double mine, double base)
{
    c->mine = mine;
    c->base = base;
    c->ratio = c->mine > 0 && c->base > 0 ? c->base / c->mine : NAN;
    c->moved = part_moved(c);
}

/* The parts, the machine and the floors both sides measured, into w; sizes from the median
 * repetitions rm and rb. */
static void split_parts(const rp_group *g, const rp_group *b, const double *rm, const double *rb, rp_where *w)
{
    int k, is_floor;
    for (k = 0; k < rp_part_count(g->m) && w->n < RP_MAX_PARTS; k++) {
        const wb_part *part = rp_part_at(g->m, k, &is_floor);
        rp_part_cmp *c = &w->parts[w->n];
        if (g->parts[k].n == 0 || b->parts[k].n == 0) continue;   /* not in this configuration */
        memset(c, 0, sizeof *c);
        c->part = part;
        c->is_floor = is_floor;
        c->is_machine = part == g->spec->split.machine;
        compare_part(&g->parts[k], &g->parts_pm[k], ROUNDS(g, b, &g->parts_round[k]), &b->parts[k], &b->parts_pm[k],
                     ROUNDS(g, b, &b->parts_round[k]), c);
        sizes_from(c, rm[k], rb[k]);
        w->n++;
    }
}

/* The lead, the part against it, and the share left to parts that did not move alone. */
static void lead_and_rest(rp_where *w)
{
    int k;
    w->rest = 1.0;
    for (k = 0; k < w->n; k++) {
        const rp_part_cmp *c = &w->parts[k];
        if (c->is_floor || c->share != c->share || !c->moved) continue;
        if (c->share > 0 && (w->lead < 0 || c->share > w->parts[w->lead].share)) w->lead = k;
        if (c->share < 0 && (w->against < 0 || c->share < w->parts[w->against].share)) w->against = k;
        if (c->share >= 0.01 || c->share <= -0.01) w->rest -= c->share;
    }
    if (w->has_rate && w->rate.moved && w->rate.share == w->rate.share) w->rest -= w->rate.share;
    if (w->unexplained == w->unexplained) w->rest -= w->unexplained;
    w->state = w->lead >= 0 || (w->has_rate && w->rate.moved) ? RP_WHERE_PLACED : RP_WHERE_NO_PART;
}

/* The shares of the parts' own whole's difference (a whole beside the headline). */
static void place_own(rp_where *w)
{
    double diff = w->mine - w->base;
    int k;
    for (k = 0; k < w->n; k++)
        if (!w->parts[k].is_floor && diff != 0 && diff == diff) w->parts[k].share = (w->parts[k].mine - w->parts[k].base) / diff;
    lead_and_rest(w);
}

/* The shares of the headline's own difference: each part's and the machine's change, per
 * operation, and where the headline is the whole times a rate, the rate's (the whole's change
 * at this side's rate, plus the base's whole at the rate's change: the two add up to it), and
 * what none of them holds. */
static void place_headline(rp_where *w)
{
    const double rm = w->has_rate ? w->rate.mine : 1, rb = w->has_rate ? w->rate.base : 1;
    const double total = w->mine * rm - w->base * rb;
    double held = 0;
    int k;
    if (!(total != 0) || total != total) return;
    for (k = 0; k < w->n; k++) {
        rp_part_cmp *c = &w->parts[k];
        if (c->is_floor) continue;
        c->share = (c->mine - c->base) * rm / total;
        if (c->share == c->share) held += c->share;
    }
    if (w->has_rate) {
        w->rate.share = w->base * (rm - rb) / total;
        held += w->rate.share;
    }
    w->unexplained = 1 - held;
    lead_and_rest(w);
}

/* Is the headline worse than its base's? (ops/s down, CPU up ...) */
static int headline_worse(const rp_group *g, const rp_group *b)
{
    return g->spec->higher_is_better ? g->median < b->median : g->median > b->median;
}

/* Does the comparison set the same code on both sides? Two machines run one configuration; one
 * machine's two settings differ in code only when the setting is one of split.code_columns. */
static int same_code(const rp_report *r, const rp_group *g, const rp_group *b)
{
    const char *column = rp_compare_column(r, g->m);
    int i;
    if (g->machine != b->machine || column == NULL) return 1;
    for (i = 0; g->spec->split.code_columns && g->spec->split.code_columns[i]; i++)
        if (strcmp(g->spec->split.code_columns[i], column) == 0) return 0;
    return 0 == (g->spec->preset.column && strcmp(g->spec->preset.column, column) == 0);
}

/* The parts' own whole, and the rate, beside the parts. */
static void split_wholes(const rp_group *g, const rp_group *b, const double *rm, const double *rb, rp_where *w)
{
    const wb_report_spec *spec = g->spec;
    memset(&w->call_part, 0, sizeof w->call_part);
    w->call_part.column = spec->split.whole;
    w->call_part.name = spec->split.whole_name;
    w->call_part.layer = -1;
    w->call.part = &w->call_part;
    compare_part(&g->whole, &g->whole_pm, ROUNDS(g, b, &g->whole_round), &b->whole, &b->whole_pm,
                 ROUNDS(g, b, &b->whole_round), &w->call);
    sizes_from(&w->call, rm[RP_SPLIT_WHOLE], rb[RP_SPLIT_WHOLE]);
    w->has_rate = spec->split.rate && g->rate.n > 0 && b->rate.n > 0;
    if (!w->has_rate) return;
    memset(&w->rate_part, 0, sizeof w->rate_part);
    w->rate_part.column = spec->split.rate;
    w->rate_part.name = spec->split.rate_name;
    w->rate_part.layer = -1;
    w->rate.part = &w->rate_part;
    compare_part(&g->rate, NULL, ROUNDS(g, b, &g->rate_round), &b->rate, NULL, ROUNDS(g, b, &b->rate_round), &w->rate);
    sizes_from(&w->rate, rm[RP_SPLIT_RATE], rb[RP_SPLIT_RATE]);
}

static void split(const rp_report *r, const rp_group *g, const rp_group *b, const wb_ratio *headline, rp_where *w)
{
    const int of_headline = g->spec->split.headline && g->headline.n > 0 && b->headline.n > 0;
    const int by = of_headline ? RP_SPLIT_HEADLINE : RP_SPLIT_WHOLE;
    double rm[RP_SPLIT_STRIDE], rb[RP_SPLIT_STRIDE];
    memset(w, 0, sizeof *w);
    w->mine = w->base = w->mine_pm = w->base_pm = w->ratio = w->unexplained = NAN;
    w->lead = w->against = -1;
    w->state = RP_WHERE_NONE;
    w->apart_mine = g->parts_apart;
    w->apart_base = b->parts_apart;
    w->same_code = same_code(r, g, b);
    if (g->whole.n == 0 || b->whole.n == 0) return;
    /* one repetition each side: the median round's where the headline was paired, else each
     * side's median repetition */
    if (!(g->cmp->paired && median_round(g, b, by, rm, rb) == 0) && (median_rep(g, by, rm) != 0 || median_rep(b, by, rb) != 0))
        return;
    split_parts(g, b, rm, rb, w);
    if (w->n == 0) return;
    split_wholes(g, b, rm, rb, w);
    w->of_headline = of_headline;
    if (of_headline) {   /* the headline's own verdict decides: one test, one answer */
        w->mine = rm[RP_SPLIT_HEADLINE];
        w->base = rb[RP_SPLIT_HEADLINE];
        w->ratio = g->spec->higher_is_better ? headline->ratio : 1 / headline->ratio;   /* the headline's, as a time's */
        w->shift.p = headline->log.p;
        w->state = headline->verdict == WB_CMP_DIFFERS ? RP_WHERE_PLACED
                   : headline->verdict == WB_CMP_SAME ? RP_WHERE_STILL : RP_WHERE_CANNOT_TELL;
        if (w->state == RP_WHERE_PLACED) place_headline(w);
        return;
    }
    w->mine = w->call.mine, w->base = w->call.base, w->mine_pm = w->call.mine_pm, w->base_pm = w->call.base_pm;
    w->ratio = w->call.ratio;
    w->shift = w->call.shift;
    if (w->shift.lo != w->shift.lo) w->state = RP_WHERE_CANNOT_TELL;
    else if (!shift_excludes_zero(&w->shift)) w->state = RP_WHERE_STILL;
    else if (headline->verdict == WB_CMP_DIFFERS && (w->mine > w->base) != headline_worse(g, b)) w->state = RP_WHERE_OTHER_WAY;
    else place_own(w);
}

static void noise_of(const rp_group *g, rp_noise *z)
{
    size_t h = g->values.n / 2;
    memset(z, 0, sizeof *z);
    z->halves.verdict = WB_CMP_NONE;
    z->halves.ratio = NAN;
    z->spread.between = z->spread.within = NAN;
    if (g->values.n < 2) return;
    /* the first half against the second: a drift over the run shows as a difference */
    z->n1 = h;
    z->n2 = g->values.n - h;
    wb_compare_ratio(g->values.v + h, z->n2, g->values.v, z->n1, 0, &z->halves);
    if (g->procs.n == g->values.n) {   /* every row names its run (rows before run ids: no processes known) */
        size_t *which = (size_t *)malloc(g->values.n * sizeof *which), i;
        if (which == NULL) return;
        for (i = 0; i < g->values.n && g->procs.v[i] == g->procs.v[i]; i++) which[i] = (size_t)g->procs.v[i];
        if (i == g->values.n) wb_spread_split(g->values.v, which, g->values.n, &z->spread);
        free(which);
    }
    if (z->spread.processes >= 2) {   /* halves of several processes' repetitions differ by the processes: the split says it */
        memset(&z->halves, 0, sizeof z->halves);
        z->halves.verdict = WB_CMP_NONE;
        z->halves.ratio = z->halves.lo = z->halves.hi = z->halves.log.p = NAN;
    }
}

size_t rp_noise_test_needs(void)
{
    size_t half = 1;
    while (rp_smallest_p(half, half) >= WB_ALPHA) half++;
    return 2 * half;
}

/* A KNOWN column (csv_columns.h) that one machine's files do not record is no difference. */
static int recorded_by_both(const rp_machine *x, const rp_machine *y, int column)
{
    const char *label = wb_context_types[column].label;
    int i;
    if (!(wb_context_types[column].machine & WB_KNOWN)) return 1;
    for (i = 0; i < WB_CONTEXT_COUNT; i++)
        if ((i == column || (label && wb_context_types[i].label && !strcmp(label, wb_context_types[i].label))) &&
            (!x->ctx[i][0] || !y->ctx[i][0]))
            return 0;
    return 1;
}

static void confounds(const rp_report *r, const rp_group *g, const rp_group *b, rp_comparison *c)
{
    const rp_machine *x = &r->machines[b->machine], *y = &r->machines[g->machine];
    char one[256], other[256];
    int k;
    if (g->machine == b->machine) return;
    for (k = 0; k < WB_CONTEXT_COUNT; k++)
        if (rp_machine_confound_column(k) && recorded_by_both(x, y, k) &&
            strcmp(rp_machine_fact(x, k, one, sizeof one), rp_machine_fact(y, k, other, sizeof other)) != 0)
            c->confound[c->nconfounds++] = k;
}

/* The traffic and the machine beside the headline: loss, loads, stalls, confounds. */
static void beside(const rp_report *r, const rp_group *g, const rp_group *b, rp_comparison *c)
{
    c->lost_mine = rp_group_lost(g);
    c->lost_base = rp_group_lost(b);
    c->loss_pct_mine = rp_pooled_loss_pct(g);
    c->loss_pct_base = rp_pooled_loss_pct(b);
    c->loads_differ = rp_loads_differ(g->achieved_median, b->achieved_median);
    c->stall_mine = rp_values_median(&g->stall);
    c->stall_base = rp_values_median(&b->stall);
    /* a point apart and one at least twice the other: the machine took a share the other did not */
    c->stalls_differ = c->stall_mine == c->stall_mine && c->stall_base == c->stall_base &&
                       fabs(c->stall_mine - c->stall_base) >= 1 &&
                       (c->stall_mine >= 2 * c->stall_base || c->stall_base >= 2 * c->stall_mine);
    confounds(r, g, b, c);
}

/* Each process's value of the group: the geometric mean of its repetitions, into out (the
 * group's values.n at most): how many processes. Values without a process are one each. */
static size_t process_means(const rp_group *g, double *out)
{
    size_t i, j, k = 0;
    for (i = 0; i < g->values.n; i++) {
        const double p = g->procs.n == g->values.n ? g->procs.v[i] : NAN;
        double sum = 0, cnt = 0;
        if (p == p) {
            for (j = 0; j < i && g->procs.v[j] != p; j++) {}
            if (j < i) continue;   /* that process is counted */
        }
        for (j = i; j < g->values.n; j++)
            if (j == i || (p == p && g->procs.v[j] == p)) sum += log(g->values.v[j]), cnt++;
        out[k++] = exp(sum / cnt);
    }
    return k;
}

/* 1 when some process made repetitions of both sides. */
static int share_a_process(const rp_group *g, const rp_group *b)
{
    size_t i, j;
    if (g->procs.n != g->values.n || b->procs.n != b->values.n) return 0;
    for (i = 0; i < g->procs.n; i++)
        for (j = 0; j < b->procs.n; j++)
            if (g->procs.v[i] == b->procs.v[j]) return 1;
    return 0;
}

static int all_above_zero(const rp_values *v)
{
    size_t i;
    for (i = 0; i < v->n; i++)
        if (!(v->v[i] > 0)) return 0;
    return v->n > 0;
}

/* Where each side was made by 2 or more processes, h becomes their comparison by processes
 * (each process one value: its repetitions move together, docs/statistics.md); else h stays
 * the repetitions' and *one_process says whether that is of one process a side (the sides share
 * no process: may_share 0 for sides of two reports, whose run numbers are each its own). 0, or
 * -1 out of memory. */
static int by_processes(const rp_group *g, const rp_group *b, int may_share, wb_ratio *h, int *one_process)
{
    double *pm, *pb;
    size_t km, kb;
    *one_process = 0;
    if (h->verdict == WB_CMP_NONE || !all_above_zero(&g->values) || !all_above_zero(&b->values)) return 0;
    pm = (double *)malloc(g->values.n * sizeof *pm);
    pb = (double *)malloc(b->values.n * sizeof *pb);
    if (pm == NULL || pb == NULL) {
        free(pm), free(pb);
        return -1;
    }
    km = process_means(g, pm);
    kb = process_means(b, pb);
    if (km >= 2 && kb >= 2 && (km < g->values.n || kb < b->values.n)) wb_compare_processes(pm, km, pb, kb, h);
    else *one_process = (km == 1 || kb == 1) && !(may_share && share_a_process(g, b));
    free(pm), free(pb);
    return 0;
}

/* The headline, mine over base: paired over the rounds of one interleaved run where they pair;
 * else by processes, or by repetitions (by_processes). 0, or -1 out of memory. */
static int compare_headline(const rp_group *g, const rp_group *b, rp_comparison *c)
{
    wb_ratio *h = &c->headline;
    if (compare_values(&g->values, ROUNDS(g, b, &g->rounds), &b->values, ROUNDS(g, b, &b->rounds), h, NULL, &c->paired) != 0)
        return -1;
    return c->paired ? 0 : by_processes(g, b, 1, h, &c->one_process);
}

int rp_compare_apart(const rp_group *g, const rp_group *b, wb_ratio *out, int *one_process)
{
    if (wb_compare_ratio(g->values.v, g->values.n, b->values.v, b->values.n, 0, out) != 0) return -1;
    return by_processes(g, b, 0, out, one_process);
}

/* The headline and all beside it, of g against b. */
static void compare_one(const rp_report *r, const rp_group *g, const rp_group *b, rp_comparison *c)
{
    wb_ratio *h = &c->headline;
    beside(r, g, b, c);
    if (compare_headline(g, b, c) != 0) return;
    c->compared = h->verdict != WB_CMP_NONE;
    if (g->spec->higher_is_better) c->better = h->ratio, c->better_lo = h->lo, c->better_hi = h->hi;
    else c->better = 1 / h->ratio, c->better_lo = 1 / h->hi, c->better_hi = 1 / h->lo;
    split(r, g, b, h, &c->where);
}

/* Under --compare on several machines: g's ratio to its base against the same on the baseline
 * machine. */
static void interaction_of(const rp_report *r, const rp_group *g, rp_comparison *c)
{
    size_t k;
    const rp_group *h = NULL;
    if (r->compare_column == NULL || g->base == NULL || g->base->machine != g->machine || g->machine == r->baseline ||
        !c->compared)
        return;
    for (k = 0; k < r->ngroups && h == NULL; k++)   /* the same comparison on the baseline machine */
        if (r->groups[k].m == g->m && r->groups[k].machine == r->baseline && !strcmp(r->groups[k].variant, g->variant) &&
            r->groups[k].base != NULL && r->groups[k].cmp->compared)
            h = &r->groups[k];
    if (h == NULL) return;
    c->interaction.has = 1;
    c->interaction.other = h;
    wb_ratio_of_ratios(&c->headline, &h->cmp->headline, &c->interaction.ratio);
}

static int significance_of(int verdict)
{
    return verdict == WB_CMP_DIFFERS ? RP_SIG_YES : verdict == WB_CMP_SAME ? RP_SIG_NO
           : verdict == WB_CMP_CANNOT_TELL ? RP_SIG_CANNOT_TELL : RP_SIG_NONE;
}

void rp_compare_groups(rp_report *r)
{
    size_t i;
    free(r->comparisons);
    r->comparisons = (rp_comparison *)calloc(r->ngroups ? r->ngroups : 1, sizeof *r->comparisons);
    for (i = 0; i < r->ngroups; i++) {
        rp_group *g = &r->groups[i];
        rp_comparison *c = r->comparisons ? &r->comparisons[i] : NULL;
        static rp_comparison none;   /* out of memory: every group compared with nothing */
        const rp_group *b;
        g->cmp = c ? c : &none;
        g->ratio = g->ratio_to_baseline = g->p = NAN;
        g->significance = RP_SIG_NONE;
        g->unsent_median = rp_values_median(&g->unsent);
        g->achieved_median = rp_values_median(&g->achieved);
        g->loss_pct = rp_pooled_loss_pct(g);
        b = base_of(r, g, &g->is_baseline);
        g->base = b;
        g->unlike_base = b != NULL && rp_group_alt(b) != rp_group_alt(g);
        if (g->is_baseline) g->ratio = g->ratio_to_baseline = 1.0;
    }
    if (r->comparisons == NULL) return;
    for (i = 0; i < r->ngroups; i++) {   /* after every base is known: achieved medians above */
        rp_group *g = &r->groups[i];
        noise_of(g, &r->comparisons[i].noise);
        if (g->base == NULL || g->unlike_base || g->is_baseline) continue;   /* a round trip is no faster than a latency */
        compare_one(r, g, g->base, &r->comparisons[i]);
        if (!r->comparisons[i].compared) continue;
        g->ratio = r->comparisons[i].better;
        g->ratio_to_baseline = r->comparisons[i].headline.ratio;
        g->p = r->comparisons[i].headline.log.p;
        g->significance = significance_of(r->comparisons[i].headline.verdict);
    }
    for (i = 0; i < r->ngroups; i++) interaction_of(r, &r->groups[i], &r->comparisons[i]);
}

void rp_report_finish(rp_report *r)
{
    rp_model_finish(r);
    rp_names_prepare(r);
    rp_compare_groups(r);
}
