/* Options every benchmark takes (the module's own table is parsed alongside). */
#include <stddef.h>
#include <string.h>
#include "wb_runner.h"

#define C(field) offsetof(wb_common, field)

const wb_option wb_common_options[] = {
    { "repeat", WB_OPT_COUNT, C(repeat), "5", NULL, "timed repetitions", 1, 100000, NULL },
    { "warmup", WB_OPT_COUNT, C(warmup), "1", NULL, "untimed repetitions first (not in the CSV)", 0, 1000, NULL },
    { "csv", WB_OPT_TEXT, C(csv), NULL, NULL,
      "CSV file to write; - for stdout (default winbench-<bench>-<host>-<time>.csv)", 0, 0, "FILE" },
    { "tsv", WB_OPT_FLAG, C(tsv), NULL, NULL, "write tab-separated text that pastes into spreadsheet cells", 0, 0, NULL },
    { "force", WB_OPT_FLAG, C(force), NULL, NULL, "overwrite an existing --csv file", 0, 0, NULL },
    { "label", WB_OPT_TEXT, C(label), NULL, NULL, "free text stored in every row (e.g. the VM's name)", 0, 0, "TEXT" },
    { "affinity", WB_OPT_COUNT, C(affinity), "0", NULL,
      "CPU mask for the process, e.g. 0x1 (0: leave as is)", 0, UINT64_MAX, "MASK" },
    { "priority", WB_OPT_CHOICE, C(priority), "normal", "normal|high|realtime", "process priority class", 0, 0, NULL },
    { "run-id", WB_OPT_TEXT, C(run_id), NULL, NULL, "groups the CSVs of one suite (winbench all sets it)", 0, 0, "TEXT" },
    { "quiet", WB_OPT_FLAG, C(quiet), NULL, NULL, "print only the summary line and the CSV path", 0, 0, NULL },
    { NULL, WB_OPT_FLAG, 0, NULL, NULL, NULL, 0, 0, NULL }
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
