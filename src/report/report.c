/* `winbench report FILE.csv|DIR ...`: loads winbench CSVs (report_load.c), computes the model
 * (report_model.c) and renders it (report_table.c, report_html.c). */
#include <fcntl.h>
#include <io.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/usage.h"
#include "report.h"
#include "report_load.h"
#include "report_render.h"
#include "wb_files.h"
#include "wb_options.h"

typedef struct report_config {
    const char *baseline, *csv, *html;
    int tsv, clip, force;
} report_config;

#define R(field) offsetof(report_config, field)
static const wb_option report_options[] = {
    { .name = "baseline", .type = WB_OPT_TEXT, .offset = R(baseline), .metavar = "NAME",
      .help = "label or host the others are compared to (default: the first)" },
    { .name = "tsv", .type = WB_OPT_FLAG, .offset = R(tsv),
      .help = "print the table tab-separated" },
    { .name = "csv", .type = WB_OPT_TEXT, .offset = R(csv), .metavar = "FILE",
      .help = "also write the table as CSV" },
    { .name = "clip", .type = WB_OPT_FLAG, .offset = R(clip),
      .help = "put the table on the clipboard (paste into Excel)" },
    { .name = "html", .type = WB_OPT_TEXT, .offset = R(html), .metavar = "FILE",
      .help = "write a self-contained HTML report with charts" },
    { .name = "force", .type = WB_OPT_FLAG, .offset = R(force),
      .help = "overwrite --csv / --html files" },
    { .name = NULL }
};

static FILE *create_output(const char *path, int force, const char *option, int *rc)
{
    unsigned long code = 0;
    char msg[MAX_PATH + 300];
    FILE *f = wb_create_file(path, force, &code);
    if (f == NULL) {
        if (wb_create_file_error(option, path, code, msg, sizeof msg) == WB_EXIT_USAGE) {
            *rc = wb_usage_error("report", msg);
        } else {
            fprintf(stderr, "winbench: report: %s\n", msg);
            *rc = WB_EXIT_RUNTIME;
        }
    }
    return f;
}

int wb_report(int argc, char **argv)
{
    report_config cfg;
    wb_option_set set;
    rp_report r;
    char err[512], *optv[32];
    int optc = 0, i, rc = WB_EXIT_OK, npaths = 0;

    memset(&cfg, 0, sizeof cfg);
    memset(&r, 0, sizeof r);
    set.table = report_options;
    set.config = &cfg;
    /* Paths and options mix freely: options (and their values) go to the table's parser. */
    for (i = 0; i < argc; i++) {
        const wb_option *o;
        if (strncmp(argv[i], "--", 2) != 0) continue;
        if (optc + 2 > 32) return wb_usage_error("report", "too many options");
        optv[optc++] = argv[i];
        for (o = report_options; o->name; o++)
            if (!strcmp(argv[i] + 2, o->name) && o->type != WB_OPT_FLAG && i + 1 < argc) optv[optc++] = argv[++i];
    }
    if (wb_options_defaults(&set, 1, err, sizeof err) != 0 || wb_options_parse(&set, 1, optc, optv, err, sizeof err) != 0)
        return wb_usage_error("report", err);
    for (i = 0; i < argc; i++) {
        const wb_option *o;
        int takes_value = 0;
        if (strncmp(argv[i], "--", 2) == 0) {
            for (o = report_options; o->name; o++)
                if (!strcmp(argv[i] + 2, o->name) && o->type != WB_OPT_FLAG) takes_value = 1;
            i += takes_value;
            continue;
        }
        rp_load_path(&r, argv[i]);
        npaths++;
    }
    if (npaths == 0) return wb_usage_error("report", "expected CSV files or folders to compare");
    if (r.ngroups == 0) {
        /* Each failed file has had its line; say more only when nothing failed. */
        if (r.files_failed == 0) fprintf(stderr, "winbench: report: no repetitions to compare in these files\n");
        rp_report_free(&r);
        return WB_EXIT_RUNTIME;
    }
    r.baseline = rp_pick_baseline(&r, cfg.baseline);
    if (r.baseline < 0) {
        snprintf(err, sizeof err, "--baseline: no label or host \"%s\" in these results", cfg.baseline);
        rp_report_free(&r);
        return wb_usage_error("report", err);
    }
    rp_model_finish(&r);

    {
        char *tsv = rp_tsv_text(&r);
        if (tsv == NULL) rc = WB_EXIT_RUNTIME;
        else if (cfg.tsv) {
            fflush(stdout);
            _setmode(_fileno(stdout), _O_BINARY);   /* the text has its CRLFs already */
            fputs(tsv, stdout);
        }
        else rp_print_table(&r, stdout);
        if (tsv && cfg.clip && rp_to_clipboard(tsv) != 0) rc = WB_EXIT_RUNTIME;
        free(tsv);
    }
    if (cfg.csv) {
        FILE *f = create_output(cfg.csv, cfg.force, "csv", &rc);
        if (f && (rp_write_csv(&r, f) != 0 || fclose(f) != 0)) rc = WB_EXIT_RUNTIME;
    }
    if (cfg.html) {
        FILE *f = create_output(cfg.html, cfg.force, "html", &rc);
        if (f && (rp_write_html(&r, f) != 0 || fclose(f) != 0)) rc = WB_EXIT_RUNTIME;
    }
    if (r.files_failed && rc == WB_EXIT_OK) rc = WB_EXIT_RUNTIME;   /* said on stderr, file by file */
    rp_report_free(&r);
    return rc;
}
