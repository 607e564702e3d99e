/* A tiny test harness in the style of Wine's include/wine/test.h: ok() records file:line and
 * carries on, skip() says what the platform lacks. Each test program holds several named tests;
 * CTest runs one per process: `test_x NAME`. Exit 0 pass, 1 fail, 77 skipped (SKIP_RETURN_CODE). */
#ifndef WBTEST_H
#define WBTEST_H

#include <stdarg.h>

typedef struct wbt_case {
    const char *name;
    void (*fn)(void);
} wbt_case;

void wbt_ok(const char *file, int line, int cond, const char *fmt, ...);
void wbt_skip(const char *file, int line, const char *fmt, ...);
int  wbt_main(const wbt_case *cases, int argc, char **argv);

#define ok(cond, ...) wbt_ok(__FILE__, __LINE__, (cond) ? 1 : 0, __VA_ARGS__)
#define skip(...) wbt_skip(__FILE__, __LINE__, __VA_ARGS__)

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
