/* The answers first: one line per comparison (what, how much, where, p), before the table and
 * each comparison's split, so that the line a user came for is not one among hundreds. What the
 * repetitions cannot answer is said once, with what would answer it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_render.h"
#include "report_parts.h"
#include "wb_console.h"

/* One comparison in a line: "sendmsg target=button, VM: 1.41 times slower than target=scratch
 * (p=0.008); 98% of it in the window procedure (your code)". 0 when g is no answer. */
static int answer_line(const rp_report *r, const rp_group *g, char *buf, size_t cap)
{
    char config[256], machine[128], base[192], words[64], where[320];
    double ratio;
    size_t used;
    if (g->base == NULL || g->is_baseline || g->unlike_base || g->ratio != g->ratio) return 0;
    if (g->significance != RP_SIG_YES && g->significance != RP_SIG_NO) return 0;
    rp_short_variant(r, g, config, sizeof config);
    rp_machine_name(r, g->machine, machine, sizeof machine);
    rp_base_name(r, g, base, sizeof base);
    if (g->significance == RP_SIG_NO) {
        snprintf(buf, cap, "%s %s, %s: no significant difference from %s (p=%.2g)", g->m->name, config, machine, base, g->p);
        return 1;
    }
    ratio = g->ratio >= 1.0 ? g->ratio : 1.0 / g->ratio;
    rp_words(g, g->ratio >= 1.0 ? wb_module_report(g->m)->better : wb_module_report(g->m)->worse, words, sizeof words);
    used = (size_t)snprintf(buf, cap, "%s %s, %s: %.2f times %s than %s (p=%.2g)", g->m->name, config, machine, ratio,
                            words, base, g->p);
    rp_where_brief(g, where, sizeof where);
    if (where[0] && used < cap) used += (size_t)snprintf(buf + used, cap - used, "; %s", where);
    if (g->loss_median > 0 && !(g->baseline_loss > 0) && used < cap)
        snprintf(buf + used, cap - used, "; lost %.0f where %s lost none", g->loss_median, base);
    return 1;
}

/* A machine that could not carry the load asked (a module with a loss and an offered load): said
 * once, before the comparisons, where most of its configurations lost over 1% of what they sent
 * or were offered under 99% of their rate. */
static void say_loads_not_carried(const rp_report *r, FILE *f)
{
    size_t mach;
    int b;
    for (mach = 0; mach < r->nmachines; mach++) {
        for (b = 0; wb_modules[b]; b++) {
            const rp_group *g = rp_first_group(r, wb_modules[b], (int)mach);
            const wb_report_spec *spec = wb_module_report(wb_modules[b]);
            size_t all = 0, fell = 0, j;
            char machine[128];
            if (g == NULL || spec->traffic.loss_column == NULL || spec->traffic.load_column == NULL) continue;
            for (j = 0; j < r->ngroups; j++) {
                const rp_group *h = &r->groups[j];
                char rate[32];
                double asked = rp_group_value(h, spec->traffic.load_column, rate, sizeof rate) ? strtod(rate, NULL) : NAN;
                if (h->m != g->m || (size_t)h->machine != mach || h->values.n == 0) continue;
                all++;
                fell += h->loss_pct > 1.0 || (asked > 0 && h->achieved_median < 0.99 * asked);
            }
            if (all >= 2 && 2 * fell >= all)
                wb_fprintf(f, "%s on %s did not carry the load asked: %lu of its %lu configurations lost over 1%% of what "
                           "they sent or were offered under 99%% of their rate, so their latencies compare nothing\n",
                           g->m->name, rp_machine_name(r, (int)mach, machine, sizeof machine), (unsigned long)fell,
                           (unsigned long)all);
        }
    }
}

/* The block; tables_follow: the table and the splits come after it (the console's report). */
static int write_answers(const rp_report *r, FILE *f, int tables_follow)
{
    size_t i, answered = 0, cannot = 0, least = 1;
    char line[1024];
    say_loads_not_carried(r, f);
    for (i = 0; i < r->ngroups; i++) {
        const rp_group *g = &r->groups[i];
        if (g->significance == RP_SIG_CANNOT_TELL && !g->unlike_base) cannot++;
        if (!answer_line(r, g, line, sizeof line)) continue;
        if (answered++ == 0)
            wb_fprintf(f, "answers (one line per comparison%s):\n", tables_follow ? "; the table and each one's parts follow" : "");
        wb_fprintf(f, "  %s\n", line);
        rp_interaction_text(r, g, line, sizeof line);
        if (line[0]) wb_fprintf(f, "    %s\n", line);
    }
    while (rp_smallest_p(least, least) >= RP_ALPHA) least++;
    if (cannot)
        wb_fprintf(f, "%s%lu comparison%s cannot be told apart: %s fewer than %lu repetitions a side, which p < %.2g "
                   "needs (--repeat %lu or more)\n", answered ? "" : "answers: ", (unsigned long)cannot,
                   cannot == 1 ? "" : "s", cannot == 1 ? "it has" : "they have", (unsigned long)least, RP_ALPHA,
                   (unsigned long)least);
    else if (answered == 0)
        wb_fprintf(f, "answers: nothing to compare here: no configuration on two machines, nor two of a benchmark's "
                   "variants on one\n");
    if ((answered || cannot) && tables_follow) wb_fprintf(f, "\n");
    return ferror(f) ? -1 : 0;
}

int rp_write_answers_first(const rp_report *r, FILE *f)
{
    return write_answers(r, f, 1);
}

int rp_write_answers(const rp_report *r, FILE *f)
{
    return write_answers(r, f, 0);
}

const rp_format rp_format_answers = { .option = "answers", .label = "answers",
                                      .help = "print only the answers: one line per comparison (what, how much, where, p)",
                                      .dest = RP_DEST_STDOUT, .write = rp_write_answers };
