/* One option of every type: the table test_options.c checks by hand and fuzz_options.c feeds
 * arbitrary arguments to. */
#ifndef SAMPLE_OPTIONS_H
#define SAMPLE_OPTIONS_H

#include <stddef.h>
#include <stdint.h>
#include "wb_options.h"

typedef struct cfg {
    uint64_t count, mask;
    double secs;
    int choice, flag;
    const char *text;
} cfg;

static const wb_option table[] = {
    { "count", WB_OPT_COUNT, offsetof(cfg, count), "1M", NULL, "a count", 0, 0, NULL },
    { "mask", WB_OPT_COUNT, offsetof(cfg, mask), "0", NULL, "a mask", 0, 0xFF, NULL },
    { "secs", WB_OPT_SECONDS, offsetof(cfg, secs), "2s", NULL, "a duration", 0, 0, NULL },
    { "choice", WB_OPT_CHOICE, offsetof(cfg, choice), "b", "a|b|cc", "a choice", 0, 0, NULL },
    { "flag", WB_OPT_FLAG, offsetof(cfg, flag), NULL, NULL, "a flag", 0, 0, NULL },
    { "text", WB_OPT_TEXT, offsetof(cfg, text), NULL, NULL, "some text", 0, 0, "TEXT" },
    { NULL, WB_OPT_FLAG, 0, NULL, NULL, NULL, 0, 0, NULL }
};

#endif
