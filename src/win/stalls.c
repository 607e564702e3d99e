/* The spinning thread that finds the gaps, and what the OS says took them (include/wb_stalls.h). */
#include "wb_stalls.h"

#include <math.h>
#include <string.h>

#include "wb_clock.h"
#include "wb_process.h"
#include "wb_sort.h"
#include "wb_test_hooks.h"
#include "wb_timer.h"
#include "winapi.h"

#define SYSTEM_PROCESSOR_PERFORMANCE_INFORMATION_CLASS 8
#define MAX_CPUS 64

/* SYSTEM_PROCESSOR_PERFORMANCE_INFORMATION as ntdll fills it (times in 100 ns): DpcTime and
 * InterruptTime are winternl.h's Reserved1[0] and [1]. */
typedef struct cpu_times {
    LARGE_INTEGER idle, kernel, user, dpc, interrupt;
    ULONG interrupts;
} cpu_times;

static const char *const kind_names[] = {
#define WB_STALL_KIND_NAME(id, name) name,
    WB_STALL_KINDS(WB_STALL_KIND_NAME)
#undef WB_STALL_KIND_NAME
};

const char *wb_stall_kind_name(int kind)
{
    return kind >= 0 && kind < WB_STALL_KIND_COUNT ? kind_names[kind] : "";
}

int wb_stall_kind(double gap_ns, const wb_stall_counters *d)
{
    if (d->dpc_int_ns == d->dpc_int_ns && d->dpc_int_ns >= 0.5 * gap_ns) return WB_STALL_INTERRUPTS;
    if ((d->switches == d->switches && d->switches > 0) || (d->ran_ns == d->ran_ns && d->ran_ns < 0.5 * gap_ns))
        return WB_STALL_PREEMPTED;
    if (d->ran_ns == d->ran_ns || d->switches == d->switches) return WB_STALL_INVISIBLE;
    return WB_STALL_UNKNOWN;
}

/* ---- the counters ------------------------------------------------------------------------- */

/* What one read found, each NaN when this Windows does not give it. */
typedef struct snapshot {
    uint64_t at;                 /* QPC when read */
    double dpc_int_ns, ran_ns;
} snapshot;

/* Wine keeps no DPC or interrupt time (it reads zero): that is no measurement, so it is unknown. */
static int dpc_time_kept(void)
{
    static int kept = -1;
    if (kept < 0) kept = WB_API(NtQuerySystemInformation) != NULL && !wb_under_wine();
    return kept;
}

static double cpu_dpc_int_ns(int cpu)
{
    cpu_times t[MAX_CPUS];
    wb_fn_NtQuerySystemInformation query = WB_API(NtQuerySystemInformation);
    ULONG got = 0;
    if (cpu < 0 || cpu >= MAX_CPUS || !dpc_time_kept() ||
        query(SYSTEM_PROCESSOR_PERFORMANCE_INFORMATION_CLASS, t, sizeof t, &got) != 0 || got < (ULONG)(cpu + 1) * sizeof t[0])
        return NAN;
    return (double)(t[cpu].dpc.QuadPart + t[cpu].interrupt.QuadPart) * 100.0;
}

static double thread_ran_ns(void)
{
    wb_fn_QueryThreadCycleTime cycles = WB_API(QueryThreadCycleTime);
    double hz = wb_cycles_hz();
    ULONG64 c;
    if (cycles == NULL || !(hz > 0) || !cycles(GetCurrentThread(), &c)) return NAN;
    return (double)c / hz * 1e9;
}

static void read_snapshot(int cpu, snapshot *s)
{
    s->dpc_int_ns = cpu_dpc_int_ns(cpu);
    s->ran_ns = thread_ran_ns();
    s->at = wb_ticks();
}

const char *wb_stall_counters_read(void)
{
    int dpc = dpc_time_kept(), ran = WB_API(QueryThreadCycleTime) != NULL && wb_cycles_hz() > 0;
    if (dpc && ran) return "DPC and interrupt time; thread cycle time";
    if (dpc) return "DPC and interrupt time (no thread cycle time before Vista)";
    if (ran) return wb_under_wine() ? "thread cycle time (Wine keeps no DPC or interrupt time)"
                                    : "thread cycle time (no DPC or interrupt time)";
    return "none";
}

