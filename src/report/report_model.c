/* The report's model: statistics per group, each group's base and its ratio to it with the rank
 * test's answer, and the order of the table (the words: report_names.c). */
#include "report_model.h"
#include "wb_hist.h"
#include "wb_sort.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/wb_compare.h"
#include "core/wb_hdr.h"
#include "core/wb_stats.h"

int rp_values_add(rp_values *v, double x)
{
    if (v->n == v->cap) {
        size_t cap = v->cap ? v->cap * 2 : 8;
        double *p = (double *)realloc(v->v, cap * sizeof *p);
        if (p == NULL) return -1;
        v->v = p;
        v->cap = cap;
    }
    v->v[v->n++] = x;
    return 0;
}

int rp_percentile_count(const wb_module *m)
{
    const wb_report_spec *spec = wb_module_report(m);
    int n = 0;
    while (spec->percentiles.columns && spec->percentiles.columns[n] && n < RP_MAX_PERCENTILES) n++;
    return n;
}

const wb_part *rp_part_at(const wb_module *m, int k, int *is_floor)
{
    const wb_report_spec *spec = wb_module_report(m);
    int n = 0;
    *is_floor = 0;
    while (spec->split.parts && spec->split.parts[n].column) n++;
    if (k < n) return &spec->split.parts[k];
    k -= n;
    if (spec->split.machine && n > 0 && k-- == 0) return spec->split.machine;   /* with parts only */
    *is_floor = 1;
    for (n = 0; spec->split.floors && spec->split.floors[n].column; n++)
        if (n == k) return &spec->split.floors[n];
    return NULL;
}

int rp_part_count(const wb_module *m)
{
    int k = 0, is_floor;
    while (k < RP_MAX_PARTS && rp_part_at(m, k, &is_floor)) k++;
    return k;
}

/* The headline over all the repetitions' samples together, as the run's summary row takes it
 * (the module's summary rule for its metric: the histograms' mean, pooled: each row's mean
 * weighted by its histogram's count); NaN where that rule is the median, or a repetition has
 * no histogram. */
static double pooled_of(const rp_group *g)
{
    const wb_metric_summary *rule;
    for (rule = g->m->summary_rules; rule && rule->column; rule++)
        if (strcmp(rule->column, g->spec->metric) == 0) break;
    if (rule == NULL || rule->column == NULL || rule->how != WB_SUM_HIST_MEAN) return NAN;
    if (g->hist == NULL || g->hist_reps != g->reps || !(g->pooled_count > 0)) return NAN;
    return g->pooled_sum / g->pooled_count;
}

static void summarize_group(rp_group *g)
{
    double *scratch = (double *)malloc((g->values.n ? g->values.n : 1) * sizeof *scratch);
    wb_summary s;
    g->median = g->mean = g->stddev = g->min = g->max = NAN;
    g->pooled = pooled_of(g);
    if (scratch && wb_summarize(g->values.v, g->values.n, scratch, &s) == 0) {
        g->median = s.median;
        g->mean = s.mean;
        g->stddev = s.stddev;
        g->min = s.min;
        g->max = s.max;
    }
    free(scratch);
}

double rp_values_median(const rp_values *v)
{
    double *copy, m = NAN;
    if (v->n == 0 || (copy = (double *)malloc(v->n * sizeof *copy)) == NULL) return NAN;
    memcpy(copy, v->v, v->n * sizeof *copy);
    m = wb_median_doubles(copy, v->n);
    free(copy);
    return m;
}


double rp_pooled_loss_pct(const rp_group *g)
{
    double lost = 0, sent = 0;
    size_t i;
    if (g->loss.n == 0 || g->loss.n != g->sent.n) return NAN;
    for (i = 0; i < g->loss.n; i++) lost += g->loss.v[i], sent += g->sent.v[i];
    return sent > 0 ? 100.0 * lost / sent : NAN;
}

double rp_group_lost(const rp_group *g)
{
    double sum = 0;
    size_t i;
    if (g->loss.n == 0) return NAN;
    for (i = 0; i < g->loss.n; i++) sum += g->loss.v[i];
    return sum;
}

