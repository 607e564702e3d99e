/* End-to-end tests of the HTML report's charts, on fixture CSVs whose figures are known: the gap
 * histogram's shares, latency against offered load, the bars and their marks, a round trip's
 * words, every line of a chart and of a lab's charts drawn in a look of its own. The report's
 * figures and words are e2e_report.c's. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"
#include "e2e_report_fixtures.h"
#include "core/wb_hdr.h"
#include "wb_hist.h"

/* `winbench report CSV... --html NAME` (exit 0 checked) and the page's text, or NULL; free() it. */
static char *report_html(const char *csv, const char *csv2, const char *name)
{
    char path[MAX_PATH];
    size_t len;
    result r = csv2 ? run("report", csv, csv2, "--html", name, NULL) : run("report", csv, "--html", name, NULL);
    ok(r.code == 0, "report %s: exit %lu %s", csv, r.code, r.err);
    result_free(&r);
    path_in_dir(path, sizeof path, name);
    return read_all(path, &len);
}

/* A stalls rep row of machine `host` whose gaps are n_short of 25 us and n_long of 30 ms. */
static void gap_row(char *out, size_t cap, const char *host, unsigned n_short, unsigned n_long)
{
    wb_hist *h = (wb_hist *)calloc(1, sizeof *h);
    char *text = (char *)malloc(65536);
    unsigned i;
    if (!h || !text) {
        out[0] = '\0';
        free(h), free(text);
        return;
    }
    for (i = 0; i < n_short + n_long; i++) wb_hist_record(h, i < n_long ? 30000000 : 25000);
    wb_hdr_encode(h, text, 65536);
    snprintf(out, cap, "1,stalls,,rep,1,20,%u,1.5,%g,%g,%g,%s-1,%s,Windows 7,6.1,7601,Service Pack 1,%s\r\n",
             n_short + n_long, (double)wb_hist_percentile(h, 50) / 1000, (double)wb_hist_percentile(h, 99) / 1000,
             (double)h->max / 1000, host, host, text);
    free(text), free(h);
}

/* The share (%) a point of the gap histogram chart stands for: its y on the log axis from 1% (the
 * least share here) at the plot's foot (y 280) to 100% at its top (y 40). */
static double share_at(double y)
{
    return pow(10.0, (280.0 - y) / 240.0 * 2.0);
}

/* The gap histogram chart: A's 1000 gaps all in 20-50 us (one point, 100%); B's 990 there and
 * 10 of 30 ms (two points: 99% and 1%, the second in the 20-50 ms range). */
static void test_gap_histogram(void)
{
    static const char head[] = "schema,benchmark,label,row,rep,threshold_us,gaps,lost_pct,gap_p50_us,gap_p99_us,gap_max_us,"
                               "run_id,host,os_name,os_version,os_build,os_sp,latency_hdr\r\n";
    static char text[70000];
    char row[66000], *html, *chart, *end, *points[3] = { NULL, NULL, NULL };
    const char *at;
    double x[2][3], y[2][3];
    int line, n[2] = { 0, 0 };
    gap_row(row, sizeof row, "A", 1000, 0);
    snprintf(text, sizeof text, "%s%s", head, row);
    write_file("gaps-a.csv", text);
    gap_row(row, sizeof row, "B", 990, 10);
    snprintf(text, sizeof text, "%s%s", head, row);
    write_file("gaps-b.csv", text);
    html = report_html("gaps-a.csv", "gaps-b.csv", "gaps.html");
    if (!html) return;
    chart = strstr(html, "gap lengths, the share of the gaps in each range");
    end = chart ? strstr(chart, "</figure>") : NULL;
    ok(chart && end, "a gap histogram chart");
    if (!chart || !end) {
        free(html);
        return;
    }
    *end = '\0';
    ok(strstr(chart, ">20<") && strstr(chart, ">50<") && strstr(chart, ">20000<") && strstr(chart, ">50000<"),
       "the ranges' edges in us, 20 to 50000");
    for (at = chart, line = 0; line < 3 && (at = strstr(at, "points=\"")) != NULL; line++) points[line] = (char *)(at += 8);
    ok(points[0] && points[1] && !points[2], "a line per machine");
    for (line = 0; line < 2 && points[line]; line++)
        for (at = points[line]; n[line] < 3 && sscanf(at, "%lf,%lf", &x[line][n[line]], &y[line][n[line]]) == 2; n[line]++)
            at = strchr(at, ' ') ? strchr(at, ' ') + 1 : "\"";
    ok(n[0] == 1 && fabs(share_at(y[0][0]) - 100) < 1, "A: one point, all its gaps (%d, %g%%)", n[0], n[0] ? share_at(y[0][0]) : -1);
    ok(n[1] == 2 && fabs(share_at(y[1][0]) - 99) < 1 && fabs(share_at(y[1][1]) - 1) < 0.05,
       "B: 99%% and 1%% (%d points: %g%%, %g%%)", n[1], n[1] > 0 ? share_at(y[1][0]) : -1, n[1] > 1 ? share_at(y[1][1]) : -1);
    /* 20-50 us is the first of 10 ranges (20 us .. 50 ms), 20-50 ms the last: slots of 52 px from x 70 */
    ok(n[1] == 2 && fabs(x[1][0] - 96) < 1 && fabs(x[1][1] - 564) < 1 && n[0] == 1 && fabs(x[0][0] - 96) < 1,
       "the points in their ranges: x %g and %g", n[1] > 1 ? x[1][0] : -1, n[1] > 1 ? x[1][1] : -1);
    free(html);
}

