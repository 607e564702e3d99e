/* `winbench all`: the standard suite. Every benchmark configuration worth comparing between
 * machines, one CSV per run, all in one folder and sharing one run id, so that `winbench
 * report` can put several machines side by side. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/wb_runner.h"
#include "commands.h"
#include "wb_process.h"
#include "win/wb_sysinfo.h"
#include "wb_console.h"

typedef struct suite_config {
    int quick, force;
    uint64_t repeat;
    const char *out, *label, *only, *skip, *resume, *json;
} suite_config;

#define S(field) offsetof(suite_config, field)
static const wb_option suite_options[] = {
    { .name = "quick", .type = WB_OPT_FLAG, .offset = S(quick),
      .help = "short runs: the whole suite in under 2 minutes" },
    { .name = "out", .type = WB_OPT_TEXT, .offset = S(out), .metavar = "DIR",
      .help = "folder for the CSVs (default results\\<host>, or results\\<host>-<label> with --label)" },
    { .name = "label", .type = WB_OPT_TEXT, .offset = S(label), .metavar = "TEXT",
      .help = "stored in every row (e.g. the VM's name)" },
    { .name = "repeat", .type = WB_OPT_COUNT, .offset = S(repeat), .def = "0", .max = 100000, .metavar = "N",
      .help = "timed repetitions of every run (0: each run's own: 5 in the full suite, 1-3 with --quick)" },
    { .name = "force", .type = WB_OPT_FLAG, .offset = S(force),
      .help = "overwrite CSVs (and --json's file) of the same name" },
    { .name = "json", .type = WB_OPT_TEXT, .offset = S(json), .metavar = "FILE",
      .help = "also every run as JSON: each beside its CSV, all of them in FILE (docs/json.md), written when the suite ends" },
    { .name = "only", .type = WB_OPT_TEXT, .offset = S(only), .metavar = "RUN[,RUN...]",
      .help = "only these runs: a benchmark (sockloop), a run's name (scratch-off-same) or both (sendmsg-scratch-off-same)" },
    { .name = "skip", .type = WB_OPT_TEXT, .offset = S(skip), .metavar = "RUN[,RUN...]",
      .help = "every run but these (named as for --only)" },
    { .name = "resume", .type = WB_OPT_TEXT, .offset = S(resume), .metavar = "DIR",
      .help = "go on with the suite whose CSVs are in DIR: runs whose CSV has every variant's summary are kept, the others run again" },
    { .name = NULL }
};

/* One run: the benchmark, a short name for the file, and its options for the full suite and
 * for --quick (NULL-terminated lists). */
typedef struct suite_run {
    const char *bench, *name;
    const char *full[12], *quick[12];
} suite_run;

#define SENDMSG(t, th, x, n_full, n_quick)                                                        \
    { "sendmsg", t "-" th "-" x,                                                                  \
      { "--target", t, "--themes", th, "--thread", x, "--iterations", n_full, "--repeat", "5", NULL }, \
      { "--target", t, "--themes", th, "--thread", x, "--iterations", n_quick, "--repeat", "3", NULL } }

