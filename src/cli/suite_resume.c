/* `winbench all --resume DIR`: which runs of an interrupted suite are done. A run is done when
 * DIR holds its CSV (the suite's name for it, any stamp) and that CSV is complete: as many
 * `summary` (or `skipped`) rows as its `variants` column says the run was asked for, and no
 * `interrupted` or `partial` row. A run cut by Ctrl+C (sockloop with 2 of its 7 loops done), by
 * a full disk or by a killed process is not, and runs again; its file is renamed out of the
 * report's way first (NAME.csv.incomplete), not deleted. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>

#include "commands.h"
#include "core/wb_csv.h"
#include "core/csv_columns.h"
#include "wb_files.h"
#include "run/modules.h"
#include "win/wb_sysinfo.h"

/* The cell of a row, or "" where the row is short. */
static const char *cell_of(const wb_csv_table *t, size_t row, int col)
{
    return col >= 0 && (size_t)col < t->rows[row].nfields ? t->rows[row].fields[col] : "";
}

/* A CSV read whole and parsed: 0, or -1 (nothing to free) when it cannot be. The table's cells
 * point into *text: close_table frees both. */
static int load_table(const char *path, wb_csv_table *t, char **text)
{
    size_t size = 0;
    char err[128];
    *text = wb_read_whole(path, &size);
    if (*text != NULL && size > 0 && wb_csv_parse(*text, size, ',', t, err, sizeof err) == 0) return 0;
    free(*text);
    return -1;
}

static void close_table(wb_csv_table *t, char *text)
{
    wb_csv_free(t);
    free(text);
}

/* 1 when the file is a complete winbench CSV; else 0 with what it lacks in why. */
static int run_complete(const char *path, char *why, size_t cap)
{
    size_t row;
    char *text;
    wb_csv_table t;
    long ended = 0, asked = -1;   /* summary and skipped rows; the variants asked for (-1: a 0.5 file) */
    const char *cut = NULL;
    snprintf(why, cap, "cannot be read");
    if (load_table(path, &t, &text) != 0) return 0;
    {
        int kind = wb_csv_column(&t, wb_lead_columns[WB_COL_ROW]);
        int variants = wb_csv_column(&t, wb_context_columns[WB_COL_VARIANTS]);
        for (row = 1; row < t.nrows; row++) {
            const char *k = cell_of(&t, row, kind);
            if (strcmp(k, "summary") == 0 || strcmp(k, "skipped") == 0) ended++;
            if (strcmp(k, "interrupted") == 0 || strcmp(k, "partial") == 0) cut = k;
            if (cell_of(&t, row, variants)[0]) asked = strtol(cell_of(&t, row, variants), NULL, 10);
        }
    }
    close_table(&t, text);
    if (asked >= 0 && ended < asked) snprintf(why, cap, "has %ld of its %ld variants' summaries", ended, asked);
    else if (cut) snprintf(why, cap, "was cut short (it has %s %s row)", cut[0] == 'i' ? "an" : "a", cut);
    else if (asked < 0 && ended == 0) snprintf(why, cap, "has no summary row");
    else return 1;
    return 0;
}

int wb_suite_run_done(const char *dir, char sep, const char *prefix, const char *suffix, char *found, size_t cap,
                      void (*say_incomplete)(const char *path, const char *why))
{
    char pattern[MAX_PATH];
    WIN32_FIND_DATAA fd;
    HANDLE h;
    int done = 0;
    size_t tail = strlen(suffix);
    snprintf(pattern, sizeof pattern, "%s%c%s*%s", dir, sep, prefix, suffix);
    h = FindFirstFileA(pattern, &fd);
    if (h == INVALID_HANDLE_VALUE) return 0;
    do {
        char path[MAX_PATH], why[128], aside[MAX_PATH + 16];
        size_t len = strlen(fd.cFileName);
        /* the stamp between them is digits and one dash: another label's file does not match */
        if (len != strlen(prefix) + 15 + tail || strspn(fd.cFileName + strlen(prefix), "0123456789-") < 15) continue;
        snprintf(path, sizeof path, "%s%c%s", dir, sep, fd.cFileName);
        if (run_complete(path, why, sizeof why)) {
            snprintf(found, cap, "%s", path);
            done = 1;
        } else {   /* out of the report's way (it reads *.csv), kept for whoever wants its rows */
            char json[MAX_PATH], json_aside[MAX_PATH + 16];
            snprintf(aside, sizeof aside, "%s.incomplete", path);
            snprintf(json, sizeof json, "%.*s.json", (int)(strlen(path) - 4), path);
            snprintf(json_aside, sizeof json_aside, "%s.incomplete", json);
            MoveFileExA(json, json_aside, MOVEFILE_REPLACE_EXISTING);   /* where --json wrote one */
            if (MoveFileExA(path, aside, MOVEFILE_REPLACE_EXISTING) && say_incomplete) say_incomplete(path, why);
        }
    } while (!done && FindNextFileA(h, &fd));
    FindClose(h);
    return done;
}

