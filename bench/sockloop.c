/* sockloop: the ways a Windows program waits for sockets (select, WSAPoll,
 * WSAWaitForMultipleEvents, WSAAsyncSelect, I/O completion ports with GetQueuedCompletionStatus
 * and GetQueuedCompletionStatusEx, AFD poll: every backend of include/wb_wait.h) receiving UDP
 * datagrams or TCP streams (--proto tcp: ZeroMQ's transport) at a fixed message rate, reported every interval in
 * pgmping's form (sockloop_report.c):
 *     2010-10-30 11:53:24 : s=10004.2 avg=2301.5 min=179.0 max=15400.0 stddev=2186.3 us o=84.84 i=84.84 mbit
 *
 * Threads: a sender paced on a QPC schedule t_k = t0 + k / rate (each message carries its
 * sequence number, intended and actual send times in QPC ticks); the receiver (the thread the
 * runner times) waits with the chosen backend and stamps each message as it is read; a reporter
 * prints the interval lines and writes the interval rows, so the receive loop itself never
 * prints. Two QPC reads per message: the sender's and the receiver's.
 *
 * Latency is reported twice: from the actual send time (what pgmping reports) and from the
 * intended send time (free of coordinated omission: a sender that fell behind does not hide
 * the wait). Modes: loopback (default), --reflect (echo what arrives), --peer HOST:PORT (send
 * to a reflector, measure round trips on this machine's clock).
 *
 * This file holds the mechanics; the socket kind is behind sl_transport: sockloop_udp.c,
 * sockloop_tcp.c (loopback and peer connections), sockloop_tcp_reflect.c (the TCP reflector).
 * What a message that arrived means (sl_take, and sl_fault for a lost connection) is
 * sockloop_account.c's, which the transports call: they never call back into this file. */
#include "sockloop.h"
#include "wb_warning_codes.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "wb_files.h"
#include "wb_net.h"
#include "wb_process.h"
#include "wb_test_hooks.h"
#include "wb_timer.h"
#include "wb_console.h"

/* ---- the sender ---------------------------------------------------------------------------- */


/* Messages are due at t0 + k / rate. Everything due is sent at once. Until the next one is due,
 * spin pacing sleeps when that is over 2 ms away and spins otherwise (Sleep cannot wait 100 us;
 * a 1 ms timer resolution is requested for the run): exact, at the cost of a CPU. Timer pacing
 * always sleeps: it wakes about every millisecond and sends what is due, in bursts, for little
 * CPU, which suits the one- and two-CPU VMs of the XP era. A message sent over one period after
 * it was due counts as a late send; one the stack refused (a full buffer) counts as a send
 * error, not as sent. */
static DWORD WINAPI sender_main(void *arg)
{
    sockloop_state *st = (sockloop_state *)arg;
    sl_sender *tx = &st->tx;
    const double period = (double)st->freq / (double)st->cfg.rate;
    const uint64_t spin_ticks = st->freq / 500;   /* 2 ms */
    const int size = (int)st->cfg.size;
    uint64_t k = 0;
    unsigned target = st->nsockets - 1;

    WaitForSingleObject(st->start, INFINITE);
    while (k < tx->total && !tx->stop && !*st->ctx->stop) {
        uint64_t intended = st->t0 + (uint64_t)((double)k * period);
        uint64_t now = wb_ticks();
        int sent;
        if (now < intended) {
            if (st->pacing == PACING_TIMER || intended - now > spin_ticks) {
                uint64_t slept = wb_ticks();
                Sleep(1);
                tx->blocked += wb_ticks() - slept;   /* busy = wall - this: not tick-sampled */
            } else {
                YieldProcessor();   /* PAUSE: kinder to a hyper-threaded sibling while spinning */
            }
            continue;
        }
        if (st->test_late_ticks && k % st->test_late_every == 0) {   /* a test hook: see wb_test_hooks.h */
            const uint64_t until = intended + st->test_late_ticks;   /* late by that much, not more */
            while ((now = wb_ticks()) < until) continue;
        }
        if (st->cfg.spread) target = (unsigned)(k % st->nsockets);
        put_u64(st->sbuf + 8, k);
        put_u64(st->sbuf + 16, intended);
        put_u64(st->sbuf + 24, now);   /* the actual send time: this read is the sender's one */
        sent = st->transport->send(st, target, st->sbuf, size, &tx->err);
        if (sent < 0) {
            tx->failed = 1;
            break;
        }
        if (sent == 2) break;   /* a connection is gone: the receiver reports it */
        if (sent == 0) InterlockedIncrement(&tx->sent_count);
        else tx->send_errors++;   /* the stack had no room: the message never left, and is counted */
        if ((double)(now - intended) > period) tx->late_sends++;
        k++;
    }
    tx->end = wb_ticks();
    /* Read here: once a thread has ended, Wine no longer reports its times. */
    {
        wb_cpu_times cpu;
        if (wb_cpu_thread(&cpu) == 0) tx->cpu_s = (double)(cpu.user + cpu.kernel) * 1e-7;
    }
    InterlockedExchange(&tx->done, 1);
    return 0;
}

