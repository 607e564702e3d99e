/* sockloop's latency split (bench/sockloop_latency.c), against its own --raw file and against
 * latency planted in each part: a sender that busy-waits before some sends (sender late), a
 * receiver that busy-waits between a wake and its read for every second packet (behind earlier
 * packets), and work in the accounting that makes packets queue (behind earlier packets, growing
 * with their place in the wake). A planted packet is compared with its unplanted neighbours of
 * the same run (medians), so that a busy machine moves both. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"
#include "wb_sort.h"
#include "wb_test_hooks.h"

static const char *const parts_raw[] = { "sender_late_us", "until_wake_us", "behind_us", "in_recv_us" };
static const char *const tail_cols[] = { "tail_sender_late_us", "tail_until_wake_us", "tail_behind_us", "tail_in_recv_us" };

/* "1234.567" (the raw file's us, written from whole ns) as ns, exactly. */
static unsigned long long ns_of(const char *text)
{
    char *end;
    unsigned long long us = strtoull(text, &end, 10), frac = 0;
    if (*end == '.') frac = strtoull(end + 1, NULL, 10);
    return us * 1000 + frac;
}

/* Every message's four parts add up to its latency from the intended send, to the nanosecond,
 * and that latency is the stamps' (received less intended); the row's means add up as well,
 * the three after the send to the mean latency from the actual send. */
static void test_adds_up(void)
{
    result r = run("sockloop", "--loop", "select", "--rate", "1000", "--duration", "1s", "--quiet", "--csv", "a.csv",
                   "--raw", "a-raw.csv", NULL);
    csv_file raw, c;
    size_t row, bad = 0, off = 0;
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    result_free(&r);
    raw = load_csv_here("a-raw.csv", ',');
    ok(raw.ok && raw.t.nrows > 900, "the raw file has %lu lines", raw.ok ? (unsigned long)raw.t.nrows : 0ul);
    for (row = 1; raw.ok && row < raw.t.nrows; row++) {
        unsigned long long sum = 0;
        double stamps;
        int k;
        for (k = 0; k < 4; k++) sum += ns_of(cell(&raw, row, parts_raw[k]));
        if (sum != ns_of(cell(&raw, row, "ilat_us"))) {
            if (bad++ == 0)
                ok(0, "seq %s: the parts %llu ns, the latency %s us", cell(&raw, row, "seq"), sum, cell(&raw, row, "ilat_us"));
        }
        stamps = num(&raw, row, "received_us") - num(&raw, row, "intended_us");
        if (stamps - num(&raw, row, "ilat_us") > 0.0025 || num(&raw, row, "ilat_us") - stamps > 0.0025) {
            if (off++ == 0)
                ok(0, "seq %s: the latency %s us, the stamps %.3f us apart", cell(&raw, row, "seq"),
                   cell(&raw, row, "ilat_us"), stamps);
        }
    }
    ok(bad == 0 && off == 0, "every message's parts add up to its latency (%lu not) and it to its stamps (%lu not)",
       (unsigned long)bad, (unsigned long)off);
    wb_csv_free(&raw.t);
    c = load_csv_here("a.csv", ',');
    row = c.ok ? row_of(&c, "rep", NULL) : 0;
    ok(row > 0, "a rep row");
    if (row > 0) {
        double after = num(&c, row, "until_wake_mean_us") + num(&c, row, "behind_mean_us") + num(&c, row, "in_recv_mean_us");
        double all = after + num(&c, row, "sender_late_mean_us");
        ok(all - num(&c, row, "ilat_mean_us") < 0.002 && num(&c, row, "ilat_mean_us") - all < 0.002,
           "the means add up: %g of %g us from the intended send", all, num(&c, row, "ilat_mean_us"));
        ok(after - num(&c, row, "lat_mean_us") < 0.002 && num(&c, row, "lat_mean_us") - after < 0.002,
           "and after the send: %g of %g us", after, num(&c, row, "lat_mean_us"));
        ok(num(&c, row, "until_wake_p99_us") >= num(&c, row, "until_wake_p50_us") &&
               num(&c, row, "until_wake_max_us") >= num(&c, row, "until_wake_p99_us"),
           "a part's p50 %g, p99 %g, max %g us", num(&c, row, "until_wake_p50_us"), num(&c, row, "until_wake_p99_us"),
           num(&c, row, "until_wake_max_us"));
    }
    wb_csv_free(&c.t);
}

