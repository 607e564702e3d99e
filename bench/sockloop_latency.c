/* sockloop's latency split: each message's latency from its intended send time, split at the
 * stamps the run already has into four parts that add up to it exactly:
 *   sender late             intended -> actual send (the sender's pacing and the OS's timer)
 *   until the wait returned actual send -> the wait's return for the wake that delivered it
 *                           (the stack and the wake-up: the OS and the wait model)
 *   behind earlier packets  the wait's return -> the read that took it began (the packets read
 *                           and accounted before it in the same wake: the loop's own order)
 *   the recv itself         that read's begin -> its end (the API)
 * A message that came while the wake was draining (after the wait returned) waited behind the
 * earlier ones from its send on: its "until the wait returned" is 0. A completion backend's
 * receive finished in the kernel before the wait returned with it: the read is stamped at the
 * dequeue, its "recv itself" is 0 and the kernel's receive is in "until the wait returned".
 * A stream's read holds several messages: each is behind the ones read before it, and the read
 * that carried it is its "recv itself".
 * Each part is converted to ns from the same origin (the intended time) and recorded as the
 * difference of two such conversions, so the four recorded parts sum to the recorded latency from
 * the intended time to the nanosecond, and their histograms' means to its mean. */
#include "sockloop.h"

#include <math.h>
#include <stdlib.h>

#include "wb_console.h"

static uint64_t ns_after(uint64_t origin, uint64_t t, uint64_t freq)
{
    return (uint64_t)((double)(t - origin) * 1e9 / (double)freq);
}

/* A packet into the slowest kept (sl_tail): into the heap while it has room, else in place of
 * the fastest kept one if it is slower, sifted down. */
static void tail_keep(sl_tail *t, uint64_t lat_ns, const uint64_t *part_ns)
{
    size_t at, child;
    sl_slow in;
    int i;
    if (t->n == t->cap && (t->cap == 0 || lat_ns <= t->heap[0].lat_ns)) return;
    in.lat_ns = lat_ns;
    for (i = 0; i < SL_LATENCY_PARTS; i++) in.part_ns[i] = part_ns[i];
    if (t->n < t->cap) {
        for (at = t->n++; at > 0 && t->heap[(at - 1) / 2].lat_ns > lat_ns; at = (at - 1) / 2)
            t->heap[at] = t->heap[(at - 1) / 2];
    } else {
        for (at = 0; (child = 2 * at + 1) < t->n; at = child) {
            if (child + 1 < t->n && t->heap[child + 1].lat_ns < t->heap[child].lat_ns) child++;
            if (t->heap[child].lat_ns >= lat_ns) break;
            t->heap[at] = t->heap[child];
        }
    }
    t->heap[at] = in;
}

uint64_t sl_latency_split(sockloop_state *st, uint64_t intended, uint64_t actual, uint64_t t_recv, uint64_t *part_ns)
{
    uint64_t stamp[SL_LATENCY_PARTS + 1], at_ns[SL_LATENCY_PARTS + 1];
    uint64_t w = st->rx.wake_at > actual ? st->rx.wake_at : actual, b;
    int i;
    if (w > t_recv) w = t_recv;   /* a completion's wake stamped after its own dequeue: never */
    b = st->rx.recv_begin > w ? st->rx.recv_begin : w;
    if (b > t_recv) b = t_recv;
    stamp[0] = intended, stamp[1] = actual, stamp[2] = w, stamp[3] = b, stamp[4] = t_recv;
    for (i = 0; i <= SL_LATENCY_PARTS; i++) at_ns[i] = ns_after(intended, stamp[i], st->freq);   /* each once */
    for (i = 0; i < SL_LATENCY_PARTS; i++) {
        part_ns[i] = at_ns[i + 1] - at_ns[i];
        wb_hist_record(&st->lat_parts[i], part_ns[i]);
    }
    tail_keep(st->tail, at_ns[SL_LATENCY_PARTS] - at_ns[1], part_ns);   /* by the latency from the actual send */
    return at_ns[SL_LATENCY_PARTS];
}

void sl_latency_raw(const sockloop_state *st, uint64_t seq, uint64_t intended, uint64_t actual, uint64_t t_recv,
                    uint64_t ilat_ns, const uint64_t *part_ns)
{
    const double us = 1e6 / (double)st->freq;
    wb_fprintf(st->raw, "%s,%llu,%.3f,%.3f,%.3f,%.3f,%.3f,%llu.%03u,%llu.%03u,%llu.%03u,%llu.%03u,%llu.%03u\r\n",
               st->backend->name, (unsigned long long)seq, (double)(int64_t)(intended - st->t0) * us,
               (double)(int64_t)(actual - st->t0) * us, (double)(int64_t)(t_recv - st->t0) * us,
               (double)(int64_t)(st->rx.wake_at - st->t0) * us, (double)(int64_t)(st->rx.recv_begin - st->t0) * us,
               (unsigned long long)(ilat_ns / 1000), (unsigned)(ilat_ns % 1000), (unsigned long long)(part_ns[0] / 1000),
               (unsigned)(part_ns[0] % 1000), (unsigned long long)(part_ns[1] / 1000), (unsigned)(part_ns[1] % 1000),
               (unsigned long long)(part_ns[2] / 1000), (unsigned)(part_ns[2] % 1000),
               (unsigned long long)(part_ns[3] / 1000), (unsigned)(part_ns[3] % 1000));
}