/* ---- the reporter ---------------------------------------------------------------------------- */

static DWORD WINAPI reporter_main(void *arg)
{
    sockloop_state *st = (sockloop_state *)arg;
    for (;;) {
        interval_stats batch[PENDING_MAX];
        unsigned n, i;
        WaitForSingleObject(st->report_event, INFINITE);
        EnterCriticalSection(&st->report_lock);
        n = st->queue.n;
        memcpy(batch, st->queue.pending, n * sizeof batch[0]);
        st->queue.n = 0;
        LeaveCriticalSection(&st->report_lock);
        for (i = 0; i < n; i++) sl_report_interval(st, &batch[i]);
        if (st->queue.stop) return 0;
    }
}

/* ---- the receiver ---------------------------------------------------------------------------- */

/* Hands the interval that ends at `end` to the reporter and starts the next one. */
static void close_interval(sockloop_state *st, uint64_t end, uint64_t now)
{
    sl_interval *iv = &st->iv;
    LONG sent_now = st->tx.sent_count;
    if (!st->cfg.reflect) iv->cur.sent = (uint32_t)(sent_now - iv->sent_at_boundary);   /* a reflector counts its echoes */
    iv->sent_at_boundary = sent_now;
    iv->cur.seconds = wb_ticks_to_s(end - iv->start);
    iv->cur.jitter_us = wb_jitter_value(&st->rx.jitter) * 1e6 / (double)st->freq;
    iv->start = end;
    if (iv->cur.received) {
        double mean = iv->cur.sum_us / (double)iv->cur.received;
        iv->mean_sum += mean;
        iv->mean_sumsq += mean * mean;
        iv->count++;
    }
    EnterCriticalSection(&st->report_lock);
    if (st->queue.n < PENDING_MAX) st->queue.pending[st->queue.n++] = iv->cur;
    LeaveCriticalSection(&st->report_lock);
    SetEvent(st->report_event);
    memset(&iv->cur, 0, sizeof iv->cur);
    iv->next_boundary += st->interval_ticks;
    while (iv->next_boundary <= now) iv->next_boundary += st->interval_ticks;   /* a long stall */
}

/* The first event of a wake ends the time the receiver was blocked in the wait; the ones after
 * it were there already (busy). */
static void woke(sockloop_state *st)
{
    if (st->rx.wait_started) {
        st->rx.wake_at = wb_ticks();   /* the wait returned: the latency split's stamp too */
        st->rx.blocked += st->rx.wake_at - st->rx.wait_started;
        st->rx.wait_started = 0;
    }
}

static int on_readable(void *ctx, unsigned index, wb_error *err)
{
    sockloop_state *st = (sockloop_state *)ctx;
    woke(st);
    return st->transport->readable(st, index, err);
}

static int on_writable(void *ctx, unsigned index, wb_error *err)
{
    sockloop_state *st = (sockloop_state *)ctx;
    woke(st);
    return st->transport->writable(st, index, err);
}

static int on_received(void *ctx, unsigned index, const char *data, int len, const struct sockaddr_in *from,
                       int fromlen, uint64_t t_recv, wb_error *err)
{
    sockloop_state *st = (sockloop_state *)ctx;
    if (st->rx.wait_started) {   /* stamped at the dequeue: that is when the wait ended */
        st->rx.blocked += t_recv - st->rx.wait_started;
        st->rx.wait_started = 0;
        st->rx.wake_at = t_recv;
    }
    st->rx.recv_begin = t_recv;   /* the receive finished in the kernel, before the wait returned */
    return st->transport->received(st, index, data, len, from, fromlen, t_recv, err);
}

static int receive_loop(sockloop_state *st, uint64_t deadline, wb_error *err)
{
    const uint64_t grace = (uint64_t)(st->cfg.grace * (double)st->freq);
    wb_wait_handler handler;
    handler.ctx = st;
    handler.readable = on_readable;
    handler.writable = st->transport->writable ? on_writable : NULL;
    handler.received = on_received;
    for (;;) {
        uint64_t now = wb_ticks(), until;
        DWORD timeout_ms;
        int n;
        if (now >= st->iv.next_boundary) close_interval(st, st->iv.next_boundary, now);
        if (now >= deadline || *st->ctx->stop || st->fault_set) break;
        if (!st->cfg.reflect && st->tx.done) {
            if (st->tx.failed) {
                *err = st->tx.err;
                return -1;
            }
            /* All there, or the grace after the last send is over: lost is lost. */
            if (st->rx.unique >= st->tx.total || now >= st->tx.end + grace) break;
        }
        until = st->iv.next_boundary < deadline ? st->iv.next_boundary : deadline;
        timeout_ms = (DWORD)((until - now) * 1000 / st->freq) + 1;
        if (timeout_ms > 50) timeout_ms = 50;   /* also notices the sender finishing */
        st->rx.wait_started = wb_ticks();
        n = st->backend->wait(st->waiter, timeout_ms, &handler, err);
        woke(st);   /* nothing came: the whole wait was blocked */
        if (n < 0) return -1;
    }
    /* The last, shorter interval is reported too when it saw traffic and lasted at least half
     * an interval; a few milliseconds of tail would print rates made of one or two messages
     * (those are still in the run's totals). */
    {
        uint64_t now = wb_ticks();
        if ((st->iv.cur.received || st->tx.sent_count != st->iv.sent_at_boundary) &&
            now - st->iv.start >= st->interval_ticks / 2)
            close_interval(st, now, now);
    }
    return 0;
}

