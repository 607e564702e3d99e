/* The option-table parser and help generator (curl's tool_getparam idea: one table, one parser,
 * one place that words the errors). */
#include "wb_options.h"
#include "wb_units.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define SLOT(type, opt, config) ((type *)((char *)(config) + (opt)->offset))

static uint64_t opt_min(const wb_option *o) { return (o->min == 0 && o->max == 0) ? 1 : o->min; }
static uint64_t opt_max(const wb_option *o) { return o->max == 0 ? UINT64_MAX : o->max; }

void wb_choice_name(const char *choices, int index, char *buf, size_t cap)
{
    const char *p = choices;
    int i = 0;
    buf[0] = '\0';
    if (p == NULL || cap == 0) return;
    while (i < index) {
        p = strchr(p, '|');
        if (p == NULL) return;
        p++, i++;
    }
    {
        size_t len = strcspn(p, "|");
        if (len >= cap) len = cap - 1;
        memcpy(buf, p, len);
        buf[len] = '\0';
    }
}

static int choice_index(const char *choices, const char *value)
{
    const char *p = choices;
    size_t vlen = strlen(value);
    int i;
    for (i = 0; p != NULL; i++) {
        size_t len = strcspn(p, "|");
        if (len == vlen && vlen > 0 && strncmp(p, value, len) == 0) return i;
        p = strchr(p, '|');
        if (p) p++;
    }
    return -1;
}

static const char *count_expectation(const wb_option *o)
{
    return opt_min(o) == 0 ? "a non-negative integer" : "a positive integer";
}

/* Store one value; on failure word the problem after "--name: ". */
/* A count with its suffixes (50M, 10k), within the option's range. */
static int store_count(const wb_option *o, void *config, const char *value, char *err, size_t cap)
{
    uint64_t v = 0;
    char bare[64];
    size_t len = strlen(value), ulen = o->count_unit ? strlen(o->count_unit) : 0;
    wb_num_status st;
    if (ulen && len > ulen && len - ulen < sizeof bare && strcmp(value + len - ulen, o->count_unit) == 0) {
        snprintf(bare, sizeof bare, "%.*s", (int)(len - ulen), value);   /* 10k/s: the count is 10k */
        st = wb_parse_count(bare, &v);
    } else st = wb_parse_count(value, &v);
    switch (st) {
    case WB_NUM_OK: break;
    case WB_NUM_OVERFLOW:
        snprintf(err, cap, "--%s: \"%s\" is too large (at most %llu)", o->name, value,
                 (unsigned long long)opt_max(o));
        return -1;
    case WB_NUM_BAD_SUFFIX:
        snprintf(err, cap, "--%s: expected %s (suffixes k, M, G%s%s), got \"%s\"", o->name,
                 count_expectation(o), o->count_unit ? "; then " : "", o->count_unit ? o->count_unit : "", value);
        return -1;
    default:
        snprintf(err, cap, "--%s: expected %s, got \"%s\"", o->name, count_expectation(o), value);
        return -1;
    }
    if (v < opt_min(o) || v > opt_max(o)) {
        if (v == 0 && opt_min(o) == 1)
            snprintf(err, cap, "--%s: expected a positive integer, got \"%s\"", o->name, value);
        else
            snprintf(err, cap, "--%s: %s is out of range (%llu..%llu)", o->name, value,
                     (unsigned long long)opt_min(o), (unsigned long long)opt_max(o));
        return -1;
    }
    *SLOT(uint64_t, o, config) = v;
    return 0;
}

/* A positive duration (2s, 500ms). */
/* A TIME option's unit (WB_UNIT_*): its name in the column, in the help, and its count a second. */
static const struct { const char *name, *words; double per_second; } time_units[] = {
    { "s", "seconds", 1.0 }, { "ms", "milliseconds", 1e3 }, { "us", "microseconds", 1e6 }
};

