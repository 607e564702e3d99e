/* `winbench report FILE.csv|DIR ...`: loads winbench CSVs (report_load.c), computes the model
 * (report_model.c) and renders it (report_table.c, report_html.c). */
#include <fcntl.h>
#include <io.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/usage.h"
#include "report.h"
#include "report_compare.h"
#include "report_gate.h"
#include "report_load.h"
#include "report_render.h"
#include "wb_test_hooks.h"
#include "wb_files.h"
#include "wb_options.h"
#include "wb_process.h"
#include "wb_console.h"

typedef struct report_config {
    const char *baseline, *compare, *fail_worse;
    int force, against, merge_machines, tail;
    /* What each output's option says (by its place in formats[]): a file's path (RP_DEST_FILE),
     * or the flag of the others. */
    const char *path[RP_FORMAT_COUNT];
    int flag[RP_FORMAT_COUNT];
} report_config;

#define R(field) offsetof(report_config, field)

/* The report's outputs, all written by one loop (write_outputs), each defined beside its
 * renderer (report_render.h): a new format (JSON, say) is its file and its name in RP_FORMATS.
 * Its option is made here, in this order, between --compare and --force. */
#define RP_FORMAT_ADDRESS(name) &rp_format_##name,
static const rp_format *const formats[RP_FORMAT_COUNT] = { RP_FORMATS(RP_FORMAT_ADDRESS) };
#undef RP_FORMAT_ADDRESS
enum { OUT_COUNT = RP_FORMAT_COUNT };

/* "--csv, --html, --md" (sep ", "): the options of the outputs that are files. */
static const char *file_options(const char *sep, char *buf, size_t cap)
{
    size_t used = 0;
    int i;
    buf[0] = '\0';
    for (i = 0; i < RP_FORMAT_COUNT && used < cap; i++)
        if (formats[i]->dest == RP_DEST_FILE)
            used += (size_t)snprintf(buf + used, cap - used, "%s--%s", used ? sep : "", formats[i]->option);
    return buf;
}

/* --baseline, --compare, an option per output that has one, --force, --against, --fail-worse:
 * made once, from formats[]. */
static wb_option report_options[2 + RP_FORMAT_COUNT + 7];

static const wb_option *report_table(void)
{
    static char force_help[200];
    char files[160];
    int i, n = 0;
    if (report_options[0].name) return report_options;
    report_options[n++] = (wb_option){ .name = "baseline", .type = WB_OPT_TEXT, .offset = R(baseline), .metavar = "NAME",
                                       .help = "label or host the others are compared to (default: the first)" };
    report_options[n++] = (wb_option){ .name = "compare", .type = WB_OPT_TEXT, .offset = R(compare),
                                       .metavar = "COLUMN[=VALUE]",
                                       .help = "compare configurations on each machine instead of machines: e.g. loop "
                                               "(each loop against the first, or loop=select against select), with the same test" };
    for (i = 0; i < RP_FORMAT_COUNT; i++) {
        const rp_format *f = formats[i];
        if (f->option == NULL) continue;
        if (f->dest == RP_DEST_FILE) {
            report_options[n++] = (wb_option){ .name = f->option, .type = WB_OPT_TEXT,
                                               .offset = R(path) + (size_t)i * sizeof(const char *), .metavar = "FILE",
                                               .help = f->help };
        } else {
            report_options[n++] = (wb_option){ .name = f->option, .type = WB_OPT_FLAG,
                                               .offset = R(flag) + (size_t)i * sizeof(int), .help = f->help };
        }
    }
    snprintf(force_help, sizeof force_help, "overwrite %s files", file_options(" / ", files, sizeof files));
    report_options[n++] = (wb_option){ .name = "force", .type = WB_OPT_FLAG, .offset = R(force), .help = force_help };
    report_options[n++] = (wb_option){ .name = "merge-machines", .type = WB_OPT_FLAG, .offset = R(merge_machines),
                                       .help = "every machine's repetitions of a configuration as one group: their "
                                               "latency histograms merged (a lab's p99 of all its packets)" };
    report_options[n++] = (wb_option){ .name = "tail", .type = WB_OPT_FLAG, .offset = R(tail),
                                       .help = "sockloop: compare the slowest packets' mean latency and its parts (each "
                                               "run's --percentile, default the slowest 1%) instead of every packet's" };
    report_options[n++] = (wb_option){ .name = "against", .type = WB_OPT_FLAG, .offset = R(against),
                                       .help = "the paths after it are the old results that those before it are held "
                                               "against (with --fail-worse: a regression gate)" };
    report_options[n++] = (wb_option){ .name = "fail-worse", .type = WB_OPT_TEXT, .offset = R(fail_worse), .metavar = "PCT",
                                       .help = "with --against: exit 3 when a configuration is PCT % worse or more, with "
                                               "p < 0.05" };
    report_options[n].name = NULL;
    return report_options;
}

