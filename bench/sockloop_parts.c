/* sockloop's parts: what a packet costs the receiving thread, split, and the OS's wake-up floor
 * beside it. After each repetition (never inside it), on the receiving thread:
 *   the receiver's busy time per packet (wall less the time blocked in the waits, by QPC)
 *     = winbench's own processing (your code: the accounting every message gets, sl_take on
 *       messages made here, timed as a floor)
 *     + a recv of a message already waiting (the API's data path, timed as a floor on a
 *       loopback socket of the run's protocol and size)
 *     + the rest: the wait model's own work per packet (the API: the wait returning, finding
 *       the socket, the backend's bookkeeping)
 *   and beside: the CPU charged inside the waits per packet (charged less busy), and a wake-up
 *   of this thread by an event another thread sets at the run's rate (the OS's wake-up, no
 *   socket), whose latency is the floor under every loop's: the loop's latency above it is the
 *   wait model's own (and the network stack's).
 * Each floor is the median of short chunks (wb_floor_time), within an eighth of the
 * repetition's time; the wake-up floor lasts at most 0.2 s. */
#include "wb_sort.h"
#include "sockloop.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "wb_floors.h"
#include "wb_net.h"
#include "wb_rounds.h"
#include "wb_timer.h"
#include "wb_timed_loop.h"

/* ---- winbench's own processing: the accounting, on a state of its own ---------------------- */

typedef struct own_arg {
    sockloop_state *scratch;
    char *msg;
    uint64_t seq;
} own_arg;

/* k messages as the receiver takes them: stamped now, sent "just before". */
static WB_TIMED_LOOP void own_chunk(const void *arg, uint64_t k)
{
    own_arg *a = (own_arg *)arg;
    wb_error err;
    uint64_t i, now;
    for (i = 0; i < k; i++) {
        now = wb_ticks();
        put_u64(a->msg + 8, a->seq++);
        put_u64(a->msg + 16, now - 10);
        put_u64(a->msg + 24, now - 5);
        sl_take(a->scratch, 0, a->msg, (int)a->scratch->cfg.size, NULL, 0, now, &err);
    }
}

/* A state with the run's configuration, transport and backend but counters, histograms and a
 * raw file of its own (the null device when --raw is on: its formatting is the loop's cost too),
 * so that the run's figures are not touched. */
static double own_processing_us(const sockloop_state *st, wb_floor_budget b, double *pm_us)
{
    sockloop_state *scratch = (sockloop_state *)calloc(1, sizeof *scratch);
    own_arg a;
    double ns = NAN;
    if (scratch == NULL) return NAN;
    scratch->cfg = st->cfg;
    scratch->transport = st->transport;
    scratch->backend = st->backend;
    scratch->freq = st->freq;
    scratch->test_spin_ticks = st->test_spin_ticks;
    scratch->lat_actual = (wb_hist *)calloc(1, sizeof *scratch->lat_actual);
    scratch->lat_intended = (wb_hist *)calloc(1, sizeof *scratch->lat_intended);
    scratch->lat_parts = (wb_hist *)calloc(SL_LATENCY_PARTS, sizeof *scratch->lat_parts);
    scratch->tail = sl_tail_open(&st->cfg, 1024);   /* as many compares a message; fewer kept */
    a.msg = (char *)calloc(1, (size_t)st->cfg.size);
    a.scratch = scratch;
    a.seq = 0;
    if (st->raw) scratch->raw = fopen("NUL", "wb");
    if (scratch->lat_actual && scratch->lat_intended && scratch->lat_parts && scratch->tail && a.msg) {
        wb_seqwin_reset(&scratch->rx.seq);
        wb_jitter_reset(&scratch->rx.jitter);
        put_u32(a.msg, PACKET_MAGIC);
        put_u32(a.msg + 4, (uint32_t)st->cfg.size);
        ns = wb_floor_time_pm(own_chunk, &a, b, pm_us);
    }
    if (scratch->raw) fclose(scratch->raw);
    free(a.msg), free(scratch->lat_actual), free(scratch->lat_intended), free(scratch->lat_parts);
    sl_tail_close(scratch->tail);
    free(scratch);
    *pm_us *= 1e-3;
    return ns * 1e-3;
}

