/* `winbench report NEW... --against OLD... --fail-worse PCT`: the regression gate. Every
 * configuration present on both sides is compared with the report's own test (the medians'
 * ratio, and the Mann-Whitney rank test on the repetitions); one worse by more than PCT with
 * p < 0.05 fails the gate, and so does one that lost PCT points more of what it sent, or was
 * offered a load PCT% or more below the old (said "not compared: at different loads": its
 * latency is of an easier test). What could not be compared is named with the reason, so that
 * a gate that passed is known to have looked. */
#include "report_gate.h"

#include <string.h>

#include "core/wb_mannwhitney.h"
#include "wb_console.h"

/* The group of old that stands for g: the same benchmark and configuration, on the machine of
 * the same name (or on the only machine, when each side has one: a VM before and after an
 * update may carry another label). */
static const rp_group *counterpart(const rp_report *newer, const rp_group *g, const rp_report *older)
{
    char a[128], b[128];
    size_t i;
    int one_each = newer->nmachines == 1 && older->nmachines == 1;
    rp_machine_name(newer, g->machine, a, sizeof a);
    for (i = 0; i < older->ngroups; i++) {
        const rp_group *h = &older->groups[i];
        if (h->m != g->m || strcmp(h->variant, g->variant) != 0) continue;
        if (one_each || strcmp(rp_machine_name(older, h->machine, b, sizeof b), a) == 0) return h;
    }
    return NULL;
}

/* 1 when an option both sides' rows have was set differently (an option one side's files lack,
 * from another winbench version, is not a difference); its words into why. */
static int options_differ(const rp_group *g, const rp_group *h, char *why, size_t cap)
{
    const char *p = g->others;
    while (*p) {
        size_t len = strcspn(p, " "), eq = strcspn(p, "=");
        char name[64], mine[256], theirs[256];
        if (eq < len && eq < sizeof name) {
            snprintf(name, sizeof name, "%.*s", (int)eq, p);
            snprintf(mine, sizeof mine, "%.*s", (int)(len - eq - 1), p + eq + 1);
            if (rp_variant_value(h->others, name, theirs, sizeof theirs) && strcmp(mine, theirs) != 0) {
                snprintf(why, cap, "--%s %s new, %s old", name, mine, theirs);
                return 1;
            }
        }
        p += len;
        while (*p == ' ') p++;
    }
    return 0;
}

/* How much worse new is than old, in %: a time or a latency that grew, a rate that fell. */
static double worse_pct(const rp_group *g, double new_median, double old_median)
{
    return wb_module_report(g->m)->higher_is_better ? 100.0 * (old_median - new_median) / old_median
                                                    : 100.0 * (new_median - old_median) / old_median;
}

/* A configuration that lost more (PCT points or more of what it sent) or was offered less (PCT%
 * or more below the old load) than before: its latency is of another test, and a lower one is
 * no improvement. 1 with the words in why (the first: WORSE, the second: not compared). */
static int lost_more(const rp_group *g, const rp_group *h, double fail_pct, char *why, size_t cap)
{
    double now = rp_pooled_loss_pct(g), then = rp_pooled_loss_pct(h);
    if (now == now && then == then && now - then >= fail_pct) {
        snprintf(why, cap, "lost %.3g%% of what it sent where the old lost %.3g%% (%.3g points more)", now, then,
                 now - then);
        return 1;
    }
    return 0;
}

static int offered_less(const rp_group *g, const rp_group *h, double fail_pct, char *why, size_t cap)
{
    double now = g->achieved_median, then = h->achieved_median;
    if (now == now && then == then && then > 0 && 100.0 * (then - now) / then >= fail_pct) {
        snprintf(why, cap, "at different loads: offered %.1f/s new, %.1f/s old (%.1f%% less)", now, then,
                 100.0 * (then - now) / then);
        return 1;
    }
    return 0;
}

static void name_of(const rp_report *r, const rp_group *g, char *buf, size_t cap)
{
    char machine[128];
    snprintf(buf, cap, "%s %s on %s", g->m->name, g->variant[0] ? g->variant : "(defaults)",
             rp_machine_name(r, g->machine, machine, sizeof machine));
}

