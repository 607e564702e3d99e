/* sockloop's configuration and state: the options' values, the metrics' columns, the counts and
 * intervals of a repetition, the transport's shape and the module's state that holds them all.
 * One job: what a run holds; the functions over it are in sockloop.h. Private to
 * bench/sockloop*.c. */
#ifndef SOCKLOOP_STATE_H
#define SOCKLOOP_STATE_H

#include <winsock2.h>
#include <stdint.h>
#include <stdio.h>

#include "wb_hist.h"
#include "wb_jitter.h"
#include "wb_module.h"
#include "wb_netmask.h"
#include "wb_seqwin.h"
#include "wb_wait.h"
#include "sockloop_packet.h"

/* --loop: a backend's index in the wait registry (include/wb_wait.h), or all of them. */
enum { LOOP_ALL = WB_WAIT_COUNT };
#define PACING_CHOICES(X) X(PACING_AUTO, "auto") X(PACING_SPIN, "spin") X(PACING_TIMER, "timer")
enum { PACING_CHOICES(WB_CHOICE_ID) };
#define PROTO_CHOICES(X) X(PROTO_UDP, "udp") X(PROTO_TCP, "tcp")
enum { PROTO_CHOICES(WB_CHOICE_ID) };

typedef struct sockloop_config {
    uint64_t rate, size, sockets, port, ttl;
    double duration, interval, grace;
    int loop, spread, reflect, pacing, proto, nodelay;
    const char *loop_text;        /* --loop as typed ("all", "select", "select,iocp"); a variant: its loop's name */
    unsigned loop_mask;           /* the loops it names (bit i: backend i); loop is LOOP_ALL for more than one */
    const char *bind, *peer, *raw, *group;
    char allow[WB_OPT_LIST_CAP];  /* --allow, given as often as wanted: "10.0.0.0/8;192.0.2.7" */
    int echo_any;
    wb_counts rates;              /* --rate: one, or a list whose each rate is a variant */
    uint64_t outstanding;         /* iocp's and iocpex's receives kept posted per socket */
    unsigned nrates;              /* how many the run has (variants see their own rate only) */
    int floors;                   /* --floors: the parts of a packet's cost, timed after each repetition */
    int percentile;               /* --percentile: a TAIL_CHOICES index, the tail whose parts are split */
    int tail_asked;               /* --percentile given: the console splits the tail too */
} sockloop_config;
#define ALLOW_MAX 16
/* --percentile: the tail of the latency whose packets' mean parts the row holds (tail_*). */
#define TAIL_CHOICES(X) X(TAIL_P90, "90") X(TAIL_P99, "99") X(TAIL_P999, "99.9")
enum { TAIL_CHOICES(WB_CHOICE_ID) };
/* A sender kept up with its schedule when it sent (or tried to) this share of the packets
 * scheduled; below it the run warns sender_behind and comparisons say the loads differ. */
#define SL_KEPT_UP 0.99
/* Loss over this share of what was sent warns loss_high (and a run that lost most says so). */
#define SL_LOSS_WARN 0.01

/* The latency split (bench/sockloop_latency.c): each message's latency from its intended send
 * time, intended -> received, in four parts that add up to it to the tick; each part's mean,
 * p50, p99 and max, in us. */
#define SL_LATENCY_PART_METRICS(X)                                                                                     \
    X(M_SENDER_LATE_MEAN, "sender_late_mean_us", "us") X(M_SENDER_LATE_P50, "sender_late_p50_us", "us")                \
    X(M_SENDER_LATE_P99, "sender_late_p99_us", "us") X(M_SENDER_LATE_MAX, "sender_late_max_us", "us")                  \
    X(M_UNTIL_WAKE_MEAN, "until_wake_mean_us", "us") X(M_UNTIL_WAKE_P50, "until_wake_p50_us", "us")                    \
    X(M_UNTIL_WAKE_P99, "until_wake_p99_us", "us") X(M_UNTIL_WAKE_MAX, "until_wake_max_us", "us")                      \
    X(M_BEHIND_MEAN, "behind_mean_us", "us") X(M_BEHIND_P50, "behind_p50_us", "us")                                    \
    X(M_BEHIND_P99, "behind_p99_us", "us") X(M_BEHIND_MAX, "behind_max_us", "us")                                      \
    X(M_IN_RECV_MEAN, "in_recv_mean_us", "us") X(M_IN_RECV_P50, "in_recv_p50_us", "us")                                \
    X(M_IN_RECV_P99, "in_recv_p99_us", "us") X(M_IN_RECV_MAX, "in_recv_max_us", "us")
