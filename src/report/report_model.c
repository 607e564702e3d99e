/* The report's model: statistics per group, each group's base and its ratio to it with the rank
 * test's answer, and the order of the table (the words: report_names.c). */
#include "report_model.h"
#include "wb_sort.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/wb_hdr.h"
#include "core/wb_mannwhitney.h"
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
    *is_floor = 1;
    k -= n;
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

static void summarize_group(rp_group *g)
{
    double *scratch = (double *)malloc((g->values.n ? g->values.n : 1) * sizeof *scratch);
    wb_summary s;
    g->median = g->mean = g->stddev = g->min = g->max = NAN;
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

double rp_group_percentile(const rp_group *g, int which)
{
    const wb_report_spec *spec = wb_module_report(g->m);
    if (which < 0 || which >= RP_MAX_PERCENTILES) return NAN;
    if (merged(g)) {   /* the p99 of all the repetitions' samples, not the median of their p99s */
        double per_ns, p = column_percentile(spec->percentiles.columns[which], &per_ns);
        if (p == p && per_ns == per_ns) return (double)wb_hist_percentile(g->hist, p) * per_ns;
    }
    return rp_values_median(&g->pct[which]);
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

/* The configuration that must match under --compare COLUMN: all of it less COLUMN, and less the
 * columns COLUMN sets when it is the module's preset (idle's case). */
static void compared_part(const rp_group *g, const char *column, char *buf, size_t cap)
{
    const wb_report_spec *spec = wb_module_report(g->m);
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
            if (strcmp(mine, other) == 0 && rp_group_value(b, column, value, sizeof value) &&
                strcmp(value, ref) == 0)
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

/* ratio > 1 means this group did better than its base. The uncertainty propagates both groups'
 * standard deviations (over repetitions) as hyperfine does; with a single repetition on either
 * side there is no spread to propagate, and no +- is given. Whether the difference is real is
 * the rank test's to say, and only where the repetitions could let it say yes. */
static void compare_groups(rp_report *r)
{
    size_t i;
    for (i = 0; i < r->ngroups; i++) {
        rp_group *g = &r->groups[i];
        const rp_group *b;
        g->ratio = g->ratio_err = g->ratio_to_baseline = g->p = g->baseline_loss = g->baseline_achieved = NAN;
        g->unsent_median = rp_values_median(&g->unsent);
        g->achieved_median = rp_values_median(&g->achieved);
        g->loss_median = rp_values_median(&g->loss);
        g->loss_pct = rp_pooled_loss_pct(g);
        g->significance = RP_SIG_NONE;
        b = base_of(r, g, &g->is_baseline);
        g->base = b;
        g->unlike_base = b != NULL && rp_group_alt(b) != rp_group_alt(g);
        if (g->unlike_base) continue;   /* a round trip is no faster than a one-way latency */
        if (g->is_baseline) {
            g->ratio = g->ratio_to_baseline = 1.0;
            continue;
        }
        if (b == NULL || !(g->median > 0) || !(b->median > 0)) continue;
        g->baseline_loss = rp_values_median(&b->loss);
        g->baseline_achieved = rp_values_median(&b->achieved);
        g->ratio = wb_module_report(g->m)->higher_is_better ? g->median / b->median : b->median / g->median;
        g->ratio_to_baseline = g->median / b->median;
        if (rp_smallest_p(g->values.n, b->values.n) >= RP_ALPHA) {
            g->significance = RP_SIG_CANNOT_TELL;
        } else {   /* is the difference real? a rank test on the repetitions themselves */
            wb_mwu t;
            wb_mann_whitney(g->values.v, g->values.n, b->values.v, b->values.n, &t);
            g->p = t.p;
            g->significance = t.p != t.p ? RP_SIG_CANNOT_TELL : t.p < RP_ALPHA ? RP_SIG_YES : RP_SIG_NO;
        }
        if (g->stddev == g->stddev && b->stddev == b->stddev) {   /* both had 2+ repetitions */
            double sg = g->stddev / g->median, sb = b->stddev / b->median;
            g->ratio_err = g->ratio * sqrt(sg * sg + sb * sb);
        }
    }
}

static int module_index(const wb_module *m)
{
    int i;
    for (i = 0; wb_modules[i]; i++)
        if (wb_modules[i] == m) return i;
    return i;
}

/* For each group, the first group of its module whose configuration less `column` (the
 * module's column of that name; NULL: none) is the same as its own: found by hash (each group
 * asking all those before it made the report grow with the square of the groups). first[i] = i
 * for the first of its kind, and for every group when memory runs out. */
static void first_alike(const rp_report *r, const char *(*column_of)(const wb_module *m), size_t *first)
{
    size_t i, k, cap = 256, *index;
    char mine[256], other[256];
    while (cap < 2 * r->ngroups) cap *= 2;
    index = (size_t *)calloc(cap, sizeof *index);
    for (i = 0; i < r->ngroups; i++) {
        const rp_group *g = &r->groups[i];
        const char *column = column_of ? column_of(g->m) : NULL, *v = mine;
        size_t h = (size_t)2166136261u ^ ((size_t)g->m >> 4);
        first[i] = i;
        if (index == NULL) continue;
        rp_text_without(g->variant, column, mine, sizeof mine);
        for (; *v; v++) h = (h ^ (unsigned char)*v) * 16777619u;
        for (k = h & (cap - 1); index[k]; k = (k + 1) & (cap - 1)) {
            const rp_group *o = &r->groups[index[k] - 1];
            if (o->m != g->m) continue;
            rp_text_without(o->variant, column, other, sizeof other);
            if (!strcmp(other, mine)) break;
        }
        if (!index[k]) index[k] = i + 1;
        first[i] = index[k] - 1;
    }
    free(index);
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
    const rp_group *a = (const rp_group *)pa, *b = (const rp_group *)pb;
    int ma = module_index(a->m), mb = module_index(b->m);
    if (ma != mb) return ma - mb;
    if (a->sort_major != b->sort_major) return a->sort_major < b->sort_major ? -1 : 1;
    if (a->sort_minor != b->sort_minor) return a->sort_minor < b->sort_minor ? -1 : 1;
    if (a->order != b->order) return a->order < b->order ? -1 : 1;
    return a->machine - b->machine;
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
        qsort(r->groups, r->ngroups, sizeof *r->groups, group_order);
        number_line_styles(r, first);
        free(first);
    }
    free(r->group_index);   /* the indexes are the load's: the groups have moved */
    r->group_index = NULL;
    r->group_index_cap = 0;
    compare_groups(r);   /* after the sort: each group keeps a pointer to its base */
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
        for (k = 0; k < RP_MAX_PARTS; k++) free(r->groups[i].parts[k].v), free(r->groups[i].parts_pm[k].v);
        free(r->groups[i].whole.v);
        free(r->groups[i].whole_pm.v);
    }
    free(r->groups);
    free(r->group_index);
    free(r->machines);
    for (i = 0; i < r->seen_cap; i++) free(r->seen[i].key);
    for (i = 0; i < r->nseen_files; i++) free(r->seen_files[i]);
    free(r->seen);
    free(r->seen_files);
}
