/* `winbench info`: the context every CSV row carries, and the timer's measured quality. */
#include <stdio.h>

#include "wb_clock.h"
#include "wb_qos.h"
#include "wb_timer.h"
#include "run/wb_runner.h"
#include "commands.h"
#include "win/wb_sysinfo.h"
#include "wb_console.h"

static const char *tri(int v) { return v < 0 ? "unknown" : v ? "yes" : "no"; }

int wb_print_info(FILE *out)
{
    wb_sysinfo si;
    wb_clock_info clk;
    wb_sysinfo_read(&si);
    wb_clock_init(&clk);
    wb_fprintf(out, "winbench %s\n", WINBENCH_VERSION);
    wb_fprintf(out, "host:              %s\n", si.host);
    wb_fprintf(out, "os:                %s %u.%u.%u%s%s (%s, via %s)\n", si.os_name, si.os_major,
            si.os_minor, si.os_build, si.os_csd[0] ? " " : "", si.os_csd,
            si.os_server ? "server" : "workstation", si.version_api);
    wb_fprintf(out, "wine:              %s\n", si.wine[0] ? si.wine : "no");
    wb_fprintf(out, "process:           %s%s\n", si.arch, si.wow64 ? " (WOW64)" : "");
    wb_fprintf(out, "cpu:               %s, %u MHz, %u logical CPUs\n", si.cpu_name, si.cpu_mhz, si.cpus);
    wb_fprintf(out, "hypervisor:        %s%s%s%s\n", tri(si.hypervisor), si.hypervisor_vendor[0] ? " (" : "",
            si.hypervisor_vendor, si.hypervisor_vendor[0] ? ")" : "");
    wb_fprintf(out, "themes active:     %s\n", tri(si.themes_active));
    wb_fprintf(out, "desktop:           session %ld, window station %s\n", si.session,
            si.interactive < 0 ? "unknown" : si.interactive ? "interactive" : "not interactive (a service, or a task as SYSTEM)");
    wb_fprintf(out, "QPC frequency:     %llu Hz\n", (unsigned long long)clk.freq);
    wb_fprintf(out, "QPC resolution:    %.1f ns\n", wb_ticks_to_s(clk.resolution_ticks) * 1e9);
    wb_fprintf(out, "QPC call cost:     %.1f ns\n", clk.call_ns);
    wb_fprintf(out, "QPC source:        %s (guessed from the frequency)\n", si.qpc_source);
    wb_fprintf(out, "clock tick:        %.3f ms (CPU times are charged in these steps)\n", si.tick_ms);
    wb_fprintf(out, "timer resolution:  %.3f ms now\n", wb_timer_resolution_ms());
    wb_fprintf(out, "Sleep(1):          %.3f ms (median of 5)\n", wb_sleep1_ms(5));
    {
        double hz = wb_cycles_hz();
        if (hz > 0) wb_fprintf(out, "cycle counter:     %.0f MHz (QueryThreadCycleTime)\n", hz / 1e6);
        else wb_fprintf(out, "cycle counter:     none (QueryThreadCycleTime needs Vista; it fails under Wine)\n");
    }
    wb_fprintf(out, "power plan:        %s\n", si.power_plan[0] ? si.power_plan : "unknown");
    {   /* what a run asks at its start, asked here too (the process ends right after) */
        DWORD_PTR mask = 0, system = 0;
        wb_qos q;
        GetProcessAffinityMask(GetCurrentProcess(), &mask, &system);
        wb_qos_read(&q, (uint64_t)mask);
        wb_fprintf(out, "power source:      %s\n", q.power_source);
        wb_fprintf(out, "power throttling:  %s\n", q.throttling);
        wb_fprintf(out, "CPU classes:       %s\n", q.cpu_classes[0] ? q.cpu_classes : "unknown (GetSystemCpuSetInformation: Windows 10 on)");
    }
    wb_fprintf(out, "peak working set:  %llu KiB\n", (unsigned long long)wb_peak_working_set_kb());
    return WB_EXIT_OK;
}
