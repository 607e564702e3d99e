/* Helpers of the end-to-end tests: run winbench.exe (found beside the test program) as a user
 * would, in a fresh directory, and read back its output and CSV. */
#include <ctype.h>
#include <windows.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"
#include "wb_test_hooks.h"

static char g_exe[MAX_PATH];
char g_dir[MAX_PATH];

/* One argument quoted by the rules CommandLineToArgvW and the CRT undo. */
static void append_arg(char *cmd, size_t cap, const char *arg)
{
    size_t n = strlen(cmd);
    const char *p;
    int quote = arg[0] == '\0' || strpbrk(arg, " \t\"") != NULL;
    if (n && n + 1 < cap) cmd[n++] = ' ';
    if (quote && n + 1 < cap) cmd[n++] = '"';
    for (p = arg; *p && n + 4 < cap; p++) {
        size_t bs = 0;
        while (p[bs] == '\\') bs++;
        if (bs && (p[bs] == '"' || (p[bs] == '\0' && quote))) {
            size_t k;
            for (k = 0; k < bs * 2 && n + 2 < cap; k++) cmd[n++] = '\\';
            p += bs - 1;
            continue;
        }
        if (*p == '"') cmd[n++] = '\\';
        cmd[n++] = *p;
    }
    if (quote && n + 1 < cap) cmd[n++] = '"';
    cmd[n] = '\0';
}

char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *p;
    long n;
    *len = 0;
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    p = (char *)malloc((size_t)n + 1);
    if (p) {
        *len = fread(p, 1, (size_t)n, f);
        p[*len] = '\0';
    }
    fclose(f);
    return p;
}

static HANDLE inheritable_file(const char *path)
{
    SECURITY_ATTRIBUTES sa;
    sa.nLength = sizeof sa;
    sa.lpSecurityDescriptor = NULL;
    sa.bInheritHandle = TRUE;
    return CreateFileA(path, GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, &sa, CREATE_ALWAYS,
                       FILE_ATTRIBUTE_NORMAL, NULL);
}

static unsigned g_started;   /* numbers the output files of concurrent processes */
static int g_utf8_args;      /* run_utf8: the arguments are UTF-8, started with CreateProcessW */

/* Wine's CreateProcess was seen to fail with ERROR_INTERNAL_ERROR (1359) on a loaded machine,
 * twice in some thousands of starts in two CI runs, the program never started: Wine's, not
 * winbench's. Under Wine the start is tried again (three tries in all), each such failure
 * counted as a Wine difference with its reason; on Windows, and for any other error, the
 * failure stands. */
static int wine_start_failed(DWORD code)
{
    if (code != ERROR_INTERNAL_ERROR || !wbt_under_wine()) return 0;
    wine_broken(1, "Wine's CreateProcess failed with error 1359 (a loaded machine): started again");
    Sleep(100);
    return 1;
}

