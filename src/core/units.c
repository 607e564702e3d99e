/* Number parsing with unit suffixes (wrk's scan_metric / scan_time, made strict). */
#include "wb_units.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_digit(char c) { return c >= '0' && c <= '9'; }

static int hex_value(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static wb_num_status parse_hex(const char *p, uint64_t *out)
{
    uint64_t v = 0;
    int digits = 0;
    for (; *p; p++, digits++) {
        int h = hex_value(*p);
        if (h < 0) return WB_NUM_NOT_NUMBER;
        if (v > (UINT64_MAX >> 4)) return WB_NUM_OVERFLOW;
        v = (v << 4) | (uint64_t)h;
    }
    if (digits == 0) return WB_NUM_NOT_NUMBER;
    *out = v;
    return WB_NUM_OK;
}

static int count_multiplier(const char *suffix, uint64_t *mult)
{
    if (suffix[0] == '\0') { *mult = 1; return 0; }
    if (suffix[1] != '\0') return -1;
    switch (suffix[0]) {
    case 'k': case 'K': *mult = 1000ULL; return 0;
    case 'M':           *mult = 1000000ULL; return 0;
    case 'G':           *mult = 1000000000ULL; return 0;
    case 'T':           *mult = 1000000000000ULL; return 0;
    default:            return -1;
    }
}

wb_num_status wb_parse_count(const char *text, uint64_t *out)
{
    const char *p = text;
    uint64_t whole = 0, frac = 0, frac_scale = 1, mult;
    int digits = 0;

    if (p == NULL || *p == '\0') return WB_NUM_EMPTY;
    if (*p == '-') return WB_NUM_NEGATIVE;
    if (*p == '+') p++;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) return parse_hex(p + 2, out);

    for (; is_digit(*p); p++, digits++) {
        unsigned d = (unsigned)(*p - '0');
        if (whole > (UINT64_MAX - d) / 10) return WB_NUM_OVERFLOW;
        whole = whole * 10 + d;
    }
    if (*p == '.') {
        p++;
        for (; is_digit(*p); p++, digits++) {
            if (frac_scale >= 1000000000000ULL) return WB_NUM_BAD_SUFFIX; /* finer than any suffix */
            frac = frac * 10 + (uint64_t)(*p - '0');
            frac_scale *= 10;
        }
    }
    if (digits == 0) return WB_NUM_NOT_NUMBER;
    if (count_multiplier(p, &mult) != 0) return WB_NUM_BAD_SUFFIX;
    if (whole > UINT64_MAX / mult) return WB_NUM_OVERFLOW;
    /* A fraction must come out whole: "1.5k" is 1500; "1.5" or "1.0005k" is not a count.
     * So at most as many fraction digits as the suffix has zeros, which also keeps
     * frac * (mult / frac_scale) below mult: no overflow. */
    if (frac_scale > mult) return WB_NUM_BAD_SUFFIX;
    {
        uint64_t v = whole * mult, add = frac * (mult / frac_scale);
        if (v > UINT64_MAX - add) return WB_NUM_OVERFLOW;
        *out = v + add;
    }
    return WB_NUM_OK;
}

wb_num_status wb_parse_seconds(const char *text, double *out)
{
    const char *p = text, *unit;
    char number[64];
    int digits = 0, dots = 0;
    double v, scale;

    if (p == NULL || *p == '\0') return WB_NUM_EMPTY;
    if (*p == '-') return WB_NUM_NEGATIVE;
    /* Plain decimals only: strtod alone would also take "inf", "nan", "1e3" and hex floats. */
    for (; is_digit(*p) || *p == '.'; p++) {
        if (*p == '.') dots++;
        else digits++;
    }
    if (digits == 0 || dots > 1) return WB_NUM_NOT_NUMBER;
    if ((size_t)(p - text) >= sizeof number) return WB_NUM_OVERFLOW;
    memcpy(number, text, (size_t)(p - text));
    number[p - text] = '\0';
    unit = p;
    if (strcmp(unit, "") == 0 || strcmp(unit, "s") == 0 || strcmp(unit, "sec") == 0) scale = 1.0;
    else if (strcmp(unit, "ms") == 0) scale = 1e-3;
    else if (strcmp(unit, "us") == 0) scale = 1e-6;
    else if (strcmp(unit, "ns") == 0) scale = 1e-9;
    else if (strcmp(unit, "m") == 0 || strcmp(unit, "min") == 0) scale = 60.0;
    else if (strcmp(unit, "h") == 0) scale = 3600.0;
    else return (unit[0] >= 'a' && unit[0] <= 'z') ? WB_NUM_BAD_SUFFIX : WB_NUM_NOT_NUMBER;
    v = strtod(number, NULL) * scale;
    if (!(v <= 1e9)) return WB_NUM_OVERFLOW;   /* ~31 years */
    *out = v;
    return WB_NUM_OK;
}

const char *wb_format_duration(double seconds, char *buf, size_t cap)
{
    static const char *const units[] = { "ns", "us", "ms", "s" };
    double v = seconds * 1e9;
    int u = 0;
    if (seconds != seconds) {
        snprintf(buf, cap, "-");
        return buf;
    }
    /* up a unit while the value would print as 1000 or more at 4 significant digits */
    while (u < 3 && fabs(v) >= 999.95) {
        v /= 1000.0;
        u++;
    }
    snprintf(buf, cap, "%.4g %s", v, units[u]);
    return buf;
}

const char *wb_format_number(double v, char *buf, size_t cap)
{
    if (v != v) snprintf(buf, cap, "%s", "");
    else if (fabs(v) >= 999.95 && fabs(v) < 1e15) snprintf(buf, cap, "%.0f", v);
    else snprintf(buf, cap, "%.4g", v);
    return buf;
}

void wb_round_parts(double a, double b, double step, double *ra, double *rb)
{
    double total = floor((a + b) / step + 0.5) * step;
    double fa = floor(a / step) * step, fb = floor(b / step) * step;
    /* each rounded down, then the steps left over go to the larger remainders */
    double left = total - fa - fb;
    if (left > step / 2) {   /* equal remainders (to rounding): the larger part takes it */
        double rem_a = a - fa, rem_b = b - fb;
        if (rem_a > rem_b + step * 1e-6 || (fabs(rem_a - rem_b) <= step * 1e-6 && a >= b)) fa += step, left -= step;
        else fb += step, left -= step;
    }
    if (left > step / 2) {
        if (fa < a) fa += step;
        else fb += step;
    }
    *ra = fa, *rb = fb;
}
