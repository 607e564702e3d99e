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
#include "core/usage.h"

/* One argument of a command line by the rules the CRT and CommandLineToArgvW apply: 2n
 * backslashes before a quote are n backslashes and the quote toggles quoting, 2n + 1 are n
 * and a literal quote; "" inside quotes is a literal quote; other backslashes are themselves.
 * Writes it into out (when not NULL) and returns its length, *p moved past it. */
static size_t next_arg(const WCHAR **p, WCHAR *out)
{
    const WCHAR *s = *p;
    size_t n = 0;
    int quoted = 0;
    while (*s && (quoted || (*s != L' ' && *s != L'\t'))) {
        size_t bs = 0, i;
        while (s[bs] == L'\\') bs++;
        if (s[bs] == L'"') {
            for (i = 0; i < bs / 2; i++, n++)
                if (out) out[n] = L'\\';
            s += bs;
            if (bs % 2) {   /* an escaped quote */
                if (out) out[n] = L'"';
                n++;
                s++;
            } else if (quoted && s[1] == L'"') {   /* "" inside quotes */
                if (out) out[n] = L'"';
                n++;
                s += 2;
            } else {
                quoted = !quoted;
                s++;
            }
        } else if (bs) {
            for (i = 0; i < bs; i++, n++)
                if (out) out[n] = L'\\';
            s += bs;
        } else {
            if (out) out[n] = *s;
            n++;
            s++;
        }
    }
    *p = s;
    return n;
}

/* The program's name: to the first blank outside quotes, a quote toggling them, no escapes
 * (as the CRT reads it: "C:\Program Files"\x.exe is one name). */
static const WCHAR *past_program(const WCHAR *s)
{
    int quoted = 0;
    for (; *s && (quoted || (*s != L' ' && *s != L'\t')); s++)
        if (*s == L'"') quoted = !quoted;
    return s;
}

static const WCHAR *skip_blanks(const WCHAR *s)
{
    while (*s == L' ' || *s == L'\t') s++;
    return s;
}

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
    for (p = skip_blanks(past_program(line)); *p; p = skip_blanks(p)) {
        len = next_arg(&p, NULL);
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
    for (i = 1, p = skip_blanks(past_program(line)); *p; p = skip_blanks(p), i++) {
        BOOL lossy = FALSE;
        int bytes;
        len = next_arg(&p, wide);
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