int rp_loads_differ(double a, double b)
{
    double hi = a > b ? a : b;
    return a == a && b == b && hi > 0 && fabs(a - b) > RP_LOAD_PRECISION * hi;
}

/* The percentile a column names ("lat_p99_us": 99, "_p999_": 99.9, "_max_": 100, "_min_": 0),
 * and the factor from the histogram's nanoseconds to its unit; NAN for one that is none. */
static double column_percentile(const char *column, double *per_ns)
{
    const char *p = strstr(column, "_p"), *unit = strrchr(column, '_');
    double v = NAN;
    *per_ns = unit && strcmp(unit, "_us") == 0 ? 1e-3 : unit && strcmp(unit, "_ms") == 0 ? 1e-6 : NAN;
    if (strstr(column, "_max_")) return 100.0;
    if (strstr(column, "_min_")) return 0.0;
    if (p && p[2] >= '0' && p[2] <= '9') {
        size_t n = strspn(p + 2, "0123456789");
        v = atof(p + 2);
        while (n-- > 2) v /= 10;   /* "999": 99.9 */
        if (p[2 + strspn(p + 2, "0123456789")] != '_') v = NAN;
    }
    return v;
}

static int merged(const rp_group *g)
{
    return g->hist != NULL && g->reps > 0 && g->hist_reps == g->reps;
}

int rp_group_percentile_bounds(const rp_group *g, int which, double *value, double *lo, double *hi)
{
    const wb_report_spec *spec = wb_module_report(g->m);
    double per_ns, p;
    unsigned long long rlo, rhi;
    *value = *lo = *hi = NAN;
    if (which < 0 || which >= RP_MAX_PERCENTILES || which >= rp_percentile_count(g->m)) return RP_PCT_NONE;
    p = column_percentile(spec->percentiles.columns[which], &per_ns);
    if (!merged(g) || p != p || per_ns != per_ns) {   /* rows without histograms: no sample to bound */
        *value = rp_values_median(&g->pct[which]);
        return RP_PCT_NONE;
    }
    /* the p99 of all the repetitions' samples, not the median of their p99s */
    if (p <= 0 || p >= 100) {   /* the least and the greatest sample: seen, not estimated */
        *value = (double)wb_hist_percentile(g->hist, p) * per_ns;
        return RP_PCT_NONE;
    }
    if (!wb_quantile_ranks(g->hist->count, p / 100.0, &rlo, &rhi)) return RP_PCT_WITHHELD;
    *value = (double)wb_hist_percentile(g->hist, p) * per_ns;
    *lo = (double)wb_hist_at_rank(g->hist, rlo) * per_ns;
    *hi = (double)wb_hist_at_rank(g->hist, rhi) * per_ns;
    return RP_PCT_INTERVAL;
}

double rp_group_percentile(const rp_group *g, int which)
{
    double v, lo, hi;
    rp_group_percentile_bounds(g, which, &v, &lo, &hi);
    return v;
}

unsigned long long rp_group_samples(const rp_group *g)
{
    return merged(g) ? g->hist->count : 0;
}

size_t rp_group_withheld(const rp_group *g, char *buf, size_t cap)
{
    const wb_report_spec *spec = wb_module_report(g->m);
    size_t used = 0;
    int k, n = rp_percentile_count(g->m);
    if (cap) buf[0] = '\0';
    for (k = 0; k < n; k++) {
        double v, lo, hi, per_ns, p = column_percentile(spec->percentiles.columns[k], &per_ns);
        int w;
        if (rp_group_percentile_bounds(g, k, &v, &lo, &hi) != RP_PCT_WITHHELD) continue;
        w = snprintf(buf + used, cap - used, "%s%s: %llu samples, a 95%% bound on both sides needs %llu", used ? "; " : "",
                     spec->percentiles.names[k], rp_group_samples(g), wb_quantile_min_samples(p / 100.0));
        if (w > 0 && (size_t)w < cap - used) used += (size_t)w;
    }
    return used;
}