/* ---- set-up ---------------------------------------------------------------------------------- */

static void sockloop_teardown(void *state)
{
    sockloop_state *st = (sockloop_state *)state;
    if (st == NULL) return;
    wb_timer_1ms_end(st->timer_raised);
    if (st->waiter) st->backend->destroy(st->waiter);
    st->transport->close(st);
    if (st->raw) fclose(st->raw);
    if (st->net_started) wb_net_stop();
    if (st->report_event) {
        DeleteCriticalSection(&st->report_lock);
        CloseHandle(st->report_event);
    }
    free(st->sockets), free(st->addrs), free(st->rbuf), free(st->sbuf);
    free(st->lat_actual), free(st->lat_intended), free(st->lat_parts);
    sl_tail_close(st->tail);
    free(st);
}

/* The sockets' table, the buffers (the send buffer's header written once) and the histograms. */
static int setup_buffers(sockloop_state *st, wb_error *err)
{
    unsigned i;
    st->sockets = (SOCKET *)malloc(st->nsockets * sizeof *st->sockets);
    st->addrs = (struct sockaddr_in *)calloc(st->nsockets, sizeof *st->addrs);
    st->rbuf = (char *)malloc(st->transport->stream ? STREAM_CHUNK : st->cfg.reflect ? REFLECT_BUFFER : (size_t)st->cfg.size + 1);
    st->sbuf = (char *)calloc(1, (size_t)st->cfg.size);
    st->lat_actual = (wb_hist *)calloc(1, sizeof *st->lat_actual);
    st->lat_intended = (wb_hist *)calloc(1, sizeof *st->lat_intended);
    st->lat_parts = (wb_hist *)calloc(SL_LATENCY_PARTS, sizeof *st->lat_parts);
    st->tail = sl_tail_open(&st->cfg, SL_TAIL_MOST);
    if (!st->sockets || !st->addrs || !st->rbuf || !st->sbuf || !st->lat_actual || !st->lat_intended || !st->lat_parts
        || !st->tail) {
        wb_error_text(err, "out of memory");
        return -1;
    }
    for (i = 0; i < st->nsockets; i++) st->sockets[i] = INVALID_SOCKET;
    put_u32(st->sbuf, PACKET_MAGIC);
    put_u32(st->sbuf + 4, (uint32_t)st->cfg.size);
    return 0;
}

/* What the receiver hands the reporter thread its intervals through. */
static int setup_reporter(sockloop_state *st, wb_error *err)
{
    InitializeCriticalSection(&st->report_lock);
    st->report_event = CreateEventA(NULL, FALSE, FALSE, NULL);
    if (st->report_event == NULL) {
        wb_error_win32(err, "CreateEvent", GetLastError());
        DeleteCriticalSection(&st->report_lock);
        return -1;
    }
    return 0;
}

/* Winsock, and the addresses: --allow's networks, --bind (base), --peer and --group. */
static int setup_addresses(sockloop_state *st, struct sockaddr_in *base, wb_error *err)
{
    if (wb_net_start(err) != 0) return -1;
    st->net_started = 1;
    {
        char why[200];
        st->nallow = wb_netmask_parse_list(st->cfg.allow, st->allow, ALLOW_MAX, why, sizeof why);
        if (st->nallow < 0) {   /* checked already: never */
            wb_error_text(err, "--allow: %s", why);
            return -1;
        }
    }

    memset(base, 0, sizeof *base);
    base->sin_family = AF_INET;
    if (wb_resolve_host(st->cfg.bind, &base->sin_addr, err) != 0) return -1;
    if (st->cfg.peer && wb_parse_host_port(st->cfg.peer, &st->peer, err) != 0) return -1;
    if (st->cfg.group) {
        st->group.sin_family = AF_INET;
        st->group.sin_addr.s_addr = inet_addr(st->cfg.group);   /* checked: a dotted multicast address */
    }
    return 0;
}

/* The backend's waiter: for the receiving sockets, or (a transport that grows: the TCP
 * reflector) for as many as the backend holds. */
