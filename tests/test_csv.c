/* CSV/TSV cells, number formatting, and a write-then-read round trip through a real file. */
#ifdef _WIN32
#include <windows.h>
#endif
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/wb_csv.h"
#include "wbtest.h"

static void expect_cell(char sep, const char *in, const char *want)
{
    char out[128];
    size_t n = wb_csv_cell(sep, in, out, sizeof out);
    ok(strcmp(out, want) == 0, "cell(%s) of [%s]: expected [%s], got [%s]", sep == ',' ? "csv" : "tsv",
       in, want, out);
    ok(n == strlen(want), "length: expected %lu, got %lu", (unsigned long)strlen(want), (unsigned long)n);
}

static void test_quoting(void)
{
    expect_cell(',', "plain", "plain");
    expect_cell(',', "", "");
    expect_cell(',', "a,b", "\"a,b\"");
    expect_cell(',', "say \"hi\"", "\"say \"\"hi\"\"\"");
    expect_cell(',', "two\r\nlines", "\"two\r\nlines\"");
    expect_cell(',', "tab\there", "tab\there");
    expect_cell('\t', "a,b \"q\"", "a,b \"q\"");
    expect_cell('\t', "tab\there", "tab here");
    expect_cell('\t', "two\r\nlines", "two  lines");
}

static void test_numbers(void)
{
    char buf[64];
    wb_csv_format_double(2562010.256, buf, sizeof buf);
    ok(strcmp(buf, "2562010.256") == 0, "expected 2562010.256, got %s", buf);
    wb_csv_format_double(0.5, buf, sizeof buf);
    ok(strcmp(buf, "0.5") == 0, "expected 0.5, got %s", buf);
    wb_csv_format_double(1234567890123.0, buf, sizeof buf);
    ok(strchr(buf, ',') == NULL && strchr(buf, '.') != NULL, "large value keeps '.': %s", buf);
    wb_csv_format_double(NAN, buf, sizeof buf);
    ok(buf[0] == '\0', "NaN is an empty cell, got %s", buf);
}

#ifdef _WIN32
/* tmpfile() writes to the root of the drive, which Vista and later refuse to most users. */
static char g_temp_path[MAX_PATH];

static FILE *temp_file(void)
{
    char dir[MAX_PATH];
    if (!GetTempPathA(sizeof dir, dir) || !GetTempFileNameA(dir, "wbt", 0, g_temp_path)) return NULL;
    return fopen(g_temp_path, "w+b");
}

static void temp_close(FILE *f)
{
    fclose(f);
    DeleteFileA(g_temp_path);
}
#else   /* the portable build (scripts/test-portable) */
static FILE *temp_file(void) { return tmpfile(); }
static void temp_close(FILE *f) { fclose(f); }
#endif

static char *slurp(FILE *f, size_t *len)
{
    long n;
    char *p;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    p = (char *)malloc((size_t)n + 1);
    *len = fread(p, 1, (size_t)n, f);
    p[*len] = '\0';
    return p;
}

static void test_round_trip(void)
{
    FILE *f = temp_file();
    wb_csv w;
    wb_csv_table t;
    char err[128] = "", *text, longlabel[2000];
    size_t len;
    int col;

    ok(f != NULL, "temp file");
    if (!f) return;
    memset(longlabel, 'x', sizeof longlabel - 1);
    longlabel[sizeof longlabel - 1] = '\0';
    longlabel[10] = ',';
    longlabel[20] = '"';
    wb_csv_init(&w, f, ',');
    wb_csv_text(&w, "label");
    wb_csv_text(&w, "value");
    wb_csv_text(&w, "n");
    ok(wb_csv_end_row(&w) == 0, "header row");
    wb_csv_text(&w, "VM \"xp\", SP3\r\nsecond line");
    wb_csv_double(&w, 1.25);
    wb_csv_u64(&w, 18446744073709551615ULL);
    wb_csv_end_row(&w);
    wb_csv_text(&w, longlabel);
    wb_csv_empty(&w);
    wb_csv_double(&w, HUGE_VAL);
    wb_csv_end_row(&w);
    wb_csv_release(&w);

    text = slurp(f, &len);
    ok(strstr(text, "label,value,n\r\n") == text, "header line with CRLF: [%.20s]", text);
    ok(wb_csv_parse(text, len, ',', &t, err, sizeof err) == 0, "parse: %s", err);
    ok(t.nrows == 3, "rows: expected 3, got %lu", (unsigned long)t.nrows);
    if (t.nrows == 3) {
        col = wb_csv_column(&t, "value");
        ok(col == 1, "column 'value' at 1, got %d", col);
        ok(t.rows[1].nfields == 3 && strcmp(t.rows[1].fields[0], "VM \"xp\", SP3\r\nsecond line") == 0,
           "quoted cell survives: [%s]", t.rows[1].fields[0]);
        ok(strcmp(t.rows[1].fields[1], "1.25") == 0, "double cell: %s", t.rows[1].fields[1]);
        ok(strcmp(t.rows[1].fields[2], "18446744073709551615") == 0, "u64 cell: %s", t.rows[1].fields[2]);
        ok(strcmp(t.rows[2].fields[0], longlabel) == 0, "long cell survives");
        ok(t.rows[2].nfields == 3 && t.rows[2].fields[1][0] == '\0' && t.rows[2].fields[2][0] == '\0',
           "empty and infinite cells are empty");
        ok(t.rows[2].line == 4, "third record starts on line 4 (after an embedded break), got %lu",
           (unsigned long)t.rows[2].line);
    }
    wb_csv_free(&t);
    free(text);
    temp_close(f);
}