int rp_percentile_index(const wb_module *m, double p)
{
    const wb_report_spec *spec = wb_module_report(m);
    int k, n = rp_percentile_count(m);
    double per_ns;
    for (k = 0; k < n; k++)
        if (column_percentile(spec->percentiles.columns[k], &per_ns) == p) return k;
    return -1;
}

const char *rp_group_percentiles_from(const rp_group *g)
{
    if (rp_percentile_count(g->m) == 0 || g->reps == 0) return "";
    return merged(g) ? "histograms" : "medians";
}

double rp_smallest_p(size_t n1, size_t n2)
{
    /* the most extreme ranking is one of C(n1+n2, n1) equally likely ones, on either side */
    double c = 1.0;
    size_t i;
    if (n1 == 0 || n2 == 0) return 1.0;
    for (i = 1; i <= n1; i++) c = c * (double)(n2 + i) / (double)i;
    return 2.0 / c > 1.0 ? 1.0 : 2.0 / c;
}

/* The value of one "name=value" of a configuration into buf; 0 when it has none. */
int rp_variant_value(const char *variant, const char *column, char *buf, size_t cap)
{
    size_t clen = strlen(column), len;
    const char *p = variant;
    while ((p = strstr(p, column)) != NULL) {
        if ((p == variant || p[-1] == ' ') && p[clen] == '=') {
            p += clen + 1;
            len = strcspn(p, " ");
            snprintf(buf, cap, "%.*s", (int)len, p);
            return 1;
        }
        p += clen;
    }
    return 0;
}

int rp_group_value(const rp_group *g, const char *column, char *buf, size_t cap)
{
    const wb_report_spec *spec = wb_module_report(g->m);
    size_t clen = strlen(column);
    int i;
    if (rp_variant_value(g->variant, column, buf, cap)) return 1;
    for (i = 0; spec->variant_defaults && spec->variant_defaults[i]; i++)   /* left out of the text as a default */
        if (strncmp(spec->variant_defaults[i], column, clen) == 0 && spec->variant_defaults[i][clen] == '=') {
            snprintf(buf, cap, "%s", spec->variant_defaults[i] + clen + 1);
            return 1;
        }
    return 0;
}

const rp_group *rp_first_group(const rp_report *r, const wb_module *m, int machine)
{
    size_t i;
    for (i = 0; i < r->ngroups; i++)
        if (r->groups[i].m == m && (machine < 0 || r->groups[i].machine == machine)) return &r->groups[i];
    return NULL;
}

int rp_module_has_column(const wb_module *m, const char *column)
{
    int i;
    for (i = 0; column && wb_module_report(m)->variant_columns[i]; i++)
        if (strcmp(wb_module_report(m)->variant_columns[i], column) == 0) return 1;
    return 0;
}

const char *rp_compare_column(const rp_report *r, const wb_module *m)
{
    if (r->compare_column) return rp_module_has_column(m, r->compare_column) ? r->compare_column : NULL;
    if (r->nmachines == 1 && rp_module_has_column(m, wb_module_report(m)->natural_column))
        return wb_module_report(m)->natural_column;
    return NULL;
}

void rp_variant_without(const rp_group *g, const char *column, char *buf, size_t cap)
{
    rp_text_without(g->variant, column, buf, cap);
}

void rp_text_without(const char *text, const char *column, char *buf, size_t cap)
{
    const char *p = text;
    size_t used = 0, clen = column ? strlen(column) : 0;
    buf[0] = '\0';
    while (*p) {
        const char *end = strchr(p, ' ');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (!(clen && len > clen && strncmp(p, column, clen) == 0 && p[clen] == '=') && used + len + 2 < cap) {
            if (used) buf[used++] = ' ';
            memcpy(buf + used, p, len);
            used += len;
            buf[used] = '\0';
        }
        p += len;
        while (*p == ' ') p++;
    }
}

void rp_reference_value(const rp_report *r, const wb_module *m, const char *column, char *ref, size_t cap)
{
    size_t k;
    if (column == r->compare_column && r->compare_value[0]) {
        snprintf(ref, cap, "%s", r->compare_value);
        return;
    }
    ref[0] = '\0';
    for (k = 0; k < r->ngroups && !ref[0]; k++)
        if (r->groups[k].m == m) rp_group_value(&r->groups[k], column, ref, cap);
}

