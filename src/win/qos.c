/* Power throttling asked off, the power source and the CPUs' efficiency classes (wb_qos.h). */
#include "wb_qos.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>

#include "wb_error.h"
#include "wb_test_hooks.h"
#include "winapi.h"

/* PROCESS_POWER_THROTTLING_STATE and its values, spelled out: an XP build's headers lack them. */
typedef struct throttling_state {
    ULONG version, control_mask, state_mask;
} throttling_state;
enum {
    PROCESS_POWER_THROTTLING = 4,                 /* PROCESS_INFORMATION_CLASS's ProcessPowerThrottling */
    THROTTLING_VERSION = 1,                       /* PROCESS_POWER_THROTTLING_CURRENT_VERSION */
    THROTTLING_EXECUTION_SPEED = 0x1,
    THROTTLING_IGNORE_TIMER_RESOLUTION = 0x4
};

/* WINBENCH_TEST_QOS's SetProcessInformation: checks the call as Windows does (the class, the
 * size, the version, known bits only; 10 before 11 knows no timer bit), then grants it or not. */
static BOOL WINAPI hooked_set(HANDLE process, int cls, void *info, DWORD size)
{
    const char *mode = wb_test_hook_text(WB_HOOK_QOS);
    const throttling_state *s = (const throttling_state *)info;
    ULONG known = THROTTLING_EXECUTION_SPEED | (strcmp(mode, "refuse-timer") == 0 ? 0 : THROTTLING_IGNORE_TIMER_RESOLUTION);
    (void)process;
    if (cls != PROCESS_POWER_THROTTLING || size != sizeof *s || s->version != THROTTLING_VERSION ||
        (s->control_mask & ~known) != 0 || (s->state_mask & ~s->control_mask) != 0 || strcmp(mode, "refuse") == 0) {
        SetLastError(ERROR_INVALID_PARAMETER);
        return FALSE;
    }
    return TRUE;
}

/* One opt-out: the bit taken under the process's control (ControlMask) and cleared (StateMask
 * 0), so that Windows does not throttle that way whatever it thinks of the process.
 * Appends "NAME off granted" or "NAME off refused (error N)" to text. */
static int opt_out(wb_fn_SetProcessInformation set, ULONG bit, const char *name, char *text, size_t cap)
{
    throttling_state state;
    size_t used = strlen(text);
    BOOL granted;
    DWORD code;
    state.version = THROTTLING_VERSION;
    state.control_mask = bit;
    state.state_mask = 0;
    granted = set(GetCurrentProcess(), PROCESS_POWER_THROTTLING, &state, sizeof state);
    code = granted ? 0 : GetLastError();
    if (granted) {
        snprintf(text + used, cap - used, "%s%s off granted", used ? "; " : "", name);
    } else {
        char words[96];
        wb_system_message(code, words, sizeof words);
        snprintf(text + used, cap - used, "%s%s off refused: %s (error %lu)", used ? "; " : "", name, words,
                 (unsigned long)code);
    }
    return granted ? 1 : 0;
}

static wb_fn_SetProcessInformation set_process_information(void)
{
    return wb_test_hook_text(WB_HOOK_QOS)[0] ? hooked_set : WB_API(SetProcessInformation);
}

int wb_qos_keep_timer_resolution(void)
{
    char text[160] = "";
    wb_fn_SetProcessInformation set = set_process_information();
    return set ? opt_out(set, THROTTLING_IGNORE_TIMER_RESOLUTION, "timer", text, sizeof text) : 0;
}

/* The power source: "AC", "battery" or "unknown" (GetSystemPowerStatus). */
static const char *wb_power_source(void)
{
    SYSTEM_POWER_STATUS s;
    if (wb_test_hook_number(WB_HOOK_ON_BATTERY) == 1) return "battery";
    if (!GetSystemPowerStatus(&s) || s.ACLineStatus == 255) return "unknown";
    return s.ACLineStatus ? "AC" : "battery";
}

/* Per logical CPU of group 0 (a process's CPUs, for up to 64), its efficiency class, or -1.
 * SYSTEM_CPU_SET_INFORMATION by its documented offsets (an XP build's headers lack it):
 * Size at 0, Type at 4 (0: CpuSetInformation), then Id at 8, Group at 12 (WORD),
 * LogicalProcessorIndex at 14, EfficiencyClass at 18. Returns how many CPUs it found. */
static int read_classes(int classes[64])
{
    wb_fn_GetSystemCpuSetInformation get = WB_API(GetSystemCpuSetInformation);
    const char *hook = wb_test_hook_text(WB_HOOK_CPU_CLASSES);
    ULONG need = 0, at;
    unsigned char *buf;
    int i, found = 0;
    for (i = 0; i < 64; i++) classes[i] = -1;
    if (hook[0]) {
        char *end;
        for (i = 0; i < 64 && *hook; i++, found++) {
            classes[i] = (int)strtol(hook, &end, 10);
            hook = *end == ',' ? end + 1 : end + strlen(end);
        }
        return found;
    }
    if (get == NULL) return 0;
    get(NULL, 0, &need, NULL, 0);
    if (need == 0 || (buf = (unsigned char *)malloc(need)) == NULL) return 0;
    if (get(buf, need, &need, NULL, 0)) {
        for (at = 0; at + 20 <= need;) {
            DWORD size, type;
            WORD group;
            memcpy(&size, buf + at, 4);
            memcpy(&type, buf + at + 4, 4);
            memcpy(&group, buf + at + 12, 2);
            if (size < 20 || at + size > need) break;
            if (type == 0 && group == 0 && buf[at + 14] < 64) {
                classes[buf[at + 14]] = buf[at + 18];
                found++;
            }
            at += size;
        }
    }
    free(buf);
    return found;
}

/* "class:count;..." over the CPUs of mask, ascending classes. */
static int describe_classes(const int classes[64], uint64_t mask, char *text, size_t cap)
{
    int count[256] = { 0 }, i, kinds = 0;
    size_t used = 0;
    text[0] = '\0';
    for (i = 0; i < 64; i++)
        if ((mask >> i & 1) && classes[i] >= 0 && classes[i] < 256) count[classes[i]]++;
    for (i = 0; i < 256; i++) {
        int n;
        if (count[i] == 0) continue;
        n = snprintf(text + used, cap - used, "%s%d:%d", kinds ? ";" : "", i, count[i]);
        if (n < 0 || (size_t)n >= cap - used) break;
        used += (size_t)n;
        kinds++;
    }
    return kinds;
}

void wb_qos_read(wb_qos *q, uint64_t affinity_mask)
{
    wb_fn_SetProcessInformation set = set_process_information();
    int classes[64];
    memset(q, 0, sizeof *q);
    if (set == NULL) {
        snprintf(q->throttling, sizeof q->throttling, "absent (before Windows 8)");
    } else {
        opt_out(set, THROTTLING_EXECUTION_SPEED, "speed", q->throttling, sizeof q->throttling);
        opt_out(set, THROTTLING_IGNORE_TIMER_RESOLUTION, "timer", q->throttling, sizeof q->throttling);
    }
    q->power_source = wb_power_source();
    if (read_classes(classes) > 0)
        q->classes = describe_classes(classes, affinity_mask, q->cpu_classes, sizeof q->cpu_classes);
}
