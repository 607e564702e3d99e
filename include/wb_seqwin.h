/* Duplicates and reordering among numbered messages, over the last WB_SEQWIN_SIZE sequence
 * numbers: fixed memory however long the run. An arrival older than the highest seen counts as
 * reordered; one older than the window is reordered, and whether it is also a duplicate is not
 * known (it is counted once, as a first arrival). Plain C (src/core/seqwin.c). */
#ifndef WB_SEQWIN_H
#define WB_SEQWIN_H

#include <stdint.h>

#define WB_SEQWIN_SIZE 65536

typedef struct wb_seqwin {
    uint64_t highest;
    int have_highest;
    uint64_t duplicated, reordered;
    uint32_t seen[WB_SEQWIN_SIZE / 32];
} wb_seqwin;

void wb_seqwin_reset(wb_seqwin *w);
/* One arrival of seq: 1 the first of that number (count it), 0 a duplicate (w->duplicated
 * counted it). Arrivals below the highest number seen also count in w->reordered. */
int wb_seqwin_note(wb_seqwin *w, uint64_t seq);

#endif
