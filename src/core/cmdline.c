/* A Windows command line split into arguments (see cmdline.h). */
#include "cmdline.h"

const wchar_t *wb_cmdline_past_program(const wchar_t *s)
{
    int quoted = 0;
    for (; *s && (quoted || (*s != L' ' && *s != L'\t')); s++)
        if (*s == L'"') quoted = !quoted;
    return s;
}

const wchar_t *wb_cmdline_skip_blanks(const wchar_t *s)
{
    while (*s == L' ' || *s == L'\t') s++;
    return s;
}

static size_t put(wchar_t *out, size_t n, wchar_t c)
{
    if (out) out[n] = c;
    return n + 1;
}

/* The rules: 2n backslashes before a quote are n backslashes and the quote is a quoting one;
 * 2n + 1 are n backslashes and a literal quote; other backslashes are themselves. A quoting
 * quote outside quotes opens them; inside, it closes them, unless another quote follows: then
 * the two are one literal quote, and the quotes are closed all the same (msvcrt.dll's stdargv
 * and CommandLineToArgvW: "a ""b"" c" is `a "b` and `c`; the 2008 CRT would say `a "b" c`). */
size_t wb_cmdline_arg(const wchar_t **p, wchar_t *out)
{
    const wchar_t *s = *p;
    size_t n = 0, bs, i;
    int quoted = 0;
    while (*s && (quoted || (*s != L' ' && *s != L'\t'))) {
        for (bs = 0; s[bs] == L'\\'; bs++) {}
        if (s[bs] != L'"') {   /* backslashes not before a quote, or an ordinary character */
            for (i = 0; i < bs; i++) n = put(out, n, L'\\');
            s += bs;
            if (bs == 0) n = put(out, n, *s++);
            continue;
        }
        for (i = 0; i < bs / 2; i++) n = put(out, n, L'\\');
        s += bs;
        if (bs % 2) {   /* an escaped quote */
            n = put(out, n, L'"');
            s++;
        } else if (quoted && s[1] == L'"') {   /* "" inside quotes: a quote, and quoting ends */
            n = put(out, n, L'"');
            quoted = 0;
            s += 2;
        } else {
            quoted = !quoted;
            s++;
        }
    }
    *p = s;
    return n;
}