static const suite_run suite[] = {
    /* First, so that every suite carries its machine's calibration: can its numbers be trusted? */
    { "calibrate", "machine", { "--duration", "3s", NULL },
      { "--duration", "1s", "--sleeps", "10", "--duty-time", "600ms", NULL } },
    /* and is it the machine? the time a running thread does not get, on every CPU */
    { "stalls", "cpus", { "--duration", "5s", NULL }, { "--duration", "1s", NULL } },
    SENDMSG("scratch", "off", "same", "1M", "100k"), SENDMSG("scratch", "on", "same", "1M", "100k"),
    SENDMSG("button", "off", "same", "1M", "100k"),  SENDMSG("button", "on", "same", "1M", "100k"),
    SENDMSG("mfc", "off", "same", "1M", "100k"),     SENDMSG("mfc", "on", "same", "1M", "100k"),
    SENDMSG("scratch", "off", "cross", "50k", "2k"), SENDMSG("scratch", "on", "cross", "50k", "2k"),
    SENDMSG("button", "off", "cross", "50k", "2k"),  SENDMSG("button", "on", "cross", "50k", "2k"),
    SENDMSG("mfc", "off", "cross", "50k", "2k"),     SENDMSG("mfc", "on", "cross", "50k", "2k"),
    /* The full suite gives every comparison 5 repetitions: with fewer than 4 a side the report's
     * rank test cannot reach p < 0.05 and says "cannot tell". --quick is a first look (1-3). */
    { "idle", "case1", { "--case", "1", "--repeat", "5", NULL }, { "--case", "1", "--duration", "3s", "--repeat", "1", NULL } },
    { "idle", "case2", { "--case", "2", "--repeat", "5", NULL }, { "--case", "2", "--duration", "3s", "--repeat", "1", NULL } },
    { "idle", "case3", { "--case", "3", "--repeat", "5", NULL }, { "--case", "3", "--duration", "3s", "--repeat", "1", NULL } },
    /* every wake-up source this Windows has (before Windows 10 1803: no hires, skipped with a note),
     * 5 repetitions each as every other comparison of the full suite has */
    { "wakeup", "all", { "--duration", "1s", "--repeat", "5", NULL }, { "--duration", "0.3s", "--interval", "0.15s", NULL } },
    /* --loop all: every backend this Windows has (XP: no WSAPoll, skipped with a note) */
    { "sockloop", "all", { "--loop", "all", "--rate", "10000", "--duration", "10", "--repeat", "5", NULL },
      { "--loop", "all", "--rate", "10000", "--duration", "1s", "--interval", "0.5s", NULL } },
};

const char *wb_suite_summary(void)
{
    static char text[400];
    size_t i, j, used, n = sizeof suite / sizeof suite[0];
    if (text[0]) return text;
    used = (size_t)snprintf(text, sizeof text, "the standard suite, %lu runs:", (unsigned long)n);
    for (i = 0; i < n && used < sizeof text; i = j) {   /* each benchmark once, in the order it runs */
        for (j = i + 1; j < n && strcmp(suite[j].bench, suite[i].bench) == 0; j++) {}
        used += (size_t)snprintf(text + used, sizeof text - used, "%s %s", i ? "," : "", suite[i].bench);
        if (j - i > 1 && used < sizeof text) used += (size_t)snprintf(text + used, sizeof text - used, " x%lu", (unsigned long)(j - i));
    }
    if (used < sizeof text) snprintf(text + used, sizeof text - used, "; one CSV per run into one folder");
    return text;
}

/* 1 when item names the run: its benchmark, its name, or "benchmark-name". */
static int names_run(const char *item, size_t len, const suite_run *run)
{
    size_t b = strlen(run->bench);
    if ((strlen(run->name) == len && strncmp(item, run->name, len) == 0) ||
        (b == len && strncmp(item, run->bench, len) == 0))
        return 1;
    return len == b + 1 + strlen(run->name) && strncmp(item, run->bench, b) == 0 && item[b] == '-' &&
           strncmp(item + b + 1, run->name, len - b - 1) == 0;
}

/* 1 when one of list's comma-separated items names the run. */
static int listed(const char *list, const suite_run *run)
{
    const char *p = list;
    while (*p) {
        size_t len = strcspn(p, ",");
        if (len && names_run(p, len, run)) return 1;
        p += len;
        if (*p == ',') p++;
    }
    return 0;
}

/* Every item of --only / --skip names a run: 0, or -1 with the one that does not in err. */
static int check_listed(const char *option, const char *list, char *err, size_t cap)
{
    const char *p = list;
    while (list && *p) {
        size_t len = strcspn(p, ","), i, found = 0;
        for (i = 0; i < sizeof suite / sizeof suite[0]; i++) found |= (size_t)names_run(p, len, &suite[i]);
        if (!found) {
            snprintf(err, cap, "--%s: no run is called \"%.*s\" (a benchmark, e.g. sockloop, or a run as its CSV names "
                     "it, e.g. scratch-off-same)", option, (int)len, p);
            return -1;
        }
        p += len;
        if (*p == ',') p++;
    }
    return 0;
}

