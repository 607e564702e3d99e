/* sockloop: select vs WSAPoll vs WSAWaitForMultipleEvents receiving UDP at a fixed packet rate,
 * reported every interval in pgmping's form:
 *     2010-10-30 11:53:24 : s=10004.2 avg=2301.5 min=179.0 max=15400.0 stddev=2186.3 us o=84.84 i=84.84 mbit
 *
 * Threads: a sender paced on a QPC schedule t_k = t0 + k / rate (each packet carries its
 * sequence number, intended and actual send times in QPC ticks); the receiver (the thread the
 * runner times) waits with the chosen backend (include/wb_wait.h) and stamps each packet as it
 * is received; a reporter prints the interval lines and writes the interval rows, so the
 * receive loop itself never prints. Two QPC reads per packet: the sender's and the receiver's.
 *
 * Latency is reported twice: from the actual send time (what pgmping reports) and from the
 * intended send time (free of coordinated omission: a sender that fell behind does not hide
 * the wait). Modes: loopback (default), --reflect (echo what arrives), --peer HOST:PORT (send
 * to a reflector, measure round trips on this machine's clock). */
#include <winsock2.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wb_files.h"
#include "wb_hist.h"
#include "wb_jitter.h"
#include "wb_module.h"
#include "wb_units.h"
#include "wb_net.h"
#include "wb_wait.h"

/* --loop: a backend's index in the wait registry (include/wb_wait.h), or all of them. */
enum { LOOP_ALL = WB_WAIT_COUNT };
#define LOOP_CHOICES WB_WAIT_CHOICES "all"
#define PACKET_MAGIC 0x4C534257u   /* "WBSL" */
#define HEADER_SIZE 32
#define SEEN_WINDOW 65536          /* sequence numbers remembered for duplicate detection */
#define SOCKET_BUFFER (1 << 20)
#define MAX_READY 64
#define DRAIN_LIMIT 256            /* datagrams read from one socket per wake: no socket starves the others */
#define REFLECT_BUFFER 65536       /* a reflector echoes datagrams of any size */
enum { PACING_AUTO, PACING_SPIN, PACING_TIMER };

typedef struct sockloop_config {
    uint64_t rate, size, sockets, port, outstanding;
    double duration, interval, grace;
    int loop, spread, reflect, pacing;
    const char *bind, *peer, *raw;
} sockloop_config;

#define O(field) offsetof(sockloop_config, field)
static const wb_option sockloop_options[] = {
    { .name = "loop", .type = WB_OPT_CHOICE, .offset = O(loop), .def = "all", .choices = LOOP_CHOICES,
      .help = "how the receiver waits; all: each in turn, then compared" },
    { .name = "rate", .type = WB_OPT_COUNT, .offset = O(rate), .def = "10k", .min = 1, .max = 1000000, .metavar = "PPS",
      .help = "packets sent per second" },
    { .name = "size", .type = WB_OPT_COUNT, .offset = O(size), .def = "1060", .min = HEADER_SIZE, .max = 65507, .metavar = "BYTES",
      .help = "UDP payload bytes (1060 x 10k/s = the seed's 84.8 mbit)" },
    { .name = "duration", .type = WB_OPT_SECONDS, .offset = O(duration), .def = "10s",
      .help = "sending time of each run" },
    { .name = "interval", .type = WB_OPT_SECONDS, .offset = O(interval), .def = "2s",
      .help = "time between report lines" },
    { .name = "grace", .type = WB_OPT_SECONDS, .offset = O(grace), .def = "1s",
      .help = "wait for late packets after the last send" },
    { .name = "sockets", .type = WB_OPT_COUNT, .offset = O(sockets), .def = "1", .min = 1, .max = 10000, .metavar = "N",
      .help = "sockets the receiver waits on" },
    { .name = "spread", .type = WB_OPT_FLAG, .offset = O(spread),
      .help = "send to all sockets in turn (default: all to the last one)" },
    { .name = "bind", .type = WB_OPT_TEXT, .offset = O(bind), .metavar = "ADDR",
      .help = "address the receiving sockets bind to (default 127.0.0.1; with --peer 0.0.0.0, so that echoes "
              "from another host arrive; a --reflect listens on 127.0.0.1 unless given, never open to the "
              "network by accident)" },
    { .name = "port", .type = WB_OPT_COUNT, .offset = O(port), .def = "0", .max = 65535, .metavar = "PORT",
      .help = "first receiving port (0: any free ones)" },
    { .name = "peer", .type = WB_OPT_TEXT, .offset = O(peer), .metavar = "HOST:PORT",
      .help = "send to a reflector at HOST:PORT and time round trips" },
    { .name = "reflect", .type = WB_OPT_FLAG, .offset = O(reflect),
      .help = "echo every packet back to its sender for --duration" },
    { .name = "outstanding", .type = WB_OPT_COUNT, .offset = O(outstanding), .def = "4", .min = 1, .max = 64, .metavar = "K",
      .help = "iocp, iocpex: overlapped receives kept posted per socket" },
    { .name = "pacing", .type = WB_OPT_CHOICE, .offset = O(pacing), .def = "auto", .choices = "auto|spin|timer",
      .help = "spin: busy-wait for each packet's time (exact, a CPU); timer: wake every 1 ms and send what is due "
              "(bursts, little CPU); auto: spin with 3 or more usable CPUs, else timer" },
    { .name = "raw", .type = WB_OPT_TEXT, .offset = O(raw), .metavar = "FILE",
      .help = "write one CSV row per packet to FILE (never overwritten)" },
    { .name = NULL }
};

static const wb_wait_backend *backend_of(int loop)
{
    return wb_wait_backends[loop >= 0 && loop < WB_WAIT_COUNT ? loop : 0];
}

static int sockloop_check(void *config, char *err, size_t cap)
{
    sockloop_config *c = (sockloop_config *)config;
    /* The effective address goes in the CSV: say it rather than leave the cell empty. */
    if (c->bind == NULL) c->bind = c->peer ? "0.0.0.0" : "127.0.0.1";
    if (c->reflect && c->peer) {
        snprintf(err, cap, "--reflect: cannot be combined with --peer (run them on two machines)");
        return -1;
    }
    if (c->reflect && c->loop == LOOP_ALL) {
        char names[128] = "";
        size_t used = 0;
        int i;
        for (i = 0; i < WB_WAIT_COUNT; i++)   /* "select, wsapoll or wsaevents" */
            used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i == 0 ? "" : i + 1 < WB_WAIT_COUNT ? ", " : " or ",
                                     wb_wait_backends[i]->name);
        snprintf(err, cap, "--reflect: pick one --loop (%s)", names);
        return -1;
    }
    if (c->peer) {   /* the form here; the host is looked up at set-up (it needs Winsock) */
        char host[256];
        unsigned short port;
        wb_error e;
        if (wb_split_host_port(c->peer, host, sizeof host, &port, &e) != 0) {
            snprintf(err, cap, "--peer: %s", e.what);
            return -1;
        }
    }
    if (c->peer && c->spread) {
        snprintf(err, cap, "--spread: a peer is one address; --spread is for loopback runs");
        return -1;
    }
    if (c->loop != LOOP_ALL && backend_of(c->loop)->max_sockets && c->sockets > backend_of(c->loop)->max_sockets) {
        snprintf(err, cap, "--sockets: %s waits on at most %u sockets (%s); use --loop wsapoll for more",
                 backend_of(c->loop)->name, backend_of(c->loop)->max_sockets, backend_of(c->loop)->limit_reason);
        return -1;
    }
    if (c->duration * (double)c->rate > 1e9) {
        snprintf(err, cap, "--duration: %g s at %llu packets/s is over 1e9 packets", c->duration,
                 (unsigned long long)c->rate);
        return -1;
    }
    if (c->interval < 0.1) {
        snprintf(err, cap, "--interval: at least 100ms");
        return -1;
    }
    if (c->port && c->port + c->sockets - 1 > 65535) {
        snprintf(err, cap, "--port: %llu + %llu sockets runs past port 65535", (unsigned long long)c->port,
                 (unsigned long long)c->sockets);
        return -1;
    }
    if (c->raw && GetFileAttributesA(c->raw) != INVALID_FILE_ATTRIBUTES) {
        snprintf(err, cap, "--raw: %s already exists", c->raw);
        return -1;
    }
    return 0;
}