/* The same split over the slowest packets alone (--percentile, default 99: the slowest 1%,
 * those at or above the p99 of the latency from the actual send): how many, their mean latency
 * from the actual send and the mean of each part over them (sender late beside, before it). */
#define SL_TAIL_METRICS(X)                                                                                             \
    X(M_TAIL_PACKETS, "tail_packets", NULL) X(M_TAIL_LAT_MEAN, "tail_lat_mean_us", "us")                              \
    X(M_TAIL_SENDER_LATE, "tail_sender_late_us", "us") X(M_TAIL_UNTIL_WAKE, "tail_until_wake_us", "us")                \
    X(M_TAIL_BEHIND, "tail_behind_us", "us") X(M_TAIL_IN_RECV, "tail_in_recv_us", "us")
/* The parts in that order; each has four metrics from M_SENDER_LATE_MEAN on (mean, p50, p99, max). */
enum { SL_PART_SENDER_LATE, SL_PART_UNTIL_WAKE, SL_PART_BEHIND, SL_PART_IN_RECV, SL_LATENCY_PARTS };

/* The CSV columns this module adds, listed once: the M_ index and the column name. */
#define SOCKLOOP_METRICS(X)                                                                                            \
    X(M_SENT, "sent", NULL) X(M_RECEIVED, "received", NULL) X(M_LOST, "lost", NULL) X(M_DUP, "duplicated", NULL)       \
    X(M_REORDERED, "reordered", NULL) X(M_LATE_SENDS, "late_sends", NULL) X(M_SEND_ERRORS, "send_errors", NULL)        \
    X(M_FOREIGN, "foreign", NULL) X(M_SEND_RATE, "send_rate", "1/s") X(M_RECV_RATE, "recv_rate", "1/s")                \
    X(M_MBIT_OUT, "mbit_out", "Mbit/s") X(M_MBIT_IN, "mbit_in", "Mbit/s") X(M_LAT_MEAN, "lat_mean_us", "us")           \
    X(M_LAT_SD, "lat_stddev_us", "us") X(M_LAT_MIN, "lat_min_us", "us") X(M_LAT_P50, "lat_p50_us", "us")               \
    X(M_LAT_P90, "lat_p90_us", "us") X(M_LAT_P99, "lat_p99_us", "us") X(M_LAT_P999, "lat_p999_us", "us")               \
    X(M_LAT_MAX, "lat_max_us", "us") X(M_ILAT_MEAN, "ilat_mean_us", "us") X(M_ILAT_P50, "ilat_p50_us", "us")           \
    X(M_ILAT_P90, "ilat_p90_us", "us") X(M_ILAT_P99, "ilat_p99_us", "us") X(M_ILAT_P999, "ilat_p999_us", "us")         \
    X(M_ILAT_MAX, "ilat_max_us", "us") X(M_INTERVALS, "intervals", NULL) X(M_INTERVAL_SD, "lat_interval_sd_us", "us")  \
    X(M_SENDER_CPU, "sender_cpu_pct", "%") X(M_RECEIVER_CPU, "receiver_cpu_pct", "%")                                  \
    X(M_RECEIVER_BUSY, "receiver_busy_pct", "%") X(M_SENDER_BUSY, "sender_busy_pct", "%")                              \
    X(M_CONN_RESETS, "conn_resets", NULL) X(M_BAD, "bad_packets", NULL) X(M_JITTER, "jitter_us", "us")                 \
    X(M_RECV_CPU_PER_PKT, "receiver_cpu_us_per_pkt", "us") X(M_RECV_BUSY_PER_PKT, "receiver_busy_us_per_pkt", "us")    \
    X(M_DISCONNECTS, "disconnects", NULL) X(M_REFUSED, "refused", NULL)                                                \
    X(M_OWN_US, "own_us", "us") X(M_RECV_US, "recv_us", "us") X(M_WAIT_US, "wait_us", "us")                           \
    X(M_WAIT_CPU_US, "wait_cpu_us", "us")                                                                              \
    X(M_WAKEUP_US, "wakeup_us", "us") X(M_LAT_ABOVE_WAKEUP, "lat_above_wakeup_us", "us")                              \
    X(M_FLOORS_S, "floors_s", "s")                                                                                     \
    X(M_NOTIFY_LOST, "notifications_lost", NULL) X(M_UNSENT, "unsent", NULL)                                           \
    X(M_WAIT_PM_US, "wait_pm_us", "us")   /* 0.6's, after 0.5's */                                    \
    SL_LATENCY_PART_METRICS(X)   /* 0.6's latency split, after them (bench/sockloop_latency.c) */             \
    SL_TAIL_METRICS(X)