/* One message of the raw file: its latency from the actual send and its parts, in ns. */
typedef struct raw_message {
    unsigned long long lat, part[4];
} raw_message;

static int slower_first(const void *a, const void *b)
{
    const unsigned long long x = ((const raw_message *)a)->lat, y = ((const raw_message *)b)->lat;
    return x < y ? 1 : x > y ? -1 : 0;
}

/* The tail's split against the raw file: its k slowest messages by the latency from the actual
 * send (k = 1% of them, rounded up), found here by sorting all of them. The row's count is k and
 * its mean latency theirs to the ns; each part's mean lies within what the tie at the edge
 * allows (QPC's 100 ns ticks make equal latencies common: which of the tied messages are in the
 * tail is the code's choice, their parts may differ), at most. The console says the same count.
 * The row's parts add up to its mean as the packets' do. */
static void tail_against_raw(const char *csv, const char *rawname, const result *r)
{
    csv_file raw = load_csv_here(rawname, ','), c = load_csv_here(csv, ',');
    raw_message *m = raw.ok ? (raw_message *)calloc(raw.t.nrows, sizeof *m) : NULL;
    double *part = raw.ok ? (double *)calloc(raw.t.nrows, sizeof *part) : NULL;
    size_t n = 0, k, row, j, first_tied, tied, rep = c.ok ? row_of(&c, "rep", NULL) : 0;
    char said[64];
    int p;
    ok(m != NULL && part != NULL && rep > 0, "the raw file and a rep row");
    if (m == NULL || part == NULL || rep == 0) goto done;
    for (row = 1; row < raw.t.nrows; row++, n++) {
        for (p = 0; p < 4; p++) m[n].part[p] = ns_of(cell(&raw, row, parts_raw[p]));
        m[n].lat = m[n].part[1] + m[n].part[2] + m[n].part[3];
    }
    qsort(m, n, sizeof *m, slower_first);
    k = (n + 99) / 100;
    ok(num(&c, rep, "tail_packets") == (double)k, "tail_packets %g: the slowest 1%% of %lu is %lu",
       num(&c, rep, "tail_packets"), (unsigned long)n, (unsigned long)k);
    if (k == 0 || k > n) goto done;
    for (first_tied = 0; m[first_tied].lat != m[k - 1].lat; first_tied++) continue;
    for (tied = 0; first_tied + tied < n && m[first_tied + tied].lat == m[k - 1].lat; tied++) continue;
    for (p = 0; p < 4; p++) {
        /* the part over the untied ones, and the least and most that k - first_tied of the tied
         * ones can add */
        double sum = 0, least = 0, most = 0, got = num(&c, rep, tail_cols[p]);
        for (j = 0; j < first_tied; j++) sum += (double)m[j].part[p];
        for (j = 0; j < tied; j++) part[j] = (double)m[first_tied + j].part[p];
        wb_sort_doubles(part, tied);
        for (j = 0; j < k - first_tied; j++) least += part[j], most += part[tied - 1 - j];
        ok(got * 1000 >= (sum + least) / (double)k - 2 && got * 1000 <= (sum + most) / (double)k + 2,
           "%s: the tail's mean %g us, the raw file's %g..%g (%lu tied at the edge)", tail_cols[p], got,
           (sum + least) / (double)k / 1000, (sum + most) / (double)k / 1000, (unsigned long)tied);
    }
    {
        double lat = 0;
        for (j = 0; j < k; j++) lat += (double)m[j].lat;
        ok(fabs(num(&c, rep, "tail_lat_mean_us") * 1000 - lat / (double)k) <= 2,
           "the tail's mean latency %g us, the raw file's slowest %lu %g us", num(&c, rep, "tail_lat_mean_us"),
           (unsigned long)k, lat / (double)k / 1000);
        ok(fabs(num(&c, rep, "tail_until_wake_us") + num(&c, rep, "tail_behind_us") + num(&c, rep, "tail_in_recv_us")
                - num(&c, rep, "tail_lat_mean_us")) < 0.002, "the tail's parts add up to its mean");
    }
    snprintf(said, sizeof said, "the slowest 1%% (%lu packets, above p99)", (unsigned long)k);
    ok(r->out && strstr(r->out, said) != NULL, "the console says \"%s\"", said);
done:
    free(m), free(part);
    wb_csv_free(&raw.t);
    wb_csv_free(&c.t);
}