/* The report's outputs as this command asks for them. The files are all created before
 * anything is read, so that a file that exists (without --force) or a folder that cannot be
 * written fails the command with nothing written; "-" is stdout (one output at most). */
typedef struct output {
    const char *option, *path;    /* path: DEST_FILE's, when asked for */
    int chosen;                   /* the others': asked for (the table: not displaced) */
    FILE *f;
    int to_stdout;
} output;

static void discard_outputs(output *outs, int n)
{
    int i;
    for (i = 0; i < n; i++) {
        if (outs[i].f && !outs[i].to_stdout) {
            fclose(outs[i].f);
            DeleteFileA(outs[i].path);
        }
        outs[i].f = NULL;
    }
}

static int open_outputs(output *outs, int n, int force)
{
    unsigned long code = 0;
    char msg[MAX_PATH + 300];
    int i, stdout_taken = 0;
    for (i = 0; i < n; i++) {
        if (outs[i].path == NULL) continue;
        if (strcmp(outs[i].path, "-") == 0) {
            if (stdout_taken++) {
                char files[160], what[256];
                discard_outputs(outs, i);
                snprintf(what, sizeof what, "only one output (%s) can be - (stdout)", file_options(", ", files, sizeof files));
                return wb_usage_error("report", what);
            }
            outs[i].f = stdout;
            outs[i].to_stdout = 1;
            fflush(stdout);
            _setmode(_fileno(stdout), _O_BINARY);   /* CSV rows carry their CRLFs */
            continue;
        }
        outs[i].f = wb_create_file(outs[i].path, force, &code);
        if (outs[i].f == NULL) {
            int usage = wb_create_file_error(outs[i].option, outs[i].path, code, msg, sizeof msg) == WB_EXIT_USAGE;
            discard_outputs(outs, i);
            if (usage) return wb_usage_error("report", msg);
            wb_fprintf(stderr, "winbench: report: %s\n", msg);
            return WB_EXIT_RUNTIME;
        }
    }
    return WB_EXIT_OK;
}

/* The index of the next path (not an option or an option's value) from i on; argc if none. */
static int next_path(int argc, char **argv, int i)
{
    for (; i < argc; i++) {
        const wb_option *o;
        int takes_value = 0;
        if (strncmp(argv[i], "--", 2) != 0) return i;
        for (o = report_table(); o->name; o++)
            if (!strcmp(argv[i] + 2, o->name) && o->type != WB_OPT_FLAG) takes_value = 1;
        i += takes_value;
    }
    return argc;
}

const wb_option *wb_report_options(void)
{
    return report_table();
}

/* Where --against stands in argv (the old results follow it), or argc. */
static int against_at(int argc, char **argv)
{
    int i;
    for (i = 0; i < argc; i++)
        if (strcmp(argv[i], "--against") == 0) return i;
    return argc;
}

/* The options (paths and options mix freely: options and their values go to the table's
 * parser) and how many paths there are. Returns WB_EXIT_OK, a usage error, or -1 for --help. */
static int parse_report_args(int argc, char **argv, report_config *cfg, int *npaths)
{
    wb_option_set set;
    char err[512], *optv[32];
    int optc = 0, i;
    memset(cfg, 0, sizeof *cfg);
    set.table = report_table();
    set.config = cfg;
    for (i = 0; i < argc; i++)
        if (wb_is_help_arg(argv[i])) return -1;
    for (i = 0; i < argc; i++) {
        const wb_option *o;
        if (strncmp(argv[i], "--", 2) != 0) continue;
        if (optc + 2 > 32) return wb_usage_error("report", "too many options");
        optv[optc++] = argv[i];
        for (o = report_table(); o->name; o++)
            if (!strcmp(argv[i] + 2, o->name) && o->type != WB_OPT_FLAG && i + 1 < argc) optv[optc++] = argv[++i];
    }
    if (wb_options_defaults(&set, 1, err, sizeof err) != 0 || wb_options_parse(&set, 1, optc, optv, err, sizeof err) != 0)
        return wb_usage_error("report", err);
    for (*npaths = 0, i = 0; (i = next_path(argc, argv, i)) < argc; i++) (*npaths)++;
    if (*npaths == 0) return wb_usage_error("report", "expected CSV files or folders to compare");
    if (cfg->against || cfg->fail_worse) {
        int at = against_at(argc, argv), before = 0, after = 0;
        char *end;
        double pct = cfg->fail_worse ? strtod(cfg->fail_worse, &end) : 0;
        for (i = 0; (i = next_path(argc, argv, i)) < argc; i++) {
            if (i < at) before++;
            else after++;
        }
        if (!cfg->against)
            return wb_usage_error("report", "--fail-worse: needs --against OLD... (the results to hold these against)");
        if (!cfg->fail_worse) return wb_usage_error("report", "--against: needs --fail-worse PCT (how much worse fails)");
        if (*end != '\0' || !(pct >= 0 && pct < 1000)) {
            snprintf(err, sizeof err, "--fail-worse: expected a percentage (e.g. 5 or 2.5), got \"%s\"", cfg->fail_worse);
            return wb_usage_error("report", err);
        }
        if (before == 0 || after == 0)
            return wb_usage_error("report", "--against: expected the new results before it and the old after it "
                                            "(NEW... --against OLD...)");
    }
    return WB_EXIT_OK;
}

