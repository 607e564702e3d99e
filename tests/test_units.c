/* Number parsing: suffixes, hex, and every way a number can be wrong. */
#include <math.h>
#include <string.h>
#include "wb_units.h"
#include "wbtest.h"

static void expect_count(const char *text, uint64_t want)
{
    uint64_t v = 12345;
    wb_num_status st = wb_parse_count(text, &v);
    ok(st == WB_NUM_OK, "\"%s\": expected OK, got status %d", text, (int)st);
    ok(v == want, "\"%s\": expected %llu, got %llu", text, (unsigned long long)want, (unsigned long long)v);
}

static void expect_count_error(const char *text, wb_num_status want)
{
    uint64_t v = 777;
    wb_num_status st = wb_parse_count(text, &v);
    ok(st == want, "\"%s\": expected status %d, got %d", text, (int)want, (int)st);
    ok(v == 777, "\"%s\": output changed on error (%llu)", text, (unsigned long long)v);
}

static void test_count_suffixes(void)
{
    expect_count("0", 0);
    expect_count("1000", 1000);
    expect_count("+7", 7);
    expect_count("10k", 10000);
    expect_count("10K", 10000);
    expect_count("50M", 50000000ULL);
    expect_count("2G", 2000000000ULL);
    expect_count("3T", 3000000000000ULL);
    expect_count("1.5k", 1500);
    expect_count("2.25M", 2250000);
    expect_count("0x400", 0x400);
    expect_count("0XfF", 255);
    expect_count("18446744073709551615", UINT64_MAX);
    expect_count("0xFFFFFFFFFFFFFFFF", UINT64_MAX);
}

static void test_count_errors(void)
{
    expect_count_error("", WB_NUM_EMPTY);
    expect_count_error("abc", WB_NUM_NOT_NUMBER);
    expect_count_error("k", WB_NUM_NOT_NUMBER);
    expect_count_error("-5", WB_NUM_NEGATIVE);
    expect_count_error("10q", WB_NUM_BAD_SUFFIX);
    expect_count_error("10kk", WB_NUM_BAD_SUFFIX);
    expect_count_error("1.5", WB_NUM_BAD_SUFFIX);       /* a count is whole */
    expect_count_error("1.0005k", WB_NUM_BAD_SUFFIX);   /* finer than the suffix */
    expect_count_error("12 ", WB_NUM_BAD_SUFFIX);
    expect_count_error("0x", WB_NUM_NOT_NUMBER);
    expect_count_error("0x12g", WB_NUM_NOT_NUMBER);
    expect_count_error("18446744073709551616", WB_NUM_OVERFLOW);
    expect_count_error("99999999999999999999999", WB_NUM_OVERFLOW);
    expect_count_error("20000000T", WB_NUM_OVERFLOW);
    expect_count_error("0x10000000000000000", WB_NUM_OVERFLOW);
}

static void expect_seconds(const char *text, double want)
{
    double v = -1;
    wb_num_status st = wb_parse_seconds(text, &v);
    ok(st == WB_NUM_OK, "\"%s\": expected OK, got status %d", text, (int)st);
    ok_near(v, want, 1e-12);
}

static void test_seconds(void)
{
    double v = 42;
    expect_seconds("2", 2.0);
    expect_seconds("2s", 2.0);
    expect_seconds("500ms", 0.5);
    expect_seconds("250us", 0.00025);
    expect_seconds("1.5m", 90.0);
    expect_seconds("2min", 120.0);
    expect_seconds("1h", 3600.0);
    expect_seconds("15sec", 15.0);
    expect_seconds("500ns", 500e-9);
    expect_seconds(".5s", 0.5);
    ok(wb_parse_seconds("", &v) == WB_NUM_EMPTY, "empty");
    ok(wb_parse_seconds("-1s", &v) == WB_NUM_NEGATIVE, "negative");
    ok(wb_parse_seconds("fast", &v) == WB_NUM_NOT_NUMBER, "word");
    ok(wb_parse_seconds("inf", &v) == WB_NUM_NOT_NUMBER, "inf is not a duration");
    ok(wb_parse_seconds("nan", &v) == WB_NUM_NOT_NUMBER, "nan is not a duration");
    ok(wb_parse_seconds("1e3", &v) == WB_NUM_BAD_SUFFIX, "exponents are refused");
    ok(wb_parse_seconds("1.2.3s", &v) == WB_NUM_NOT_NUMBER, "two dots");
    ok(wb_parse_seconds("2 s", &v) == WB_NUM_NOT_NUMBER, "inner blank");
    ok(wb_parse_seconds("2secs", &v) == WB_NUM_BAD_SUFFIX, "unknown unit");
    ok(wb_parse_seconds("99999999999h", &v) == WB_NUM_OVERFLOW, "absurd duration");
    ok(v == 42, "output unchanged on error, got %g", v);
}

