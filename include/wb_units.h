/* Number parsing with unit suffixes, as a user types them: "50M", "10k", "0x400", "2s", "500ms".
 * Pure C, no Windows calls: unit-tested directly. */
#ifndef WB_UNITS_H
#define WB_UNITS_H

#include <stddef.h>
#include <stdint.h>

typedef enum wb_num_status {
    WB_NUM_OK = 0,
    WB_NUM_EMPTY,        /* "" */
    WB_NUM_NOT_NUMBER,   /* "abc", "1x2" */
    WB_NUM_NEGATIVE,     /* "-5" */
    WB_NUM_BAD_SUFFIX,   /* "10q", "1.5" for a count */
    WB_NUM_OVERFLOW      /* does not fit in 64 bits / absurdly large */
} wb_num_status;

/* Counts: decimal or 0x-hex; decimal may carry k/K (1e3), M (1e6), G (1e9), T (1e12),
 * with a fraction when the result is whole ("1.5M"). */
wb_num_status wb_parse_count(const char *text, uint64_t *out);

/* Durations in seconds: "2" or "2s", "500ms", "250us", "1.5m" (minutes), "1h". */
wb_num_status wb_parse_seconds(const char *text, double *out);

/* A duration for people, the unit chosen by size with 4 significant digits: "405.1 ns",
 * "128.3 us", "20.59 ms", "1.234 s"; "-" for NaN. The one formatter of every console line
 * and the report's table. Returns buf. */
const char *wb_format_duration(double seconds, char *buf, size_t cap);
/* A number for people: 4 significant digits below 1000 ("6.012", "415.1"), whole digits from
 * 1000 on ("1719311", never "1.719e+06": a reader of a table should not decode exponents);
 * "" for NaN. */
const char *wb_format_number(double v, char *buf, size_t cap);
/* Two parts of a total rounded to steps of `step` (1: whole percent) so that they add up to
 * the total rounded alike: user 98.6% + kernel 0.6% print as 99 + 0 of 99, never 99 + 1 of
 * 99 or 98 + 0 of 99. The part with the larger remainder takes the difference. */
void wb_round_parts(double a, double b, double step, double *ra, double *rb);

#endif