const char sl_latency_raw_header[] = "loop,seq,intended_us,actual_us,received_us,wake_us,read_begin_us,ilat_us,"
                                     "sender_late_us,until_wake_us,behind_us,in_recv_us\r\n";

void sl_read_begins(sockloop_state *st, int first_read)
{
    if (st->test_behind_ticks && first_read && (st->rx.received & 1)) {   /* a test hook: see wb_test_hooks.h */
        uint64_t until = wb_ticks() + st->test_behind_ticks;
        while (wb_ticks() < until) continue;
    }
    st->rx.recv_begin = wb_ticks();
}

void sl_latency_reset(sockloop_state *st)
{
    int i;
    for (i = 0; i < SL_LATENCY_PARTS; i++) wb_hist_reset(&st->lat_parts[i]);
    st->tail->n = 0;
}

double sl_tail_percentile(int choice)
{
    static const double at[] = { 90, 99, 99.9 };
    return choice >= 0 && choice < (int)(sizeof at / sizeof at[0]) ? at[choice] : 99;
}

/* The tail's packets of n received: the slowest (100 - percentile)%, rounded up (one at least). */
static size_t tail_size(int choice, uint64_t n)
{
    return (size_t)ceil((double)n * (1 - sl_tail_percentile(choice) / 100) - 1e-9);
}

sl_tail *sl_tail_open(const sockloop_config *c, size_t most)
{
    /* every packet the sender can send: the rate over the duration, one more for the rounding */
    size_t cap = tail_size(c->percentile, (uint64_t)((double)c->rate * c->duration) + 1) + 1;
    sl_tail *t = (sl_tail *)calloc(1, sizeof *t);
    if (t == NULL) return NULL;
    t->cap = cap < most ? cap : most;
    t->heap = (sl_slow *)malloc(t->cap * sizeof *t->heap);
    if (t->heap == NULL) {
        free(t);
        return NULL;
    }
    return t;
}

void sl_tail_close(sl_tail *t)
{
    if (t) free(t->heap);
    free(t);
}

static int slower_first(const void *a, const void *b)
{
    const uint64_t x = ((const sl_slow *)a)->lat_ns, y = ((const sl_slow *)b)->lat_ns;
    return x < y ? 1 : x > y ? -1 : 0;
}

/* The slowest packets' mean parts, after the repetition (the heap is sorted: it is not kept
 * again until the next one); their latency's mean is the sum of the three after the send. A
 * tail the heap could not hold (more than SL_TAIL_MOST, or than the sender could send) is not
 * split: its cells stay empty. */
static void tail_metrics(const sockloop_state *st, uint64_t received, double *m)
{
    sl_tail *t = st->tail;
    const size_t k = tail_size(st->cfg.percentile, received);
    double sum[SL_LATENCY_PARTS] = { 0 };
    size_t j;
    int i;
    if (k == 0 || k > t->n) return;
    qsort(t->heap, t->n, sizeof *t->heap, slower_first);
    for (j = 0; j < k; j++)
        for (i = 0; i < SL_LATENCY_PARTS; i++) sum[i] += (double)t->heap[j].part_ns[i];
    m[M_TAIL_PACKETS] = (double)k;
    for (i = 0; i < SL_LATENCY_PARTS; i++) m[M_TAIL_SENDER_LATE + i] = sum[i] / (double)k / 1000.0;
    m[M_TAIL_LAT_MEAN] = (sum[SL_PART_UNTIL_WAKE] + sum[SL_PART_BEHIND] + sum[SL_PART_IN_RECV]) / (double)k / 1000.0;
}

void sl_latency_metrics(const sockloop_state *st, double *m)
{
    int i;
    for (i = 0; i < SL_LATENCY_PARTS; i++) {
        const wb_hist *h = &st->lat_parts[i];
        double *at = m + M_SENDER_LATE_MEAN + 4 * i;
        if (h->count == 0) continue;   /* NaN, as the latencies' */
        at[0] = wb_hist_mean(h) / 1000.0;
        at[1] = (double)wb_hist_percentile(h, 50) / 1000.0;
        at[2] = (double)wb_hist_percentile(h, 99) / 1000.0;
        at[3] = (double)h->max / 1000.0;
    }
    tail_metrics(st, st->lat_parts[0].count, m);
}

/* The parts of the latency from the actual send (the headline's): the sender's lateness is
 * before it, beside (sockloop_floors). */
const wb_part sl_latency_parts[] = {
    { .column = "until_wake_mean_us", .name = "until the wait returned (stack, wake-up, wait model)",
      .layer = WB_LAYER_API },
    { .column = "behind_mean_us", .name = "behind earlier packets in its wake",
      .layer = WB_LAYER_CODE },
    { .column = "in_recv_mean_us", .name = "the recv itself", .layer = WB_LAYER_API },
    { .column = NULL }
};

/* The same parts over the slowest packets (report --tail), the sender's lateness beside. */
const wb_part sl_tail_parts[] = {
    { .column = "tail_until_wake_us", .name = "until the wait returned (stack, wake-up, wait model)", .layer = WB_LAYER_API },
    { .column = "tail_behind_us", .name = "behind earlier packets in its wake", .layer = WB_LAYER_CODE },
    { .column = "tail_in_recv_us", .name = "the recv itself", .layer = WB_LAYER_API },
    { .column = NULL }
};
const wb_part sl_tail_floors[] = {
    { .column = "tail_sender_late_us", .name = "sender late (before the send: not in this whole)", .layer = WB_LAYER_OS,
      .beside = 1 },
    { .column = NULL }
};
