/* RFC 3550 interarrival jitter (include/wb_jitter.h). */
#include "wb_jitter.h"

#include <math.h>

void wb_jitter_reset(wb_jitter *j)
{
    j->j = 0.0;
    j->prev_transit = 0.0;
    j->packets = 0;
}

void wb_jitter_add(wb_jitter *j, double send, double recv)
{
    double transit = recv - send;
    if (j->packets > 0) {
        double d = fabs(transit - j->prev_transit);
        j->j += (d - j->j) / 16.0;
    }
    j->prev_transit = transit;
    j->packets++;
}

double wb_jitter_value(const wb_jitter *j)
{
    return j->packets >= 2 ? j->j : NAN;
}
