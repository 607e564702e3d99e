/* The columns every winbench CSV row has, listed once: the writer (src/run/sink_csv.c) emits
 * them in this order and `winbench report` (src/report/report_load.c) finds them by these
 * names. docs/csv.md explains each. Adding a column: one line here, its value in the writer. */
#ifndef WB_CSV_COLUMNS_H
#define WB_CSV_COLUMNS_H

/* Before the module's option and fact columns. */
#define WB_LEAD_COLUMNS(X) \
    X(SCHEMA, "schema") X(BENCHMARK, "benchmark") X(LABEL, "label") X(ROW, "row") X(REP, "rep")

/* After the facts: what a row measured (the statistics only in summary rows). */
#define WB_MEASURE_COLUMNS(X)                                                                      \
    X(OPS, "ops") X(ELAPSED_S, "elapsed_s") X(OPS_PER_S, "ops_per_s") X(NS_PER_OP, "ns_per_op")       \
    X(CPU_USER_S, "cpu_user_s") X(CPU_KERNEL_S, "cpu_kernel_s") X(CPU_PCT, "cpu_pct")                \
    X(THREAD_USER_S, "thread_user_s") X(THREAD_KERNEL_S, "thread_kernel_s") X(N, "n")               \
    X(RATE_MIN, "ops_per_s_min") X(RATE_MAX, "ops_per_s_max") X(RATE_MEAN, "ops_per_s_mean")         \
    X(RATE_MEDIAN, "ops_per_s_median") X(RATE_STDDEV, "ops_per_s_stddev") X(RATE_CV, "ops_per_s_cv")

/* After the module's metrics and the warnings column: the machine and the run. Columns added
 * after 0.2 go at the end, so that 0.2's keep their places. */
#define WB_CONTEXT_COLUMNS(X)                                                                      \
    X(TIMESTAMP_UTC, "timestamp_utc") X(RUN_ID, "run_id") X(HOST, "host") X(OS_NAME, "os_name")       \
    X(OS_VERSION, "os_version") X(OS_BUILD, "os_build") X(OS_SP, "os_sp") X(OS_SERVER, "os_server")  \
    X(VERSION_API, "version_api") X(ARCH, "arch") X(WOW64, "wow64") X(CPU_NAME, "cpu_name")          \
    X(CPU_MHZ, "cpu_mhz") X(CPUS, "cpus") X(HYPERVISOR, "hypervisor") X(THEMES_ACTIVE, "themes_active") \
    X(WINE_VERSION, "wine_version") X(QPC_HZ, "qpc_hz") X(QPC_RESOLUTION_NS, "qpc_resolution_ns")     \
    X(QPC_CALL_NS, "qpc_call_ns") X(TOOL_VERSION, "tool_version") X(PRIORITY, "priority")            \
    X(AFFINITY, "affinity") X(REPEAT, "repeat") X(WARMUP, "warmup") X(OPTIONS, "options")            \
    X(PEAK_WORKING_SET_KB, "peak_working_set_kb") X(HYPERVISOR_VENDOR, "hypervisor_vendor")            \
    X(POWER_PLAN, "power_plan") X(QPC_SOURCE, "qpc_source") X(TICK_MS, "tick_ms")                   \
    X(TIMER_RES_MS, "timer_res_ms") X(SLEEP1_MS, "sleep1_ms")                                     \
    X(CALIBRATION, "calibration") X(OUTLIER_REPS, "outlier_reps") X(ORDER, "order") X(SEED, "seed")   \
    X(POWER_SOURCE, "power_source") X(POWER_THROTTLING, "power_throttling") X(CPU_CLASSES, "cpu_classes")   \
    X(LATENCY_HDR, "latency_hdr") X(NOT_RUN, "not_run") X(VARIANTS, "variants")

#define WB_COLUMN_ENUM(id, name) WB_COL_##id,
enum { WB_LEAD_COLUMNS(WB_COLUMN_ENUM) WB_LEAD_COUNT };
enum { WB_MEASURE_COLUMNS(WB_COLUMN_ENUM) WB_MEASURE_COUNT };
enum { WB_CONTEXT_COLUMNS(WB_COLUMN_ENUM) WB_CONTEXT_COUNT };
#undef WB_COLUMN_ENUM

#define WB_WARNINGS_COLUMN "warnings"

extern const char *const wb_lead_columns[WB_LEAD_COUNT];
extern const char *const wb_measure_columns[WB_MEASURE_COUNT];
extern const char *const wb_context_columns[WB_CONTEXT_COUNT];

#endif
