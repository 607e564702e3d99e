/* sockloop's accounting: what each message the receiver takes means (a latency, a duplicate,
 * a foreign datagram, an echo for a reflector), and the first fault that ends a run. The
 * transports (sockloop_udp.c, sockloop_tcp.c, sockloop_tcp_reflect.c) and the receive loop in
 * sockloop.c call these. They call no function of either back; a reflector's echo goes out
 * through the transport's own table (st->transport->echo), the one way back, by design. */
#include "sockloop.h"
#include "wb_console.h"

#include <stdio.h>

static void account(sockloop_state *st, const char *p, int len, uint64_t t_recv)
{
    sl_counters *rx = &st->rx;
    interval_stats *cur = &st->iv.cur;
    uint64_t seq, intended, actual, part_ns[SL_LATENCY_PARTS], ilat_ns;
    double lat_us;
    if (st->test_spin_ticks) {   /* a test hook: known work planted in winbench's own processing */
        uint64_t until = wb_ticks() + st->test_spin_ticks;
        while (wb_ticks() < until) continue;
    }
    if (len < HEADER_SIZE || get_u32(p) != PACKET_MAGIC) {
        rx->foreign++;
        return;
    }
    seq = get_u64(p + 8);
    intended = get_u64(p + 16);
    actual = get_u64(p + 24);
    rx->received++;
    /* A stream's order was checked per connection by the transport (several connections may
     * interleave; one cannot reorder); datagrams go through the window. */
    if (!st->transport->stream && !wb_seqwin_note(&rx->seq, seq)) return;   /* a duplicate: counted there */
    rx->unique++;
    /* The stamps are this machine's own QPC (in peer mode too: the round trip). One from the
     * future, or an intended time after the actual one, is a damaged message (or QPC differing
     * between cores on an old machine): counted, and left out of the latencies, never zeroed. */
    if (t_recv < actual || intended > actual) {
        rx->bad_packets++;
        return;
    }
    wb_jitter_add(&rx->jitter, (double)actual, (double)t_recv);
    ilat_ns = sl_latency_split(st, intended, actual, t_recv, part_ns);
    lat_us = (double)(t_recv - actual) * 1e6 / (double)st->freq;
    /* in ns as the split converts (the parts after the sender's add up to it, to a nanosecond) */
    wb_hist_record(st->lat_actual, (uint64_t)((double)(t_recv - actual) * 1e9 / (double)st->freq));
    wb_hist_record(st->lat_intended, ilat_ns);
    if (cur->received == 0 || lat_us < cur->min_us) cur->min_us = lat_us;
    if (lat_us > cur->max_us) cur->max_us = lat_us;
    cur->received++;
    cur->bytes += (uint64_t)len;
    rx->bytes += (uint64_t)len;
    cur->sum_us += lat_us;
    cur->sumsq_us += lat_us * lat_us;
    rx->sum_us += lat_us;
    rx->sumsq_us += lat_us * lat_us;
    if (st->raw) sl_latency_raw(st, seq, intended, actual, t_recv, ilat_ns, part_ns);   /* opt-in: documented as disturbing the loop */
}

int sl_take(sockloop_state *st, unsigned index, const char *data, int len, const struct sockaddr_in *from, int fromlen,
            uint64_t t_recv, wb_error *err)
{
    if (len < 0) {
        /* ICMP "port unreachable" from an earlier send (a peer that went away) surfaces as
         * WSAECONNRESET on a UDP socket where SIO_UDP_CONNRESET could not be turned off; a
         * datagram larger than the buffer as WSAEMSGSIZE. */
        if (-len == WSAECONNRESET) st->rx.conn_resets++;
        else if (-len == WSAEMSGSIZE) st->rx.foreign++;
        else {
            wb_error_win32(err, "recvfrom", (unsigned long)-len);
            return -1;
        }
        return 0;
    }
    if (st->cfg.reflect) {
        /* Not an open relay: only winbench's own datagrams are echoed (a forged source address
         * would otherwise aim the echoes at a third host), and only to --allow's sources. */
        int ours = len >= HEADER_SIZE && get_u32(data) == PACKET_MAGIC;
        if (!ours) {
            st->rx.foreign++;
            if (!st->cfg.echo_any) return 0;
        }
        if (!sl_allowed(st, from)) {
            st->rx.refused++;
            return 0;
        }
        st->rx.received++;
        st->iv.cur.received++;
        st->iv.cur.bytes += (uint64_t)len;
        st->rx.bytes += (uint64_t)len;
        if (st->transport->echo(st, index, data, len, from, fromlen) != 0) {
            st->tx.send_errors++;
        } else {
            st->iv.cur.sent++, st->rx.unique++;
            st->rx.bytes_echoed += (uint64_t)len;
        }
        return 0;
    }
    account(st, data, len, t_recv);
    return 0;
}

int sl_allowed(const sockloop_state *st, const struct sockaddr_in *addr)
{
    /* No address: a TCP connection's message, whose source was checked when it was accepted. */
    return st->nallow == 0 || !addr || wb_netmask_match(st->allow, st->nallow, ntohl(addr->sin_addr.s_addr));
}

void sl_fault(sockloop_state *st, const char *text)
{
    /* The first caller writes the text; it is read only once both threads have ended. */
    if (InterlockedCompareExchange(&st->fault_set, 1, 0) == 0) {
        snprintf(st->fault, sizeof st->fault, "%s", text);
        InterlockedExchange(&st->tx.stop, 1);
    }
}