/* Which outputs the options ask for, their files created; *people is where lines for people
 * go (stderr when an output is stdout: like the benchmarks, stdout then belongs to the data). */
static int prepare_outputs(const report_config *cfg, output *outs, FILE **people)
{
    int i, to_stdout = 0, displaced = -1, rc;
    memset(outs, 0, OUT_COUNT * sizeof *outs);
    for (i = 0; i < OUT_COUNT; i++) {
        outs[i].option = formats[i]->option;
        if (formats[i]->dest == RP_DEST_FILE) {
            outs[i].path = cfg->path[i];
            to_stdout |= outs[i].path && !strcmp(outs[i].path, "-");
        } else if (formats[i]->dest != RP_DEST_PEOPLE) {
            outs[i].chosen = cfg->flag[i];
            if (outs[i].chosen && formats[i]->dest == RP_DEST_STDOUT) displaced = i;
        }
    }
    for (i = 0; i < OUT_COUNT; i++)
        if (formats[i]->dest == RP_DEST_PEOPLE) outs[i].chosen = displaced < 0;
    if (to_stdout && displaced >= 0) {
        char err[160];
        snprintf(err, sizeof err, "--%s prints the table on stdout, which an output of - takes", formats[displaced]->option);
        return wb_usage_error("report", err);
    }
    rc = open_outputs(outs, OUT_COUNT, cfg->force);
    *people = to_stdout ? stderr : stdout;
    return rc;
}

/* Every CSV under the paths; the outputs just created are not inputs, even inside a folder
 * being read. */
static void load_inputs(rp_report *r, int argc, char **argv, const output *outs, int from, int to)
{
    static const char *exclude[OUT_COUNT + 1];
    int i, n = 0;
    for (i = 0; i < OUT_COUNT; i++)
        if (outs[i].f && !outs[i].to_stdout) exclude[n++] = outs[i].path;
    exclude[n] = NULL;
    r->exclude = exclude;
    for (i = from; (i = next_path(argc, argv, i)) < to; i++) rp_load_path(r, argv[i]);
}


/* --compare's column (and value) against what was read: 0, or -1 with the columns that can be
 * compared, benchmark by benchmark, in err. */
static int compare_column_known(const rp_report *r, char *err, size_t cap)
{
    size_t k, used;
    int found = 0, b, listed = 0, valued = r->compare_value[0] == '\0';
    char value[64];
    for (k = 0; k < r->ngroups; k++) {
        found |= rp_module_has_column(r->groups[k].m, r->compare_column);
        if (!valued && rp_module_has_column(r->groups[k].m, r->compare_column) &&
            rp_group_value(&r->groups[k], r->compare_column, value, sizeof value))
            valued = strcmp(value, r->compare_value) == 0;
    }
    if (found && valued) return 0;
    if (found) {
        snprintf(err, cap, "--compare: no configuration in these results has %s=%s", r->compare_column, r->compare_value);
        return -1;
    }
    used = (size_t)snprintf(err, cap, "--compare: no benchmark in these results has a column \"%s\"; they can compare",
                            r->compare_column);
    for (b = 0; wb_modules[b] && used < cap; b++) {
        const char *const *col = wb_module_report(wb_modules[b])->variant_columns;
        if (rp_first_group(r, wb_modules[b], -1) == NULL) continue;
        used += (size_t)snprintf(err + used, cap - used, "%s %s:", listed++ ? ";" : "", wb_modules[b]->name);
        for (k = 0; col[k] && used < cap; k++) used += (size_t)snprintf(err + used, cap - used, " %s", col[k]);
    }
    return -1;
}