static void test_tail(void)
{
    result r = run("sockloop", "--loop", "select", "--rate", "1000", "--duration", "1s", "--repeat", "1", "--percentile", "99",
                   "--csv", "t.csv", "--raw", "t-raw.csv", NULL);
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    tail_against_raw("t.csv", "t-raw.csv", &r);
    result_free(&r);
}

/* The medians of each part over the planted messages (planted(seq) 1) and over the others. */
static void medians_by(const csv_file *raw, int (*planted)(long seq), double *with, double *without)
{
    double *v[2];
    size_t n[2], row;
    int k, side;
    v[0] = (double *)malloc(raw->t.nrows * sizeof(double));
    v[1] = (double *)malloc(raw->t.nrows * sizeof(double));
    for (k = 0; k < 4 && v[0] && v[1]; k++) {
        n[0] = n[1] = 0;
        for (row = 1; row < raw->t.nrows; row++) {
            side = planted(atol(cell(raw, row, "seq")));
            v[side][n[side]++] = num(raw, row, parts_raw[k]);
        }
        with[k] = wb_median_doubles(v[1], n[1]);
        without[k] = wb_median_doubles(v[0], n[0]);
    }
    free(v[0]), free(v[1]);
}

static int every_fourth(long seq) { return seq % 4 == 0; }
static int odd(long seq) { return seq % 2 == 1; }

/* The planted part grew by the planted time within 15%, the others by under half of it (a plant
 * put on the wrong side of a stamp moves its neighbour by all of it; beside the harness's busy
 * threads a receiver that has just spun 2 ms reads 420 us slower under Wine, its server's reply
 * waiting for a CPU: the recv's own time, rightly); for
 * the sender's lateness (absolute: late by `us`, not more) the planted messages' own median is
 * `us` within 15%, and the other parts are not checked: the split cannot misplace intended ->
 * actual, and what a spinning sender does to the receiver's wake beside a busy suite is the
 * machine's (until the wait returned moved 1 ms for planted messages once in CI). Nor is the
 * sender's part for a receiver's plant: beside two busy threads the receiver's spin delayed the
 * next send by 1 ms, which is the sender's lateness, rightly. */
static void planted_in(const char *what, int hook, const char *value, int (*planted)(long), int part, double us)
{
    char csv[32], rawname[32];
    result r;
    csv_file raw;
    double with[4], without[4];
    int k;
    snprintf(csv, sizeof csv, "%s.csv", what);
    snprintf(rawname, sizeof rawname, "%s-raw.csv", what);
    r = run_env(hook, value, "sockloop", "--loop", "select", "--rate", "200", "--duration", "2s", "--quiet", "--csv", csv,
                "--raw", rawname, NULL);
    ok(r.code == 0, "%s: exit %lu: %s", what, r.code, r.err);
    result_free(&r);
    raw = load_csv_here(rawname, ',');
    if (!raw.ok || raw.t.nrows < 300) {
        ok(0, "%s: the raw file has %lu lines", what, raw.ok ? (unsigned long)raw.t.nrows : 0ul);
        wb_csv_free(&raw.t);
        return;
    }
    medians_by(&raw, planted, with, without);
    for (k = 0; k < 4; k++) {
        double grew = with[k] - without[k];
        if (k == part && part == 0)
            ok(with[k] >= 0.85 * us && with[k] <= 1.15 * us, "%s: the planted messages were %.1f us late for %.0f us planted",
               what, with[k], us);
        else if (part == 0 || k == 0)   /* the sender's own stamps: the receiver's plant cannot land there */
            continue;
        else if (k == part)
            ok(grew >= 0.85 * us && grew <= 1.15 * us, "%s: %s grew %.1f us (%.1f -> %.1f) for %.0f us planted", what,
               parts_raw[k], grew, without[k], with[k], us);
        else
            ok(grew < 0.5 * us && grew > -0.5 * us, "%s: %s moved %.1f us (%.1f -> %.1f), not the planted part", what,
               parts_raw[k], grew, without[k], with[k]);
    }
    wb_csv_free(&raw.t);
}

