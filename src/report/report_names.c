/* The report's names and sentences: a machine's name among the others ("VM (Wine 10.0)"), a
 * configuration's shortest telling words, a comparison in hyperfine's words ("3.51 +- 0.05
 * times faster than A"), and a module's own words for a group (a round trip, not a latency). */
#include "report_model.h"

#include <stdio.h>
#include <string.h>

#include "wb_trust.h"

const char *rp_alt_note(const rp_report *r, const wb_module *m, char *buf, size_t cap)
{
    size_t i;
    buf[0] = '\0';
    for (i = 0; i < r->ngroups; i++)
        if (r->groups[i].m == m && rp_group_alt(&r->groups[i])) {
            snprintf(buf, cap, "; %s where %s", wb_module_report(m)->alt.to, wb_module_report(m)->alt.when);
            break;
        }
    return buf;
}

const char *rp_words(const rp_group *g, const char *text, char *buf, size_t cap)
{
    const char *from = wb_module_report(g->m)->alt.from, *to = wb_module_report(g->m)->alt.to, *p = text, *at;
    size_t used = 0;
    if (cap == 0) return buf;
    buf[0] = '\0';
    if (!rp_group_alt(g)) {
        snprintf(buf, cap, "%s", text);
        return buf;
    }
    while ((at = strstr(p, from)) != NULL && used < cap) {
        used += (size_t)snprintf(buf + used, cap - used, "%.*s%s", (int)(at - p), p, to);
        p = at + strlen(from);
    }
    if (used < cap) snprintf(buf + used, cap - used, "%s", p);
    return buf;
}

/* The machine's name without its distinction: its label, else its host. */
static const char *base_machine_name(const rp_machine *m)
{
    return m->label[0] ? m->label : m->host;
}

/* Two different machines may share a label or host (two VMs called "VM"): each then gets the
 * first thing that tells them apart, "VM (Wine 10.0)", "VM (Windows XP 5.1.2600)". */
/* Its name among all the machines read (every other one looked at: found once per machine in
 * rp_names_prepare, not for every cell of the table). */
static const char *machine_name_among(const rp_report *r, int machine, char *buf, size_t cap)
{
    const rp_machine *m = &r->machines[machine];
    int wine = 0, os = 0, arch = 0, cpu = 0, same = 0;
    size_t i;
    for (i = 0; i < r->nmachines; i++) {
        const rp_machine *o = &r->machines[i];
        if ((int)i == machine || strcmp(base_machine_name(o), base_machine_name(m)) != 0) continue;
        same = 1;
        wine |= strcmp(o->wine, m->wine) != 0;
        os |= strcmp(o->os, m->os) != 0;
        arch |= strcmp(o->arch, m->arch) != 0;
        cpu |= strcmp(o->cpu, m->cpu) != 0;
    }
    if (!same) snprintf(buf, cap, "%s", base_machine_name(m));
    else if (wine) snprintf(buf, cap, "%s (%s%s)", base_machine_name(m), m->wine[0] ? "Wine " : "not Wine", m->wine);
    else if (os) snprintf(buf, cap, "%s (%s)", base_machine_name(m), m->os);
    else if (arch) snprintf(buf, cap, "%s (%s)", base_machine_name(m), m->arch);
    else if (cpu) snprintf(buf, cap, "%s (%s)", base_machine_name(m), m->cpu);
    else snprintf(buf, cap, "%s (#%d)", base_machine_name(m), machine + 1);
    return buf;
}

const char *rp_machine_name(const rp_report *r, int machine, char *buf, size_t cap)
{
    if (r->machines[machine].shown[0] == '\0') return machine_name_among(r, machine, buf, cap);
    snprintf(buf, cap, "%s", r->machines[machine].shown);
    return buf;
}

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

const char *rp_machine_broken(const rp_machine *m, char *buf, size_t cap)
{
    return wb_verdicts_broken(m->calibration, buf, cap);
}