static int setup_waiter(sockloop_state *st, wb_error *err)
{
    wb_wait_params params;
    params.capacity = !st->transport->grows ? st->nsockets : st->backend->max_sockets ? st->backend->max_sockets : 1024;
    params.outstanding = (unsigned)st->cfg.outstanding;
    /* A stream's receives need not hold a message (they are reassembled): a 4 KB chunk at
     * least, so that 1000 connections x 4 posted receives stay in memory. */
    params.datagram_size = st->transport->stream ? (st->cfg.size < 4096 ? 4096 : (unsigned)st->cfg.size)
                           : st->cfg.reflect ? REFLECT_BUFFER : (unsigned)st->cfg.size + 1;
    st->waiter = st->backend->create(&params, err);
    return st->waiter == NULL ? -1 : 0;
}

/* --raw: created by the run's first set-up, added to by the later ones (--loop all, rate lists,
 * each repetition of an interleaved run). sockloop_check refused a file that was there before
 * the run, so one that is there now is this run's own. */
static int open_raw(sockloop_state *st, wb_error *err)
{
    if (st->cfg.raw && GetFileAttributesA(st->cfg.raw) != INVALID_FILE_ATTRIBUTES) {
        /* each line names its loop */
        st->raw = fopen(st->cfg.raw, "ab");
        if (st->raw == NULL) {
            wb_error_text(err, "--raw: %s could not be opened again for the next set-up", st->cfg.raw);
            return -1;
        }
        setvbuf(st->raw, NULL, _IOFBF, 1 << 20);
    } else if (st->cfg.raw) {
        unsigned long code = 0;
        st->raw = wb_create_file(st->cfg.raw, 0, &code);
        if (st->raw == NULL) {
            char msg[MAX_PATH + 300];
            wb_create_file_error("raw", st->cfg.raw, code, msg, sizeof msg);
            wb_error_text(err, "%s", msg);
            return -1;
        }
        setvbuf(st->raw, NULL, _IOFBF, 1 << 20);
        wb_fputs(sl_latency_raw_header, st->raw);
    }
    return 0;
}

static int sockloop_setup(const void *config, void **state, wb_error *err)
{
    sockloop_state *st = (sockloop_state *)calloc(1, sizeof *st);
    struct sockaddr_in base;
    const char *why;

    if (st == NULL) {
        wb_error_text(err, "out of memory");
        return -1;
    }
    *state = st;
    st->cfg = *(const sockloop_config *)config;
    st->transport = st->cfg.proto == PROTO_TCP ? (st->cfg.reflect ? &sl_tcp_reflect : &sl_tcp) : &sl_udp;
    /* The sender's Sleep(1) needs a 1 ms timer; asked for here, so that the runner's look at the
     * timer after set-up (timer_res_ms, sleep1_ms) sees what the run gets. */
    st->timer_raised = wb_timer_1ms_begin();
    st->send_socket = INVALID_SOCKET;
    /* Spin pacing wants a CPU of its own beside the receiver and the OS: three usable ones
     * (counted in the affinity mask, which --affinity may have narrowed). */
    st->usable_cpus = wb_usable_cpus(NULL);
    st->pacing = st->cfg.pacing == PACING_AUTO ? (st->usable_cpus >= 3 ? PACING_SPIN : PACING_TIMER) : st->cfg.pacing;
    snprintf(st->pacing_fact, sizeof st->pacing_fact, "%s", st->pacing == PACING_SPIN ? "spin" : "timer");
    st->backend = sl_backend_of(st->cfg.loop);
    st->freq = wb_clock_freq();
    st->test_spin_ticks = (uint64_t)(wb_test_hook_number(WB_HOOK_SPIN_PER_PACKET_US) * (double)st->freq / 1e6);
    st->test_behind_ticks = (uint64_t)(wb_test_hook_number(WB_HOOK_RECV_BEHIND_US) * (double)st->freq / 1e6);
    {   /* ",RATE": only in the --rate RATE variant (a run's other rates are its unplanted twin) */
        const char *only = strchr(wb_test_hook_text(WB_HOOK_RECV_BEHIND_US), ',');
        if (only && strtoull(only + 1, NULL, 10) != st->cfg.rate) st->test_behind_ticks = 0;
    }
    st->test_late_ticks = (uint64_t)(wb_test_hook_number(WB_HOOK_SENDER_LATE_US) * (double)st->freq / 1e6);
    {
        const char *every = strchr(wb_test_hook_text(WB_HOOK_SENDER_LATE_US), ',');
        st->test_late_every = every && strtoul(every + 1, NULL, 10) > 0 ? strtoul(every + 1, NULL, 10) : 4;
    }
    st->nsockets = (unsigned)st->cfg.sockets;
    why = st->backend->unavailable();
    if (why) {
        wb_error_text(err, "--loop %s: %s", st->backend->name, why);
        goto fail;
    }
    if (setup_buffers(st, err) != 0 || setup_reporter(st, err) != 0 || setup_addresses(st, &base, err) != 0 ||
        setup_waiter(st, err) != 0)
        goto fail;
    if (st->transport->open(st, &base, err) != 0) goto fail;
    if (open_raw(st, err) != 0) goto fail;
    /* the sockets are in: what the waiter is made of (afd: its handles, its cancelling cost) */
    if (st->backend->describe) st->backend->describe(st->waiter, st->loop_fact, sizeof st->loop_fact);
    return 0;
fail:
    sockloop_teardown(st);
    *state = NULL;
    return -1;
}