/* --loop all: every backend this Windows has, and that can hold --sockets. */
static int sockloop_expand(const void *config, int index, void *variant, char *note, size_t cap)
{
    const sockloop_config *c = (const sockloop_config *)config;
    sockloop_config *v = (sockloop_config *)variant;
    const wb_wait_backend *b;
    const char *why;
    if (c->loop != LOOP_ALL) return index == 0 ? 1 : 0;
    if (index >= WB_WAIT_COUNT) return 0;
    v->loop = index;
    b = backend_of(index);
    why = b->unavailable();
    if (why) {
        snprintf(note, cap, "--loop %s: %s", b->name, why);
        return -1;
    }
    if (b->max_sockets && c->sockets > b->max_sockets) {
        snprintf(note, cap, "--loop %s: waits on at most %u sockets, not %llu", b->name, b->max_sockets,
                 (unsigned long long)c->sockets);
        return -1;
    }
    return 1;
}

/* ---- state ----------------------------------------------------------------------------- */

typedef struct interval_stats {
    uint64_t received, bytes, sent;
    double sum_us, sumsq_us, min_us, max_us;
    double seconds;
    double jitter_us;             /* the run's RFC 3550 estimate at the interval's end */
} interval_stats;

typedef struct sockloop_state {
    sockloop_config cfg;
    const wb_wait_backend *backend;
    wb_waiter *waiter;
    SOCKET *sockets;              /* the receiver's; in --peer mode socket 0 also sends */
    struct sockaddr_in *addrs;    /* where each is bound */
    SOCKET send_socket;           /* loopback mode: the sender's own */
    struct sockaddr_in peer;
    unsigned nsockets;
    char *rbuf, *sbuf;
    FILE *raw;
    int net_started;
    uint64_t freq;
    int timer_raised;             /* a 1 ms timer period is in effect (set-up to tear-down) */

    /* per run: shared with the sender */
    uint64_t t0;                  /* start of the send schedule */
    HANDLE sender, start;
    volatile LONG sent_count;     /* packets sent so far (wraps after 2^32: only deltas are used) */
    volatile LONG sender_done;
    volatile LONG sender_stop;    /* the receiver failed: stop sending now */
    uint64_t sender_end, total, late_sends, send_errors;
    uint64_t sender_blocked;      /* QPC ticks the sender spent in Sleep: not busy */
    int pacing;                   /* PACING_SPIN or PACING_TIMER, as decided at set-up */
    unsigned usable_cpus;         /* in the process's affinity mask */
    char pacing_fact[8];
    double sender_cpu_s;
    wb_error sender_err;
    int sender_failed;

    /* per run: receiver */
    uint64_t received, unique, duplicated, reordered, foreign, conn_resets, bad_packets, highest;
    wb_jitter jitter;             /* RFC 3550, over the run's packets in arrival order */
    uint64_t receiver_blocked;    /* QPC ticks the receiver spent in the backend's wait */
    uint64_t wait_started;        /* completion backends: QPC at the wait's start, 0 once a datagram came */
    int have_highest;
    uint32_t seen[SEEN_WINDOW / 32];
    wb_hist *lat_actual, *lat_intended;   /* ns */
    interval_stats cur;
    uint64_t next_boundary, interval_ticks, interval_start;
    LONG sent_at_boundary;
    uint64_t intervals;
    double imean_sum, imean_sumsq;        /* over interval mean latencies */
    double run_sum_us, run_sumsq_us;      /* over every packet's latency */

    /* reporter */
    HANDLE reporter, report_event;
    CRITICAL_SECTION report_lock;
    interval_stats pending[8];
    unsigned pending_n;
    volatile LONG reporter_stop;
    wb_run_ctx *ctx;
} sockloop_state;

/* ---- the sender ---------------------------------------------------------------------------- */

