/* RFC 3550's interarrival jitter (section 6.4.1, A.8): for consecutive packets i, j,
 * D = (R_j - R_i) - (S_j - S_i) from their send and receive stamps, and J += (|D| - J) / 16:
 * a running estimate of the spread of transit times, what an RTP receiver reports. Pure C. */
#ifndef WB_JITTER_H
#define WB_JITTER_H

typedef struct wb_jitter {
    double j;              /* the estimate, in the stamps' unit */
    double prev_transit;   /* R - S of the previous packet */
    unsigned long packets;
} wb_jitter;

void   wb_jitter_reset(wb_jitter *j);
/* One packet, in arrival order; send and recv in the same unit (any clock each: only
 * differences of transit times count, so the two clocks' offset cancels). */
void   wb_jitter_add(wb_jitter *j, double send, double recv);
/* The estimate; NaN until two packets have been seen. */
double wb_jitter_value(const wb_jitter *j);

#endif
