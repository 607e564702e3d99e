/* The answers first: one line per comparison (what, how much, where, p), before the table and
 * each comparison's split, so that the line a user came for is not one among hundreds. What the
 * repetitions cannot answer is said once, with what would answer it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_render.h"
#include "report_words.h"
#include "wb_console.h"

/* One comparison in a line: "sendmsg target=button, VM: 1.41x slower than target=scratch [1.36,
 * 1.47], p=0.008; 98% of it in the window procedure (your code)": its headline as every output
 * says it, and where, where something moved. 0 when g is no answer. */
static int answer_line(const rp_report *r, const rp_group *g, char *buf, size_t cap)
{
    char config[256], machine[128], headline[1024], where[1024];   /* a where of four parts and an unexplained runs to ~500 */
    int verdict = g->cmp->headline.verdict;
    if (g->base == NULL || g->is_baseline || g->unlike_base || !g->cmp->compared) return 0;
    if (verdict != WB_CMP_DIFFERS && verdict != WB_CMP_SAME) return 0;
    rp_short_variant(r, g, config, sizeof config);
    rp_machine_name(r, g->machine, machine, sizeof machine);
    rp_comparison_text(r, g, headline, sizeof headline);
    where[0] = '\0';
    if (verdict == WB_CMP_DIFFERS) rp_where_brief(r, g, where, sizeof where);   /* "it": the difference said */
    snprintf(buf, cap, "%s %s, %s: %s%s%s", g->m->name, config, machine, headline, where[0] ? "; " : "", where);
    return 1;
}

/* A machine that could not carry the load asked (a module with a loss and an offered load): said
 * once, before the comparisons, where most of its configurations lost over 1% of what they sent
 * or were offered under 99% of their rate. */
static void say_loads_not_carried(const rp_report *r, FILE *f)
{
    enum { MODULES = 16 };
    size_t *all = (size_t *)calloc(r->nmachines * MODULES, sizeof *all), *fell = (size_t *)calloc(r->nmachines * MODULES, sizeof *fell);
    size_t i, mach;
    int b;
    char machine[128], rate[32];
    for (i = 0; all && fell && i < r->ngroups; i++) {   /* one pass: each group counted on its machine */
        const rp_group *h = &r->groups[i];
        double asked;
        for (b = 0; wb_modules[b] && wb_modules[b] != h->m; b++) {}
        if (b >= MODULES || h->spec->traffic.loss_column == NULL || h->spec->traffic.load_column == NULL || h->values.n == 0)
            continue;
        asked = rp_group_value(h, h->spec->traffic.load_column, rate, sizeof rate) ? strtod(rate, NULL) : NAN;
        all[h->machine * MODULES + b]++;
        fell[h->machine * MODULES + b] += h->loss_pct > 1.0 || (asked > 0 && h->achieved_median < 0.99 * asked);
    }
    for (mach = 0; all && fell && mach < r->nmachines; mach++)
        for (b = 0; wb_modules[b] && b < MODULES; b++) {
            size_t n = all[mach * MODULES + b], k = fell[mach * MODULES + b];
            if (n >= 2 && 2 * k >= n)
                wb_fprintf(f, "%s on %s did not carry the load asked: %lu of its %lu configurations lost over 1%% of what "
                           "they sent or were offered under 99%% of their rate, so their latencies compare nothing\n",
                           wb_modules[b]->name, rp_machine_name(r, (int)mach, machine, sizeof machine), (unsigned long)k,
                           (unsigned long)n);
        }
    free(all);
    free(fell);
}

/* The block; tables_follow: the table and the splits come after it (the console's report). */
static int write_answers(const rp_report *r, FILE *f, int tables_follow)
{
    size_t i, answered = 0, cannot = 0, least = 1;
    char line[2600];   /* answer_line: its config, machine, headline and where together */
    say_loads_not_carried(r, f);
    for (i = 0; i < r->ngroups; i++) {
        const rp_group *g = &r->groups[i];
        if (g->cmp->headline.verdict == WB_CMP_CANNOT_TELL && !g->unlike_base) cannot++;
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