static proc start_args(const char *first, va_list ap)
{
    proc p;
    const char *arg;
    STARTUPINFOA si;
    PROCESS_INFORMATION pi;
    HANDLE out, err;
    DWORD code = 0;
    int attempt, started = 0;
    static WCHAR wcmd[sizeof p.cmd], wdir[MAX_PATH];
    STARTUPINFOW wsi;

    memset(&p, 0, sizeof p);
    append_arg(p.cmd, sizeof p.cmd, g_exe);
    for (arg = first; arg; arg = va_arg(ap, const char *)) append_arg(p.cmd, sizeof p.cmd, arg);
    g_started++;
    snprintf(p.out_path, sizeof p.out_path, "%s.%u.stdout", g_dir, g_started);
    snprintf(p.err_path, sizeof p.err_path, "%s.%u.stderr", g_dir, g_started);
    memset(&si, 0, sizeof si);
    si.cb = sizeof si;
    si.dwFlags = STARTF_USESTDHANDLES;
    si.hStdInput = GetStdHandle(STD_INPUT_HANDLE);
    si.hStdOutput = out = inheritable_file(p.out_path);
    si.hStdError = err = inheritable_file(p.err_path);
    if (g_utf8_args) {   /* the command line as Unicode, as a shell on Windows passes it */
        memset(&wsi, 0, sizeof wsi);
        wsi.cb = sizeof wsi;
        wsi.dwFlags = si.dwFlags, wsi.hStdInput = si.hStdInput, wsi.hStdOutput = si.hStdOutput, wsi.hStdError = si.hStdError;
        MultiByteToWideChar(CP_UTF8, 0, p.cmd, -1, wcmd, (int)(sizeof wcmd / sizeof wcmd[0]));
        MultiByteToWideChar(CP_ACP, 0, g_dir, -1, wdir, MAX_PATH);
    }
    /* one start, tried again only where wine_start_failed says so */
    for (attempt = 0; attempt < 3 && !started; attempt++) {
        started = (g_utf8_args ? CreateProcessW(NULL, wcmd, NULL, NULL, TRUE, 0, NULL, wdir, &wsi, &pi)
                               : CreateProcessA(NULL, p.cmd, NULL, NULL, TRUE, 0, NULL, g_dir, &si, &pi)) != 0;
        code = started ? 0 : GetLastError();
        if (!started && !wine_start_failed(code)) break;
    }
    if (started) {
        p.process = pi.hProcess;
        CloseHandle(pi.hThread);
    } else {
        ok(0, "%s(%s) failed: %lu", g_utf8_args ? "CreateProcessW" : "CreateProcess", p.cmd, code);
    }
    CloseHandle(out);
    CloseHandle(err);
    return p;
}

proc start(const char *first, ...)
{
    proc p;
    va_list ap;
    va_start(ap, first);
    p = start_args(first, ap);
    va_end(ap);
    return p;
}

static double filetime_s(FILETIME t)
{
    ULARGE_INTEGER u;
    u.LowPart = t.dwLowDateTime;
    u.HighPart = t.dwHighDateTime;
    return (double)u.QuadPart / 1e7;
}

result finish(proc *p, DWORD timeout_ms)
{
    result r;
    memset(&r, 0, sizeof r);
    r.code = 0xFFFFFFFF;
    if (p->process) {
        if (WaitForSingleObject(p->process, timeout_ms) != WAIT_OBJECT_0) {
            ok(0, "winbench hung (over %lu ms): %s", timeout_ms, p->cmd);
            TerminateProcess(p->process, 1);
            WaitForSingleObject(p->process, 5000);
        }
        GetExitCodeProcess(p->process, &r.code);
        {
            FILETIME created, ended, kernel, user;
            if (GetProcessTimes(p->process, &created, &ended, &kernel, &user)) {
                r.cpu_user_s = filetime_s(user);
                r.cpu_kernel_s = filetime_s(kernel);
            }
        }
        CloseHandle(p->process);
        p->process = NULL;
    }
    r.out = read_all(p->out_path, &r.out_len);
    r.err = read_all(p->err_path, &r.err_len);
    if (!r.out) r.out = (char *)calloc(1, 1);
    if (!r.err) r.err = (char *)calloc(1, 1);
    DeleteFileA(p->out_path);
    DeleteFileA(p->err_path);
    /* An exception code (0xC0000005 and friends) is a crash, whatever the test expects. */
    ok(r.code < 0xC0000000u || r.code == 0xFFFFFFFF, "winbench crashed with 0x%08lx: %s", r.code, p->cmd);
    return r;
}

char *proc_output_so_far(const proc *p)
{
    size_t len;
    char *text = read_all(p->out_path, &len);
    return text ? text : (char *)calloc(1, 1);
}

result run(const char *first, ...)
{
    proc p;
    va_list ap;
    va_start(ap, first);
    p = start_args(first, ap);
    va_end(ap);
    return finish(&p, 120000);
}

result run_env(int hook, const char *value, const char *first, ...)
{
    proc p;
    va_list ap;
    hook_set(hook, value);
    va_start(ap, first);
    p = start_args(first, ap);
    va_end(ap);
    hook_clear(hook);   /* the child has its own copy: the hook cannot outlive its run */
    return finish(&p, 120000);
}