static void test_sender_late(void) { planted_in("late", WB_HOOK_SENDER_LATE_US, "3000,4", every_fourth, 0, 3000); }

static void test_behind(void) { planted_in("behind", WB_HOOK_RECV_BEHIND_US, "2000", odd, 2, 2000); }

/* Work in every message's accounting (300 us) at bursts the receiver cannot drain at once: in a
 * wake that found several messages already there, each waited behind the ones before it, by at
 * least that work each. */
static void test_queue_grows(void)
{
    result r = run_env(WB_HOOK_SPIN_PER_PACKET_US, "300", "sockloop", "--loop", "select", "--rate", "2000",
                       "--pacing", "timer", "--duration", "1s", "--quiet", "--csv", "q.csv", "--raw", "q-raw.csv", NULL);
    csv_file raw;
    size_t row, pairs = 0, short_steps = 0;
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    result_free(&r);
    raw = load_csv_here("q-raw.csv", ',');
    for (row = 2; raw.ok && row < raw.t.nrows; row++) {
        /* two messages of one wake (its stamp), both sent before it */
        if (strcmp(cell(&raw, row, "wake_us"), cell(&raw, row - 1, "wake_us")) != 0) continue;
        if (num(&raw, row, "actual_us") > num(&raw, row, "wake_us") || num(&raw, row - 1, "actual_us") > num(&raw, row, "wake_us"))
            continue;
        pairs++;
        if (num(&raw, row, "behind_us") - num(&raw, row - 1, "behind_us") < 0.85 * 300) short_steps++;
    }
    ok(pairs >= 20, "%lu wakes' neighbours sent before their wake", (unsigned long)pairs);
    ok(short_steps == 0, "each waited behind the one before it by the accounting's 300 us at least (%lu did not, of %lu)",
       (unsigned long)short_steps, (unsigned long)pairs);
    wb_csv_free(&raw.t);
}

/* The answer is about latency: a receiver planted 8 ms behind on every second packet in one of
 * two rates of one interleaved run (50/s and 51/s: the same load), compared round by round, has
 * its mean latency's difference placed in "behind earlier packets", most of it. (Two runs one
 * after the other, planted and not, read 138% and 220% beside the suite: the unplanted run's
 * own latency moved by more than the plant; 2 ms in one run at 200/s beside two busy threads was
 * inside the latency's spread of 4-6 ms.) Most, not all: beside two busy threads the planted
 * variant's "until the wait returned" grew too (0.5-1.5 ms to 2.2-4.5 ms a repetition, behind
 * +4.2 ms as planted): a receiver that spins 8 ms is woken later by the scheduler, which is that
 * part's, rightly; quiet, the plant held 97%. */
static void test_answer_names_behind(void)
{
    result r = run_env(WB_HOOK_RECV_BEHIND_US, "8000,51", "sockloop", "--loop", "select", "--rate", "50,51",
                       "--duration", "2s", "--repeat", "5", "--quiet", "--csv", "answer.csv", NULL);
    double share;
    ok(r.code == 0, "exit %lu: %s", r.code, r.err);
    result_free(&r);
    r = run("report", "answer.csv", "--compare", "rate=50", NULL);
    ok(r.code == 0, "report: exit %lu: %s", r.code, r.err);
    share = share_named(r.out, "a packet's mean time from its send", "behind earlier packets in its wake");
    /* or the report's honest "cannot tell": beside the harness's two busy threads (x86) the two
     * rates' latencies once spread too far for 5 repetitions (p=0.056) */
    ok((share >= 50 && share <= 130) ||
           (share != share && strstr(r.out, "no significant difference from rate=50") != NULL),
       "the planted part holds most of the difference (%g%%):\n%s", share, r.out);
    ok(strstr(r.out, "higher mean latency than rate=50") != NULL, "the headline is the latency's:\n%s", r.out);
    result_free(&r);
}

static const wbt_case cases[] = {
    { "adds_up", test_adds_up, 0 },
    { "tail", test_tail, 0 },
    { "sender_late", test_sender_late, WBT_TIMING },
    { "behind", test_behind, WBT_TIMING },
    { "queue_grows", test_queue_grows, WBT_TIMING },
    { "answer_names_behind", test_answer_names_behind, WBT_TIMING },
    { NULL, NULL, 0 }
};

int main(int argc, char **argv) { return e2e_main(cases, argc, argv); }
