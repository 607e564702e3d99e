/* The option-table parser and help generator, on a table of every type. Portable: also built
 * natively under the sanitizers (scripts/test-portable). */
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "sample_options.h"
#include "wbtest.h"

static int parse(cfg *c, char *err, int argc, char **argv)
{
    wb_option_set set;
    set.table = table;
    set.config = c;
    memset(c, 0, sizeof *c);
    err[0] = '\0';
    if (wb_options_defaults(&set, 1, err, 256) != 0) return -1;
    return wb_options_parse(&set, 1, argc, argv, err, 256);
}

static void test_defaults(void)
{
    cfg c;
    char err[256];
    ok(parse(&c, err, 0, NULL) == 0, "defaults: %s", err);
    ok(c.count == 1000000, "count default: expected 1000000, got %llu", (unsigned long long)c.count);
    ok(c.mask == 0, "mask default 0");
    ok(c.secs == 2.0, "secs default: expected 2, got %g", c.secs);
    ok(c.choice == 1, "choice default: expected index 1, got %d", c.choice);
    ok(c.flag == 0 && c.text == NULL, "flag and text start unset");
}

static void test_forms(void)
{
    char a1[] = "--count", a2[] = "50k", a3[] = "--secs=500ms", a4[] = "--choice", a5[] = "cc",
         a6[] = "--flag", a7[] = "--text=a b,c", a8[] = "--mask", a9[] = "0xff";
    char *argv[] = { a1, a2, a3, a4, a5, a6, a7, a8, a9 };
    cfg c;
    char err[256];
    ok(parse(&c, err, 9, argv) == 0, "parse: %s", err);
    ok(c.count == 50000, "count: expected 50000, got %llu", (unsigned long long)c.count);
    ok(c.secs == 0.5, "secs: expected 0.5, got %g", c.secs);
    ok(c.choice == 2, "choice: expected 2, got %d", c.choice);
    ok(c.flag == 1, "flag set");
    ok(c.text && strcmp(c.text, "a b,c") == 0, "text: got %s", c.text ? c.text : "(null)");
    ok(c.mask == 255, "mask: expected 255, got %llu", (unsigned long long)c.mask);
}

static void expect_error(const char *a, const char *b, const char *want)
{
    char x[64], y[64];
    char *argv[2];
    int argc = b ? 2 : 1;
    cfg c;
    char err[256];
    strcpy(x, a);
    argv[0] = x;
    if (b) {
        strcpy(y, b);
        argv[1] = y;
    }
    ok(parse(&c, err, argc, argv) == -1, "%s %s: expected an error", a, b ? b : "");
    ok(strcmp(err, want) == 0, "%s %s:\n  expected: %s\n  got:      %s", a, b ? b : "", want, err);
}

static void test_errors(void)
{
    expect_error("--count", "abc", "--count: expected a positive integer, got \"abc\"");
    expect_error("--count", "0", "--count: expected a positive integer, got \"0\"");
    expect_error("--count", "-3", "--count: expected a positive integer, got \"-3\"");
    expect_error("--count", "10q", "--count: expected a positive integer (suffixes k, M, G), got \"10q\"");
    expect_error("--count", "99999999999999999999",
                 "--count: \"99999999999999999999\" is too large (at most 18446744073709551615)");
    expect_error("--mask", "256", "--mask: 256 is out of range (0..255)");
    expect_error("--secs", "fast", "--secs: expected a positive duration (a number and ns, us, ms, s, sec, min or h: 2s, 500ms), got \"fast\"");
    expect_error("--secs", "0", "--secs: expected a positive duration (a number and ns, us, ms, s, sec, min or h: 2s, 500ms), got \"0\"");
    expect_error("--choice", "d", "--choice: expected one of a|b|cc, got \"d\"");
    expect_error("--choice", "c", "--choice: expected one of a|b|cc, got \"c\"");
    expect_error("--count", NULL, "--count: missing value");
    expect_error("--flag=1", NULL, "--flag: takes no value");
    expect_error("--nope", "1", "--nope: unknown option (see winbench help)");
    /* near misses: a letter missing, swapped, changed or added points at the option */
    expect_error("--cuont", "1", "--cuont: unknown option (did you mean --count?)");
    expect_error("--coun", "1", "--coun: unknown option (did you mean --count?)");
    expect_error("--flags", NULL, "--flags: unknown option (did you mean --flag?)");
    expect_error("--mazk", "1", "--mazk: unknown option (did you mean --mask?)");
    expect_error("--cnt", "1", "--cnt: unknown option (see winbench help)");   /* 2 edits from a short name: a guess */
    expect_error("count", NULL, "unexpected argument \"count\" (options start with --)");
    expect_error("--text=", NULL, "--text: expected a value, got an empty string");
}