result run_utf8(const char *first, ...)
{
    proc p;
    va_list ap;
    va_start(ap, first);
    g_utf8_args = 1;
    p = start_args(first, ap);
    g_utf8_args = 0;
    va_end(ap);
    return finish(&p, 120000);
}

void result_free(result *r)
{
    free(r->out);
    free(r->err);
}

void path_in_dir(char *buf, size_t cap, const char *name)
{
    snprintf(buf, cap, "%s\\%s", g_dir, name);
}

int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++)
        if (*s == '\n') n++;
    return n;
}

/* ---- CSV checks -------------------------------------------------------------------------- */

csv_file load_csv(const char *path, char sep)
{
    csv_file c;
    size_t len;
    char err[128] = "";
    char *text = read_all(path, &len);
    memset(&c, 0, sizeof c);
    ok(text != NULL, "%s was not written", path);
    if (!text) return c;
    c.ok = wb_csv_parse(text, len, sep, &c.t, err, sizeof err) == 0;
    ok(c.ok, "%s does not parse: %s", path, err);
    free(text);
    return c;
}

/* A CSV that winbench wrote into the test's working directory. */
csv_file load_csv_here(const char *name, char sep)
{
    char path[MAX_PATH];
    path_in_dir(path, sizeof path, name);
    return load_csv(path, sep);
}

/* A missing cell (a broken run, a wrong column name) fails the test and reads as "", so that
 * the strstr / strcmp around it cannot crash the test program. */
const char *cell(const csv_file *c, size_t row, const char *col)
{
    int i = c->ok ? wb_csv_column(&c->t, col) : -1;
    if (i < 0 || row >= c->t.nrows || (size_t)i >= c->t.rows[row].nfields) {
        ok(0, "no cell \"%s\" in row %lu of the CSV", col, (unsigned long)row);
        return "";
    }
    return c->t.rows[row].fields[i];
}

/* A number the test asked for: an empty cell fails the test, naming the column, and reads as
 * NaN, so that every comparison made with it fails too (never a -1 that passes an upper bound). */
double num(const csv_file *c, size_t row, const char *col)
{
    const char *s = cell(c, row, col);
    char *end;
    double v;
    if (s == NULL || *s == '\0') {
        ok(0, "row %lu column %s is empty where a number was expected", (unsigned long)row, col);
        return NAN;
    }
    v = strtod(s, &end);
    ok(*end == '\0', "row %lu column %s is not a number: \"%s\"", (unsigned long)row, col, s);
    return *end == '\0' ? v : NAN;
}

/* The same where the test allows "not applicable": NaN for an empty cell, without a failure. */
double num_or_empty(const csv_file *c, size_t row, const char *col)
{
    const char *s = cell(c, row, col);
    return s && *s ? atof(s) : NAN;
}

int rows_are(const csv_file *c, size_t want)
{
    ok(c->ok && c->t.nrows == want, "the CSV has %lu rows (the header included), expected %lu",
       c->ok ? (unsigned long)c->t.nrows : 0ul, (unsigned long)want);
    return c->ok && c->t.nrows == want;
}

int cell_is(const csv_file *c, size_t row, const char *col, const char *want)
{
    const char *s = cell(c, row, col);
    ok(s != NULL && strcmp(s, want) == 0, "row %lu column %s: expected \"%s\", got \"%s\"",
       (unsigned long)row, col, want, s ? s : "(missing)");
    return s != NULL && strcmp(s, want) == 0;
}

/* The shape every sendmsg CSV must have: header, `reps` rep rows, one summary row. */
int csv_files_here(void)
{
    WIN32_FIND_DATAA fd;
    char pattern[MAX_PATH];
    HANDLE h;
    int n = 0;
    path_in_dir(pattern, sizeof pattern, "*.csv");
    h = FindFirstFileA(pattern, &fd);
    if (h == INVALID_HANDLE_VALUE) return 0;
    do n++; while (FindNextFileA(h, &fd));
    FindClose(h);
    return n;
}

int dir_has_csv(void)
{
    return csv_files_here() > 0;
}

