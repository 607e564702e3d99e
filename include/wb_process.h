/* Small facts of the running process that several layers need, each read in one place: the
 * CPUs its affinity mask lets it use, and the local time as file names and console lines
 * show it. */
#ifndef WB_PROCESS_H
#define WB_PROCESS_H

#include <windows.h>
#include <stddef.h>

struct wb_error;

/* The CPUs in the process's affinity mask (which --affinity may have narrowed), and the mask
 * itself in *mask when mask is not NULL. At least 1. */
unsigned wb_usable_cpus(DWORD_PTR *mask);

/* The local time now: WB_STAMP_COMPACT "20261202-130455" (file names, run ids),
 * WB_STAMP_READABLE "2026-12-02 13:04:55" (console lines). */
typedef enum wb_stamp_form { WB_STAMP_COMPACT, WB_STAMP_READABLE } wb_stamp_form;
void wb_local_stamp(wb_stamp_form form, char *buf, size_t cap);

/* 1 when this process runs under Wine (ntdll exports wine_get_version), 0 on Windows. */
int wb_under_wine(void);

/* 1 on 64-bit Windows (an x64 process, or an x86 one under WOW64), else 0. */
int wb_windows_64bit(void);

/* --affinity: the process narrowed to the CPUs of want (0: left as it is); *now gets the mask it
 * then runs on. 0, 1 when want names CPUs this machine or process cannot have (a usage error:
 * *system the machine's mask), -1 when a call failed (err says which). */
int wb_process_affinity(unsigned long long want, unsigned long long *now, unsigned long long *system, struct wb_error *err);
/* --priority: the class asked for set, the class the process then has in *got (realtime
 * without SeIncreaseBasePriorityPrivilege is high). 0, or -1 when the call failed. */
int wb_process_priority(unsigned long wanted, unsigned long *got, struct wb_error *err);

/* 1 when arg asks for help: --help, -h or /? (the forms every command answers). */
int wb_is_help_arg(const char *arg);

#endif
