/* libFuzzer target: the option parser and help generator on arbitrary argument vectors. The
 * input is split at NUL bytes into arguments; the table (tests/sample_options.h) has one option
 * of every type. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "sample_options.h"
#include "wb_units.h"

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
        if (c.mask > 0xFF || !(c.secs > 0) || c.choice < 0 || c.choice > 2) abort();
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
