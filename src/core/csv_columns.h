/* The columns every winbench CSV row has, each declared once, here: its name and, for the
 * measure and context columns, what it holds (a number or text; the same in every row of a run
 * or its own in each; its unit). The CSV writer (src/run/sink_csv.c, row_cells.c) emits them in
 * this order, the JSON sink types and places them by these declarations alone, and `winbench
 * report` (src/report/report_load.c) finds them by these names and knows a machine by the
 * context columns flagged so. docs/csv.md explains each. Adding a column: one line here, its
 * value in row_cells.c, its line in docs/csv.md (the report shows it by its flags). */
#ifndef WB_CSV_COLUMNS_H
#define WB_CSV_COLUMNS_H

#include <stddef.h>

/* What a column holds. NUM: its cells are numbers (JSON writes them as such); TEXT: text, even
 * when it looks like a number (os_version "10.0" is a version, seed an identifier). RUN: the
 * same in every row of a run (the JSON document's context, once); ROW: each row's own. */
#define WB_NUM 1
#define WB_TEXT 0
#define WB_RUN 0
#define WB_ROW 1
typedef struct wb_column_type {
    int number, per_row;
    const char *unit;   /* JSON's unit names (docs/json.md: ns, us, ms, s, 1/s, %, KiB, Hz, MHz, ...), or NULL */
    int machine;        /* context columns: WB_ID, WB_SHOWN, ... (below); 0 for the others */
    const char *label;  /* context columns with machine flags: the report's words for it */
} wb_column_type;

/* Before the module's option and fact columns: X(id, name). */
#define WB_LEAD_COLUMNS(X) \
    X(SCHEMA, "schema") X(BENCHMARK, "benchmark") X(LABEL, "label") X(ROW, "row") X(REP, "rep")

/* After the facts: what a row measured (the statistics only in summary rows), all numbers, each
 * row's own: X(id, name, type, scope, unit). */
#define WB_MEASURE_COLUMNS(X)                                                                              \
    X(OPS, "ops", WB_NUM, WB_ROW, NULL) X(ELAPSED_S, "elapsed_s", WB_NUM, WB_ROW, "s")                       \
    X(OPS_PER_S, "ops_per_s", WB_NUM, WB_ROW, "1/s") X(NS_PER_OP, "ns_per_op", WB_NUM, WB_ROW, "ns")         \
    X(CPU_USER_S, "cpu_user_s", WB_NUM, WB_ROW, "s") X(CPU_KERNEL_S, "cpu_kernel_s", WB_NUM, WB_ROW, "s")    \
    X(CPU_PCT, "cpu_pct", WB_NUM, WB_ROW, "%") X(THREAD_USER_S, "thread_user_s", WB_NUM, WB_ROW, "s")        \
    X(THREAD_KERNEL_S, "thread_kernel_s", WB_NUM, WB_ROW, "s") X(N, "n", WB_NUM, WB_ROW, NULL)               \
    X(RATE_MIN, "ops_per_s_min", WB_NUM, WB_ROW, "1/s") X(RATE_MAX, "ops_per_s_max", WB_NUM, WB_ROW, "1/s")   \
    X(RATE_MEAN, "ops_per_s_mean", WB_NUM, WB_ROW, "1/s")                                                  \
    X(RATE_MEDIAN, "ops_per_s_median", WB_NUM, WB_ROW, "1/s")                                              \
    X(RATE_STDDEV, "ops_per_s_stddev", WB_NUM, WB_ROW, "1/s") X(RATE_CV, "ops_per_s_cv", WB_NUM, WB_ROW, NULL)   \
    X(STALL_PCT, "stall_pct", WB_NUM, WB_ROW, "%") X(STALL_MAX_US, "stall_max_us", WB_NUM, WB_ROW, "us")

