/* The environment variables through which the tests make a machine do what a real one does
 * only now and then (a QPC leap, QPC going backwards between CPUs, a coarse clock tick, XP's
 * missing functions, Ctrl+C without a console). Listed once here, read once, in one place
 * (src/win/test_hooks.c); docs/testing.md explains each. None changes what winbench measures
 * unless it is set, and every row of a run with one set says so: WINBENCH_TEST_* values are
 * echoed in the row's warnings ("test_hook"). */
#ifndef WB_TEST_HOOKS_H
#define WB_TEST_HOOKS_H

#include <stddef.h>

/* X(id, variable, what setting it does) */
#define WB_TEST_HOOKS(X)                                                                          \
    X(WB_HOOK_STOP_AFTER_MS, "WINBENCH_STOP_AFTER_MS",                                            \
      "N: the Ctrl+C path N ms into the run (Wine without a terminal cannot send Ctrl+C)")         \
    X(WB_HOOK_STOP_IN_REP, "WINBENCH_STOP_IN_REP",                                                \
      "K[:MS]: the Ctrl+C path MS ms (default 0) after timed repetition K starts, however long the " \
      "set-up took; #K[:MS]: after the process's K-th timed repetition, over all variants and runs")                                                                             \
    X(WB_HOOK_QPC_LEAP_MS, "WINBENCH_TEST_QPC_LEAP_MS",                                          \
      "N: QPC leaps N ms in the first timed repetition, and in calibrate's clock check (KB274323)") \
    X(WB_HOOK_QPC_BACKWARDS, "WINBENCH_TEST_QPC_BACKWARDS",                                      \
      "N: calibrate's CPU check sees N backwards steps of QPC between CPUs")                     \
    X(WB_HOOK_SLOW_REP, "WINBENCH_TEST_SLOW_REP", "K: timed repetition K takes twenty times as long (an outlier)") \
    X(WB_HOOK_LOOP_STALL_US, "WINBENCH_TEST_LOOP_STALL_US",                                      \
      "US[,EVERY[,WORK]]: sendmsg's timed loop busy-waits US us after every EVERY-th chunk (1: each; " \
      "only in the --work WORK variant where given): time the loop's code does not run, as an interrupt or " \
      "another thread on its CPU takes it (the machine's layer, planted)")                         \
    X(WB_HOOK_SPIN_PER_PACKET_US, "WINBENCH_TEST_SPIN_PER_PACKET_US",                            \
      "N: sockloop's accounting of every message busy-waits N us (known work in winbench's own processing)") \
    X(WB_HOOK_SENDER_LATE_US, "WINBENCH_TEST_SENDER_LATE_US",                                    \
      "US[,EVERY]: sockloop's sender busy-waits until US us after a message's due time before it sends, for " \
      "every EVERY-th message (default 4): the latency split's \"sender late\", planted")                 \
    X(WB_HOOK_RECV_BEHIND_US, "WINBENCH_TEST_RECV_BEHIND_US",                                    \
      "US[,RATE]: sockloop's UDP receiver busy-waits US us between a wake and its first read (only in the " \
      "--rate RATE variant where given), in the wakes that " \
      "follow an odd number of packets (every second packet where a wake holds one): \"behind earlier " \
      "packets\", planted")                                                                         \
    X(WB_HOOK_WAKE_SPIN_US, "WINBENCH_TEST_WAKE_SPIN_US",                                         \
      "N: wakeup's waiter busy-waits N us after every wake-up (known work: the later ones must be later)") \
    X(WB_HOOK_WAKE_LATE_MS, "WINBENCH_TEST_WAKE_LATE_MS",                                         \
      "MS: every wake-up of wakeup's waiter (each Sleep, time-out, timer firing, delivery) comes MS ms " \
      "late, as at a coarse clock tick (15 for Windows' default 15.6 ms)")                        \
    X(WB_HOOK_SLOW_SETTER_MS, "WINBENCH_TEST_SLOW_SETTER_MS",                                     \
      "MS: wakeup's setting thread (event, message, port) busy-waits MS ms past each due time before it sets") \
    X(WB_HOOK_REFUSE_PERIODIC, "WINBENCH_TEST_REFUSE_PERIODIC",                                   \
      "1: a periodic SetWaitableTimer on a high-resolution timer fails with error 87, as on Windows 10 1809") \
    X(WB_HOOK_FAIL_SOURCE, "WINBENCH_TEST_FAIL_SOURCE",                                           \
      "NAME: wakeup's source NAME fails once running (its first call refused), as a Windows that refuses it does") \
    X(WB_HOOK_SLOW_FROM, "WINBENCH_TEST_SLOW_FROM",                                              \
      "K: every timed repetition from the run's K-th on (over all its variants, as they ran) takes twenty "    \
      "times as long: the machine got slower part-way")                                          \
    X(WB_HOOK_GROW_REP, "WINBENCH_TEST_GROW_REP",                                                \
      "K: timed repetition K allocates and touches 8 MiB, kept to the end (rows show memory growth)") \
    X(WB_HOOK_TICK_MS, "WINBENCH_TEST_TICK_MS",                                                  \
      "MS: the clock tick Windows charges CPU time by, instead of the one it reports (XP's 15.6)") \
    X(WB_HOOK_QOS, "WINBENCH_TEST_QOS",                                                          \
      "grant|refuse-timer|refuse: SetProcessInformation(ProcessPowerThrottling) is one that checks "  \
      "the call as Windows does and grants it, refuses the timer bit (Windows 10 before 11), or "    \
      "refuses both")                                                                              \
    X(WB_HOOK_CPU_CLASSES, "WINBENCH_TEST_CPU_CLASSES",                                           \
      "C,C,...: the efficiency class of each logical CPU, by index, as on a hybrid CPU")          \
    X(WB_HOOK_ON_BATTERY, "WINBENCH_TEST_ON_BATTERY", "1: GetSystemPowerStatus says the machine runs on battery") \
    X(WB_HOOK_DROP_NOTIFICATIONS, "WINBENCH_TEST_DROP_NOTIFICATIONS",                              \
      "N: sockloop's asyncselect throws every N-th socket notification away, as a full message queue " \
      "(USERPostMessageLimit) makes Winsock's PostMessage do")                                      \
    X(WB_HOOK_LAYERED, "WINBENCH_TEST_LAYERED",                                                  \
      "1: every socket reads as wrapped by a layered service provider that refuses SIO_BASE_HANDLE and " \
      "SIO_BSP_HANDLE_POLL")                                                                       \
    X(WB_HOOK_AFD_POLL_ERROR, "WINBENCH_TEST_AFD_POLL_ERROR",                                    \
      "1: sockloop's afd: every poll of the first socket completes with STATUS_INVALID_HANDLE")    \
    X(WB_HOOK_BIND_REFUSE_AFTER, "WINBENCH_TEST_BIND_REFUSE_AFTER",                               \
      "N: after N UDP sockets bound, bind refuses with WSAEACCES, as in a port range Hyper-V, WinNAT, " \
      "WSL2 or Docker reserved blocks of")                                                         \
    X(WB_HOOK_RESERVED_PORTS, "WINBENCH_TEST_RESERVED_PORTS",                                     \
      "LO-HI: a bind to a port named in that range refuses with WSAEACCES, UDP and TCP, as Windows "  \
      "refuses one inside a block Hyper-V, WinNAT, WSL2 or Docker reserved (port 0 never gets one)") \
    X(WB_HOOK_NO_BASE_HANDLE, "WINBENCH_NO_BASE_HANDLE",                                          \
      "1: sockloop's afd finds base sockets by SIO_BSP_HANDLE_POLL, as a layered provider that refuses " \
      "SIO_BASE_HANDLE makes it")                                                                  \
    X(WB_HOOK_WOW64, "WINBENCH_TEST_WOW64",                                                      \
      "1: the process reads as an x86 process on 64-bit Windows (IsWow64Process says TRUE)")      \
    X(WB_HOOK_STALL_COUNTERS, "WINBENCH_TEST_STALL_COUNTERS",                                    \
      "interrupts, switch or nothing: across every gap stalls classifies, the CPU's DPC time rose by the " \
      "gap; the thread was switched out; no counter moved (what Wine, which keeps none, cannot show)") \
    X(WB_HOOK_HIDE_VISTA, "WINBENCH_HIDE_VISTA",                                                 \
      "1: every run-time import that arrived with Vista or later is missing, as on XP")          \
    X(WB_HOOK_HIDE_IMPORTS, "WINBENCH_HIDE_IMPORTS",                                             \
      "NAME,NAME: these run-time imports are missing (e.g. WSAPoll: XP's sockloop on any Windows)")

#define WB_HOOK_ENUM(id, var, meaning) id,
typedef enum wb_test_hook_id { WB_TEST_HOOKS(WB_HOOK_ENUM) WB_HOOK_COUNT } wb_test_hook_id;
#undef WB_HOOK_ENUM

/* The hook's value: "" when unset (read once per process, then remembered). */
const char *wb_test_hook_text(wb_test_hook_id id);
/* The same as a number (strtod); 0 when unset or not a number. */
double wb_test_hook_number(wb_test_hook_id id);
/* Its variable's name and meaning, for docs and messages. */
const char *wb_test_hook_name(wb_test_hook_id id);
/* WINBENCH_REPORT_TIMING is set: `report` prints its own time on stderr (not a hook: it changes
 * nothing the report computes or writes; docs/testing.md). */
int wb_report_timing_wanted(void);
/* WINBENCH_TEST_RESERVED_PORTS: 1 when a bind to port (host order; 0: any) must be refused
 * as inside a reserved block, WSAEACCES set. */
int wb_test_hook_port_reserved(unsigned port);
/* Is NAME in WINBENCH_HIDE_IMPORTS' comma-separated list? */
int wb_test_hook_hides(const char *name);

#endif
