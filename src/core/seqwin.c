/* The sequence window of include/wb_seqwin.h: a bit per number, cleared as the highest moves. */
#include "wb_seqwin.h"

#include <string.h>

#define SLOT(q) ((q) % WB_SEQWIN_SIZE / 32)
#define BIT(q) (1u << ((q) % 32))

void wb_seqwin_reset(wb_seqwin *w)
{
    memset(w, 0, sizeof *w);
}

int wb_seqwin_note(wb_seqwin *w, uint64_t seq)
{
    if (!w->have_highest || seq > w->highest) {
        uint64_t q = w->have_highest ? w->highest + 1 : 0;
        /* the numbers skipped on the way up have not arrived yet: their bits are cleared */
        if (seq - q >= WB_SEQWIN_SIZE) memset(w->seen, 0, sizeof w->seen);
        else for (; q < seq; q++) w->seen[SLOT(q)] &= ~BIT(q);
        w->seen[SLOT(seq)] |= BIT(seq);
        w->highest = seq;
        w->have_highest = 1;
        return 1;
    }
    if (w->highest - seq >= WB_SEQWIN_SIZE) {   /* older than the window remembers */
        w->reordered++;
        return 1;
    }
    if (w->seen[SLOT(seq)] & BIT(seq)) {
        w->duplicated++;
        return 0;
    }
    w->seen[SLOT(seq)] |= BIT(seq);
    w->reordered++;
    return 1;
}