static int store_seconds(const wb_option *o, void *config, const char *value, char *err, size_t cap)
{
    double v = 0;
    wb_num_status st = wb_parse_seconds(value, &v);
    size_t len = strlen(value);
    if (o->off && strcmp(value, "off") == 0) {   /* a TIME that may be none: stored 0 */
        *SLOT(double, o, config) = 0;
        return 0;
    }
    /* one rule for every TIME option: a bare number is in the unit its help names */
    if (st == WB_NUM_OK && len > 0 && (isdigit((unsigned char)value[len - 1]) || value[len - 1] == '.'))
        v /= wb_option_unit_per_second(o);
    if (st == WB_NUM_OVERFLOW) {
        snprintf(err, cap, "--%s: \"%s\" is too long", o->name, value);
        return -1;
    }
    if (st != WB_NUM_OK || v <= 0) {
        snprintf(err, cap, "--%s: expected a positive duration (a number and ns, us, ms, s, sec, min or h: 2s, 500ms), got \"%s\"",
                 o->name, value);
        return -1;
    }
    *SLOT(double, o, config) = v;
    return 0;
}

/* One of the option's choices, stored as its index. */
static int store_choice(const wb_option *o, void *config, const char *value, char *err, size_t cap)
{
    int i = choice_index(o->choices, value);
    if (i < 0) {
        snprintf(err, cap, "--%s: expected one of %s, got \"%s\"", o->name, o->choices, value);
        return -1;
    }
    *SLOT(int, o, config) = i;
    return 0;
}

/* A comma-separated list of counts (--rate 1k,5k), each checked as a count. */
static int store_counts(const wb_option *o, void *config, const char *value, char *err, size_t cap)
{
    wb_counts counts;
    wb_option one = *o;
    const char *p = value;
    one.type = WB_OPT_COUNT;
    one.offset = 0;
    memset(&counts, 0, sizeof counts);
    for (;;) {
        char item[64];
        size_t len = strcspn(p, ",");
        if (counts.n == WB_COUNTS_MAX) {
            snprintf(err, cap, "--%s: at most %d values", o->name, WB_COUNTS_MAX);
            return -1;
        }
        if (len >= sizeof item) len = sizeof item - 1;   /* too long for a count: refused as one */
        memcpy(item, p, len);
        item[len] = '\0';
        if (store_count(&one, &counts.v[counts.n], item, err, cap) != 0) return -1;
        counts.n++;
        p += strcspn(p, ",");
        if (*p == '\0') break;
        p++;
    }
    memcpy((char *)config + o->offset, &counts, sizeof counts);
    return 0;
}

/* A value added to the option's list (given as often as wanted), joined with ';'. */
static int store_list(const wb_option *o, void *config, const char *value, char *err, size_t cap)
{
    char *list = (char *)config + o->offset;
    size_t used = strlen(list);
    if (value[0] == '\0' || strchr(value, ';')) {
        snprintf(err, cap, "--%s: expected a value without ';', got \"%s\"", o->name, value);
        return -1;
    }
    if (used + (used ? 1 : 0) + strlen(value) >= WB_OPT_LIST_CAP) {
        snprintf(err, cap, "--%s: given too often (%d characters in all at most)", o->name, WB_OPT_LIST_CAP - 1);
        return -1;
    }
    snprintf(list + used, WB_OPT_LIST_CAP - used, "%s%s", used ? ";" : "", value);
    return 0;
}

static int store_value(const wb_option *o, void *config, const char *value, char *err, size_t cap)
{
    switch (o->type) {
    case WB_OPT_COUNT: return store_count(o, config, value, err, cap);
    case WB_OPT_SECONDS: return store_seconds(o, config, value, err, cap);
    case WB_OPT_CHOICE: return store_choice(o, config, value, err, cap);
    case WB_OPT_TEXT:
        if (value[0] == '\0') {
            snprintf(err, cap, "--%s: expected a value, got an empty string", o->name);
            return -1;
        }
        *SLOT(const char *, o, config) = value;
        return 0;
    case WB_OPT_FLAG:
        *SLOT(int, o, config) = 1;
        return 0;
    case WB_OPT_COUNTS: return store_counts(o, config, value, err, cap);
    case WB_OPT_LIST: return store_list(o, config, value, err, cap);
    }
    snprintf(err, cap, "--%s: unknown option type", o->name);
    return -1;
}

