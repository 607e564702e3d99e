/* The command line, read as Unicode (GetCommandLineW) and handed on in the ANSI code page in
 * which winbench writes its CSV, or refused when it does not fit.
 *
 * The CRT's own argv is the ANSI command line, which Windows makes with a best-fit mapping: a
 * label "Łódź" arrives as "Lodz", "東京" as "??", and both would be written into every row
 * without a word. Reading the Unicode command line lets winbench tell: an argument the code
 * page cannot hold exactly is a usage error that says which and why. (The CSV stays in the
 * ANSI code page: it is what Excel opens a .csv in on the same machine; docs/csv.md.) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>

#include "commands.h"
#include "core/cmdline.h"
#include "core/usage.h"

int wb_unicode_args(int *argc, char ***argv)
{
    const WCHAR *line = GetCommandLineW(), *p;
    UINT acp = GetACP();
    /* CP_UTF8 holds everything, and refuses the flags and the used-default check */
    DWORD flags = acp == CP_UTF8 ? 0 : WC_NO_BEST_FIT_CHARS;
    int n = 0, i;
    char **args;
    WCHAR *wide;
    size_t longest = 0, len;
    if (line == NULL) return 0;   /* keep the CRT's */
    for (p = wb_cmdline_skip_blanks(wb_cmdline_past_program(line)); *p; p = wb_cmdline_skip_blanks(p)) {
        len = wb_cmdline_arg(&p, NULL);
        if (len > longest) longest = len;
        n++;
    }
    args = (char **)calloc((size_t)n + 2, sizeof *args);
    wide = (WCHAR *)malloc((longest + 1) * sizeof *wide);
    if (args == NULL || wide == NULL) {
        free(args), free(wide);
        return 0;   /* out of memory this early: the CRT's argv will do */
    }
    args[0] = (*argv)[0];
    for (i = 1, p = wb_cmdline_skip_blanks(wb_cmdline_past_program(line)); *p; p = wb_cmdline_skip_blanks(p), i++) {
        BOOL lossy = FALSE;
        int bytes;
        len = wb_cmdline_arg(&p, wide);
        wide[len] = L'\0';
        bytes = WideCharToMultiByte(acp, flags, wide, -1, NULL, 0, NULL, NULL);
        args[i] = bytes > 0 ? (char *)malloc((size_t)bytes) : NULL;
        if (args[i] == NULL ||
            WideCharToMultiByte(acp, flags, wide, -1, args[i], bytes, NULL, acp == CP_UTF8 ? NULL : &lossy) <= 0) {
            free(wide);
            return 0;   /* not convertible at all: the CRT's argv will do */
        }
        if (lossy) {
            char where[64], what[300];
            /* the option a value belongs to, or the argument's place */
            if (i > 2 && strncmp(args[i - 1], "--", 2) == 0 && strncmp(args[i], "--", 2) != 0)
                snprintf(where, sizeof where, "%.20s: %.40s", args[1], args[i - 1]);   /* "sendmsg: --label" */
            else
                snprintf(where, sizeof where, "argument %d", i);
            snprintf(what, sizeof what, "\"%.200s\" has characters that this machine's ANSI code page (%u), in which the "
                     "CSV is written, cannot hold (shown as ?): use characters of that code page", args[i], acp);
            free(wide);
            return wb_usage_error(where, what);
        }
    }
    free(wide);
    *argc = n + 1;
    *argv = args;
    return 0;
}