/* --baseline and --compare against what was read: WB_EXIT_OK or a usage error. */
static int settle_comparison(rp_report *r, const report_config *cfg)
{
    char err[1024];
    r->baseline = rp_pick_baseline(r, cfg->baseline);
    if (r->baseline < 0) {
        snprintf(err, sizeof err, "--baseline: no machine \"%s\" in these results (its name as the report shows it, "
                 "its label or its host)", cfg->baseline);
        return wb_usage_error("report", err);
    }
    if (cfg->compare) {   /* "loop" or "loop=select" */
        const char *eq = strchr(cfg->compare, '=');
        static char column[64];
        snprintf(column, sizeof column, "%.*s", (int)(eq ? (size_t)(eq - cfg->compare) : strlen(cfg->compare)),
                 cfg->compare);
        r->compare_column = column;
        if (eq) snprintf(r->compare_value, sizeof r->compare_value, "%s", eq + 1);
        if (!column[0] || (eq && !eq[1]))
            return wb_usage_error("report", "--compare: expected COLUMN or COLUMN=VALUE, e.g. loop or loop=select");
        if (compare_column_known(r, err, sizeof err) != 0) return wb_usage_error("report", err);
    }
    return WB_EXIT_OK;
}

/* Each chosen output, in the table's order, by its renderer. */
static int write_outputs(const rp_report *r, output *outs, FILE *people)
{
    int i, rc = WB_EXIT_OK;
    for (i = 0; i < OUT_COUNT; i++) {
        int bad;
        switch (formats[i]->dest) {
        case RP_DEST_PEOPLE:
            if (outs[i].chosen && formats[i]->write(r, people) != 0) rc = WB_EXIT_RUNTIME;
            continue;
        case RP_DEST_STDOUT:
            if (!outs[i].chosen) continue;
            fflush(stdout);
            {   /* a table's text has its CRLFs already; lines for people get the CRT's; the mode is
                 * given back (winbench all goes on printing after its answers) */
                int mode = _setmode(_fileno(stdout), formats[i]->crlf_own ? _O_BINARY : _O_TEXT);
                if (formats[i]->write(r, stdout) != 0 || fflush(stdout) != 0) rc = WB_EXIT_RUNTIME;
                if (mode != -1) _setmode(_fileno(stdout), mode);
            }
            continue;
        case RP_DEST_CLIPBOARD:
            if (outs[i].chosen && formats[i]->write(r, stderr) != 0) rc = WB_EXIT_RUNTIME;
            continue;
        case RP_DEST_FILE:
            break;
        }
        if (outs[i].f == NULL) continue;
        bad = formats[i]->write(r, outs[i].f) != 0;
        if (outs[i].to_stdout) bad |= fflush(stdout) != 0;
        else bad |= fclose(outs[i].f) != 0;
        if (bad) {
            wb_fprintf(stderr, "winbench: report: writing %s failed (disk full?)\n", outs[i].path);
            rc = WB_EXIT_RUNTIME;
        } else if (!outs[i].to_stdout) {
            wb_fprintf(people, "%s: %s\n", formats[i]->label, outs[i].path);
        }
        outs[i].f = NULL;
    }
    return rc;
}

/* --against OLD... --fail-worse PCT: the old results loaded on their own, and every
 * configuration of the new held against them. Exit 3 when any is worse by PCT or more. */
static int run_gate(const rp_report *newer, const report_config *cfg, int argc, char **argv, const output *outs,
                    FILE *people)
{
    rp_report old;
    int rc = WB_EXIT_OK, worse;
    memset(&old, 0, sizeof old);
    old.merge_machines = cfg->merge_machines;
    load_inputs(&old, argc, argv, outs, against_at(argc, argv) + 1, argc);
    if (old.ngroups == 0) {
        if (old.files_failed == 0) wb_fprintf(stderr, "winbench: report: --against: no repetitions in the old results\n");
        rp_report_free(&old);
        return WB_EXIT_RUNTIME;
    }
    rp_report_finish(&old);
    worse = rp_gate(newer, &old, strtod(cfg->fail_worse, NULL), people);
    wb_fprintf(people, "\n");
    if (old.files_failed) rc = WB_EXIT_RUNTIME;
    else if (worse) rc = WB_EXIT_WORSE;
    rp_report_free(&old);
    return rc;
}

/* `--export KIND FILE` (gbench, bmf, gab-smaller, gab-bigger) is said as the trackers' users
 * look for it and read as the format's own option, `--export-KIND FILE`: argv with each such
 * pair made one word, in *words (the caller frees the array). 0, or the usage error's exit
 * code. */