int wb_suite_calibration_of(const char *path, char *out, size_t cap)
{
    size_t row, used = 0;
    char *text;
    const wb_module *m = wb_module_find("calibrate");
    wb_csv_table t;
    int kind, i, found = -1;
    if (cap) out[0] = '\0';
    if (m == NULL || load_table(path, &t, &text) != 0) return -1;
    kind = wb_csv_column(&t, wb_lead_columns[WB_COL_ROW]);
    for (row = 1; row < t.nrows; row++)
        if (strcmp(cell_of(&t, row, kind), "summary") == 0) found = (int)row;
    for (i = 0; found > 0 && m->verdict_names[i] && used < cap; i++)   /* "cal_clock=ok;cal_cpus=ok;..." as the run hands them */
        used += (size_t)snprintf(out + used, cap - used, "%s%s=%s", i ? ";" : "", m->verdict_names[i],
                                 cell_of(&t, (size_t)found, wb_csv_column(&t, m->verdict_names[i])));
    close_table(&t, text);
    return found > 0 && cap && out[0] ? 0 : -1;
}

int wb_suite_last_calibration(const char *dir, char sep, const char *host, const char *label, char *out, size_t cap,
                              char *from, size_t from_cap)
{
    char pattern[MAX_PATH], newest[MAX_PATH] = "", prefix[MAX_PATH], suffix[160];
    WIN32_FIND_DATAA fd;
    HANDLE h;
    snprintf(prefix, sizeof prefix, "winbench-calibrate-machine-%s-", host);
    snprintf(suffix, sizeof suffix, "%s%s.csv", label ? "-" : "", label ? label : "");
    snprintf(pattern, sizeof pattern, "%s%c%s*%s", dir, sep, prefix, suffix);
    h = FindFirstFileA(pattern, &fd);
    if (h == INVALID_HANDLE_VALUE) return -1;
    do {   /* the newest by its stamp (yyyymmdd-hhmmss sorts as it reads) */
        if (strlen(fd.cFileName) != strlen(prefix) + 15 + strlen(suffix)) continue;
        if (strcmp(fd.cFileName, newest) > 0) snprintf(newest, sizeof newest, "%s", fd.cFileName);
    } while (FindNextFileA(h, &fd));
    FindClose(h);
    if (!newest[0]) return -1;
    snprintf(from, from_cap, "%s%c%s", dir, sep, newest);
    return wb_suite_calibration_of(from, out, cap);
}

int wb_suite_folder_of_another(const char *dir, char sep, const wb_sysinfo *si, char *why, size_t cap)
{
    char pattern[MAX_PATH], path[MAX_PATH], build[16];
    WIN32_FIND_DATAA fd;
    HANDLE h;
    char *text;
    wb_csv_table t;
    int other = 0;
    snprintf(pattern, sizeof pattern, "%s%cwinbench-*.csv", dir, sep);
    if ((h = FindFirstFileA(pattern, &fd)) == INVALID_HANDLE_VALUE) return 0;
    snprintf(path, sizeof path, "%s%c%s", dir, sep, fd.cFileName);
    FindClose(h);
    if (load_table(path, &t, &text) == 0) {
        const char *name = t.nrows > 1 ? cell_of(&t, 1, wb_csv_column(&t, wb_context_columns[WB_COL_OS_NAME])) : "";
        const char *b = t.nrows > 1 ? cell_of(&t, 1, wb_csv_column(&t, wb_context_columns[WB_COL_OS_BUILD])) : "";
        const char *cpu = t.nrows > 1 ? cell_of(&t, 1, wb_csv_column(&t, wb_context_columns[WB_COL_CPU_NAME])) : "";
        snprintf(build, sizeof build, "%u", si->os_build);
        if (name[0] && (strcmp(name, si->os_name) != 0 || strcmp(b, build) != 0 || strcmp(cpu, si->cpu_name) != 0)) {
            other = 1;
            snprintf(why, cap, "%s holds the results of another machine of this name (%s build %s)", path, name, b);
        }
        close_table(&t, text);
    }
    return other;
}