static void put_u32(char *p, uint32_t v) { memcpy(p, &v, 4); }
static void put_u64(char *p, uint64_t v) { memcpy(p, &v, 8); }
static uint32_t get_u32(const char *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static uint64_t get_u64(const char *p) { uint64_t v; memcpy(&v, p, 8); return v; }

/* Packets are due at t0 + k / rate. Everything due is sent at once. Until the next one is due,
 * spin pacing sleeps when that is over 2 ms away and spins otherwise (Sleep cannot wait 100 us;
 * a 1 ms timer resolution is requested for the run): exact, at the cost of a CPU. Timer pacing
 * always sleeps: it wakes about every millisecond and sends what is due, in bursts, for little
 * CPU, which suits the one- and two-CPU VMs of the XP era. A packet sent over one period after
 * it was due counts as a late send; one the stack refused (a full buffer) counts as a send
 * error, not as sent. */
static DWORD WINAPI sender_main(void *arg)
{
    sockloop_state *st = (sockloop_state *)arg;
    const double period = (double)st->freq / (double)st->cfg.rate;
    const uint64_t spin_ticks = st->freq / 500;   /* 2 ms */
    const int size = (int)st->cfg.size;
    uint64_t k = 0;
    unsigned target = st->nsockets - 1;

    WaitForSingleObject(st->start, INFINITE);
    while (k < st->total && !st->sender_stop && !*st->ctx->stop) {
        uint64_t intended = st->t0 + (uint64_t)((double)k * period);
        uint64_t now = wb_ticks();
        const struct sockaddr_in *to;
        SOCKET via;
        if (now < intended) {
            if (st->pacing == PACING_TIMER || intended - now > spin_ticks) {
                uint64_t slept = wb_ticks();
                Sleep(1);
                st->sender_blocked += wb_ticks() - slept;   /* busy = wall - this: not tick-sampled */
            } else {
                YieldProcessor();   /* PAUSE: kinder to a hyper-threaded sibling while spinning */
            }
            continue;
        }
        if (st->cfg.peer) {
            to = &st->peer;
            via = st->sockets[0];
        } else {
            if (st->cfg.spread) target = (unsigned)(k % st->nsockets);
            to = &st->addrs[target];
            via = st->send_socket;
        }
        put_u64(st->sbuf + 8, k);
        put_u64(st->sbuf + 16, intended);
        put_u64(st->sbuf + 24, now);   /* the actual send time: this read is the sender's one */
        if (sendto(via, st->sbuf, size, 0, (const struct sockaddr *)to, sizeof *to) == SOCKET_ERROR) {
            int code = WSAGetLastError();
            if (code != WSAEWOULDBLOCK && code != WSAENOBUFS && code != WSAECONNRESET) {
                wb_error_win32(&st->sender_err, "sendto", (unsigned long)code);
                st->sender_failed = 1;
                break;
            }
            st->send_errors++;   /* the send buffer is full: the packet never left, and is counted */
        } else {
            InterlockedIncrement(&st->sent_count);
        }
        if ((double)(now - intended) > period) st->late_sends++;
        k++;
    }
    st->sender_end = wb_ticks();
    /* Read here: once a thread has ended, Wine no longer reports its times. */
    {
        wb_cpu_times cpu;
        if (wb_cpu_thread(&cpu) == 0) st->sender_cpu_s = (double)(cpu.user + cpu.kernel) * 1e-7;
    }
    InterlockedExchange(&st->sender_done, 1);
    return 0;
}

/* ---- the reporter ---------------------------------------------------------------------------- */

/* The CSV columns this module adds, listed once: the M_ index and the column name. */
#define SOCKLOOP_METRICS(X)                                                                         \
    X(M_SENT, "sent") X(M_RECEIVED, "received") X(M_LOST, "lost") X(M_DUP, "duplicated")             \
    X(M_REORDERED, "reordered") X(M_LATE_SENDS, "late_sends") X(M_SEND_ERRORS, "send_errors")         \
    X(M_FOREIGN, "foreign") X(M_SEND_RATE, "send_rate") X(M_RECV_RATE, "recv_rate")                   \
    X(M_MBIT_OUT, "mbit_out") X(M_MBIT_IN, "mbit_in") X(M_LAT_MEAN, "lat_mean_us")                    \
    X(M_LAT_SD, "lat_stddev_us") X(M_LAT_MIN, "lat_min_us") X(M_LAT_P50, "lat_p50_us")                \
    X(M_LAT_P90, "lat_p90_us") X(M_LAT_P99, "lat_p99_us") X(M_LAT_P999, "lat_p999_us")                \
    X(M_LAT_MAX, "lat_max_us") X(M_ILAT_MEAN, "ilat_mean_us") X(M_ILAT_P50, "ilat_p50_us")            \
    X(M_ILAT_P90, "ilat_p90_us") X(M_ILAT_P99, "ilat_p99_us") X(M_ILAT_P999, "ilat_p999_us")          \
    X(M_ILAT_MAX, "ilat_max_us") X(M_INTERVALS, "intervals") X(M_INTERVAL_SD, "lat_interval_sd_us")   \
    X(M_SENDER_CPU, "sender_cpu_pct") X(M_RECEIVER_CPU, "receiver_cpu_pct")                         \
    X(M_RECEIVER_BUSY, "receiver_busy_pct") X(M_SENDER_BUSY, "sender_busy_pct")                     \
    X(M_CONN_RESETS, "conn_resets") X(M_BAD, "bad_packets") X(M_JITTER, "jitter_us")                   \
    X(M_RECV_CPU_PER_PKT, "receiver_cpu_us_per_pkt") X(M_RECV_BUSY_PER_PKT, "receiver_busy_us_per_pkt")
#define METRIC_ID(id, name) id,
#define METRIC_NAME(id, name) name,
enum { SOCKLOOP_METRICS(METRIC_ID) M_COUNT };
WB_STATIC_ASSERT(M_COUNT <= WB_MAX_METRICS, sockloop_metrics_fit);
static const char *const sockloop_metric_names[] = { SOCKLOOP_METRICS(METRIC_NAME) NULL };

static double stddev_of(double n, double sum, double sumsq)
{
    double var;
    if (n < 2) return NAN;
    var = (sumsq - sum * sum / n) / (n - 1);
    return var > 0 ? sqrt(var) : 0.0;
}

/* Microseconds for people: "152.1 us", "4.735 ms", "-" (buf: 24 bytes). */
static const char *us(double microseconds, char *buf)
{
    return wb_format_duration(microseconds * 1e-6, buf, 24);
}

/* A number with one decimal, or "-" where there is none. */
static const char *dash_or(double v, char *buf, size_t cap)
{
    if (v == v) snprintf(buf, cap, "%.1f", v);
    else snprintf(buf, cap, "-");
    return buf;
}

/* pgmping's line: local time, s= packets/s, latency in us (ms when min >= 1000 us), mbit. */
static void report_interval(sockloop_state *st, const interval_stats *iv)
{
    double m[WB_MAX_METRICS];
    char line[256], stamp[32];
    SYSTEMTIME t;
    double n = (double)iv->received, avg = n ? iv->sum_us / n : NAN, sd = stddev_of(n, iv->sum_us, iv->sumsq_us);
    double mn = n ? iv->min_us : NAN, mx = n ? iv->max_us : NAN, scale = (n && mn >= 1000.0) ? 1e-3 : 1.0;
    double mbit_out = (double)iv->sent * (double)st->cfg.size * 8.0 / iv->seconds / 1e6;
    double mbit_in = (double)iv->bytes * 8.0 / iv->seconds / 1e6;
    int i;

    GetLocalTime(&t);
    snprintf(stamp, sizeof stamp, "%04u-%02u-%02u %02u:%02u:%02u", t.wYear, t.wMonth, t.wDay, t.wHour,
             t.wMinute, t.wSecond);
    if (st->cfg.reflect) avg = mn = mx = sd = NAN;   /* a reflector measures no latency */
    {   /* An interval without samples keeps the line's shape with "-" (never "nan"). */
        char a[24], lo[24], hi[24], dev[24];
        dash_or(avg * scale, a, sizeof a);
        dash_or(mn * scale, lo, sizeof lo);
        dash_or(mx * scale, hi, sizeof hi);
        dash_or(n >= 2 ? sd * scale : (n == 1 ? 0.0 : NAN), dev, sizeof dev);
        snprintf(line, sizeof line, "%s : s=%.1f avg=%s min=%s max=%s stddev=%s %s o=%.2f i=%.2f mbit", stamp,
                 n / iv->seconds, a, lo, hi, dev, scale == 1.0 ? "us" : "ms", mbit_out, mbit_in);
    }
    st->ctx->say(st->ctx, line);

    for (i = 0; i < WB_MAX_METRICS; i++) m[i] = NAN;
    m[M_SENT] = (double)iv->sent;
    m[M_RECEIVED] = n;
    m[M_SEND_RATE] = (double)iv->sent / iv->seconds;
    m[M_RECV_RATE] = n / iv->seconds;
    m[M_MBIT_OUT] = mbit_out;
    m[M_MBIT_IN] = mbit_in;
    m[M_LAT_MEAN] = avg;
    m[M_LAT_SD] = sd;
    m[M_LAT_MIN] = mn;
    m[M_LAT_MAX] = mx;
    m[M_JITTER] = st->cfg.reflect ? NAN : iv->jitter_us;
    st->ctx->row(st->ctx, "interval", iv->received, iv->seconds, m);
}

static DWORD WINAPI reporter_main(void *arg)
{
    sockloop_state *st = (sockloop_state *)arg;
    for (;;) {
        interval_stats batch[8];
        unsigned n, i;
        WaitForSingleObject(st->report_event, INFINITE);
        EnterCriticalSection(&st->report_lock);
        n = st->pending_n;
        memcpy(batch, st->pending, n * sizeof batch[0]);
        st->pending_n = 0;
        LeaveCriticalSection(&st->report_lock);
        for (i = 0; i < n; i++) report_interval(st, &batch[i]);
        if (st->reporter_stop) return 0;
    }
}

/* ---- the receiver ---------------------------------------------------------------------------- */

/* Hands the interval that ends at `end` to the reporter and starts the next one. */
static void close_interval(sockloop_state *st, uint64_t end, uint64_t now)
{
    LONG sent_now = st->sent_count;
    if (!st->cfg.reflect) st->cur.sent = (uint32_t)(sent_now - st->sent_at_boundary);   /* a reflector counts its echoes */
    st->sent_at_boundary = sent_now;
    st->cur.seconds = wb_ticks_to_s(end - st->interval_start);
    st->cur.jitter_us = wb_jitter_value(&st->jitter) * 1e6 / (double)st->freq;
    st->interval_start = end;
    if (st->cur.received) {
        double mean = st->cur.sum_us / (double)st->cur.received;
        st->imean_sum += mean;
        st->imean_sumsq += mean * mean;
        st->intervals++;
    }
    EnterCriticalSection(&st->report_lock);
    if (st->pending_n < 8) st->pending[st->pending_n++] = st->cur;
    LeaveCriticalSection(&st->report_lock);
    SetEvent(st->report_event);
    memset(&st->cur, 0, sizeof st->cur);
    st->next_boundary += st->interval_ticks;
    while (st->next_boundary <= now) st->next_boundary += st->interval_ticks;   /* a long stall */
}

/* Duplicates and reordering over the last SEEN_WINDOW sequence numbers: fixed memory however
 * long the run. Older arrivals count as reordered; whether they are duplicates is not known. */
static int note_sequence(sockloop_state *st, uint64_t seq)
{
#define SEEN(q) (st->seen[((q) % SEEN_WINDOW) / 32] & (1u << ((q) % 32)))
#define MARK(q) (st->seen[((q) % SEEN_WINDOW) / 32] |= (1u << ((q) % 32)))
#define CLEAR(q) (st->seen[((q) % SEEN_WINDOW) / 32] &= ~(1u << ((q) % 32)))
    if (!st->have_highest || seq > st->highest) {
        uint64_t q = st->have_highest ? st->highest + 1 : 0;
        if (seq - q >= SEEN_WINDOW) memset(st->seen, 0, sizeof st->seen);
        else for (; q < seq; q++) CLEAR(q);
        MARK(seq);
        st->highest = seq;
        st->have_highest = 1;
        return 1;
    }
    if (st->highest - seq >= SEEN_WINDOW) {
        st->reordered++;
        return 1;
    }
    if (SEEN(seq)) {
        st->duplicated++;
        return 0;
    }
    MARK(seq);
    st->reordered++;
    return 1;
#undef SEEN
#undef MARK
#undef CLEAR
}

static void account(sockloop_state *st, const char *p, int len, uint64_t t_recv)
{
    uint64_t seq, intended, actual;
    double lat_us;
    if (len < HEADER_SIZE || get_u32(p) != PACKET_MAGIC) {
        st->foreign++;
        return;
    }
    seq = get_u64(p + 8);
    intended = get_u64(p + 16);
    actual = get_u64(p + 24);
    st->received++;
    if (!note_sequence(st, seq)) return;
    st->unique++;
    /* The stamps are this machine's own QPC (in peer mode too: the round trip). One from the
     * future, or an intended time after the actual one, is a damaged packet (or QPC differing
     * between cores on an old machine): counted, and left out of the latencies, never zeroed. */
    if (t_recv < actual || intended > actual) {
        st->bad_packets++;
        return;
    }
    wb_jitter_add(&st->jitter, (double)actual, (double)t_recv);
    lat_us = (double)(t_recv - actual) * 1e6 / (double)st->freq;
    wb_hist_record(st->lat_actual, (uint64_t)(lat_us * 1000.0));
    wb_hist_record(st->lat_intended, (uint64_t)((double)(t_recv - intended) * 1e9 / (double)st->freq));
    if (st->cur.received == 0 || lat_us < st->cur.min_us) st->cur.min_us = lat_us;
    if (lat_us > st->cur.max_us) st->cur.max_us = lat_us;
    st->cur.received++;
    st->cur.bytes += (uint64_t)len;
    st->cur.sum_us += lat_us;
    st->cur.sumsq_us += lat_us * lat_us;
    st->run_sum_us += lat_us;
    st->run_sumsq_us += lat_us * lat_us;
    if (st->raw)   /* opt-in: a buffered write per packet, documented as disturbing the loop */
        fprintf(st->raw, "%s,%llu,%.3f,%.3f,%.3f\r\n", st->backend->name, (unsigned long long)seq,
                (double)(int64_t)(intended - st->t0) * 1e6 / (double)st->freq,
                (double)(int64_t)(actual - st->t0) * 1e6 / (double)st->freq,
                (double)(int64_t)(t_recv - st->t0) * 1e6 / (double)st->freq);
}

/* One datagram received on socket s (or a receive that failed: len = -WSA error): echoed in
 * --reflect mode, whatever its size, else accounted. */
static int take_datagram(sockloop_state *st, SOCKET s, const char *data, int len, const struct sockaddr_in *from,
                         int fromlen, uint64_t t, wb_error *err)
{
    if (len < 0) {
        /* ICMP "port unreachable" from an earlier send (a peer that went away) surfaces as
         * WSAECONNRESET on a UDP socket where SIO_UDP_CONNRESET could not be turned off; a
         * packet larger than the buffer as WSAEMSGSIZE. */
        if (-len == WSAECONNRESET) st->conn_resets++;
        else if (-len == WSAEMSGSIZE) st->foreign++;
        else {
            wb_error_win32(err, "recvfrom", (unsigned long)-len);
            return -1;
        }
        return 0;
    }
    if (st->cfg.reflect) {
        st->received++;
        st->cur.received++;
        st->cur.bytes += (uint64_t)len;
        if (sendto(s, data, len, 0, (const struct sockaddr *)from, fromlen) == SOCKET_ERROR)
            st->send_errors++;
        else
            st->cur.sent++, st->unique++;
        return 0;
    }
    account(st, data, len, t);
    return 0;
}

/* Readiness backends: reads what is waiting on one socket, at most DRAIN_LIMIT datagrams (the
 * same for every backend: a busy socket cannot starve the others; what is left is readable at
 * the next wake). */
static int drain(sockloop_state *st, SOCKET s, wb_error *err)
{
    const int cap = st->cfg.reflect ? REFLECT_BUFFER : (int)st->cfg.size + 1;
    int count;
    for (count = 0; count < DRAIN_LIMIT; count++) {
        struct sockaddr_in from;
        int fromlen = (int)sizeof from;
        int len = recvfrom(s, st->rbuf, cap, 0, (struct sockaddr *)&from, &fromlen);
        uint64_t t = wb_ticks();   /* the receiver's one QPC read per packet */
        if (len == SOCKET_ERROR) {
            int code = WSAGetLastError();
            if (code == WSAEWOULDBLOCK) return 0;
            len = -code;
        }
        if (take_datagram(st, s, st->rbuf, len, &from, fromlen, t, err) != 0) return -1;
    }
    return 0;
}

/* Completion backends hand each datagram over as it is dequeued. The time blocked in the wait
 * ends at the first one's stamp (the ones after it were already queued: busy). */
static int on_datagram(void *ctx, unsigned index, const char *data, int len, const struct sockaddr_in *from,
                       int fromlen, uint64_t t_recv, wb_error *err)
{
    sockloop_state *st = (sockloop_state *)ctx;
    if (st->wait_started) {
        st->receiver_blocked += t_recv - st->wait_started;
        st->wait_started = 0;
    }
    return take_datagram(st, st->sockets[index], data, len, from, fromlen, t_recv, err);
}

static int receive_loop(sockloop_state *st, uint64_t deadline, wb_error *err)
{
    unsigned ready[MAX_READY];
    const uint64_t grace = (uint64_t)(st->cfg.grace * (double)st->freq);
    for (;;) {
        uint64_t now = wb_ticks(), until;
        DWORD timeout_ms;
        int n, i;
        if (now >= st->next_boundary) close_interval(st, st->next_boundary, now);
        if (now >= deadline || *st->ctx->stop) break;
        if (!st->cfg.reflect && st->sender_done) {
            if (st->sender_failed) {
                *err = st->sender_err;
                return -1;
            }
            /* All there, or the grace after the last send is over: lost is lost. */
            if (st->unique >= st->total || now >= st->sender_end + grace) break;
        }
        until = st->next_boundary < deadline ? st->next_boundary : deadline;
        timeout_ms = (DWORD)((until - now) * 1000 / st->freq) + 1;
        if (timeout_ms > 50) timeout_ms = 50;   /* also notices the sender finishing */
        if (st->backend->wait_datagrams) {
            st->wait_started = wb_ticks();
            n = st->backend->wait_datagrams(st->waiter, timeout_ms, on_datagram, st, err);
            if (st->wait_started) st->receiver_blocked += wb_ticks() - st->wait_started;   /* nothing came */
            st->wait_started = 0;
            if (n < 0) return -1;
            continue;
        }
        {
            uint64_t waited = wb_ticks();
            n = st->backend->wait(st->waiter, timeout_ms, ready, MAX_READY, err);
            st->receiver_blocked += wb_ticks() - waited;   /* busy = wall - this */
        }
        if (n < 0) return -1;
        for (i = 0; i < n; i++)
            if (drain(st, st->sockets[ready[i]], err) != 0) return -1;
    }
    /* The last, shorter interval is reported too when it saw traffic and lasted at least half
     * an interval; a few milliseconds of tail would print rates made of one or two packets
     * (those are still in the run's totals). */
    {
        uint64_t now = wb_ticks();
        if ((st->cur.received || st->sent_count != st->sent_at_boundary) &&
            now - st->interval_start >= st->interval_ticks / 2)
            close_interval(st, now, now);
    }
    return 0;
}

/* ---- set-up ---------------------------------------------------------------------------------- */

static void sockloop_teardown(void *state)
{
    sockloop_state *st = (sockloop_state *)state;
    unsigned i;
    if (st == NULL) return;
    wb_timer_1ms_end(st->timer_raised);
    if (st->waiter) st->backend->destroy(st->waiter);
    for (i = 0; st->sockets && i < st->nsockets; i++)
        if (st->sockets[i] != INVALID_SOCKET) closesocket(st->sockets[i]);
    if (st->send_socket != INVALID_SOCKET) closesocket(st->send_socket);
    if (st->raw) fclose(st->raw);
    if (st->net_started) wb_net_stop();
    if (st->report_event) {
        DeleteCriticalSection(&st->report_lock);
        CloseHandle(st->report_event);
    }
    free(st->sockets), free(st->addrs), free(st->rbuf), free(st->sbuf);
    free(st->lat_actual), free(st->lat_intended);
    free(st);
}

static int sockloop_setup(const void *config, void **state, wb_error *err)
{
    sockloop_state *st = (sockloop_state *)calloc(1, sizeof *st);
    struct sockaddr_in base;
    unsigned i;
    const char *why;

    if (st == NULL) {
        wb_error_text(err, "out of memory");
        return -1;
    }
    *state = st;
    st->cfg = *(const sockloop_config *)config;
    /* The sender's Sleep(1) needs a 1 ms timer; asked for here, so that the runner's look at the
     * timer after set-up (timer_res_ms, sleep1_ms) sees what the run gets. */
    st->timer_raised = wb_timer_1ms_begin();
    st->send_socket = INVALID_SOCKET;
    /* Spin pacing wants a CPU of its own beside the receiver and the OS: three usable ones
     * (counted in the affinity mask, which --affinity may have narrowed). */
    {
        DWORD_PTR process = 0, system = 0;
        GetProcessAffinityMask(GetCurrentProcess(), &process, &system);
        for (; process; process &= process - 1) st->usable_cpus++;
    }
    st->pacing = st->cfg.pacing == PACING_AUTO ? (st->usable_cpus >= 3 ? PACING_SPIN : PACING_TIMER) : st->cfg.pacing;
    snprintf(st->pacing_fact, sizeof st->pacing_fact, "%s", st->pacing == PACING_SPIN ? "spin" : "timer");
    st->backend = backend_of(st->cfg.loop);
    st->freq = wb_clock_freq();
    st->nsockets = (unsigned)st->cfg.sockets;
    why = st->backend->unavailable();
    if (why) {
        wb_error_text(err, "--loop %s: %s", st->backend->name, why);
        goto fail;
    }
    st->sockets = (SOCKET *)malloc(st->nsockets * sizeof *st->sockets);
    st->addrs = (struct sockaddr_in *)calloc(st->nsockets, sizeof *st->addrs);
    st->rbuf = (char *)malloc(st->cfg.reflect ? REFLECT_BUFFER : (size_t)st->cfg.size + 1);
    st->sbuf = (char *)calloc(1, (size_t)st->cfg.size);
    st->lat_actual = (wb_hist *)calloc(1, sizeof *st->lat_actual);
    st->lat_intended = (wb_hist *)calloc(1, sizeof *st->lat_intended);
    if (!st->sockets || !st->addrs || !st->rbuf || !st->sbuf || !st->lat_actual || !st->lat_intended) {
        wb_error_text(err, "out of memory");
        goto fail;
    }
    for (i = 0; i < st->nsockets; i++) st->sockets[i] = INVALID_SOCKET;
    put_u32(st->sbuf, PACKET_MAGIC);
    put_u32(st->sbuf + 4, (uint32_t)st->cfg.size);
    InitializeCriticalSection(&st->report_lock);
    st->report_event = CreateEventA(NULL, FALSE, FALSE, NULL);
    if (st->report_event == NULL) {
        wb_error_win32(err, "CreateEvent", GetLastError());
        DeleteCriticalSection(&st->report_lock);
        goto fail;
    }
    if (wb_net_start(err) != 0) goto fail;
    st->net_started = 1;

    memset(&base, 0, sizeof base);
    base.sin_family = AF_INET;
    if (wb_resolve_host(st->cfg.bind, &base.sin_addr, err) != 0) goto fail;
    if (st->cfg.peer && wb_parse_host_port(st->cfg.peer, &st->peer, err) != 0) goto fail;
    {
        wb_wait_params params;
        params.capacity = st->nsockets;
        params.outstanding = (unsigned)st->cfg.outstanding;
        params.datagram_size = st->cfg.reflect ? REFLECT_BUFFER : (unsigned)st->cfg.size + 1;
        st->waiter = st->backend->create(&params, err);
    }
    if (st->waiter == NULL) goto fail;
    for (i = 0; i < st->nsockets; i++) {
        st->addrs[i] = base;
        st->addrs[i].sin_port = htons((unsigned short)(st->cfg.port ? st->cfg.port + i : 0));
        st->sockets[i] = wb_udp_socket(&st->addrs[i], SOCKET_BUFFER, err);
        if (st->sockets[i] == INVALID_SOCKET || st->backend->add(st->waiter, st->sockets[i], err) != 0) goto fail;
    }
    if (!st->cfg.peer && !st->cfg.reflect) {
        struct sockaddr_in any = base;
        any.sin_port = 0;
        st->send_socket = wb_udp_socket(&any, SOCKET_BUFFER, err);
        if (st->send_socket == INVALID_SOCKET) goto fail;
    }
    if (st->cfg.raw) {
        unsigned long code = 0;
        st->raw = wb_create_file(st->cfg.raw, 0, &code);
        if (st->raw == NULL) {
            char msg[MAX_PATH + 300];
            wb_create_file_error("raw", st->cfg.raw, code, msg, sizeof msg);
            wb_error_text(err, "%s", msg);
            goto fail;
        }
        setvbuf(st->raw, NULL, _IOFBF, 1 << 20);
        fputs("loop,seq,intended_us,actual_us,received_us\r\n", st->raw);
    }
    return 0;
fail:
    sockloop_teardown(st);
    *state = NULL;
    return -1;
}

/* ---- one run ----------------------------------------------------------------------------------- */

static void reset_run(sockloop_state *st)
{
    st->sent_count = 0;
    st->sender_done = 0;
    st->sender_stop = 0;
    st->sender_failed = 0;
    st->late_sends = st->send_errors = 0;
    st->sender_cpu_s = 0;
    st->sender_blocked = st->receiver_blocked = 0;
    st->received = st->unique = st->duplicated = st->reordered = st->foreign = st->conn_resets = 0;
    st->bad_packets = 0;
    wb_jitter_reset(&st->jitter);
    st->have_highest = 0;
    st->highest = 0;
    memset(st->seen, 0, sizeof st->seen);
    wb_hist_reset(st->lat_actual);
    wb_hist_reset(st->lat_intended);
    memset(&st->cur, 0, sizeof st->cur);
    st->sent_at_boundary = 0;
    st->intervals = 0;
    st->imean_sum = st->imean_sumsq = 0;
    st->run_sum_us = st->run_sumsq_us = 0;
    st->pending_n = 0;
    st->reporter_stop = 0;
}

static void fill_metrics(sockloop_state *st, wb_sample *s)
{
    double *m = s->metrics;
    double wall = wb_ticks_to_s(s->iv.t1 - s->iv.t0);
    double send_s = st->cfg.reflect ? wall : wb_ticks_to_s(st->sender_end - st->t0);
    double sent = st->cfg.reflect ? (double)st->unique : (double)(uint32_t)st->sent_count;
    double n = (double)st->lat_actual->count;
    double thr = (double)(s->iv.thr1.user + s->iv.thr1.kernel - s->iv.thr0.user - s->iv.thr0.kernel) * 1e-7;
    int i;
    for (i = 0; i < WB_MAX_METRICS; i++) m[i] = NAN;
    if (send_s <= 0) send_s = 1e-9;
    if (wall <= 0) wall = 1e-9;
    m[M_SENT] = sent;
    m[M_RECEIVED] = (double)st->received;
    m[M_LOST] = st->cfg.reflect ? 0 : sent - (double)st->unique;
    m[M_DUP] = (double)st->duplicated;
    m[M_REORDERED] = (double)st->reordered;
    m[M_LATE_SENDS] = (double)st->late_sends;
    m[M_SEND_ERRORS] = (double)st->send_errors;
    m[M_FOREIGN] = (double)st->foreign;
    m[M_SEND_RATE] = sent / send_s;
    m[M_RECV_RATE] = (double)st->received / send_s;   /* over the sending time: the grace is no traffic */
    m[M_MBIT_OUT] = sent * (double)st->cfg.size * 8.0 / send_s / 1e6;
    m[M_MBIT_IN] = (double)st->received * (double)st->cfg.size * 8.0 / send_s / 1e6;
    if (n > 0) {
        m[M_LAT_MEAN] = st->run_sum_us / n;
        m[M_LAT_MIN] = (double)st->lat_actual->min / 1000.0;
        m[M_LAT_P50] = (double)wb_hist_percentile(st->lat_actual, 50) / 1000.0;
        m[M_LAT_P90] = (double)wb_hist_percentile(st->lat_actual, 90) / 1000.0;
        m[M_LAT_P99] = (double)wb_hist_percentile(st->lat_actual, 99) / 1000.0;
        m[M_LAT_P999] = (double)wb_hist_percentile(st->lat_actual, 99.9) / 1000.0;
        m[M_LAT_MAX] = (double)st->lat_actual->max / 1000.0;
        m[M_ILAT_MEAN] = wb_hist_mean(st->lat_intended) / 1000.0;
        m[M_ILAT_P50] = (double)wb_hist_percentile(st->lat_intended, 50) / 1000.0;
        m[M_ILAT_P90] = (double)wb_hist_percentile(st->lat_intended, 90) / 1000.0;
        m[M_ILAT_P99] = (double)wb_hist_percentile(st->lat_intended, 99) / 1000.0;
        m[M_ILAT_P999] = (double)wb_hist_percentile(st->lat_intended, 99.9) / 1000.0;
        m[M_ILAT_MAX] = (double)st->lat_intended->max / 1000.0;
    }
    m[M_LAT_SD] = stddev_of(n, st->run_sum_us, st->run_sumsq_us);
    m[M_INTERVALS] = (double)st->intervals;
    m[M_INTERVAL_SD] = stddev_of((double)st->intervals, st->imean_sum, st->imean_sumsq);
    m[M_SENDER_CPU] = st->cfg.reflect ? NAN : 100.0 * st->sender_cpu_s / send_s;
    m[M_RECEIVER_CPU] = 100.0 * thr / wall;
    /* Busy by QPC: wall time less the time blocked in the wait (receiver) or Sleep (sender). */
    m[M_RECEIVER_BUSY] = 100.0 * (wall - wb_ticks_to_s(st->receiver_blocked)) / wall;
    m[M_SENDER_BUSY] = st->cfg.reflect ? NAN : 100.0 * (send_s - wb_ticks_to_s(st->sender_blocked)) / send_s;
    m[M_CONN_RESETS] = (double)st->conn_resets;
    /* What each packet cost the receiving thread: its CPU (as charged), and its busy time by QPC. */
    m[M_RECV_CPU_PER_PKT] = st->received ? thr * 1e6 / (double)st->received : NAN;
    m[M_RECV_BUSY_PER_PKT] = st->received ? (wall - wb_ticks_to_s(st->receiver_blocked)) * 1e6 / (double)st->received : NAN;
    m[M_BAD] = (double)st->bad_packets;
    m[M_JITTER] = st->cfg.reflect ? NAN : wb_jitter_value(&st->jitter) * 1e6 / (double)st->freq;
}

static int sockloop_run(void *state, wb_run_ctx *ctx, wb_sample *sample, wb_error *err)
{
    sockloop_state *st = (sockloop_state *)state;
    uint64_t deadline;
    int rc = 0;

    reset_run(st);
    st->ctx = ctx;
    st->total = st->cfg.reflect ? 0 : (uint64_t)(st->cfg.duration * (double)st->cfg.rate + 0.5);
    st->interval_ticks = (uint64_t)(st->cfg.interval * (double)st->freq);
    st->start = CreateEventA(NULL, TRUE, FALSE, NULL);
    st->reporter = st->start ? CreateThread(NULL, 0, reporter_main, st, 0, NULL) : NULL;
    if (!st->cfg.reflect && st->reporter)
        st->sender = CreateThread(NULL, 0, sender_main, st, 0, NULL);
    if (st->start == NULL || st->reporter == NULL || (!st->cfg.reflect && st->sender == NULL)) {
        wb_error_win32(err, "CreateThread", GetLastError());
        rc = -1;
        goto out;
    }
    wb_interval_begin(&sample->iv);
    st->t0 = sample->iv.t0;
    st->next_boundary = st->t0 + st->interval_ticks;
    st->interval_start = st->t0;
    /* Never longer than the duration plus the grace. */
    deadline = st->t0 + (uint64_t)((st->cfg.duration + st->cfg.grace) * (double)st->freq);
    SetEvent(st->start);
    rc = receive_loop(st, deadline, err);
    wb_interval_end(&sample->iv);
out:
    if (st->sender) {
        if (rc != 0) InterlockedExchange(&st->sender_stop, 1);
        SetEvent(st->start);
        WaitForSingleObject(st->sender, INFINITE);
        CloseHandle(st->sender);
        st->sender = NULL;
    }
    if (st->reporter) {
        st->reporter_stop = 1;
        SetEvent(st->report_event);
        WaitForSingleObject(st->reporter, INFINITE);
        CloseHandle(st->reporter);
        st->reporter = NULL;
    }
    if (st->start) CloseHandle(st->start);
    st->start = NULL;
    if (st->raw) fflush(st->raw);
    if (rc != 0) return -1;
    sample->ops = st->received;
    fill_metrics(st, sample);
    return 0;
}

/* ---- reporting ------------------------------------------------------------------------------- */

/* A reflector has no sender of its own (its sender columns are empty) and measures no latency. */
static int is_reflector(const double *m)
{
    return m[M_SENDER_BUSY] != m[M_SENDER_BUSY];
}

static void sockloop_print_rep(FILE *out, unsigned rep, unsigned reps, const wb_sample *s)
{
    const double *m = s->metrics;
    char a[24], b[24];
    if (is_reflector(m)) {
        fprintf(out, "  rep %u/%u: echoed %.0f packets (%.1f/s, %.2f mbit), %.0f echo errors, %.0f not winbench's "
                     "(echoed too), %.0f connection resets\n",
                rep, reps, m[M_SENT], m[M_SEND_RATE], m[M_MBIT_OUT], m[M_SEND_ERRORS], m[M_FOREIGN], m[M_CONN_RESETS]);
        fprintf(out, "    cpu: %.0f%% of one CPU (busy by QPC %.0f%%)\n", m[M_RECEIVER_CPU], m[M_RECEIVER_BUSY]);
        return;
    }
    fprintf(out, "  rep %u/%u: sent %.0f (%.1f/s, %.0f late), %.0f send errors, received %.0f, lost %.0f, "
                 "duplicated %.0f, reordered %.0f",
            rep, reps, m[M_SENT], m[M_SEND_RATE], m[M_LATE_SENDS], m[M_SEND_ERRORS], m[M_RECEIVED], m[M_LOST],
            m[M_DUP], m[M_REORDERED]);
    if (m[M_CONN_RESETS] > 0) fprintf(out, ", %.0f connection resets", m[M_CONN_RESETS]);
    if (m[M_BAD] > 0) fprintf(out, ", %.0f bad", m[M_BAD]);
    fprintf(out, "\n");
    if (m[M_LAT_MEAN] == m[M_LAT_MEAN]) {
        char p[5][24];
        fprintf(out, "    latency from actual send:   p50 %s  p90 %s  p99 %s  p99.9 %s  max %s\n",
                us(m[M_LAT_P50], p[0]), us(m[M_LAT_P90], p[1]), us(m[M_LAT_P99], p[2]), us(m[M_LAT_P999], p[3]),
                us(m[M_LAT_MAX], p[4]));
        fprintf(out, "    latency from intended send: p50 %s  p90 %s  p99 %s  p99.9 %s  max %s\n",
                us(m[M_ILAT_P50], p[0]), us(m[M_ILAT_P90], p[1]), us(m[M_ILAT_P99], p[2]), us(m[M_ILAT_P999], p[3]),
                us(m[M_ILAT_MAX], p[4]));
    } else {
        fprintf(out, "    latency: - (no packet came back)\n");
    }
    fprintf(out, "    jitter (RFC 3550): %s\n", us(m[M_JITTER], a));
    fprintf(out, "    cpu: sender %.0f%%, receiver %.0f%% of one CPU (busy by QPC: sender %s%%, receiver %.0f%%)\n",
            m[M_SENDER_CPU], m[M_RECEIVER_CPU], dash_or(m[M_SENDER_BUSY], b, sizeof b), m[M_RECEIVER_BUSY]);
}

static void sockloop_print_summary(FILE *out, const wb_run_summary *s)
{
    const double *m = s->metrics;
    char mean[24], imean[24], p99[24], jit[24];
    if (is_reflector(m)) {
        fprintf(out, "  median over %u rep%s: echoed %.0f packets, %.1f packets/s, %.2f mbit\n", s->reps,
                s->reps == 1 ? "" : "s", m[M_SENT], m[M_SEND_RATE], m[M_MBIT_OUT]);
        return;
    }
    fprintf(out, "  median over %u rep%s: %.1f packets/s received, lost %.0f, mean latency %s "
                 "(from intended send %s), p99 %s, jitter %s\n",
            s->reps, s->reps == 1 ? "" : "s", m[M_RECV_RATE], m[M_LOST], us(m[M_LAT_MEAN], mean), us(m[M_ILAT_MEAN], imean),
            us(m[M_LAT_P99], p99), us(m[M_JITTER], jit));
}

static const char *loop_name(const void *variant)
{
    return backend_of(((const sockloop_config *)variant)->loop)->name;
}

/* Each loop's mean latency, loss and cost per packet, then hyperfine's form: "wsaevents: 1.21
 * +- 0.04 times lower mean latency than wsapoll" (the uncertainty from the spread of the
 * interval means within each run). A loop that lost packets the others did not is not faster
 * for it: that is said. */
static void sockloop_compare(FILE *out, int n, const void *const *variants, const double *const *medians)
{
    int best = -1, i, lossy = 0, clean = 0;
    char a[24], b[24], c[24];
    for (i = 0; i < n; i++) {
        if (medians[i][M_LAT_MEAN] == medians[i][M_LAT_MEAN] &&
            (best < 0 || medians[i][M_LAT_MEAN] < medians[best][M_LAT_MEAN]))
            best = i;
        if (medians[i][M_LOST] > 0) lossy++;
        else clean++;
    }
    if (best < 0) return;
    fprintf(out, "comparison (mean latency from the actual send time; the receiving thread's cost per packet):\n");
    for (i = 0; i < n; i++)
        fprintf(out, "  %-12s mean %s, lost %.0f, %s CPU and %s busy per packet\n", loop_name(variants[i]),
                us(medians[i][M_LAT_MEAN], a), medians[i][M_LOST], us(medians[i][M_RECV_CPU_PER_PKT], b),
                us(medians[i][M_RECV_BUSY_PER_PKT], c));
    for (i = 0; i < n; i++) {
        double x = medians[best][M_LAT_MEAN], y = medians[i][M_LAT_MEAN];
        double sx = medians[best][M_INTERVAL_SD], sy = medians[i][M_INTERVAL_SD], ratio, rel;
        if (i == best || y != y) continue;
        ratio = y / x;
        fprintf(out, "  %s: %.2f", loop_name(variants[best]), ratio);
        if (sx == sx && sy == sy) {   /* error propagation for a ratio, as hyperfine does */
            rel = sqrt(sx * sx / (x * x) + sy * sy / (y * y));
            fprintf(out, " +- %.2f", ratio * rel);
        }
        fprintf(out, " times lower mean latency than %s%s\n", loop_name(variants[i]),
                sx == sx && sy == sy ? "" : " (spread unknown: fewer than 2 intervals)");
    }
    if (lossy && clean)
        for (i = 0; i < n; i++)
            if (medians[i][M_LOST] > 0)
                fprintf(out, "  note: %s lost %.0f packets where others lost none: its latencies are of the packets "
                             "that arrived, so it is not faster for that\n", loop_name(variants[i]), medians[i][M_LOST]);
}

/* A reflector says where it listens, so that the peer can be pointed at it (and tests can read
 * the port). */
static void sockloop_announce(void *state, char *line, size_t cap)
{
    const sockloop_state *st = (const sockloop_state *)state;
    line[0] = '\0';
    if (!st->cfg.reflect) {
        /* Heads each loop's block, so that with --loop all every interval line says whose it is
         * (pgmping's lines keep their own form). */
        snprintf(line, cap, "%s: %s pacing (%u usable CPU%s)", st->backend->name, st->pacing_fact, st->usable_cpus,
                 st->usable_cpus == 1 ? "" : "s");
        return;
    }
    if (st->cfg.reflect)
        snprintf(line, cap, "sockloop: reflecting on %s:%u for %g s", inet_ntoa(st->addrs[0].sin_addr),
                 ntohs(st->addrs[0].sin_port), st->cfg.duration);
}

static void sockloop_warnings(void *state, void (*warn)(void *into, const char *code, const char *text), void *into)
{
    const sockloop_state *st = (const sockloop_state *)state;
    char text[256];
    if (st->pacing == PACING_SPIN && st->usable_cpus < 3 && !st->cfg.reflect) {
        snprintf(text, sizeof text, "--pacing spin on %u usable CPU%s: the sender's spin, the receiver and the OS "
                 "share them, so the receiver's latencies include waiting for a CPU (--pacing timer suits this)",
                 st->usable_cpus, st->usable_cpus == 1 ? "" : "s");
        warn(into, "few_cpus", text);
    }
}

static const char *const sockloop_fact_names[] = { "mode", "receiver", "pacing_used", NULL };

static void sockloop_facts(void *state, const char **values)
{
    static char where[64];
    const sockloop_state *st = (const sockloop_state *)state;
    values[0] = st->cfg.reflect ? "reflect" : st->cfg.peer ? "peer" : "loopback";
    snprintf(where, sizeof where, "%s:%u", inet_ntoa(st->addrs[0].sin_addr), ntohs(st->addrs[0].sin_port));
    values[1] = where;
    values[2] = st->cfg.reflect ? "" : st->pacing_fact;
}

static const char *const sockloop_variant_columns[] = { "loop", "rate", "size", "sockets", "spread", "mode", "pacing_used", NULL };
static const char *const sockloop_percentile_columns[] = {
    "lat_p50_us", "lat_p90_us", "lat_p99_us", "lat_p999_us", "lat_max_us", NULL
};
static const char *const sockloop_percentile_names[] = { "p50", "p90", "p99", "p99.9", "max", NULL };
static const wb_report_spec sockloop_report = {
    .variant_columns = sockloop_variant_columns,
    .metric = "lat_mean_us",
    .unit = "mean latency (us)",
    .higher_is_better = 0,
    .better = "lower mean latency",
    .worse = "higher mean latency",
    .percentile_columns = sockloop_percentile_columns,
    .percentile_names = sockloop_percentile_names,
    .percentile_title = "latency percentiles, us from the actual send time",
    .percentile_unit = "latency (us)",
    .series_row = "interval",
    .series_metric = "lat_mean_us",
    .series_metric_title = "interval mean latency (us, from the actual send time)",
    .series_rate = "recv_rate",
    .series_rate_title = "packets/s received",
    .series_line_column = "loop",
    .loss_column = "lost",
};

const wb_module wb_sockloop_module = {
    .name = "sockloop",
    .summary = "UDP at a fixed packet rate received with select, WSAPoll or WSAWaitForMultipleEvents",
    .op_name = "packet",
    .options = sockloop_options,
    .config_size = sizeof(sockloop_config),
    .check = sockloop_check,
    .setup = sockloop_setup,
    .run = sockloop_run,
    .teardown = sockloop_teardown,
    .fact_names = sockloop_fact_names,
    .facts = sockloop_facts,
    .announce = sockloop_announce,
    .warnings = sockloop_warnings,
    .metric_names = sockloop_metric_names,
    .print_rep = sockloop_print_rep,
    .print_summary = sockloop_print_summary,
    .default_repeat = "1",
    .default_warmup = "0",
    .expand = sockloop_expand,
    .compare = sockloop_compare,
    .report = &sockloop_report,
};
