/* After the console table (and in the Markdown): every comparison, split by the parts of the
 * module's operation where it measures them, with the group's noise floor (A/A) and what else
 * differs between the two machines. */
#include "report_words.h"
#include "report_render.h"

#include <math.h>
#include <string.h>

#include "wb_units.h"
#include "wb_console.h"

static void part_row(FILE *f, int md, const char *name, const char *base, const char *mine, const char *ratio,
                     const char *p, const char *share)
{
    if (md) wb_fprintf(f, "| %s | %s | %s | %s | %s | %s |\n", name, base, mine, ratio, p, share);
    else wb_fprintf(f, "    %-66s %10s %10s %6s %7s %6s\n", name, base, mine, ratio, p, share);
}

/* A figure's row: its medians, ratio, own p and share (shares only of a whole that moved). */
static void figure_row(FILE *f, int md, const rp_group *g, const char *name, const rp_part_cmp *c, int zero_ok)
{
    char a[48], b[48], ratio[16], p[16], share[16];
    rp_part_value_text(g->m, c->base, zero_ok && c->part->difference ? c->base_pm : NAN, a, sizeof a);
    rp_part_value_text(g->m, c->mine, zero_ok && c->part->difference ? c->mine_pm : NAN, b, sizeof b);
    if (c->part->layer < 0 && c == &g->cmp->where.rate) {   /* a rate, not a time */
        snprintf(a, sizeof a, "%.1f/s", c->base);
        snprintf(b, sizeof b, "%.1f/s", c->mine);
    }
    snprintf(ratio, sizeof ratio, c->ratio == c->ratio ? "%.2f" : "-", c->ratio);
    if (c->shift.p != c->shift.p) snprintf(p, sizeof p, "?");
    else snprintf(p, sizeof p, "%.2g", c->shift.p);
    if (c->share == c->share) snprintf(share, sizeof share, "%.0f%%", 100.0 * c->share);
    else snprintf(share, sizeof share, !c->is_floor ? "-" : c->part->beside ? "beside" : "floor");
    part_row(f, md, name, a, b, ratio, p, share);
}

static void write_split(FILE *f, int md, const rp_group *g, const rp_where *w, const char *base_name)
{
    const rp_part_cmp *c = w->parts;
    const int placed = w->state == RP_WHERE_PLACED || w->state == RP_WHERE_NO_PART;
    char a[48], b[48], ratio[16], p[16], name[200];
    int k;
    rp_part_value_text(g->m, w->base, NAN, a, sizeof a);   /* a whole is measured, never "~0" */
    rp_part_value_text(g->m, w->mine, NAN, b, sizeof b);
    if (md) wb_fprintf(f, "\n| part | %s | this | ratio | p | share |\n|:---|---:|---:|---:|---:|---:|\n", base_name);
    else part_row(f, 0, "part", base_name, "this", "ratio", "p", "share");
    snprintf(name, sizeof name, "%s (the whole%s)", w->of_headline ? g->spec->split.headline_name : g->spec->split.whole_name,
             w->of_headline ? ", the headline's" : "");
    snprintf(ratio, sizeof ratio, w->ratio == w->ratio ? "%.2f" : "-", w->ratio);
    if (w->shift.p != w->shift.p) snprintf(p, sizeof p, "?");
    else snprintf(p, sizeof p, "%.2g", w->shift.p);
    /* shares only of a whole that moved: where it did not, there is nothing to place */
    part_row(f, md, name, a, b, ratio, p, placed ? "100%" : "-");
    if (w->of_headline && strcmp(g->spec->split.whole, g->spec->split.headline) != 0) {
        /* the parts' own whole, beside: its share is its parts' (none where the parts split the
         * headline itself: sockloop's latency) */
        snprintf(name, sizeof name, "%s (its parts' sum, timed beside)", g->spec->split.whole_name);
        figure_row(f, md, g, name, &w->call, 0);
    }
    for (k = 0; k < w->n; k++) {
        snprintf(name, sizeof name, "%s%s (%s)", !c[k].is_floor ? "" : c[k].part->beside ? "beside: " : "floor: ",
                 c[k].part->name, wb_layer_name(c[k].part->layer));
        figure_row(f, md, g, name, &c[k], 1);
    }
    if (w->has_rate) figure_row(f, md, g, w->rate.part->name, &w->rate, 0);
    if (w->of_headline && placed) {
        char share[16];
        snprintf(share, sizeof share, "%.0f%%", 100.0 * w->unexplained);
        part_row(f, md, "unexplained (the whole less the parts, the machine and the rate)", "", "", "", "", share);
    }
}

