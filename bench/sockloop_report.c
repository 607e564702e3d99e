/* sockloop's presentation: the pgmping line of each interval (and its CSV row), the block of
 * each repetition, the summary line, the comparison of loops under --loop all, the line that
 * heads each loop, and how `winbench report` reads sockloop's rows. The numbers all come from
 * sockloop.c; nothing here measures. */
#include "sockloop.h"
#include "wb_warning_codes.h"

#include <math.h>
#include <string.h>

#include "wb_process.h"
#include "wb_units.h"
#include "wb_console.h"

const char *const sockloop_metric_names[] = {
    SOCKLOOP_METRICS(WB_METRIC_NAME)
    NULL
};
const char *const sockloop_metric_units[] = {
    SOCKLOOP_METRICS(WB_METRIC_UNIT)
    NULL
};

/* The summary row keeps a repetition's identities: sent = received - duplicated + lost, the
 * latencies of all the packets that arrived, and the receiver's busy time with its parts from
 * one repetition (docs/csv.md says which column is which). */
#define WITH_BUSY(c) { c, WB_SUM_MEDIAN_REP, "receiver_busy_us_per_pkt", NULL, 0, 0 }
const wb_metric_summary sockloop_summary_rules[] = {
    WB_SUM_TOTAL_OF("sent"), WB_SUM_TOTAL_OF("received"), WB_SUM_TOTAL_OF("lost"), WB_SUM_TOTAL_OF("duplicated"),
    WB_SUM_TOTAL_OF("reordered"), WB_SUM_TOTAL_OF("late_sends"),
    WB_SUM_TOTAL_OF("send_errors"), WB_SUM_TOTAL_OF("foreign"), WB_SUM_TOTAL_OF("intervals"),
    WB_SUM_TOTAL_OF("conn_resets"), WB_SUM_TOTAL_OF("bad_packets"),
    WB_SUM_TOTAL_OF("disconnects"), WB_SUM_TOTAL_OF("refused"), WB_SUM_TOTAL_OF("notifications_lost"),
    WB_SUM_TOTAL_OF("unsent"), WB_SUM_TOTAL_OF("floors_s"),
    { "lat_mean_us", WB_SUM_HIST_MEAN, NULL, NULL, 0, 1000.0 },
    { "lat_stddev_us", WB_SUM_SD_BY, "received", "lat_mean_us", 0, 0 },
    { "lat_min_us", WB_SUM_LEAST, NULL, NULL, 0, 0 }, { "lat_max_us", WB_SUM_MOST, NULL, NULL, 0, 0 },
    WB_SUM_US_PERCENTILE_OF("lat_p50_us", 50), WB_SUM_US_PERCENTILE_OF("lat_p90_us", 90),
    WB_SUM_US_PERCENTILE_OF("lat_p99_us", 99), WB_SUM_US_PERCENTILE_OF("lat_p999_us", 99.9),
    { "ilat_mean_us", WB_SUM_MEAN_BY, "received", NULL, 0, 0 }, { "ilat_max_us", WB_SUM_MOST, NULL, NULL, 0, 0 },
    /* the latency split's means as ilat_mean_us's, so that the summary's parts add up as each row's */
    { "sender_late_mean_us", WB_SUM_MEAN_BY, "received", NULL, 0, 0 },
    { "until_wake_mean_us", WB_SUM_MEAN_BY, "received", NULL, 0, 0 },
    { "behind_mean_us", WB_SUM_MEAN_BY, "received", NULL, 0, 0 },
    { "in_recv_mean_us", WB_SUM_MEAN_BY, "received", NULL, 0, 0 },
    /* the repetitions' slowest packets pooled: each repetition's tail, weighted by its packets
     * (not the tail of all the packets together) */
    WB_SUM_TOTAL_OF("tail_packets"), { "tail_lat_mean_us", WB_SUM_MEAN_BY, "tail_packets", NULL, 0, 0 },
    { "tail_sender_late_us", WB_SUM_MEAN_BY, "tail_packets", NULL, 0, 0 },
    { "tail_until_wake_us", WB_SUM_MEAN_BY, "tail_packets", NULL, 0, 0 },
    { "tail_behind_us", WB_SUM_MEAN_BY, "tail_packets", NULL, 0, 0 },
    { "tail_in_recv_us", WB_SUM_MEAN_BY, "tail_packets", NULL, 0, 0 },
    { "sender_late_max_us", WB_SUM_MOST, NULL, NULL, 0, 0 }, { "until_wake_max_us", WB_SUM_MOST, NULL, NULL, 0, 0 },
    { "behind_max_us", WB_SUM_MOST, NULL, NULL, 0, 0 }, { "in_recv_max_us", WB_SUM_MOST, NULL, NULL, 0, 0 },
    WITH_BUSY("receiver_busy_us_per_pkt"), WITH_BUSY("own_us"), WITH_BUSY("recv_us"), WITH_BUSY("wait_us"),
    WITH_BUSY("wait_pm_us"), WITH_BUSY("wait_cpu_us"), WITH_BUSY("wakeup_us"),
    { "lat_above_wakeup_us", WB_SUM_DIFFERENCE, "wakeup_us", "lat_mean_us", 0, 0 },
    { NULL, 0, NULL, NULL, 0, 0 }
};
#undef WITH_BUSY

