/* `winbench report NEW... --against OLD... --fail-worse PCT`: the regression gate. Every
 * configuration present on both sides is compared as the report compares (rp_compare_apart: the
 * ratio of the processes, or of the repetitions, with its 95% interval); one whose whole interval lies PCT% worse or
 * more fails the gate ("worse by 5% or more with 95% confidence": one rule, on the interval's
 * bound), and so does one that lost PCT points more of what it sent, or was offered a load PCT%
 * or more below the old (said "not compared: at different loads": its latency is of an easier
 * test). What could not be compared is named with the reason, so that a gate that passed is
 * known to have looked. The verdict comes first, each configuration's line after it. */
#include "report_gate.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "core/wb_compare.h"
#include "report_compare.h"
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

/* How much worse new is than old, in %, from the ratio new / old: a time or a latency that
 * grew, a rate that fell (1 - new / old). */
static double worse_pct(const rp_group *g, double ratio)
{
    return g->spec->higher_is_better ? 100.0 * (1 - ratio) : 100.0 * (ratio - 1);
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

/* The lines said after the verdict, kept until it is known. */
typedef struct gate_lines {
    char *text;
    size_t len, cap;
} gate_lines;

static void add_line(gate_lines *l, const char *fmt, ...)
{
    char line[1600];
    va_list ap;
    size_t n;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    n = strlen(line);
    if (l->len + n + 1 > l->cap) {
        size_t cap = (l->cap + n + 1) * 2;
        char *p = (char *)realloc(l->text, cap);
        if (p == NULL) return;
        l->text = p;
        l->cap = cap;
    }
    memcpy(l->text + l->len, line, n + 1);
    l->len += n;
}

typedef struct gate_count {
    size_t compared, failed, skipped, loads;
} gate_count;

/* One configuration against the old one: its line, and what it counts for. */
static void judge(const rp_report *newer, const rp_group *g, const rp_group *h, double fail_pct, gate_lines *l,
                  gate_count *n)
{
    char name[600], why[600];
    wb_ratio c;
    double w, a, b;
    int one_process;
    name_of(newer, g, name, sizeof name);
    if (options_differ(g, h, why, sizeof why)) {   /* e.g. --duration 2 against 10: not the same test */
        add_line(l, "  not compared: %s: different options (%s)\n", name, why);
        n->skipped++;
        return;
    }
    if (g->values.n == 0 || h->values.n == 0 || !(g->median > 0) || !(h->median > 0)) {
        add_line(l, "  not compared: %s: no values on one side (%s)\n", name,
                 g->spec->traffic.empty_metric_text ? g->spec->traffic.empty_metric_text : "empty");
        n->skipped++;
        return;
    }
    if (rp_compare_apart(g, h, &c, &one_process) != 0 || c.verdict == WB_CMP_CANNOT_TELL) {
        size_t even = 1;
        while (rp_smallest_p(even, even) >= WB_ALPHA) even++;
        add_line(l, "  not compared: %s: too few repetitions (%lu new, %lu old; p < %.2g needs %lu a side)\n", name,
                 (unsigned long)g->values.n, (unsigned long)h->values.n, WB_ALPHA, (unsigned long)even);
        n->skipped++;
        return;
    }
    if (offered_less(g, h, fail_pct, why, sizeof why)) {   /* a lower load is an easier test */
        add_line(l, "  not compared: %s: %s\n", name, why);
        n->loads++;
        return;
    }
    n->compared++;
    if (lost_more(g, h, fail_pct, why, sizeof why)) {   /* what did not arrive has no latency */
        add_line(l, "  WORSE: %s: %s\n", name, why);
        n->failed++;
        return;
    }
    w = worse_pct(g, c.ratio);
    a = worse_pct(g, c.lo);
    b = worse_pct(g, c.hi);
    if (a > b) { double t = a; a = b; b = t; }   /* the interval's bounds, least worse first */
    if (a >= fail_pct) n->failed++;
    add_line(l, "  %s: %s: %s%.1f%% %s [%.1f%%, %.1f%%]%s (median %.6g against %.6g, p=%.3g, %lu and %lu %s)\n",
             a >= fail_pct ? "WORSE" : "ok", name, c.verdict == WB_CMP_SAME ? "not significant: " : "", fabs(w),
             w >= 0 ? "worse" : "better", a, b,
             a < fail_pct && c.verdict == WB_CMP_DIFFERS && w > 0 ? ", not worse by the limit with 95% confidence" : "",
             g->median, h->median, c.log.p, (unsigned long)c.log.n1, (unsigned long)c.log.n2,
             c.processes ? "processes" : one_process ? "repetitions of one process a side" : "repetitions");
}

int rp_gate(const rp_report *newer, const rp_report *older, double fail_pct, FILE *out)
{
    size_t i;
    char name[600];
    gate_lines l = { NULL, 0, 0 };
    gate_count n = { 0, 0, 0, 0 };
    for (i = 0; i < newer->ngroups; i++) {
        const rp_group *g = &newer->groups[i], *h = counterpart(newer, g, older);
        if (h != NULL) {
            judge(newer, g, h, fail_pct, &l, &n);
            continue;
        }
        name_of(newer, g, name, sizeof name);
        add_line(&l, "  not compared: %s: only in the new results\n", name);
        n.skipped++;
    }
    for (i = 0; i < older->ngroups; i++) {   /* what the new results lack */
        const rp_group *h = &older->groups[i];
        if (counterpart(older, h, newer) == NULL) {
            name_of(older, h, name, sizeof name);
            add_line(&l, "  not compared: %s: only in the old results\n", name);
            n.skipped++;
        }
    }
    wb_fprintf(out, "gate: %s: %lu of %lu configurations compared worse by %.3g%% or more with 95%% confidence, or lost "
               "%.3g points more; %lu not compared", n.failed || n.loads ? "FAILED" : "passed", (unsigned long)n.failed,
               (unsigned long)n.compared, fail_pct, fail_pct, (unsigned long)(n.skipped + n.loads));
    if (n.loads) wb_fprintf(out, ", of which %lu at a load %.3g%% or more below the old (these fail the gate too)",
                            (unsigned long)n.loads, fail_pct);
    wb_fprintf(out, "\ngate: each configuration against the old results (its change in %%, with its 95%% interval; it "
               "fails when the whole interval is %.3g%% worse or more):\n", fail_pct);
    if (l.text) wb_fputs(l.text, out);
    free(l.text);
    return (int)(n.failed + n.loads);
}
