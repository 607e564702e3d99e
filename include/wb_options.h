/* Option tables, curl-style: each module lists its options once, with type, default and help,
 * and both the parser and `winbench help <module>` are generated from that list. */
#ifndef WB_OPTIONS_H
#define WB_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

typedef enum wb_opt_type {
    WB_OPT_COUNT,    /* uint64_t, suffixes k/M/G, range [min, max] */
    WB_OPT_SECONDS,  /* double seconds, suffixes us/ms/s/m/h; a bare number is in the option's unit */
    WB_OPT_CHOICE,   /* int: index into the "a|b|c" list in `choices` */
    WB_OPT_TEXT,     /* const char *: the argument as typed */
    WB_OPT_FLAG,     /* int: 1 when present, takes no value */
    WB_OPT_LIST,     /* char[WB_OPT_LIST_CAP]: may be given again; the values joined by ';' ("" when none) */
    WB_OPT_COUNTS    /* wb_counts: "1k,2k,5k", each a WB_OPT_COUNT within [min, max] */
} wb_opt_type;

#define WB_OPT_LIST_CAP 256

/* A TIME option's unit: a number typed without one ("--period 1") is in it, and help says so. */
enum { WB_UNIT_S = 0, WB_UNIT_MS = 1, WB_UNIT_US = 2 };
#define WB_COUNTS_MAX 16

typedef struct wb_counts {
    uint64_t v[WB_COUNTS_MAX];
    unsigned n;
} wb_counts;

typedef struct wb_option {
    const char *name;     /* long name without the leading "--" */
    wb_opt_type type;
    size_t offset;        /* offsetof() the value in the owner's config struct */
    const char *def;      /* default, written as a user would type it; NULL: none */
    const char *choices;  /* WB_OPT_CHOICE: "scratch|button|mfc" */
    const char *help;     /* one line */
    uint64_t min, max;    /* WB_OPT_COUNT bounds, inclusive (0, 0 means 1..UINT64_MAX) */
    const char *metavar;  /* shown in help: "N", "FILE", "MASK"; NULL picks one by type */
    int hex;              /* WB_OPT_COUNT: the console shows it in hex (the CSV stays decimal) */
    int unit;             /* WB_OPT_SECONDS: what a bare number means (WB_UNIT_S unless said); help says it */
    int off;              /* WB_OPT_SECONDS: "off" is a value too, stored 0 (its column then says 0) */
    /* WB_OPT_COUNT(S): the count's unit, which may follow its number: "/s" for a rate (10k/s),
     * "B" for a size in bytes (1060B); NULL: none. help says it. */
    const char *count_unit;
} wb_option;

/* Every option of `table` in order, with config. Stops at the first fn that returns nonzero,
 * and returns that; 0 when all were seen. */
int wb_options_each(const wb_option *table, const void *config,
                    int (*fn)(void *arg, const wb_option *o, const void *config), void *arg);

/* A choice option's names and its enum from one list, so that they cannot drift apart:
 *     #define PACING_CHOICES(X) X(PACING_AUTO, "auto") X(PACING_SPIN, "spin") X(PACING_TIMER, "timer")
 *     enum { PACING_CHOICES(WB_CHOICE_ID) };
 *     { .name = "pacing", .type = WB_OPT_CHOICE, .choices = WB_CHOICES(PACING_CHOICES), ... }
 * WB_CHOICES makes "|auto|spin|timer" and points past its first '|' (&"..."[1]: an address
 * constant, fine in a static table). */
#define WB_CHOICE_ID(id, name) id,
#define WB_CHOICE_NAME(id, name) "|" name
#define WB_CHOICES(list) (&(list(WB_CHOICE_NAME))[1])

/* The lists more than one module uses: a switch, and the character set of windows and message
 * functions (W: Unicode, the default of Visual C++ projects since 2005; A: ANSI). */
#define WB_OFF_ON(X) X(WB_OFF, "off") X(WB_ON, "on")
enum { WB_OFF_ON(WB_CHOICE_ID) };
#define WB_CHARSETS(X) X(WB_CHARSET_W, "w") X(WB_CHARSET_A, "a")
enum { WB_CHARSETS(WB_CHOICE_ID) };

/* One table and the struct it fills. Tables end with an entry whose name is NULL. */
typedef struct wb_option_set {
    const wb_option *table;
    void *config;
} wb_option_set;

/* Store every default into its config. Returns 0, or -1 with the message in err
 * (a default that does not parse is a bug in the table; the unit tests catch it). */
int wb_options_defaults(const wb_option_set *sets, int nsets, char *err, size_t errcap);

/* Parse argv[0..argc-1] ("--name value", "--name=value", flags) against all sets. An option
 * given twice is an error (one value would be dropped without a word).
 * Returns 0, or -1 with "--name: what is wrong" in err. */
int wb_options_parse(const wb_option_set *sets, int nsets, int argc, char **argv,
                     char *err, size_t errcap);

/* The arguments as parsed, for checks that must tell a value typed from a default (idle's
 * --case refuses an option it sets when the user typed it too). */
typedef struct wb_args {
    int argc;
    char **argv;
    const wb_option_set *sets;
    int nsets;
} wb_args;
/* 1 when the command line named --name (with its value or =value), 0 when not. */
int wb_args_named(const wb_args *a, const char *name);
/* The one of names[0..count-1] a mistyped name most likely meant (as an unknown option's "did
 * you mean"): within 2 edits (1 for names of 4 letters or fewer), none other as close; NULL
 * when none is. */
const char *wb_nearest_name(const char *name, const char *const *names, size_t count);

/* The help listing of one table: "  --name N   help (default D)" per line.
 * Returns the length it needed (like snprintf); writes at most cap bytes. */
size_t wb_options_help(const wb_option *table, char *out, size_t cap);

/* The effective value of one option as text ("1M", "button", "0.5"), for CSV cells: a TIME
 * option's in its unit (--period 1ms: "1"). */
void wb_option_value_text(const wb_option *opt, const void *config, char *buf, size_t cap);
/* The option's CSV column: its name, and for a TIME option its unit after it ("period_ms",
 * "duration_s"), so that no time is read in the wrong unit. Returns buf. */
const char *wb_option_column(const wb_option *opt, char *buf, size_t cap);
/* A TIME option's unit as a suffix ("s", "ms"), and how many of it make a second. */
const char *wb_option_unit_name(const wb_option *opt);
double wb_option_unit_per_second(const wb_option *opt);

/* The n-th choice of a "a|b|c" list into buf; "" when out of range. */
void wb_choice_name(const char *choices, int index, char *buf, size_t cap);

#endif
