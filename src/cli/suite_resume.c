/* `winbench all --resume DIR`: which runs of an interrupted suite are done. A run is done when
 * DIR holds its CSV (the suite's name for it, any stamp) and that CSV has a summary row: a run
 * cut by Ctrl+C ends in an `interrupted` row, one cut by a full disk in no summary at all, and
 * both are run again. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>

#include "commands.h"
#include "core/wb_csv.h"
#include "core/csv_columns.h"
#include "wb_files.h"

/* 1 when the file is a winbench CSV with a summary row. */
static int has_summary(const char *path)
{
    size_t size = 0;
    char *text = wb_read_whole(path, &size), err[128];
    wb_csv_table t;
    int found = 0;
    size_t row;
    int col;
    if (text != NULL && size > 0 && wb_csv_parse(text, size, ',', &t, err, sizeof err) == 0) {
        col = wb_csv_column(&t, wb_lead_columns[WB_COL_ROW]);
        for (row = 1; col >= 0 && row < t.nrows && !found; row++)
            found = (size_t)col < t.rows[row].nfields && strcmp(t.rows[row].fields[col], "summary") == 0;
        wb_csv_free(&t);
    }
    free(text);
    return found;
}

int wb_suite_run_done(const char *dir, char sep, const char *prefix, const char *suffix, char *found, size_t cap)
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
        char path[MAX_PATH];
        size_t len = strlen(fd.cFileName);
        /* the stamp between them is digits and one dash: another label's file does not match */
        if (len != strlen(prefix) + 15 + tail || strspn(fd.cFileName + strlen(prefix), "0123456789-") < 15) continue;
        snprintf(path, sizeof path, "%s%c%s", dir, sep, fd.cFileName);
        if (has_summary(path)) {
            snprintf(found, cap, "%s", path);
            done = 1;
        }
    } while (!done && FindNextFileA(h, &fd));
    FindClose(h);
    return done;
}
