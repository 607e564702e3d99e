/* winbench: Win32 micro-benchmarks. Command dispatch: list, help, info, --version, <benchmark>. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/wb_runner.h"
#include "commands.h"
#include "report/report.h"
#include "win/wb_sysinfo.h"

static void usage(FILE *out)
{
    fprintf(out,
            "usage: winbench <benchmark> [options]   run a benchmark, write one CSV\n"
            "       winbench list                    the benchmarks, one line each\n"
            "       winbench help [benchmark]        options, defaults and units\n"
            "       winbench info                    this machine's context and timer\n"
            "       winbench all [--quick] [--out DIR] [--label TEXT]   the standard suite\n"
            "       winbench report FILE.csv|DIR ... [--baseline LABEL|HOST] [--tsv] [--csv FILE]\n"
            "                       [--clip] [--html FILE] [--md FILE]   compare runs\n"
            "       winbench --version\n"
            "Numbers take suffixes: 50M, 10k (counts); 2s, 500ms (times).\n");
}

static int print_list(void)
{
    int i;
    for (i = 0; wb_modules[i]; i++) printf("  %-10s %s\n", wb_modules[i]->name, wb_modules[i]->summary);
    return WB_EXIT_OK;
}

static void print_table(const wb_option *table)
{
    size_t need = wb_options_help(table, NULL, 0);
    char *text = (char *)malloc(need + 1);
    if (text == NULL) return;
    wb_options_help(table, text, need + 1);
    fputs(text, stdout);
    free(text);
}

static int print_help(const char *name)
{
    const wb_module *m;
    if (name == NULL) {
        usage(stdout);
        printf("\nBenchmarks:\n");
        print_list();
        printf("\nOptions of every benchmark:\n");
        print_table(wb_common_options);
        return WB_EXIT_OK;
    }
    /* The commands that are not benchmarks have option tables too. */
    if (strcmp(name, "report") == 0) {
        printf("winbench report: compare CSVs of several runs and machines\n\n"
               "usage: winbench report FILE.csv|DIR ... [options]\n\nOptions:\n");
        print_table(wb_report_options());
        return WB_EXIT_OK;
    }
    if (strcmp(name, "all") == 0) {
        printf("winbench all: the standard suite (calibrate first, then sendmsg, idle, sockloop), one CSV per run "
               "into one folder\n\nusage: winbench all [options]\n\nOptions:\n");
        print_table(wb_suite_options());
        return WB_EXIT_OK;
    }
    if (strcmp(name, "info") == 0) {
        printf("winbench info: this machine's context (OS, CPU, hypervisor, power plan) and its timers (QPC, clock "
               "tick, timer resolution, Sleep(1))\n\nusage: winbench info\n\nIt takes no options.\n");
        return WB_EXIT_OK;
    }
    m = wb_module_find(name);
    if (m == NULL) {
        char msg[200];
        snprintf(msg, sizeof msg, "unknown benchmark or command \"%s\" (see winbench list)", name);
        return wb_usage_error("help", msg);
    }
    printf("winbench %s: %s\n\nusage: winbench %s [options]\n\nOptions:\n", m->name, m->summary, m->name);
    print_table(m->options);
    printf("\nOptions of every benchmark:\n");
    {
        wb_option common[WB_MAX_COMMON_OPTIONS];
        wb_common_options_for(m, common, WB_MAX_COMMON_OPTIONS);
        print_table(common);
    }
    return WB_EXIT_OK;
}

int main(int argc, char **argv)
{
    const char *cmd;
    const wb_module *m;
    int rc;

    if (argc < 2) {
        usage(stderr);
        return WB_EXIT_USAGE;
    }
    cmd = argv[1];
    if (strcmp(cmd, "--version") == 0) {
        printf("winbench %s\n", WINBENCH_VERSION);
        return WB_EXIT_OK;
    }
    if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "/?") == 0)
        return print_help(NULL);
    if (strcmp(cmd, "help") == 0) {
        if (argc > 3) return wb_usage_error("help", "expected at most one benchmark name");
        return print_help(argc == 3 ? argv[2] : NULL);
    }
    if (strcmp(cmd, "list") == 0) {
        if (argc > 2) return wb_usage_error("list", "takes no arguments");
        return print_list();
    }
    if (strcmp(cmd, "info") == 0) {
        if (argc > 2) return wb_usage_error("info", "takes no arguments");
        return wb_print_info(stdout);
    }
    if (strcmp(cmd, "all") == 0) {
        rc = wb_run_suite(argc - 2, argv + 2);
        return rc < 0 ? print_help("all") : rc;
    }
    if (strcmp(cmd, "report") == 0) {
        rc = wb_report(argc - 2, argv + 2);
        return rc < 0 ? print_help("report") : rc;
    }
    m = wb_module_find(cmd);
    if (m == NULL) {
        char msg[200];
        snprintf(msg, sizeof msg, "unknown benchmark or command \"%.100s\" (see winbench list)", cmd);
        return wb_usage_error(NULL, msg);
    }
    rc = wb_run_module(m, argc - 2, argv + 2, NULL);
    if (rc < 0) return print_help(m->name);
    return rc;
}