/* ---- one run ----------------------------------------------------------------------------------- */

/* A repetition starts from whole structs: nothing measured before it leaks in. */
static void reset_run(sockloop_state *st)
{
    memset(&st->tx, 0, sizeof st->tx);
    memset(&st->rx, 0, sizeof st->rx);
    wb_jitter_reset(&st->rx.jitter);
    wb_seqwin_reset(&st->rx.seq);
    memset(&st->iv, 0, sizeof st->iv);
    memset(&st->queue, 0, sizeof st->queue);
    wb_hist_reset(st->lat_actual);
    wb_hist_reset(st->lat_intended);
    sl_latency_reset(st);
    if (st->backend->recovered) st->rx.recovered_before = st->backend->recovered(st->waiter);
    if (st->backend->failed) {
        char ignored[8];
        st->rx.failed_before = st->backend->failed(st->waiter, ignored, sizeof ignored);
    }
    if (st->transport->rep_start) st->transport->rep_start(st);
}

static void fill_metrics(sockloop_state *st, wb_sample *s)
{
    const sl_sender *tx = &st->tx;
    const sl_counters *rx = &st->rx;
    double *m = s->metrics;
    double wall = wb_ticks_to_s(s->iv.t1 - s->iv.t0);
    double send_s = st->cfg.reflect ? wall : wb_ticks_to_s(tx->end - st->t0);
    double sent = st->cfg.reflect ? (double)rx->unique : (double)(uint32_t)tx->sent_count;
    double n = (double)st->lat_actual->count;
    double thr = (double)(s->iv.thr1.user + s->iv.thr1.kernel - s->iv.thr0.user - s->iv.thr0.kernel) * 1e-7;
    int i;
    for (i = 0; i < WB_MAX_METRICS; i++) m[i] = NAN;
    if (send_s <= 0) send_s = 1e-9;
    if (wall <= 0) wall = 1e-9;
    m[M_SENT] = sent;
    m[M_RECEIVED] = (double)rx->received;
    m[M_LOST] = st->cfg.reflect ? 0 : sent - (double)rx->unique;
    m[M_DUP] = (double)(st->transport->stream ? rx->stream_dup : rx->seq.duplicated);
    m[M_REORDERED] = (double)(st->transport->stream ? rx->stream_reordered : rx->seq.reordered);
    m[M_LATE_SENDS] = (double)tx->late_sends;
    m[M_SEND_ERRORS] = (double)tx->send_errors;
    /* Scheduled but never sent: the sender was behind its schedule when the run ended (a loop
     * that starves it, a CPU too few). Counted, or sent + send_errors would pass for the load. */
    m[M_UNSENT] = st->cfg.reflect ? NAN : (double)tx->total - sent - (double)tx->send_errors;
    if (m[M_UNSENT] < 0) m[M_UNSENT] = 0;
    m[M_FOREIGN] = (double)rx->foreign;
    m[M_SEND_RATE] = sent / send_s;
    m[M_RECV_RATE] = (double)rx->received / send_s;   /* over the sending time: the grace is no traffic */
    s->ops_seconds = send_s;                          /* and so ops_per_s, the same rate */
    /* A reflector's messages are whatever size its peers sent: counted in bytes. */
    m[M_MBIT_OUT] = (st->cfg.reflect ? (double)rx->bytes_echoed : sent * (double)st->cfg.size) * 8.0 / send_s / 1e6;
    m[M_MBIT_IN] = (st->cfg.reflect ? (double)rx->bytes : (double)rx->received * (double)st->cfg.size) * 8.0 / send_s / 1e6;
    if (n > 0) {
        /* the histogram's own mean (its ns summed), so that the summary's, the histograms pooled,
         * is the repetitions' means weighted by their counts to the last digit (a report's too) */
        m[M_LAT_MEAN] = wb_hist_mean(st->lat_actual) / 1000.0;
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
        sl_latency_metrics(st, m);
    }
    m[M_LAT_SD] = sl_stddev(n, rx->sum_us, rx->sumsq_us);
    m[M_INTERVALS] = (double)st->iv.count;
    m[M_INTERVAL_SD] = sl_stddev((double)st->iv.count, st->iv.mean_sum, st->iv.mean_sumsq);
    m[M_SENDER_CPU] = st->cfg.reflect ? NAN : 100.0 * tx->cpu_s / send_s;
    m[M_RECEIVER_CPU] = 100.0 * thr / wall;
    /* Busy by QPC: wall time less the time blocked in the wait (receiver) or Sleep (sender). */
    m[M_RECEIVER_BUSY] = 100.0 * (wall - wb_ticks_to_s(rx->blocked)) / wall;
    m[M_SENDER_BUSY] = st->cfg.reflect ? NAN : 100.0 * (send_s - wb_ticks_to_s(tx->blocked)) / send_s;
    m[M_CONN_RESETS] = (double)rx->conn_resets;
    /* What each message cost the receiving thread: its CPU (as charged), and its busy time by QPC. */
    m[M_RECV_CPU_PER_PKT] = rx->received ? thr * 1e6 / (double)rx->received : NAN;
    m[M_RECV_BUSY_PER_PKT] = rx->received ? (wall - wb_ticks_to_s(rx->blocked)) * 1e6 / (double)rx->received : NAN;
    m[M_BAD] = (double)rx->bad_packets;
    m[M_JITTER] = st->cfg.reflect ? NAN : wb_jitter_value(&rx->jitter) * 1e6 / (double)st->freq;
    m[M_DISCONNECTS] = st->cfg.proto == PROTO_TCP ? (double)tx->disconnects : NAN;
    m[M_REFUSED] = st->cfg.reflect ? (double)rx->refused : NAN;
    m[M_NOTIFY_LOST] = st->backend->recovered ? (double)(st->backend->recovered(st->waiter) - rx->recovered_before) : NAN;
}