/* Latency against offered load: a --rate list makes one line through its rates (a point per
 * rate); one rate draws no such chart. 2 s at 300/s: 600 packets, enough to bound a p99 (368
 * are; fewer and the p99 is withheld, its point with it). */
static void test_offered_load(void)
{
    result r = run("sockloop", "--loop", "select", "--rate", "300,600", "--duration", "2s", "--csv", "load.csv", "--quiet",
                   NULL);
    char *html, *chart, *line;
    ok(r.code == 0, "sockloop: exit %lu %s", r.code, r.err);
    result_free(&r);
    html = report_html("load.csv", NULL, "load.html");
    chart = html ? strstr(html, "<title>sockloop: p99 latency (us, from the actual send time) against offered load") : NULL;
    ok(chart != NULL, "the chart is there");
    line = chart ? strstr(chart, "<polyline") : NULL;
    if (line) {
        const char *points = strstr(line, "points=\"");
        int n = 0;
        const char *p;
        for (p = points ? points + 8 : line; p && *p && *p != '"'; p++) n += *p == ',';
        ok(n == 2, "one line, a point per rate: %d points", n);
    } else {
        ok(0, "a line in the chart");
    }
    free(html);
    r = run("sockloop", "--loop", "select", "--rate", "300", "--duration", "1s", "--csv", "one.csv", "--quiet", NULL);
    result_free(&r);
    html = report_html("one.csv", NULL, "one.html");
    ok(html && strstr(html, "against offered load") == NULL, "one rate: no load chart");
    free(html);
}