/* Usage errors: exit 2, exactly one line "winbench: ...", nothing on stdout, no CSV. */
void expect_usage(const char *want_line, const char *a1, const char *a2, const char *a3, const char *a4)
{
    int csvs_before = csv_files_here();
    result r = run(a1, a2, a3, a4, NULL);
    ok(r.code == 2, "%s %s %s: exit %lu, expected 2", a1 ? a1 : "", a2 ? a2 : "", a3 ? a3 : "", r.code);
    ok(count_lines(r.err) == 1 && strncmp(r.err, "winbench: ", 10) == 0, "one line on stderr, got: %s", r.err);
    if (want_line) {
        char want[512];
        snprintf(want, sizeof want, "%s\n", want_line);
        /* The CRT may write "\r\n": compare without the CR. */
        {
            char *cr = strchr(r.err, '\r');
            if (cr && cr[1] == '\n') memmove(cr, cr + 1, strlen(cr));
        }
        ok(strcmp(r.err, want) == 0, "\n  expected: %s  got:      %s", want, r.err);
    }
    ok(r.out_len == 0, "nothing on stdout for a usage error, got: %s", r.out);
    ok(csv_files_here() == csvs_before, "a usage error left a CSV behind");
    result_free(&r);
}

static void remove_dir(const char *dir)
{
    WIN32_FIND_DATAA fd;
    char pattern[MAX_PATH], path[MAX_PATH];
    HANDLE h;
    snprintf(pattern, sizeof pattern, "%s\\*", dir);
    h = FindFirstFileA(pattern, &fd);
    if (h != INVALID_HANDLE_VALUE) {
        do {
            snprintf(path, sizeof path, "%s\\%s", dir, fd.cFileName);
            /* Folders too (`all --out A`): Wine reuses process ids, and a test that found the
             * folders of an earlier run under its name would read their files as its own. */
            if (fd.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) {
                if (strcmp(fd.cFileName, ".") != 0 && strcmp(fd.cFileName, "..") != 0) remove_dir(path);
            } else {
                DeleteFileA(path);
            }
        } while (FindNextFileA(h, &fd));
        FindClose(h);
    }
    RemoveDirectoryA(dir);
}

void path_beside_exe(char *buf, size_t cap, const char *name)
{
    const char *slash = strrchr(g_exe, '\\');
    snprintf(buf, cap, "%.*s\\%s", slash ? (int)(slash - g_exe) : 0, g_exe, name);
}

int e2e_main(const wbt_case *cases, int argc, char **argv)
{
    char tmp[MAX_PATH], *slash;
    int rc;
    GetModuleFileNameA(NULL, g_exe, sizeof g_exe);
    slash = strrchr(g_exe, '\\');
    strcpy(slash ? slash + 1 : g_exe, "winbench.exe");
    GetTempPathA(sizeof tmp, tmp);
    snprintf(g_dir, sizeof g_dir, "%swbe2e-%lu-%s", tmp, GetCurrentProcessId(), argc > 1 ? argv[1] : "all");
    remove_dir(g_dir);   /* what a killed earlier run with the same process id left */
    CreateDirectoryA(g_dir, NULL);
    rc = wbt_main(cases, argc, argv);
    remove_dir(g_dir);
    return rc;
}


/* ---- Sleep(1) timed beside a run --------------------------------------------------------------- */

