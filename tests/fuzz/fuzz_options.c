/* libFuzzer target: the option parser and help generator on arbitrary argument vectors. The
 * input is split at NUL bytes into arguments; the table has one option of every type. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "wb_options.h"
#include "wb_units.h"

typedef struct cfg {
    uint64_t count, bounded;
    double secs;
    int choice, flag;
    const char *text;
} cfg;

static const wb_option table[] = {
    { "count", WB_OPT_COUNT, offsetof(cfg, count), "1M", NULL, "a count", 0, 0, NULL },
    { "bounded", WB_OPT_COUNT, offsetof(cfg, bounded), "0", NULL, "a bounded count", 0, 0xFFFF, NULL },
    { "secs", WB_OPT_SECONDS, offsetof(cfg, secs), "2s", NULL, "a duration", 0, 0, NULL },
    { "choice", WB_OPT_CHOICE, offsetof(cfg, choice), "b", "a|b|cc", "a choice", 0, 0, NULL },
    { "flag", WB_OPT_FLAG, offsetof(cfg, flag), NULL, NULL, "a flag", 0, 0, NULL },
    { "text", WB_OPT_TEXT, offsetof(cfg, text), NULL, NULL, "some text", 0, 0, "TEXT" },
    { NULL, WB_OPT_FLAG, 0, NULL, NULL, NULL, 0, 0, NULL }
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *buf = (char *)malloc(size + 1), *argv[64], err[256], value[64], help[2048];
    int argc = 0;
    size_t i, start = 0;
    cfg c;
    wb_option_set set;
    const wb_option *o;
    if (buf == NULL) return 0;
    memcpy(buf, data, size);
    buf[size] = '\0';
    for (i = 0; i <= size && argc < 64; i++)
        if (buf[i] == '\0') {
            argv[argc++] = buf + start;
            start = i + 1;
        }
    memset(&c, 0, sizeof c);
    set.table = table;
    set.config = &c;
    if (wb_options_defaults(&set, 1, err, sizeof err) != 0) abort();   /* the table's own defaults */
    if (wb_options_parse(&set, 1, argc, argv, err, sizeof err) == 0) {
        /* what was stored must read back, and stay within its bounds */
        if (c.bounded > 0xFFFF || !(c.secs > 0) || c.choice < 0 || c.choice > 2) abort();
        for (o = table; o->name; o++) wb_option_value_text(o, &c, value, sizeof value);
    } else if (strlen(err) == 0 || strlen(err) >= sizeof err) {
        abort();   /* every refusal says why */
    }
    wb_options_help(table, help, sizeof help);
    {
        uint64_t n;
        double s;
        wb_parse_count(buf, &n);
        wb_parse_seconds(buf, &s);
    }
    free(buf);
    return 0;
}