static void test_durations(void)
{
    char b[32];
    ok(strcmp(wb_format_duration(405.1e-9, b, sizeof b), "405.1 ns") == 0, "ns: %s", b);
    ok(strcmp(wb_format_duration(128278.8e-9, b, sizeof b), "128.3 us") == 0, "us: %s", b);
    ok(strcmp(wb_format_duration(20.59e-3, b, sizeof b), "20.59 ms") == 0, "ms: %s", b);
    ok(strcmp(wb_format_duration(1.2344, b, sizeof b), "1.234 s") == 0, "s: %s", b);
    ok(strcmp(wb_format_duration(999.96e-9, b, sizeof b), "1 us") == 0, "the unit goes up before 1000: %s", b);
    ok(strcmp(wb_format_duration(5, b, sizeof b), "5 s") == 0, "whole: %s", b);
    ok(strcmp(wb_format_duration(NAN, b, sizeof b), "-") == 0, "NaN: %s", b);
}

/* Numbers in the report's tables: no exponent a reader must decode. */
static void test_numbers(void)
{
    char b[32];
    ok(strcmp(wb_format_number(1719311.4, b, sizeof b), "1719311") == 0, "a rate: %s", b);
    ok(strcmp(wb_format_number(52430, b, sizeof b), "52430") == 0, "not 5.243e+04: %s", b);
    ok(strcmp(wb_format_number(6.0123, b, sizeof b), "6.012") == 0, "4 digits: %s", b);
    ok(strcmp(wb_format_number(999.96, b, sizeof b), "1000") == 0, "rounding up to 1000: %s", b);
    ok(strcmp(wb_format_number(-2500.4, b, sizeof b), "-2500") == 0, "negative: %s", b);
    ok(strcmp(wb_format_number(NAN, b, sizeof b), "") == 0, "NaN: [%s]", b);
}

/* CPU parts that add up to the total as printed. */
static void test_parts(void)
{
    double u, k;
    wb_round_parts(98.6, 0.6, 1, &u, &k);
    ok(u == 99 && k == 0, "98.6 + 0.6 of 99: %g + %g", u, k);
    wb_round_parts(98.4, 0.4, 1, &u, &k);
    ok(u == 99 && k == 0, "98.4 + 0.4 of 99 (not 98 + 0): %g + %g", u, k);
    wb_round_parts(49.5, 49.5, 1, &u, &k);
    ok(u + k == 99 && (u == 50 || k == 50), "49.5 + 49.5 of 99: %g + %g", u, k);
    wb_round_parts(11.14, 0.04, 0.1, &u, &k);
    ok(fabs(u - 11.2) < 1e-9 && fabs(k) < 1e-9, "tenths: 11.14 + 0.04 of 11.2: %g + %g", u, k);
    wb_round_parts(11.16, 0.06, 0.1, &u, &k);
    ok(fabs(u + k - 11.2) < 1e-9, "tenths: 11.16 + 0.06 of 11.2: %g + %g", u, k);
    wb_round_parts(0, 0, 1, &u, &k);
    ok(u == 0 && k == 0, "nothing: %g + %g", u, k);
}

static const wbt_case cases[] = {
    { "durations", test_durations, 0 },
    { "numbers", test_numbers, 0 },
    { "parts", test_parts, 0 },
    { "count_suffixes", test_count_suffixes, 0 },
    { "count_errors", test_count_errors, 0 },
    { "seconds", test_seconds, 0 },
    { NULL, NULL, 0 }
};
WBT_MAIN(cases)
