/* System context for `winbench info` and every CSV row. Everything newer than XP is looked up
 * at run time (winapi.h), so one binary runs (and reports honestly) on XP through 11. */
#include "wb_sysinfo.h"
#include "wb_cpuid.h"
#include "wb_test_hooks.h"
#include "winapi.h"
#include "wb_clock.h"
#include "wb_console.h"
#include "wb_timer.h"

#include <windows.h>
#include <stdio.h>
#include <string.h>


static void read_version(wb_sysinfo *si)
{
    OSVERSIONINFOEXW v;
    wb_fn_RtlGetVersion rtl = WB_API(RtlGetVersion);

    memset(&v, 0, sizeof v);
    v.dwOSVersionInfoSize = sizeof v;
    /* GetVersionEx reports 6.2 on 8.1 and later unless the manifest lists them; RtlGetVersion
     * (ntdll, XP and later) does not lie. */
    if (rtl && rtl(&v) == 0) {
        si->version_api = "RtlGetVersion";
    } else {
        memset(&v, 0, sizeof v);
        v.dwOSVersionInfoSize = sizeof v;
        GetVersionExW((OSVERSIONINFOW *)&v);
        si->version_api = "GetVersionEx";
    }
    si->os_major = v.dwMajorVersion;
    si->os_minor = v.dwMinorVersion;
    si->os_build = v.dwBuildNumber;
    si->sp_major = v.wServicePackMajor;
    si->sp_minor = v.wServicePackMinor;
    si->os_server = v.wProductType != VER_NT_WORKSTATION;
    wb_text_from_wide(v.szCSDVersion, si->os_csd, sizeof si->os_csd);   /* the CSV's code page: localized */
    snprintf(si->os_name, sizeof si->os_name, "%s",
             wb_os_name(si->os_major, si->os_minor, si->os_build, si->os_server));
}


/* CPUID.1:ECX[31] says a hypervisor is present; leaf 0x40000000 names it. Bare-metal Windows 10
 * and 11 with Hyper-V, VBS/HVCI or WSL2 run as Hyper-V's root partition and see the bit too:
 * there leaf 0x40000003 EBX bit 0 (CreatePartitions) is set, and that is not a VM. */
static void read_hypervisor(wb_sysinfo *si)
{
    unsigned r[4];
    si->hypervisor = -1;
    if (!wb_cpuid(1, r)) return;
    si->hypervisor = (int)((r[2] >> 31) & 1u);
    if (!si->hypervisor) return;
    wb_cpuid(0x40000000u, r);
    memcpy(si->hypervisor_vendor, &r[1], 4);
    memcpy(si->hypervisor_vendor + 4, &r[2], 4);
    memcpy(si->hypervisor_vendor + 8, &r[3], 4);
    si->hypervisor_vendor[12] = '\0';
    if (strcmp(si->hypervisor_vendor, "Microsoft Hv") == 0 && r[0] >= 0x40000003u) {
        wb_cpuid(0x40000003u, r);
        if (r[1] & 1u) {   /* the root partition: this Windows runs on the hardware */
            si->hypervisor = 0;
            snprintf(si->hypervisor_vendor, sizeof si->hypervisor_vendor, "Microsoft Hv (root partition)");
        }
    }
}

static void read_cpu(wb_sysinfo *si)
{
    HKEY key;
    SYSTEM_INFO sys;

    GetSystemInfo(&sys);
    si->cpus = sys.dwNumberOfProcessors;
    snprintf(si->cpu_name, sizeof si->cpu_name, "unknown");
    /* RegGetValue is Vista+: RegOpenKeyEx + RegQueryValueEx work everywhere. */
    if (RegOpenKeyExA(HKEY_LOCAL_MACHINE, "HARDWARE\\DESCRIPTION\\System\\CentralProcessor\\0", 0,
                      KEY_READ, &key) == ERROR_SUCCESS) {
        char name[128];
        DWORD type, size = sizeof name - 1, mhz = 0;
        memset(name, 0, sizeof name);
        if (RegQueryValueExA(key, "ProcessorNameString", NULL, &type, (BYTE *)name, &size) ==
                ERROR_SUCCESS && type == REG_SZ) {
            const char *p = name;
            while (*p == ' ') p++;   /* Intel pads the name with leading blanks */
            snprintf(si->cpu_name, sizeof si->cpu_name, "%s", p);
        }
        size = sizeof mhz;
        if (RegQueryValueExA(key, "~MHz", NULL, &type, (BYTE *)&mhz, &size) == ERROR_SUCCESS &&
            type == REG_DWORD)
            si->cpu_mhz = mhz;
        RegCloseKey(key);
    }

    read_hypervisor(si);
}

static void read_process(wb_sysinfo *si)
{
    wb_fn_IsWow64Process is_wow64 = WB_API(IsWow64Process);
    BOOL wow = FALSE;

#if defined(_WIN64)
    si->arch = "x64";
#else
    si->arch = "x86";
#endif
    /* IsWow64Process arrived in XP SP2. */
    if (is_wow64 && is_wow64(GetCurrentProcess(), &wow)) si->wow64 = wow ? 1 : 0;
    if (wb_test_hook_text(WB_HOOK_WOW64)[0] == '1') si->wow64 = 1;   /* what Wine here cannot be */
}

static void read_themes(wb_sysinfo *si)
{
    wb_fn_IsThemeActive active = WB_API(IsThemeActive);   /* absent on 2000; the service may be off */
    si->themes_active = active ? (active() ? 1 : 0) : -1;
}

/* Session 0 or a window station no one sees (a service, a task run as SYSTEM): windows get a
 * small desktop heap there and no input ever comes. */
static void read_desktop(wb_sysinfo *si)
{
    DWORD session = 0, needed = 0;
    USEROBJECTFLAGS flags;
    HWINSTA station = GetProcessWindowStation();
    si->session = ProcessIdToSessionId(GetCurrentProcessId(), &session) ? (long)session : -1;
    si->interactive = -1;
    memset(&flags, 0, sizeof flags);
    if (station && GetUserObjectInformationA(station, UOI_FLAGS, &flags, sizeof flags, &needed))
        si->interactive = (flags.dwFlags & WSF_VISIBLE) != 0;
}

void wb_sysinfo_read(wb_sysinfo *si)
{
    DWORD size = sizeof si->host;
    wb_fn_wine_get_version wine = WB_API(wine_get_version);

    memset(si, 0, sizeof *si);
    if (!GetComputerNameA(si->host, &size)) snprintf(si->host, sizeof si->host, "unknown");
    read_version(si);
    read_cpu(si);
    read_process(si);
    read_themes(si);
    if (wine) snprintf(si->wine, sizeof si->wine, "%s", wine());
    read_desktop(si);
    si->tick_ms = wb_tick_ms();
    wb_power_plan(si->power_plan, sizeof si->power_plan);
    si->qpc_source = wb_qpc_source(wb_clock_freq(), si->cpu_mhz, si->os_major, si->wine[0] != '\0');
}