/* ---- the data path: a recv of a message already waiting ------------------------------------- */

#define QUEUED 32   /* messages waiting before each timed batch: well within a socket's buffer */

/* The receiving end and its feeder: a UDP socket and the sender's, or a TCP connection's two
 * ends, on loopback. */
typedef struct data_path {
    SOCKET rx, tx, listener;
    struct sockaddr_in to;
    char *buf;
    int size, stream;
} data_path;

static void data_path_close(data_path *d)
{
    if (d->rx != INVALID_SOCKET) closesocket(d->rx);
    if (d->tx != INVALID_SOCKET) closesocket(d->tx);
    if (d->listener != INVALID_SOCKET) closesocket(d->listener);
    free(d->buf);
}

static int data_path_open(data_path *d, const sockloop_state *st)
{
    struct sockaddr_in a;
    wb_error err;
    memset(d, 0, sizeof *d);
    d->rx = d->tx = d->listener = INVALID_SOCKET;
    d->size = (int)st->cfg.size;
    d->stream = st->transport->stream;
    d->buf = (char *)calloc(1, (size_t)d->size);
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (d->buf == NULL) return -1;
    if (!d->stream) {
        d->rx = wb_udp_socket(&a, 1 << 20, WB_SOCKET_FLAGS_PLAIN, &err);
        d->to = a;
        a.sin_port = 0;
        d->tx = wb_udp_socket(&a, 1 << 20, WB_SOCKET_FLAGS_PLAIN, &err);
        return d->rx == INVALID_SOCKET || d->tx == INVALID_SOCKET ? -1 : 0;
    }
    d->listener = wb_tcp_listen(&a, WB_SOCKET_FLAGS_PLAIN, &err);
    if (d->listener == INVALID_SOCKET) return -1;
    d->tx = wb_tcp_connect(&a, 2000, WB_SOCKET_FLAGS_PLAIN, &err);
    if (d->tx == INVALID_SOCKET) return -1;
    d->rx = wb_tcp_accept(d->listener, 2000, &a, &err);
    if (d->rx == INVALID_SOCKET || wb_tcp_tune(d->tx, 1, 1 << 20, &err) != 0 || wb_tcp_tune(d->rx, 1, 1 << 20, &err) != 0)
        return -1;
    return 0;
}

/* QUEUED messages sent and, for TCP, all arrived (the receiving buffer holds them) before the
 * clock starts: what is timed is the taking, not the travel. */
static int data_path_fill(data_path *d)
{
    int i;
    for (i = 0; i < QUEUED; i++)
        if ((d->stream ? send(d->tx, d->buf, d->size, 0) : sendto(d->tx, d->buf, d->size, 0, (struct sockaddr *)&d->to,
                                                                  sizeof d->to)) != d->size)
            return -1;
    for (i = 0; i < 200; i++) {   /* loopback delivers in microseconds; 200 ms at most */
        u_long waiting = 0;
        if (ioctlsocket(d->rx, FIONREAD, &waiting) != 0) return -1;
        if (waiting >= (u_long)d->size * (d->stream ? QUEUED : 1)) return 0;
        Sleep(1);
    }
    return -1;
}

/* One message taken: a datagram, or size bytes of the stream. 1 when it came whole. */
static int take_one(const data_path *d)
{
    int got = 0;
    if (!d->stream) return recv(d->rx, d->buf, d->size, 0) == d->size;
    while (got < d->size) {
        int n = recv(d->rx, d->buf + got, d->size - got, 0);
        if (n <= 0) return 0;
        got += n;
    }
    return 1;
}

