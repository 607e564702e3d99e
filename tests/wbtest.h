/* A tiny test harness in the style of Wine's include/wine/test.h: ok() records file:line and
 * carries on, skip() says what the platform lacks. Each test program holds several named tests;
 * CTest runs one per process: `test_x NAME`. Exit 0 pass, 1 fail, 77 skipped (SKIP_RETURN_CODE).
 *
 * Platform differences are written where they are checked, as Wine's own tests do, never by
 * widening a bound or skipping in silence:
 *   ok(x == y || broken(x == 0), ...)            a Windows version that behaves otherwise (accepted
 *                                                on Windows only; under Wine it must not be needed)
 *   ok(x == y || wine_broken(x > y, "why"), ...) a documented Wine difference (accepted under Wine
 *                                                only, and counted with its reason)
 *   todo_wine ok(x == y, ...);                   what Wine gets wrong: under Wine a failure is a
 *                                                "todo", and a pass is reported as a failure, so
 *                                                that the day Wine gets it right is noticed */
#ifndef WBTEST_H
#define WBTEST_H

#include <stdarg.h>

/* What CTest must know of a case, written beside it in the program's cases[] table: the one
 * place a case is named. tests/CMakeLists.txt reads the table (winbench_test) and registers a
 * test per row, with these as its properties. */
enum {
    /* What it checks is a time, a rate or a CPU share, never an exact count: label "timing"
     * (scripts/test runs these apart from the rest and may run a failed one once more). */
    WBT_TIMING = 1,
    /* Loads the CPU for long: one of the machine's two CPU slots (CTest's RESOURCE_GROUPS over
     * tests/ctest-resources.json). With WBT_TIMING, both: no other heavy case runs beside a
     * timing one, because on a 2-CPU machine it would steal the CPU the timing one measures. */
    WBT_CPU_HEAVY = 2,
    /* Runs for minutes (the whole quick suite): a 400 s time-out instead of 180 s. */
    WBT_LONG = 4
};

typedef struct wbt_case {
    const char *name;
    void (*fn)(void);
    unsigned flags;               /* WBT_* */
} wbt_case;

void wbt_ok(const char *file, int line, int cond, const char *fmt, ...);
void wbt_skip(const char *file, int line, const char *fmt, ...);
int  wbt_main(const wbt_case *cases, int argc, char **argv);

/* 1 when the test runs under Wine (ntdll exports wine_get_version), 0 on Windows and natively. */
int  wbt_under_wine(void);
int  wbt_broken(int cond);
int  wbt_wine_broken(const char *file, int line, int cond, const char *why);
void wbt_todo_begin(int active);
int  wbt_todo_loop(void);
void wbt_todo_end(void);

#define ok(cond, ...) wbt_ok(__FILE__, __LINE__, (cond) ? 1 : 0, __VA_ARGS__)
#define skip(...) wbt_skip(__FILE__, __LINE__, __VA_ARGS__)
#define broken(cond) wbt_broken((cond) ? 1 : 0)
#define wine_broken(cond, why) wbt_wine_broken(__FILE__, __LINE__, (cond) ? 1 : 0, why)
#define todo_wine for (wbt_todo_begin(wbt_under_wine()); wbt_todo_loop(); wbt_todo_end())

/* Doubles compared with a relative tolerance, printing both values. */
#define ok_near(actual, expected, rel)                                                         \
    do {                                                                                       \
        double a_ = (actual), e_ = (expected);                                                 \
        double d_ = a_ - e_, m_ = (e_ < 0 ? -e_ : e_) * (rel);                                 \
        ok(d_ <= m_ + 1e-12 && -d_ <= m_ + 1e-12, "%s: expected %.12g, got %.12g", #actual, e_, a_); \
    } while (0)

#define WBT_MAIN(cases) \
    int main(int argc, char **argv) { return wbt_main(cases, argc, argv); }

#endif
