/* The columns every winbench CSV row has, each declared once, here: its name and, for the
 * measure and context columns, what it holds (a number or text; the same in every row of a run
 * or its own in each; its unit). The CSV writer (src/run/sink_csv.c, row_cells.c) emits them in
 * this order, the JSON sink types and places them by these declarations alone, and `winbench
 * report` (src/report/report_load.c) finds them by these names. docs/csv.md explains each.
 * Adding a column: one line here, its value in row_cells.c, its line in docs/csv.md. */
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

/* After the module's metrics and the warnings column: the machine and the run,
 * X(id, name, type, scope, unit). Columns added after 0.2 go at the end, so that 0.2's keep
 * their places. */
#define WB_CONTEXT_COLUMNS(X)                                                                              \
    X(TIMESTAMP_UTC, "timestamp_utc", WB_TEXT, WB_ROW, NULL) X(RUN_ID, "run_id", WB_TEXT, WB_RUN, NULL)      \
    X(HOST, "host", WB_TEXT, WB_RUN, NULL) X(OS_NAME, "os_name", WB_TEXT, WB_RUN, NULL)                      \
    X(OS_VERSION, "os_version", WB_TEXT, WB_RUN, NULL) X(OS_BUILD, "os_build", WB_NUM, WB_RUN, NULL)         \
    X(OS_SP, "os_sp", WB_TEXT, WB_RUN, NULL) X(OS_SERVER, "os_server", WB_NUM, WB_RUN, NULL)                 \
    X(VERSION_API, "version_api", WB_TEXT, WB_RUN, NULL) X(ARCH, "arch", WB_TEXT, WB_RUN, NULL)              \
    X(WOW64, "wow64", WB_NUM, WB_RUN, NULL) X(CPU_NAME, "cpu_name", WB_TEXT, WB_RUN, NULL)                   \
    X(CPU_MHZ, "cpu_mhz", WB_NUM, WB_RUN, "MHz") X(CPUS, "cpus", WB_NUM, WB_RUN, NULL)                       \
    X(HYPERVISOR, "hypervisor", WB_NUM, WB_RUN, NULL) X(THEMES_ACTIVE, "themes_active", WB_NUM, WB_RUN, NULL) \
    X(WINE_VERSION, "wine_version", WB_TEXT, WB_RUN, NULL) X(QPC_HZ, "qpc_hz", WB_NUM, WB_RUN, "Hz")         \
    X(QPC_RESOLUTION_NS, "qpc_resolution_ns", WB_NUM, WB_RUN, "ns")                                         \
    X(QPC_CALL_NS, "qpc_call_ns", WB_NUM, WB_RUN, "ns") X(TOOL_VERSION, "tool_version", WB_TEXT, WB_RUN, NULL) \
    X(PRIORITY, "priority", WB_TEXT, WB_RUN, NULL) X(AFFINITY, "affinity", WB_TEXT, WB_RUN, NULL)            \
    X(REPEAT, "repeat", WB_NUM, WB_RUN, NULL) X(WARMUP, "warmup", WB_NUM, WB_RUN, NULL)                      \
    X(OPTIONS, "options", WB_TEXT, WB_RUN, NULL)                                                           \
    X(PEAK_WORKING_SET_KB, "peak_working_set_kb", WB_NUM, WB_ROW, "KiB")                                    \
    X(HYPERVISOR_VENDOR, "hypervisor_vendor", WB_TEXT, WB_RUN, NULL)                                        \
    X(POWER_PLAN, "power_plan", WB_TEXT, WB_RUN, NULL) X(QPC_SOURCE, "qpc_source", WB_TEXT, WB_RUN, NULL)    \
    X(TICK_MS, "tick_ms", WB_NUM, WB_RUN, "ms") X(TIMER_RES_MS, "timer_res_ms", WB_NUM, WB_ROW, "ms")        \
    X(SLEEP1_MS, "sleep1_ms", WB_NUM, WB_ROW, "ms") X(CALIBRATION, "calibration", WB_TEXT, WB_RUN, NULL)     \
    X(OUTLIER_REPS, "outlier_reps", WB_TEXT, WB_ROW, NULL) X(ORDER, "order", WB_TEXT, WB_RUN, NULL)          \
    X(SEED, "seed", WB_TEXT, WB_RUN, NULL) X(POWER_SOURCE, "power_source", WB_TEXT, WB_RUN, NULL)            \
    X(POWER_THROTTLING, "power_throttling", WB_TEXT, WB_RUN, NULL)                                          \
    X(CPU_CLASSES, "cpu_classes", WB_TEXT, WB_RUN, NULL) X(LATENCY_HDR, "latency_hdr", WB_TEXT, WB_ROW, NULL) \
    X(NOT_RUN, "not_run", WB_TEXT, WB_ROW, NULL) X(VARIANTS, "variants", WB_NUM, WB_RUN, NULL) \
    X(STALLS_MS, "stalls_ms", WB_NUM, WB_RUN, "ms")

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