static WB_TIMED_LOOP int take_batch(const data_path *d)
{
    int i, whole = 0;
    for (i = 0; i < QUEUED; i++) whole += take_one(d);
    return whole;
}

/* The median batch's us per message, within the budget's time (at most 200 batches), and its
 * 95% interval's half-width (ranks n/2 -+ 0.98 sqrt(n); the whole range below 6 batches). */
static double data_path_us(const sockloop_state *st, wb_floor_budget b, double *pm_us)
{
    data_path d;
    double per[200];
    unsigned n = 0;
    uint64_t start = wb_ticks();
    if (data_path_open(&d, st) == 0)
        while (n < 200 && (n == 0 || wb_ticks() - start < b.ticks)) {
            uint64_t t0;
            int whole;
            if (data_path_fill(&d) != 0) break;
            t0 = wb_ticks();
            whole = take_batch(&d);
            if (whole != QUEUED) break;
            per[n++] = wb_ticks_to_s(wb_ticks() - t0) * 1e6 / QUEUED;
        }
    data_path_close(&d);
    *pm_us = NAN;
    if (n == 0) return NAN;
    wb_sort_doubles(per, n);
    {
        unsigned lo = n >= 6 ? (unsigned)floor((double)n / 2 - 0.98 * sqrt((double)n)) : 0;
        double med = per[(n - 1) / 2];
        *pm_us = med - per[lo] > per[n - 1 - lo] - med ? med - per[lo] : per[n - 1 - lo] - med;
        return med;
    }
}

/* ---- the OS's wake-up: an event set at the run's rate --------------------------------------- */

typedef struct wakeup {
    HANDLE event;
    uint64_t period, t0, count;
    volatile uint64_t set_at;     /* QPC just before each SetEvent */
    volatile LONG stop;
} wakeup;

/* The setting thread: on the run's schedule t0 + k / rate, spinning between (as sockloop's spin
 * pacing does), each SetEvent stamped. */
static DWORD WINAPI wakeup_setter(void *arg)
{
    wakeup *w = (wakeup *)arg;
    uint64_t k;
    for (k = 1; k <= w->count && !w->stop; k++) {
        uint64_t due = w->t0 + k * w->period, now;
        while ((now = wb_ticks()) < due)
            if (due - now > w->period / 2 + wb_clock_freq() / 500) Sleep(1);   /* more than 2 ms away */
        w->set_at = wb_ticks();
        SetEvent(w->event);
    }
    w->stop = 1;
    SetEvent(w->event);
    return 0;
}

/* Mean us from SetEvent to this thread running again, over at most 0.2 s of the run's rate. */
static double wakeup_us(const sockloop_state *st)
{
    wakeup w;
    HANDLE thread;
    double sum = 0;
    uint64_t n = 0;
    memset(&w, 0, sizeof w);
    w.period = st->freq / (st->cfg.rate ? st->cfg.rate : 1);
    if (w.period == 0) w.period = 1;
    w.count = st->cfg.rate / 5 ? st->cfg.rate / 5 : 1;
    if (w.count > 4000) w.count = 4000;
    w.event = CreateEventA(NULL, FALSE, FALSE, NULL);
    if (w.event == NULL) return NAN;
    w.t0 = wb_ticks();
    thread = CreateThread(NULL, 0, wakeup_setter, &w, 0, NULL);
    if (thread == NULL) {
        CloseHandle(w.event);
        return NAN;
    }
    while (WaitForSingleObject(w.event, 1000) == WAIT_OBJECT_0 && !w.stop) {
        uint64_t now = wb_ticks(), set = w.set_at;
        if (now >= set) {
            sum += wb_ticks_to_s(now - set) * 1e6;
            n++;
        }
    }
    w.stop = 1;
    WaitForSingleObject(thread, INFINITE);
    CloseHandle(thread);
    CloseHandle(w.event);
    return n ? sum / (double)n : NAN;
}

