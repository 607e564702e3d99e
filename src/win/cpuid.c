/* CPUID where the compiler can issue it (src/win/wb_cpuid.h). */
#include "wb_cpuid.h"

#if defined(_MSC_VER) && (defined(_M_IX86) || defined(_M_X64))
#include <intrin.h>
#define WB_HAVE_CPUID_MSC 1
#elif defined(__GNUC__) && (defined(__i386__) || defined(__x86_64__))
#include <cpuid.h>
#define WB_HAVE_CPUID_GCC 1
#endif

int wb_cpuid(unsigned leaf, unsigned r[4])
{
#if defined(WB_HAVE_CPUID_MSC)
    int v[4];
    __cpuid(v, (int)leaf);
    r[0] = (unsigned)v[0], r[1] = (unsigned)v[1], r[2] = (unsigned)v[2], r[3] = (unsigned)v[3];
    return 1;
#elif defined(WB_HAVE_CPUID_GCC)
    /* __cpuid, not __get_cpuid: the hypervisor leaves are above the highest basic leaf. */
    __cpuid(leaf, r[0], r[1], r[2], r[3]);
    return 1;
#else
    (void)leaf;
    r[0] = r[1] = r[2] = r[3] = 0;
    return 0;
#endif
}