int wb_options_each(const wb_option *table, const void *config,
                    int (*fn)(void *arg, const wb_option *o, const void *config), void *arg)
{
    const wb_option *o;
    for (o = table; o->name != NULL; o++) {
        int rc = fn(arg, o, config);
        if (rc != 0) return rc;
    }
    return 0;
}

typedef struct default_ctx {
    char *err;
    size_t errcap;
} default_ctx;

static int store_default(void *arg, const wb_option *o, const void *cconfig)
{
    default_ctx *d = (default_ctx *)arg;
    void *config = (void *)cconfig;   /* the walk passes on what it was given: a config to fill */
    if (o->type == WB_OPT_FLAG) *SLOT(int, o, config) = 0;
    else if (o->type == WB_OPT_LIST) ((char *)config + o->offset)[0] = '\0';
    else if (o->type == WB_OPT_TEXT) *SLOT(const char *, o, config) = o->def;
    else if (o->type == WB_OPT_COUNTS && o->def == NULL)   /* an empty list: the option not given */
        memset((char *)config + o->offset, 0, sizeof(wb_counts));
    else if (o->def == NULL) {
        snprintf(d->err, d->errcap, "--%s: option table has no default", o->name);
        return -1;
    } else if (store_value(o, config, o->def, d->err, d->errcap) != 0)
        return -1;
    return 0;
}

int wb_options_defaults(const wb_option_set *sets, int nsets, char *err, size_t errcap)
{
    int s;
    default_ctx d;
    d.err = err;
    d.errcap = errcap;
    for (s = 0; s < nsets; s++)
        if (wb_options_each(sets[s].table, sets[s].config, store_default, &d) != 0) return -1;
    return 0;
}

typedef struct find_ctx {
    const char *name;
    size_t len;
    const wb_option *found;
    const void *config;
} find_ctx;

static int match_name(void *arg, const wb_option *o, const void *config)
{
    find_ctx *f = (find_ctx *)arg;
    if (strlen(o->name) != f->len || strncmp(o->name, f->name, f->len) != 0) return 0;
    f->found = o;
    f->config = config;
    return 1;
}

static const wb_option *find_option(const wb_option_set *sets, int nsets, const char *name,
                                    size_t len, void **config)
{
    int s;
    find_ctx f;
    f.name = name;
    f.len = len;
    f.found = NULL;
    f.config = NULL;
    for (s = 0; s < nsets && f.found == NULL; s++) wb_options_each(sets[s].table, sets[s].config, match_name, &f);
    *config = (void *)f.config;
    return f.found;
}

/* Edits (insert, delete, change a letter, swap two neighbours) from a to b; more than 9 for
 * names too long to matter. */
static size_t edit_distance(const char *a, size_t la, const char *b)
{
    enum { MAX = 40 };
    size_t lb = strlen(b), i, j, rows[3][MAX + 1];
    if (la > MAX || lb > MAX) return 10;
    for (j = 0; j <= lb; j++) rows[0][j] = j;
    for (i = 1; i <= la; i++) {
        size_t *cur = rows[i % 3], *prev = rows[(i - 1) % 3], *before = rows[(i + 1) % 3];
        cur[0] = i;
        for (j = 1; j <= lb; j++) {
            size_t best = prev[j - 1] + (a[i - 1] != b[j - 1]);
            if (prev[j] + 1 < best) best = prev[j] + 1;
            if (cur[j - 1] + 1 < best) best = cur[j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && before[j - 2] + 1 < best)
                best = before[j - 2] + 1;
            cur[j] = best;
        }
    }
    return rows[la % 3][lb];
}

typedef struct near_ctx {
    const char *name, *best;
    size_t len, best_d;
    int tie;
} near_ctx;

static void near_init(near_ctx *n, const char *name, size_t len)
{
    n->name = name;
    n->len = len;
    n->best = NULL;
    n->best_d = len <= 4 ? 2 : 3;   /* an edit more than allowed: within 2 edits (1 for short names) */
    n->tie = 0;
}

static void near_try(near_ctx *n, const char *candidate)
{
    size_t d = edit_distance(n->name, n->len, candidate);
    if (d < n->best_d) {
        n->best = candidate;
        n->best_d = d;
        n->tie = 0;
    } else if (d == n->best_d && n->best && strcmp(n->best, candidate)) {
        n->tie = 1;
    }
}