/* ---- the parts ------------------------------------------------------------------------------ */

/* The CPU the receiver used inside its waits, per packet: its CPU time less its busy time. Only
 * from cycles (QueryThreadCycleTime over an invariant TSC): GetThreadTimes' CPU is charged in
 * whole clock ticks (15.6 ms), and less an exact QPC busy time it read -30 to -91 us a packet
 * on a quiet machine. The busy time by QPC also holds any time the thread was preempted while
 * busy, so the difference is the least the waits used, and 0 where preemption outweighs it
 * (docs/csv.md). Empty without cycles (the fact wait_cpu_from says why). */
static double wait_cpu_us(const sockloop_state *st, const wb_sample *s, const double *m)
{
    const double hz = wb_cycles_hz();
    double cpu_us, d;
    (void)s;
    if (!st->have_cycles || !(hz > 0) || !(m[M_RECEIVED] > 0)) return NAN;
    cpu_us = (double)(st->cycles1 - st->cycles0) / hz * 1e6 / m[M_RECEIVED];
    d = cpu_us - m[M_RECV_BUSY_PER_PKT];
    return d > 0 ? d : 0;
}

void sl_measure_parts(sockloop_state *st, const wb_sample *s, double *m)
{
    const wb_floor_budget b = wb_floor_budget_of(m[M_RECEIVED] > 0 ? (uint64_t)m[M_RECEIVED] : 1, s->iv.t1 - s->iv.t0);
    uint64_t t0 = wb_ticks();
    double own_pm = NAN, recv_pm = NAN;
    if (st->cfg.reflect || !(m[M_RECEIVED] > 0)) return;   /* a reflector echoes: nothing of this to split */
    m[M_OWN_US] = own_processing_us(st, b, &own_pm);
    if (!*st->ctx->stop) m[M_RECV_US] = data_path_us(st, b, &recv_pm);
    /* the rest, against the floors' intervals (the busy time is the loop's own mean): never
     * below zero (wb_part_or_zero), empty where the floors cost more than the busy time */
    m[M_WAIT_PM_US] = own_pm + recv_pm;
    m[M_WAIT_US] = wb_part_or_zero(m[M_RECV_BUSY_PER_PKT] - m[M_OWN_US] - m[M_RECV_US], m[M_WAIT_PM_US]);
    m[M_WAIT_CPU_US] = wait_cpu_us(st, s, m);
    if (!*st->ctx->stop) m[M_WAKEUP_US] = wakeup_us(st);
    m[M_LAT_ABOVE_WAKEUP] = m[M_LAT_MEAN] - m[M_WAKEUP_US];
    m[M_FLOORS_S] = wb_ticks_to_s(wb_ticks() - t0);
}

/* Beside the latency's parts (sockloop_latency.c): the floor of its wait, and the second answer,
 * what a packet costs the receiving thread (receiver_busy_us_per_pkt) in its parts. */
const wb_part sockloop_floors[] = {
    { .column = "wakeup_us", .name = "an event's wake-up at the same rate (its delay)", .layer = WB_LAYER_OS },
    { .column = "sender_late_mean_us", .name = "sender late (before the send: not in this whole)", .layer = WB_LAYER_OS, .beside = 1 },
    { .column = "wait_us", .pm_column = "wait_pm_us", .difference = 1, .name = "busy per packet: the wait model's own work",
      .layer = WB_LAYER_API, .beside = 1 },
    { .column = "recv_us", .name = "busy per packet: a recv of a waiting message",
      .layer = WB_LAYER_API, .beside = 1 },
    { .column = "own_us", .name = "busy per packet: winbench's own processing",
      .layer = WB_LAYER_CODE, .beside = 1 },
    { .column = "wait_cpu_us", .name = "CPU used inside the waits (not busy; at least)", .layer = WB_LAYER_OS, .beside = 1 },
    { .column = NULL }
};