int rp_group_alt(const rp_group *g)
{
    const char *when = wb_module_report(g->m)->alt.when, *at;
    size_t len;
    if (!when || !wb_module_report(g->m)->alt.from || !wb_module_report(g->m)->alt.to) return 0;
    len = strlen(when);
    for (at = strstr(g->variant, when); at; at = strstr(at + 1, when))
        if ((at == g->variant || at[-1] == ' ') && (at[len] == ' ' || at[len] == '\0')) return 1;
    return 0;
}

static int module_index(const wb_module *m)
{
    int i;
    for (i = 0; wb_modules[i]; i++)
        if (wb_modules[i] == m) return i;
    return i;
}

/* For each group, the first group of its module whose configuration less `column` (the
 * module's column of that name; NULL: none) is the same as its own, found by its key (each
 * group asking all those before it made the report grow with the square of the groups).
 * first[i] = i for the first of its kind, and for every group when memory runs out. */
static void first_alike(const rp_report *r, const char *(*column_of)(const wb_module *m), size_t *first)
{
    wb_strindex index;
    size_t i;
    char key[300];
    wb_strindex_init(&index);
    for (i = 0; i < r->ngroups; i++) {
        const rp_group *g = &r->groups[i];
        int n = snprintf(key, sizeof key, "%d|", module_index(g->m));
        rp_text_without(g->variant, column_of ? column_of(g->m) : NULL, key + n, sizeof key - (size_t)n);
        if (wb_strindex_get(&index, key, i, &first[i]) < 0) first[i] = i;
    }
    wb_strindex_free(&index);
}

static const char *natural_column(const wb_module *m) { return wb_module_report(m)->natural_column; }
static const char *load_column(const wb_module *m) { return wb_module_report(m)->traffic.load_column; }

/* The place of value in the module's order of its natural column: its natural_order, or the
 * choices of the option of that name; past the end (first seen decides) when in neither. */
static size_t natural_rank(const wb_module *m, const char *value)
{
    const wb_report_spec *spec = wb_module_report(m);
    const char *list = spec->natural_order, *p;
    size_t rank = 0, len = strlen(value);
    const wb_option *o;
    for (o = m->options; list == NULL && o && o->name; o++)
        if (spec->natural_column && strcmp(o->name, spec->natural_column) == 0 && o->type == WB_OPT_CHOICE) list = o->choices;
    for (p = list; p && *p; rank++) {
        size_t n = strcspn(p, "|");
        if (n == len && strncmp(p, value, len) == 0) return rank;
        p += n;
        if (*p == '|') p++;
    }
    return (size_t)-1;
}

/* Each group's configuration numbered by its first group, in the order read (order), and its
 * place in the table: its first group's less the natural column (sort_major), then the natural
 * column's own order (sort_minor; see rp_group). */
static void rank_configurations(rp_report *r, size_t *first)
{
    size_t i;
    char value[64];
    first_alike(r, NULL, first);
    for (i = 0; i < r->ngroups; i++) r->groups[i].order = first[i];
    first_alike(r, natural_column, first);
    for (i = 0; i < r->ngroups; i++) {
        rp_group *g = &r->groups[i];
        const char *column = natural_column(g->m);
        g->sort_major = r->groups[first[i]].order;
        g->sort_minor = column && rp_group_value(g, column, value, sizeof value) ? natural_rank(g->m, value) : (size_t)-1;
    }
}

/* line_style of every group, in the table's order (see rp_group): its configuration's number
 * among its module's, less the load column. */
static void number_line_styles(rp_report *r, size_t *first)
{
    size_t i, next = 0;
    first_alike(r, load_column, first);
    for (i = 0; i < r->ngroups; i++) {
        if (i == 0 || r->groups[i - 1].m != r->groups[i].m) next = 0;   /* the groups are in module order */
        r->groups[i].line_style = first[i] < i ? r->groups[first[i]].line_style : next++;
    }
}

