/* The --hlog sink: each repetition's latency histogram as one line of an HdrHistogram interval
 * log (HdrHistogram's HistogramLogWriter format, version 1.3), which HdrHistogram's own tools
 * and readers (HistogramLogReader in Java, C, hdr-histogram-js; HistogramLogProcessor) read:
 *     Tag=select,0.012,2.005,4.006,HISTFAAAA...
 * the tag is the variant ("select"; the benchmark's name when the run has one variant), then
 * the repetition's start (seconds after the log's StartTime), its length, its largest value
 * in milliseconds, and the histogram (values in nanoseconds). Written line by line, as the
 * CSV: a run stopped at any moment leaves every finished repetition's line. */
#include "sink.h"

#include <stdlib.h>
#include <string.h>

#include "core/wb_hdr.h"
#include "wb_console.h"
#include "wb_files.h"
#include "wb_runner.h"

typedef struct hlog_sink {
    wb_sink base;
    const wb_run_info *run;
    const wb_variant_info *variant;
    FILE *f;
    char path[MAX_PATH];
    double start_s;                /* the log's StartTime: seconds since 1970 */
    int failed, lines;
} hlog_sink;

static double seconds_since_1970(const FILETIME *ft)
{
    ULARGE_INTEGER t;
    t.LowPart = ft->dwLowDateTime;
    t.HighPart = ft->dwHighDateTime;
    return (double)(t.QuadPart - 116444736000000000ull) / 1e7;
}

static void hlog_begin(wb_sink *s, const wb_run_info *run)
{
    hlog_sink *h = (hlog_sink *)s;
    FILETIME now;
    SYSTEMTIME utc;
    h->run = run;
    GetSystemTimeAsFileTime(&now);
    FileTimeToSystemTime(&now, &utc);
    h->start_s = seconds_since_1970(&now);
    fprintf(h->f, "#[winbench %s %s: %s; values in nanoseconds]\n", WINBENCH_VERSION, run->m->name,
            run->m->latency_histogram);
    fprintf(h->f, "#[Histogram log format version 1.3]\n");
    fprintf(h->f, "#[StartTime: %.3f (seconds since epoch), %04u-%02u-%02uT%02u:%02u:%02uZ]\n", h->start_s, utc.wYear,
            utc.wMonth, utc.wDay, utc.wHour, utc.wMinute, utc.wSecond);
    fprintf(h->f, "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n");
    if (fflush(h->f) != 0) h->failed = 1;
}

static void hlog_variant(wb_sink *s, const wb_variant_info *v)
{
    ((hlog_sink *)s)->variant = v;
}

/* A tag has no commas or spaces (HdrHistogram's log grammar): anything else becomes '_'. */
static void tag_of(const hlog_sink *h, char *tag, size_t cap)
{
    char *p;
    snprintf(tag, cap, "%s", h->variant && h->variant->name[0] ? h->variant->name : h->run->m->name);
    for (p = tag; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '-' ||
              *p == '_' || *p == '.' || *p == '@' || *p == '/'))
            *p = '_';
}

static void hlog_rep(wb_sink *s, const wb_rep_result *r)
{
    hlog_sink *h = (hlog_sink *)s;
    const wb_hist *lat = r->sample->latency;
    FILETIME end;
    size_t need;
    char *text, tag[80];
    double length = r->measure.elapsed_s, start;
    if (h->failed || r->partial || lat == NULL || lat->count == 0) return;   /* a cut repetition: not an interval */
    SystemTimeToFileTime(&r->stamp.utc, &end);
    start = seconds_since_1970(&end) - length - h->start_s;
    if (start < 0) start = 0;
    need = wb_hdr_encode(lat, NULL, 0);
    if ((text = (char *)malloc(need + 1)) == NULL) {
        h->failed = 1;
        return;
    }
    wb_hdr_encode(lat, text, need + 1);
    tag_of(h, tag, sizeof tag);
    if (fprintf(h->f, "Tag=%s,%.3f,%.3f,%.3f,%s\n", tag, start, length, (double)lat->max / 1e6, text) < 0 ||
        fflush(h->f) != 0)
        h->failed = 1;
    else
        h->lines++;
    free(text);
}

static int hlog_end(wb_sink *s, int rc)
{
    hlog_sink *h = (hlog_sink *)s;
    int failed = h->failed;
    (void)rc;
    if (h->f && fclose(h->f) != 0) failed = 1;
    h->f = NULL;
    if (h->lines == 0 && !failed) DeleteFileA(h->path);   /* nothing measured: no file, as the CSV */
    if (failed)
        wb_fprintf(stderr, "winbench: %s: --hlog: writing %s failed (disk full?): its last line may be cut\n",
                   h->run ? h->run->m->name : "run", h->path);
    return 0;   /* the CSV holds every row; the log is a copy of one column */
}

static void hlog_close(wb_sink *s, const wb_run_end *e)
{
    (void)e;
    free(s);
}

/* Without --hlog: no sink (NULL, rc 0). A module without a latency histogram refuses it. */
wb_sink *wb_hlog_sink_open(const wb_run_info *run, const char *stamp, int *rc)
{
    const wb_common *common = run->common;
    hlog_sink *h;
    unsigned long code = 0;
    char msg[MAX_PATH + 300];
    (void)stamp;
    *rc = WB_EXIT_OK;
    if (common->hlog == NULL) return NULL;
    if (run->m->latency_histogram == NULL) {
        snprintf(msg, sizeof msg, "--hlog: %s keeps no latency histogram (sockloop, wakeup and stalls do)", run->m->name);
        *rc = wb_usage_error(run->m->name, msg);
        return NULL;
    }
    if ((h = (hlog_sink *)calloc(1, sizeof *h)) == NULL) {
        *rc = WB_EXIT_RUNTIME;
        wb_fprintf(stderr, "winbench: %s: out of memory\n", run->m->name);
        return NULL;
    }
    snprintf(h->path, sizeof h->path, "%s", common->hlog);
    if ((h->f = wb_create_file(h->path, common->force, &code)) == NULL) {
        *rc = wb_create_file_error("hlog", h->path, code, msg, sizeof msg);
        if (*rc == WB_EXIT_USAGE) wb_usage_error(run->m->name, msg);
        else wb_fprintf(stderr, "winbench: %s: %s\n", run->m->name, msg);
        free(h);
        return NULL;
    }
    h->base.begin = hlog_begin;
    h->base.variant = hlog_variant;
    h->base.rep = hlog_rep;
    h->base.end = hlog_end;
    h->base.close = hlog_close;
    return &h->base;
}