static int export_words(int argc, char **argv, char ***words)
{
    static char dashed[RP_FORMAT_COUNT][48];   /* "--export-gbench": the formats' options */
    char **w = (char **)calloc((size_t)argc + 1, sizeof *w);
    int i, n = 0, k, known;
    if (!w) return WB_EXIT_RUNTIME;
    *words = w;
    for (i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--export") != 0) {
            w[n++] = argv[i];
            continue;
        }
        if (i + 1 >= argc) return wb_usage_error("report", "--export: which? gbench, bmf, gab-smaller or gab-bigger, then a FILE");
        for (known = -1, k = 0; k < RP_FORMAT_COUNT; k++)
            if (formats[k]->option && !strncmp(formats[k]->option, "export-", 7) && !strcmp(formats[k]->option + 7, argv[i + 1]))
                known = k;
        if (known < 0) {
            char what[200];
            snprintf(what, sizeof what, "--export: no export \"%.60s\" (gbench, bmf, gab-smaller, gab-bigger)", argv[i + 1]);
            return wb_usage_error("report", what);
        }
        snprintf(dashed[known], sizeof dashed[known], "--%s", formats[known]->option);
        w[n++] = dashed[known];
        i++;
    }
    return WB_EXIT_OK;
}

static int report_words(int argc, char **argv);

int wb_report(int argc, char **argv)
{
    char **words = NULL;
    int rc = export_words(argc, argv, &words), n = 0;
    while (words && n < argc && words[n]) n++;
    if (rc == WB_EXIT_OK) rc = report_words(n, words);
    free(words);
    return rc;
}

static int report_words(int argc, char **argv)
{
    report_config cfg;
    rp_report r;
    output outs[OUT_COUNT];
    int rc, npaths = 0, gate_rc = WB_EXIT_OK;
    FILE *people = stdout;
    LARGE_INTEGER t0, t1, hz;

    QueryPerformanceCounter(&t0);
    rc = parse_report_args(argc, argv, &cfg, &npaths);
    if (rc != WB_EXIT_OK) return rc;
    /* The table is written cell by cell: unbuffered (the CRT's stdout to a file or pipe), each
     * cell was a write of its own, and under Wine a console-mode query besides: 89,000 of them
     * made a 136-file report take 15 s, 1.2 s buffered. It is all written at the end anyway. */
    setvbuf(stdout, NULL, _IOFBF, 1 << 16);
    /* Every output is checked before anything is read: nothing is written when one cannot be. */
    rc = prepare_outputs(&cfg, outs, &people);
    if (rc != WB_EXIT_OK) return rc;
    memset(&r, 0, sizeof r);
    r.merge_machines = cfg.merge_machines;
    wb_module_report_tails(cfg.tail);
    load_inputs(&r, argc, argv, outs, 0, against_at(argc, argv));
    if (r.ngroups == 0) {
        /* Each failed file has had its line; say more only when nothing failed. */
        if (r.files_failed == 0) wb_fprintf(stderr, "winbench: report: no repetitions to compare in these files\n");
        rc = WB_EXIT_RUNTIME;
    } else {
        rc = settle_comparison(&r, &cfg);
    }
    if (rc != WB_EXIT_OK) {
        rp_report_free(&r);
        discard_outputs(outs, OUT_COUNT);
        return rc;
    }
    rp_report_finish(&r);
    /* the gate's verdict first: a CI log's reader looks for it, not for the report under it */
    if (cfg.against) gate_rc = run_gate(&r, &cfg, argc, argv, outs, people);
    rc = write_outputs(&r, outs, people);
    if (r.files_failed && rc == WB_EXIT_OK) rc = WB_EXIT_RUNTIME;   /* said on stderr, file by file */
    if (rc == WB_EXIT_OK) rc = gate_rc;
    /* WINBENCH_REPORT_TIMING: the report's own time, reading to the last output, without the
     * process's start (under Wine most of a small report's wall time, and its noise):
     * tests/report-scale.sh compares it with tests/ref/read_files.c's own. */
    fflush(stdout);
    QueryPerformanceCounter(&t1);
    QueryPerformanceFrequency(&hz);
    if (wb_report_timing_wanted())
        wb_fprintf(stderr, "report-timing: %lu files in %.1f ms\n", (unsigned long)r.files_loaded,
                   (double)(t1.QuadPart - t0.QuadPart) * 1000.0 / (double)hz.QuadPart);
    rp_report_free(&r);
    return rc;
}
