/* `winbench <module> ... --processes P`: the run made P times, each in a process of winbench of
 * its own, one after another, and their rows joined in one CSV. A process's offset (where its
 * heap and threads landed, what its timer and caches made of them) moves every repetition in it
 * together: two processes of one configuration differed by 3-10% under Wine (docs/performance.md),
 * more than the repetitions of either spread. With the rows of several processes the report
 * splits the spread between processes and within one, and compares by processes
 * (docs/statistics.md). Each process is a child started with the same arguments, but
 * --processes 1, its CSV a temporary file, and --quiet; the parent waits for each, then joins
 * their files (the header once; a summary row per process, its run_id the process's). A
 * process that fails, or a Ctrl+C, ends the series: the processes done are joined, whole. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>

#include "commands.h"
#include "report/report.h"
#include "run/sink.h"
#include "wb_console.h"
#include "wb_error.h"
#include "wb_exit.h"
#include "wb_process.h"

#define CHILD_LINE 32768   /* CreateProcess's limit on a command line, in characters */

/* arg as the child's CRT will split it back (msvcrt's rules, core/cmdline.h): quoted where it
 * holds a blank or a quote, each quote escaped, the backslashes before a quote doubled. */
static size_t quote_arg(const char *arg, char *out, size_t cap)
{
    size_t used = 0, slashes = 0;
    const char *p;
    if (arg[0] && strpbrk(arg, " \t\"") == NULL) return (size_t)snprintf(out, cap, "%s", arg);
    if (used + 1 < cap) out[used++] = '"';
    for (p = arg;; p++) {
        size_t k, times = *p == '"' ? 2 * slashes + 1 : *p == '\0' ? 2 * slashes : slashes;
        if (*p == '\\') {
            slashes++;
            continue;
        }
        for (k = 0; k < times && used + 1 < cap; k++) out[used++] = '\\';
        slashes = 0;
        if (*p == '\0') break;
        if (used + 1 < cap) out[used++] = *p;
    }
    if (used + 1 < cap) out[used++] = '"';
    out[used < cap ? used : cap - 1] = '\0';
    return used;
}

static int append(char *line, size_t *used, const char *arg)
{
    char quoted[4096];
    size_t n = quote_arg(arg, quoted, sizeof quoted);
    if (*used + n + 2 >= CHILD_LINE) return -1;
    if (*used) line[(*used)++] = ' ';
    memcpy(line + *used, quoted, n + 1);
    *used += n;
    return 0;
}

/* 1 when argv[i] is one of the options the parent sets for its children ("--csv X", "--csv=X"),
 * *skip how many arguments it takes. */
static int set_by_parent(char **argv, int argc, int i, int *skip)
{
    static const char *const mine[] = { "--processes", "--csv", "--run-id", "--quiet", "--force" };
    size_t k;
    for (k = 0; k < sizeof mine / sizeof mine[0]; k++) {
        size_t len = strlen(mine[k]);
        if (strncmp(argv[i], mine[k], len) != 0) continue;
        if (argv[i][len] == '=') return *skip = 1, 1;
        if (argv[i][len] != '\0') continue;
        *skip = k >= 3 || i + 1 >= argc ? 1 : 2;   /* the flags take no value */
        return 1;
    }
    return 0;
}

/* The child's command line: winbench itself, the module, the caller's arguments less those
 * above, then its own. */
static int child_line(const wb_module *m, int argc, char **argv, const char *csv, const wb_common *c, unsigned k,
                      char *line)
{
    char exe[MAX_PATH], id[300];
    size_t used = 0;
    int i, skip;
    DWORD n = GetModuleFileNameA(NULL, exe, sizeof exe);
    if (n == 0 || n >= sizeof exe) return -1;
    if (append(line, &used, exe) != 0 || append(line, &used, m->name) != 0) return -1;
    for (i = 0; i < argc; i += skip) {
        skip = 1;
        if (set_by_parent(argv, argc, i, &skip)) continue;
        if (append(line, &used, argv[i]) != 0) return -1;
    }
    if (append(line, &used, "--processes") || append(line, &used, "1") || append(line, &used, "--csv") ||
        append(line, &used, csv) || append(line, &used, "--force") || append(line, &used, "--quiet"))
        return -1;
    if (c->run_id) {   /* the suite's id, told apart by process: the report's unit */
        snprintf(id, sizeof id, "%s-p%u", c->run_id, k);
        if (append(line, &used, "--run-id") || append(line, &used, id)) return -1;
    }
    return 0;
}