static void test_html(void)
{
    result r;
    static const char sig_a[] = HEAD_S
        "1,sendmsg,A,rep,1,scratch,on,same,0,100,XPVM,Windows XP,5.1,2600,Service Pack 3\r\n"
        "1,sendmsg,A,rep,2,scratch,on,same,0,102,XPVM,Windows XP,5.1,2600,Service Pack 3\r\n"
        "1,sendmsg,A,rep,3,scratch,on,same,0,101,XPVM,Windows XP,5.1,2600,Service Pack 3\r\n"
        "1,sendmsg,A,rep,4,scratch,on,same,0,104,XPVM,Windows XP,5.1,2600,Service Pack 3\r\n";
    static const char sig_b[] = HEAD_S
        "1,sendmsg,B,rep,1,scratch,on,same,0,101,VISTAVM,Windows Vista,6.0,6002,Service Pack 2\r\n"
        "1,sendmsg,B,rep,2,scratch,on,same,0,103,VISTAVM,Windows Vista,6.0,6002,Service Pack 2\r\n"
        "1,sendmsg,B,rep,3,scratch,on,same,0,100,VISTAVM,Windows Vista,6.0,6002,Service Pack 2\r\n"
        "1,sendmsg,B,rep,4,scratch,on,same,0,102,VISTAVM,Windows Vista,6.0,6002,Service Pack 2\r\n";
    write_fixtures();
    write_file("a4.csv", sig_a);   /* 4 a side, overlapping: a "no" the test can give */
    write_file("b4.csv", sig_b);
    r = run("report", "a.csv", "b.csv", "idle.csv", "a4.csv", "b4.csv", "--html", "r.html", NULL);
    ok(r.code == 0, "exit %lu %s", r.code, r.err);
    result_free(&r);
    check_html("r.html", 2);   /* sendmsg and idle */
    {   /* the not-significant A/B difference is marked, and the marking explained */
        char path[MAX_PATH], *html;
        size_t len;
        path_in_dir(path, sizeof path, "r.html");
        html = read_all(path, &len);
        ok(html && strstr(html, "class=\"nosig\"") && strstr(html, "class=\"toofew\"") &&
           strstr(html, "no significant difference</text>") && strstr(html, "cannot tell: not tested</text>"),
           "marked bars and a legend for both markings");
        free(html);
    }
    r = run("report", "a.csv", "--html", "r.html", NULL);
    ok(r.code == 2 && strstr(r.err, "--html: r.html already exists"), "never overwritten without --force: %s", r.err);
    result_free(&r);
    {   /* sockloop over time: the interval rows of 0.1's sockloop fixture, one chart for latency
         * and one for the rate, a line per loop */
        char dir[MAX_PATH], path[MAX_PATH], *html;
        size_t len;
        path_beside_exe(dir, sizeof dir, "fixtures\\v0.1\\sockloop-all-10k.csv");
        r = run("report", dir, "--html", "s.html", NULL);
        ok(r.code == 0, "sockloop fixture: exit %lu %s", r.code, r.err);
        result_free(&r);
        check_html("s.html", 4);   /* bars, percentiles, latency over time, rate over time */
        path_in_dir(path, sizeof path, "s.html");
        html = read_all(path, &len);
        ok(html && occurrences(html, "class=\"series\"") == 2 && strstr(html, "loop=select") && strstr(html, "loop=wsaevents"),
           "two series charts, a line per loop");
        free(html);
    }
}

/* A copy of `from` with every `what` replaced by `with`; free() it. */
static char *replaced(const char *from, const char *what, const char *with)
{
    size_t n = 0, lw = strlen(what), lr = strlen(with);
    const char *p;
    char *out, *o;
    for (p = strstr(from, what); p; p = strstr(p + lw, what)) n++;
    out = (char *)malloc(strlen(from) + n * (lr > lw ? lr - lw : 0) + 1);
    if (!out) return NULL;
    for (o = out, p = from; *p;)
        if (strncmp(p, what, lw) == 0) memcpy(o, with, lr), o += lr, p += lw;
        else *o++ = *p++;
    *o = '\0';
    return out;
}

/* 0.1's sockloop fixture (3 loops at 10,000/s, interval rows): its text, or NULL (said). */
static char *sockloop_fixture(void)
{
    char path[MAX_PATH], *text;
    size_t len;
    path_beside_exe(path, sizeof path, "fixtures\\v0.1\\sockloop-all-10k.csv");
    text = read_all(path, &len);
    ok(text != NULL, "fixture %s", path);
    return text;
}

/* Round trips (--peer) are named so wherever the report shows them, and never set against
 * loopback's one-way latencies as if they were alike. */
static void test_round_trips(void)
{
    char *fixture = sockloop_fixture(), *peer, *html;
    result r;
    if (!fixture) return;
    write_file("one-way.csv", fixture);
    peer = replaced(fixture, ",loopback,", ",peer,");
    free(fixture);
    if (!peer) return;
    write_file("there-and-back.csv", peer);
    free(peer);
    r = run("report", "one-way.csv", "there-and-back.csv", "--compare", "mode=loopback", "--csv", "-", NULL);
    ok(r.code == 0, "exit %lu %s", r.code, r.err);
    ok(strstr(r.out, "mean round trip (us)") != NULL && strstr(r.out, "mean latency (us)") != NULL,
       "each row in its own words:\n%s", r.out);
    ok(strstr(r.out, "not compared with mode=loopback: that is a latency, this a round trip") != NULL &&
       strstr(r.out, "times lower mean") == NULL && strstr(r.out, "times higher mean") == NULL,
       "a round trip is not set against a one-way latency:\n%s", r.out);
    result_free(&r);
    html = report_html("there-and-back.csv", NULL, "rt.html");
    ok(html && strstr(html, "round trip percentiles") && strstr(html, "interval mean round trip") &&
       strstr(html, "; round trip where mode=peer)"), "the HTML's headings say round trip");
    free(html);
}