static DWORD WINAPI sleep_watch_thread(void *arg)
{
    typedef UINT (WINAPI *period_fn)(UINT);
    sleep_watch *w = (sleep_watch *)arg;
    HMODULE winmm = w->period_1ms ? LoadLibraryA("winmm.dll") : NULL;
    period_fn begin = winmm ? (period_fn)(void (*)(void))GetProcAddress(winmm, "timeBeginPeriod") : NULL;
    period_fn end = winmm ? (period_fn)(void (*)(void))GetProcAddress(winmm, "timeEndPeriod") : NULL;
    LARGE_INTEGER f, t0, t1;
    QueryPerformanceFrequency(&f);
    if (begin) begin(1);
    while (!w->stop && w->n < SLEEP_WATCH_CAP) {
        QueryPerformanceCounter(&t0);
        Sleep(1);
        QueryPerformanceCounter(&t1);
        if (w->spin_ms > 0) {   /* the spin's end: where a preemption near it shows */
            LARGE_INTEGER t2 = t1;
            while ((double)(t2.QuadPart - t1.QuadPart) * 1e3 / (double)f.QuadPart < w->spin_ms) QueryPerformanceCounter(&t2);
            t1.QuadPart = t2.QuadPart - (LONGLONG)(w->spin_ms * (double)f.QuadPart / 1e3);
        }
        w->ms[w->n++] = (double)(t1.QuadPart - t0.QuadPart) * 1e3 / (double)f.QuadPart;
    }
    if (end) end(1);
    if (winmm) FreeLibrary(winmm);
    return 0;
}

void sleep_watch_start(sleep_watch *w, int period_1ms)
{
    w->stop = 0;
    w->n = 0;
    w->period_1ms = period_1ms;
    w->thread = CreateThread(NULL, 0, sleep_watch_thread, w, 0, NULL);
    ok(w->thread != NULL, "CreateThread: error %lu", GetLastError());
}

void sleep_watch_stop(sleep_watch *w)
{
    InterlockedExchange(&w->stop, 1);
    if (w->thread) WaitForSingleObject(w->thread, INFINITE), CloseHandle(w->thread);
    w->thread = NULL;
}

int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int sleep_watch_range(const sleep_watch *w, double *least, double *most)
{
    unsigned i;
    for (i = 0; i + 5 <= w->n; i++) {
        double five[5];
        memcpy(five, &w->ms[i], sizeof five);
        qsort(five, 5, sizeof five[0], by_value);
        if (i == 0 || five[2] < *least) *least = five[2];
        if (i == 0 || five[2] > *most) *most = five[2];
    }
    return w->n >= 5;
}

double sleep_watch_quantile(const sleep_watch *w, double q)
{
    double *sorted, v;
    if (w->n == 0 || (sorted = (double *)malloc(w->n * sizeof *sorted)) == NULL) return NAN;
    memcpy(sorted, w->ms, w->n * sizeof *sorted);
    qsort(sorted, w->n, sizeof *sorted, by_value);
    v = sorted[(unsigned)(q * (double)(w->n - 1) + 0.5)];
    free(sorted);
    return v;
}

size_t row_of(const csv_file *c, const char *kind, const char *loop)
{
    size_t r;
    for (r = 1; c->ok && r < c->t.nrows; r++)
        if (strcmp(cell(c, r, "row"), kind) == 0 && (!loop || strcmp(cell(c, r, "loop"), loop) == 0)) return r;
    return 0;
}

int rows_where(const csv_file *c, const char *kind, const char *column, const char *value)
{
    size_t r;
    int n = 0;
    for (r = 1; c->ok && r < c->t.nrows; r++)
        n += (!kind || strcmp(cell(c, r, "row"), kind) == 0) && (!column || strcmp(cell(c, r, column), value) == 0);
    return n;
}

int rows_of_kind(const csv_file *c, const char *kind, const char *loop)
{
    return rows_where(c, kind, loop ? "loop" : NULL, loop);
}

void write_file(const char *name, const char *text)
{
    char path[MAX_PATH];
    FILE *f;
    path_in_dir(path, sizeof path, name);
    f = fopen(path, "wb");
    ok(f != NULL, "cannot write %s", path);
    if (!f) return;
    fputs(text, f);
    fclose(f);
}

/* The hooks' variables, from the product's one list (not linked: the tests' own copy of its names). */
#define HOOK_VARIABLE(id, variable, what) variable,
static const char *const hook_variables[] = { WB_TEST_HOOKS(HOOK_VARIABLE) NULL };
#undef HOOK_VARIABLE

void hook_set(int id, const char *value)
{
    SetEnvironmentVariableA(hook_variables[id], value);
}

void hook_clear(int id)
{
    SetEnvironmentVariableA(hook_variables[id], NULL);
}

/* ---- a run's rows and report, as the parts tests read them ---- */

