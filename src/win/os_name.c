/* Windows version numbers to names. Pure: no Windows calls, unit-tested. */
#include "wb_sysinfo.h"

const char *wb_os_name(unsigned major, unsigned minor, unsigned build, int server)
{
    if (major == 5 && minor == 0) return "Windows 2000";
    if (major == 5 && minor == 1) return "Windows XP";
    if (major == 5 && minor == 2) return server ? "Windows Server 2003" : "Windows XP x64";
    if (major == 6 && minor == 0) return server ? "Windows Server 2008" : "Windows Vista";
    if (major == 6 && minor == 1) return server ? "Windows Server 2008 R2" : "Windows 7";
    if (major == 6 && minor == 2) return server ? "Windows Server 2012" : "Windows 8";
    if (major == 6 && minor == 3) return server ? "Windows Server 2012 R2" : "Windows 8.1";
    if (major == 10 && minor == 0) {
        /* Windows 11 and Server 2019/2022/2025 kept 10.0: only the build tells them apart. */
        if (server) {
            if (build >= 26100) return "Windows Server 2025";
            if (build >= 20348) return "Windows Server 2022";
            if (build >= 17763) return "Windows Server 2019";
            return "Windows Server 2016";
        }
        return build >= 22000 ? "Windows 11" : "Windows 10";
    }
    return "Windows (unknown version)";
}