static int closer(void *arg, const wb_option *o, const void *config)
{
    (void)config;
    near_try((near_ctx *)arg, o->name);
    return 0;
}

/* The option a mistyped name most likely meant: within 2 edits (1 for short names), and only
 * when no other is as close; NULL when none is. */
static const char *near_miss(const wb_option_set *sets, int nsets, const char *name, size_t len)
{
    near_ctx n;
    int s;
    near_init(&n, name, len);
    for (s = 0; s < nsets; s++) wb_options_each(sets[s].table, NULL, closer, &n);
    return n.tie ? NULL : n.best;
}

const char *wb_nearest_name(const char *name, const char *const *names, size_t count)
{
    near_ctx n;
    size_t i;
    near_init(&n, name, strlen(name));
    for (i = 0; i < count; i++)
        if (names[i]) near_try(&n, names[i]);
    return n.tie ? NULL : n.best;
}

int wb_options_parse(const wb_option_set *sets, int nsets, int argc, char **argv,
                     char *err, size_t errcap)
{
    enum { MAX_SEEN = 128 };
    const wb_option *seen[MAX_SEEN];
    int i, nseen = 0, k;
    for (i = 0; i < argc; i++) {
        const char *arg = argv[i], *name, *eq, *value;
        size_t len;
        void *config = NULL;
        const wb_option *o;

        if (strncmp(arg, "--", 2) != 0 || arg[2] == '\0') {
            snprintf(err, errcap, "unexpected argument \"%s\" (options start with --)", arg);
            return -1;
        }
        name = arg + 2;
        eq = strchr(name, '=');
        len = eq ? (size_t)(eq - name) : strlen(name);
        o = find_option(sets, nsets, name, len, &config);
        if (o == NULL) {
            const char *meant = near_miss(sets, nsets, name, len);
            if (meant) snprintf(err, errcap, "--%.*s: unknown option (did you mean --%s?)", (int)len, name, meant);
            else snprintf(err, errcap, "--%.*s: unknown option (see winbench help)", (int)len, name);
            return -1;
        }
        /* Given twice, one of the two would be dropped without a word: refused instead (a list
         * keeps both). */
        for (k = 0; k < nseen && o->type != WB_OPT_LIST; k++)
            if (seen[k] == o) {
                snprintf(err, errcap, "--%s: given twice (give it once)", o->name);
                return -1;
            }
        if (nseen < MAX_SEEN) seen[nseen++] = o;
        if (o->type == WB_OPT_FLAG) {
            if (eq) {
                snprintf(err, errcap, "--%s: takes no value", o->name);
                return -1;
            }
            value = "";
        } else if (eq) {
            value = eq + 1;
        } else if (i + 1 < argc) {
            value = argv[++i];
        } else {
            snprintf(err, errcap, "--%s: missing value", o->name);
            return -1;
        }
        if (store_value(o, config, value, err, errcap) != 0) return -1;
    }
    return 0;
}

int wb_args_named(const wb_args *a, const char *name)
{
    int i;
    size_t want = strlen(name);
    for (i = 0; a && i < a->argc; i++) {
        const char *arg = a->argv[i], *eq;
        size_t len;
        void *config;
        const wb_option *o;
        if (strncmp(arg, "--", 2) != 0) continue;
        eq = strchr(arg + 2, '=');
        len = eq ? (size_t)(eq - arg - 2) : strlen(arg + 2);
        if (len == want && strncmp(arg + 2, name, len) == 0) return 1;
        o = find_option(a->sets, a->nsets, arg + 2, len, &config);
        if (o && o->type != WB_OPT_FLAG && !eq) i++;   /* its value, whatever it looks like */
    }
    return 0;
}

static const char *metavar(const wb_option *o)
{
    if (o->metavar) return o->metavar;
    switch (o->type) {
    case WB_OPT_COUNT: return "N";
    case WB_OPT_SECONDS: return o->off ? "TIME|off" : "TIME";
    case WB_OPT_CHOICE: return o->choices;
    case WB_OPT_TEXT: return "TEXT";
    case WB_OPT_LIST: return "TEXT";
    case WB_OPT_COUNTS: return "N[,N...]";
    default: return "";
    }
}