int rp_write_where(const rp_report *r, FILE *f, int md)
{
    size_t i, untold = 0;
    int any = 0;
    for (i = 0; i < r->ngroups; i++) {
        const rp_group *g = &r->groups[i];
        const rp_where *w = &g->cmp->where;
        const int n = w->n, untold_here = g->cmp->headline.verdict == WB_CMP_CANNOT_TELL &&
                                          (n == 0 || w->state == RP_WHERE_CANNOT_TELL);
        char config[256], machine[128], base[192], line[1024];
        if (g->base == NULL || g->is_baseline || g->unlike_base) continue;   /* nothing compared */
        /* neither the headline nor the parts' whole can be told apart: nothing to place, so its
         * line, that, and what else differs, not a table of "?" (counted once at the end) */
        if (untold_here) untold++;
        if (!any)
            wb_fprintf(f, md ? "\n## Each comparison: where the difference lies, and the noise beside it\n\nSplit by the "
                            "parts of the operation where the benchmark measures them (medians of the repetitions; p: "
                            "the rank test on the part; share: of the whole's difference; floors are measured beside, "
                            "alone: what one layer costs here). Noise: the group's first half of repetitions against "
                            "its second (%lu repetitions needed; with fewer, their spread).\n"
                          : "\neach comparison: where the difference lies, and the noise beside it\n"
                            "  (medians; p: the rank test on each part; share: of the whole's difference; floors: measured "
                            "beside, alone;\n   noise: the A/A test of a configuration's first half of repetitions against "
                            "its second, which needs %lu; with fewer, their spread)\n", (unsigned long)rp_noise_test_needs());
        any = 1;
        rp_short_variant(r, g, config, sizeof config);
        rp_machine_name(r, g->machine, machine, sizeof machine);
        rp_base_name(r, g, base, sizeof base);
        rp_comparison_text(r, g, line, sizeof line);
        wb_fprintf(f, md ? "\n### %s %s, %s\n\n%s.\n" : "\n%s %s, %s: %s\n", g->m->name, config, machine, line);
        if (untold_here) {
            if (n > 0) wb_fprintf(f, md ? "\nwhere: cannot tell (too few repetitions to tell the whole apart).\n"
                                        : "  where: cannot tell (too few repetitions to tell the whole apart)\n");
        } else if (n > 0) {
            write_split(f, md, g, w, base);
            rp_where_text(r, g, line, sizeof line);
            wb_fprintf(f, md ? "\n%s.\n" : "  %s\n", line);
            if (w->apart_mine || w->apart_base)
                wb_fprintf(f, md ? "\nthe parts do not add up to the whole within their intervals in %lu of this side's "
                                   "repetitions and %lu of its base's.\n"
                                 : "  the parts do not add up to the whole within their intervals in %lu of this side's "
                                   "repetitions and %lu of its base's\n",
                           (unsigned long)w->apart_mine, (unsigned long)w->apart_base);
        }
        rp_noise_text(g, line, sizeof line);
        if (line[0] && g->cmp->headline.verdict != WB_CMP_CANNOT_TELL)
            wb_fprintf(f, md ? "\nnoise: %s.\n" : "  noise: %s\n", line);
        rp_interaction_text(r, g, line, sizeof line);
        if (line[0]) wb_fprintf(f, md ? "\n%s.\n" : "  %s\n", line);
        if (g->base->machine != g->machine) {
            rp_confounds_text(r, g, line, sizeof line);
            if (line[0]) wb_fprintf(f, md ? "\nalso differs between the machines: %s.\n" : "  also differs between the machines: %s\n", line);
            rp_stalls_text(r, g, line, sizeof line);
            if (line[0]) wb_fprintf(f, md ? "\n%s.\n" : "  %s\n", line);
        }
    }
    if (untold)
        wb_fprintf(f, md ? "\n%lu comparison%s not split into %s parts: %s repetitions cannot tell %s apart.\n"
                         : "\n%lu comparison%s not split into %s parts: %s repetitions cannot tell %s apart\n",
                   (unsigned long)untold, untold == 1 ? "" : "s", untold == 1 ? "its" : "their", untold == 1 ? "its" : "their",
                   untold == 1 ? "it" : "them");
    return ferror(f) ? -1 : 0;
}