static int group_order(const void *pa, const void *pb)
{
    const rp_group *a = *(const rp_group *const *)pa, *b = *(const rp_group *const *)pb;
    int ma = module_index(a->m), mb = module_index(b->m);
    if (ma != mb) return ma - mb;
    if (a->sort_major != b->sort_major) return a->sort_major < b->sort_major ? -1 : 1;
    if (a->sort_minor != b->sort_minor) return a->sort_minor < b->sort_minor ? -1 : 1;
    if (a->order != b->order) return a->order < b->order ? -1 : 1;
    return a->machine - b->machine;
}

/* The groups in the table's order. Their addresses are sorted, then the groups copied once in
 * that order: a group is a few KiB, and the CRT's qsort swaps elements byte by byte (Wine's
 * did so for 11% of a lab's report). */
static void sort_groups(rp_report *r)
{
    const rp_group **order = (const rp_group **)malloc((r->ngroups ? r->ngroups : 1) * sizeof *order);
    rp_group *sorted = (rp_group *)malloc((r->groups_cap ? r->groups_cap : 1) * sizeof *sorted);
    size_t i;
    if (order == NULL || sorted == NULL) {   /* out of memory: the order they were read in */
        free(order), free(sorted);
        return;
    }
    for (i = 0; i < r->ngroups; i++) order[i] = &r->groups[i];
    qsort((void *)order, r->ngroups, sizeof *order, group_order);
    for (i = 0; i < r->ngroups; i++) sorted[i] = *order[i];
    free(order);
    free(r->groups);
    r->groups = sorted;
}

void rp_model_finish(rp_report *r)
{
    size_t g, *first = (size_t *)malloc((r->ngroups ? r->ngroups : 1) * sizeof *first);
    for (g = 0; g < r->ngroups; g++) summarize_group(&r->groups[g]);
    if (first == NULL) {   /* out of memory: each group its own configuration, in the order read */
        for (g = 0; g < r->ngroups; g++) {
            r->groups[g].order = r->groups[g].sort_major = r->groups[g].line_style = g;
            r->groups[g].sort_minor = (size_t)-1;
        }
    } else {
        rank_configurations(r, first);
        sort_groups(r);
        number_line_styles(r, first);
        free(first);
    }
    wb_strindex_free(&r->group_index);   /* the load's: the groups have moved */
    /* the comparisons come after the sort (each group keeps a pointer to its base):
     * rp_report_finish, report_compare.c */
}

void rp_report_free(rp_report *r)
{
    size_t i;
    int k;
    for (i = 0; i < r->ngroups; i++) {
        free(r->groups[i].values.v);
        free(r->groups[i].series_t.v), free(r->groups[i].series_v.v), free(r->groups[i].series_rate.v);
        free(r->groups[i].stall.v), free(r->groups[i].loss.v), free(r->groups[i].sent.v), free(r->groups[i].unsent.v), free(r->groups[i].achieved.v);
        for (k = 0; k < RP_MAX_PERCENTILES; k++) free(r->groups[i].pct[k].v);
        free(r->groups[i].hist);
        for (k = 0; k < RP_MAX_PARTS; k++)
            free(r->groups[i].parts[k].v), free(r->groups[i].parts_pm[k].v), free(r->groups[i].parts_round[k].v);
        free(r->groups[i].whole.v), free(r->groups[i].whole_round.v), free(r->groups[i].rounds.v), free(r->groups[i].procs.v);
        free(r->groups[i].whole_pm.v);
        free(r->groups[i].headline.v), free(r->groups[i].headline_round.v);
        free(r->groups[i].rate.v), free(r->groups[i].rate_round.v), free(r->groups[i].split_rows.v);
    }
    free(r->groups);
    free(r->comparisons);
    wb_strindex_free(&r->runs);
    wb_strindex_free(&r->group_index);
    wb_strindex_free(&r->machine_index);
    for (i = 0; i < r->nmachines; i++)
        for (k = 0; k < WB_CONTEXT_COUNT; k++) free(r->machines[i].ctx[k]);
    free(r->machines);
    for (i = 0; i < r->nseen_files; i++) free(r->seen_files[i]);
    wb_strindex_free(&r->seen);
    free(r->seen_files);
}