static int sockloop_run(void *state, wb_run_ctx *ctx, wb_sample *sample, wb_error *err)
{
    sockloop_state *st = (sockloop_state *)state;
    uint64_t deadline;
    int rc = 0;

    if (st->fault_set) {   /* never reached: rep_warnings ended the run (its connections are gone) */
        wb_error_text(err, "%s", st->fault);
        return -1;
    }
    reset_run(st);
    st->ctx = ctx;
    st->tx.total = st->cfg.reflect ? 0 : (uint64_t)(st->cfg.duration * (double)st->cfg.rate + 0.5);
    st->interval_ticks = (uint64_t)(st->cfg.interval * (double)st->freq);
    st->start = CreateEventA(NULL, TRUE, FALSE, NULL);
    st->reporter_thread = st->start ? CreateThread(NULL, 0, reporter_main, st, 0, NULL) : NULL;
    if (!st->cfg.reflect && st->reporter_thread)
        st->sender_thread = CreateThread(NULL, 0, sender_main, st, 0, NULL);
    if (st->start == NULL || st->reporter_thread == NULL || (!st->cfg.reflect && st->sender_thread == NULL)) {
        wb_error_win32(err, "CreateThread", GetLastError());
        rc = -1;
        goto out;
    }
    st->have_cycles = wb_thread_cycles(&st->cycles0) == 0;
    wb_interval_begin(&sample->iv);
    st->t0 = sample->iv.t0;
    st->iv.next_boundary = st->t0 + st->interval_ticks;
    st->iv.start = st->t0;
    /* Never longer than the duration plus the grace. */
    deadline = st->t0 + (uint64_t)((st->cfg.duration + st->cfg.grace) * (double)st->freq);
    SetEvent(st->start);
    rc = receive_loop(st, deadline, err);
    wb_interval_end(&sample->iv);
    if (st->have_cycles) st->have_cycles = wb_thread_cycles(&st->cycles1) == 0;
out:
    if (st->sender_thread) {
        /* The receiver is done, so the sender is too: a sender behind its schedule at the deadline
         * would send into nothing, and over TCP, once the buffers fill, wait for a reader that is
         * gone. */
        InterlockedExchange(&st->tx.stop, 1);
        SetEvent(st->start);
        WaitForSingleObject(st->sender_thread, INFINITE);
        CloseHandle(st->sender_thread);
        st->sender_thread = NULL;
    }
    if (st->reporter_thread) {
        st->queue.stop = 1;
        SetEvent(st->report_event);
        WaitForSingleObject(st->reporter_thread, INFINITE);
        CloseHandle(st->reporter_thread);
        st->reporter_thread = NULL;
    }
    if (st->start) CloseHandle(st->start);
    st->start = NULL;
    if (st->raw) fflush(st->raw);
    if (rc != 0) return -1;
    sample->ops = st->rx.received;
    fill_metrics(st, sample);
    /* the parts, on this (the receiving) thread, once its other threads are done */
    if (st->cfg.floors && !*ctx->stop && !st->fault_set) sl_measure_parts(st, sample, sample->metrics);
    /* the latency histogram, whole, for the row (st's: valid until the next repetition resets it) */
    sample->latency = st->cfg.reflect || st->lat_actual->count == 0 ? NULL : st->lat_actual;
    return 0;
}

typedef void (*warn_fn)(void *into, const char *code, const char *text);

/* TCP's stream faults: a message out of order within one connection is a defect, not a figure
 * (1: the repetition failed its purpose); a reflector's connections that sent garbage. */