/* The value of attribute `name` in the tag text at p (up to its '>'), into buf ("" if none). */
static const char *attr(const char *p, const char *name, char *buf, size_t cap)
{
    char key[40];
    const char *end = strchr(p, '>'), *at;
    size_t n;
    snprintf(key, sizeof key, " %s=\"", name);
    at = strstr(p, key);
    buf[0] = '\0';
    if (!at || (end && at > end)) return buf;
    at += strlen(key);
    n = strcspn(at, "\"");
    snprintf(buf, cap, "%.*s", (int)(n < cap ? n : cap - 1), at);
    return buf;
}

/* A line's or a legend key's look: "stroke dash marker-class". */
static void look_at(const char *g, char *buf, size_t cap)
{
    char stroke[40], dash[40], marker[40];
    const char *line = strstr(g, "stroke=\"") - 1, *m = strstr(g, "class=\"marker");
    attr(line, "stroke", stroke, sizeof stroke);
    attr(line, "stroke-dasharray", dash, sizeof dash);
    snprintf(marker, sizeof marker, "%.*s", m ? (int)strcspn(m + 7, "\"") : 0, m ? m + 7 : "");
    snprintf(buf, cap, "%s %s %s", stroke, dash, marker);
}

/* The look of a chart's line, kept among those seen in its chart (up to cap): how many seen
 * before look the same (0: it is unlike them all). */
static int alike_among(char (*seen)[80], int *nseen, int cap, const char *look)
{
    int i, alike = 0;
    for (i = 0; i < *nseen; i++) alike += strcmp(seen[i], look) == 0;
    if (*nseen < cap) snprintf(seen[(*nseen)++], sizeof seen[0], "%s", look);
    return alike;
}

/* Every line of every chart looks unlike the others in its chart (colour, dash and marker
 * together), carries a marker on each of its points (a series of one interval is seen), and
 * the same legend name has the same look in every chart; the time axis is ticked from 0;
 * no heading line is longer than its chart is wide (Arial bold 12 px: 6.7 px a character). */
static void test_chart_looks(void)
{
    char *fixture = sockloop_fixture(), *copy, *html, *at;
    static char names[64][120], looks[64][80];
    int nnames = 0, charts = 0, lines = 0, series_ticks_ok = 1;
    if (!fixture) return;
    write_file("looks-a.csv", fixture);
    copy = replaced(fixture, ",VM-20261130-013741,VM,", ",B-20261130-013741,B,");   /* the run from a second machine */
    if (copy) write_file("looks-b.csv", copy);
    free(copy);
    free(fixture);
    html = report_html("looks-a.csv", "looks-b.csv", "looks.html");
    ok(html != NULL, "looks.html written");
    if (!html) return;
    for (at = strstr(html, "<figure>"); at; at = strstr(at + 1, "<figure>")) {
        char *end = strstr(at, "</figure>"), *g, *tspan, width[20], seen[32][80];
        int nseen = 0, i, ticks = 0;
        if (!end) break;
        *end = '\0';
        charts++;
        attr(at + 8, "width", width, sizeof width);
        for (tspan = strstr(at, "<tspan"); tspan; tspan = strstr(tspan + 1, "<tspan")) {
            const char *text = strchr(tspan, '>') + 1;
            int chars = (int)(strstr(text, "</tspan>") - text);
            ok(70 + chars * 6.7 <= atof(width), "chart %d: a heading line of %d characters in %s px", charts, chars, width);
        }
        for (g = strstr(at, "<g class=\"line\">"); g; g = strstr(g + 1, "<g class=\"line\">")) {
            char look[80], *points = strstr(g, "points=\""), *marks = strstr(g, "class=\"marker"), *close = strstr(g, "</g></g>");
            int npoints = 0, nmarks = 0;
            const char *p;
            lines++;
            look_at(g, look, sizeof look);
            ok(alike_among(seen, &nseen, 32, look) == 0, "chart %d: two lines look alike: %s", charts, look);
            for (p = points ? points + 8 : g; *p && *p != '"'; p++) npoints += *p == ',';
            for (p = marks; p && close && p < close; p++) nmarks += !strncmp(p, "<circle", 7) || !strncmp(p, "<rect", 5) || !strncmp(p, "<path", 5);
            ok(npoints > 0 && nmarks == npoints, "chart %d, %s: %d points, %d markers", charts, look, npoints, nmarks);
        }
        for (g = strstr(at, "<g class=\"key\">"); g; g = strstr(g + 1, "<g class=\"key\">")) {
            char look[80], name[120];
            const char *text = strstr(g, "<text"), *t = text ? strchr(text, '>') + 1 : "";
            look_at(g, look, sizeof look);
            snprintf(name, sizeof name, "%.*s", (int)strcspn(t, "<"), t);
            for (i = 0; i < nnames && strcmp(names[i], name); i++) continue;
            if (i < nnames) ok(strcmp(looks[i], look) == 0, "%s: %s in one chart, %s in another", name, looks[i], look);
            else if (nnames < 64) snprintf(names[nnames], sizeof names[0], "%s", name), snprintf(looks[nnames++], sizeof looks[0], "%s", look);
        }
        if (strstr(at, "class=\"series\"")) {   /* ticks: 0 and at least two more seconds */
            const char *p;
            for (p = strstr(at, "text-anchor=\"middle\">"); p; p = strstr(p + 1, "text-anchor=\"middle\">"))
                ticks += p[21] >= '0' && p[21] <= '9';
            series_ticks_ok &= ticks >= 3 && strstr(at, "text-anchor=\"middle\">0</text>") != NULL;
        }
        *end = '<';
    }
    ok(charts == 4, "bars, percentiles and two over time: %d charts", charts);
    ok(lines == 3 * 2 * 3 && nnames == 2 * 3, "3 loops on 2 machines in 3 line charts: %d lines, %d names", lines, nnames);
    ok(series_ticks_ok, "the time axes are ticked from 0");
    free(html);
}