enum { SOCKLOOP_METRICS(WB_METRIC_ID) M_COUNT };
WB_STATIC_ASSERT(M_COUNT <= WB_MAX_METRICS, sockloop_metrics_fit);
WB_STATIC_ASSERT(M_IN_RECV_MAX == M_SENDER_LATE_MEAN + 4 * SL_LATENCY_PARTS - 1, sockloop_latency_parts_by_four);
WB_STATIC_ASSERT(M_TAIL_IN_RECV == M_TAIL_SENDER_LATE + SL_LATENCY_PARTS - 1, sockloop_tail_parts_in_order);
extern const char *const sockloop_metric_names[];
extern const char *const sockloop_metric_units[];   /* each metric's, in the same order */

/* One report interval's traffic, as the reporter prints and writes it. */
typedef struct interval_stats {
    uint64_t received, bytes, sent;
    double sum_us, sumsq_us, min_us, max_us;
    double seconds;
    double jitter_us;             /* the run's RFC 3550 estimate at the interval's end */
} interval_stats;

/* The slowest packets so far, by their latency from the actual send, with their parts: a heap
 * whose least is at the root, so that a packet faster than every kept one costs one compare.
 * Sized at set-up for the tail of every packet the run can send; a tail larger than
 * SL_TAIL_MOST packets is not split (its columns stay empty, docs/csv.md). */
#define SL_TAIL_MOST ((size_t)1 << 20)
typedef struct sl_slow {
    uint64_t lat_ns;
    uint64_t part_ns[SL_LATENCY_PARTS];
} sl_slow;
typedef struct sl_tail {
    sl_slow *heap;
    size_t cap, n;
} sl_tail;

/* ---- the state, in the parts a repetition resets whole ---------------------------------------- */

/* Shared by the receiver and the sender thread. */
typedef struct sl_sender {
    volatile LONG sent_count;     /* messages sent so far (wraps after 2^32: only deltas are used) */
    volatile LONG done;
    volatile LONG disconnects;    /* TCP: connections found gone, by either thread (a reflector: clients that left) */
    volatile LONG stop;           /* the receiver failed: stop sending now */
    uint64_t end, total, late_sends, send_errors;
    uint64_t blocked;             /* QPC ticks the sender spent in Sleep: not busy */
    double cpu_s;
    wb_error err;
    int failed;
} sl_sender;

/* The receiver's counts over one repetition. */
typedef struct sl_counters {
    uint64_t received, unique, foreign, conn_resets, bad_packets;
    uint64_t bytes, bytes_echoed; /* of the messages taken (and, reflecting, of those echoed) */
    uint64_t stream_dup, stream_reordered;
    uint64_t refused;             /* a reflector's: from outside --allow, never echoed */
    uint64_t recovered_before;    /* the waiter's lost notifications when the repetition began */
    unsigned failed_before;       /* the waiter's failed single waits when the repetition began */
    uint64_t blocked;             /* QPC ticks spent waiting, before the first event of each wake */
    uint64_t wait_started;        /* QPC at the current wait's start; 0 once an event came */
    uint64_t wake_at;             /* QPC when the current wake's first event came: the wait returned */
    uint64_t recv_begin;          /* QPC before the read that took the message being accounted */
    double sum_us, sumsq_us;      /* over every message's latency */
    wb_jitter jitter;             /* RFC 3550, over the run's messages in arrival order */
    wb_seqwin seq;                /* duplicates and reordering */
} sl_counters;

/* The open interval, and what the closed ones add up to. */
typedef struct sl_interval {
    interval_stats cur;
    uint64_t next_boundary, start;
    LONG sent_at_boundary;
    uint64_t count;
    double mean_sum, mean_sumsq;  /* over interval mean latencies */
} sl_interval;

/* Closed intervals on their way to the reporter thread, which prints and writes them. */
typedef struct sl_reporter_queue {
    interval_stats pending[PENDING_MAX];
    unsigned n;
    volatile LONG stop;
} sl_reporter_queue;

typedef struct sockloop_state sockloop_state;