static int stream_warnings(const sockloop_state *st, warn_fn warn, void *into)
{
    char text[400];
    int failed = 0;
    if (st->rx.stream_dup || st->rx.stream_reordered) {
        snprintf(text, sizeof text, "%llu message(s) repeated and %llu out of order within one TCP connection: a stream "
                 "cannot do that, so this is a defect (of winbench, or of the echo at the far side)",
                 (unsigned long long)st->rx.stream_dup, (unsigned long long)st->rx.stream_reordered);
        warn(into, WB_W(stream_order), text);
        failed = 1;
    }
    if (st->cfg.reflect && st->cfg.proto == PROTO_TCP && st->rx.bad_packets) {
        snprintf(text, sizeof text, "dropped %llu connection(s) whose stream was not winbench's messages (the others were "
                 "served)", (unsigned long long)st->rx.bad_packets);
        warn(into, WB_W(bad_stream), text);
    }
    return failed;
}

/* The waits: the wait model's own work that could not be written (sockloop_parts.c), waits on
 * single sockets that failed, notifications the thread's queue lost. */
static void wait_warnings(const sockloop_state *st, const double *m, warn_fn warn, void *into)
{
    char text[700], why[300];
    if (m[M_WAIT_US] != m[M_WAIT_US] && m[M_RECV_US] == m[M_RECV_US] && m[M_RECV_BUSY_PER_PKT] == m[M_RECV_BUSY_PER_PKT]) {
        snprintf(text, sizeof text, "wait_us: a recv of a waiting message alone (%.1f us) and winbench's own "
                 "processing cost more than the loop's whole busy time per packet (%.1f us), beyond their intervals: "
                 "the loop's receives are cheaper than the floor's here (under Wine each is a request to its server, "
                 "part of it done while the loop waits), so the wait model's own work is left empty",
                 m[M_RECV_US], m[M_RECV_BUSY_PER_PKT]);
        warn(into, WB_W(part_below_zero), text);
    }
    if (st->backend->failed) {
        unsigned n = st->backend->failed(st->waiter, why, sizeof why);
        if (n > st->rx.failed_before) {
            snprintf(text, sizeof text, "%s: %u wait(s) on single sockets failed, and those sockets were not waited on "
                     "again (their messages are lost): %s", st->backend->name, n - st->rx.failed_before, why);
            warn(into, WB_W(wait_failed), text);
        }
    }
    if (st->backend->recovered && st->backend->recovered(st->waiter) > st->rx.recovered_before) {
        snprintf(text, sizeof text, "%s: %llu socket notification(s) were lost (the thread's queue of posted messages "
                 "was full: USERPostMessageLimit, 10,000 by default) and their sockets went silent until a sweep "
                 "read them (every 250 ms): those messages' latencies include the wait", st->backend->name,
                 (unsigned long long)(st->backend->recovered(st->waiter) - st->rx.recovered_before));
        warn(into, WB_W(notifications_lost), text);
    }
}

/* The traffic: lost over SL_LOSS_WARN, a sender that did not keep to the rate. */
static void traffic_warnings(const sockloop_state *st, const double *m, warn_fn warn, void *into)
{
    char text[500];
    if (st->cfg.reflect) return;
    if (m[M_SENT] > 0 && m[M_LOST] > SL_LOSS_WARN * m[M_SENT]) {
        snprintf(text, sizeof text, "lost %.0f of the %.0f packets sent (%.1f%%): the latencies are of the packets that "
                 "arrived, and say nothing of the others%s", m[M_LOST], m[M_SENT], 100.0 * m[M_LOST] / m[M_SENT],
                 st->cfg.proto == PROTO_UDP ? " (UDP drops what a receiver's buffer cannot hold: a receiver too slow "
                 "for the rate, or starved of CPU)" : "");
        warn(into, WB_W(loss_high), text);
    }
    if (st->tx.total > 0 && !sl_kept_up(m, st->cfg.rate)) {
        snprintf(text, sizeof text, "the sender offered %.1f packets/s of the %llu/s asked (%.0f of the %llu scheduled "
                 "never sent): this loop ran at a lower load than asked, so its latencies do not compare with those of "
                 "a loop that kept up", sl_offered_rate(m), (unsigned long long)st->cfg.rate, m[M_UNSENT],
                 (unsigned long long)st->tx.total);
        warn(into, WB_W(sender_behind), text);
    }
}

/* Nothing arrived: in peer mode the far side is not answering (1: the run fails, rows kept); in
 * loopback mode something on this machine dropped everything; a reflector heard nobody. */
