/* `winbench info`: the context every CSV row carries, and the timer's measured quality. */
#include <stdio.h>

#include "wb_clock.h"
#include "wb_qos.h"
#include "wb_timer.h"
#include "run/wb_runner.h"
#include "commands.h"
#include "win/wb_sysinfo.h"

static const char *tri(int v) { return v < 0 ? "unknown" : v ? "yes" : "no"; }

int wb_print_info(FILE *out)
{
    wb_sysinfo si;
    wb_clock_info clk;
    wb_sysinfo_read(&si);
    wb_clock_init(&clk);
    fprintf(out, "winbench %s\n", WINBENCH_VERSION);
    fprintf(out, "host:              %s\n", si.host);
    fprintf(out, "os:                %s %u.%u.%u%s%s (%s, via %s)\n", si.os_name, si.os_major,
            si.os_minor, si.os_build, si.os_csd[0] ? " " : "", si.os_csd,
            si.os_server ? "server" : "workstation", si.version_api);
    fprintf(out, "wine:              %s\n", si.wine[0] ? si.wine : "no");
    fprintf(out, "process:           %s%s\n", si.arch, si.wow64 ? " (WOW64)" : "");
    fprintf(out, "cpu:               %s, %u MHz, %u logical CPUs\n", si.cpu_name, si.cpu_mhz, si.cpus);
    fprintf(out, "hypervisor:        %s%s%s%s\n", tri(si.hypervisor), si.hypervisor_vendor[0] ? " (" : "",
            si.hypervisor_vendor, si.hypervisor_vendor[0] ? ")" : "");
    fprintf(out, "themes active:     %s\n", tri(si.themes_active));
    fprintf(out, "desktop:           session %ld, window station %s\n", si.session,
            si.interactive < 0 ? "unknown" : si.interactive ? "interactive" : "not interactive (a service, or a task as SYSTEM)");
    fprintf(out, "QPC frequency:     %llu Hz\n", (unsigned long long)clk.freq);
    fprintf(out, "QPC resolution:    %.1f ns\n", wb_ticks_to_s(clk.resolution_ticks) * 1e9);
    fprintf(out, "QPC call cost:     %.1f ns\n", clk.call_ns);
    fprintf(out, "QPC source:        %s (guessed from the frequency)\n", si.qpc_source);
    fprintf(out, "clock tick:        %.3f ms (CPU times are charged in these steps)\n", si.tick_ms);
    fprintf(out, "timer resolution:  %.3f ms now\n", wb_timer_resolution_ms());
    fprintf(out, "Sleep(1):          %.3f ms (median of 5)\n", wb_sleep1_ms(5));
    {
        double hz = wb_cycles_hz();
        if (hz > 0) fprintf(out, "cycle counter:     %.0f MHz (QueryThreadCycleTime)\n", hz / 1e6);
        else fprintf(out, "cycle counter:     none (QueryThreadCycleTime needs Vista; it fails under Wine)\n");
    }
    fprintf(out, "power plan:        %s\n", si.power_plan[0] ? si.power_plan : "unknown");
    {   /* what a run asks at its start, asked here too (the process ends right after) */
        DWORD_PTR mask = 0, system = 0;
        wb_qos q;
        GetProcessAffinityMask(GetCurrentProcess(), &mask, &system);
        wb_qos_read(&q, (uint64_t)mask);
        fprintf(out, "power source:      %s\n", q.power_source);
        fprintf(out, "power throttling:  %s\n", q.throttling);
        fprintf(out, "CPU classes:       %s\n", q.cpu_classes[0] ? q.cpu_classes : "unknown (GetSystemCpuSetInformation: Windows 10 on)");
    }
    fprintf(out, "peak working set:  %llu KiB\n", (unsigned long long)wb_peak_working_set_kb());
    return WB_EXIT_OK;
}