static int is_console(HANDLE h)
{
    DWORD mode;
    return h != NULL && h != INVALID_HANDLE_VALUE && GetConsoleMode(h, &mode);
}

static void inheritable(HANDLE h)
{
    if (h != NULL && h != INVALID_HANDLE_VALUE && !is_console(h))
        SetHandleInformation(h, HANDLE_FLAG_INHERIT, HANDLE_FLAG_INHERIT);   /* a failure leaves it as it was */
}

/* Runs one child to its end: its exit code, or -1 (*err says why) when it could not start. */
static long run_child(char *line, wb_error *err)
{
    STARTUPINFOA si;
    PROCESS_INFORMATION pi;
    DWORD code = 0;
    memset(&si, 0, sizeof si);
    si.cb = sizeof si;
    si.hStdInput = GetStdHandle(STD_INPUT_HANDLE);
    si.hStdOutput = GetStdHandle(STD_OUTPUT_HANDLE);
    si.hStdError = GetStdHandle(STD_ERROR_HANDLE);
    /* On a console the child finds the console itself (before Windows 8 console handles are
     * pseudo-handles that STARTUPINFO cannot carry). Where output is redirected (a file, a test's
     * or a CI's pipe), the child gets the same handles, made inheritable: a handle the caller
     * opened without that flag would otherwise reach the child as nothing, its lines lost. */
    if (!is_console(si.hStdOutput) || !is_console(si.hStdError)) {
        si.dwFlags = STARTF_USESTDHANDLES;
        inheritable(si.hStdInput), inheritable(si.hStdOutput), inheritable(si.hStdError);
    }
    fflush(stdout);
    fflush(stderr);
    if (!CreateProcessA(NULL, line, NULL, NULL, TRUE, 0, NULL, NULL, &si, &pi)) {
        wb_error_win32(err, "CreateProcess", GetLastError());
        return -1;
    }
    WaitForSingleObject(pi.hProcess, INFINITE);
    if (!GetExitCodeProcess(pi.hProcess, &code)) code = WB_EXIT_RUNTIME;
    CloseHandle(pi.hThread);
    CloseHandle(pi.hProcess);
    return (long)code;
}

/* The children's files into out: the first's header, every file's rows. 0, or -1 when one
 * could not be read or its header differs (*why). */
static int join(FILE *out, char paths[][MAX_PATH], unsigned n, char *why, size_t cap)
{
    static char header[65536], line[65536];
    unsigned k;
    for (k = 0; k < n; k++) {
        FILE *f = fopen(paths[k], "rb");
        if (f == NULL || fgets(line, sizeof line, f) == NULL) {
            snprintf(why, cap, "process %u's rows (%s) could not be read", k + 1, paths[k]);
            if (f) fclose(f);
            return -1;
        }
        if (k == 0) snprintf(header, sizeof header, "%s", line), fputs(line, out);
        else if (strcmp(line, header) != 0) {
            snprintf(why, cap, "process %u's columns differ from process 1's", k + 1);
            fclose(f);
            return -1;
        }
        while (fgets(line, sizeof line, f) != NULL) fputs(line, out);
        fclose(f);
    }
    return ferror(out) ? (snprintf(why, cap, "writing the joined rows failed (disk full?)"), -1) : 0;
}

/* The joined file: where the caller asked, or named as a run names its own. */
static FILE *create_joined(const wb_module *m, const wb_common *c, char *path, size_t cap, int *rc)
{
    char host[MAX_COMPUTERNAME_LENGTH + 1], stamp[32];
    DWORD size = sizeof host;
    if (!GetComputerNameA(host, &size)) snprintf(host, sizeof host, "unknown");
    wb_local_stamp(WB_STAMP_COMPACT, stamp, sizeof stamp);
    return wb_csv_create(m->name, c, host, stamp, path, cap, rc);
}