/* CreateDirectory for every missing level of a relative or absolute path. */
static int make_dirs(const char *path)
{
    char buf[MAX_PATH];
    size_t i, n = strlen(path);
    if (n == 0 || n >= sizeof buf) return -1;
    memcpy(buf, path, n + 1);
    for (i = 1; i <= n; i++) {
        if (buf[i] == '\\' || buf[i] == '/' || buf[i] == '\0') {
            char c = buf[i];
            buf[i] = '\0';
            if (!(i == 2 && buf[1] == ':') && !CreateDirectoryA(buf, NULL) &&
                GetLastError() != ERROR_ALREADY_EXISTS) {
                buf[i] = c;
                return -1;
            }
            buf[i] = c;
        }
    }
    return 0;
}

/* What one run of the suite is given: its options (--repeat replaced by the suite's when one
 * is given), the CSV, the run id and label, --force, the calibration's verdicts so far, and
 * --quiet. Returns how many of args it filled (at most 32). */
static int run_args(const suite_config *cfg, const char *const *opts, char *repeat_text, char *csv, char *json,
                    char *run_id, char *calibration, char **args)
{
    int a = 0, k;
    {   /* the run's options, --repeat replaced by the suite's when one is given */
        int has_repeat = 0;
        for (k = 0; opts[k]; k++) {
            args[a++] = (char *)opts[k];
            if (cfg->repeat && strcmp(opts[k], "--repeat") == 0 && opts[k + 1]) {
                args[a++] = repeat_text;
                k++;
                has_repeat = 1;
            }
        }
        if (cfg->repeat && !has_repeat) {
            args[a++] = (char *)"--repeat";
            args[a++] = repeat_text;
        }
    }
    args[a++] = (char *)"--csv";
    args[a++] = csv;
    if (cfg->json) {
        args[a++] = (char *)"--json";
        args[a++] = json;
    }
    args[a++] = (char *)"--run-id";
    args[a++] = run_id;
    if (cfg->label) {
        args[a++] = (char *)"--label";
        args[a++] = (char *)cfg->label;
    }
    if (cfg->force) args[a++] = (char *)"--force";
    if (calibration[0]) {
        args[a++] = (char *)"--calibration";
        args[a++] = calibration;
    }
    args[a++] = (char *)"--quiet";
    return a;
}

const wb_option *wb_suite_options(void)
{
    return suite_options;
}

/* --resume found a run's file cut short: it runs again. */
static void say_incomplete(const char *path, const char *why)
{
    wb_printf("winbench all: %s %s: runs again (that file is now %s.incomplete, out of the report's way)\n", path, why,
              path);
}

/* What the suite carries from run to run. */
typedef struct suite_state {
    suite_config cfg;
    wb_sysinfo si;
    char out[MAX_PATH], run_id[128], stamp[32], sep, repeat_text[32];
    unsigned char chosen[sizeof suite / sizeof suite[0]];
    size_t n, done;
    int failures, skips;
    char calibration[256];        /* calibrate's verdicts (this suite's, or the folder's last), for every later row */
    wb_suite_json json;           /* --json: the runs' documents */
    wb_suite_end end;             /* the answers and the layers, at the end */
    wb_deferred warnings;         /* the runs' warnings, each kind once, said at the end */
} suite_state;

