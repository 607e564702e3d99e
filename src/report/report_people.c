/* A group's median as people read it, shared by the console table and its pivoted form: a
 * duration in its own unit ("20.59 ms", not "2.059e+04 us"), another number with 4 significant
 * digits, and the unit's words without the unit ("mean latency"). */
#include "report_render.h"

#include <stdio.h>
#include <string.h>

#include "wb_units.h"

void rp_median_for_people(const rp_group *g, char *median, char *unit, size_t cap)
{
    char words[256];
    const char *u = rp_words(g, wb_module_report(g->m)->unit, words, sizeof words);
    if (strstr(u, "(us)") != NULL || strstr(u, "(ms)") != NULL) {
        wb_format_duration(g->median * (strstr(u, "(us)") ? 1e-6 : 1e-3), median, cap);
        snprintf(unit, cap, "%.*s", (int)(strstr(u, " (") ? strstr(u, " (") - u : (int)strlen(u)), u);
    } else {
        wb_format_number(g->median, median, cap);
        snprintf(unit, cap, "%s", u);
    }
    if (g->median != g->median) median[0] = '\0';   /* nothing received: the comparison says so */
}
