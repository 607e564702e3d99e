/* Options every benchmark takes (the module's own table is parsed alongside). */
#include <stddef.h>
#include <string.h>
#include "wb_runner.h"

#define C(field) offsetof(wb_common, field)
#define PRIORITY_CHOICE(id, name, cls) "|" name

static const struct { const char *name; unsigned long cls; } priorities[] = {
#define PRIORITY_ROW(id, name, cls) { name, cls },
    WB_PRIORITIES(PRIORITY_ROW)
#undef PRIORITY_ROW
};

unsigned long wb_priority_class(int priority)
{
    return priorities[priority >= 0 && priority < WB_PRIORITY_COUNT ? priority : 0].cls;
}

const char *wb_priority_name(int priority)
{
    return priorities[priority >= 0 && priority < WB_PRIORITY_COUNT ? priority : 0].name;
}

const char *wb_priority_name_of_class(unsigned long priority_class)
{
    int i;
    for (i = 0; i < WB_PRIORITY_COUNT; i++)
        if (priorities[i].cls == priority_class) return priorities[i].name;
    return NULL;
}

const wb_option wb_common_options[] = {
    { .name = "repeat", .type = WB_OPT_COUNT, .offset = C(repeat), .def = "5", .min = 1, .max = 100000,
      .help = "timed repetitions" },
    { .name = "warmup", .type = WB_OPT_COUNT, .offset = C(warmup), .def = "1", .max = 1000,
      .help = "untimed repetitions first (not in the CSV)" },
    { .name = "csv", .type = WB_OPT_TEXT, .offset = C(csv), .metavar = "FILE",
      .help = "CSV file to write; - for stdout (default winbench-<bench>-<host>-<time>.csv)" },
    { .name = "json", .type = WB_OPT_TEXT, .offset = C(json), .metavar = "FILE",
      .help = "also write the run as one JSON document (docs/json.md), whole, when it ends" },
    { .name = "hlog", .type = WB_OPT_TEXT, .offset = C(hlog), .metavar = "FILE",
      .help = "sockloop, wakeup, stalls: each repetition's histogram as an HdrHistogram interval log" },
    { .name = "tsv", .type = WB_OPT_FLAG, .offset = C(tsv),
      .help = "write tab-separated text that pastes into spreadsheet cells" },
    { .name = "force", .type = WB_OPT_FLAG, .offset = C(force),
      .help = "overwrite an existing --csv, --json or --hlog file" },
    { .name = "label", .type = WB_OPT_TEXT, .offset = C(label), .metavar = "TEXT",
      .help = "free text stored in every row (e.g. the VM's name)" },
    { .name = "affinity", .type = WB_OPT_COUNT, .offset = C(affinity), .def = "0", .max = UINT64_MAX, .metavar = "MASK",
      .help = "CPU mask for the process, e.g. 0x1 (0: leave as is)" },
    { .name = "priority", .type = WB_OPT_CHOICE, .offset = C(priority), .def = "normal", .choices = &(WB_PRIORITIES(PRIORITY_CHOICE))[1],
      .help = "process priority class" },
    { .name = "run-id", .type = WB_OPT_TEXT, .offset = C(run_id), .metavar = "TEXT",
      .help = "groups the CSVs of one suite (winbench all sets it)" },
    { .name = "calibration", .type = WB_OPT_TEXT, .offset = C(calibration), .metavar = "VERDICTS",
      .help = "this machine's calibrate verdicts, stored in every row (winbench all sets it: clock=ok;cpus=ok;...)" },
    { .name = "quiet", .type = WB_OPT_FLAG, .offset = C(quiet),
      .help = "print only the summary line and the CSV path" },
    { .name = "order", .type = WB_OPT_CHOICE, .offset = C(order), .def = "interleaved", .choices = WB_CHOICES(WB_ORDERS),
      .help = "a run of several variants: their repetitions in rounds, each round in a random order, so that a "
              "slow minute of the machine falls on all alike (interleaved), or each variant's back to back (grouped)" },
    { .name = "stalls", .type = WB_OPT_SECONDS, .offset = C(stalls), .def = "100ms", .unit = WB_UNIT_MS, .off = 1,
      .help = "after each repetition, beside it, spin this long on its thread and CPU: the time the machine took "
              "from it (stall_pct, stall_max_us); off: none" },
    { .name = "processes", .type = WB_OPT_COUNT, .offset = C(processes), .def = "1", .min = 1, .max = 64, .metavar = "P",
      .help = "run in P processes of winbench, one after another, each all --repeat repetitions, into one CSV: the "
              "report then knows how processes differ (between and within one) and compares by processes "
              "(docs/statistics.md)" },
    { .name = "precision", .type = WB_OPT_TEXT, .offset = C(precision), .metavar = "PCT",
      .help = "repeat, in rounds, until every variant's median is known within PCT (its 95% interval, e.g. 2%), "
              "at least --repeat times, at most --max-reps or --max-time; the run says which stopped it" },
    { .name = "max-reps", .type = WB_OPT_COUNT, .offset = C(max_reps), .def = "100", .min = 2, .max = 100000,
      .help = "with --precision: the most repetitions of each variant" },
    { .name = "max-time", .type = WB_OPT_SECONDS, .offset = C(max_time), .def = "off", .unit = WB_UNIT_S, .off = 1,
      .help = "with --precision: no round starts after this long (e.g. 10m); off: none" },
    { .name = "seed", .type = WB_OPT_COUNT, .offset = C(seed), .def = "0", .max = UINT64_MAX, .metavar = "N",
      .help = "the interleaving's random order (0: drawn from the clock); the CSV's seed column repeats a run's order" },
    { .name = NULL }
};

void wb_common_options_for(const wb_module *m, wb_option *out, size_t cap)
{
    size_t i;
    for (i = 0; i + 1 < cap && wb_common_options[i].name; i++) {
        out[i] = wb_common_options[i];
        if (m && m->default_repeat && strcmp(out[i].name, "repeat") == 0) out[i].def = m->default_repeat;
        if (m && m->default_warmup && strcmp(out[i].name, "warmup") == 0) out[i].def = m->default_warmup;
    }
    memset(&out[i], 0, sizeof out[i]);
}