/* An option given twice is refused; wb_args_named tells a typed option from a default, and never
 * mistakes a value ("--text --flag": the text is "--flag") for an option. */
static void test_typed(void)
{
    cfg c;
    wb_option_set set;
    char err[256] = "";
    char *twice[] = { "--count", "5", "--flag", "--count=6" };
    char *typed[] = { "--text", "--flag", "--mask=3" };
    wb_args a;
    set.table = table;
    set.config = &c;
    wb_options_defaults(&set, 1, err, sizeof err);
    ok(wb_options_parse(&set, 1, 4, twice, err, sizeof err) == -1 && strcmp(err, "--count: given twice (give it once)") == 0,
       "given twice: %s", err);
    wb_options_defaults(&set, 1, err, sizeof err);
    ok(wb_options_parse(&set, 1, 3, typed, err, sizeof err) == 0, "parses: %s", err);
    a.argc = 3;
    a.argv = typed;
    a.sets = &set;
    a.nsets = 1;
    ok(wb_args_named(&a, "text") && wb_args_named(&a, "mask"), "--text and --mask=3 typed");
    ok(!wb_args_named(&a, "flag"), "--flag was --text's value, not an option");
    ok(!wb_args_named(&a, "count") && !wb_args_named(&a, "cou"), "--count not typed (nor a prefix of it)");
    ok(strcmp(c.text, "--flag") == 0, "the text is \"%s\"", c.text);
}

/* A list option may be given again: every value kept, in order, joined by ';'; none is "". */
static void test_list(void)
{
    cfg c;
    wb_option_set set;
    char err[256] = "", text[WB_OPT_LIST_CAP];
    char *three[] = { "--list", "10.0.0.0/8", "--count", "5", "--list=192.0.2.7", "--list", "x" };
    char *bad[] = { "--list", "a;b" };
    char *empty[] = { "--list=" };
    char *many[40];
    int i;
    set.table = table;
    set.config = &c;
    wb_options_defaults(&set, 1, err, sizeof err);
    ok(c.list[0] == '\0', "none given: \"%s\"", c.list);
    ok(wb_options_parse(&set, 1, 7, three, err, sizeof err) == 0, "parses: %s", err);
    ok(strcmp(c.list, "10.0.0.0/8;192.0.2.7;x") == 0, "kept in order: %s", c.list);
    wb_option_value_text(&table[6], &c, text, sizeof text);
    ok(strcmp(text, "10.0.0.0/8;192.0.2.7;x") == 0, "its text: %s", text);
    wb_options_defaults(&set, 1, err, sizeof err);
    ok(wb_options_parse(&set, 1, 2, bad, err, sizeof err) == -1 && strstr(err, "--list: expected a value without ';'"),
       "a ';' refused: %s", err);
    wb_options_defaults(&set, 1, err, sizeof err);
    ok(wb_options_parse(&set, 1, 1, empty, err, sizeof err) == -1, "an empty value refused: %s", err);
    for (i = 0; i < 40; i++) many[i] = i % 2 ? "0123456789abcdef" : "--list";
    wb_options_defaults(&set, 1, err, sizeof err);
    ok(wb_options_parse(&set, 1, 40, many, err, sizeof err) == -1 && strstr(err, "given too often"), "too long: %s", err);
    ok(strlen(c.list) < WB_OPT_LIST_CAP, "never past its buffer");
}