/* The counters' change across a gap of `ticks` that ended at `end`, since `before`: the thread's
 * run time less what it ran outside the gap. WINBENCH_TEST_STALL_COUNTERS plants it. */
static int classify(const snapshot *before, const snapshot *after, uint64_t ticks, uint64_t end)
{
    const char *plant = wb_test_hook_text(WB_HOOK_STALL_COUNTERS);
    double gap_ns = wb_ticks_to_s(ticks) * 1e9, outside_ns = wb_ticks_to_s(end - before->at - ticks) * 1e9;
    wb_stall_counters d;
    d.dpc_int_ns = after->dpc_int_ns - before->dpc_int_ns;
    d.ran_ns = after->ran_ns - before->ran_ns - outside_ns;
    d.switches = NAN;
    if (plant[0]) {   /* the DPC time covers the gap; a context switch; nothing moved */
        d.dpc_int_ns = !strcmp(plant, "interrupts") ? gap_ns : 0;
        d.switches = !strcmp(plant, "switch") ? 1 : 0;
        d.ran_ns = !strcmp(plant, "switch") ? 0 : gap_ns;
    }
    return wb_stall_kind(gap_ns, &d);
}

#define TURN_BATCHES 200

/* ---- the spinning ------------------------------------------------------------------------- */

static void note_gap(wb_spin_log *log, uint64_t at, uint64_t ticks, int kind)
{
    log->count++;
    log->lost += ticks;
    if (ticks > log->longest) log->longest = ticks, log->longest_at = at;
    if (log->hist) wb_hist_record(log->hist, (uint64_t)(wb_ticks_to_s(ticks) * 1e9));
    if (kind >= 0) log->kinds[kind]++;
    if (log->kept < log->cap) {
        log->gaps[log->kept].at = at;
        log->gaps[log->kept].ticks = ticks;
        log->gaps[log->kept].kind = kind;
        log->kept++;
    }
}

void wb_spin_for_gaps(wb_spin_log *log, uint64_t t_end, const volatile LONG *stop)
{
    const uint64_t refresh = wb_clock_freq() / 100;   /* the counters again every 10 ms */
    uint64_t prev = wb_ticks(), start = prev, next_read = prev + refresh;
    snapshot s;
    log->kept = 0, log->count = log->lost = log->longest = log->longest_at = log->turns = 0;
    memset(log->kinds, 0, sizeof log->kinds);
    if (log->long_gap) read_snapshot(log->cpu, &s), prev = s.at;
    while (prev < t_end) {
        uint64_t now = wb_ticks(), d = now - prev;
        log->turns++;
        if (d > log->threshold) {
            int kind = -1;
            if (log->long_gap && d > log->long_gap) {
                snapshot after;
                read_snapshot(log->cpu, &after);
                kind = classify(&s, &after, d, now);
                s = after, now = after.at, next_read = now + refresh;   /* the read is no gap */
            }
            note_gap(log, prev, d, kind);
        } else if (log->long_gap && now >= next_read) {
            read_snapshot(log->cpu, &s);
            now = s.at, next_read = now + refresh;
        }
        if ((log->turns & 0x3FF) == 0 && stop && *stop) break;
        prev = now;
    }
    log->spun = prev - start;
}

double wb_spin_turn_ns(void)
{
    /* Many batches of 20 us, and a low one of their means: a batch the thread lost its CPU in
     * reads the preemption as turn cost (on a busy machine 2 ms batches read 2,122.8 ns a turn
     * and refused stalls' own default threshold), and 20 us are seldom lost; the 10th percentile,
     * not the least, so that one batch that ran fast by chance does not decide. 4 ms in all. */
    double v[TURN_BATCHES];
    int i, n = 0;
    for (i = 0; i < TURN_BATCHES; i++) {
        wb_spin_log log;
        memset(&log, 0, sizeof log);
        log.threshold = UINT64_MAX, log.cpu = -1;
        wb_spin_for_gaps(&log, wb_ticks() + wb_clock_freq() / 50000, NULL);   /* 20 us */
        if (log.turns > 1) v[n++] = wb_ticks_to_s(log.spun) * 1e9 / (double)log.turns;
    }
    if (n == 0) return NAN;
    wb_sort_doubles(v, (size_t)n);
    return v[n / 10];
}