/* Appends like snprintf into out[*used..cap), counting what it would need. */
static void append(char *out, size_t cap, size_t *used, const char *text)
{
    size_t len = strlen(text);
    if (*used < cap) {
        size_t room = cap - *used - 1, n = len < room ? len : room;
        memcpy(out + *used, text, n);
        out[*used + n] = '\0';
    }
    *used += len;
}

typedef struct help_ctx {
    char *out;
    size_t cap, used;
} help_ctx;

static int help_line(void *arg, const wb_option *o, const void *config)
{
    help_ctx *h = (help_ctx *)arg;
    char line[512], head[128];
    (void)config;
    if (o->type == WB_OPT_FLAG) snprintf(head, sizeof head, "  --%s", o->name);
    else snprintf(head, sizeof head, "  --%s %s", o->name, metavar(o));
    if (o->type == WB_OPT_SECONDS)
        snprintf(line, sizeof line, "%-32s %s (default %s); a bare number is %s\n", head, o->help, o->def ? o->def : "none",
                 time_units[o->unit].words);
    else if (o->count_unit)
        snprintf(line, sizeof line, "%-32s %s (default %s); %s may follow the number\n", head, o->help,
                 o->def ? o->def : "none", o->count_unit);
    else if (o->def && o->type != WB_OPT_FLAG)
        snprintf(line, sizeof line, "%-32s %s (default %s)\n", head, o->help, o->def);
    else
        snprintf(line, sizeof line, "%-32s %s\n", head, o->help);
    append(h->out, h->cap, &h->used, line);
    return 0;
}

size_t wb_options_help(const wb_option *table, char *out, size_t cap)
{
    help_ctx h;
    h.out = out;
    h.cap = cap;
    h.used = 0;
    if (cap > 0) out[0] = '\0';
    wb_options_each(table, NULL, help_line, &h);
    return h.used;
}

const char *wb_option_unit_name(const wb_option *o)
{
    return time_units[o->unit].name;
}

double wb_option_unit_per_second(const wb_option *o)
{
    return o->type == WB_OPT_SECONDS ? time_units[o->unit].per_second : 1.0;
}

const char *wb_option_column(const wb_option *o, char *buf, size_t cap)
{
    if (o->type == WB_OPT_SECONDS) snprintf(buf, cap, "%s_%s", o->name, wb_option_unit_name(o));
    else snprintf(buf, cap, "%s", o->name);
    return buf;
}

void wb_option_value_text(const wb_option *o, const void *config, char *buf, size_t cap)
{
    const char *base = (const char *)config + o->offset;
    switch (o->type) {
    case WB_OPT_COUNT: {
        uint64_t v;
        memcpy(&v, base, sizeof v);
        snprintf(buf, cap, "%llu", (unsigned long long)v);
        return;
    }
    case WB_OPT_SECONDS: {
        double v;
        memcpy(&v, base, sizeof v);
        snprintf(buf, cap, "%.10g", v * wb_option_unit_per_second(o));
        return;
    }
    case WB_OPT_CHOICE: {
        int v;
        memcpy(&v, base, sizeof v);
        wb_choice_name(o->choices, v, buf, cap);
        return;
    }
    case WB_OPT_TEXT: {
        const char *v;
        memcpy(&v, base, sizeof v);
        snprintf(buf, cap, "%s", v ? v : "");
        return;
    }
    case WB_OPT_FLAG: {
        int v;
        memcpy(&v, base, sizeof v);
        snprintf(buf, cap, "%d", v);
        return;
    }
    case WB_OPT_LIST:
        snprintf(buf, cap, "%s", base);
        return;
    case WB_OPT_COUNTS: {
        wb_counts c;
        size_t used = 0;
        unsigned i;
        memcpy(&c, base, sizeof c);
        buf[0] = '\0';
        for (i = 0; i < c.n && used < cap; i++)
            used += (size_t)snprintf(buf + used, cap - used, "%s%llu", i ? "," : "", (unsigned long long)c.v[i]);
        return;
    }
    }
    buf[0] = '\0';
}