double sl_stddev(double n, double sum, double sumsq)
{
    double var;
    if (n < 2) return NAN;
    var = (sumsq - sum * sum / n) / (n - 1);
    return var > 0 ? sqrt(var) : 0.0;
}

const char *sl_loop_name(int loop)
{
    return wb_wait_backends[loop >= 0 && loop < WB_WAIT_COUNT ? loop : 0]->name;
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
void sl_report_interval(sockloop_state *st, const interval_stats *iv)
{
    double m[WB_MAX_METRICS];
    char line[256], stamp[32];
    double n = (double)iv->received, avg = n ? iv->sum_us / n : NAN, sd = sl_stddev(n, iv->sum_us, iv->sumsq_us);
    double mn = n ? iv->min_us : NAN, mx = n ? iv->max_us : NAN, scale = (n && mn >= 1000.0) ? 1e-3 : 1.0;
    double mbit_out = (double)iv->sent * (double)st->cfg.size * 8.0 / iv->seconds / 1e6;
    double mbit_in = (double)iv->bytes * 8.0 / iv->seconds / 1e6;
    int i;

    wb_local_stamp(WB_STAMP_READABLE, stamp, sizeof stamp);
    if (st->cfg.reflect) {   /* a reflector measures no latency: it says what it echoed */
        avg = mn = mx = sd = NAN;
        /* its messages are whatever size the peers sent: out is the share of what came in that went back */
        mbit_out = n > 0 ? mbit_in * (double)iv->sent / n : 0;
        snprintf(line, sizeof line, "%s : echoed %llu (%.1f/s) o=%.2f i=%.2f mbit", stamp, (unsigned long long)iv->sent,
                 (double)iv->sent / iv->seconds, mbit_out, mbit_in);
    } else {   /* An interval without samples keeps the line's shape with "-" (never "nan"). */
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
    st->ctx->row(st->ctx, WB_ROW_INTERVAL, iv->received, iv->seconds, m);
}

/* What the console calls the times: "latency" (one way, on one machine's clock: loopback) or
 * "round trip" (--peer: there and back through the reflector), never the one for the other. */
static const char *times_of(const sockloop_config *c)
{
    return c->peer ? "round trip" : "latency";
}

/* The load a sender offered, per second of its sending: what it sent and what the stack refused
 * (a full buffer: offered all the same). A sender behind its schedule offered less than asked,
 * by leaving messages unsent or by sending them late. */
double sl_offered_rate(const double *m)
{
    double errors = m[M_SEND_ERRORS] == m[M_SEND_ERRORS] ? m[M_SEND_ERRORS] : 0;
    return m[M_SENT] > 0 ? m[M_SEND_RATE] * (m[M_SENT] + errors) / m[M_SENT] : 0;
}

int sl_kept_up(const double *m, uint64_t rate)
{
    double scheduled = m[M_SENT] + m[M_SEND_ERRORS] + (m[M_UNSENT] == m[M_UNSENT] ? m[M_UNSENT] : 0);
    return !(m[M_UNSENT] > (1.0 - SL_KEPT_UP) * scheduled) && sl_offered_rate(m) >= SL_KEPT_UP * (double)rate;
}

static uint64_t rate_of(const void *variant) { return ((const sockloop_config *)variant)->rate; }

/* --percentile given: the slowest packets' latency in its parts, each with its share of their
 * mean (the parts add up to it: sockloop_latency.c), and the sender's lateness before it. */
static void print_tail(FILE *out, const sockloop_config *c, const double *m)
{
    static const char *const names[] = { "until the wait returned", "behind earlier packets", "the recv itself" };
    const double pct = sl_tail_percentile(c->percentile);
    char a[24], b[24];
    int i;
    if (!(m[M_TAIL_PACKETS] > 0) || !(m[M_TAIL_LAT_MEAN] > 0)) return;
    wb_fprintf(out, "    the slowest %g%% (%.0f packets, above p%g): mean %s from actual send:", 100 - pct,
               m[M_TAIL_PACKETS], pct, us(m[M_TAIL_LAT_MEAN], a));
    for (i = 0; i < 3; i++)
        wb_fprintf(out, "%s %s %s (%.0f%%)", i ? "," : "", names[i], us(m[M_TAIL_UNTIL_WAKE + i], a),
                   100.0 * m[M_TAIL_UNTIL_WAKE + i] / m[M_TAIL_LAT_MEAN]);
    wb_fprintf(out, "; sender late %s before the send\n", us(m[M_TAIL_SENDER_LATE], b));
}

void sockloop_print_rep(FILE *out, const void *variant, unsigned rep, unsigned reps, const wb_sample *s)
{
    const sockloop_config *c = (const sockloop_config *)variant;
    const char *times_are = times_of(c);
    const double *m = s->metrics;
    char a[24], b[24];
    /* a reflector has no sender of its own (its sender columns are empty) and measures no latency */
    if (c->reflect && c->proto == PROTO_TCP) {
        wb_fprintf(out, "  rep %u/%u: echoed %.0f messages (%.1f/s, %.2f mbit); %.0f connection%s left, %.0f dropped "
                     "for a stream that was not winbench's messages, %.0f refused (outside --allow)\n",
                rep, reps, m[M_SENT], m[M_SEND_RATE], m[M_MBIT_OUT], m[M_DISCONNECTS], m[M_DISCONNECTS] == 1 ? "" : "s",
                m[M_BAD], m[M_REFUSED]);
        wb_fprintf(out, "    cpu: %.0f%% of one CPU (busy by QPC %.0f%%)\n", m[M_RECEIVER_CPU], m[M_RECEIVER_BUSY]);
        return;
    }
    if (c->reflect) {
        wb_fprintf(out, "  rep %u/%u: echoed %.0f packets (%.1f/s, %.2f mbit), %.0f echo errors, %.0f not winbench's, "
                     "%.0f refused (outside --allow), %.0f connection resets\n",
                rep, reps, m[M_SENT], m[M_SEND_RATE], m[M_MBIT_OUT], m[M_SEND_ERRORS], m[M_FOREIGN], m[M_REFUSED],
                m[M_CONN_RESETS]);
        wb_fprintf(out, "    cpu: %.0f%% of one CPU (busy by QPC %.0f%%)\n", m[M_RECEIVER_CPU], m[M_RECEIVER_BUSY]);
        return;
    }
    /* named, as --loop all's and --rate lists' repetitions come interleaved */
    wb_fprintf(out, "  rep %u/%u %s", rep, reps, sl_loop_name(c->loop));
    if (c->nrates > 1) wb_fprintf(out, " at %llu/s", (unsigned long long)c->rate);
    wb_fprintf(out, ": sent %.0f (%.1f/s, %.0f late), %.0f send errors, received %.0f, lost %.0f, "
                 "duplicated %.0f, reordered %.0f",
            m[M_SENT], m[M_SEND_RATE], m[M_LATE_SENDS], m[M_SEND_ERRORS], m[M_RECEIVED], m[M_LOST],
            m[M_DUP], m[M_REORDERED]);
    if (m[M_UNSENT] > 0) wb_fprintf(out, ", %.0f never sent (the sender was behind its schedule)", m[M_UNSENT]);
    if (m[M_CONN_RESETS] > 0) wb_fprintf(out, ", %.0f connection resets", m[M_CONN_RESETS]);
    if (m[M_BAD] > 0) wb_fprintf(out, ", %.0f bad", m[M_BAD]);
    wb_fprintf(out, "\n");
    if (m[M_LAT_MEAN] == m[M_LAT_MEAN]) {
        char p[5][24];
        wb_fprintf(out, "    %s from actual send:   p50 %s  p90 %s  p99 %s  p99.9 %s  max %s\n", times_are,
                us(m[M_LAT_P50], p[0]), us(m[M_LAT_P90], p[1]), us(m[M_LAT_P99], p[2]), us(m[M_LAT_P999], p[3]),
                us(m[M_LAT_MAX], p[4]));
        wb_fprintf(out, "    %s from intended send: p50 %s  p90 %s  p99 %s  p99.9 %s  max %s\n", times_are,
                us(m[M_ILAT_P50], p[0]), us(m[M_ILAT_P90], p[1]), us(m[M_ILAT_P99], p[2]), us(m[M_ILAT_P999], p[3]),
                us(m[M_ILAT_MAX], p[4]));
        if (c->tail_asked) print_tail(out, c, m);
    } else {
        wb_fprintf(out, "    %s: - (no packet came back)\n", times_are);
    }
    wb_fprintf(out, "    jitter (RFC 3550): %s\n", us(m[M_JITTER], a));
    wb_fprintf(out, "    cpu: sender %.0f%%, receiver %.0f%% of one CPU (busy by QPC: sender %s%%, receiver %.0f%%)\n",
            m[M_SENDER_CPU], m[M_RECEIVER_CPU], dash_or(m[M_SENDER_BUSY], b, sizeof b), m[M_RECEIVER_BUSY]);
}

void sockloop_print_summary(FILE *out, const void *variant, const wb_run_summary *s)
{
    const sockloop_config *c = (const sockloop_config *)variant;
    const double *m = s->metrics;
    char mean[24], imean[24], p99[24], jit[24];
    if (c->reflect) {
        wb_fprintf(out, "  median over %u rep%s: echoed %.0f packets, %.1f packets/s, %.2f mbit\n", s->reps,
                s->reps == 1 ? "" : "s", m[M_SENT], m[M_SEND_RATE], m[M_MBIT_OUT]);
        return;
    }
    wb_fprintf(out, "  median over %u rep%s: %.1f packets/s received, lost %.0f, mean %s %s "
                 "(from intended send %s), p99 %s, jitter %s\n",
            s->reps, s->reps == 1 ? "" : "s", m[M_RECV_RATE], m[M_LOST], times_of(c), us(m[M_LAT_MEAN], mean),
            us(m[M_ILAT_MEAN], imean),
            us(m[M_LAT_P99], p99), us(m[M_JITTER], jit));
    if (m[M_SENT] > 0 && m[M_LOST] > 0.5 * m[M_SENT])
        wb_fprintf(out, "  most packets were lost (%.0f of %.0f sent, %.0f%%): the latency is of the few that arrived\n",
                m[M_LOST], m[M_SENT], 100.0 * m[M_LOST] / m[M_SENT]);
    if (!sl_kept_up(m, c->rate))
        wb_fprintf(out, "  the sender offered %.1f/s of the %llu/s asked (%.0f never sent): measured at a lower load "
                     "than asked\n", sl_offered_rate(m), (unsigned long long)c->rate, m[M_UNSENT]);
}

static const char *loop_name(const void *variant)
{
    return sl_loop_name(((const sockloop_config *)variant)->loop);
}

/* Each loop's mean latency, load, loss and cost per packet, side by side, and what stands beside
 * any ranking of them (who fell behind, who lost): no verdict of its own. Which loop is faster,
 * by how much and how sure, is the report's comparison, printed after the run from its CSV
 * (src/cli/main.c: the same test and words as `winbench report --compare loop`). */
/* A rate this loop held: the sender kept it (sl_kept_up: within 1%, a sender left behind offered less than
 * asked), under 0.1% lost, and a p99 under ten times its p99 at the lowest rate (wrk2's reading
 * of a latency curve: past the knee, the tail runs away first). */
#define HELD_LOSS_PCT 0.1
#define HELD_P99_FACTOR 10.0

static double loss_pct(const double *m) { return m[M_SENT] > 0 ? 100.0 * m[M_LOST] / m[M_SENT] : 0; }

/* With a --rate list: the table of latency against offered load, a block per loop, and the
 * highest rate each held. */
static void offered_load(FILE *out, int n, const void *const *variants, const double *const *medians)
{
    int i, first;
    char p50[24], p99[24];
    wb_fprintf(out, "%s against offered load (from the actual send time; held: the rate sent, under %.1f%% lost and "
                 "a p99 under %.0f x the loop's p99 at its lowest rate):\n", times_of((const sockloop_config *)variants[0]),
            HELD_LOSS_PCT, HELD_P99_FACTOR);
    wb_fprintf(out, "  %-12s %10s %12s %10s %10s %10s\n", "loop", "rate/s", "received/s", "p50", "p99", "lost");
    for (first = 0; first < n; first = i) {
        const sockloop_config *loop = (const sockloop_config *)variants[first];
        double base_p99 = medians[first][M_LAT_P99];
        int broken = 0;
        uint64_t held = 0;
        char why[96] = "";
        for (i = first; i < n && ((const sockloop_config *)variants[i])->loop == loop->loop; i++) {
            const double *m = medians[i];
            const uint64_t rate = ((const sockloop_config *)variants[i])->rate;
            int sent_all = sl_kept_up(m, rate);   /* the sender's own rule: a loop that starved it held nothing */
            int ok = sent_all && loss_pct(m) < HELD_LOSS_PCT && m[M_LAT_P99] == m[M_LAT_P99] &&
                     !(base_p99 == base_p99 && m[M_LAT_P99] > HELD_P99_FACTOR * base_p99);
            wb_fprintf(out, "  %-12s %10llu %12.1f %10s %10s %6.0f (%.2f%%)\n", i == first ? sl_loop_name(loop->loop) : "",
                    (unsigned long long)rate, m[M_RECV_RATE], us(m[M_LAT_P50], p50), us(m[M_LAT_P99], p99), m[M_LOST],
                    loss_pct(m));
            if (!broken && ok) held = rate;
            if (!broken && !ok) {
                broken = 1;
                if (!sent_all)
                    snprintf(why, sizeof why, "at %llu/s the sender managed %.0f/s", (unsigned long long)rate,
                             sl_offered_rate(m));
                else if (loss_pct(m) >= HELD_LOSS_PCT)
                    snprintf(why, sizeof why, "at %llu/s it lost %.2f%%", (unsigned long long)rate, loss_pct(m));
                else
                    snprintf(why, sizeof why, "at %llu/s its p99 was %s", (unsigned long long)rate, us(m[M_LAT_P99], p99));
            }
        }
        if (held)
            wb_fprintf(out, "  %s held %llu/s%s%s%s\n", sl_loop_name(loop->loop), (unsigned long long)held, why[0] ? " (" : "",
                    why, why[0] ? ")" : ", the highest rate asked for");
        else
            wb_fprintf(out, "  %s held none of the rates (%s)\n", sl_loop_name(loop->loop), why);
    }
}


static int lost_some(const double *m, uint64_t rate) { (void)rate; return m[M_LOST] > 0; }
static int lost_none(const double *m, uint64_t rate) { (void)rate; return !(m[M_LOST] > 0); }
static int fell_behind(const double *m, uint64_t rate) { return !sl_kept_up(m, rate); }

/* The loops that pick says, in one list: "select, afd", or with their loss "select (1141), iocp (20)". */
static void loops_where(int n, const void *const *variants, const double *const *medians,
                        int (*pick)(const double *m, uint64_t rate),
                        int with_loss, char *buf, size_t cap)
{
    size_t used = 0;
    int i;
    buf[0] = '\0';
    for (i = 0; i < n && used < cap; i++) {
        if (!pick(medians[i], rate_of(variants[i]))) continue;
        used += (size_t)snprintf(buf + used, cap - used, "%s%s", used ? ", " : "", loop_name(variants[i]));
        if (with_loss && used < cap) used += (size_t)snprintf(buf + used, cap - used, " (%.0f)", medians[i][M_LOST]);
    }
}

/* The loop could not carry the rate: it lost over 1% of what it sent, or offered under 99% of it. */
static int fell_short(const double *m, uint64_t rate)
{
    return !sl_kept_up(m, rate) || m[M_LOST] > SL_LOSS_WARN * m[M_SENT];
}

/* The notes under a comparison of loops: who fell behind, who lost packets. */
static void compare_notes(FILE *out, int n, const void *const *variants, const double *const *medians, int lossy,
                          int behind)
{
    char list[512], list2[512];
    if (behind == n)
        wb_fprintf(out, "  note: no loop's sender kept to the schedule (each sent under %.0f%% of it): they are ranked "
                     "at loads lower than asked, and unlike each other\n", 100.0 * SL_KEPT_UP);
    else if (behind) {
        loops_where(n, variants, medians, fell_behind, 0, list, sizeof list);
        wb_fprintf(out, "  note: the sender fell behind its schedule with %s: the best is the lowest mean of the loops "
                     "offered the highest load (within 1%% of it)\n", list);
    }
    if (lossy) {   /* latencies are of what arrived: a loop is not faster for losing the rest */
        loops_where(n, variants, medians, lost_some, 1, list, sizeof list);
        loops_where(n, variants, medians, lost_none, 0, list2, sizeof list2);
        if (lossy == n)
            wb_fprintf(out, "  note: every loop lost packets (%s): the latencies are of the packets that arrived\n", list);
        else
            wb_fprintf(out, "  note: %s lost packets where %s lost none: the latencies are of the packets that arrived, "
                         "so a loop is not faster for that\n", list, list2);
    }
}

void sockloop_compare(FILE *out, int n, const void *const *variants, const double *const *medians)
{
    int i, lossy = 0, behind = 0, short_of = 0;
    char a[24], b[24], c[24];
    const char *times_are = n > 0 ? times_of((const sockloop_config *)variants[0]) : "latency";
    if (n > 0 && ((const sockloop_config *)variants[0])->nrates > 1) {   /* rates are not loops to set side by side */
        offered_load(out, n, variants, medians);
        return;
    }
    for (i = 0; i < n; i++) {
        lossy += medians[i][M_LOST] > 0;
        behind += !sl_kept_up(medians[i], rate_of(variants[i]));
        short_of += fell_short(medians[i], rate_of(variants[i]));
    }
    if (n < 2) return;
    if (2 * short_of >= n)   /* said once, plainly, before the lines that each warn */
        wb_fprintf(out, "this machine did not carry %llu/s in this run: %d of %d loops lost over %.0f%% of what they sent "
                   "or were offered under %.0f%% of it, so their latencies compare nothing (a lower --rate, or a list "
                   "such as --rate 1k,2k,5k,10k, shows what it carries)\n", (unsigned long long)rate_of(variants[0]),
                   short_of, n, 100.0 * SL_LOSS_WARN, 100.0 * SL_KEPT_UP);
    wb_fprintf(out, "the loops side by side (mean %s from the actual send time; the receiving thread's cost per packet):\n",
               times_are);
    for (i = 0; i < n; i++) {
        const double *m = medians[i];
        wb_fprintf(out, "  %-12s mean %s, offered %.0f/s of %llu/s%s, lost %.0f, %s CPU and %s busy per packet\n",
                loop_name(variants[i]), us(m[M_LAT_MEAN], a), sl_offered_rate(m),
                (unsigned long long)rate_of(variants[i]), sl_kept_up(m, rate_of(variants[i])) ? "" : " (behind)", m[M_LOST],
                us(m[M_RECV_CPU_PER_PKT], b), us(m[M_RECV_BUSY_PER_PKT], c));
    }
    compare_notes(out, n, variants, medians, lossy, behind);
}

/* A reflector says where it listens, so that the peer can be pointed at it (and tests can read
 * the port). */
void sockloop_announce(void *state, char *line, size_t cap)
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
    if (st->cfg.reflect) {   /* and what it answers: nobody should have to guess whether it is an open echo */
        char who[WB_OPT_LIST_CAP * 2] = "anyone";
        size_t used = 0;
        int i;
        for (i = 0; i < st->nallow; i++) {
            char one[32];
            wb_netmask_text(&st->allow[i], one, sizeof one);
            used += (size_t)snprintf(who + used, sizeof who - used, "%s%s", i ? ", " : "", one);
            if (used >= sizeof who) break;
        }
        snprintf(line, cap, "sockloop: reflecting on %s:%u for %g s: echoes %s to %s", inet_ntoa(st->addrs[0].sin_addr),
                 ntohs(st->addrs[0].sin_port), st->cfg.duration,
                 st->cfg.proto == PROTO_TCP ? "winbench's message streams"
                 : st->cfg.echo_any ? "every datagram (--echo-any)" : "winbench's datagrams only", who);
    }
}

void sockloop_warnings(void *state, void (*warn)(void *into, const char *code, const char *text), void *into)
{
    const sockloop_state *st = (const sockloop_state *)state;
    char text[256];
    if (st->cfg.reflect && st->cfg.echo_any) {
        warn(into, WB_W(echo_any), "--echo-any: this reflector echoes any datagram to whatever source address it carries, so "
             "a forged source turns it against a third host: use it on a closed network, with --allow");
    }
    if (st->pacing == PACING_SPIN && st->usable_cpus < 3 && !st->cfg.reflect) {
        snprintf(text, sizeof text, "--pacing spin on %u usable CPU%s: the sender's spin, the receiver and the OS "
                 "share them, so the receiver's latencies include waiting for a CPU (--pacing timer suits this)",
                 st->usable_cpus, st->usable_cpus == 1 ? "" : "s");
        warn(into, WB_W(few_cpus), text);
    }
}

static const char *const sockloop_variant_columns[] = { "proto", "nodelay", "loop", "rate", "size", "sockets", "spread", "mode",
                                                        "pacing_used", NULL };
static const char *const sockloop_percentile_columns[] = {
    "lat_p50_us", "lat_p90_us", "lat_p99_us", "lat_p999_us", "lat_max_us", NULL
};
static const char *const sockloop_percentile_names[] = { "p50", "p90", "p99", "p99.9", "max", NULL };
/* What both reports of sockloop share: the mean latency of every packet's, and the slowest
 * packets' (report --tail). */
#define SOCKLOOP_REPORT_COMMON                                                                                         \
    .natural_column = "loop", .natural_order = WB_WAIT_CHOICES, .higher_is_better = 0,                                \
    .percentiles.columns = sockloop_percentile_columns, .percentiles.names = sockloop_percentile_names,               \
    .percentiles.title = "latency percentiles, us from the actual send time", .percentiles.unit = "latency (us)",     \
    .series.row = WB_ROW_INTERVAL, .series.metric = "lat_mean_us",                                                    \
    .series.metric_title = "interval mean latency (us, from the actual send time)", .series.rate = "recv_rate",       \
    .series.rate_title = "packets/s received", .series.line_column = "loop", .series.until_column = "duration_s",     \
    .traffic.loss_column = "lost", .traffic.sent_column = "sent", .traffic.unsent_column = "unsent",                  \
    .traffic.achieved_column = "send_rate", .traffic.empty_metric_text = "nothing received",                          \
    .skip.column = "mode", .skip.value = "reflect", .skip.what = "a reflector's rows (it echoes; it measures no latency)", \
    .traffic.load_column = "rate", .traffic.load_percentile = 2,                                                      \
    .traffic.load_title = "p99 latency (us, from the actual send time) against offered load (packets/s)",             \
    .alt.when = "mode=peer", /* --peer: there and back through a reflector */                                         \
    .alt.from = "latency", .alt.to = "round trip", .split.unit = "us"

const wb_report_spec sockloop_report = {
    SOCKLOOP_REPORT_COMMON,
    .variant_columns = sockloop_variant_columns,
    .metric = "lat_mean_us",
    .unit = "mean latency (us)",
    .better = "lower mean latency",
    .worse = "higher mean latency",
    /* the headline, the mean latency from the actual send, split per packet (sockloop_latency.c):
     * its parts add up to it, so it is their whole too; the CPU per packet's parts beside */
    .split.parts = sl_latency_parts,
    .split.floors = sockloop_floors,
    .split.whole = "lat_mean_us",
    /* said without "latency": --peer's are round trips, and the console has no alt words */
    .split.whole_name = "a packet's mean time from its send",
    .split.headline = "lat_mean_us",
    .split.headline_name = "a packet's mean time from its send",
};

/* report --tail: the slowest packets' mean latency (each run's --percentile: a configuration
 * column, so that tails of different sizes are never pooled nor compared), split as every
 * packet's is. A file from before 0.6's tail has no tail_* cells: nothing to compare. */
static const char *const sockloop_tail_variant_columns[] = { "proto", "nodelay", "loop", "rate", "size", "sockets", "spread",
                                                             "mode", "pacing_used", "percentile", NULL };
const wb_report_spec sockloop_tail_report = {
    SOCKLOOP_REPORT_COMMON,
    .variant_columns = sockloop_tail_variant_columns,
    .metric = "tail_lat_mean_us",
    .unit = "mean latency of the slowest packets (us)",
    .better = "lower tail latency",
    .worse = "higher tail latency",
    .split.parts = sl_tail_parts,
    .split.floors = sl_tail_floors,
    .split.whole = "tail_lat_mean_us",
    .split.whole_name = "a slowest packet's mean time from its send",
    .split.headline = "tail_lat_mean_us",
    .split.headline_name = "a slowest packet's mean time from its send",
};

