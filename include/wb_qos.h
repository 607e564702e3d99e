/* What Windows' quality-of-service machinery may do to a run, and what winbench asked of it.
 *
 * From Windows 10 1709 on, Windows gives a process it thinks the user does not see (a console
 * whose windows are hidden, a task in session 0, anything on battery) low QoS: its threads go
 * to efficient cores and low clocks, mid-run, without a word (learn.microsoft.com: Quality of
 * Service; PROCESS_POWER_THROTTLING_STATE). Windows 11 may also ignore its timeBeginPeriod.
 * winbench opts out of both at start, in two SetProcessInformation calls (Windows 10 before
 * 11 may refuse the timer bit it does not know, and one call with both would then lose the
 * other), and records what was asked and granted, the power source, and the efficiency
 * classes of the CPUs the run may use (GetSystemCpuSetInformation, Windows 10 on). */
#ifndef WB_QOS_H
#define WB_QOS_H

#include <stdint.h>

typedef struct wb_qos {
    /* "speed off granted; timer off refused: The parameter is incorrect. (error 87)":
     * EXECUTION_SPEED (ControlMask 0x1) and IGNORE_TIMER_RESOLUTION (0x4), each asked with
     * StateMask 0; "absent (before Windows 8)" */
    char throttling[256];
    const char *power_source;   /* "AC", "battery", "unknown" */
    /* The efficiency classes of the CPUs in affinity_mask, as "class:count;...", higher classes
     * the faster cores ("0:8" on one class, "0:4;1:8" on a hybrid CPU); "" unknown (before
     * Windows 10). */
    char cpu_classes[64];
    int classes;                /* how many classes that is; 0 unknown */
} wb_qos;

/* Asks for the opt-outs and reads the rest, for a process allowed the CPUs of affinity_mask. */
void wb_qos_read(wb_qos *q, uint64_t affinity_mask);

/* Only the timer opt-out (IGNORE_TIMER_RESOLUTION), asked again: 1 when granted. */
int wb_qos_keep_timer_resolution(void);


#endif