static void test_help_text(void)
{
    size_t need = wb_options_help(table, NULL, 0);
    char *text = (char *)malloc(need + 1), small[16];
    const wb_option *o;
    ok(text != NULL, "malloc");
    if (!text) return;
    ok(wb_options_help(table, text, need + 1) == need, "second call needs the same length");
    ok(strlen(text) == need, "help text length %lu, reported %lu", (unsigned long)strlen(text), (unsigned long)need);
    for (o = table; o->name; o++) {
        char want[64];
        snprintf(want, sizeof want, "--%s", o->name);
        ok(strstr(text, want) != NULL, "help lacks %s", want);
    }
    ok(strstr(text, "(default 1M)") != NULL, "help shows the default as typed:\n%s", text);
    ok(strstr(text, "--choice a|b|cc") != NULL, "help shows the choices:\n%s", text);
    ok(wb_options_help(table, small, sizeof small) == need && strlen(small) == sizeof small - 1,
       "truncated help is terminated");
    free(text);
}

static void test_choice_names(void)
{
    char buf[16];
    wb_choice_name("scratch|button|mfc", 1, buf, sizeof buf);
    ok(strcmp(buf, "button") == 0, "choice 1: got %s", buf);
    wb_choice_name("scratch|button|mfc", 3, buf, sizeof buf);
    ok(buf[0] == '\0', "out of range gives empty, got %s", buf);
}

/* A list of counts: each with the count's suffixes and bounds, in order; one value is a list of one. */
static void test_counts(void)
{
    cfg c;
    wb_option_set set;
    char err[256] = "", text[128];
    char *three[] = { "--counts", "1k,2k,50000" };
    char *over[] = { "--counts=1k,200k" };
    char *hole[] = { "--counts=1k,,2k" };
    char *many[] = { "--counts=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17" };
    set.table = table;
    set.config = &c;
    wb_options_defaults(&set, 1, err, sizeof err);
    ok(c.counts.n == 1 && c.counts.v[0] == 1000, "the default: %u values, %llu", c.counts.n,
       (unsigned long long)c.counts.v[0]);
    ok(wb_options_parse(&set, 1, 2, three, err, sizeof err) == 0, "parses: %s", err);
    ok(c.counts.n == 3 && c.counts.v[0] == 1000 && c.counts.v[1] == 2000 && c.counts.v[2] == 50000, "1k, 2k, 50000");
    wb_option_value_text(&table[7], &c, text, sizeof text);
    ok(strcmp(text, "1000,2000,50000") == 0, "its text: %s", text);
    ok(wb_options_parse(&set, 1, 1, over, err, sizeof err) == -1 && strstr(err, "--counts: 200k is out of range"),
       "each within bounds: %s", err);
    ok(wb_options_parse(&set, 1, 1, hole, err, sizeof err) == -1, "an empty value refused: %s", err);
    ok(wb_options_parse(&set, 1, 1, many, err, sizeof err) == -1 && strstr(err, "at most 16"), "at most 16: %s", err);
}

/* One grammar for every TIME option (ns, us, ms, s, sec, min, m, h; a bare number in the
 * option's unit), and for counts with a unit of their own: a rate's "/s", a size's "B". */
typedef struct grammar_cfg {
    double secs, period;
    uint64_t size;
    wb_counts rates;
} grammar_cfg;

static const wb_option grammar_table[] = {
    { .name = "duration", .type = WB_OPT_SECONDS, .offset = offsetof(grammar_cfg, secs), .def = "2s", .help = "d" },
    { .name = "period", .type = WB_OPT_SECONDS, .offset = offsetof(grammar_cfg, period), .def = "1ms", .unit = WB_UNIT_MS,
      .help = "p" },
    { .name = "size", .type = WB_OPT_COUNT, .count_unit = "B", .offset = offsetof(grammar_cfg, size), .def = "1060",
      .max = 65536, .help = "s" },
    { .name = "rate", .type = WB_OPT_COUNTS, .count_unit = "/s", .offset = offsetof(grammar_cfg, rates), .def = "10k",
      .max = 1000000, .help = "r" },
    { .name = NULL }
};