void rp_comparison_text(const rp_report *r, const rp_group *g, char *buf, size_t cap)
{
    char base[192];
    rp_base_name(r, g, base, sizeof base);
    if (g->values.n == 0 && g->empty > 0)
        snprintf(buf, cap, "%s (%lu repetition%s)", wb_module_report(g->m)->traffic.empty_metric_text ? wb_module_report(g->m)->traffic.empty_metric_text : "no value",
                 (unsigned long)g->empty, g->empty == 1 ? "" : "s");
    else if (g->is_baseline) snprintf(buf, cap, "baseline");
    else if (g->unlike_base)
        snprintf(buf, cap, "not compared with %s: that is a %s, this a %s", base, rp_group_alt(g) ? wb_module_report(g->m)->alt.from
                 : wb_module_report(g->m)->alt.to, rp_group_alt(g) ? wb_module_report(g->m)->alt.to : wb_module_report(g->m)->alt.from);
    else if (g->ratio != g->ratio) snprintf(buf, cap, "no %s run to compare with", base);
    else {
        /* "2.00 times slower" rather than "0.50 times faster" */
        double ratio = g->ratio >= 1.0 ? g->ratio : 1.0 / g->ratio;
        double err = g->ratio >= 1.0 ? g->ratio_err : g->ratio_err / (g->ratio * g->ratio);
        char spread[32] = "", verdict[160] = "";
        if (err == err) snprintf(spread, sizeof spread, " +- %.2f", err);
        if (g->significance == RP_SIG_YES) snprintf(verdict, sizeof verdict, ", p=%.3g", g->p);
        else if (g->significance == RP_SIG_NO) snprintf(verdict, sizeof verdict, ": no significant difference (p=%.2g)", g->p);
        else if (g->significance == RP_SIG_CANNOT_TELL) {
            /* what would let the test answer: as many a side, or enough beside the larger side */
            size_t n1 = g->values.n, n2 = g->base ? g->base->values.n : 0, big = n1 > n2 ? n1 : n2, beside = 1, even = 1;
            while (rp_smallest_p(even, even) >= RP_ALPHA) even++;
            while (beside < big && rp_smallest_p(beside, big) >= RP_ALPHA) beside++;
            if (n1 == n2 || rp_smallest_p(beside, big) >= RP_ALPHA)
                snprintf(verdict, sizeof verdict, ": cannot tell with %lu and %lu repetitions (at least %lu a side are "
                         "needed for p < %.2g)", (unsigned long)n1, (unsigned long)n2, (unsigned long)even, RP_ALPHA);
            else
                snprintf(verdict, sizeof verdict, ": cannot tell with %lu and %lu repetitions (p < %.2g needs at least "
                         "%lu beside %lu, or %lu a side)", (unsigned long)n1, (unsigned long)n2, RP_ALPHA,
                         (unsigned long)beside, (unsigned long)big, (unsigned long)even);
        }
        size_t used;
        char words[64];
        rp_words(g, g->ratio >= 1.0 ? wb_module_report(g->m)->better : wb_module_report(g->m)->worse, words, sizeof words);
        snprintf(buf, cap, "%.2f%s times %s than %s%s", ratio, spread, words, base, verdict);
        used = strlen(buf);
        /* Loss changes what the latency means: said where this group lost what the baseline did not. */
        if (g->loss_median > 0 && !(g->baseline_loss > 0) && used < cap)
            snprintf(buf + used, cap - used, "; lost %.0f where %s lost none", g->loss_median, base);
        else if (g->loss_median == 0 && g->baseline_loss > 0 && used < cap)
            snprintf(buf + used, cap - used, "; %s lost %.0f, this none", base, g->baseline_loss);
        else if (g->loss_median > 0 && g->baseline_loss > 0 && used < cap)
            snprintf(buf + used, cap - used, "; lost %.0f, %s %.0f", g->loss_median, base, g->baseline_loss);
        used = strlen(buf);
        /* A sender that fell behind offered less: the latencies are of another load. */
        if (rp_loads_differ(g->achieved_median, g->baseline_achieved) && used < cap)
            snprintf(buf + used, cap - used, "; at different loads: sent %.1f/s where %s sent %.1f/s", g->achieved_median,
                     base, g->baseline_achieved);
    }
}