static void test_parse_errors(void)
{
    wb_csv_table t;
    char err[128];
    const char *bad1 = "a,b\r\n\"open,c\r\n";
    const char *bad2 = "a,\"b\"x\r\n";
    const char *bad3 = "a,b\"c\r\n";
    const char *good = "a,b,\n\n1,2,3";
    ok(wb_csv_parse(bad1, strlen(bad1), ',', &t, err, sizeof err) == -1, "unterminated quote fails");
    ok(strcmp(err, "line 2: unterminated quoted field") == 0, "got: %s", err);
    ok(wb_csv_parse(bad2, strlen(bad2), ',', &t, err, sizeof err) == -1, "junk after quote fails");
    ok(strcmp(err, "line 1: text after a closing quote") == 0, "got: %s", err);
    ok(wb_csv_parse(bad3, strlen(bad3), ',', &t, err, sizeof err) == -1, "stray quote fails");
    ok(wb_csv_parse(good, strlen(good), ',', &t, err, sizeof err) == 0, "trailing empty field, blank line, no final break: %s", err);
    ok(t.nrows == 2 && t.rows[0].nfields == 3 && t.rows[1].nfields == 3, "2 rows of 3 fields, got %lu",
       (unsigned long)t.nrows);
    wb_csv_free(&t);
}

static void test_tsv_writer(void)
{
    FILE *f = temp_file();
    wb_csv w;
    char *text;
    size_t len;
    if (!f) {
        ok(0, "temp file");
        return;
    }
    wb_csv_init(&w, f, '\t');
    wb_csv_text(&w, "a,b");
    wb_csv_double(&w, 0.25);
    wb_csv_text(&w, "x\ty");
    wb_csv_end_row(&w);
    wb_csv_release(&w);
    text = slurp(f, &len);
    ok(strcmp(text, "a,b\t0.25\tx y\r\n") == 0, "tsv row: [%s]", text);
    free(text);
    temp_close(f);
}

/* A cell read as a number is, to the bit, what strtod reads (the fast form and every other). */
static void test_cell_numbers(void)
{
    static const char *const forms[] = { "%.10g", "%.17g", "%g", "%.3e", "%.15g", "%.16g", "%.0f", "%f" };
    static const char *const odd[] = { "1e", "-", "+", ".", "1.", ".5", "1e+", "e5", "0x1p3", "inf", "nan", "1,5",
                                       "00012", "-0", "1e-22", "1e22", "1e23", "123456789012345.6", "9007199254740993", " 1" };
    unsigned long long x = 88172645463325252ull;
    char cell[64];
    int i, k, same = 1, agree = 1;
    for (i = 0; i < 20000; i++) {
        double v, mine = 0, theirs;
        char *end;
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;   /* xorshift64 */
        v = (double)(x % 2000000001ull) / (double)(1ull << (x >> 58)) * (x & 1 ? -1 : 1);
        for (k = 0; k < (int)(sizeof forms / sizeof forms[0]); k++) {
            snprintf(cell, sizeof cell, forms[k], v);
            theirs = strtod(cell, &end);
            if (wb_csv_number(cell, &mine) != 0 || memcmp(&mine, &theirs, sizeof mine) != 0) {
                if (same) ok(0, "\"%s\": %.17g, strtod %.17g", cell, mine, theirs);
                same = 0;
            }
        }
    }
    ok(same, "20000 values in 8 forms read as strtod reads them");
    for (i = 0; i < (int)(sizeof odd / sizeof odd[0]); i++) {
        double mine = 0, theirs;
        char *end;
        int rc = wb_csv_number(odd[i], &mine);
        theirs = strtod(odd[i], &end);
        if ((rc == 0) != (*end == '\0' && end != odd[i]) || (rc == 0 && memcmp(&mine, &theirs, sizeof mine) != 0)) {
            ok(0, "\"%s\": %d %.17g, strtod %.17g (ended %d)", odd[i], rc, mine, theirs, *end == '\0');
            agree = 0;
        }
    }
    ok(agree, "odd cells read as strtod reads them");
    {
        double none = 0;
        ok(wb_csv_number("", &none) == -1, "an empty cell is no number");
    }
}

static const wbt_case cases[] = {
    { "cell_numbers", test_cell_numbers, 0 },
    { "quoting", test_quoting, 0 },
    { "numbers", test_numbers, 0 },
    { "round_trip", test_round_trip, 0 },
    { "parse_errors", test_parse_errors, 0 },
    { "tsv_writer", test_tsv_writer, 0 },
    { NULL, NULL, 0 }
};
WBT_MAIN(cases)