/* How the joined rows are read back: the report on them, as `winbench report FILE` gives it. */
static void say_report(const char *path, unsigned done, unsigned asked, const wb_common *c)
{
    char *args[1];
    wb_printf("\n%u of %u processes' rows: %s\n", done, asked, path);
    if (c->quiet || done < 2) return;
    wb_printf("how they spread, between processes and within one (winbench report %s):\n", path);
    args[0] = (char *)path;
    fflush(stdout);
    if (wb_report(1, args) != WB_EXIT_OK) wb_fprintf(stderr, "winbench: the report of %s could not be made\n", path);
}

int wb_run_processes(const wb_module *m, int argc, char **argv, const wb_run_outcome *o)
{
    static char paths[64][MAX_PATH], line[CHILD_LINE];
    const wb_common *c = &o->common;
    char tmp[MAX_PATH], final_path[MAX_PATH], why[MAX_PATH + 200];
    unsigned k, done = 0;
    int skipped = 0;
    long rc = WB_EXIT_OK;
    FILE *out;
    int create_rc;
    DWORD n = GetTempPathA(sizeof tmp, tmp);
    if (c->csv && !c->force && GetFileAttributesA(c->csv) != INVALID_FILE_ATTRIBUTES) {
        snprintf(why, sizeof why, "--csv: %s already exists (add --force to overwrite it)", c->csv);
        return wb_usage_error(m->name, why);
    }
    if (n == 0 || n >= sizeof tmp) snprintf(tmp, sizeof tmp, ".\\");
    for (k = 0; k < o->processes && k < 64 && rc == WB_EXIT_OK; k++) {
        wb_error err;
        snprintf(paths[k], MAX_PATH, "%swinbench-%lu-p%u.%s", tmp, (unsigned long)GetCurrentProcessId(), k + 1,
                 c->tsv ? "tsv" : "csv");
        if (child_line(m, argc, argv, paths[k], c, k + 1, line) != 0) {
            wb_fprintf(stderr, "winbench: %s: --processes: the command line is too long for a process\n", m->name);
            return WB_EXIT_RUNTIME;
        }
        wb_printf("process %u of %u:\n", k + 1, o->processes);
        DeleteFileA(paths[k]);   /* an earlier parent's of the same id: never joined as this one's */
        rc = run_child(line, &err);
        if (rc < 0) {
            wb_fprintf(stderr, "winbench: %s: --processes: process %u could not start: %s\n", m->name, k + 1, err.what);
            rc = WB_EXIT_RUNTIME;
            break;
        }
        if (rc == WB_EXIT_OK || rc == WB_EXIT_SKIPPED || GetFileAttributesA(paths[k]) != INVALID_FILE_ATTRIBUTES) done++;
        if (rc == WB_EXIT_SKIPPED) skipped = 1, rc = WB_EXIT_OK;   /* its skipped rows say so; the others ran */
        if (rc == WB_EXIT_OK && wb_stop_requested) rc = WB_EXIT_INTERRUPTED;
    }
    if (rc != WB_EXIT_OK)
        wb_fprintf(stderr, "winbench: %s: --processes: stopped after process %u of %u (exit %ld): the %u done are kept\n",
                   m->name, k, o->processes, rc, done);
    if (done == 0) return (int)rc;
    out = create_joined(m, c, final_path, sizeof final_path, &create_rc);
    if (out == NULL) rc = create_rc;
    else if (join(out, paths, done, why, sizeof why) != 0 || fclose(out) != 0) {
        if (out) fclose(out);
        DeleteFileA(final_path);   /* never a file of some of the rows: the processes' own are kept */
        wb_fprintf(stderr, "winbench: %s: --processes: %s (the processes' rows are left in %s...)\n", m->name, why,
                   paths[0]);
        return WB_EXIT_RUNTIME;
    } else {
        say_report(final_path, done, o->processes, c);
    }
    for (k = 0; k < done; k++) DeleteFileA(paths[k]);
    return rc == WB_EXIT_OK && skipped ? WB_EXIT_SKIPPED : (int)rc;   /* as a run with a skipped variant ends */
}
