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

/* One context cell in the report's words. */
static const char *cell_words(int column, const char *cell, char *buf, size_t cap)
{
    char broken[128];
    switch (column) {
    case WB_COL_HYPERVISOR:
    case WB_COL_THEMES_ACTIVE: {
        int vm = column == WB_COL_HYPERVISOR;
        return !strcmp(cell, "1") ? (vm ? "yes" : "on") : !strcmp(cell, "0") ? (vm ? "no" : "off") : "?";
    }
    case WB_COL_WINE_VERSION: return cell[0] ? cell : "no";
    /* an x86 process on 64-bit Windows: its kernel and win32k floors and hand-offs cross WOW64's thunks */
    case WB_COL_WOW64: return !strcmp(cell, "1") ? "x86 on 64-bit Windows" : !strcmp(cell, "0") ? "native" : "";
    case WB_COL_CALIBRATION:
        if (wb_verdicts_broken(cell, broken, sizeof broken)[0]) snprintf(buf, cap, "broken: %s", broken);
        else snprintf(buf, cap, "%s", cell[0] ? "ok" : "not run");
        return buf;
    default: return cell;
    }
}

const char *rp_machine_fact(const rp_machine *m, int column, char *buf, size_t cap)
{
    const char *label = wb_context_types[column].label;
    size_t used = 0;
    int i;
    if (cap == 0) return buf;
    buf[0] = '\0';
    for (i = 0; i < WB_CONTEXT_COUNT && used < cap; i++) {
        char words[160];
        const char *w;
        if (i != column && !(label && wb_context_types[i].label && !strcmp(wb_context_types[i].label, label))) continue;
        if (!(w = cell_words(i, m->ctx[i], words, sizeof words))[0]) continue;
        used += (size_t)snprintf(buf + used, cap - used, "%s%s", used ? ((wb_context_types[i].machine & WB_DOT) ? "." : " ") : "",
                                 w);
    }
    return buf;
}

/* 1 when the column is the first of its label (the one that stands for the label's value). */
static int first_of_label(int column)
{
    int i;
    for (i = 0; i < column && wb_context_types[column].label; i++)
        if (wb_context_types[i].label && !strcmp(wb_context_types[i].label, wb_context_types[column].label)) return 0;
    return 1;
}

int rp_machine_confound_column(int column)
{
    return (wb_context_types[column].machine & WB_CONFOUND) && first_of_label(column);
}

int rp_machine_shown_column(int column)
{
    return (wb_context_types[column].machine & WB_SHOWN) && first_of_label(column);
}

/* The machine's name without its distinction: its label, else its host. */
static const char *base_machine_name(const rp_machine *m)
{
    return m->label[0] ? m->label : m->ctx[WB_COL_HOST];
}

/* The machine's name among all the machines read: two different machines may share a label or
 * host (two VMs called "VM"), and each then gets the first of its identity's facts (WB_ID) that
 * tells them apart, Wine's first, "VM (Wine 10.0)", "VM (Windows XP 5.1.2600)". Found once per
 * machine in rp_names_prepare, not for every cell of the table. */
static const char *machine_name_among(const rp_report *r, int machine, char *buf, size_t cap)
{
    const rp_machine *m = &r->machines[machine];
    char mine[256], theirs[256];
    int k, same = 0;
    size_t i;
    for (i = 0; i < r->nmachines; i++)
        same |= (int)i != machine && strcmp(base_machine_name(&r->machines[i]), base_machine_name(m)) == 0;
    if (!same) {
        snprintf(buf, cap, "%s", base_machine_name(m));
        return buf;
    }
    for (k = -1; k < WB_CONTEXT_COUNT; k++) {
        int col = k < 0 ? WB_COL_WINE_VERSION : k, differs = 0;
        if ((k >= 0 && col == WB_COL_WINE_VERSION) || !(wb_context_types[col].machine & WB_ID) || !first_of_label(col))
            continue;
        rp_machine_fact(m, col, mine, sizeof mine);
        for (i = 0; i < r->nmachines && !differs; i++) {
            const rp_machine *o = &r->machines[i];
            differs = (int)i != machine && !strcmp(base_machine_name(o), base_machine_name(m)) &&
                      strcmp(rp_machine_fact(o, col, theirs, sizeof theirs), mine) != 0;
        }
        if (!differs) continue;
        if (col == WB_COL_WINE_VERSION)
            snprintf(buf, cap, "%s (%s%s)", base_machine_name(m), m->ctx[col][0] ? "Wine " : "not Wine", m->ctx[col]);
        else snprintf(buf, cap, "%s (%s)", base_machine_name(m), mine);
        return buf;
    }
    snprintf(buf, cap, "%s (#%d)", base_machine_name(m), machine + 1);
    return buf;
}

const char *rp_machine_name(const rp_report *r, int machine, char *buf, size_t cap)
{
    if (r->machines[machine].shown[0] == '\0') return machine_name_among(r, machine, buf, cap);
    snprintf(buf, cap, "%s", r->machines[machine].shown);
    return buf;
}

const char *rp_machine_broken(const rp_machine *m, char *buf, size_t cap)
{
    return wb_verdicts_broken(m->ctx[WB_COL_CALIBRATION], buf, cap);
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
        if (!_stricmp(r->machines[i].ctx[WB_COL_HOST], name)) return (int)i;
    return -1;
}
