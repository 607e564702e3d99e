/* ANSI text shown right on a console (include/wb_console.h). */
#include "wb_console.h"
#include "console_chunks.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>

/* Is f (stdout or stderr) a console? Asked once per stream: a redirection does not change
 * while the process runs. */
static HANDLE console_of(FILE *f)
{
    static int known[2];
    static HANDLE handle[2];
    int i = f == stdout ? 0 : f == stderr ? 1 : -1;
    DWORD mode;
    if (i < 0) return NULL;
    if (!known[i]) {
        HANDLE h = GetStdHandle(i == 0 ? STD_OUTPUT_HANDLE : STD_ERROR_HANDLE);
        handle[i] = h != INVALID_HANDLE_VALUE && h != NULL && GetConsoleMode(h, &mode) ? h : NULL;
        known[i] = 1;
    }
    return handle[i];
}

static int ascii(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s >= 0x80) return 0;
    return 1;
}

/* A piece no longer than `piece`, ending before a high surrogate so that a pair stays whole. */
static size_t piece_of(const WCHAR *text, size_t left, size_t piece)
{
    size_t k = left < piece ? left : piece;
    if (k < left && k > 1 && text[k - 1] >= 0xD800 && text[k - 1] <= 0xDBFF) k--;
    return k;
}

size_t wb_write_wide_chunks(const WCHAR *text, size_t n, wb_wide_writer write, void *ctx)
{
    size_t done = 0, piece = WB_CONSOLE_CHUNK;
    while (done < n) {
        size_t k = piece_of(text + done, n - done, piece);
        DWORD wrote = write(ctx, text + done, (DWORD)k);
        if (wrote > 0) {   /* all of it, or the part the console took: the rest follows from there */
            done += wrote;
            continue;
        }
        if (piece <= 256) break;   /* even a small piece fails: the caller takes the rest */
        piece /= 2;
    }
    return done;
}

static DWORD to_console(void *console, const WCHAR *text, DWORD n)
{
    DWORD written = 0;
    if (!WriteConsoleW((HANDLE)console, text, n, &written, NULL)) return 0;
    return written <= n ? written : n;
}

/* Converted from the ANSI code page and written as UTF-16 (after what the CRT holds for f), in
 * pieces; what the console would not take goes through the CRT in the ANSI code page: a line
 * is never lost. */
static int write_console(HANDLE console, FILE *f, const char *text, size_t len)
{
    WCHAR small[512], *wide = small;
    int n = MultiByteToWideChar(CP_ACP, 0, text, (int)len, NULL, 0);
    size_t done;
    if (n <= 0) return fputs(text, f);
    if ((size_t)n > sizeof small / sizeof small[0] && (wide = (WCHAR *)malloc((size_t)n * sizeof *wide)) == NULL)
        return fputs(text, f);
    MultiByteToWideChar(CP_ACP, 0, text, (int)len, wide, n);
    fflush(f);
    done = wb_write_wide_chunks(wide, (size_t)n, to_console, console);
    if (done < (size_t)n) {
        int bytes = WideCharToMultiByte(CP_ACP, 0, wide + done, n - (int)done, NULL, 0, NULL, NULL);
        char *rest = bytes > 0 ? (char *)malloc((size_t)bytes) : NULL;
        if (rest) {
            WideCharToMultiByte(CP_ACP, 0, wide + done, n - (int)done, rest, bytes, NULL, NULL);
            fwrite(rest, 1, (size_t)bytes, f);
            fflush(f);
        }
        free(rest);
    }
    if (wide != small) free(wide);
    return (int)len;
}

int wb_fputs(const char *text, FILE *f)
{
    HANDLE console = console_of(f);
    if (console == NULL || ascii(text)) return fputs(text, f);
    return write_console(console, f, text, strlen(text));
}

static int console_vprintf(FILE *f, const char *fmt, va_list ap)
{
    HANDLE console = console_of(f);
    char small[1024], *text = small;
    va_list again;
    int n;
    /* Formatted here, then written in one call: MinGW's C99 printf (vfprintf with
     * __USE_MINGW_ANSI_STDIO) hands the CRT one fputc per character, which made the report's
     * thousands of lines 150 CRT calls each (and, under Wine, as many console-mode queries). */
    va_copy(again, ap);
    n = vsnprintf(small, sizeof small, fmt, ap);
    if (n >= (int)sizeof small) {
        text = (char *)malloc((size_t)n + 1);
        if (text != NULL) vsnprintf(text, (size_t)n + 1, fmt, again);
        else text = small;   /* out of memory: the first 1023 bytes */
    }
    va_end(again);
    if (n < 0) return n;
    if (console == NULL) n = fwrite(text, 1, strlen(text), f) == strlen(text) ? (int)strlen(text) : -1;
    else n = ascii(text) ? fputs(text, f) : write_console(console, f, text, strlen(text));
    if (text != small) free(text);
    return n;
}

int wb_fprintf(FILE *f, const char *fmt, ...)
{
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = console_vprintf(f, fmt, ap);
    va_end(ap);
    return n;
}

int wb_printf(const char *fmt, ...)
{
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = console_vprintf(stdout, fmt, ap);
    va_end(ap);
    return n;
}

int wb_text_from_wide(const wchar_t *wide, char *buf, size_t cap)
{
    UINT acp = GetACP();
    BOOL lossy = FALSE;
    /* CP_UTF8 holds everything, and refuses the flags and the used-default check */
    DWORD flags = acp == CP_UTF8 ? 0 : WC_NO_BEST_FIT_CHARS;
    if (cap == 0) return 0;
    int need = WideCharToMultiByte(acp, flags, wide, -1, NULL, 0, NULL, acp == CP_UTF8 ? NULL : &lossy);
    char *all = need > 0 ? (char *)malloc((size_t)need) : NULL;
    buf[0] = '\0';
    if (all != NULL && WideCharToMultiByte(acp, flags, wide, -1, all, need, NULL, NULL) > 0) {
        strncpy(buf, all, cap - 1);   /* too long for buf: its first cap - 1 bytes */
        buf[cap - 1] = '\0';
    }
    free(all);
    return lossy ? 1 : 0;
}