/* A lab of 32 machines, past the 20 that dash and marker alone tell apart: in every line chart
 * no two lines look alike, and each line says whose it is when pointed at (its <title>). */
static void test_lab_looks(void)
{
    char *fixture = sockloop_fixture(), *html, *at, path[MAX_PATH], with[64];
    int i, charts = 0, lines = 0, alike = 0, unnamed = 0;
    size_t len;
    result r;
    if (!fixture) return;
    make_folder("lab");
    for (i = 0; i < 32; i++) {
        char *copy;
        snprintf(with, sizeof with, ",M%02d-20261130-013741,M%02d,", i, i);
        copy = replaced(fixture, ",VM-20261130-013741,VM,", with);
        snprintf(path, sizeof path, "lab\\m%02d.csv", i);
        ok(copy != NULL, "no copy for %s", path);
        if (copy) write_file(path, copy);
        free(copy);
    }
    free(fixture);
    r = run("report", "lab", "--html", "lab.html", NULL);
    ok(r.code == 0, "report of 32 machines: exit %lu %s", r.code, r.err);
    result_free(&r);
    path_in_dir(path, sizeof path, "lab.html");
    html = read_all(path, &len);
    ok(html != NULL, "lab.html written");
    if (!html) return;
    for (at = strstr(html, "<figure>"); at; at = strstr(at + 1, "<figure>")) {
        static char seen[128][80];
        char *end = strstr(at, "</figure>"), *g;
        int nseen = 0;
        if (!end) break;
        *end = '\0';
        for (g = strstr(at, "<g class=\"line\">"); g; g = strstr(g + 1, "<g class=\"line\">")) {
            char look[80];
            const char *title = g + strlen("<g class=\"line\">");
            if (nseen == 0) charts++;
            lines++;
            unnamed += strncmp(title, "<title>M", 8) != 0;   /* M00..M31: the machine first */
            look_at(g, look, sizeof look);
            alike += alike_among(seen, &nseen, 128, look);
        }
        *end = '<';
    }
    ok(charts >= 3 && lines == charts * 32 * 3, "line charts of 3 loops on 32 machines: %d charts, %d lines", charts, lines);
    ok(alike == 0, "%d pairs of lines in one chart look alike", alike);
    ok(unnamed == 0, "%d lines do not say whose they are", unnamed);
    free(html);
}

static const wbt_case cases[] = {
    { "html", test_html, 0 },
    { "chart_looks", test_chart_looks, 0 },
    { "lab_looks", test_lab_looks, 0 },
    { "round_trips", test_round_trips, 0 },
    { "offered_load", test_offered_load, 0 },
    { "gap_histogram", test_gap_histogram, 0 },
    { NULL, NULL, 0 }
};

int main(int argc, char **argv)
{
    return e2e_main(cases, argc, argv);
}
