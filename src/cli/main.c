/* winbench: Win32 micro-benchmarks. Command dispatch: one table of the commands that are not
 * benchmarks (their usage line, help and run function), then the benchmarks of the module
 * registry. The usage text and `winbench help COMMAND` are made from the same table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/wb_runner.h"
#include "commands.h"
#include "wb_process.h"
#include "wb_wait.h"
#include "report/report.h"
#include "win/wb_sysinfo.h"
#include "wb_console.h"

typedef struct command {
    const char *name;
    const char *usage;          /* after "winbench NAME" in the usage text */
    const char *summary;        /* one line for the usage text and `help NAME` */
    const char *(*summary_of)(void);   /* or one made from a table (the suite's) */
    const char *more;           /* optional: more for `help NAME` */
    const wb_option *(*options)(void);   /* NULL: takes no options */
    /* Runs it with the arguments after its name: an exit code, or -1 when they ask for help. */
    int (*run)(int argc, char **argv);
} command;

static int run_list(int argc, char **argv);
static int run_help(int argc, char **argv);
static int run_info(int argc, char **argv);

static const command commands[] = {
    { .name = "list", .usage = "", .summary = "the benchmarks, one line each", .run = run_list },
    { .name = "help", .usage = "[benchmark|command]", .summary = "options, defaults and units (also -h, --help, /?)",
      .run = run_help },
    { .name = "info", .usage = "", .summary = "this machine's context and timer",
      .more = "OS, CPU, hypervisor, power plan, and the timers: QPC, clock tick, timer resolution, Sleep(1). "
              "It takes no options.",
      .run = run_info },
    { .name = "all", .usage = "", .summary_of = wb_suite_summary, .options = wb_suite_options, .run = wb_run_suite },
    { .name = "report", .usage = "FILE.csv|DIR ...", .summary = "compare CSVs of several runs and machines",
      .options = wb_report_options, .run = wb_report },
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static const command *find_command(const char *name)
{
    size_t i;
    for (i = 0; i < NCOMMANDS; i++)
        if (strcmp(commands[i].name, name) == 0) return &commands[i];
    return NULL;
}

/* The command's usage after its name: what it takes, then "[options]" where its table has some
 * (`winbench help NAME` lists them: one table, so the two never disagree). */
static const char *usage_of(const command *c, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s%s%s", c->usage, c->usage[0] && c->options ? " " : "", c->options ? "[options]" : "");
    return buf;
}

static const char *summary_of(const command *c)
{
    return c->summary_of ? c->summary_of() : c->summary;
}

static void usage(FILE *out)
{
    size_t i;
    char line[200];
    wb_fprintf(out, "usage: winbench <benchmark> [options]   run a benchmark, write one CSV\n");
    for (i = 0; i < NCOMMANDS; i++) {
        usage_of(&commands[i], line, sizeof line);
        wb_fprintf(out, "       winbench %s%s%s\n              %s\n", commands[i].name, line[0] ? " " : "", line,
                   summary_of(&commands[i]));
    }
    wb_fprintf(out, "       winbench --version\n"
                 "Numbers take suffixes: 50M, 10k (counts); 2s, 500ms (times).\n");
}

/* The benchmarks, then sockloop's wait loops (the backends, in --loop all's order), each with
 * why this Windows lacks it where it does. */
static int print_list(void)
{
    int i;
    for (i = 0; wb_modules[i]; i++) wb_printf("  %-10s %s\n", wb_modules[i]->name, wb_modules[i]->summary);
    wb_printf("wait loops (sockloop --loop):\n");
    for (i = 0; wb_wait_backends[i]; i++) {
        const char *why = wb_wait_backends[i]->unavailable();
        wb_printf("  %-12s %s\n", wb_wait_backends[i]->name, why ? why : "available");
    }
    return WB_EXIT_OK;
}

static void print_table(const wb_option *table)
{
    size_t need = wb_options_help(table, NULL, 0);
    char *text = (char *)malloc(need + 1);
    if (text == NULL) return;
    wb_options_help(table, text, need + 1);
    wb_fputs(text, stdout);
    free(text);
}

/* The benchmark or command a mistyped name most likely meant ("sendmsgg": sendmsg), or NULL. */
static const char *nearest_command(const char *name)
{
    const char *names[64];
    size_t n = 0, i;
    for (i = 0; i < NCOMMANDS && n < 64; i++) names[n++] = commands[i].name;
    for (i = 0; wb_modules[i] && n < 64; i++) names[n++] = wb_modules[i]->name;
    return wb_nearest_name(name, names, n);
}

/* "unknown benchmark or command "sendmsgg" (did you mean sendmsg?)" into msg. */
static const char *unknown_name(const char *name, char *msg, size_t cap)
{
    const char *meant = nearest_command(name);
    if (meant) snprintf(msg, cap, "unknown benchmark or command \"%.100s\" (did you mean %s?)", name, meant);
    else snprintf(msg, cap, "unknown benchmark or command \"%.100s\" (see winbench list)", name);
    return msg;
}

static int print_help(const char *name)
{
    const command *c;
    const wb_module *m;
    if (name == NULL) {
        usage(stdout);
        wb_printf("\nBenchmarks:\n");
        print_list();
        wb_printf("\nOptions of every benchmark:\n");
        print_table(wb_common_options);
        return WB_EXIT_OK;
    }
    c = find_command(name);
    if (c) {
        char line[200];
        usage_of(c, line, sizeof line);
        wb_printf("winbench %s: %s\n\nusage: winbench %s%s%s\n", c->name, summary_of(c), c->name, line[0] ? " " : "", line);
        if (c->more) wb_printf("\n%s\n", c->more);
        if (c->options) {
            wb_printf("\nOptions:\n");
            print_table(c->options());
        }
        return WB_EXIT_OK;
    }
    m = wb_module_find(name);
    if (m == NULL) {
        char msg[200];
        return wb_usage_error("help", unknown_name(name, msg, sizeof msg));
    }
    wb_printf("winbench %s: %s\n\nusage: winbench %s [options]\n\nOptions:\n", m->name, m->summary, m->name);
    print_table(m->options);
    wb_printf("\nOptions of every benchmark:\n");
    {
        wb_option common[WB_MAX_COMMON_OPTIONS];
        wb_common_options_for(m, common, WB_MAX_COMMON_OPTIONS);
        print_table(common);
    }
    return WB_EXIT_OK;
}

static int run_list(int argc, char **argv)
{
    (void)argv;
    if (argc > 0) return wb_usage_error("list", "takes no arguments");
    return print_list();
}

static int run_help(int argc, char **argv)
{
    if (argc > 1) return wb_usage_error("help", "expected at most one benchmark name");
    return print_help(argc == 1 ? argv[0] : NULL);
}

static int run_info(int argc, char **argv)
{
    (void)argv;
    if (argc > 0) return wb_usage_error("info", "takes no arguments");
    return wb_print_info(stdout);
}

/* A benchmark, and then, when it ran several variants into a file (sendmsg --work 0,2000,
 * sockloop --loop all), how they compare: the report's own answers on that file, so that the run
 * and `winbench report` can never give two verdicts for the same repetitions. */
static int run_and_compare(const wb_module *m, int argc, char **argv)
{
    wb_run_outcome o;
    int rc;
    memset(&o, 0, sizeof o);
    rc = wb_run_module(m, argc, argv, &o);
    if (rc == WB_RUN_IN_PROCESSES) return wb_run_processes(m, argc, argv, &o);
    if (rc < 0) return print_help(m->name);
    if ((rc == WB_EXIT_OK || rc == WB_EXIT_SKIPPED) && o.variants > 1 && !o.quiet && o.rows_path[0] &&
        strcmp(o.rows_path, "-") != 0) {
        char *args[4];
        int n = 0;
        args[n++] = o.rows_path;
        args[n++] = (char *)"--answers";
        if (o.compare[0]) args[n++] = (char *)"--compare", args[n++] = o.compare;
        fflush(stdout);
        wb_printf("\nhow its variants compare (winbench report %s --answers%s%s: the same test and words as the report):\n",
                  o.rows_path, o.compare[0] ? " --compare " : "", o.compare);
        if (wb_report(n, args) != WB_EXIT_OK)
            wb_fprintf(stderr, "winbench: %s: its comparison could not be made from %s\n", m->name, o.rows_path);
        fflush(stdout);
    }
    return rc;
}

int main(int argc, char **argv)
{
    const char *cmd;
    const command *c;
    const wb_module *m;
    int rc;

    wb_usage_set_writer(wb_fputs);   /* a label with an umlaut shown as typed on a console */
    rc = wb_unicode_args(&argc, &argv);
    if (rc != 0) return rc;
    if (argc < 2) {
        usage(stderr);
        return WB_EXIT_USAGE;
    }
    cmd = argv[1];
    if (strcmp(cmd, "--version") == 0) {
        wb_printf("winbench %s\n", WINBENCH_VERSION);
        return WB_EXIT_OK;
    }
    if (wb_is_help_arg(cmd)) return print_help(NULL);
    c = find_command(cmd);
    if (c) {
        rc = c->run(argc - 2, argv + 2);
        return rc < 0 ? print_help(c->name) : rc;
    }
    m = wb_module_find(cmd);
    if (m == NULL) {
        char msg[200];
        return wb_usage_error(NULL, unknown_name(cmd, msg, sizeof msg));
    }
    return run_and_compare(m, argc - 2, argv + 2);
}
