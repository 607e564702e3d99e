/* The idle periods' own parts (idle.h). */
#include "wb_sort.h"
#include "idle.h"

#include <stdlib.h>
#include <string.h>

int idle_periods_open(idle_periods *p)
{
    memset(p, 0, sizeof *p);
    p->each = (uint64_t(*)[IDLE_PART_COUNT])calloc(IDLE_PERIODS_CAP, sizeof *p->each);
    return p->each ? 0 : -1;
}

void idle_periods_free(idle_periods *p)
{
    free(p->each);
    p->each = NULL;
}

void idle_periods_reset(idle_periods *p)
{
    p->n = 0;
    p->marked = 0;
}

/* In the loop, once a period: subtractions and stores, nothing allocated or read from the clock. */
void idle_periods_mark(idle_periods *p, uint64_t t, uint64_t blocked, uint64_t sends, uint64_t onidle, uint64_t pre,
                       uint64_t dispatch)
{
    if (p->marked && p->n < IDLE_PERIODS_CAP) {
        uint64_t *e = p->each[p->n++];
        uint64_t wall = t - p->last[0], waited = blocked - p->last[1];
        e[IDLE_BUSY] = wall > waited ? wall - waited : 0;
        e[IDLE_SENDS] = sends - p->last[2];
        e[IDLE_ONIDLE] = onidle - p->last[3];
        e[IDLE_PRE] = pre - p->last[4];
        e[IDLE_DISPATCH] = dispatch - p->last[5];
    }
    p->last[0] = t, p->last[1] = blocked, p->last[2] = sends, p->last[3] = onidle, p->last[4] = pre;
    p->last[5] = dispatch;
    p->marked = 1;
}

void idle_periods_sum(const idle_periods *p, idle_period_sums *out)
{
    uint64_t *busy, cut;
    size_t i;
    int k;
    memset(out, 0, sizeof *out);
    if (p->n == 0 || (busy = (uint64_t *)malloc(p->n * sizeof *busy)) == NULL) return;
    for (i = 0; i < p->n; i++) busy[i] = p->each[i][IDLE_BUSY];
    cut = wb_median_u64(busy, p->n) * IDLE_PERIOD_CUT;
    if (cut == 0) cut = 1;
    free(busy);
    for (i = 0; i < p->n; i++) {
        if (p->each[i][IDLE_BUSY] > cut) {
            out->left_out++;
            continue;
        }
        for (k = 0; k < IDLE_PART_COUNT; k++) out->ticks[k] += (double)p->each[i][k];
        out->kept++;
    }
}