static int nothing_arrived(const sockloop_state *st, warn_fn warn, void *into)
{
    char text[400];
    if (st->cfg.reflect) {
        snprintf(text, sizeof text, "nothing arrived at %s:%u: no peer sent to this reflector", inet_ntoa(st->addrs[0].sin_addr),
                 ntohs(st->addrs[0].sin_port));
        warn(into, WB_W(no_packets), text);
        return 0;
    }
    if (st->tx.sent_count == 0) return 0;   /* nothing left either: the send errors say why */
    if (st->cfg.peer) {
        snprintf(text, sizeof text, "nothing came back from %s: is a reflector (winbench sockloop --reflect%s) or a %s echo "
                 "service running there, and does a firewall let it answer?", st->cfg.peer,
                 st->cfg.proto == PROTO_TCP ? " --proto tcp" : "", st->cfg.proto == PROTO_TCP ? "TCP" : "UDP");
        warn(into, WB_W(no_packets), text);
        return 1;
    }
    snprintf(text, sizeof text, "nothing of %ld packets arrived at %s:%u on this machine (a firewall?)",
             (long)st->tx.sent_count, inet_ntoa(st->addrs[0].sin_addr), ntohs(st->addrs[0].sin_port));
    warn(into, WB_W(no_packets), text);
    return 0;
}

/* What one repetition's own numbers say of it. A TCP connection lost ends the run after this
 * repetition (2); a defect or a silent peer fails it (1). */
static int sockloop_rep_warnings(void *state, const wb_sample *sample, warn_fn warn, void *into)
{
    const sockloop_state *st = (const sockloop_state *)state;
    int failed = stream_warnings(st, warn, into);
    wait_warnings(st, sample->metrics, warn, into);
    traffic_warnings(st, sample->metrics, warn, into);
    if (st->fault_set) {   /* a connection lost: the run stops after this repetition, its rows kept */
        warn(into, WB_W(disconnected), st->fault);   /* the last: the sentence the run ends with */
        return 2;
    }
    if (failed || st->rx.received > 0) return failed;
    return nothing_arrived(st, warn, into);
}

/* "select", or with a --rate list "select at 5000/s" */
static void sockloop_variant_name(const void *variant, char *name, size_t cap)
{
    const sockloop_config *v = (const sockloop_config *)variant;
    if (v->nrates <= 1) snprintf(name, cap, "%s", sl_loop_name(v->loop));
    else snprintf(name, cap, "%s at %llu/s", sl_loop_name(v->loop), (unsigned long long)v->rate);
}

#define SOCKLOOP_FACTS(X)                                                                           \
    X(F_MODE, "mode") X(F_RECEIVER, "receiver") X(F_PACING_USED, "pacing_used") X(F_LOOP_DETAIL, "loop_detail") \
    X(F_WAIT_CPU_FROM, "wait_cpu_from")
enum { SOCKLOOP_FACTS(WB_LIST_ID) F_COUNT };
static const char *const sockloop_fact_names[] = { SOCKLOOP_FACTS(WB_LIST_NAME) NULL };
WB_LIST_MATCHES(sockloop_fact_names, F_COUNT, WB_MAX_FACTS, sockloop_facts_fit);

static void sockloop_facts(void *state, const char **values)
{
    sockloop_state *st = (sockloop_state *)state;
    values[F_MODE] = st->cfg.reflect ? "reflect" : st->cfg.peer ? "peer" : "loopback";
    snprintf(st->receiver_fact, sizeof st->receiver_fact, "%s:%u", inet_ntoa(st->addrs[0].sin_addr),
             ntohs(st->addrs[0].sin_port));
    values[F_RECEIVER] = st->receiver_fact;
    values[F_PACING_USED] = st->cfg.reflect ? "" : st->pacing_fact;
    values[F_LOOP_DETAIL] = st->loop_fact;
    /* wait_cpu_us subtracts an exact busy time from the CPU time: only cycles are fine enough
     * (no comma in the text: scripts that split rows on commas keep their columns) */
    values[F_WAIT_CPU_FROM] = wb_cycles_hz() > 0 ? "QueryThreadCycleTime"
                              : "none: no invariant TSC cycle count here (Windows before Vista; Wine) and "
                                "GetThreadTimes' CPU is tick-sampled: too coarse to subtract from";
}

/* The sending, and the grace at most (it ends early once every packet is in). */
static double sockloop_rep_seconds(const void *variant)
{
    const sockloop_config *c = (const sockloop_config *)variant;
    return c->duration + (c->reflect ? 0 : c->grace);
}

const wb_module wb_sockloop_module = {
    .name = "sockloop",
    .summary = "UDP or TCP at a fixed message rate received with select, WSAPoll, WSAWaitForMultipleEvents, WSAAsyncSelect, a completion port (GetQueuedCompletionStatus, -Ex) or AFD poll",
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
    .metric_units = sockloop_metric_units,
    .summary_rules = sockloop_summary_rules,
    .print_rep = sockloop_print_rep,
    .print_summary = sockloop_print_summary,
    .rep_warnings = sockloop_rep_warnings,
    .fixed_schedule = 1,
    .rep_seconds = sockloop_rep_seconds,
    .variant_name = sockloop_variant_name,
    .latency_histogram = "each packet's latency, from its send to its receipt (lat_*_us)",
    .default_repeat = "1",
    .default_warmup = "0",
    .expand = sockloop_expand,
    .compare = sockloop_compare,
    .report = &sockloop_report,
    .report_tail = &sockloop_tail_report,
};