/* What a context column says of the machine, for `winbench report`: ID, it tells one machine
 * from another (two rows that differ in it are of two machines; the rows read twice are told
 * apart by it too); SHOWN, the report's machines table has it; CONFOUND, a comparison of two
 * machines that differ in it names it beside its answer; KNOWN, an empty cell means "not
 * recorded" (a file of an older winbench), so that it is compared only when both sides have it;
 * DOT, its value follows the column before it, of the same label, after a '.' (os_build after
 * os_version: "5.1.2600"), where columns of one label are otherwise joined with a space. */
#define WB_ID 1
#define WB_SHOWN 2
#define WB_CONFOUND 4
#define WB_KNOWN 8
#define WB_DOT 16
#define WB_MACHINE_FACT (WB_ID | WB_SHOWN | WB_CONFOUND)

/* After the module's metrics and the warnings column: the machine and the run,
 * X(id, name, type, scope, unit, machine, label): machine the flags above (0: none of them), label
 * the words the report heads it with (columns of one label make one value). Columns added after
 * 0.2 go at the end, so that 0.2's keep their places. */
#define WB_CONTEXT_COLUMNS(X)                                                                              \
    X(TIMESTAMP_UTC, "timestamp_utc", WB_TEXT, WB_ROW, NULL, 0, NULL)                                        \
    X(RUN_ID, "run_id", WB_TEXT, WB_RUN, NULL, 0, NULL)                                                       \
    X(HOST, "host", WB_TEXT, WB_RUN, NULL, WB_ID | WB_SHOWN, "host")                                          \
    X(OS_NAME, "os_name", WB_TEXT, WB_RUN, NULL, WB_MACHINE_FACT, "OS")                                      \
    X(OS_VERSION, "os_version", WB_TEXT, WB_RUN, NULL, WB_MACHINE_FACT, "OS")                                \
    X(OS_BUILD, "os_build", WB_NUM, WB_RUN, NULL, WB_MACHINE_FACT | WB_DOT, "OS")                            \
    X(OS_SP, "os_sp", WB_TEXT, WB_RUN, NULL, WB_MACHINE_FACT, "OS")                                          \
    X(OS_SERVER, "os_server", WB_NUM, WB_RUN, NULL, 0, NULL)                                                  \
    X(VERSION_API, "version_api", WB_TEXT, WB_RUN, NULL, 0, NULL)                                             \
    X(ARCH, "arch", WB_TEXT, WB_RUN, NULL, WB_MACHINE_FACT, "architecture")                                   \
    X(WOW64, "wow64", WB_NUM, WB_RUN, NULL, WB_CONFOUND | WB_KNOWN, "WOW64")                                  \
    X(CPU_NAME, "cpu_name", WB_TEXT, WB_RUN, NULL, WB_MACHINE_FACT, "CPU")                                   \
    X(CPU_MHZ, "cpu_mhz", WB_NUM, WB_RUN, "MHz", 0, NULL)                                                     \
    X(CPUS, "cpus", WB_NUM, WB_RUN, NULL, WB_SHOWN | WB_CONFOUND, "CPUs")                                     \
    X(HYPERVISOR, "hypervisor", WB_NUM, WB_RUN, NULL, WB_SHOWN | WB_CONFOUND, "VM")                           \
    X(THEMES_ACTIVE, "themes_active", WB_NUM, WB_RUN, NULL, WB_SHOWN, "themes")                               \
    X(WINE_VERSION, "wine_version", WB_TEXT, WB_RUN, NULL, WB_MACHINE_FACT, "Wine")                          \
    X(QPC_HZ, "qpc_hz", WB_NUM, WB_RUN, "Hz", WB_SHOWN, "QPC Hz")                                             \
    X(QPC_RESOLUTION_NS, "qpc_resolution_ns", WB_NUM, WB_RUN, "ns", 0, NULL)                                  \
    X(QPC_CALL_NS, "qpc_call_ns", WB_NUM, WB_RUN, "ns", 0, NULL)                                              \
    X(TOOL_VERSION, "tool_version", WB_TEXT, WB_RUN, NULL, WB_SHOWN, "winbench")                              \
    X(PRIORITY, "priority", WB_TEXT, WB_RUN, NULL, 0, NULL)                                                   \
    X(AFFINITY, "affinity", WB_TEXT, WB_RUN, NULL, 0, NULL)                                                   \
    X(REPEAT, "repeat", WB_NUM, WB_RUN, NULL, 0, NULL)                                                        \
    X(WARMUP, "warmup", WB_NUM, WB_RUN, NULL, 0, NULL)                                                        \
    X(OPTIONS, "options", WB_TEXT, WB_RUN, NULL, 0, NULL)                                                     \
    X(PEAK_WORKING_SET_KB, "peak_working_set_kb", WB_NUM, WB_ROW, "KiB", 0, NULL)                             \
    X(HYPERVISOR_VENDOR, "hypervisor_vendor", WB_TEXT, WB_RUN, NULL, 0, NULL)                                 \
    X(POWER_PLAN, "power_plan", WB_TEXT, WB_RUN, NULL, 0, NULL)                                               \
    X(QPC_SOURCE, "qpc_source", WB_TEXT, WB_RUN, NULL, 0, NULL)                                               \
    X(TICK_MS, "tick_ms", WB_NUM, WB_RUN, "ms", 0, NULL)                                                      \
    X(TIMER_RES_MS, "timer_res_ms", WB_NUM, WB_ROW, "ms", 0, NULL)                                            \
    X(SLEEP1_MS, "sleep1_ms", WB_NUM, WB_ROW, "ms", 0, NULL)                                                  \
    X(CALIBRATION, "calibration", WB_TEXT, WB_RUN, NULL, WB_SHOWN | WB_CONFOUND, "calibration")               \
    X(OUTLIER_REPS, "outlier_reps", WB_TEXT, WB_ROW, NULL, 0, NULL)                                           \
    X(ORDER, "order", WB_TEXT, WB_RUN, NULL, 0, NULL)                                                         \
    X(SEED, "seed", WB_TEXT, WB_RUN, NULL, 0, NULL)                                                           \
    X(POWER_SOURCE, "power_source", WB_TEXT, WB_RUN, NULL, WB_CONFOUND | WB_KNOWN, "power source")            \
    X(POWER_THROTTLING, "power_throttling", WB_TEXT, WB_RUN, NULL, 0, NULL)                                   \
    X(CPU_CLASSES, "cpu_classes", WB_TEXT, WB_RUN, NULL, 0, NULL)                                             \
    X(LATENCY_HDR, "latency_hdr", WB_TEXT, WB_ROW, NULL, 0, NULL)                                             \
    X(NOT_RUN, "not_run", WB_TEXT, WB_ROW, NULL, 0, NULL)                                                     \
    X(VARIANTS, "variants", WB_NUM, WB_RUN, NULL, 0, NULL)                                                    \
    X(STALLS_MS, "stalls_ms", WB_NUM, WB_RUN, "ms", 0, NULL)

#define WB_COLUMN_ENUM(id, ...) WB_COL_##id,
enum { WB_LEAD_COLUMNS(WB_COLUMN_ENUM) WB_LEAD_COUNT };
enum { WB_MEASURE_COLUMNS(WB_COLUMN_ENUM) WB_MEASURE_COUNT };
enum { WB_CONTEXT_COLUMNS(WB_COLUMN_ENUM) WB_CONTEXT_COUNT };
#undef WB_COLUMN_ENUM

#define WB_WARNINGS_COLUMN "warnings"

extern const char *const wb_lead_columns[WB_LEAD_COUNT];
extern const char *const wb_measure_columns[WB_MEASURE_COUNT];
extern const char *const wb_context_columns[WB_CONTEXT_COUNT];
extern const wb_column_type wb_measure_types[WB_MEASURE_COUNT];
extern const wb_column_type wb_context_types[WB_CONTEXT_COUNT];

#endif