static void test_grammar(void)
{
    static const struct { const char *option, *text; double want; } rows[] = {
        { "--duration", "15sec", 15 }, { "--duration", "15s", 15 }, { "--duration", "15", 15 },
        { "--duration", "5min", 300 }, { "--duration", "1.5m", 90 }, { "--duration", "1h", 3600 },
        { "--duration", "250ms", 0.25 }, { "--duration", "250us", 250e-6 }, { "--duration", "500ns", 500e-9 },
        { "--period", "1", 1e-3 }, { "--period", "1ms", 1e-3 }, { "--period", "2sec", 2 }, { "--period", "1000us", 1e-3 },
        { "--size", "1060", 1060 }, { "--size", "1060B", 1060 }, { "--size", "1k", 1000 }, { "--size", "2kB", 2000 },
        { "--rate", "10000", 10000 }, { "--rate", "10k/s", 10000 }, { "--rate", "1.5k/s", 1500 },
    };
    static const struct { const char *option, *text; } refused[] = {
        { "--duration", "15secs" }, { "--duration", "15S" }, { "--duration", "2 s" }, { "--period", "1e3" },
        { "--size", "1060b" }, { "--size", "1060/s" }, { "--rate", "10k/sec" }, { "--rate", "/s" }, { "--rate", "10kB" },
    };
    size_t i;
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        grammar_cfg c;
        wb_option_set set;
        char err[256] = "", a[32], b[32], *argv[2];
        double got;
        set.table = grammar_table;
        set.config = &c;
        memset(&c, 0, sizeof c);
        snprintf(a, sizeof a, "%s", rows[i].option), snprintf(b, sizeof b, "%s", rows[i].text);
        argv[0] = a, argv[1] = b;
        ok(wb_options_defaults(&set, 1, err, sizeof err) == 0 && wb_options_parse(&set, 1, 2, argv, err, sizeof err) == 0,
           "%s %s: %s", a, b, err);
        got = strcmp(a, "--duration") == 0 ? c.secs : strcmp(a, "--period") == 0 ? c.period
            : strcmp(a, "--size") == 0 ? (double)c.size : (double)c.rates.v[0];
        ok(got > rows[i].want * (1 - 1e-12) && got < rows[i].want * (1 + 1e-12), "%s %s: %g, expected %g", a, b, got,
           rows[i].want);
    }
    for (i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        grammar_cfg c;
        wb_option_set set;
        char err[256] = "", a[32], b[32], *argv[2];
        set.table = grammar_table;
        set.config = &c;
        snprintf(a, sizeof a, "%s", refused[i].option), snprintf(b, sizeof b, "%s", refused[i].text);
        argv[0] = a, argv[1] = b;
        wb_options_defaults(&set, 1, err, sizeof err);
        ok(wb_options_parse(&set, 1, 2, argv, err, sizeof err) == -1, "%s %s refused", a, b);
    }
    {   /* help says what a bare number is, and the count's unit */
        char help[2048];
        wb_options_help(grammar_table, help, sizeof help);
        ok(strstr(help, "d (default 2s); a bare number is seconds") && strstr(help, "p (default 1ms); a bare number is "
           "milliseconds") && strstr(help, "r (default 10k); /s may follow the number") &&
           strstr(help, "s (default 1060); B may follow the number"), "help:\n%s", help);
    }
}

static const wbt_case cases[] = {
    { "grammar", test_grammar, 0 },
    { "defaults", test_defaults, 0 },
    { "forms", test_forms, 0 },
    { "errors", test_errors, 0 },
    { "help_text", test_help_text, 0 },
    { "typed", test_typed, 0 },
    { "list", test_list, 0 },
    { "counts", test_counts, 0 },
    { "choice_names", test_choice_names, 0 },
    { NULL, NULL, 0 }
};
WBT_MAIN(cases)