/* The options, checked: WB_EXIT_OK, a usage error, or -1 for --help. */
static int parse_suite(suite_state *st, int argc, char **argv)
{
    suite_config *cfg = &st->cfg;
    wb_option_set set;
    char err[512];
    size_t i, total = sizeof suite / sizeof suite[0];
    set.table = suite_options;
    set.config = cfg;
    for (i = 0; i < (size_t)argc; i++)
        if (wb_is_help_arg(argv[i])) return -1;
    if (wb_options_defaults(&set, 1, err, sizeof err) != 0 || wb_options_parse(&set, 1, argc, argv, err, sizeof err) != 0)
        return wb_usage_error("all", err);
    if (check_listed("only", cfg->only, err, sizeof err) != 0 || check_listed("skip", cfg->skip, err, sizeof err) != 0)
        return wb_usage_error("all", err);
    for (i = 0; i < total; i++) {
        st->chosen[i] = (unsigned char)((!cfg->only || listed(cfg->only, &suite[i])) && !(cfg->skip && listed(cfg->skip, &suite[i])));
        st->n += st->chosen[i];
    }
    if (st->n == 0) return wb_usage_error("all", "--only and --skip leave no run");
    if (cfg->resume && cfg->out) return wb_usage_error("all", "--resume names the folder already: drop --out");
    if (cfg->resume && GetFileAttributesA(cfg->resume) == INVALID_FILE_ATTRIBUTES) {
        snprintf(err, sizeof err, "--resume: %s: no such folder", cfg->resume);
        return wb_usage_error("all", err);
    }
    if (cfg->resume) cfg->out = cfg->resume;
    if (cfg->json && !cfg->force && GetFileAttributesA(cfg->json) != INVALID_FILE_ATTRIBUTES) {
        snprintf(err, sizeof err, "--json: %s already exists (add --force to overwrite it)", cfg->json);
        return wb_usage_error("all", err);
    }
    return WB_EXIT_OK;
}

/* results\<host>, or results\<host>-<label>: each VM's folder its own when the folders are
 * gathered, even when two VMs of one template share a computer name. A folder of that name that
 * holds another machine's results (the same name, unlabelled) is left alone: -2, -3, ... */
static void default_folder(suite_state *st)
{
    char why[MAX_PATH + 128];
    int n;
    snprintf(st->out, sizeof st->out, "results\\%s%s%s", st->si.host, st->cfg.label ? "-" : "", st->cfg.label ? st->cfg.label : "");
    for (n = 2; n < 100 && wb_suite_folder_of_another(st->out, '\\', &st->si, why, sizeof why); n++) {
        wb_printf("winbench all: %s: these go elsewhere (give each VM a --label to name its folder)\n", why);
        snprintf(st->out, sizeof st->out, "results\\%s%s%s-%d", st->si.host, st->cfg.label ? "-" : "",
                 st->cfg.label ? st->cfg.label : "", n);
    }
}

/* The run id, the folder (made), the first lines. WB_EXIT_OK or a runtime error (said). */
static int start_suite(suite_state *st)
{
    const suite_config *cfg = &st->cfg;
    snprintf(st->repeat_text, sizeof st->repeat_text, "%llu", (unsigned long long)cfg->repeat);
    wb_sysinfo_read(&st->si);
    wb_local_stamp(WB_STAMP_COMPACT, st->stamp, sizeof st->stamp);
    snprintf(st->run_id, sizeof st->run_id, "%s-%s-%lu%s%s", st->si.host, st->stamp, (unsigned long)GetCurrentProcessId(),
             cfg->label ? "-" : "", cfg->label ? cfg->label : "");
    if (cfg->out) snprintf(st->out, sizeof st->out, "%s", cfg->out);
    else default_folder(st);
    if (make_dirs(st->out) != 0) {
        wb_error e;
        char call[MAX_PATH + 32];
        snprintf(call, sizeof call, "CreateDirectory(%s)", st->out);
        wb_error_win32(&e, call, GetLastError());
        wb_fprintf(stderr, "winbench: all: %s\n", e.what);
        return WB_EXIT_RUNTIME;
    }
    /* the files join the folder with the separator it was typed with (/tmp/x/winbench-...,
     * not /tmp/x\winbench-...: Windows takes both, a reader of the paths should see one) */
    st->sep = strchr(st->out, '/') && !strchr(st->out, '\\') ? '/' : '\\';
    wb_printf("winbench all%s: %lu runs into %s (run id %s)\n", cfg->quick ? " --quick" : "", (unsigned long)st->n, st->out,
              st->run_id);
    if (st->si.wow64)   /* said once here; every row's wow64 column says it too */
        wb_printf("winbench all: an x86 winbench on 64-bit Windows (WOW64): every floor and cross-thread part below "
                  "crosses WOW64's thunks at each system call; an x64 build measures without them\n");
    if (!st->chosen[0]) {   /* calibrate is not in this run: the folder's last verdicts, or none, said */
        char from[MAX_PATH];
        if (wb_suite_last_calibration(st->out, st->sep, st->si.host, cfg->label, st->calibration, sizeof st->calibration,
                                      from, sizeof from) == 0)
            wb_printf("winbench all: calibrate is not in this run: the rows carry the verdicts of %s (%s)\n", from,
                      st->calibration);
        else
            wb_printf("winbench all: calibrate is not in this run and %s has none of this machine: the rows' "
                      "calibration column stays empty (add calibrate to --only to judge the machine)\n", st->out);
    }
    fflush(stdout);
    if (cfg->json) wb_suite_json_start(&st->json, st->run_id);
    return WB_EXIT_OK;
}