int rp_gate(const rp_report *newer, const rp_report *older, double fail_pct, FILE *out)
{
    size_t i, compared = 0, failed = 0, skipped = 0, loads = 0;
    char name[600], why[600];
    wb_fprintf(out, "gate: each configuration against the old results; it fails when %.3g%% worse or more with p < %.2g:\n",
               fail_pct, RP_ALPHA);
    for (i = 0; i < newer->ngroups; i++) {
        const rp_group *g = &newer->groups[i], *h = counterpart(newer, g, older);
        double worse;
        wb_mwu t;
        name_of(newer, g, name, sizeof name);
        if (h == NULL) {
            wb_fprintf(out, "  not compared: %s: only in the new results\n", name);
            skipped++;
            continue;
        }
        if (options_differ(g, h, why, sizeof why)) {   /* e.g. --duration 2 against 10: not the same test */
            wb_fprintf(out, "  not compared: %s: different options (%s)\n", name, why);
            skipped++;
            continue;
        }
        if (g->values.n == 0 || h->values.n == 0 || !(g->median > 0) || !(h->median > 0)) {
            wb_fprintf(out, "  not compared: %s: no values on one side (%s)\n", name,
                       wb_module_report(g->m)->traffic.empty_metric_text ? wb_module_report(g->m)->traffic.empty_metric_text : "empty");
            skipped++;
            continue;
        }
        if (rp_smallest_p(g->values.n, h->values.n) >= RP_ALPHA) {
            size_t even = 1;
            while (rp_smallest_p(even, even) >= RP_ALPHA) even++;
            wb_fprintf(out, "  not compared: %s: too few repetitions (%lu new, %lu old; p < %.2g needs %lu a side)\n", name,
                       (unsigned long)g->values.n, (unsigned long)h->values.n, RP_ALPHA, (unsigned long)even);
            skipped++;
            continue;
        }
        if (offered_less(g, h, fail_pct, why, sizeof why)) {   /* a lower load is an easier test */
            wb_fprintf(out, "  not compared: %s: %s\n", name, why);
            loads++;
            continue;
        }
        compared++;
        if (lost_more(g, h, fail_pct, why, sizeof why)) {   /* what did not arrive has no latency */
            wb_fprintf(out, "  WORSE: %s: %s\n", name, why);
            failed++;
            continue;
        }
        worse = worse_pct(g, g->median, h->median);
        if (wb_mann_whitney(g->values.v, g->values.n, h->values.v, h->values.n, &t) != 0) t.p = 1;
        if (worse >= fail_pct && t.p < RP_ALPHA) failed++;
        wb_fprintf(out, "  %s: %s: %.1f%% %s (median %.6g against %.6g, ratio %.4f, p=%.3g, %lu and %lu repetitions)\n",
                   worse >= fail_pct && t.p < RP_ALPHA ? "WORSE" : "ok", name, worse >= 0 ? worse : -worse,
                   worse >= 0 ? "worse" : "better", g->median, h->median, g->median / h->median, t.p,
                   (unsigned long)g->values.n, (unsigned long)h->values.n);
    }
    for (i = 0; i < older->ngroups; i++) {   /* what the new results lack */
        const rp_group *h = &older->groups[i];
        if (counterpart(older, h, newer) == NULL) {
            name_of(older, h, name, sizeof name);
            wb_fprintf(out, "  not compared: %s: only in the old results\n", name);
            skipped++;
        }
    }
    wb_fprintf(out, "gate: %s: %lu of %lu configurations compared worse by %.3g%% or more (p < %.2g), or lost %.3g points "
               "more; %lu not compared", failed || loads ? "FAILED" : "passed", (unsigned long)failed,
               (unsigned long)compared, fail_pct, RP_ALPHA, fail_pct, (unsigned long)(skipped + loads));
    if (loads) wb_fprintf(out, ", of which %lu at a load %.3g%% or more below the old (these fail the gate too)",
                          (unsigned long)loads, fail_pct);
    wb_fprintf(out, "\n");
    return (int)(failed + loads);
}
