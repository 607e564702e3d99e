/* Every warning code a row's `warnings` column can hold, listed once, with what it means in a
 * line: X(code, "meaning"). docs/csv.md's table has a row for each (tests/docs-true.sh compares
 * them). A warning is raised by its code written WB_W(code): a code not in this list does not
 * compile, so a new one cannot go undocumented. */
#ifndef WB_WARNING_CODES_H
#define WB_WARNING_CODES_H

#define WB_WARNINGS(X)                                                                                           \
    X(wine, "running under Wine: not Windows numbers")                                                           \
    X(hypervisor, "a hypervisor is present (a VM)")                                                              \
    X(unpinned, "XP/2003 with several CPUs and no --affinity: QPC may differ between cores")                    \
    X(no_desktop, "a window station no one sees, or session 0: another desktop heap, no input")                  \
    X(loss_high, "sockloop: over 1% of the packets sent were lost")                                              \
    X(sender_behind, "sockloop: the sender offered under 99% of the rate asked")                                 \
    X(notifications_lost, "sockloop asyncselect: notifications lost to a full message queue")                     \
    X(on_battery, "on battery at the start: clocks and cores may be lowered")                                    \
    X(mixed_cores, "the usable CPUs are of more than one efficiency class")                                      \
    X(deep_nesting, "idle: windows nested 25 levels or more on 64-bit Windows")                                  \
    X(wakes_missed, "wakeup: over 2% of the due times had no wake-up")                                           \
    X(wakes_coalesced, "wakeup: over 2% of a timer's due times coalesced")                                       \
    X(early_wakes, "wakeup: wake-ups came before their time")                                                    \
    X(periodic_refused, "wakeup: a periodic high-resolution timer refused, re-armed as a one-shot")              \
    X(skipped, "the variant could not run on this Windows")                                                      \
    X(wait_failed, "sockloop: a wait on a single socket failed, and that socket was not waited on again")       \
    X(part_below_zero, "a part whose whole interval lay below zero, left empty")                                 \
    X(parts_do_not_add_up, "sendmsg: the parts do not add up to the whole within their intervals")              \
    X(priority, "the priority class asked for was not granted")                                                 \
    X(qpc_leap, "QPC disagreed with the tick counters over a repetition")                                        \
    X(short_interval, "a repetition shorter than 1000 x the QPC resolution")                                     \
    X(outliers, "repetitions the modified Z-score names, over 1% from the median")                               \
    X(first_slow, "the first repetition an outlier on the slow side")                                           \
    X(cv_high, "the repetitions' coefficient of variation over 5%")                                              \
    X(cpu_coarse, "the CPU charged in too few clock ticks for the CPU% columns")                                 \
    X(calibration, "calibrate judged one of this machine's checks broken")                                       \
    X(disconnected, "sockloop TCP: a connection closed or reset by the far side")                                \
    X(stream_order, "sockloop TCP: a message repeated or out of order within a connection")                      \
    X(echo_any, "a reflector with --echo-any: echoes any datagram")                                              \
    X(sendinput_wine, "idle --input sendinput under Wine: no real desktop")                                     \
    X(bad_stream, "sockloop TCP reflector: connections dropped for carrying what is not winbench's")            \
    X(no_packets, "sockloop: nothing arrived in the repetition")                                                 \
    X(test_hook, "a test hook that distorts the numbers was set")                                                \
    X(timer_throttled, "a 1 ms timer asked for, and Sleep(1) took over 3 ms")                                     \
    X(few_cpus, "sockloop --pacing spin on fewer than 3 usable CPUs")                                            \
    X(busy_over_cpu, "idle: the busy time per idle period more than the CPU charged for it")

/* Each listed code is a type (wb_warning_listed_CODE) that WB_W names: an unlisted code is a
 * compile error at its use. */
#define WB_WARNING_LISTED(code, meaning) typedef char wb_warning_listed_##code;
WB_WARNINGS(WB_WARNING_LISTED)
#undef WB_WARNING_LISTED
#define WB_W(code) ((void)sizeof(wb_warning_listed_##code), #code)

#endif