/* --resume: 1 when run i's CSV in the folder is complete (kept, said); else 0, and an
 * incomplete one is set aside. */
static int kept_from_before(suite_state *st, size_t i)
{
    const suite_config *cfg = &st->cfg;
    char prefix[MAX_PATH], suffix[160], kept[MAX_PATH], run_json[MAX_PATH];
    snprintf(prefix, sizeof prefix, "winbench-%s-%s-%s-", suite[i].bench, suite[i].name, st->si.host);
    snprintf(suffix, sizeof suffix, "%s%s.csv", cfg->label ? "-" : "", cfg->label ? cfg->label : "");
    if (!wb_suite_run_done(st->out, st->sep, prefix, suffix, kept, sizeof kept, say_incomplete)) return 0;
    wb_printf("[%lu/%lu] %s %s: kept (%s is complete)\n", (unsigned long)++st->done, (unsigned long)st->n, suite[i].bench,
              suite[i].name, kept);
    wb_suite_end_add(&st->end, suite[i].bench, kept, NULL);
    if (i == 0 && !st->calibration[0])   /* the kept calibration judges the later runs too */
        wb_suite_calibration_of(kept, st->calibration, sizeof st->calibration);
    if (cfg->json) {   /* its document, where the run wrote one */
        snprintf(run_json, sizeof run_json, "%.*s.json", (int)(strlen(kept) - 4), kept);
        if (wb_suite_json_add(&st->json, run_json) != 0)
            wb_printf("winbench all: --json: %s has no document beside it (run without --json): not in %s\n", kept,
                      cfg->json);
    }
    return 1;
}

