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
    char list[WB_OPT_LIST_CAP];
    wb_counts counts;
} cfg;

static const wb_option table[] = {
    { .name = "count", .type = WB_OPT_COUNT, .offset = offsetof(cfg, count), .def = "1M",
      .help = "a count" },
    { .name = "mask", .type = WB_OPT_COUNT, .offset = offsetof(cfg, mask), .def = "0", .max = 0xFF,
      .help = "a mask" },
    { .name = "secs", .type = WB_OPT_SECONDS, .offset = offsetof(cfg, secs), .def = "2s",
      .help = "a duration" },
    { .name = "choice", .type = WB_OPT_CHOICE, .offset = offsetof(cfg, choice), .def = "b", .choices = "a|b|cc",
      .help = "a choice" },
    { .name = "flag", .type = WB_OPT_FLAG, .offset = offsetof(cfg, flag),
      .help = "a flag" },
    { .name = "text", .type = WB_OPT_TEXT, .offset = offsetof(cfg, text), .metavar = "TEXT",
      .help = "some text" },
    { .name = "list", .type = WB_OPT_LIST, .offset = offsetof(cfg, list), .metavar = "ITEM",
      .help = "a list (repeatable)" },
    { .name = "counts", .type = WB_OPT_COUNTS, .offset = offsetof(cfg, counts), .def = "1k", .max = 100000,
      .help = "counts" },
    { .name = NULL }
};

#endif