/* The smallest value of a column over the rep rows with `column`=`value` (every rep row when
 * column is NULL): interference only slows a loop, so the fastest repetition is the least
 * disturbed one, on a busy machine too. NaN when there is none. */
double fastest(const csv_file *c, const char *metric, const char *column, const char *value)
{
    double best = NAN;
    size_t r;
    for (r = 1; c->ok && r < c->t.nrows; r++) {
        double v;
        if (strcmp(cell(c, r, "row"), "rep") != 0 || (column && strcmp(cell(c, r, column), value) != 0)) continue;
        v = num_or_empty(c, r, metric);
        if (v == v && !(best <= v)) best = v;
    }
    return best;
}


/* The median of a column over the rep rows: a repetition as typical as the median chunk it is
 * set against. */
double median_rep(const csv_file *c, const char *metric)
{
    double v[16];
    size_t r, n = 0;
    for (r = 1; c->ok && r < c->t.nrows && n < 16; r++)
        if (!strcmp(cell(c, r, "row"), "rep")) v[n++] = num(c, r, metric);
    if (n == 0) return NAN;
    qsort(v, n, sizeof v[0], by_value);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The share the report's sentence gives the part it names first: N in "where: WHOLE 1.70 times
 * slower (p=0.012): N% of it is in PART", NaN when no sentence names that part first. */
double share_named(const char *out, const char *whole, const char *part)
{
    const char *p = out;
    char head[200];
    snprintf(head, sizeof head, "where: %s ", whole);
    while ((p = strstr(p, head)) != NULL) {
        const char *eol = strchr(p, '\n'), *q = p;
        if (eol == NULL) eol = p + strlen(p);
        p += strlen(head);
        /* "N% PART" within the line: N the digits (and sign) just before the "% " */
        while ((q = strstr(q, part)) != NULL && q < eol) {
            const char *d = q;
            if (d - 2 >= p && d[-1] == ' ' && d[-2] == '%') {
                d -= 2;
                while (d > p && (isdigit((unsigned char)d[-1]) || d[-1] == '-' || d[-1] == '.')) d--;
                if (d < q - 2) return strtod(d, NULL);
            }
            q += strlen(part);
        }
    }
    return NAN;
}

/* The share column of a part's row in the report's table of parts ("   part ... 100%"), or NaN. */
double table_share(const char *out, const char *part)
{
    const char *p = out, *end, *bol;
    while ((p = strstr(p, part)) != NULL) {
        end = strchr(p, '\n');
        if (end == NULL) end = p + strlen(p);
        /* a row of the table: the part's name first on its line (an answer line names parts too,
         * and one cut short ended in a share of another: -107% read three times as -321%) */
        for (bol = p; bol > out && bol[-1] == ' '; bol--) {}
        if (bol > out && bol[-1] != '\n') {
            p = end;
            continue;
        }
        while (end > p && (end[-1] == '\r' || end[-1] == ' ')) end--;
        if (end > p && end[-1] == '%') {
            const char *start = end - 1;
            while (start > p && start[-1] != ' ') start--;
            return atof(start);
        }
        p = end;
    }
    return NAN;
}

/* ---- the HTML report, read by the tests ----------------------------------------------------- */

/* Every non-void element closed in order: enough to catch a broken writer. */
static int well_formed(const char *html, char *why, size_t cap)
{
    static const char *const voids[] = { "meta", "br", "!DOCTYPE", NULL };
    char stack[64][16];
    int depth = 0;
    const char *p = html;
    while ((p = strchr(p, '<')) != NULL) {
        char name[16];
        size_t n = 0;
        int closing = p[1] == '/', self = 0, i, is_void = 0;
        const char *q = p + 1 + closing, *end = strchr(p, '>');
        if (end == NULL) {
            snprintf(why, cap, "unterminated tag");
            return 0;
        }
        while (n + 1 < sizeof name && q < end && *q != ' ' && *q != '/' && *q != '>') name[n++] = *q++;
        name[n] = '\0';
        self = end[-1] == '/';
        for (i = 0; voids[i]; i++) is_void |= !strcmp(name, voids[i]);
        if (closing) {
            if (depth == 0 || strcmp(stack[depth - 1], name)) {
                snprintf(why, cap, "</%s> closes <%s>", name, depth ? stack[depth - 1] : "(nothing)");
                return 0;
            }
            depth--;
        } else if (!self && !is_void) {
            if (depth == 64) return 0;
            snprintf(stack[depth++], sizeof stack[0], "%s", name);
        }
        p = end + 1;
    }
    if (depth) snprintf(why, cap, "<%s> never closed", stack[depth - 1]);
    return depth == 0;
}

int occurrences(const char *text, const char *what)
{
    int n = 0;
    for (; (text = strstr(text, what)) != NULL; text++) n++;
    return n;
}

/* Every part of every parts chart (sendmsg's, idle's, sockloop's) and of its legend is drawn in
 * its layer's family, as the page says: your code purple, the API teal, the OS brown, the
 * machine grey; each chart has its 0-100% axis. The families are the documented ones, written
 * here, not read from the code. */
void check_layer_colours(const char *name)
{
    static const struct { const char *layer, *family; } families[] = {
        { "your code", "#54278f #756bb1 #9e9ac8 #cbc9e2" },
        { "the API", "#01665e #35978f #80cdc1 #c7eae5" },
        { "the OS", "#8c510a #bf812d #dfc27d #f6e8c3" },
        { "the machine", "#636363 #969696 #bdbdbd #d9d9d9" },
    };
    char path[MAX_PATH], fill[16], layer[32];
    size_t len, i;
    int seen[4] = { 0, 0, 0, 0 }, wrong = 0;
    char *html, *p;
    path_in_dir(path, sizeof path, name);
    if ((html = read_all(path, &len)) == NULL) return;
    for (p = html; (p = strstr(p, "fill=\"#")) != NULL; p++) {
        const char *d = strstr(p, "data-layer=\""), *end = strchr(p, '>');
        if (d == NULL || end == NULL || d > end) continue;   /* not a part's rectangle */
        snprintf(fill, sizeof fill, "%.7s", p + 6);
        snprintf(layer, sizeof layer, "%.*s", (int)strcspn(d + 12, "\""), d + 12);
        for (i = 0; i < 4 && strcmp(families[i].layer, layer) != 0; i++) {}
        if (i == 4 || strstr(families[i].family, fill) == NULL) wrong++;
        else seen[i]++;
        if (wrong == 1 && (i == 4 || strstr(families[i].family, fill) == NULL))
            ok(0, "%s: a part of %s drawn %s, not in its layer's family", name, layer, fill), wrong++;
    }
    ok(wrong == 0 && seen[0] > 0 && seen[1] > 0 && seen[2] > 0 && seen[3] > 0,
       "%s: parts by layer: your code %d, the API %d, the OS %d, the machine %d", name, seen[0], seen[1], seen[2], seen[3]);
    ok(occurrences(html, ">100%</text>") >= 3, "%s: each parts chart has its 0-100%% axis: %d", name, occurrences(html, ">100%</text>"));
    free(html);
}

void check_html(const char *name, int svgs)
{
    char path[MAX_PATH], why[128] = "";
    size_t len;
    char *html;
    path_in_dir(path, sizeof path, name);
    html = read_all(path, &len);
    ok(html != NULL, "%s written", name);
    if (!html) return;
    ok(well_formed(html, why, sizeof why), "%s is well-formed: %s", name, why);
    ok(occurrences(html, "<figure><svg") == svgs, "%s: %d charts, expected %d", name, occurrences(html, "<figure><svg"), svgs);
    /* url(#...) names a pattern inside the file; any other url( would be fetched */
    ok(strstr(html, "http") == NULL && strstr(html, "<script") == NULL && strstr(html, "<link") == NULL &&
       occurrences(html, "url(") == occurrences(html, "url(#"), "%s needs nothing from a network", name);
    ok(strstr(html, "<title>") && strstr(html, "<text transform") && strstr(html, "<rect"), "titles, axis labels, bars");
    free(html);
}