const char *rp_significant_text(const rp_group *g)
{
    return g->significance == RP_SIG_YES ? "yes" : g->significance == RP_SIG_NO ? "no" : "";
}

/* The n-th "name=value" token of a configuration, into buf; 0 when there is none. */
static int token(const char *variant, int n, char *buf, size_t cap)
{
    const char *p = variant;
    size_t len;
    while (n-- > 0) {
        p = strchr(p, ' ');
        if (p == NULL) return 0;
        p++;
    }
    len = strcspn(p, " ");
    if (len == 0) return 0;
    if (len >= cap) len = cap - 1;
    memcpy(buf, p, len);
    buf[len] = '\0';
    return 1;
}

/* For each module, the word places that differ between its groups: a place varies when a group
 * lacks it or two groups' words there differ. Once, in one pass over the groups per module (it
 * was asked for every group of every other group each time the table was drawn: a 128-machine
 * lab's 5,000 groups made that 25 million comparisons, and the report grow with the square of
 * its input). Places past 63 count as varying. */
static void find_varying_places(rp_report *r)
{
    size_t i, j;
    char mine[128], first[128];
    r->nvarying = 0;
    for (i = 0; i < r->ngroups; i++) {
        const rp_group *g = &r->groups[i];
        unsigned long long places = 0;
        int k, n, seen = 0;
        for (k = 0; k < r->nvarying; k++) seen |= r->varying[k].m == g->m;
        if (seen || r->nvarying == (int)(sizeof r->varying / sizeof r->varying[0])) continue;
        for (n = 0; n < 64 && token(g->variant, n, first, sizeof first); n++)
            for (j = i + 1; j < r->ngroups; j++)
                if (r->groups[j].m == g->m && (!token(r->groups[j].variant, n, mine, sizeof mine) || strcmp(mine, first))) {
                    places |= 1ull << n;
                    break;
                }
        /* a place the first group lacks but another has also varies */
        for (j = i + 1; j < r->ngroups; j++)
            if (r->groups[j].m == g->m && token(r->groups[j].variant, n, mine, sizeof mine)) {
                for (; n < 64; n++) places |= 1ull << n;
                break;
            }
        r->varying[r->nvarying].m = g->m;
        r->varying[r->nvarying].places = places;
        r->nvarying++;
    }
}

void rp_short_variant(const rp_report *r, const rp_group *g, char *buf, size_t cap)
{
    char mine[128];
    size_t used = 0;
    unsigned long long places = ~0ull;
    int n;
    buf[0] = '\0';
    for (n = 0; n < r->nvarying; n++)
        if (r->varying[n].m == g->m) places = r->varying[n].places;
    for (n = 0; token(g->variant, n, mine, sizeof mine); n++) {
        int varies = n >= 64 || (places >> n & 1);
        if (varies && used + strlen(mine) + 2 < cap) used += (size_t)sprintf(buf + used, "%s%s", used ? " " : "", mine);
    }
    /* one configuration: all of it (calibrate's "duration=2"), not a word that hides it */
    if (used == 0) snprintf(buf, cap, "%s", g->variant[0] ? g->variant : "(one configuration)");
}

void rp_names_prepare(rp_report *r)
{
    size_t g;
    find_varying_places(r);
    for (g = 0; g < r->nmachines; g++)
        machine_name_among(r, (int)g, r->machines[g].shown, sizeof r->machines[g].shown);
}

int rp_pick_baseline(const rp_report *r, const char *name)
{
    size_t i;
    char shown[256];
    if (name == NULL) return 0;
    for (i = 0; i < r->nmachines; i++)
        if (!_stricmp(rp_machine_name(r, (int)i, shown, sizeof shown), name)) return (int)i;
    for (i = 0; i < r->nmachines; i++)
        if (!strcmp(r->machines[i].label, name)) return (int)i;
    for (i = 0; i < r->nmachines; i++)
        if (!_stricmp(r->machines[i].host, name)) return (int)i;
    return -1;
}