/* Run i of the suite. WB_EXIT_OK to go on, or the code the suite stops with (said). */
static int run_step(suite_state *st, size_t i)
{
    const suite_config *cfg = &st->cfg;
    const char *const *opts = cfg->quick ? suite[i].quick : suite[i].full;
    char *args[32], csv[MAX_PATH], run_json[MAX_PATH];
    int a, k, rc;
    wb_run_outcome outcome;
    const wb_module *m = wb_module_find(suite[i].bench);
    snprintf(csv, sizeof csv, "%s%cwinbench-%s-%s-%s-%s%s%s.csv", st->out, st->sep, suite[i].bench, suite[i].name,
             st->si.host, st->stamp, cfg->label ? "-" : "", cfg->label ? cfg->label : "");
    snprintf(run_json, sizeof run_json, "%.*s.json", (int)(strlen(csv) - 4), csv);
    a = run_args(cfg, opts, st->repeat_text, csv, run_json, st->run_id, st->calibration, args);
    wb_printf("[%lu/%lu] %s", (unsigned long)++st->done, (unsigned long)st->n, suite[i].bench);
    for (k = 0; k < a && strcmp(args[k], "--csv") != 0; k++) wb_printf(" %s", args[k]);
    wb_printf("\n");
    fflush(stdout);
    memset(&outcome, 0, sizeof outcome);
    outcome.brief = 1;   /* its result in the line below, its warnings once at the suite's end */
    outcome.deferred = &st->warnings;
    rc = m ? wb_run_module(m, a, args, &outcome) : WB_EXIT_RUNTIME;
    if (outcome.headline[0]) wb_printf("  %s\n", outcome.headline);
    if (rc == WB_EXIT_SKIPPED) st->skips++, rc = WB_EXIT_OK;   /* ran; what this Windows lacks has its row */
    if (rc == WB_EXIT_OK && outcome.verdicts[0] && !st->calibration[0])
        snprintf(st->calibration, sizeof st->calibration, "%s", outcome.verdicts);
    if (rc == WB_EXIT_OK) wb_suite_end_add(&st->end, suite[i].bench, csv, &outcome);
    if (cfg->json) wb_suite_json_add(&st->json, run_json);   /* a failed run may have none */
    if (rc == WB_EXIT_INTERRUPTED) {
        wb_printf("winbench all: interrupted after %lu of %lu runs; CSVs in %s (to go on: the same command with "
                  "--resume %s in place of --out)\n", (unsigned long)st->done - 1, (unsigned long)st->n, st->out, st->out);
        return WB_EXIT_INTERRUPTED;
    }
    if (rc != WB_EXIT_OK) st->failures++;
    if (outcome.write_failed) {   /* the next runs would only fill the same disk */
        wb_printf("winbench all: stopped after %lu of %lu runs: the last could not write its rows (disk full?); "
                  "CSVs in %s\n", (unsigned long)st->done, (unsigned long)st->n, st->out);
        return WB_EXIT_RUNTIME;
    }
    return WB_EXIT_OK;
}

/* The answers and the layers, the tally, the suite's JSON. The exit code. */
static int finish_suite(suite_state *st)
{
    wb_suite_end_print(&st->end, st->out);
    wb_printf("winbench all: %lu of %lu runs done, CSVs in %s\n", (unsigned long)(st->n - (size_t)st->failures),
              (unsigned long)st->n, st->out);
    if (st->skips)
        wb_printf("winbench all: %d run%s left out what this Windows lacks or refused (rows of kind \"skipped\" say "
                  "what and why)\n", st->skips, st->skips == 1 ? "" : "s");
    fflush(stdout);
    wb_deferred_say(&st->warnings, stderr);
    if (st->cfg.json) {
        if (wb_suite_json_finish(&st->json, st->cfg.json, st->cfg.force) != 0) return WB_EXIT_RUNTIME;
        wb_printf("winbench all: JSON of %d run%s in %s\n", st->json.runs, st->json.runs == 1 ? "" : "s", st->cfg.json);
    }
    return st->failures ? WB_EXIT_RUNTIME : st->skips ? WB_EXIT_SKIPPED : WB_EXIT_OK;
}

int wb_run_suite(int argc, char **argv)
{
    suite_state *st = (suite_state *)calloc(1, sizeof *st);
    size_t i;
    int rc;
    if (st == NULL) return WB_EXIT_RUNTIME;
    rc = parse_suite(st, argc, argv);
    if (rc == WB_EXIT_OK) rc = start_suite(st);
    if (rc != WB_EXIT_OK) {
        free(st);
        return rc;
    }
    for (i = 0; i < sizeof suite / sizeof suite[0] && rc == WB_EXIT_OK; i++)
        if (st->chosen[i] && !(st->cfg.resume && kept_from_before(st, i))) rc = run_step(st, i);
    if (rc == WB_EXIT_OK) rc = finish_suite(st);
    else {   /* the suite's JSON is written when it ends: --resume writes it */
        if (st->cfg.json) wb_json_free(&st->json.doc);
        for (i = 0; i < (size_t)st->end.npaths; i++) free(st->end.paths[i]);
    }
    free(st);
    return rc;
}
