/* The context recorded in `winbench info` and in every CSV row. */
#ifndef WB_SYSINFO_H
#define WB_SYSINFO_H

typedef struct wb_sysinfo {
    char host[64];
    unsigned os_major, os_minor, os_build;
    unsigned sp_major, sp_minor;
    char os_csd[128];        /* "Service Pack 3", "" */
    int  os_server;          /* product type is server or domain controller */
    char os_name[64];        /* "Windows XP", "Windows Server 2008 R2", ... */
    const char *version_api; /* "RtlGetVersion" or "GetVersionEx" (may lie on 8.1+) */
    const char *arch;        /* process architecture: "x86" or "x64" */
    int  wow64;              /* x86 process on x64 Windows */
    char cpu_name[128];
    unsigned cpu_mhz;
    unsigned cpus;           /* logical processors */
    int  hypervisor;         /* in a virtual machine: CPUID.1:ECX[31], except in Hyper-V's root
                                partition (bare-metal Windows with Hyper-V, VBS or WSL2); -1 unknown */
    char hypervisor_vendor[48]; /* CPUID 0x40000000's vendor ("KVMKVMKVM", "Microsoft Hv"), "" none */
    double tick_ms;          /* the clock tick (wb_tick_ms) */
    char power_plan[96];     /* the active power plan's name, "" unknown */
    const char *qpc_source;  /* guessed from the QPC frequency */
    int  themes_active;      /* IsThemeActive(); -1 when uxtheme is absent */
    char wine[32];           /* wine_get_version(), "" on Windows */
    /* The desktop it runs on: its session (0: services, and tasks run as SYSTEM) and whether its
     * window station is the interactive one (WSF_VISIBLE); -1 where it cannot be read. */
    long session;
    int interactive;
} wb_sysinfo;

void wb_sysinfo_read(wb_sysinfo *si);

/* Marketing name from version numbers and product type. Pure: unit-tested. */
const char *wb_os_name(unsigned major, unsigned minor, unsigned build, int server);

#endif