/* What the receive loop needs from a kind of socket. */
typedef struct sl_transport {
    const char *name;             /* "udp", "tcp" */
    int stream;                   /* 1: messages are cut out of a byte stream, in order per connection */
    /* 1: its sockets come and go while it runs (the TCP reflector's connections): the waiter is
     * made to hold what the backend can, and the backend must have `watch`. */
    int grows;
    /* The receiving sockets (st->sockets, bound to base, each added to the waiter; st->addrs get
     * the bound addresses) and what the sender sends through. */
    int (*open)(sockloop_state *st, const struct sockaddr_in *base, wb_error *err);
    /* One message from the sender thread to receiving socket `target` (loopback) or the peer:
     * 0 sent; 1 not sent, the stack had no room (a send error, counted); 2 not sent, the
     * connection is gone (sl_fault said so: the sender stops); -1 failed (err set). */
    int (*send)(sockloop_state *st, unsigned target, const char *msg, int len, wb_error *err);
    /* Readiness: read what socket `index` has waiting, at most DRAIN_LIMIT messages. Returns
     * the reads that found something (0: nothing was there), or -1 failed (err set). */
    int (*readable)(sockloop_state *st, unsigned index, wb_error *err);
    /* Readiness (optional, with `grows`): socket `index`, watched for WB_WAIT_WRITE, has room to send. */
    int (*writable)(sockloop_state *st, unsigned index, wb_error *err);
    /* Completion: a receive finished on socket `index` (len < 0: -WSA error). */
    int (*received)(sockloop_state *st, unsigned index, const char *data, int len, const struct sockaddr_in *from,
                    int fromlen, uint64_t t_recv, wb_error *err);
    /* --reflect: the message back to where it came from, on the socket it came in on: 0 sent,
     * 1 not (counted as an echo error). */
    int (*echo)(sockloop_state *st, unsigned index, const char *data, int len, const struct sockaddr_in *from,
                int fromlen);
    void (*close)(sockloop_state *st);
    /* Optional: a repetition starts (TCP: sequence numbers start again on every connection). */
    void (*rep_start)(sockloop_state *st);
} sl_transport;
extern const sl_transport sl_udp, sl_tcp, sl_tcp_reflect;

struct sockloop_state {
    sockloop_config cfg;
    const sl_transport *transport;
    const wb_wait_backend *backend;
    wb_waiter *waiter;
    SOCKET *sockets;              /* the receiver's; in --peer mode socket 0 also sends */
    struct sockaddr_in *addrs;    /* where each is bound */
    SOCKET send_socket;           /* loopback mode: the sender's own */
    struct sockaddr_in peer;
    struct sockaddr_in group;     /* --group: where the loopback sender sends (a multicast address) */
    unsigned nsockets;
    char *rbuf, *sbuf;
    FILE *raw;
    int net_started;
    uint64_t freq;
    int timer_raised;             /* a 1 ms timer period is in effect (set-up to tear-down) */
    int pacing;                   /* PACING_SPIN or PACING_TIMER, as decided at set-up */
    unsigned usable_cpus;         /* in the process's affinity mask */
    char pacing_fact[8];
    char loop_fact[160];          /* the waiter's describe(), "" for a backend without one */
    char receiver_fact[32];       /* "127.0.0.1:5555": the receiver column */
    uint64_t interval_ticks;
    wb_hist *lat_actual, *lat_intended;   /* ns */
    wb_hist *lat_parts;           /* SL_LATENCY_PARTS of them, ns: the latency split's */
    sl_tail *tail;                /* the same split by the packet's latency, for the slowest ones */
    uint64_t test_behind_ticks;   /* WINBENCH_TEST_RECV_BEHIND_US */
    void *conn;                   /* the transport's own state (TCP: its connections) */
    wb_netmask allow[ALLOW_MAX];  /* a reflector echoes to these only (none: to anyone) */
    int nallow;
    /* A connection lost (TCP): the first such sentence, kept for the repetition's failure; the
     * receive loop ends, the sender stops, and the connections are not used again. */
    volatile LONG fault_set;
    char fault[600];

    /* per repetition */
    uint64_t t0;                  /* start of the send schedule */
    uint64_t cycles0, cycles1;    /* the receiver's QueryThreadCycleTime around its loop (Vista on) */
    int have_cycles;
    HANDLE sender_thread, start;
    sl_sender tx;
    sl_counters rx;
    sl_interval iv;
    sl_reporter_queue queue;
    HANDLE reporter_thread, report_event;
    CRITICAL_SECTION report_lock;
    wb_run_ctx *ctx;
    uint64_t test_spin_ticks;     /* WINBENCH_TEST_SPIN_PER_PACKET_US: busy this long in every message's accounting */
    uint64_t test_late_ticks, test_late_every;   /* WINBENCH_TEST_SENDER_LATE_US */
};

#endif
