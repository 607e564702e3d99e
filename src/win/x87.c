/* Putting a thread's x87 state back to its initial one: include/wb_x87.h says why. An XRSTOR
 * of an area whose header says "no component saved" (XSTATE_BV = 0) with the x87 bit alone
 * requested sets the x87 registers to their initial values and marks them not in use; MXCSR and
 * the SSE registers are not in the request and are left alone. */
#include "wb_x87.h"
#include "for_tests.h"

#include <stddef.h>


#if defined(__GNUC__) && (defined(__i386__) || defined(__x86_64__))
#include <cpuid.h>
#define WB_X87_ASM 1
#endif

#if defined(WB_X87_ASM)
/* The legacy area (512 bytes) and the XSAVE header (64 bytes), all zero, on a 64-byte boundary:
 * the alignment XRSTOR requires, found inside a larger array rather than asked of the compiler. */
static unsigned char g_area[576 + 64];

static const unsigned char *initial_area(void)
{
    unsigned long long at = (unsigned long long)(size_t)g_area;
    return g_area + ((64 - (at & 63)) & 63);
}

static int xsave_enabled(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    return (c & (1u << 26)) && (c & (1u << 27));   /* XSAVE, and OSXSAVE: the OS turned it on */
}
#endif

int wb_x87_reset_works(void)
{
#if defined(WB_X87_ASM)
    static int known = -1;
    if (known < 0) known = xsave_enabled();
    return known;
#else
    return 0;
#endif
}

void wb_x87_reset(wb_x87_saved *saved)
{
    saved->reset = 0;
    saved->control = 0;
    if (!wb_x87_reset_works()) return;
#if defined(WB_X87_ASM)
    __asm__ __volatile__("fnstcw %0" : "=m"(saved->control));
#if defined(__x86_64__)
    __asm__ __volatile__("xrstor64 %0" : : "m"(*(const unsigned char (*)[576])initial_area()), "a"(1u), "d"(0u) : "memory");
#else
    __asm__ __volatile__("xrstor %0" : : "m"(*(const unsigned char (*)[576])initial_area()), "a"(1u), "d"(0u) : "memory");
#endif
    saved->reset = 1;
#endif
}

void wb_x87_restore(const wb_x87_saved *saved)
{
    if (!saved->reset) return;
#if defined(WB_X87_ASM)
    __asm__ __volatile__("fldcw %0" : : "m"(saved->control));
#endif
}

int wb_x87_in_use(void)
{
#if defined(WB_X87_ASM)
    unsigned a, b, c, d, lo, hi;
    if (!wb_x87_reset_works() || __get_cpuid_max(0, NULL) < 0xd) return -1;
    __cpuid_count(0xd, 1, a, b, c, d);
    if (!(a & (1u << 2))) return -1;   /* XGETBV with ECX = 1 (XINUSE) is not there */
    __asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(1u));
    (void)hi;
    return (int)(lo & 1u);
#else
    return -1;
#endif
}
